//! Every position of a Rush Hour *unit*, numbered densely and grouped in
//! fibers of bits for whole-unit searches ([`Fibered`]).
//!
//! A unit is one choice of class per row of a square board (the cars and
//! walls of each row, in order). Moves never change a row's class, and a
//! column may hold any filling, so a unit is closed under moves: the
//! database generator explores it as a whole.
//!
//! **Layout.** A *block* is one tuple of row fillings (mixed radix over the
//! rows). Within a block each column is an axis ranging over the column
//! fillings that avoid the block's cells in that column (its *list*, in
//! filling order), so every index is a position (full fill). One column per
//! block, its *fiber axis* (its longest list, so the fewest fibers), is the
//! bit inside a `u32` *fiber*; the other columns number the block's fibers
//! in mixed radix, the longest fastest. A position's index is
//! `block start + fiber in block × fiber length + bit`.
//!
//! **Moves.** A vertical move changes one column's digit: on the fiber axis
//! it maps bits inside the fiber (a neighbour mask per bit), on another axis
//! it moves the whole fiber by a multiple of that axis's stride. A
//! horizontal move changes the block; the columns it sweeps keep only the
//! fillings that avoid the swept cells, and the lists of the columns whose
//! cells it fills or vacates shrink or grow: a *plan* per block and slide
//! holds, per column, the map of digits (and, on the fiber axis, of bits).
//! When the two blocks' fiber axes differ, each position of a fiber lands
//! in a fiber of its own (its bit becomes a digit, and a digit the bit).
//! A block whose fibers mostly hold frontier positions is expanded as a
//! whole: a vertical move ORs runs of fibers into runs of fibers, and a
//! slide visits only the fibers whose digits all have an image.
//!
//! **Cells.** Within a block the columns move independently, so the digits
//! of a column that its slides connect form a *class*, and the positions of
//! a block whose columns stay in given classes form a *cell*: connected by
//! the block's own moves, on average some 15 positions. Cells are numbered
//! densely (mixed radix over the class of each column, the fiber axis
//! first), and a horizontal slide maps a column's class to the classes its
//! digits' images fall in, so a component is found by a search over cells
//! instead of positions.

use crate::line::{Fillings, LineKind};
use crate::Fibered;
use std::ops::Range;

/// A digit that has no image (the column filling covers a swept cell).
const NONE: u8 = u8::MAX;

/// An axis past the board's columns.
const NO_COLUMN: u8 = u8::MAX;

/// How a slide touches one column's cell in the slid row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Crossing {
    /// The car passes over the cell: the column must avoid it.
    Pass = 0,
    /// The car lands on the cell: the column must avoid it, and its list
    /// loses the fillings that cover it.
    Fill = 1,
    /// The car leaves the cell: the column's list gains the fillings that
    /// cover it.
    Vacate = 2,
}

/// The column fillings of a board size and their moves, for every set of
/// cells the rows may cover in a column (`occupied`, a bit per row).
#[derive(Debug)]
pub struct Columns {
    size: usize,
    fillings: Fillings,
    /// Per occupied set: the fillings avoiding it, in filling order.
    list: Vec<Vec<u8>>,
    /// Per occupied set and filling: its digit (`NONE` if it is not listed).
    digit: Vec<[u8; 32]>,
    /// Per occupied set and digit: the digits one slide away (bit mask).
    neighbours: Vec<Vec<u32>>,
    /// Per occupied set and digit: the digits of the fillings with one car
    /// fewer.
    fewer: Vec<Vec<Vec<u8>>>,
    /// Per (occupied set, row, crossing): the image of each digit.
    maps: Vec<[u8; 32]>,
    /// Per occupied set and digit: its *class*, the digits its slides
    /// connect (numbered from 0 in digit order), and per occupied set the
    /// number of classes.
    class: Vec<[u8; 32]>,
    class_count: Vec<u8>,
    /// Per occupied set and class: its digits (bit mask).
    class_digits: Vec<[u32; 32]>,
    /// Per map (as `maps`) and class of its occupied set: the classes (of
    /// the occupied set after the slide) its digits' images fall in.
    class_image: Vec<[u32; 32]>,
}

