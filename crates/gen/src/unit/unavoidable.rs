//! The cells that every optimal solution of a position touches (its
//! *unavoidable cells*), for every position of a unit, found by the unit's
//! distance search itself ([`Unavoidable`]). They answer the wall test of
//! every unit with one more wall at once.
//!
//! A slide *touches* a cell when the sliding car covers it at some point of
//! the slide ([`Moves::Touching`]); a solution touches the cells its slides
//! touch. Write `A(P)` for the cells every optimal solution of `P` touches.
//!
//! **Recurrence.** `A(P) = ∅` when `d(P) = 0`; otherwise `A(P)` is the
//! intersection, over the moves `m: P → Q` with `d(Q) = d(P) − 1`, of
//! `touched(m) ∪ A(Q)`. The optimal solutions of `P` are exactly the optimal
//! moves `m` followed by an optimal solution of their `Q` (one whose first
//! move leads to `Q` solves `Q` in `d(P) − 1` moves, and `d(P) ≤ 1 + d(Q)`),
//! so `A(P)` is the intersection over `m` and over the optimal solutions `s`
//! of `Q` of `touched(m) ∪ touched(s)`, and `⋂ᵢ (S ∪ Tᵢ) = S ∪ ⋂ᵢ Tᵢ`.
//!
//! **The wall test.** For a cell `x` empty in a solvable `P`, a wall on `x`
//! (the positions with `x` empty, the moves that do not touch `x`: the unit
//! with one more wall, as [`super::Repair`] describes it) lengthens `P`'s
//! optimum, or makes `P` unsolvable, if and only if `x ∈ A(P)`. If `x ∉
//! A(P)`, an optimal solution touches `x` nowhere: `x` stays empty along it
//! and each of its slides is a move with the wall, so the optimum with the
//! wall is no longer (and never shorter: the wall only removes moves).
//! Conversely a solution with the wall as short as `d(P)` is an optimal
//! solution without it that touches no `x`.
//!
//! **The pass** rides on the distance search ([`Retrograde::distances_with`]):
//! when level `k` is expanded to find level `k + 1`, each move from a
//! position `P` of level `k` that lands on a position `Q` of level `k − 1`
//! (whose cells are final) narrows `P`'s cells, which start as every cell,
//! to `touched(m) | A(Q)`; when the expansion ends, level `k`'s cells are
//! final. The expansion walks its moves as the search does (a block whose
//! fibers are mostly in the frontier with the search's own sweep,
//! `sweep`, the others a fiber at a time), so the moves are generated once
//! for both. Only two levels' cells are held, packed in the order the
//! search found their fibers (a position's cells found by its fiber's
//! first and the bits below it), and each level is handed out when final.
use super::sweep::{ColumnStep, Visit, SPARSE};
use super::touch::{Moves, Source};
use super::{FiberAt, Unit, NONE};
use crate::retrograde::{Levels, Retrograde, Walk};
use crate::Fibered;

/// Memory reused from one unit to the next.
pub struct Unavoidable {
    /// The level expanded, and the one closer to the goal.
    front: Level,
    closer: Level,
    /// The fibers of the newest level, as the search finds them.
    found: Vec<(u32, u32)>,
    /// Levels laid out so far in this search.
    levels: usize,
    /// The optimal moves read.
    moves: u64,
    /// A block is read a fiber at a time when fewer than one of its fibers
    /// in `sparse` holds positions at the level read (the tests force
    /// either way).
    sparse: usize,
}

/// One level's positions and their cells, packed in the order of their
/// fibers in `list`.
#[derive(Default)]
struct Level {
    /// Per fiber of the unit: its positions at the level, and where their
    /// cells start.
    bits: Vec<u32>,
    start: Vec<u32>,
    /// The fibers holding positions at the level, with those positions.
    list: Vec<(u32, u32)>,
    cells: Vec<u64>,
}

impl Level {
    /// Makes room for a unit of `fibers` fibers, holding no position.
    fn reset(&mut self, fibers: usize) {
        self.bits.clear();
        self.bits.resize(fibers, 0);
        self.start.resize(fibers, 0);
        self.list.clear();
        self.cells.clear();
    }

