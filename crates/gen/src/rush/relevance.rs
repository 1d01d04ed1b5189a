//! Static pruning: the parts of a unit where no position can be a minimal
//! puzzle, decided from the pieces' ranges before any distance is known.
//!
//! A piece's *range* is the set of cells it can ever cover: a wall its own
//! cell, a car the cells of its line between the walls around it, less the
//! room the cars between it and those walls take up (cars of a line never
//! pass each other). Rows' items are fixed by the unit; a column's cars,
//! with the walls the rows put in that column, form its *column class*,
//! which moves never change either. So a unit with one column class chosen
//! per column (a *class tuple*) fixes every piece and every range, and is a
//! union of components.
//!
//! The *relevant* pieces of a class tuple are the least set S holding the
//! target and every piece whose range meets the range that an S car has
//! when only S's pieces stand on the board (walls and cars outside S do not
//! bound it). If some piece is not relevant, no position of the tuple is
//! minimal: removing that piece leaves every distance unchanged
//! (docs/database.md, "Static pruning", has the proof). Such tuples need no
//! search, except where a removal test from the phase above lands.

use super::units::{target_row, Units};
use unblocker_engine::line::Fillings;

/// An item of a line, in line order.
#[derive(Clone, Copy, Debug)]
enum Slot {
    /// A wall at a cell of the line.
    Wall { at: u8, piece: u8 },
    /// A car of `len` cells.
    Car { len: u8, piece: u8 },
}

/// An item's line and its place among the line's items (a row's items) or
/// cars (a column's cars).
pub type Place = (usize, usize);

/// What the memo table knows of a class tuple.
const UNKNOWN: u8 = 0;
const LIVE: u8 = 1;
const PRUNED: u8 = 2;

/// A column filling no position of the unit holds (it covers a wall).
const NO_CLASS: u8 = u8::MAX;

/// One column class: the column's items in order and each car's range.
#[derive(Clone, Debug, Default)]
struct ColumnClass {
    slots: Vec<Slot>,
    /// Each car's range (board bits), by its place among the column's cars.
    ranges: Vec<u64>,
}

/// The static pruning of one unit: which class tuples hold minimal
/// puzzles, worked out once per tuple as the search asks.
#[derive(Debug)]
pub struct Relevance {
    size: usize,
    /// Each row's items, pieces `0..row_pieces` (walls are row items).
    rows: Vec<Vec<Slot>>,
    target: u8,
    /// The row items' pieces (bit mask), each one's row and place in the
    /// row, and every piece's range.
    row_pieces: u32,
    row_slot: Vec<(usize, usize)>,
    range: [u64; 32],
    /// Per column: each column filling's class (`NO_CLASS` if the unit
    /// holds no position with it), the classes, and the column's place
    /// value in a tuple's key (mixed radix, column 0 fastest).
    class_of: [[u8; 32]; 6],
    classes: Vec<Vec<ColumnClass>>,
    radix: [u32; 6],
    /// Per tuple key: `UNKNOWN`, `LIVE` or `PRUNED`.
    table: Vec<u8>,
}

/// A unit's rows' items (pieces numbered in row order, walls included),
/// the target's piece, and each column's walls as `(row, piece)`.
struct RowItems {
    rows: Vec<Vec<Slot>>,
    target: u8,
    walls: Vec<Vec<(u8, u8)>>,
}

impl RowItems {
    fn of(units: &Units, unit: usize) -> RowItems {
        let size = units.size;
        let target_row = target_row(size);
        let mut rows = Vec::with_capacity(size);
        let mut pieces = 0u8;
        let mut target = 0;
        let mut walls: Vec<Vec<(u8, u8)>> = vec![Vec::new(); size];
        for (r, (fillings, &class)) in units.rows.iter().zip(units.classes(unit)).enumerate() {
            let first = fillings.classes[class as usize].start;
            let slots: Vec<Slot> = fillings.items[first as usize]
                .iter()
                .map(|item| {
                    let piece = pieces;
                    pieces += 1;
                    if item.wall {
                        walls[item.start as usize].push((r as u8, piece));
                        Slot::Wall {
                            at: item.start,
                            piece,
                        }
                    } else {
                        if r == target_row {
                            target = piece;
                        }
                        Slot::Car {
                            len: item.len,
                            piece,
                        }
                    }
                })
                .collect();
            rows.push(slots);
        }
        RowItems {
            rows,
            target,
            walls,
        }
    }
}

