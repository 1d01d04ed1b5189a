//! The column tables of a board size ([`Columns`]): every column filling, and
//! for each set of cells the rows may cover in a column, the fillings that
//! avoid it, their slides, their classes and their images under a
//! horizontal slide.

use super::NONE;
use unblocker_engine::line::{Fillings, LineKind};

/// How a slide touches one column's cell in the slid row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Crossing {
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
    pub(super) size: usize,
    pub(super) fillings: Fillings,
    /// Per occupied set: the fillings avoiding it, in filling order.
    pub(super) list: Vec<Vec<u8>>,
    /// Per occupied set and filling: its digit (`NONE` if it is not listed).
    pub(super) digit: Vec<[u8; 32]>,
    /// Per occupied set and digit: the digits one slide away (bit mask).
    pub(super) neighbours: Vec<Vec<u32>>,
    /// Per occupied set and digit: the digits of the fillings with one car
    /// fewer.
    pub(super) fewer: Vec<Vec<Vec<u8>>>,
    /// Per occupied set, digit and row: the digits one slide away whose
    /// slide covers that row's cell at some point (a subset of
    /// `neighbours`).
    pub(super) touching: Vec<Vec<[u32; 6]>>,
    /// Per (occupied set, row, crossing): the image of each digit.
    pub(super) maps: Vec<[u8; 32]>,
    /// Per occupied set and digit: its *class*, the digits its slides
    /// connect (numbered from 0 in digit order), and per occupied set the
    /// number of classes.
    pub(super) class: Vec<[u8; 32]>,
    pub(super) class_count: Vec<u8>,
    /// Per map (as `maps`) and class of its occupied set: the classes (of
    /// the occupied set after the slide) its digits' images fall in.
    pub(super) class_image: Vec<[u32; 32]>,
    /// Per set of rows (a bit per row): their cells in column 0 (bit
    /// `row × size`).
    rows_in_column: [u64; 64],
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
        let mut touching = vec![Vec::new(); sets];
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
                let mut touch = [0u32; 6];
                for s in fillings.slides(f as u32, occupied as u8) {
                    let rows = s.swept | s.from_cells | s.to_cells;
                    for (row, t) in touch.iter_mut().enumerate().take(size) {
                        if rows >> row & 1 != 0 {
                            *t |= 1 << digit[occupied][s.to as usize];
                        }
                    }
                }
                touching[occupied].push(touch);
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
        let mut rows_in_column = [0u64; 64];
        for (rows, cells) in rows_in_column.iter_mut().enumerate() {
            *cells = (0..size)
                .filter(|&r| rows >> r & 1 != 0)
                .fold(0, |m, r| m | 1 << (r * size));
        }
        Columns {
            size,
            fillings,
            list,
            digit,
            neighbours,
            fewer,
            touching,
            maps,
            class,
            class_count,
            class_image,
            rows_in_column,
        }
    }

    /// The cells (bit `row × size + column`) touched by the vertical move
    /// of column `c` (its rows covering `occupied`) from digit `d` to digit
    /// `j`: from the first cell the two fillings differ in to the last.
    #[inline(always)]
    pub(super) fn touched(&self, occupied: u8, c: usize, d: usize, j: usize) -> u64 {
        let list = &self.list[occupied as usize];
        let cells = &self.fillings.cells;
        self.rows_in_column[span(cells[list[d] as usize] ^ cells[list[j] as usize]) as usize] << c
    }

    /// The column fillings (shared by every column of the board).
    pub fn fillings(&self) -> &Fillings {
        &self.fillings
    }

    /// The fillings a column may hold when the rows cover `occupied`.
    pub fn list(&self, occupied: u8) -> &[u8] {
        &self.list[occupied as usize]
    }

    /// The digit of `filling` among the fillings a column may hold when the
    /// rows cover `occupied` (`u8::MAX` if it may not).
    pub fn digit(&self, occupied: u8, filling: u8) -> u8 {
        self.digit[occupied as usize][filling as usize]
    }

    /// Every filling's digit among those a column may hold when the rows
    /// cover `occupied` (`u8::MAX` where it may not).
    pub fn digits(&self, occupied: u8) -> &[u8; 32] {
        &self.digit[occupied as usize]
    }

    /// The digits of the fillings with one car fewer than the filling at
    /// `digit` (same occupied set).
    pub fn fewer(&self, occupied: u8, digit: u8) -> &[u8] {
        &self.fewer[occupied as usize][digit as usize]
    }
}

pub(super) fn map_index(occupied: u8, row: usize, crossing: Crossing) -> u16 {
    ((occupied as usize * 6 + row) * 3 + crossing as usize) as u16
}

/// The line's cells from the first to the last of `changed` (line-local
/// bits): what a slide that changes those cells touches.
#[inline(always)]
pub(super) fn span(changed: u8) -> u8 {
    let (first, last) = (changed.trailing_zeros(), 7 - changed.leading_zeros());
    ((1u16 << (last + 1)) - (1u16 << first)) as u8
}

/// The images of a fiber's bits under a column's digit map (a bit whose
/// digit has no image is dropped).
#[inline(always)]
pub(super) fn map_bits(map: &[u8; 32], bits: u32) -> u32 {
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
