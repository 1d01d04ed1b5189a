//! Every way a single row or column of a Rush Hour board can be filled, and
//! the moves of each filling.
//!
//! Horizontal cars never leave their row and vertical cars their column, and
//! cars never pass each other or a wall, so the *class* of a line (its items
//! in order: car lengths and fixed wall cells) never changes; only the
//! *state* (where the cars stand) does. A line's states are numbered with the
//! states of one class contiguous, so a position is one state number per line
//! and the moves of a line depend only on its state and on which of its cells
//! the crossing lines cover, which is precomputed here once for all boards.
//!
//! The line rules are fogleman/rush's: cars of length 2 and 3; walls are 1x1
//! and belong to rows; the items of a line cover fewer cells than the line
//! has; the target's row holds the 2-cell target and walls to its left only.

use std::collections::HashMap;
use std::ops::Range;

/// One car or wall on a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Item {
    /// First cell along the line.
    pub start: u8,
    pub len: u8,
    pub wall: bool,
}

/// One move of one car of a line.
#[derive(Clone, Copy, Debug)]
pub struct LineMove {
    /// The state the line is in after the move.
    pub to: u32,
}

/// Which line of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineKind {
    /// The row holding the target car.
    TargetRow,
    Row,
    Column,
}

/// All states of one row or column of an `size` x `size` board.
#[derive(Debug)]
pub struct Line {
    pub kind: LineKind,
    /// Row or column number.
    pub index: usize,
    pub size: usize,
    /// Each state's items in line order.
    pub items: Vec<Vec<Item>>,
    /// Each state's cells in the row-major bitboard.
    pub cells: Vec<u64>,
    /// Each state's cells in the column-major bitboard.
    pub cells_t: Vec<u64>,
    /// The states of each class (contiguous).
    pub classes: Vec<Range<u32>>,
    /// Each state's class.
    pub class_of: Vec<u32>,
    /// For `state << size | occupied line cells`: where its moves start in
    /// `moves` and how many there are; cars in line order, each car's moves
    /// backwards (1, 2, … cells) then forwards, fogleman/rush's order.
    table: Vec<(u32, u8)>,
    moves: Vec<LineMove>,
    lookup: HashMap<Vec<Item>, u32>,
}

impl Line {
    /// The states of a line; `max_walls` limits the walls of a row.
    pub fn new(kind: LineKind, index: usize, size: usize, max_walls: usize) -> Line {
        let mut fillings = Vec::new();
        fill(kind, size, max_walls, 0, &mut Vec::new(), &mut fillings);
        // Group by class: item kinds in order and wall positions.
        let class_key = |items: &Vec<Item>| -> Vec<(u8, bool, u8)> {
            items
                .iter()
                .map(|i| (i.len, i.wall, if i.wall { i.start } else { 0 }))
                .collect()
        };
        fillings.sort_by(|a, b| class_key(a).cmp(&class_key(b)).then(a.cmp(b)));
        let mut line = Line {
            kind,
            index,
            size,
            items: Vec::new(),
            cells: Vec::new(),
            cells_t: Vec::new(),
            classes: Vec::new(),
            class_of: Vec::new(),
            table: Vec::new(),
            moves: Vec::new(),
            lookup: HashMap::new(),
        };
        for items in fillings {
            let state = line.items.len() as u32;
            let new_class = line
                .items
                .last()
                .is_none_or(|prev| class_key(prev) != class_key(&items));
            if new_class {
                line.classes.push(state..state);
            }
            let class = line.classes.len() - 1;
            line.classes[class].end = state + 1;
            line.class_of.push(class as u32);
            let (mut cells, mut cells_t) = (0, 0);
            for item in &items {
                for k in item.start..item.start + item.len {
                    let (r, c) = line.cell(k as usize);
                    cells |= 1u64 << (r * size + c);
                    cells_t |= 1u64 << (c * size + r);
                }
            }
            line.cells.push(cells);
            line.cells_t.push(cells_t);
            line.lookup.insert(items.clone(), state);
            line.items.push(items);
        }
        line.build_table();
        line
    }

    /// Board cell (row, column) of the line's `k`-th cell.
    pub fn cell(&self, k: usize) -> (usize, usize) {
        match self.kind {
            LineKind::Column => (k, self.index),
            _ => (self.index, k),
        }
    }

    pub fn horizontal(&self) -> bool {
        self.kind != LineKind::Column
    }

    /// The state with exactly these items, if the line rules allow it.
    pub fn state_of(&self, items: &[Item]) -> Option<u32> {
        self.lookup.get(items).copied()
    }

    /// The line's own cells of a state, as line-local bits.
    pub fn own_bits(&self, state: u32) -> u64 {
        self.items[state as usize]
            .iter()
            .fold(0, |acc, i| acc | ((1u64 << i.len) - 1) << i.start)
    }

