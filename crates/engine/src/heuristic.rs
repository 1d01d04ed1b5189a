//! Estimates of the moves left, for the informed searches (A*, IDA*,
//! greedy best-first).
//!
//! A heuristic `h` is *admissible* when it never exceeds the true distance
//! to the goal, and *consistent* when one move changes it by at most one
//! (every move costs one in its own metric: a step, a slide or a piece move).
//! A* and IDA* return optimal solutions with an admissible heuristic, and A*
//! never reopens a position with a consistent one. `tests/heuristics.rs` in
//! `unblocker-solve` checks both properties on every reachable position of
//! the FEUP levels and the 40 ThinkFun cards.
//!
//! # Rush Hour
//!
//! The *path* is the line of cells between the target and the exit; a
//! *blocker* is a car covering a path cell (a crossing car, or a car in the
//! target's own line, which can never leave it). A blocker *escapes* by
//! moving along its line until it no longer covers the target's line, on
//! either side, when the board is long enough; an escape is *free* when the
//! cells it needs are empty now.
//!
//! - [`Heuristic::Blockers`] (the FEUP study's h1, plus one for the target):
//!   `1 + blockers`, 0 at the goal. Admissible: every blocker and the target
//!   must move at least once, and one move moves one car. Consistent: a move
//!   of the target only adds or removes empty path cells (it cannot pass a
//!   blocker) until its last move, which takes `h` from 1 to 0; any other
//!   move enters or leaves the path with at most one car.
//! - [`Heuristic::Stuck`] (the study's h2, once named `feup2`): `1 + Σ (1
//!   per blocker that can move now, 2 per blocker that is stuck)`. **Not admissible**: one move can
//!   free two blocked blockers at once (a car standing below both), which
//!   the heuristic charges twice. Kept for comparison; the tests count its
//!   violations.
//! - [`Heuristic::Obstructed`] (once named `blockers2`): `1 + blockers +
//!   [some blocker is obstructed: it has no free escape]`. Admissible: the cells a blocker's escapes need lie in its own
//!   line, away from the target's line, so they are held by walls or by cars
//!   that are neither blockers nor the target (a blocker crosses the target's
//!   line; the only other car of its line cannot). If no escape of blocker
//!   `B` is free, then in any solution either `B` moves twice (its first move
//!   cannot clear the line) or a car holding one of its escape cells moves
//!   first; either way one move more than the `1 + blockers` moves of
//!   distinct cars that `Blockers` counts. Consistent: whether `B` has a free
//!   escape does not change when `B` itself moves (a step or slide only
//!   vacates cells behind it or fills cells it needed empty anyway, so the
//!   cells an escape still needs keep their occupants) and a blocker that
//!   enters or leaves the path did so by a free escape (its reverse), so it
//!   never carries the bonus; the bonus changes only by moves of cars that
//!   leave the blocker count alone, and the count only by moves that leave
//!   the bonus alone.
//! - [`Heuristic::Distance`] (step metric only): the cells the target still
//!   has to travel, plus for each blocker the fewest cells it must move to
//!   escape (over the escapes the board has room for), plus the same bonus
//!   of one when some blocker has no free escape. Admissible since one step
//!   moves one car by one cell and each term counts the steps of a different
//!   car (the bonus: a car that is no blocker and not the target); consistent
//!   since a step changes the target's distance, or one blocker's escape
//!   distance, or the bonus, by at most one, and only one of them (by the
//!   argument above). At least as strong as `Obstructed` in steps.
//!
//! # Klotski
//!
//! The target's goal rectangle must be emptied of every other piece, and each
//! such piece moves at least once. `Blockers` is `[target not at the goal] +
//! pieces covering a goal cell`; `Obstructed` (and `Distance`, step metric)
//! replaces the first term by the moves the target itself needs in the
//! metric: its Manhattan distance in steps, 0/1/2 slides (at the goal, in
//! its row or column, elsewhere) for slides, 0/1 piece moves. Both are
//! admissible (each term counts moves of a different piece) and consistent
//! (one move changes one term by at most one). `Stuck` is Rush Hour only.

use crate::klotski::{KlotskiKey, KlotskiSpace};
use crate::rush::RushSpace;
use crate::Space;
use std::fmt;
use std::str::FromStr;
use unblocker_model::{Game, Goal, Metric, Mobility, Side};