/// Column `c`'s classes: its fillings that cover none of its `walls`,
/// grouped by their items in line order (walls and cars), each with its
/// cars' ranges; `class_of` gets each filling's class.
fn column_classes_of(
    column_fillings: &Fillings,
    size: usize,
    c: usize,
    walls: &[(u8, u8)],
    row_pieces: u32,
    class_of: &mut [u8; 32],
) -> Vec<ColumnClass> {
    let mut found: Vec<ColumnClass> = Vec::new();
    let mut keys_of: Vec<Vec<(bool, u8)>> = Vec::new();
    for (f, items) in column_fillings.items.iter().enumerate() {
        let cells = column_fillings.cells[f];
        if walls.iter().any(|&(r, _)| cells >> r & 1 == 1) {
            continue;
        }
        // Walls and cars in line order.
        let mut order: Vec<(u8, Slot)> = walls
            .iter()
            .map(|&(r, piece)| (r, Slot::Wall { at: r, piece }))
            .collect();
        for (k, item) in items.iter().enumerate() {
            let piece = column_piece(row_pieces, c, k);
            let car = Slot::Car {
                len: item.len,
                piece,
            };
            order.push((item.start, car));
        }
        order.sort_by_key(|&(at, _)| at);
        let slots: Vec<Slot> = order.into_iter().map(|(_, s)| s).collect();
        let key: Vec<(bool, u8)> = slots
            .iter()
            .map(|s| match *s {
                Slot::Wall { at, .. } => (true, at),
                Slot::Car { len, .. } => (false, len),
            })
            .collect();
        let class = match keys_of.iter().position(|k| *k == key) {
            Some(class) => class,
            None => {
                let ranges = (0..slots.len())
                    .filter(|&i| matches!(slots[i], Slot::Car { .. }))
                    .map(|i| {
                        let (lo, hi) = span(&slots, i, u32::MAX, size);
                        column_cells(size, c, lo, hi)
                    })
                    .collect();
                keys_of.push(key);
                found.push(ColumnClass { slots, ranges });
                found.len() - 1
            }
        };
        class_of[f] = class as u8;
    }
    found
}

/// The piece of column `c`'s car number `k` (rows' items come first; a
/// column holds at most two cars).
fn column_piece(row_pieces: u32, c: usize, k: usize) -> u8 {
    (row_pieces.count_ones() as usize + 2 * c + k) as u8
}

impl Relevance {
    /// The pruning of `unit`: no tuple decided yet.
    pub fn new(units: &Units, unit: usize) -> Relevance {
        let size = units.size;
        let RowItems {
            rows,
            target: target_piece,
            walls,
        } = RowItems::of(units, unit);
        let pieces: usize = rows.iter().map(Vec::len).sum();
        let row_pieces = (1u32 << pieces) - 1;
        let row_slot = rows
            .iter()
            .enumerate()
            .flat_map(|(r, slots)| (0..slots.len()).map(move |i| (r, i)))
            .collect();
        let mut range = [0u64; 32];
        for (r, slots) in rows.iter().enumerate() {
            for (i, slot) in slots.iter().enumerate() {
                range[piece_of(slot) as usize] = match *slot {
                    Slot::Wall { at, .. } => 1 << (r * size + at as usize),
                    Slot::Car { .. } => {
                        let (lo, hi) = span(slots, i, u32::MAX, size);
                        row_cells(size, r, lo, hi)
                    }
                };
            }
        }
        let column_fillings = units.columns.fillings();
        let mut class_of = [[NO_CLASS; 32]; 6];
        let mut column_classes = Vec::with_capacity(size);
        let mut radix = [0u32; 6];
        let mut keys = 1u32;
        for c in 0..size {
            let found = column_classes_of(
                column_fillings,
                size,
                c,
                &walls[c],
                row_pieces,
                &mut class_of[c],
            );
            radix[c] = keys;
            keys *= found.len() as u32;
            column_classes.push(found);
        }
        Relevance {
            size,
            rows,
            target: target_piece,
            row_pieces,
            row_slot,
            range,
            class_of,
            classes: column_classes,
            radix,
            table: vec![UNKNOWN; keys as usize],
        }
    }

