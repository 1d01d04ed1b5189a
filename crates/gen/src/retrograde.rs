//! Whole-space search over a fibered dense index ([`Fibered`]): the
//! distance of every position to the nearest goal, found level by level
//! from all goal positions at once, and the components of the positions that
//! reach a goal.
//!
//! The distances walk fibers, not positions: a fiber's positions of the
//! current level are expanded together, so one table look-up moves up to 32
//! positions. Each level expands the active blocks, a block at a time
//! ([`Fibered::expand_block`]: a space may sweep a block whose fibers are
//! mostly in the frontier as a whole), ORing the moved bits into a `next`
//! set; closing the level keeps the bits not seen before.
//! Components are searched over cells (sets of a block's positions that the
//! block's own moves connect), a few table look-ups per cell.

use crate::Fibered;

/// The distance of positions no goal reaches.
pub const UNREACHED: u8 = u8::MAX;

/// The component label of positions no goal reaches
/// ([`Retrograde::component_labels`]; the `research` feature).
#[cfg(any(test, feature = "research"))]
pub const UNLABELLED: u32 = u32::MAX;

/// Reusable memory for whole-space searches (one per thread).
#[derive(Default)]
pub struct Retrograde {
    front: Vec<u32>,
    seen: Vec<u32>,
    next: Vec<u32>,
    /// Per cell: a bit, set once its component is found (a bit, not a
    /// label, so that the look-ups of a search stay in cache).
    found: Vec<u64>,
    /// The cells of the last component found, with their blocks.
    queue: Vec<(usize, u32)>,
    /// Per block: listed in `touched` this level.
    touched_flag: Vec<bool>,
    touched: Vec<usize>,
    active: Vec<usize>,
}

/// What [`Retrograde::distances`] found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Levels {
    /// Positions at distance 0, 1, 2, … (the last level is the largest
    /// distance; empty when the space has no goal).
    pub positions: Vec<u64>,
}

impl Levels {
    /// Positions from which a goal can be reached.
    pub fn reached(&self) -> u64 {
        self.positions.iter().sum()
    }
}

/// What a search by levels ([`Retrograde::distances_with`]) does besides
/// the distances: it is told of each level's positions as they are found
/// (the goals first), then of the start and the end of each level's
/// expansion, and it expands the frontier's blocks (by default
/// [`Fibered::expand_block`]).
pub trait Walk<S: Fibered> {
    /// Positions `bits` of `fiber` belong to the newest level.
    #[inline(always)]
    fn found(&mut self, _fiber: usize, _bits: u32) {}
    /// The newest level is complete and its expansion starts.
    #[inline(always)]
    fn start(&mut self, _space: &S) {}
    /// ORs into `next` (indexed by fiber) the positions one move away from
    /// the positions `front` (the level expanded, indexed by fiber) holds
    /// in `block`.
    #[inline(always)]
    fn expand(&mut self, space: &S, block: usize, front: &[u32], next: &mut [u32]) {
        space.expand_block(block, front, next);
    }
    /// The level's expansion is done.
    #[inline(always)]
    fn end(&mut self) {}
}

/// The search of the distances alone.
pub struct Plain;

impl<S: Fibered> Walk<S> for Plain {}

impl Retrograde {
    pub fn new() -> Retrograde {
        Retrograde::default()
    }

    /// Writes every position's distance to the nearest goal into `dist`
    /// (indexed by [`Fibered::position_of`]; [`UNREACHED`] where no goal is
    /// reachable). Distances must stay below [`UNREACHED`].
    pub fn distances<S: Fibered>(&mut self, space: &S, dist: &mut Vec<u8>) -> Levels {
        self.distances_from(space, dist, |_, bits| bits)
    }

    /// [`Retrograde::distances`] from some goal positions only: of the
    /// positions `bits` of a goal block's fiber `at`, `seed(at, bits)`
    /// keeps those to start from. The positions kept must be every goal
    /// position of a set of positions that moves never leave (a union of
    /// components): the distances there are then exact, and the other
    /// positions are never reached.
    pub fn distances_from<S: Fibered>(
        &mut self,
        space: &S,
        dist: &mut Vec<u8>,
        seed: impl FnMut(&S::At, u32) -> u32,
    ) -> Levels {
        self.distances_with(space, dist, seed, &mut Plain)
    }

