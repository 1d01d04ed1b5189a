//! The shape a whole-space search walks ([`crate::retrograde`]): positions
//! numbered densely in fibers of bits, fibers grouped in blocks. A Rush Hour
//! unit ([`crate::unit::Unit`]) is one.

use std::ops::Range;

/// A space whose positions are numbered densely in *fibers*: up to 32
/// positions that share a `u32` of bits, fibers grouped in *blocks* (the
/// fibers of a block are contiguous). A whole-space search
/// ([`crate::retrograde::Retrograde`]) walks it a fiber at a time: every move
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