    /// The key of the class tuple of these column fillings.
    fn key(&self, columns: &[u32]) -> usize {
        (0..self.size)
            .map(|c| self.class_of[c][columns[c] as usize] as u32 * self.radix[c])
            .sum::<u32>() as usize
    }

    /// Keeps the class tuple of a position (given by its column fillings)
    /// searched whatever the rule says: a removal test lands there.
    pub fn keep(&mut self, columns: &[u32]) {
        let key = self.key(columns);
        self.table[key] = LIVE;
    }

    /// Whether the class tuple of these column fillings may hold a minimal
    /// puzzle (or was kept).
    pub fn is_live(&mut self, columns: &[u32]) -> bool {
        let key = self.key(columns);
        self.live(key)
    }

    /// Of a fiber's positions `bits`, those whose class tuple is live: the
    /// fiber's columns other than `fiber_column` hold `fillings`, its bits
    /// the fillings `list` of the fiber column.
    pub fn live_bits(
        &mut self,
        fillings: &[u8; 6],
        fiber_column: usize,
        list: &[u8],
        bits: u32,
    ) -> u32 {
        let base: u32 = (0..self.size)
            .filter(|&c| c != fiber_column)
            .map(|c| self.class_of[c][fillings[c] as usize] as u32 * self.radix[c])
            .sum();
        let mut out = 0;
        let mut rest = bits;
        while rest != 0 {
            let b = rest.trailing_zeros();
            rest &= rest - 1;
            let class = self.class_of[fiber_column][list[b as usize] as usize] as u32;
            if self.live(base as usize + (class * self.radix[fiber_column]) as usize) {
                out |= 1 << b;
            }
        }
        out
    }

    fn live(&mut self, key: usize) -> bool {
        if self.table[key] == UNKNOWN {
            let (relevant, all) = self.relevant(key);
            self.table[key] = if relevant == all { LIVE } else { PRUNED };
        }
        self.table[key] == LIVE
    }

    /// The pieces of the class tuple of these column fillings that are
    /// not relevant: the rows' items as (row, place in the row) and the
    /// columns' cars as (column, place among the column's cars).
    pub fn irrelevant(&self, columns: &[u32]) -> (Vec<Place>, Vec<Place>) {
        let (relevant, all) = self.relevant(self.key(columns));
        let mut rest = all & !relevant;
        let (mut rows, mut cars) = (Vec::new(), Vec::new());
        let row_pieces = self.row_pieces.count_ones();
        while rest != 0 {
            let p = rest.trailing_zeros();
            rest &= rest - 1;
            if p < row_pieces {
                rows.push(self.row_slot[p as usize]);
            } else {
                let k = (p - row_pieces) as usize;
                cars.push((k / 2, k % 2));
            }
        }
        (rows, cars)
    }