    /// The line's cells (line-local bits) occupied in a position whose
    /// row-major and column-major occupancies are given.
    #[inline(always)]
    pub fn occupied(&self, occupancy: u64, occupancy_t: u64) -> usize {
        let mask = (1u64 << self.size) - 1;
        let board = if self.horizontal() {
            occupancy
        } else {
            occupancy_t
        };
        ((board >> (self.index * self.size)) & mask) as usize
    }

    /// The moves of `state` when the line's occupied cells are `occupied`.
    #[inline(always)]
    pub fn moves(&self, state: u32, occupied: usize) -> &[LineMove] {
        let (start, count) = self.table[(state as usize) << self.size | occupied];
        &self.moves[start as usize..start as usize + count as usize]
    }

    fn build_table(&mut self) {
        let size = self.size;
        for state in 0..self.items.len() {
            let own = self.own_bits(state as u32);
            for occupied in 0..1u64 << size {
                let start = self.moves.len() as u32;
                if occupied & own == own {
                    let items = &self.items[state];
                    for (slot, item) in items.iter().enumerate() {
                        if item.wall {
                            continue;
                        }
                        let free = |k: usize| (occupied >> k) & 1 == 0;
                        let (s, e) = (item.start as usize, (item.start + item.len) as usize);
                        let back = (1..=s).take_while(|&d| free(s - d)).map(|d| -(d as i32));
                        let forth = (1..size - e + 1)
                            .take_while(|&d| free(e - 1 + d))
                            .map(|d| d as i32);
                        for d in back.chain(forth).collect::<Vec<_>>() {
                            let mut moved = items.clone();
                            moved[slot].start = (item.start as i32 + d) as u8;
                            let to = self.lookup[&moved];
                            self.moves.push(LineMove { to });
                        }
                    }
                }
                let count = (self.moves.len() as u32 - start) as u8;
                self.table.push((start, count));
            }
        }
    }
}

/// Every filling of a line that the rules allow, from cell `at` on.
fn fill(
    kind: LineKind,
    size: usize,
    max_walls: usize,
    at: usize,
    prefix: &mut Vec<Item>,
    out: &mut Vec<Vec<Item>>,
) {
    if at >= size {
        let covered: usize = prefix.iter().map(|i| i.len as usize).sum();
        let walls = prefix.iter().filter(|i| i.wall).count();
        let cars: Vec<&Item> = prefix.iter().filter(|i| !i.wall).collect();
        let allowed = covered < size
            && walls <= max_walls
            && match kind {
                // The target (2 cells) with walls only to its left.
                LineKind::TargetRow => {
                    cars.len() == 1 && cars[0].len == 2 && prefix.last().is_some_and(|i| !i.wall)
                }
                LineKind::Row => true,
                LineKind::Column => walls == 0,
            };
        if allowed {
            out.push(prefix.clone());
        }
        return;
    }
    fill(kind, size, max_walls, at + 1, prefix, out);
    let mut lengths = vec![2u8, 3];
    if kind != LineKind::Column {
        lengths.push(1);
    }
    for len in lengths {
        if at + len as usize > size {
            continue;
        }
        prefix.push(Item {
            start: at as u8,
            len,
            wall: len == 1,
        });
        fill(kind, size, max_walls, at + len as usize, prefix, out);
        prefix.pop();
    }
}

/// The lines of a board, in fogleman/rush's piece order: the target's row,
/// the other rows top to bottom, then the columns left to right.
pub fn board_lines(size: usize, target_row: usize, max_walls: usize) -> Vec<Line> {
    let mut lines = vec![Line::new(LineKind::TargetRow, target_row, size, max_walls)];
    for row in (0..size).filter(|&r| r != target_row) {
        lines.push(Line::new(LineKind::Row, row, size, max_walls));
    }
    for column in 0..size {
        lines.push(Line::new(LineKind::Column, column, size, max_walls));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_six_cell_column_has_22_states_in_6_classes() {
        let column = Line::new(LineKind::Column, 0, 6, 2);
        assert_eq!(column.items.len(), 22);
        assert_eq!(column.classes.len(), 6);
    }

    #[test]
    fn target_row_keeps_walls_left_of_the_target() {
        let row = Line::new(LineKind::TargetRow, 2, 6, 1);
        // 5 places without a wall; with one wall at w, the target fits in
        // the 4 - w cells right of it.
        assert_eq!(row.items.len(), 5 + (4 + 3 + 2 + 1));
        assert!(row
            .items
            .iter()
            .all(|items| items.last().is_some_and(|i| !i.wall)));
    }

    #[test]
    fn a_lone_car_slides_to_every_free_cell() {
        let row = Line::new(LineKind::Row, 0, 6, 0);
        let state = row
            .state_of(&[Item {
                start: 2,
                len: 2,
                wall: false,
            }])
            .unwrap();
        let own = row.own_bits(state) as usize;
        assert_eq!(row.moves(state, own).len(), 4);
        // A crossing car at cell 5 stops it moving right by 2.
        assert_eq!(row.moves(state, own | 1 << 5).len(), 3);
    }
}