    /// Lays out the positions of `list`, every cell set to `cells`.
    fn fill(&mut self, list: &mut Vec<(u32, u32)>, cells: u64) {
        std::mem::swap(&mut self.list, list);
        let mut n = 0u32;
        for &(fiber, bits) in &self.list {
            self.bits[fiber as usize] = bits;
            self.start[fiber as usize] = n;
            n += bits.count_ones();
        }
        self.cells.clear();
        self.cells.resize(n as usize, cells);
    }

    /// Forgets its positions.
    fn clear(&mut self) {
        for &(fiber, _) in &self.list {
            self.bits[fiber as usize] = 0;
        }
        self.list.clear();
    }

    /// The place in `cells` of bit `x` of `fiber`.
    #[inline(always)]
    fn place(&self, fiber: usize, x: usize) -> usize {
        self.start[fiber] as usize + (self.bits[fiber] & ((1u32 << x) - 1)).count_ones() as usize
    }
}

impl Default for Unavoidable {
    fn default() -> Unavoidable {
        Unavoidable {
            front: Level::default(),
            closer: Level::default(),
            found: Vec::new(),
            levels: 0,
            moves: 0,
            sparse: SPARSE,
        }
    }
}

impl Unavoidable {
    pub fn new() -> Unavoidable {
        Unavoidable::default()
    }

    /// Searches `unit`'s distances as [`Retrograde::distances_from`] does
    /// (from the goal positions `seed` keeps) and, as it goes, every
    /// position's unavoidable cells (bit `row × size + column`): calls
    /// `done(positions, cells)` for each level in turn, from the goal
    /// positions up, once the level's cells are final, with its positions
    /// as (fiber, bits) and their cells in the same order.
    pub fn search(
        &mut self,
        retrograde: &mut Retrograde,
        unit: &Unit,
        dist: &mut Vec<u8>,
        seed: impl FnMut(&FiberAt, u32) -> u32,
        done: impl FnMut(&[(u32, u32)], &[u64]),
    ) -> Levels {
        let fibers = unit.fibers();
        self.front.reset(fibers);
        self.closer.reset(fibers);
        self.found.clear();
        self.levels = 0;
        self.moves = 0;
        let mut pass = Pass { cells: self, done };
        retrograde.distances_with(unit, dist, seed, &mut pass)
    }

    /// The optimal moves (from a position to one a level closer) the last
    /// search read.
    pub fn moves(&self) -> u64 {
        self.moves
    }

    /// Writes into `cells` every position's unavoidable cells (0 at the
    /// goal positions and where no goal is reached), searching `unit` whole
    /// (its distances into `dist`).
    pub fn cells(
        &mut self,
        retrograde: &mut Retrograde,
        unit: &Unit,
        dist: &mut Vec<u8>,
        cells: &mut Vec<u64>,
    ) -> Levels {
        cells.clear();
        cells.resize(unit.positions() as usize, 0);
        self.search(
            retrograde,
            unit,
            dist,
            |_, bits| bits,
            |level, found| {
                let mut found = found.iter();
                for &(fiber, bits) in level {
                    let block = unit.block_of(fiber as usize);
                    let base = unit.position_of(block, fiber as usize, 0) as usize;
                    for x in each(bits) {
                        cells[base + x] = *found.next().expect("cells for every position");
                    }
                }
            },
        )
    }
}

/// The search's walk with the cells: `done` is handed each level.
struct Pass<'a, F> {
    cells: &'a mut Unavoidable,
    done: F,
}

impl<F: FnMut(&[(u32, u32)], &[u64])> Walk<Unit<'_>> for Pass<'_, F> {
    #[inline(always)]
    fn found(&mut self, fiber: usize, bits: u32) {
        self.cells.found.push((fiber as u32, bits));
    }

    fn start(&mut self, _: &Unit) {
        let u = &mut *self.cells;
        // The level below the last is done with; the last is final.
        u.closer.clear();
        std::mem::swap(&mut u.front, &mut u.closer);
        let all = if u.levels == 0 { 0 } else { u64::MAX };
        u.front.fill(&mut u.found, all);
        u.levels += 1;
    }

    fn expand(&mut self, unit: &Unit, block: usize, front: &[u32], next: &mut [u32]) {
        let u = &mut *self.cells;
        if u.closer.list.is_empty() {
            // The goals: nothing is closer.
            unit.expand_block(block, front, next);
            return;
        }
        let fibers = unit.block_fibers(block);
        let live = front[fibers.clone()]
            .iter()
            .filter(|&&bits| bits != 0)
            .count();
        let mut narrow = Narrow {
            next,
            front: &mut u.front,
            closer: &u.closer,
            moves: 0,
        };
        if live.saturating_mul(u.sparse) < fibers.len() {
            let mut at = unit.first(block);
            for f in fibers {
                if front[f] != 0 {
                    narrow.fiber(unit, &at, front[f]);
                }
                unit.advance(&mut at);
            }
        } else {
            unit.sweep_with(block, front, &mut narrow);
        }
        u.moves += narrow.moves;
    }