    /// The relevant pieces of the class tuple `key`, and all its pieces.
    fn relevant(&self, key: usize) -> (u32, u32) {
        let size = self.size;
        let mut range = self.range;
        let mut all = self.row_pieces;
        let mut columns: [&[Slot]; 6] = [&[]; 6];
        for (c, column) in columns.iter_mut().enumerate().take(size) {
            let class = &self.classes[c][key / self.radix[c] as usize % self.classes[c].len()];
            for (k, &r) in class.ranges.iter().enumerate() {
                let piece = column_piece(self.row_pieces, c, k);
                range[piece as usize] = r;
                all |= 1 << piece;
            }
            *column = &class.slots;
        }
        let mut relevant = 1u32 << self.target;
        loop {
            // The cells the relevant cars may cover with only relevant
            // pieces on the board.
            let mut reach = 0u64;
            for (r, slots) in self.rows.iter().enumerate() {
                for (i, slot) in slots.iter().enumerate() {
                    if is_relevant_car(slot, relevant) {
                        let (lo, hi) = span(slots, i, relevant, size);
                        reach |= row_cells(size, r, lo, hi);
                    }
                }
            }
            for (c, slots) in columns.iter().enumerate().take(size) {
                for (i, slot) in slots.iter().enumerate() {
                    if is_relevant_car(slot, relevant) {
                        let (lo, hi) = span(slots, i, relevant, size);
                        reach |= column_cells(size, c, lo, hi);
                    }
                }
            }
            let mut joined = 0u32;
            let mut rest = all & !relevant;
            while rest != 0 {
                let p = rest.trailing_zeros();
                rest &= rest - 1;
                if range[p as usize] & reach != 0 {
                    joined |= 1 << p;
                }
            }
            if joined == 0 {
                return (relevant, all);
            }
            relevant |= joined;
        }
    }
}

fn piece_of(slot: &Slot) -> u8 {
    match *slot {
        Slot::Wall { piece, .. } | Slot::Car { piece, .. } => piece,
    }
}

fn is_relevant_car(slot: &Slot, relevant: u32) -> bool {
    matches!(*slot, Slot::Car { piece, .. } if relevant >> piece & 1 == 1)
}

/// The first and last cell the car at `slots[i]` may cover when only the
/// pieces of `on` (a bit mask) stand on its line: between the nearest walls
/// of `on` (or the line's ends), less the cells of the cars of `on` between.
fn span(slots: &[Slot], i: usize, on: u32, size: usize) -> (usize, usize) {
    let is_on = |piece: u8| on >> piece & 1 == 1;
    let mut lo = 0;
    for slot in slots[..i].iter().rev() {
        match *slot {
            Slot::Wall { at, piece } if is_on(piece) => {
                lo += at as usize + 1;
                break;
            }
            Slot::Car { len, piece } if is_on(piece) => lo += len as usize,
            _ => {}
        }
    }
    let mut hi = size - 1;
    for slot in &slots[i + 1..] {
        match *slot {
            Slot::Wall { at, piece } if is_on(piece) => {
                hi -= size - at as usize;
                break;
            }
            Slot::Car { len, piece } if is_on(piece) => hi -= len as usize,
            _ => {}
        }
    }
    (lo, hi)
}

/// Cells `lo..=hi` of row `r` (board bits `row × size + column`).
fn row_cells(size: usize, r: usize, lo: usize, hi: usize) -> u64 {
    ((1u64 << (hi + 1 - lo)) - 1) << (r * size + lo)
}

/// Cells `lo..=hi` of column `c`.
fn column_cells(size: usize, c: usize, lo: usize, hi: usize) -> u64 {
    (lo..=hi).fold(0, |m, r| m | 1 << (r * size + c))
}

#[cfg(test)]
mod tests {
    use super::super::search::{answer_only, search, Candidate, Scratch, UnitOutcome};
    use super::*;
    use std::collections::{HashMap, HashSet};

    /// The fillings of an empty column and of a column holding one car of
    /// `len` cells from row `start`.
    fn column(units: &Units, car: Option<(u8, u8)>) -> u32 {
        let items: Vec<_> = car
            .map(|(start, len)| unblocker_engine::line::Item {
                start,
                len,
                wall: false,
            })
            .into_iter()
            .collect();
        units.columns.fillings().find(&items).unwrap()
    }