    /// [`Retrograde::distances_from`], with `walk` told of each level's
    /// positions as they are found and expanding the frontier's blocks
    /// itself ([`Walk`]).
    pub fn distances_with<S: Fibered, W: Walk<S>>(
        &mut self,
        space: &S,
        dist: &mut Vec<u8>,
        mut seed: impl FnMut(&S::At, u32) -> u32,
        walk: &mut W,
    ) -> Levels {
        let fibers = space.fibers();
        let blocks = space.blocks();
        reset(&mut self.front, fibers);
        reset(&mut self.seen, fibers);
        reset(&mut self.next, fibers);
        self.touched_flag.clear();
        self.touched_flag.resize(blocks, false);
        self.active.clear();
        dist.clear();
        dist.resize(space.positions() as usize, UNREACHED);
        let mut levels = Levels::default();
        let mut goals = 0u64;
        for block in 0..blocks {
            if !space.is_goal_block(block) {
                continue;
            }
            let mask = space.fiber_mask(block);
            let mut at = space.first(block);
            let mut any = false;
            for f in space.block_fibers(block) {
                let bits = seed(&at, mask);
                space.advance(&mut at);
                if bits == 0 {
                    continue;
                }
                self.front[f] = bits;
                self.seen[f] = bits;
                write_level(space, dist, block, f, bits, 0);
                walk.found(f, bits);
                goals += bits.count_ones() as u64;
                any = true;
            }
            if any {
                self.active.push(block);
            }
        }
        if goals == 0 {
            return levels;
        }
        levels.positions.push(goals);
        let mut level = 0u8;
        while !self.active.is_empty() {
            assert!(level < UNREACHED - 1, "distances must stay below 255");
            walk.start(space);
            let (front, next) = (&self.front, &mut self.next);
            for &block in &self.active {
                for b in std::iter::once(block).chain(space.block_neighbours(block)) {
                    if !self.touched_flag[b] {
                        self.touched_flag[b] = true;
                        self.touched.push(b);
                    }
                }
                walk.expand(space, block, front, next);
            }
            walk.end();
            self.active.clear();
            level += 1;
            let mut count = 0u64;
            for &block in &self.touched {
                self.touched_flag[block] = false;
                let mut any = false;
                for f in space.block_fibers(block) {
                    let new = self.next[f] & !self.seen[f];
                    self.next[f] = 0;
                    self.front[f] = new;
                    if new != 0 {
                        self.seen[f] |= new;
                        any = true;
                        count += new.count_ones() as u64;
                        write_level(space, dist, block, f, new, level);
                        walk.found(f, new);
                    }
                }
                if any {
                    self.active.push(block);
                }
            }
            self.touched.clear();
            if count > 0 {
                levels.positions.push(count);
            }
        }
        levels
    }

    /// Starts finding the components of `space`: no cell is in one yet.
    pub fn clear_components<S: Fibered>(&mut self, space: &S) {
        self.found.clear();
        self.found.resize(space.cells().div_ceil(64), 0);
    }

    /// Whether a cell's component has been found.
    #[inline]
    pub fn is_found(&self, cell: u32) -> bool {
        self.found[cell as usize / 64] >> (cell % 64) & 1 != 0
    }

    /// The component of `cell` (of `block`), which is not found yet: a
    /// breadth-first search over cells ([`Fibered::cells`]), whose
    /// neighbours are a few table look-ups. Returns the component's cells,
    /// with their blocks.
    pub fn component<S: Fibered>(&mut self, space: &S, block: usize, cell: u32) -> &[(usize, u32)] {
        debug_assert!(!self.is_found(cell));
        let (found, queue) = (&mut self.found, &mut self.queue);
        found[cell as usize / 64] |= 1 << (cell % 64);
        queue.clear();
        queue.push((block, cell));
        let mut next = 0;
        while let Some(&(block, cell)) = queue.get(next) {
            next += 1;
            space.cell_neighbours(block, cell, |to, other| {
                let (word, bit) = (other as usize / 64, 1u64 << (other % 64));
                if found[word] & bit == 0 {
                    found[word] |= bit;
                    queue.push((to, other));
                }
            });
        }
        queue
    }

    /// Numbers the components of the positions a goal reaches (those of
    /// `dist` below [`UNREACHED`], as [`Retrograde::distances`] left it), in
    /// index order of their first position: each position's component, or
    /// [`UNLABELLED`] where no goal is reached. Returns the labels and
    /// the number of components. For research (`examples/wall_effects.rs`:
    /// the `research` feature) and the tests; the generator reads only the
    /// components that hold a clean position.
    #[cfg(any(test, feature = "research"))]
    pub fn component_labels<S: Fibered>(&mut self, space: &S, dist: &[u8]) -> (Vec<u32>, u32) {
        self.clear_components(space);
        let mut cell_label = vec![UNLABELLED; space.cells()];
        let mut label = vec![UNLABELLED; dist.len()];
        let mut labels = 0u32;
        for block in 0..space.blocks() {
            let mut at = space.first(block);
            for f in space.block_fibers(block) {
                let cell_of = space.cell_of(&at);
                for bit in 0..space.fiber_mask(block).count_ones() {
                    let p = space.position_of(block, f, bit) as usize;
                    if dist[p] == UNREACHED {
                        continue;
                    }
                    let cell = cell_of(bit);
                    if !self.is_found(cell) {
                        for &(_, c) in self.component(space, block, cell) {
                            cell_label[c as usize] = labels;
                        }
                        labels += 1;
                    }
                    label[p] = cell_label[cell as usize];
                }
                space.advance(&mut at);
            }
        }
        (label, labels)
    }
}

fn reset(v: &mut Vec<u32>, len: usize) {
    v.clear();
    v.resize(len, 0);
}

#[inline]
fn write_level<S: Fibered>(
    space: &S,
    dist: &mut [u8],
    block: usize,
    fiber: usize,
    bits: u32,
    level: u8,
) {
    let mut rest = bits;
    while rest != 0 {
        let bit = rest.trailing_zeros();
        rest &= rest - 1;
        dist[space.position_of(block, fiber, bit) as usize] = level;
    }
}