    fn end(&mut self) {
        let front = &self.cells.front;
        (self.done)(&front.list, &front.cells);
    }
}

/// An expansion that also narrows the cells of the level expanded
/// (`front`) by each move to a position of the level closer (`closer`),
/// whose cells are final.
struct Narrow<'a> {
    next: &'a mut [u32],
    front: &'a mut Level,
    closer: &'a Level,
    moves: u64,
}

impl Narrow<'_> {
    /// The move from bit `x` of fiber `from` (level read) to bit `y` of
    /// fiber `to` (level closer), touching `touched`.
    #[inline(always)]
    fn narrow(&mut self, from: usize, x: usize, to: usize, y: usize, touched: u64) {
        let there = self.closer.cells[self.closer.place(to, y)];
        let here = self.front.place(from, x);
        self.front.cells[here] &= touched | there;
        self.moves += 1;
    }

    /// The expansion of the positions `bits` of the fiber `at`, a fiber at
    /// a time ([`Unit::expand_moves`]).
    #[inline(always)]
    fn fiber(&mut self, unit: &Unit, at: &FiberAt, bits: u32) {
        let from = at.fiber;
        unit.expand_moves(at, bits, Moves::All, |to, moved, source| {
            self.next[to.fiber] |= moved;
            let hit = moved & self.closer.bits[to.fiber];
            if hit == 0 {
                return;
            }
            let to = to.fiber;
            match source {
                Source::Within => {
                    // Each position to its neighbours on the fiber axis.
                    let occupied = unit.occupied[at.block][unit.fiber_column[at.block] as usize];
                    let near = &unit.columns.neighbours[occupied as usize];
                    for x in each(bits) {
                        for y in each(near[x] & hit) {
                            self.narrow(from, x, to, y, unit.touched_within(at.block, x, y));
                        }
                    }
                }
                Source::Same(touched) => {
                    for y in each(hit) {
                        self.narrow(from, y, to, y, touched);
                    }
                }
                Source::Across(c, d, j) => {
                    let touched = unit.touched_across(at.block, c, d, j);
                    for y in each(hit) {
                        self.narrow(from, y, to, y, touched);
                    }
                }
                Source::Map(map, touched) => {
                    for x in each(bits) {
                        let y = map[x];
                        if y != NONE && hit >> y & 1 != 0 {
                            self.narrow(from, x, to, y as usize, touched);
                        }
                    }
                }
                Source::Bit(x, touched) => {
                    self.narrow(from, x as usize, to, hit.trailing_zeros() as usize, touched);
                }
            }
        });
    }
}

impl Visit for Narrow<'_> {
    #[inline(always)]
    fn within(&mut self, unit: &Unit, fiber: usize, bits: u32, c: usize, occupied: u8) {
        let near = &unit.columns.neighbours[occupied as usize];
        let there = self.closer.bits[fiber];
        let mut inside = 0u32;
        for x in each(bits) {
            inside |= near[x];
            for y in each(near[x] & there) {
                self.narrow(fiber, x, fiber, y, unit.columns.touched(occupied, c, x, y));
            }
        }
        self.next[fiber] |= inside;
    }

    #[inline(always)]
    fn run(&mut self, unit: &Unit, front: &[u32], from: usize, to: usize, step: ColumnStep) {
        let next = &mut self.next[to..][..front.len()];
        for (t, &f) in next.iter_mut().zip(front) {
            *t |= f;
        }
        let closer = &self.closer.bits[to..][..front.len()];
        for (i, (&bits, &there)) in front.iter().zip(closer).enumerate() {
            let hit = bits & there;
            if hit != 0 {
                let touched = step.touched(unit);
                for y in each(hit) {
                    self.narrow(from + i, y, to + i, y, touched);
                }
            }
        }
    }

    #[inline(always)]
    fn along(&mut self, from: usize, bits: u32, to: usize, map: Option<&[u8; 32]>, touched: u64) {
        let moved = map.map_or(bits, |map| super::columns::map_bits(map, bits));
        self.next[to] |= moved;
        let there = self.closer.bits[to];
        if moved & there == 0 {
            return;
        }
        match map {
            None => {
                for y in each(bits & there) {
                    self.narrow(from, y, to, y, touched);
                }
            }
            Some(map) => {
                for x in each(bits) {
                    let y = map[x];
                    if y != NONE && there >> y & 1 != 0 {
                        self.narrow(from, x, to, y as usize, touched);
                    }
                }
            }
        }
    }

    #[inline(always)]
    fn across(&mut self, from: usize, x: u32, to: usize, bit: u32, touched: u64) {
        self.next[to] |= 1 << bit;
        if self.closer.bits[to] >> bit & 1 != 0 {
            self.narrow(from, x as usize, to, bit as usize, touched);
        }
    }
}

