//! A random puzzle of a chosen difficulty from a [`Sample`], from a number
//! the caller supplies (no I/O, no global generator: a server and a browser
//! each pass their own).

use super::{Entry, Sample};
use crate::Difficulty;

/// What a draw found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Drawn<'a> {
    /// The puzzle picked; `None` when none matched.
    pub entry: Option<&'a Entry>,
    /// How many puzzles were of the difficulty.
    pub matched: usize,
}

impl Sample {
    /// One puzzle picked uniformly among those of `difficulty`, from
    /// `random`: any `u64`, a random number or a seed (it is mixed first,
    /// so consecutive seeds pick unrelated puzzles; a uniformly random
    /// `random` picks each match with the same chance, within
    /// `matched / 2^64`). The same `random` picks the same puzzle.
    pub fn draw(&self, difficulty: &Difficulty, random: u64) -> Drawn<'_> {
        let range = self.with_moves(difficulty.min_moves, difficulty.max_moves);
        let walls = |w: u32| move |e: &&Entry| e.board.walls().len() == w as usize;
        let matched = match difficulty.walls {
            None => range.len(),
            Some(w) => range.iter().filter(walls(w)).count(),
        };
        // Multiply-high maps the mixed number onto 0..matched.
        let pick = ((u128::from(mix(random)) * matched as u128) >> 64) as usize;
        let entry = match difficulty.walls {
            None => range.get(pick),
            Some(w) => range.iter().filter(walls(w)).nth(pick),
        };
        Drawn { entry, matched }
    }
}

/// splitmix64's finalizer: a bijection of `u64` that spreads nearby seeds.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