impl Columns {
    /// The column tables of a `size` × `size` board (3 to 6).
    pub fn new(size: usize) -> Columns {
        assert!((3..=6).contains(&size), "board size {size} is not 3 to 6");
        let fillings = Fillings::new(LineKind::Column, size, 0);
        let count = fillings.items.len();
        debug_assert!(count <= 32);
        let sets = 1usize << size;
        let mut list = vec![Vec::new(); sets];
        let mut digit = vec![[NONE; 32]; sets];
        let mut neighbours = vec![Vec::new(); sets];
        let mut fewer = vec![Vec::new(); sets];
        for occupied in 0..sets {
            for (f, &cells) in fillings.cells.iter().enumerate().take(count) {
                if cells as usize & occupied == 0 {
                    digit[occupied][f] = list[occupied].len() as u8;
                    list[occupied].push(f as u8);
                }
            }
            for &f in &list[occupied] {
                let mask = fillings
                    .slides(f as u32, occupied as u8)
                    .iter()
                    .fold(0u32, |m, s| m | 1 << digit[occupied][s.to as usize]);
                neighbours[occupied].push(mask);
                let without = (0..fillings.items[f as usize].len())
                    .map(|slot| digit[occupied][fillings.without(f as u32, slot) as usize])
                    .collect();
                fewer[occupied].push(without);
            }
        }
        let mut class = vec![[NONE; 32]; sets];
        let mut class_count = vec![0u8; sets];
        for occupied in 0..sets {
            for d in 0..list[occupied].len() {
                if class[occupied][d] != NONE {
                    continue;
                }
                let id = class_count[occupied];
                class_count[occupied] += 1;
                let mut todo = vec![d];
                class[occupied][d] = id;
                while let Some(x) = todo.pop() {
                    let mut near = neighbours[occupied][x];
                    while near != 0 {
                        let y = near.trailing_zeros() as usize;
                        near &= near - 1;
                        if class[occupied][y] == NONE {
                            class[occupied][y] = id;
                            todo.push(y);
                        }
                    }
                }
            }
        }
        let mut class_digits = vec![[0u32; 32]; sets];
        for occupied in 0..sets {
            for d in 0..list[occupied].len() {
                class_digits[occupied][class[occupied][d] as usize] |= 1 << d;
            }
        }
        let mut maps = vec![[NONE; 32]; sets * 6 * 3];
        let mut class_image = vec![[0u32; 32]; maps.len()];
        for occupied in 0..sets {
            for row in 0..size {
                let bit = 1usize << row;
                for crossing in [Crossing::Pass, Crossing::Fill, Crossing::Vacate] {
                    let after = match crossing {
                        Crossing::Pass => occupied,
                        Crossing::Fill => occupied | bit,
                        Crossing::Vacate => occupied & !bit,
                    };
                    let m = map_index(occupied as u8, row, crossing) as usize;
                    for (d, &f) in list[occupied].iter().enumerate() {
                        let covers = fillings.cells[f as usize] as usize & bit != 0;
                        if crossing == Crossing::Vacate || !covers {
                            let to = digit[after][f as usize];
                            debug_assert_ne!(to, NONE, "a filling that avoids the cells");
                            maps[m][d] = to;
                            class_image[m][class[occupied][d] as usize] |=
                                1 << class[after][to as usize];
                        }
                    }
                }
            }
        }
        Columns {
            size,
            fillings,
            list,
            digit,
            neighbours,
            fewer,
            maps,
            class,
            class_count,
            class_digits,
            class_image,
        }
    }

    /// The column fillings (shared by every column of the board).
    pub fn fillings(&self) -> &Fillings {
        &self.fillings
    }

    /// The fillings a column may hold when the rows cover `occupied`.
    pub fn list(&self, occupied: u8) -> &[u8] {
        &self.list[occupied as usize]
    }

    /// The digits of the fillings with one car fewer than the filling at
    /// `digit` (same occupied set).
    pub fn fewer(&self, occupied: u8, digit: u8) -> &[u8] {
        &self.fewer[occupied as usize][digit as usize]
    }
}

fn map_index(occupied: u8, row: usize, crossing: Crossing) -> u16 {
    ((occupied as usize * 6 + row) * 3 + crossing as usize) as u16
}

/// The images of a fiber's bits under a column's digit map (a bit whose
/// digit has no image is dropped).
#[inline(always)]
fn map_bits(map: &[u8; 32], bits: u32) -> u32 {
    let mut out = 0u32;
    let mut rest = bits;
    while rest != 0 {
        let d = map[rest.trailing_zeros() as usize];
        rest &= rest - 1;
        if d != NONE {
            out |= 1 << d;
        }
    }
    out
}

/// Steps `pick` (one digit per axis from `first` on, each below its
/// count) to the next choice, the lowest axis fastest; false after the last.
#[inline(always)]
fn odometer(pick: &mut [usize; 5], counts: &[usize], first: usize) -> bool {
    for k in first..counts.len() {
        pick[k] += 1;
        if pick[k] < counts[k] {
            return true;
        }
        pick[k] = 0;
    }
    false
}

/// A block is expanded fiber by fiber ([`unblocker_engine::expand_each`])
/// when fewer than one fiber in `SPARSE` holds frontier positions, and
/// swept as a whole ([`Unit::sweep`]) otherwise.
const SPARSE: usize = 8;