/// The set bits of `bits`, lowest first.
#[inline(always)]
fn each(bits: u32) -> impl Iterator<Item = usize> {
    let mut rest = bits;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let x = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            x
        })
    })
}

#[cfg(test)]
mod tests {
    use super::super::repair::{covering, free_bits, level_bits};
    use super::super::touch::Cell;
    use super::*;
    use crate::retrograde::Retrograde;
    use crate::retrograde::UNREACHED;
    use crate::rush::Units;

    /// Positions checked, and those a wall lengthens.
    #[derive(Default)]
    struct Tally {
        checked: u64,
        longer: u64,
    }

    impl Tally {
        /// One position where the wall's cell is empty, `before` its
        /// distance without the wall and `after` with it: the wall
        /// lengthens it (or cuts it off) exactly when the cell, bit `x`, is
        /// among its unavoidable `cells`.
        fn check(&mut self, cells: u64, x: usize, before: u8, after: u8, at: impl Fn() -> String) {
            if before == UNREACHED {
                assert_eq!(after, UNREACHED, "{}", at());
                return;
            }
            let lengthened = after > before;
            assert_eq!(cells >> x & 1 == 1, lengthened, "{}", at());
            self.checked += 1;
            self.longer += lengthened as u64;
        }
    }

    /// Every unit with walls of `units` (every `step`th), from each of its
    /// parents: at every position of the unit, the wall lengthens the
    /// parent's optimum (or makes it unsolvable) exactly when its cell is
    /// among the position's unavoidable cells in the parent.
    fn check_walls(units: &Units, step: usize) -> (u64, u64) {
        let mut unavoidable = Unavoidable::new();
        let mut search = Retrograde::new();
        let mut cells = Vec::new();
        let mut tally = Tally::default();
        units.each_wall(step, |unit, index, dist, wall, parent, parent_dist| {
            unavoidable.cells(&mut search, parent, parent_dist, &mut cells);
            let x = wall.cell.row as usize * units.size + wall.cell.column as usize;
            for (p, &d) in dist.iter().enumerate() {
                let q = wall.in_parent(units, unit, index, parent, p as u64) as usize;
                tally.check(cells[q], x, parent_dist[q], d, || {
                    format!("unit {unit}, position {p}, {wall:?}")
                });
            }
        });
        (tally.checked, tally.longer)
    }

    #[test]
    fn a_wall_lengthens_exactly_where_its_cell_is_unavoidable() {
        let (checked, longer) = check_walls(&Units::new(4, 2), 1);
        assert!(checked > 100_000 && longer > 10_000, "{checked} {longer}");
        let (checked, longer) = check_walls(&Units::new(5, 2), 97);
        assert!(
            checked > 1_000_000 && longer > 100_000,
            "{checked} {longer}"
        );
    }

    /// The same on every 7th walled 5x5 unit, for the full suite (half a
    /// minute; every unit, `check_walls(&Units::new(5, 2), 1)`, takes about
    /// twelve: `cargo test -p unblocker-gen --lib unavoidable -- --ignored`).
    #[test]
    #[ignore = "minutes: the full suite runs it"]
    fn a_wall_lengthens_exactly_where_its_cell_is_unavoidable_on_5x5() {
        let (checked, longer) = check_walls(&Units::new(5, 2), 7);
        assert!(
            checked > 10_000_000 && longer > 1_000_000,
            "{checked} {longer}"
        );
    }

