//! For research: the cells that every optimal solution of a position
//! touches (its *unavoidable cells*), for every position of a searched
//! unit, in one pass over the unit's levels ([`Unavoidable`]). They answer
//! the wall test of every unit with one more wall at once.
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
//! **The pass** pulls, level by level from 1 up: each position `P` at
//! level `k` starts with every cell, and each move `m` to a position `Q` at
//! level `k − 1` (whose cells are final) narrows it to
//! `touched(m) | A(Q)`. Only two levels are held, packed in the order of
//! their positions (a position's cells found by its fiber's first and the
//! bits below it), so that what a move reads is close at hand; each level
//! is handed out when final ([`Unavoidable::pass`]). A block with few
//! fibers at level `k` is expanded a fiber at a time
//! ([`Unit::expand_moves`]); the others are read as the search's sweep of
//! a whole block (`sweep`) moves it: runs of fibers for the vertical
//! moves, each slide's digit maps computed once.

use super::sweep::{odometer, SPARSE};
use super::touch::{Moves, Source};
use super::{digit_runs, equal_bytes, window, FiberAt, Unit, NONE};
use crate::retrograde::UNREACHED;
use crate::Fibered;

/// Memory reused from one unit to the next.
pub struct Unavoidable {
    /// Per distance: the fibers holding positions at that distance, with
    /// those positions, in fiber order.
    levels: Vec<Vec<(u32, u32)>>,
    /// The level read and the one closer.
    front: Level,
    closer: Level,
    /// A block is read a fiber at a time when fewer than one of its fibers
    /// in `sparse` holds positions at the level read (the tests force
    /// either way).
    sparse: usize,
}

/// One level's positions and their cells, packed in position order.
#[derive(Default)]
struct Level {
    /// Per fiber of the unit: its positions at the level, and where their
    /// cells start.
    fibers: Vec<(u32, u32)>,
    cells: Vec<u64>,
}

impl Level {
    /// Lays out the positions `fibers` (fiber, bits; in fiber order), every
    /// cell set to `cells`.
    fn fill(&mut self, fibers: &[(u32, u32)], cells: u64) {
        let mut n = 0u32;
        for &(fiber, bits) in fibers {
            self.fibers[fiber as usize] = (bits, n);
            n += bits.count_ones();
        }
        self.cells.clear();
        self.cells.resize(n as usize, cells);
    }

    /// Forgets the positions `fibers` (as laid out).
    fn clear(&mut self, fibers: &[(u32, u32)]) {
        for &(fiber, _) in fibers {
            self.fibers[fiber as usize] = (0, 0);
        }
    }

    /// The place in `cells` of bit `x` of a fiber (its positions `bits`,
    /// from `start`).
    #[inline(always)]
    fn place((bits, start): (u32, u32), x: usize) -> usize {
        start as usize + (bits & ((1u32 << x) - 1)).count_ones() as usize
    }
}

impl Default for Unavoidable {
    fn default() -> Unavoidable {
        Unavoidable {
            levels: Vec::new(),
            front: Level::default(),
            closer: Level::default(),
            sparse: SPARSE,
        }
    }
}

impl Unavoidable {
    pub fn new() -> Unavoidable {
        Unavoidable::default()
    }

    /// Writes into `cells`, for every position of `unit` (`dist` its
    /// distances from a complete search:
    /// [`crate::retrograde::Retrograde::distances`]), its unavoidable cells
    /// (bit `row × size + column`); 0 at the goal positions and where
    /// `dist` is [`UNREACHED`]. Returns the optimal moves read (the moves
    /// from a position to one a level closer).
    pub fn cells(&mut self, unit: &Unit, dist: &[u8], cells: &mut Vec<u64>) -> u64 {
        cells.clear();
        cells.resize(dist.len(), 0);
        self.pass(unit, dist, |level, found| {
            let mut found = found.iter();
            let mut block = 0;
            for &(fiber, bits) in level {
                while unit.fiber_start[block + 1] <= fiber as u64 {
                    block += 1;
                }
                let base = unit.position_of(block, fiber as usize, 0) as usize;
                for x in each(bits) {
                    cells[base + x] = *found.next().expect("cells for every position");
                }
            }
        })
    }