/// One row's fillings in a unit: the arrangements of its class.
#[derive(Clone, Debug)]
pub struct RowClass {
    /// The row's fillings (indices into the row's [`Fillings`]).
    pub fillings: Vec<u32>,
}

/// A horizontal slide from one block: the block it leads to and, per
/// column, the map of its digits (`u16::MAX`: unchanged).
#[derive(Clone, Copy, Debug)]
struct Plan {
    to: u32,
    maps: [u16; 6],
}

impl Plan {
    /// Column `c`'s digit `d` after the slide (`NONE` if its filling
    /// covers a cell the slide needs).
    #[inline(always)]
    fn image(&self, columns: &Columns, c: usize, d: u8) -> u8 {
        match self.maps[c] {
            u16::MAX => d,
            map => columns.maps[map as usize][d as usize],
        }
    }
}

/// Where a fiber is: its block and, per column, its digit (0 on the
/// block's fiber axis, whose digits are the fiber's bits).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FiberAt {
    pub fiber: usize,
    pub block: usize,
    pub digits: [u8; 6],
}

/// A row filling's slide: the filling it leads to (its place in the
/// class), the cells it sweeps, leaves and fills (bit per column).
type RowSlide = (usize, u8, u8, u8);

/// The dense index of one unit (see the module documentation).
#[derive(Debug)]
pub struct Unit<'c> {
    columns: &'c Columns,
    size: usize,
    target_row: usize,
    /// Each row's fillings (row-local cells, filling id), by board row.
    rows: Vec<Vec<(u8, u32)>>,
    /// Blocks: mixed radix over the rows, row 0 fastest.
    row_stride: [usize; 6],
    blocks: usize,
    /// Per block: the fiber axis's column, then the other columns in digit
    /// order (fastest first; `NO_COLUMN` past the board's columns).
    fiber_column: Vec<u8>,
    axes: Vec<[u8; 5]>,
    /// Per block: the rows' cells in each column (a bit per row).
    occupied: Vec<[u8; 6]>,
    /// Per block: each column's fiber stride (0 on the fiber axis) and the
    /// fiber length.
    strides: Vec<[u32; 6]>,
    fiber_len: Vec<u8>,
    /// Per block: its first fiber and first position (one past the end at
    /// `blocks`).
    fiber_start: Vec<u64>,
    position_start: Vec<u64>,
    goal: Vec<bool>,
    /// Per block: each column's cell stride (1 on the fiber axis, then in
    /// `axes` order), and its first cell (one past the end at `blocks`).
    cell_strides: Vec<[u32; 6]>,
    cell_start: Vec<u32>,
    /// Per block: its plans, `plans[plan_start[b]..plan_start[b + 1]]`.
    plan_start: Vec<u32>,
    plans: Vec<Plan>,
}

