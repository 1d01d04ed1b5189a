//! Fast position representations and move generation, one module per game.
//!
//! Every game implements [`Space`]: compact states that hash cheaply, a goal
//! test, and neighbour generation under each [`Metric`]. The solvers in
//! `unblocker-solve` are generic over it, so Rush Hour and Klotski share every
//! search algorithm.

pub mod rush;

use unblocker_model::{Board, Metric, Slide};

/// A compact, hashable position.
pub trait State: Copy + Eq + std::fmt::Debug + Send + Sync + 'static {
    /// A value no real state ever takes (marks empty hash slots).
    const EMPTY: Self;
    /// A well-mixed 64-bit hash.
    fn hash64(self) -> u64;
}

impl State for u64 {
    const EMPTY: Self = u64::MAX;
    #[inline(always)]
    fn hash64(self) -> u64 {
        let x = (self ^ (self >> 31)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        x ^ (x >> 29)
    }
}

impl State for u128 {
    const EMPTY: Self = u128::MAX;
    #[inline(always)]
    fn hash64(self) -> u64 {
        (self as u64 ^ ((self >> 64) as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F)).hash64()
    }
}

/// The graph a search walks: positions of one puzzle and their moves.
pub trait Space: Sync {
    type State: State;

    /// The start position.
    fn start(&self) -> Self::State;

    /// True when the target has reached the goal.
    fn is_goal(&self, state: Self::State) -> bool;

    /// Calls `visit(next, cells)` for every position one move away under
    /// `metric`; `cells` is how many one-cell steps the move takes.
    fn expand<F: FnMut(Self::State, u32)>(&self, state: Self::State, metric: Metric, visit: F);

    /// The slides that make the single move from `from` to `to` (one slide
    /// for a straight move; several for a Klotski piece move along a path).
    fn slides_between(&self, from: Self::State, to: Self::State) -> Vec<Slide>;

    /// The board of a state (pieces keep the start board's letters).
    fn board(&self, state: Self::State) -> Board;

    /// A lower bound on the moves left, used by informed searches; 0 is
    /// always safe.
    fn blockers(&self, _state: Self::State) -> u32 {
        0
    }
}