/// The estimates an informed search can use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Heuristic {
    /// Always 0: A* becomes uniform-cost search (BFS order).
    Zero,
    /// The study's h1: 1 + the blockers between the target and the exit.
    Blockers,
    /// The study's h2: 1 per movable blocker, 2 per stuck one (plus the
    /// target). Not admissible. Read from `feup2` too (its former name).
    Stuck,
    /// Blockers plus one when some blocker is obstructed (cannot escape in
    /// one move): admissible and consistent. Read from `blockers2` too (its
    /// former name).
    Obstructed,
    /// Cells the target and the blockers must still move (step metric).
    Distance,
}

impl Heuristic {
    pub const ALL: [Heuristic; 5] = [
        Heuristic::Zero,
        Heuristic::Blockers,
        Heuristic::Stuck,
        Heuristic::Obstructed,
        Heuristic::Distance,
    ];

    /// Former names, still read on input (the command line, the API); the
    /// output always prints [`Heuristic::name`].
    pub const ALIASES: [(&'static str, Heuristic); 2] = [
        ("feup2", Heuristic::Stuck),
        ("blockers2", Heuristic::Obstructed),
    ];

    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Heuristic::Zero => "zero",
            Heuristic::Blockers => "blockers",
            Heuristic::Stuck => "stuck",
            Heuristic::Obstructed => "obstructed",
            Heuristic::Distance => "distance",
        }
    }

    /// Never above the true distance, so A* and IDA* stay optimal.
    pub fn is_admissible(self) -> bool {
        self != Heuristic::Stuck
    }

    /// The strongest admissible heuristic for a metric: `distance` for
    /// steps, `obstructed` otherwise.
    pub fn best_for(metric: Metric) -> Heuristic {
        if metric == Metric::Step {
            Heuristic::Distance
        } else {
            Heuristic::Obstructed
        }
    }

    /// Whether this heuristic is defined for `game` in `metric`, and why not.
    pub fn check(self, game: Game, metric: Metric) -> Result<(), HeuristicError> {
        match (self, game) {
            (Heuristic::Distance, _) if metric != Metric::Step => {
                Err(HeuristicError::NeedsStep { metric })
            }
            (Heuristic::Stuck, Game::Klotski) => Err(HeuristicError::RushHourOnly),
            _ => Ok(()),
        }
    }
}

impl fmt::Display for Heuristic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Heuristic {
    type Err = HeuristicError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.to_ascii_lowercase();
        Heuristic::ALL
            .into_iter()
            .map(|h| (h.name(), h))
            .chain(Heuristic::ALIASES)
            .find(|&(name, _)| name == s)
            .map(|(_, h)| h)
            .ok_or(HeuristicError::Unknown(s))
    }
}

/// Why a name is no heuristic, or a heuristic does not suit a game or a
/// metric.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HeuristicError {
    #[error("unknown heuristic '{0}' (expected zero, blockers, stuck, obstructed or distance)")]
    Unknown(String),
    /// `distance` in the slide or piece metric.
    #[error(
        "the distance heuristic counts cells, so it needs the step metric (not {metric}); \
         use obstructed for {metric}"
    )]
    NeedsStep { metric: Metric },
    /// `stuck` on a Klotski board.
    #[error(
        "stuck is the FEUP study's Rush Hour heuristic; Klotski has zero, blockers, \
         obstructed and distance"
    )]
    RushHourOnly,
}

/// What the blockers of a Rush Hour position look like.
#[derive(Default)]
struct Blockade {
    /// Cars covering a path cell.
    blockers: u32,
    /// Blockers with no legal move at all.
    stuck: u32,
    /// Some blocker has no free escape.
    obstructed: bool,
    /// Σ over blockers of the fewest cells an escape takes.
    escape_cells: u32,
    /// Cells between the target and the exit.
    path_cells: u32,
}

/// The estimate of `heuristic` for a Rush Hour position.
pub(crate) fn rush(space: &RushSpace, key: u64, heuristic: Heuristic) -> u32 {
    if heuristic == Heuristic::Zero || space.is_goal(key) {
        return 0;
    }
    let b = blockade(space, key);
    match heuristic {
        Heuristic::Zero => 0,
        Heuristic::Blockers => 1 + b.blockers,
        Heuristic::Stuck => 1 + b.blockers + b.stuck,
        Heuristic::Obstructed => 1 + b.blockers + b.obstructed as u32,
        Heuristic::Distance => b.path_cells + b.escape_cells + b.obstructed as u32,
    }
}