    /// The pass itself: calls `done(positions, cells)` for each level in
    /// turn, from the goal positions up, once the level's cells are final:
    /// its positions as (fiber, bits) in fiber order and their unavoidable
    /// cells in the same order. Returns the optimal moves read.
    pub fn pass(
        &mut self,
        unit: &Unit,
        dist: &[u8],
        mut done: impl FnMut(&[(u32, u32)], &[u64]),
    ) -> u64 {
        for level in &mut self.levels {
            level.clear();
        }
        for block in 0..unit.blocks() {
            let mask = unit.fiber_mask(block);
            for f in unit.block_fibers(block) {
                let bytes = window(dist, unit.position_of(block, f, 0) as usize);
                let mut rest = mask & !equal_bytes(&bytes, &[UNREACHED; 32]);
                while rest != 0 {
                    let level = bytes[rest.trailing_zeros() as usize] as usize;
                    let bits = equal_bytes(&bytes, &[level as u8; 32]) & rest;
                    rest &= !bits;
                    if self.levels.len() <= level {
                        self.levels.resize_with(level + 1, Vec::new);
                    }
                    self.levels[level].push((f as u32, bits));
                }
            }
        }
        for level in [&mut self.front, &mut self.closer] {
            level.fibers.clear();
            level.fibers.resize(unit.fibers(), (0, 0));
        }
        if let Some(goals) = self.levels.first() {
            self.closer.fill(goals, 0);
            done(goals, &self.closer.cells);
        }
        let mut moves = 0;
        for k in 1..self.levels.len() {
            let level = &self.levels[k];
            let (front, closer) = (&mut self.front, &self.closer);
            front.fill(level, u64::MAX);
            // Block by block: a block's fibers are contiguous in the level.
            let (mut i, mut block) = (0, 0);
            while i < level.len() {
                while unit.fiber_start[block + 1] <= level[i].0 as u64 {
                    block += 1;
                }
                let end = unit.fiber_start[block + 1];
                let live = level[i..].partition_point(|&(f, _)| (f as u64) < end);
                if live.saturating_mul(self.sparse) < unit.block_fibers(block).len() {
                    for &(fiber, _) in &level[i..i + live] {
                        let at = unit.fiber_at(block, fiber as usize);
                        moves += pull(unit, front, closer, &at);
                    }
                } else {
                    moves += pull_block(unit, block, front, closer);
                }
                i += live;
            }
            done(level, &front.cells);
            self.closer.clear(&self.levels[k - 1]);
            std::mem::swap(&mut self.front, &mut self.closer);
        }
        moves
    }
}

/// Narrows the unavoidable cells of the positions of the fiber `at` at the
/// level read (`front`) by their moves to the positions one level closer
/// (`closer`), whose cells are final; returns the moves read.
fn pull(unit: &Unit, front: &mut Level, closer: &Level, at: &FiberAt) -> u64 {
    let mut moves = 0u64;
    let block = at.block;
    let here = front.fibers[at.fiber];
    let bits = here.0;
    let occupied = &unit.occupied[block];
    let found = &mut front.cells;
    unit.expand_moves(at, bits, Moves::All, |to, moved, source| {
        let there = closer.fibers[to.fiber];
        let hit = moved & there.0;
        if hit == 0 {
            return;
        }
        let mut narrow = |x: usize, y: usize, touched: u64| {
            found[Level::place(here, x)] &= touched | closer.cells[Level::place(there, y)];
            moves += 1;
        };
        match source {
            Source::Within => {
                // Each position to its neighbours on the fiber axis.
                let c = unit.fiber_column[block] as usize;
                let near = &unit.columns.neighbours[occupied[c] as usize];
                for x in each(bits) {
                    for y in each(near[x] & hit) {
                        narrow(x, y, column_touched(unit, c, occupied[c], x, y));
                    }
                }
            }
            Source::Same if to.block == block => {
                // A vertical move on another axis: one column's digit.
                let c = unit
                    .axes_of(block)
                    .iter()
                    .map(|&c| c as usize)
                    .find(|&c| to.digits[c] != at.digits[c])
                    .expect("a vertical move changes one column");
                let (d, j) = (at.digits[c] as usize, to.digits[c] as usize);
                let touched = column_touched(unit, c, occupied[c], d, j);
                for y in each(hit) {
                    narrow(y, y, touched);
                }
            }
            Source::Same => {
                let touched = row_touched(unit, block, to.block);
                for y in each(hit) {
                    narrow(y, y, touched);
                }
            }
            Source::Map(map) => {
                let touched = row_touched(unit, block, to.block);
                for x in each(bits) {
                    let y = map[x];
                    if y != NONE && hit >> y & 1 != 0 {
                        narrow(x, y as usize, touched);
                    }
                }
            }
            Source::Bit(x) => {
                let touched = row_touched(unit, block, to.block);
                narrow(x as usize, hit.trailing_zeros() as usize, touched);
            }
        }
    });
    moves
}

