//! Fast position representations and move generation, one module per game.
//!
//! Every game implements [`Space`]: compact states that hash cheaply, a goal
//! test, and neighbour generation under each [`Metric`]. The solvers in
//! `unblocker-solve` are generic over it, so Rush Hour and Klotski share every
//! search algorithm.

pub mod heuristic;
pub mod klotski;
pub mod line;
pub mod rush;
pub mod unit;

pub use heuristic::{Heuristic, HeuristicError};
use std::ops::Range;
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

/// A space whose positions are numbered densely in *fibers*: up to 32
/// positions that share a `u32` of bits, fibers grouped in *blocks* (the
/// fibers of a block are contiguous). A whole-space search
/// (`unblocker-solve`'s `retrograde`) walks it a fiber at a time: every move
/// of a fiber's positions leads to positions of one other fiber, so one call
/// of [`Fibered::expand`] moves all of a fiber's chosen positions at once.
/// Moves are their own inverse (a slide back undoes a slide), so the same
/// expansion serves searches from the goal.
pub trait Fibered: Sync {
    /// A fiber with what its expansion needs to know about where it is.
    type At: Copy;

    fn blocks(&self) -> usize;
    fn fibers(&self) -> usize;
    /// The number of positions (their indices are `0..positions`).
    fn positions(&self) -> u64;
    /// The fibers of a block.
    fn block_fibers(&self, block: usize) -> Range<usize>;
    /// The bits of a block's fibers that are positions.
    fn fiber_mask(&self, block: usize) -> u32;
    /// The dense index of a position.
    fn position_of(&self, block: usize, fiber: usize, bit: u32) -> u64;
    /// True when every position of the block is a goal.
    fn is_goal_block(&self, block: usize) -> bool;
    /// The blocks one move away from `block` (besides itself).
    fn block_neighbours(&self, block: usize) -> impl Iterator<Item = usize> + '_;
    /// The first fiber of a block.
    fn first(&self, block: usize) -> Self::At;
    /// The next fiber of the same block.
    fn advance(&self, at: &mut Self::At);
    /// The fiber's index and block.
    fn fiber(at: &Self::At) -> usize;
    fn block(at: &Self::At) -> usize;
    /// Calls `emit(fiber, bits)` for the positions one move away from the
    /// positions `bits` of fiber `at`, grouped by fiber (a fiber may be
    /// emitted more than once).
    fn expand(&self, at: &Self::At, bits: u32, emit: impl FnMut(&Self::At, u32));
    /// ORs into `next` (indexed by fiber) the positions one move away from
    /// the positions `front` (indexed by fiber) holds in `block`: by
    /// default [`Fibered::expand`] of each of the block's fibers.
    fn expand_block(&self, block: usize, front: &[u32], next: &mut [u32]) {
        expand_each(self, block, front, next);
    }
    /// The number of *cells*: a cell is a set of one block's positions
    /// that the moves inside the block connect, so that every component is
    /// a union of cells (cells are numbered `0..cells`).
    fn cells(&self) -> usize;
    /// The cells of the fiber `at`'s positions: the cell of each bit.
    fn cell_of(&self, at: &Self::At) -> impl Fn(u32) -> u32 + '_;
    /// Calls `emit(fiber, bits)` for the positions of a cell of `block`,
    /// grouped by fiber.
    fn cell_fibers(&self, block: usize, cell: u32, emit: impl FnMut(&Self::At, u32));
    /// Calls `emit(block, cell)` for the cells of other blocks one move
    /// away from `cell` of `block` (a cell may be emitted more than once).
    fn cell_neighbours(&self, block: usize, cell: u32, emit: impl FnMut(usize, u32));
}

/// [`Fibered::expand_block`] a fiber at a time: [`Fibered::expand`] of each
/// of the block's fibers that holds positions of `front`.
pub fn expand_each<S: Fibered + ?Sized>(space: &S, block: usize, front: &[u32], next: &mut [u32]) {
    let mut at = space.first(block);
    for f in space.block_fibers(block) {
        let bits = front[f];
        if bits != 0 {
            space.expand(&at, bits, |to, moved| next[S::fiber(to)] |= moved);
        }
        space.advance(&mut at);
    }
}
