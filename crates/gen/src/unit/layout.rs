//! The dense index of one unit ([`Unit`]) and its layout: blocks of row
//! fillings, each with its fiber axis and its other axes, the fibers and
//! cells they number, and each block's horizontal slides (its plans).

use super::columns::{map_index, Columns, Crossing};
use super::{NONE, NO_COLUMN};
use unblocker_engine::line::Fillings;

/// One row's fillings in a unit: the arrangements of its class.
#[derive(Clone, Debug)]
pub struct RowClass {
    /// The row's fillings (indices into the row's [`Fillings`]).
    pub fillings: Vec<u32>,
}

/// A horizontal slide from one block: the block it leads to and, per
/// column, the map of its digits (`u16::MAX`: unchanged).
#[derive(Clone, Copy, Debug)]
pub(super) struct Plan {
    pub(super) to: u32,
    pub(super) maps: [u16; 6],
}

impl Plan {
    /// Column `c`'s digit `d` after the slide (`NONE` if its filling
    /// covers a cell the slide needs).
    #[inline(always)]
    pub(super) fn image(&self, columns: &Columns, c: usize, d: u8) -> u8 {
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
    pub(super) columns: &'c Columns,
    pub(super) size: usize,
    pub(super) target_row: usize,
    /// Each row's fillings (row-local cells, filling id), by board row.
    pub(super) rows: Vec<Vec<(u8, u32)>>,
    /// Blocks: mixed radix over the rows, row 0 fastest.
    pub(super) row_stride: [usize; 6],
    pub(super) blocks: usize,
    /// Per block: the fiber axis's column, then the other columns in digit
    /// order (fastest first; `NO_COLUMN` past the board's columns).
    pub(super) fiber_column: Vec<u8>,
    pub(super) axes: Vec<[u8; 5]>,
    /// Per block: the rows' cells in each column (a bit per row).
    pub(super) occupied: Vec<[u8; 6]>,
    /// Per block: each column's fiber stride (0 on the fiber axis) and the
    /// fiber length.
    pub(super) strides: Vec<[u32; 6]>,
    pub(super) fiber_len: Vec<u8>,
    /// Per block: its first fiber and first position (one past the end at
    /// `blocks`).
    pub(super) fiber_start: Vec<u64>,
    pub(super) position_start: Vec<u64>,
    pub(super) goal: Vec<bool>,
    /// Per block: each column's cell stride (1 on the fiber axis, then in
    /// `axes` order), and its first cell (one past the end at `blocks`).
    pub(super) cell_strides: Vec<[u32; 6]>,
    pub(super) cell_start: Vec<u32>,
    /// Per block: its plans, `plans[plan_start[b]..plan_start[b + 1]]`.
    pub(super) plan_start: Vec<u32>,
    pub(super) plans: Vec<Plan>,
    /// Per plan: the slid row and the columns its car covers at some
    /// point of the slide (a bit per column).
    pub(super) plan_cells: Vec<(u8, u8)>,
}

impl<'c> Unit<'c> {
    /// The unit whose rows hold the given fillings: `rows[r]` lists the
    /// fillings of row `r`'s class in `row_fillings[r]` (the target's row is
    /// `(size - 1) / 2`, its car exits on the right).
    pub fn new(columns: &'c Columns, row_fillings: &[&Fillings], rows: &[RowClass]) -> Unit<'c> {
        let size = columns.size;
        assert_eq!(rows.len(), size);
        assert_eq!(row_fillings.len(), size);
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
        let mut unit = Unit {
            columns,
            size,
            target_row: (size - 1) / 2,
            rows,
            row_stride,
            blocks,
            fiber_column: Vec::new(),
            axes: Vec::new(),
            occupied: Vec::new(),
            strides: Vec::new(),
            fiber_len: Vec::new(),
            fiber_start: Vec::new(),
            position_start: Vec::new(),
            goal: Vec::new(),
            cell_strides: Vec::new(),
            cell_start: Vec::new(),
            plan_start: Vec::with_capacity(blocks + 1),
            plans: Vec::new(),
            plan_cells: Vec::new(),
        };
        unit.occupied = (0..blocks).map(|b| unit.occupancy(b)).collect();
        unit.choose_fiber_axes();
        unit.number_cells();
        unit.number_fibers();
        unit.goal = (0..blocks).map(|b| unit.is_goal(b)).collect();
        unit.plan(row_fillings);
        unit
    }

    /// The filling of row `r` in block `b`: its cells (a bit per column)
    /// and its id.
    fn filling(&self, b: usize, r: usize) -> (u8, u32) {
        let row = &self.rows[r];
        row[(b / self.row_stride[r]) % row.len()]
    }

    /// Block `b`'s rows' cells in each column (a bit per row).
    fn occupancy(&self, b: usize) -> [u8; 6] {
        let mut o = [0u8; 6];
        for r in 0..self.rows.len() {
            let cells = self.filling(b, r).0;
            for (c, occ) in o.iter_mut().enumerate().take(self.size) {
                *occ |= ((cells >> c) & 1) << r;
            }
        }
        o
    }

    /// The fillings column `c` has in block `b`.
    fn column_length(&self, b: usize, c: usize) -> u64 {
        self.columns.list[self.occupied[b][c] as usize].len() as u64
    }

    /// Each block's fiber axis and its other axes, longest first. The
    /// unit's most common fiber axis is the column that would leave the
    /// fewest fibers if every block used it; a block takes its longest
    /// column, this one where it is among the longest (fewer slides then
    /// join blocks whose fiber axes differ).
    fn choose_fiber_axes(&mut self) {
        let (size, blocks) = (self.size, self.blocks);
        let length = |b: usize, c: usize| self.column_length(b, c);
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
        self.fiber_column = fiber_column;
        self.axes = axes;
    }

    /// Each block's cell strides (by the column classes' counts) and first
    /// cell.
    fn number_cells(&mut self) {
        let size = self.size;
        let classes =
            |b: usize, c: usize| self.columns.class_count[self.occupied[b][c] as usize] as u32;
        let mut cell_strides = Vec::with_capacity(self.blocks);
        let mut cell_start = Vec::with_capacity(self.blocks + 1);
        let mut cells = 0u64;
        for b in 0..self.blocks {
            let fc = self.fiber_column[b] as usize;
            let mut s = [0u32; 6];
            s[fc] = 1;
            let mut n = classes(b, fc);
            for &c in self.axes[b].iter().take(size - 1) {
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
        self.cell_strides = cell_strides;
        self.cell_start = cell_start;
    }

    /// Each block's fiber strides, fiber length, first fiber and first
    /// position.
    fn number_fibers(&mut self) {
        let blocks = self.blocks;
        let mut strides = Vec::with_capacity(blocks);
        let mut fiber_len = Vec::with_capacity(blocks);
        let mut fiber_start = Vec::with_capacity(blocks + 1);
        let mut position_start = Vec::with_capacity(blocks + 1);
        let (mut fibers, mut positions) = (0u64, 0u64);
        for b in 0..blocks {
            let mut s = [0u32; 6];
            let mut n = 1u32;
            for &c in self.axes[b].iter().take(self.size - 1) {
                s[c as usize] = n;
                n *= self.column_length(b, c as usize) as u32;
            }
            let len = self.column_length(b, self.fiber_column[b] as usize);
            fiber_start.push(fibers);
            position_start.push(positions);
            fibers += n as u64;
            positions += n as u64 * len;
            strides.push(s);
            fiber_len.push(len as u8);
        }
        fiber_start.push(fibers);
        position_start.push(positions);
        self.strides = strides;
        self.fiber_len = fiber_len;
        self.fiber_start = fiber_start;
        self.position_start = position_start;
    }

    /// Whether block `b`'s target row has the target at the exit.
    fn is_goal(&self, b: usize) -> bool {
        let goal_cells = 0b11u8 << (self.size - 2);
        self.filling(b, self.target_row).0 & goal_cells == goal_cells
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
                    self.plan_cells
                        .push((r as u8, swept | from_cells | to_cells));
                }
            }
        }
        self.plan_start.push(self.plans.len() as u32);
    }