/// [`pull`] of every fiber of `block` at once, walking the block as the
/// search's sweep of a whole block (`sweep`) does: the vertical moves on
/// the other axes as runs of fibers, each slide's digit maps computed once
/// for the block.
fn pull_block(unit: &Unit, block: usize, front: &mut Level, closer: &Level) -> u64 {
    let columns = unit.columns;
    let occ = &unit.occupied[block];
    let s = &unit.strides[block];
    let fc = unit.fiber_column[block] as usize;
    let start = unit.fiber_start[block] as usize;
    let n = unit.fiber_start[block + 1] as usize - start;
    let (fibers, found) = (&front.fibers[start..start + n], &mut front.cells);
    let mut moves = 0u64;
    // Vertical moves on the fiber axis.
    let near = &columns.neighbours[occ[fc] as usize];
    for (f, &here) in fibers.iter().enumerate() {
        let there = closer.fibers[start + f];
        if here.0 == 0 || there.0 == 0 {
            continue;
        }
        for x in each(here.0) {
            for y in each(near[x] & there.0) {
                found[Level::place(here, x)] &=
                    column_touched(unit, fc, occ[fc], x, y) | closer.cells[Level::place(there, y)];
                moves += 1;
            }
        }
    }
    // Vertical moves on the other axes: the fibers with digit `d` against
    // those with digit `j`, a run of fibers at a time.
    for (c, run, period) in unit.axis_runs(block) {
        for (d, &targets) in columns.neighbours[occ[c] as usize].iter().enumerate() {
            for j in each(targets) {
                let touched = column_touched(unit, c, occ[c], d, j);
                for (from, to) in digit_runs(n, (run, period), d, j) {
                    for i in 0..run {
                        let (here, there) = (fibers[from + i], closer.fibers[start + to + i]);
                        for y in each(here.0 & there.0) {
                            found[Level::place(here, y)] &=
                                touched | closer.cells[Level::place(there, y)];
                            moves += 1;
                        }
                    }
                }
            }
        }
    }
    // Slides: per axis, the (source, target) fiber offsets of the digits
    // that have an image (on the target's fiber axis, the target bit).
    let axes = unit.axes_of(block);
    let mut offsets = [[(0u32, 0u32); 32]; 5];
    let mut counts = [0usize; 5];
    let plans = unit.plan_start[block] as usize..unit.plan_start[block + 1] as usize;
    'plans: for (plan, &(row, touched)) in unit.plans[plans.clone()]
        .iter()
        .zip(&unit.plan_cells[plans])
    {
        let touched = (touched as u64) << (row as usize * unit.size);
        let to = plan.to as usize;
        let s2 = &unit.strides[to];
        let fc2 = unit.fiber_column[to] as usize;
        for (k, &c) in axes.iter().enumerate() {
            let c = c as usize;
            counts[k] = 0;
            for d in 0..columns.list[occ[c] as usize].len() {
                let image = plan.image(columns, c, d as u8);
                if image != NONE {
                    let into = if c == fc2 {
                        image as u32
                    } else {
                        image as u32 * s2[c]
                    };
                    offsets[k][counts[k]] = (d as u32 * s[c], into);
                    counts[k] += 1;
                }
            }
            if counts[k] == 0 {
                continue 'plans;
            }
        }
        let target = &closer.fibers[unit.fiber_start[to] as usize..];
        let mut pick = [0usize; 5];
        if fc2 == fc {
            let fiber_map = match plan.maps[fc] {
                u16::MAX => None,
                map => Some(&columns.maps[map as usize]),
            };
            loop {
                let (mut from, mut into) = (0u32, 0u32);
                for k in 1..axes.len() {
                    let (a, b) = offsets[k][pick[k]];
                    from += a;
                    into += b;
                }
                for &(a, b) in &offsets[0][..counts[0]] {
                    let here = fibers[(from + a) as usize];
                    if here.0 == 0 {
                        continue;
                    }
                    let there = target[(into + b) as usize];
                    if there.0 == 0 {
                        continue;
                    }
                    for x in each(here.0) {
                        let y = fiber_map.map_or(x as u8, |map| map[x]);
                        if y != NONE && there.0 >> y & 1 != 0 {
                            found[Level::place(here, x)] &=
                                touched | closer.cells[Level::place(there, y as usize)];
                            moves += 1;
                        }
                    }
                }
                if !odometer(&mut pick, &counts[..axes.len()], 1) {
                    continue 'plans;
                }
            }
        }
        // The target's fiber axis is an axis here, and this fiber's bits are
        // digits there: each bit lands in its own fiber.
        let kb = axes
            .iter()
            .position(|&c| c as usize == fc2)
            .expect("the target's fiber axis is one of this block's axes");
        let mut into_fiber = [u32::MAX; 32];
        for (x, into) in into_fiber
            .iter_mut()
            .enumerate()
            .take(unit.fiber_len[block] as usize)
        {
            let d = plan.image(columns, fc, x as u8);
            if d != NONE {
                *into = d as u32 * s2[fc];
            }
        }
        loop {
            let (mut from, mut into, mut bit) = (0u32, 0u32, 0u32);
            for k in 1..axes.len() {
                let (a, b) = offsets[k][pick[k]];
                from += a;
                if k == kb {
                    bit = b;
                } else {
                    into += b;
                }
            }
            for &(a, b) in &offsets[0][..counts[0]] {
                let (into, bit) = if kb == 0 { (into, b) } else { (into + b, bit) };
                let here = fibers[(from + a) as usize];
                for x in each(here.0) {
                    if into_fiber[x] == u32::MAX {
                        continue;
                    }
                    let there = target[(into + into_fiber[x]) as usize];
                    if there.0 >> bit & 1 != 0 {
                        found[Level::place(here, x)] &=
                            touched | closer.cells[Level::place(there, bit as usize)];
                        moves += 1;
                    }
                }
            }
            if !odometer(&mut pick, &counts[..axes.len()], 1) {
                continue 'plans;
            }
        }
    }
    moves
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

/// The lines' cells from the first to the last of `changed` (line-local
/// bits): what a slide that changes those cells touches.
#[inline(always)]
fn span(changed: u8) -> u8 {
    let (first, last) = (changed.trailing_zeros(), 7 - changed.leading_zeros());
    ((1u16 << (last + 1)) - (1u16 << first)) as u8
}

/// The cells (bit `row × size + column`) touched by the vertical move of
/// column `c` (rows covering `occupied`) from digit `d` to digit `j`.
#[inline(always)]
fn column_touched(unit: &Unit, c: usize, occupied: u8, d: usize, j: usize) -> u64 {
    let columns = unit.columns;
    let list = &columns.list[occupied as usize];
    let cells = &columns.fillings.cells;
    let rows = span(cells[list[d] as usize] ^ cells[list[j] as usize]);
    (0..unit.size)
        .filter(|&r| rows >> r & 1 != 0)
        .fold(0, |m, r| m | 1 << (r * unit.size + c))
}

/// The cells (bit `row × size + column`) touched by the horizontal slide
/// from block `from` to block `to` (their row fillings differ in one row).
#[inline(always)]
fn row_touched(unit: &Unit, from: usize, to: usize) -> u64 {
    for (r, row) in unit.rows.iter().enumerate() {
        let stride = unit.row_stride[r];
        let (a, b) = ((from / stride) % row.len(), (to / stride) % row.len());
        if a != b {
            return (span(row[a].0 ^ row[b].0) as u64) << (r * unit.size);
        }
    }
    unreachable!("a slide changes one row's filling")
}

#[cfg(test)]
mod tests {
    use super::super::repair::{covering, free_bits, level_bits};
    use super::super::touch::Cell;
    use super::*;
    use crate::retrograde::Retrograde;
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
        let mut cells = Vec::new();
        let mut tally = Tally::default();
        units.each_wall(step, |unit, index, dist, wall, parent, parent_dist| {
            unavoidable.cells(parent, parent_dist, &mut cells);
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
                search.distances(&index, &mut dist);
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
                    *moves = unavoidable.cells(&index, &dist, cells);
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
            search.distances(&index, &mut dist);
            unavoidable.cells(&index, &dist, &mut cells);
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
