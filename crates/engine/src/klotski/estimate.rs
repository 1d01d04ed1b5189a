//! The heuristics' estimates for a Klotski position (what each one computes,
//! and why it is admissible, is in [`crate::heuristic`]).

use super::{for_each_bit, KlotskiKey, KlotskiSpace, FIELD_BITS, TARGET};
use crate::Heuristic;
use unblocker_model::Metric;

impl<K: KlotskiKey> KlotskiSpace<K> {
    /// For the heuristics: the target's top-left cell, the goal cell (both
    /// as `(row, col)`), and how many other pieces cover a cell of the
    /// rectangle the target must reach.
    fn goal_view(&self, key: K) -> ((u32, u32), (u32, u32), u32) {
        let (corners, _) = self.corners(key);
        let target = &self.classes[TARGET as usize - 1];
        let goal_area = self.cover(target, K::ZERO.with_cell(self.goal_cell));
        let mut covering = 0;
        for (class, &here) in self.classes.iter().zip(&corners).skip(1) {
            for_each_bit(here, |bit| {
                let piece = self.cover(class, K::from_u32(1) << bit);
                covering += (piece & goal_area != K::ZERO) as u32;
            });
        }
        let at = |cell: u32| (cell / self.width, cell % self.width);
        let corner = corners[TARGET as usize - 1].trailing_zeros() / FIELD_BITS;
        (at(corner), at(self.goal_cell as u32), covering)
    }
}

/// The estimate of `heuristic` for a Klotski position (`Stuck` is refused
/// by [`Heuristic::check`] and estimated as `Blockers`).
pub(super) fn estimate<K: KlotskiKey>(
    space: &KlotskiSpace<K>,
    key: K,
    heuristic: Heuristic,
    metric: Metric,
) -> u32 {
    if heuristic == Heuristic::Zero {
        return 0;
    }
    let (corner, goal, covering) = space.goal_view(key);
    let target = match heuristic {
        Heuristic::Obstructed | Heuristic::Distance => {
            let (dr, dc) = (corner.0.abs_diff(goal.0), corner.1.abs_diff(goal.1));
            match metric {
                Metric::Step => dr + dc,
                Metric::Slide => (dr > 0) as u32 + (dc > 0) as u32,
                Metric::Piece => (dr + dc > 0) as u32,
            }
        }
        _ => (corner != goal) as u32,
    };
    target + covering
}