    /// A block's non-fiber axes' columns, in digit order (fastest first).
    #[inline(always)]
    pub fn axes_of(&self, block: usize) -> &[u8] {
        &self.axes[block][..self.size - 1]
    }

    /// The runs a vertical move on a non-fiber axis maps as a whole: for
    /// each axis of the block, `(column, run, period)`, where the fibers
    /// with one digit of the column come in runs of `run` fibers (its
    /// stride), one run every `period` fibers (the next axis's stride, or
    /// the whole block).
    #[inline(always)]
    pub fn axis_runs(&self, block: usize) -> impl Iterator<Item = (usize, usize, usize)> + '_ {
        let strides = &self.strides[block];
        let fibers = (self.fiber_start[block + 1] - self.fiber_start[block]) as usize;
        let axes = self.axes_of(block);
        axes.iter().enumerate().map(move |(k, &c)| {
            let period = axes
                .get(k + 1)
                .map_or(fibers, |&c| strides[c as usize] as usize);
            (c as usize, strides[c as usize] as usize, period)
        })
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

    /// The block of a tuple of row fillings (by board row, as places in
    /// each row's class).
    pub fn block_at(&self, row_places: &[usize]) -> usize {
        (0..self.size)
            .map(|r| row_places[r] * self.row_stride[r])
            .sum()
    }

    /// The index of a position: its block's row fillings (by board row, as
    /// places in each row's class) and its column fillings.
    pub fn index_of(&self, row_places: &[usize], column_fillings: &[u32]) -> Option<u64> {
        let block = self.block_at(row_places);
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