impl<'c> Unit<'c> {
    /// The unit whose rows hold the given fillings: `rows[r]` lists the
    /// fillings of row `r`'s class in `row_fillings[r]` (the target's row is
    /// `(size - 1) / 2`, its car exits on the right).
    pub fn new(columns: &'c Columns, row_fillings: &[&Fillings], rows: &[RowClass]) -> Unit<'c> {
        let size = columns.size;
        assert_eq!(rows.len(), size);
        assert_eq!(row_fillings.len(), size);
        let target_row = (size - 1) / 2;
        let rows: Vec<Vec<(u8, u32)>> = rows
            .iter()
            .zip(row_fillings)
            .map(|(class, f)| {
                class
                    .fillings
                    .iter()
                    .map(|&s| (f.cells[s as usize], s))
                    .collect()
            })
            .collect();
        let mut row_stride = [0; 6];
        let mut blocks = 1;
        for r in 0..size {
            row_stride[r] = blocks;
            blocks *= rows[r].len();
        }
        let occupied: Vec<[u8; 6]> = (0..blocks)
            .map(|b| {
                let mut o = [0u8; 6];
                for (r, row) in rows.iter().enumerate() {
                    let cells = row[(b / row_stride[r]) % row.len()].0;
                    for (c, occ) in o.iter_mut().enumerate().take(size) {
                        *occ |= ((cells >> c) & 1) << r;
                    }
                }
                o
            })
            .collect();
        let length = |b: usize, c: usize| columns.list[occupied[b][c] as usize].len() as u64;
        // The unit's most common fiber axis: the column that would leave the
        // fewest fibers if every block used it. A block takes its longest
        // column, this one where it is among the longest (fewer slides then
        // join blocks whose fiber axes differ).
        let common = (0..size)
            .min_by_key(|&a| {
                (0..blocks)
                    .map(|b| {
                        (0..size)
                            .filter(|&c| c != a)
                            .map(|c| length(b, c))
                            .product::<u64>()
                    })
                    .sum::<u64>()
            })
            .expect("a board has columns");
        let fiber_column: Vec<u8> = (0..blocks)
            .map(|b| {
                let longest = (0..size).map(|c| length(b, c)).max().unwrap_or(0);
                let c = if length(b, common) == longest {
                    common
                } else {
                    (0..size)
                        .find(|&c| length(b, c) == longest)
                        .expect("a board has columns")
                };
                c as u8
            })
            .collect();
        let axes: Vec<[u8; 5]> = fiber_column
            .iter()
            .enumerate()
            .map(|(b, &fc)| {
                let mut order: Vec<u8> = (0..size as u8).filter(|&c| c != fc).collect();
                order.sort_by_key(|&c| std::cmp::Reverse(length(b, c as usize)));
                let mut axes = [NO_COLUMN; 5];
                axes[..order.len()].copy_from_slice(&order);
                axes
            })
            .collect();
        let classes = |b: usize, c: usize| columns.class_count[occupied[b][c] as usize] as u32;
        let mut cell_strides = Vec::with_capacity(blocks);
        let mut cell_start = Vec::with_capacity(blocks + 1);
        let mut cells = 0u64;
        for b in 0..blocks {
            let fc = fiber_column[b] as usize;
            let mut s = [0u32; 6];
            s[fc] = 1;
            let mut n = classes(b, fc);
            for &c in axes[b].iter().take(size - 1) {
                s[c as usize] = n;
                n *= classes(b, c as usize);
            }
            cell_start.push(cells as u32);
            cells += n as u64;
            cell_strides.push(s);
        }
        assert!(
            cells < u32::MAX as u64,
            "a unit's cells are numbered in 32 bits"
        );
        cell_start.push(cells as u32);
        let mut strides = Vec::with_capacity(blocks);
        let mut fiber_len = Vec::with_capacity(blocks);
        let mut fiber_start = Vec::with_capacity(blocks + 1);
        let mut position_start = Vec::with_capacity(blocks + 1);
        let (mut fibers, mut positions) = (0u64, 0u64);
        for b in 0..blocks {
            let mut s = [0u32; 6];
            let mut n = 1u32;
            for &c in axes[b].iter().take(size - 1) {
                s[c as usize] = n;
                n *= length(b, c as usize) as u32;
            }
            let len = length(b, fiber_column[b] as usize);
            fiber_start.push(fibers);
            position_start.push(positions);
            fibers += n as u64;
            positions += n as u64 * len;
            strides.push(s);
            fiber_len.push(len as u8);
        }
        fiber_start.push(fibers);
        position_start.push(positions);
        let goal_cells = 0b11u8 << (size - 2);
        let goal = (0..blocks)
            .map(|b| {
                let row = &rows[target_row];
                row[(b / row_stride[target_row]) % row.len()].0 & goal_cells == goal_cells
            })
            .collect();
        let mut unit = Unit {
            columns,
            size,
            target_row,
            rows,
            row_stride,
            blocks,
            fiber_column,
            axes,
            occupied,
            strides,
            fiber_len,
            fiber_start,
            position_start,
            goal,
            cell_strides,
            cell_start,
            plan_start: Vec::with_capacity(blocks + 1),
            plans: Vec::new(),
        };
        unit.plan(row_fillings);
        unit
    }

    /// Every block's horizontal slides.
    fn plan(&mut self, row_fillings: &[&Fillings]) {
        // Each row filling's slides, with the filling's place in the class.
        let slides: Vec<Vec<Vec<RowSlide>>> = self
            .rows
            .iter()
            .zip(row_fillings)
            .map(|(row, fillings)| {
                row.iter()
                    .map(|&(_, f)| {
                        fillings
                            .slides(f, 0)
                            .iter()
                            .map(|s| {
                                let to = row
                                    .iter()
                                    .position(|&(_, g)| g == s.to)
                                    .expect("a slide keeps the row's class");
                                (to, s.swept, s.from_cells, s.to_cells)
                            })
                            .collect()
                    })
                    .collect()
            })
            .collect();
        for b in 0..self.blocks {
            self.plan_start.push(self.plans.len() as u32);
            for (r, row_slides) in slides.iter().enumerate().take(self.size) {
                let a = (b / self.row_stride[r]) % self.rows[r].len();
                for &(to, swept, from_cells, to_cells) in &row_slides[a] {
                    let mut maps = [u16::MAX; 6];
                    for (c, map) in maps.iter_mut().enumerate().take(self.size) {
                        let bit = 1u8 << c;
                        let crossing = if to_cells & bit != 0 {
                            Crossing::Fill
                        } else if from_cells & bit != 0 {
                            Crossing::Vacate
                        } else if swept & bit != 0 {
                            Crossing::Pass
                        } else {
                            continue;
                        };
                        *map = map_index(self.occupied[b][c], r, crossing);
                    }
                    self.plans.push(Plan {
                        to: (b + (to * self.row_stride[r]) - a * self.row_stride[r]) as u32,
                        maps,
                    });
                }
            }
        }
        self.plan_start.push(self.plans.len() as u32);
    }

    /// The positions of the fiber `at` one move from `bits` without
    /// leaving the fiber (the part of an expansion that stays in it).
    #[inline(always)]
    fn within(&self, block: usize, bits: u32) -> u32 {
        let fc = self.fiber_column[block] as usize;
        let near = &self.columns.neighbours[self.occupied[block][fc] as usize];
        let mut inside = 0u32;
        let mut rest = bits;
        while rest != 0 {
            inside |= near[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        inside
    }
    /// [`Fibered::expand_block`] as word operations over the whole block:
    /// a vertical move on a non-fiber axis ORs runs of fibers into runs of
    /// fibers, and a slide visits only the fibers whose digits all have an
    /// image (the others' positions cannot make it).
    fn sweep(&self, block: usize, front: &[u32], next: &mut [u32]) {
        let columns = self.columns;
        let occ = &self.occupied[block];
        let s = &self.strides[block];
        let fc = self.fiber_column[block] as usize;
        let start = self.fiber_start[block] as usize;
        let n = self.fiber_start[block + 1] as usize - start;
        let front = &front[start..start + n];
        // Vertical moves on the fiber axis stay in the fiber.
        for (f, &bits) in front.iter().enumerate() {
            if bits != 0 {
                next[start + f] |= self.within(block, bits);
            }
        }
        // Vertical moves on the other axes: all the fibers with digit `d`
        // move to those with digit `j`, runs of `s[c]` fibers at a time.
        let axes = self.axes_of(block);
        for (k, &c) in axes.iter().enumerate() {
            let c = c as usize;
            let run = s[c] as usize;
            let period = axes.get(k + 1).map_or(n, |&c| s[c as usize] as usize);
            for (d, &near) in columns.neighbours[occ[c] as usize].iter().enumerate() {
                let mut targets = near;
                while targets != 0 {
                    let j = targets.trailing_zeros() as usize;
                    targets &= targets - 1;
                    for outer in (0..n).step_by(period) {
                        let from = &front[outer + d * run..][..run];
                        let to = &mut next[start + outer + j * run..][..run];
                        for (t, &f) in to.iter_mut().zip(from) {
                            *t |= f;
                        }
                    }
                }
            }
        }
        // Slides: per axis, the (source, target) fiber offsets of the
        // digits that have an image (on the target's fiber axis, whose
        // stride is 0, the target bit instead).
        let mut offsets = [[(0u32, 0u32); 32]; 5];
        let mut counts = [0usize; 5];
        'plans: for plan in
            &self.plans[self.plan_start[block] as usize..self.plan_start[block + 1] as usize]
        {
            let to = plan.to as usize;
            let s2 = &self.strides[to];
            let fc2 = self.fiber_column[to] as usize;
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
            let target = self.fiber_start[to] as usize;
            if fc2 == fc {
                let fiber_map = match plan.maps[fc] {
                    u16::MAX => None,
                    map => Some(&columns.maps[map as usize]),
                };
                // Every choice of a digit with an image on axes 1.., axis 0
                // innermost.
                let mut pick = [0usize; 5];
                loop {
                    let (mut from, mut into) = (0u32, 0u32);
                    for k in 1..axes.len() {
                        let (a, b) = offsets[k][pick[k]];
                        from += a;
                        into += b;
                    }
                    for &(a, b) in &offsets[0][..counts[0]] {
                        let bits = front[(from + a) as usize];
                        if bits != 0 {
                            let moved = fiber_map.map_or(bits, |map| map_bits(map, bits));
                            next[target + (into + b) as usize] |= moved;
                        }
                    }
                    if !odometer(&mut pick, &counts[..axes.len()], 1) {
                        continue 'plans;
                    }
                }
            }
            // The target's fiber axis is an axis here, and this fiber's bits
            // are digits there: each bit lands in its own fiber.
            let kb = axes
                .iter()
                .position(|&c| c as usize == fc2)
                .expect("the target's fiber axis is one of this block's axes");
            let mut into_fiber = [u32::MAX; 32];
            for (x, into) in into_fiber
                .iter_mut()
                .enumerate()
                .take(self.fiber_len[block] as usize)
            {
                let d = plan.image(columns, fc, x as u8);
                if d != NONE {
                    *into = d as u32 * s2[fc];
                }
            }
            let mut pick = [0usize; 5];
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
                    let mut rest = front[(from + a) as usize];
                    while rest != 0 {
                        let x = rest.trailing_zeros() as usize;
                        rest &= rest - 1;
                        if into_fiber[x] != u32::MAX {
                            next[target + (into + into_fiber[x]) as usize] |= 1 << bit;
                        }
                    }
                }
                if !odometer(&mut pick, &counts[..axes.len()], 1) {
                    continue 'plans;
                }
            }
        }
    }

    /// A block's non-fiber axes' columns, in digit order (fastest first).
    #[inline(always)]
    fn axes_of(&self, block: usize) -> &[u8] {
        &self.axes[block][..self.size - 1]
    }

    /// A cell's class in each column.
    fn cell_classes(&self, block: usize, cell: u32) -> [u8; 6] {
        let cs = &self.cell_strides[block];
        let fc = self.fiber_column[block] as usize;
        let mut local = cell - self.cell_start[block];
        let mut classes = [0u8; 6];
        for &c in self.axes_of(block).iter().rev() {
            let c = c as usize;
            classes[c] = (local / cs[c]) as u8;
            local %= cs[c];
        }
        classes[fc] = local as u8;
        classes
    }

    /// The board size.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The block of a fiber.
    pub fn block_of(&self, fiber: usize) -> usize {
        self.fiber_start.partition_point(|&s| s <= fiber as u64) - 1
    }

    /// The block, fiber and bit of a position index.
    pub fn locate(&self, position: u64) -> (FiberAt, u32) {
        let block = self.position_start.partition_point(|&s| s <= position) - 1;
        let local = position - self.position_start[block];
        let len = self.fiber_len[block] as u64;
        let fiber = self.fiber_start[block] as usize + (local / len) as usize;
        (self.fiber_at(block, fiber), (local % len) as u32)
    }

    /// Where a fiber of `block` is.
    pub fn fiber_at(&self, block: usize, fiber: usize) -> FiberAt {
        let mut local = (fiber - self.fiber_start[block] as usize) as u32;
        let s = &self.strides[block];
        let mut digits = [0u8; 6];
        for &c in self.axes_of(block).iter().rev() {
            let c = c as usize;
            digits[c] = (local / s[c]) as u8;
            local %= s[c];
        }
        FiberAt {
            fiber,
            block,
            digits,
        }
    }

    /// The index of a position: its block's row fillings (by board row, as
    /// places in each row's class) and its column fillings.
    pub fn index_of(&self, row_places: &[usize], column_fillings: &[u32]) -> Option<u64> {
        let block: usize = (0..self.size)
            .map(|r| row_places[r] * self.row_stride[r])
            .sum();
        let occ = &self.occupied[block];
        let digit = |c: usize| {
            let d = self.columns.digit[occ[c] as usize][column_fillings[c] as usize];
            (d != NONE).then_some(d as u64)
        };
        let s = &self.strides[block];
        let mut fiber = self.fiber_start[block];
        for &c in self.axes_of(block) {
            fiber += digit(c as usize)? * s[c as usize] as u64;
        }
        let local = (fiber - self.fiber_start[block]) * self.fiber_len[block] as u64;
        Some(self.position_start[block] + local + digit(self.fiber_column[block] as usize)?)
    }

    /// The position at an index: each row's place in its class and each
    /// column's filling.
    pub fn position(&self, index: u64) -> (Vec<usize>, Vec<u32>) {
        let (at, bit) = self.locate(index);
        let b = at.block;
        let rows = (0..self.size)
            .map(|r| (b / self.row_stride[r]) % self.rows[r].len())
            .collect();
        let mut columns = vec![0u32; self.size];
        let list = |c: usize| &self.columns.list[self.occupied[b][c] as usize];
        let fc = self.fiber_column[b] as usize;
        columns[fc] = list(fc)[bit as usize] as u32;
        for &c in self.axes_of(b) {
            let c = c as usize;
            columns[c] = list(c)[at.digits[c] as usize] as u32;
        }
        (rows, columns)
    }

    /// The column fillings of a fiber's positions: per column, the filling
    /// of its digit (0 on the fiber axis: [`Unit::fiber_axis`] lists the
    /// bits' fillings).
    pub fn column_fillings(&self, at: &FiberAt) -> [u8; 6] {
        let mut out = [0u8; 6];
        for &c in self.axes_of(at.block) {
            let c = c as usize;
            out[c] = self.columns.list[self.occupied[at.block][c] as usize][at.digits[c] as usize];
        }
        out
    }

    /// The fiber axis's column and its fillings in `block` (bit order).
    pub fn fiber_axis(&self, block: usize) -> (usize, &[u8]) {
        let c = self.fiber_column[block] as usize;
        (c, &self.columns.list[self.occupied[block][c] as usize])
    }

    /// Each row's place in its class for a block.
    pub fn row_places(&self, block: usize) -> impl Iterator<Item = usize> + '_ {
        (0..self.size).map(move |r| (block / self.row_stride[r]) % self.rows[r].len())
    }