fn blockade(space: &RushSpace, key: u64) -> Blockade {
    let board = space.start_board();
    let Goal::Exit(exit) = board.goal() else {
        return Blockade::default();
    };
    let (width, height) = (board.width(), board.height());
    let pieces = board.pieces();
    let target = pieces[0];
    let horizontal = target.mobility == Mobility::Horizontal;
    // Positions along the target's line, and across it (the target's line).
    let (line_len, cross_len) = if horizontal {
        (width, height)
    } else {
        (height, width)
    };
    let lane = if horizontal { target.row } else { target.col } as usize;
    let target_len = target.width.max(target.height) as usize;
    let at = space.offset(key, 0) as usize;
    let path = match exit.side {
        Side::Right | Side::Bottom => at + target_len..line_len,
        Side::Left | Side::Top => 0..at,
    };
    let mut occupied = None;
    // Cell `along` of a crossing car's line standing `across` the target's.
    let mut free = |across: usize, along: usize| {
        let (row, col) = if horizontal {
            (along, across)
        } else {
            (across, along)
        };
        let cells = *occupied.get_or_insert_with(|| space.occupied(key));
        cells >> (row * width + col) & 1 == 0
    };
    let mut b = Blockade {
        path_cells: path.len() as u32,
        ..Blockade::default()
    };
    for (car, piece) in pieces.iter().enumerate().skip(1) {
        let len = piece.width.max(piece.height) as usize;
        if piece.mobility == target.mobility {
            // A car of the target's own line, ahead of it, never leaves it.
            let own_line = if horizontal { piece.row } else { piece.col } as usize == lane;
            if own_line && path.contains(&(space.offset(key, car) as usize)) {
                b.blockers += 1;
                b.stuck += 1;
                b.obstructed = true;
                b.escape_cells += 1;
            }
            continue;
        }
        let across = if horizontal { piece.col } else { piece.row } as usize;
        if !path.contains(&across) {
            continue;
        }
        let offset = space.offset(key, car) as usize;
        if !(offset..offset + len).contains(&lane) {
            continue;
        }
        b.blockers += 1;
        let movable = (offset > 0 && free(across, offset - 1))
            || (offset + len < cross_len && free(across, offset + len));
        b.stuck += !movable as u32;
        // Escapes towards 0 (ending at lane - len) and away (at lane + 1):
        // (cells to move, the cells that must be empty).
        let escapes = [
            (lane >= len).then(|| (offset + len - lane, lane - len..offset)),
            (lane + 1 + len <= cross_len)
                .then(|| (lane + 1 - offset, offset + len..lane + 1 + len)),
        ];
        let mut fewest = None::<usize>;
        let mut any_free = false;
        for (cells, needed) in escapes.into_iter().flatten() {
            fewest = Some(fewest.map_or(cells, |f| f.min(cells)));
            any_free |= needed.into_iter().all(|along| free(across, along));
        }
        b.escape_cells += fewest.unwrap_or(1) as u32;
        b.obstructed |= !any_free;
    }
    b
}

/// The estimate of `heuristic` for a Klotski position (`Stuck` is refused
/// by [`Heuristic::check`] and estimated as `Blockers`).
pub(crate) fn klotski<K: KlotskiKey>(
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_reads_back() {
        for h in Heuristic::ALL {
            assert_eq!(h.name().parse(), Ok(h));
            assert_eq!(h.name().to_uppercase().parse(), Ok(h));
        }
    }

    #[test]
    fn feup2_is_read_as_stuck() {
        assert_eq!("feup2".parse(), Ok(Heuristic::Stuck));
        assert_eq!("FEUP2".parse(), Ok(Heuristic::Stuck));
        assert_eq!(Heuristic::Stuck.to_string(), "stuck");
    }

    #[test]
    fn blockers2_is_read_as_obstructed() {
        assert_eq!("blockers2".parse(), Ok(Heuristic::Obstructed));
        assert_eq!(Heuristic::Obstructed.to_string(), "obstructed");
    }

    #[test]
    fn unknown_names_list_the_current_ones() {
        let error = "psychic".parse::<Heuristic>().unwrap_err().to_string();
        assert_eq!(
            error,
            "unknown heuristic 'psychic' (expected zero, blockers, stuck, obstructed or distance)"
        );
    }
}
