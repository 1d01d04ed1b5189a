#![doc = include_str!("../README.md")]

pub mod heuristic;
pub mod klotski;
pub mod line;
pub mod rush;

pub use heuristic::{Heuristic, HeuristicError};
use unblocker_model::{Board, Cell, Direction, Metric};

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
        // Fibonacci hashing: the table takes the product's top bits, which
        // every bit of the key reaches.
        self.wrapping_mul(0x9E37_79B9_7F4A_7C15)
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

    /// True when some states stand for several positions of the puzzle (a
    /// space that merges symmetric positions); see [`Space::multiplicity`].
    const MERGES_POSITIONS: bool = false;

    /// How many positions of the puzzle `state` stands for: 1, except in a
    /// space that merges symmetric positions (a mirror pair is one state
    /// standing for 2). Search statistics count positions with it.
    fn multiplicity(&self, _state: Self::State) -> u64 {
        1
    }

    /// The length `expand_into` needs: at least the most neighbours a state
    /// can have (an engine may ask for room to write in fixed-size blocks).
    fn max_neighbors(&self) -> usize;

    /// Writes every position one move away under `metric` into `out`, each
    /// with the number of one-cell steps its move takes, and returns how many
    /// it wrote. `out` must hold at least [`Space::max_neighbors`] entries
    /// (past the returned count they may hold anything).
    fn expand_into(
        &self,
        state: Self::State,
        metric: Metric,
        out: &mut [(Self::State, u32)],
    ) -> usize;

    /// Calls `visit(next, cells)` for every position one move away (a
    /// convenience over [`Space::expand_into`] for code off the hot path).
    fn expand<F: FnMut(Self::State, u32)>(&self, state: Self::State, metric: Metric, mut visit: F) {
        let mut out = vec![(state, 0); self.max_neighbors()];
        let n = self.expand_into(state, metric, &mut out);
        for &(next, cells) in &out[..n] {
            visit(next, cells);
        }
    }

    /// The single move from `from` to `to`: the top-left cell of the piece
    /// that moves (as it stands in `from`) and its path of straight segments
    /// (one segment for a slide; several for a Klotski piece move).
    ///
    /// Pieces are named by where they stand rather than by index because
    /// interchangeable pieces have no identity in a state; the solver tracks
    /// letters along the solution.
    fn move_between(&self, from: Self::State, to: Self::State) -> (Cell, Vec<(Direction, u8)>);

    /// The board of a state (pieces keep the start board's letters).
    fn board(&self, state: Self::State) -> Board;

    /// The estimate of the moves left under `metric` by `heuristic` (see
    /// [`heuristic`] for each one's definition and whether it is a lower
    /// bound), used by the informed searches; 0 at a goal position.
    fn estimate(&self, state: Self::State, heuristic: Heuristic, metric: Metric) -> u32;
}

/// A space with a dense index: a one-to-one numbering of its states (and of
/// other keys of the same shape) by `0..index_bound`, which a search can use
/// as the address of a visited bit instead of hashing each state.
pub trait Indexed: Space {
    /// The number of indices, or `None` when this space offers no dense
    /// index (too many for a bitmap).
    fn index_bound(&self) -> Option<u64>;

    /// The index of `state` (below [`Indexed::index_bound`]).
    fn index_of(&self, state: Self::State) -> u64;

    /// [`Space::expand_into`], writing each neighbour with its index
    /// (`index` is the index of `state`).
    fn expand_indexed(
        &self,
        state: Self::State,
        index: u64,
        metric: Metric,
        out: &mut [(Self::State, u64)],
    ) -> usize;
}