    /// The rows' cells in each column of a block (a bit per row).
    pub fn occupied(&self, block: usize) -> &[u8; 6] {
        &self.occupied[block]
    }

    /// Each column's fiber stride in a block (0 on its fiber axis).
    pub fn strides(&self, block: usize) -> &[u32; 6] {
        &self.strides[block]
    }

    /// The target's row.
    pub fn target_row(&self) -> usize {
        self.target_row
    }

    /// The column tables.
    pub fn columns(&self) -> &'c Columns {
        self.columns
    }
}

impl Fibered for Unit<'_> {
    type At = FiberAt;

    fn blocks(&self) -> usize {
        self.blocks
    }

    fn fibers(&self) -> usize {
        self.fiber_start[self.blocks] as usize
    }

    fn positions(&self) -> u64 {
        self.position_start[self.blocks]
    }

    fn block_fibers(&self, block: usize) -> Range<usize> {
        self.fiber_start[block] as usize..self.fiber_start[block + 1] as usize
    }

    fn fiber_mask(&self, block: usize) -> u32 {
        (1u64 << self.fiber_len[block]).wrapping_sub(1) as u32
    }

    fn position_of(&self, block: usize, fiber: usize, bit: u32) -> u64 {
        self.position_start[block]
            + (fiber as u64 - self.fiber_start[block]) * self.fiber_len[block] as u64
            + bit as u64
    }

    fn is_goal_block(&self, block: usize) -> bool {
        self.goal[block]
    }

    fn block_neighbours(&self, block: usize) -> impl Iterator<Item = usize> + '_ {
        self.plans[self.plan_start[block] as usize..self.plan_start[block + 1] as usize]
            .iter()
            .map(|p| p.to as usize)
    }

    #[inline]
    fn first(&self, block: usize) -> FiberAt {
        FiberAt {
            fiber: self.fiber_start[block] as usize,
            block,
            digits: [0; 6],
        }
    }

    #[inline(always)]
    fn advance(&self, at: &mut FiberAt) {
        at.fiber += 1;
        let occ = &self.occupied[at.block];
        for &c in self.axes_of(at.block) {
            let c = c as usize;
            at.digits[c] += 1;
            if (at.digits[c] as usize) < self.columns.list[occ[c] as usize].len() {
                return;
            }
            at.digits[c] = 0;
        }
    }

    #[inline(always)]
    fn fiber(at: &FiberAt) -> usize {
        at.fiber
    }

    #[inline(always)]
    fn block(at: &FiberAt) -> usize {
        at.block
    }

    #[inline(always)]
    fn expand(&self, at: &FiberAt, bits: u32, mut emit: impl FnMut(&FiberAt, u32)) {
        let columns = self.columns;
        let b = at.block;
        let occ = &self.occupied[b];
        let s = &self.strides[b];
        let fc = self.fiber_column[b] as usize;
        // Vertical moves on the fiber axis stay in the fiber.
        let inside = self.within(b, bits);
        if inside != 0 {
            emit(at, inside);
        }
        // Vertical moves on the other axes move the whole fiber.
        for &c in self.axes_of(b) {
            let c = c as usize;
            let d = at.digits[c];
            let mut targets = columns.neighbours[occ[c] as usize][d as usize];
            while targets != 0 {
                let j = targets.trailing_zeros() as u8;
                targets &= targets - 1;
                let mut to = *at;
                to.digits[c] = j;
                to.fiber = (at.fiber as isize + (j as isize - d as isize) * s[c] as isize) as usize;
                emit(&to, bits);
            }
        }
        // Horizontal moves change the block.
        'plans: for plan in
            &self.plans[self.plan_start[b] as usize..self.plan_start[b + 1] as usize]
        {
            let to_block = plan.to as usize;
            let s2 = &self.strides[to_block];
            let fc2 = self.fiber_column[to_block] as usize;
            let mut to = FiberAt {
                fiber: self.fiber_start[to_block] as usize,
                block: to_block,
                digits: [0; 6],
            };
            for &c in self.axes_of(b) {
                let c = c as usize;
                let d = plan.image(columns, c, at.digits[c]);
                if d == NONE {
                    continue 'plans;
                }
                to.digits[c] = d;
                to.fiber += d as usize * s2[c] as usize;
            }
            if fc2 == fc {
                let moved = match plan.maps[fc] {
                    u16::MAX => bits,
                    map => map_bits(&columns.maps[map as usize], bits),
                };
                if moved != 0 {
                    emit(&to, moved);
                }
            } else {
                // The target's fiber axis is a digit here, and this fiber's
                // bits are digits there: each bit lands in its own fiber.
                // (Its stride is 0: the digit added nothing to the fiber.)
                let bit = to.digits[fc2];
                to.digits[fc2] = 0;
                let mut rest = bits;
                while rest != 0 {
                    let x = rest.trailing_zeros() as u8;
                    rest &= rest - 1;
                    let d = plan.image(columns, fc, x);
                    if d != NONE {
                        let mut one = to;
                        one.digits[fc] = d;
                        one.fiber += d as usize * s2[fc] as usize;
                        emit(&one, 1 << bit);
                    }
                }
            }
        }
    }

    fn expand_block(&self, block: usize, front: &[u32], next: &mut [u32]) {
        let fibers = self.block_fibers(block);
        let live = front[fibers.clone()]
            .iter()
            .filter(|&&bits| bits != 0)
            .count();
        if live * SPARSE < fibers.len() {
            crate::expand_each(self, block, front, next);
        } else {
            self.sweep(block, front, next);
        }
    }

    fn cells(&self) -> usize {
        self.cell_start[self.blocks] as usize
    }

    #[inline(always)]
    fn cell_of(&self, at: &FiberAt) -> impl Fn(u32) -> u32 + '_ {
        let b = at.block;
        let occ = &self.occupied[b];
        let cs = &self.cell_strides[b];
        let mut base = self.cell_start[b];
        for &c in self.axes_of(b) {
            let c = c as usize;
            base += self.columns.class[occ[c] as usize][at.digits[c] as usize] as u32 * cs[c];
        }
        let classes = &self.columns.class[occ[self.fiber_column[b] as usize] as usize];
        move |bit| base + classes[bit as usize] as u32
    }

    fn cell_fibers(&self, block: usize, cell: u32, mut emit: impl FnMut(&FiberAt, u32)) {
        let class_digits = &self.columns.class_digits;
        let occ = &self.occupied[block];
        let classes = self.cell_classes(block, cell);
        let digits_of = |c: usize| class_digits[occ[c] as usize][classes[c] as usize];
        let bits = digits_of(self.fiber_column[block] as usize);
        let s = &self.strides[block];
        let axes = self.axes_of(block);
        // Every choice of one digit per non-fiber axis in its class.
        let sets: [u32; 5] =
            std::array::from_fn(|k| axes.get(k).map_or(1, |&c| digits_of(c as usize)));
        let mut pick = sets;
        loop {
            let mut at = FiberAt {
                fiber: self.fiber_start[block] as usize,
                block,
                digits: [0; 6],
            };
            for (k, &c) in axes.iter().enumerate() {
                let c = c as usize;
                let d = pick[k].trailing_zeros();
                at.digits[c] = d as u8;
                at.fiber += (d * s[c]) as usize;
            }
            emit(&at, bits);
            let mut k = 0;
            loop {
                if k == axes.len() {
                    return;
                }
                pick[k] &= pick[k] - 1;
                if pick[k] != 0 {
                    break;
                }
                pick[k] = sets[k];
                k += 1;
            }
        }
    }

    fn cell_neighbours(&self, block: usize, cell: u32, mut emit: impl FnMut(usize, u32)) {
        let columns = self.columns;
        let classes = self.cell_classes(block, cell);
        'plans: for plan in
            &self.plans[self.plan_start[block] as usize..self.plan_start[block + 1] as usize]
        {
            let to = plan.to as usize;
            let ts = &self.cell_strides[to];
            // The columns whose class has one image add to the base; the
            // others (`spread`, with their image classes) multiply it.
            let mut base = self.cell_start[to];
            let mut spread = [(0usize, 0u32); 6];
            let mut n = 0;
            for c in 0..self.size {
                let images = match plan.maps[c] {
                    u16::MAX => 1 << classes[c],
                    map => columns.class_image[map as usize][classes[c] as usize],
                };
                if images == 0 {
                    continue 'plans;
                }
                if images & (images - 1) == 0 {
                    base += images.trailing_zeros() * ts[c];
                } else {
                    spread[n] = (c, images);
                    n += 1;
                }
            }
            // Every choice of one image class per spread column.
            let mut pick = spread;
            loop {
                let target = base
                    + pick[..n]
                        .iter()
                        .map(|&(c, images)| images.trailing_zeros() * ts[c])
                        .sum::<u32>();
                emit(to, target);
                let mut i = 0;
                loop {
                    if i == n {
                        continue 'plans;
                    }
                    pick[i].1 &= pick[i].1 - 1;
                    if pick[i].1 != 0 {
                        break;
                    }
                    pick[i].1 = spread[i].1;
                    i += 1;
                }
            }
        }
    }
}