    /// A wall in a corner that no car's range reaches is irrelevant; a wall
    /// left of the target bounds the target and is relevant; so is a wall a
    /// vertical car's range would reach if the wall were not there.
    #[test]
    fn a_wall_no_relevant_range_reaches_is_pruned() {
        let units = Units::new(6, 1);
        let generator = super::super::Generator::new(6, 1).unwrap();
        let empty = column(&units, None);
        let cases = [
            // A wall in a corner, nothing else.
            ("oooooxooooooooooAAooooooooooooooooooo", [empty; 6], false),
            // A wall left of the target.
            ("ooooooooooooxAAoooooooooooooooooooooo", [empty; 6], true),
        ];
        for (board, columns, live) in cases {
            let unit = generator.unit_of(&board[..36]).unwrap();
            let mut relevance = Relevance::new(&units, unit);
            assert_eq!(relevance.is_live(&columns), live, "{board}");
        }
        // The corner wall above a vertical car of column 5: without the
        // wall the car could stand in the corner, so the wall counts, and
        // so does the car (it crosses the target's row).
        let unit = generator
            .unit_of("oooooxooooooooooAAoooooooooooooooooo")
            .unwrap();
        let mut columns = [empty; 6];
        columns[5] = column(&units, Some((1, 2)));
        assert!(Relevance::new(&units, unit).is_live(&columns));
        // A car in the top row with no vertical car is irrelevant; a
        // vertical car whose range crosses both rows ties it in.
        let unit = generator
            .unit_of("BBooooooooooAAoooooooooooooooooooooo")
            .unwrap();
        assert!(!Relevance::new(&units, unit).is_live(&[empty; 6]));
        columns = [empty; 6];
        columns[1] = column(&units, Some((3, 2)));
        assert!(Relevance::new(&units, unit).is_live(&columns));
    }

    /// The candidates of a unit's search that pass every removal test,
    /// each test answered by a solve.
    fn survivors(units: &Units, found: &UnitOutcome, scratch: &mut Scratch) -> HashSet<Key> {
        let rejected: HashSet<_> = found
            .queries
            .iter()
            .flat_map(|q| answer_only(units, q.unit as usize, &[*q], scratch))
            .collect();
        found
            .candidates
            .iter()
            .filter(|c| !rejected.contains(&c.id))
            .map(key)
            .collect()
    }

    type Key = (([u32; 6], [u32; 6]), u8, u64, Vec<u64>);

    fn key(c: &Candidate) -> Key {
        let position = (c.position.rows, c.position.columns);
        (position, c.moves, c.cluster, c.histogram.clone())
    }

    /// Pruned and unpruned searches of every unit of the 4x4 board (up to
    /// two walls) and of units spread over the 5x5 (one wall) and 6x6 (two)
    /// ones: the
    /// candidates that pass their removal tests (answered by the solver)
    /// are the same, with the same optimum and component; and on the small
    /// boards the removal tests of both searches get the same answers in
    /// the units they land in.
    #[test]
    fn pruning_keeps_every_candidate_that_passes_its_tests() {
        let checks = [(4, 2, 1), (5, 1, 37), (6, 2, 133_013)];
        let mut scratch = Scratch::default();
        for (size, walls, every) in checks {
            let units = Units::new(size, walls);
            let chosen: Vec<usize> = (0..units.len()).step_by(every).collect();
            let mut queries: HashMap<u32, Vec<_>> = HashMap::new();
            let (mut all, mut kept) = (0, 0);
            for &unit in &chosen {
                let full = search(&units, unit, &[], &mut scratch, false);
                let pruned = search(&units, unit, &[], &mut scratch, true);
                all += full.positions;
                kept += pruned.positions;
                assert!(pruned.positions <= full.positions);
                assert_eq!(
                    survivors(&units, &pruned, &mut scratch),
                    survivors(&units, &full, &mut scratch),
                    "{size}x{size} unit {unit}"
                );
                if size < 6 {
                    for q in full.queries.into_iter().chain(pruned.queries) {
                        queries.entry(q.unit).or_default().push(q);
                    }
                }
            }
            assert!(kept < all, "{size}x{size}: something is pruned");
            for (unit, incoming) in queries {
                let unit = unit as usize;
                let full = search(&units, unit, &incoming, &mut scratch, false);
                let pruned = search(&units, unit, &incoming, &mut scratch, true);
                assert_eq!(pruned.rejected, full.rejected, "{size}x{size} unit {unit}");
            }
        }
    }
}