    /// Blocks read a fiber at a time and as a whole give the same cells: on
    /// every 4x4 unit (up to two walls) and units spread over the 5x5 and
    /// 6x6 ones (those of up to a million positions).
    #[test]
    fn fibers_and_whole_blocks_give_the_same_cells() {
        let mut search = Retrograde::new();
        let mut dist = Vec::new();
        let mut read = [Vec::new(), Vec::new(), Vec::new()];
        for (size, walls, step) in [(4, 2, 1), (5, 2, 97), (6, 2, 265_997)] {
            let units = Units::new(size, walls);
            for unit in (0..units.len()).step_by(step) {
                let index = units.index(unit);
                if index.positions() > 1_000_000 {
                    continue;
                }
                let mut moves = [0u64; 3];
                for ((sparse, cells), moves) in [SPARSE, 0, usize::MAX]
                    .into_iter()
                    .zip(&mut read)
                    .zip(&mut moves)
                {
                    let mut unavoidable = Unavoidable {
                        sparse,
                        ..Unavoidable::default()
                    };
                    unavoidable.cells(&mut search, &index, &mut dist, cells);
                    *moves = unavoidable.moves();
                }
                assert_eq!(read[0], read[1], "{size}x{size} unit {unit}");
                assert_eq!(read[0], read[2], "{size}x{size} unit {unit}");
                assert!(moves[0] == moves[1] && moves[0] == moves[2], "{moves:?}");
            }
        }
    }

    /// The distances with a wall on `cell`, whatever the rules say of a
    /// wall there: a search from the goal positions where the cell is
    /// empty, by the moves that do not touch it ([`UNREACHED`] where the
    /// cell is covered or the goal cannot be reached).
    fn avoiding(unit: &Unit, covering: &[[u32; 6]], cell: Cell) -> Vec<u8> {
        let mut dist = vec![UNREACHED; unit.positions() as usize];
        let mut front = Vec::new();
        for block in (0..unit.blocks()).filter(|&b| unit.is_goal_block(b)) {
            let mut at = unit.first(block);
            for f in unit.block_fibers(block) {
                let bits = free_bits(unit, covering, &at, cell);
                if bits != 0 {
                    for x in each(bits) {
                        dist[unit.position_of(block, f, x as u32) as usize] = 0;
                    }
                    front.push((at, bits));
                }
                unit.advance(&mut at);
            }
        }
        let mut level = 0u8;
        while !front.is_empty() {
            level += 1;
            let mut next = Vec::new();
            for (at, bits) in front {
                unit.expand_moves(&at, bits, Moves::Avoiding(cell), |to, moved, _| {
                    let new = moved & level_bits(unit, &dist, to, UNREACHED);
                    for x in each(new) {
                        dist[unit.position_of(to.block, to.fiber, x as u32) as usize] = level;
                    }
                    if new != 0 {
                        next.push((*to, new));
                    }
                });
            }
            front = next;
        }
        dist
    }

    /// On every 4x4 unit (up to two walls), for every cell and every
    /// solvable position where the cell is empty, including the cells where
    /// the rules allow no wall: a search that avoids the cell finds a
    /// longer optimum (or none) exactly when the cell is unavoidable.
    #[test]
    fn unavoidable_cells_are_those_a_search_avoiding_them_needs() {
        let units = Units::new(4, 2);
        let covering = covering(&units.columns);
        let mut search = Retrograde::new();
        let mut unavoidable = Unavoidable::new();
        let (mut dist, mut cells) = (Vec::new(), Vec::new());
        let mut tally = Tally::default();
        for unit in 0..units.len() {
            let index = units.index(unit);
            unavoidable.cells(&mut search, &index, &mut dist, &mut cells);
            for row in 0..4u8 {
                for column in 0..4u8 {
                    let cell = Cell { row, column };
                    let x = (row * 4 + column) as usize;
                    let with_wall = avoiding(&index, &covering, cell);
                    for block in 0..index.blocks() {
                        let mut at = index.first(block);
                        for f in index.block_fibers(block) {
                            for b in each(free_bits(&index, &covering, &at, cell)) {
                                let p = index.position_of(block, f, b as u32) as usize;
                                tally.check(cells[p], x, dist[p], with_wall[p], || {
                                    format!("unit {unit}, position {p}, {cell:?}")
                                });
                            }
                            index.advance(&mut at);
                        }
                    }
                }
            }
        }
        let Tally { checked, longer } = tally;
        assert!(checked > 100_000 && longer > 10_000, "{checked} {longer}");
    }
}
