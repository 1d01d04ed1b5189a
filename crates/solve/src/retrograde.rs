//! Whole-space search over a fibered dense index ([`Fibered`]): the
//! distance of every position to the nearest goal, found level by level
//! from all goal positions at once, and the components of chosen positions
//! (floods).
//!
//! Both walk fibers, not positions: a fiber's positions of the current
//! level are expanded together, so one table look-up moves up to 32
//! positions. Each level scans the active blocks' fibers in order (a test
//! per fiber, so levels cost little where they are empty) and ORs the moved
//! bits into a `next` set; closing the level keeps the bits not seen before.

use unblocker_engine::Fibered;

/// The distance of positions no goal reaches.
pub const UNREACHED: u8 = u8::MAX;

/// Reusable memory for whole-space searches (one per thread).
#[derive(Default)]
pub struct Retrograde {
    front: Vec<u32>,
    seen: Vec<u32>,
    next: Vec<u32>,
    /// Per fiber: what the floods of this round reached.
    floods: Vec<Flood>,
    /// Per block: listed in `touched` this level.
    touched_flag: Vec<bool>,
    touched: Vec<usize>,
    active: Vec<usize>,
}

/// A fiber's positions that floods reached, and those of them the current
/// flood has not expanded yet (kept together: one cache line per look-up).
#[derive(Clone, Copy, Default)]
struct Flood {
    reached: u32,
    pending: u32,
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

impl Retrograde {
    pub fn new() -> Retrograde {
        Retrograde::default()
    }

    /// Writes every position's distance to the nearest goal into `dist`
    /// (indexed by [`Fibered::position_of`]; [`UNREACHED`] where no goal is
    /// reachable). Distances must stay below [`UNREACHED`].
    pub fn distances<S: Fibered>(&mut self, space: &S, dist: &mut Vec<u8>) -> Levels {
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
            for f in space.block_fibers(block) {
                self.front[f] = mask;
                self.seen[f] = mask;
                write_level(space, dist, block, f, mask, 0);
            }
            goals += space.block_fibers(block).len() as u64 * mask.count_ones() as u64;
            self.active.push(block);
        }
        if goals == 0 {
            return levels;
        }
        levels.positions.push(goals);
        let mut level = 0u8;
        while !self.active.is_empty() {
            assert!(level < UNREACHED - 1, "distances must stay below 255");
            let (front, next) = (&self.front, &mut self.next);
            for &block in &self.active {
                for b in std::iter::once(block).chain(space.block_neighbours(block)) {
                    if !self.touched_flag[b] {
                        self.touched_flag[b] = true;
                        self.touched.push(b);
                    }
                }
                let mut at = space.first(block);
                for f in space.block_fibers(block) {
                    let bits = front[f];
                    if bits != 0 {
                        space.expand(&at, bits, |to, moved| next[S::fiber(to)] |= moved);
                    }
                    space.advance(&mut at);
                }
            }
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

    /// Starts a round of floods over `space`: no position is flooded yet.
    pub fn clear_floods<S: Fibered>(&mut self, space: &S) {
        self.floods.clear();
        self.floods.resize(space.fibers(), Flood::default());
    }

    /// The positions of a fiber that a flood of this round has reached.
    pub fn flooded(&self, fiber: usize) -> u32 {
        self.floods[fiber].reached
    }

    /// Floods the component of the position `bit` of fiber `at`, which no
    /// flood of this round has reached: calls `visit(fiber, bits)` with
    /// each of its positions once, a fiber's positions together as they
    /// are found. Components are disjoint, so what a flood reached stays
    /// marked until [`Retrograde::clear_floods`].
    pub fn flood<S: Fibered>(
        &mut self,
        space: &S,
        at: S::At,
        bit: u32,
        mut visit: impl FnMut(&S::At, u32),
    ) {
        // `reached` holds the round's positions, `pending` those not yet
        // expanded; `queue` lists each fiber with pending positions once,
        // so a fiber reached many times is expanded with all its new
        // positions together.
        let floods = &mut self.floods;
        let mut queue: std::collections::VecDeque<S::At> = [at].into();
        let f = S::fiber(&at);
        debug_assert_eq!(floods[f].reached >> bit & 1, 0, "a new component");
        floods[f].reached |= 1 << bit;
        floods[f].pending = 1 << bit;
        visit(&at, 1 << bit);
        while let Some(from) = queue.pop_front() {
            let f = S::fiber(&from);
            let mut bits = std::mem::take(&mut floods[f].pending);
            // Close the fiber first: its own moves cost no look-up.
            loop {
                let new = space.within(&from, bits) & !floods[f].reached;
                if new == 0 {
                    break;
                }
                floods[f].reached |= new;
                bits |= new;
                visit(&from, new);
            }
            space.expand(&from, bits, |to, moved| {
                let mark = &mut floods[S::fiber(to)];
                let new = moved & !mark.reached;
                if new != 0 {
                    mark.reached |= new;
                    if mark.pending == 0 {
                        queue.push_back(*to);
                    }
                    mark.pending |= new;
                    visit(to, new);
                }
            });
        }
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
