//! One row or column of a Rush Hour board: its items in order (cars that
//! slide along it, fixed 1×1 walls), every way to place them, and how far a
//! car can slide. The solver's per-board move tables ([`crate::rush`]) and
//! the database generator's units (`unblocker_gen::unit`) are both built
//! from here.
//!
//! Cars never leave their line and never pass each other or a wall, so the
//! *class* of a line (its items in order, walls at fixed cells) never
//! changes; only the *filling* (where the cars stand) does.

use std::collections::HashMap;
use std::ops::Range;

/// Every way to put cars of the given lengths, in order, on a line of
/// `line` cells, in lexicographic order of their offsets.
pub fn arrangements(lengths: &[usize], line: usize) -> Vec<Vec<u8>> {
    fn place(
        lengths: &[usize],
        from: usize,
        line: usize,
        prefix: &mut Vec<u8>,
        out: &mut Vec<Vec<u8>>,
    ) {
        let Some((&len, rest)) = lengths.split_first() else {
            out.push(prefix.clone());
            return;
        };
        let needed: usize = rest.iter().sum::<usize>() + len;
        for start in from..=line.saturating_sub(needed) {
            if start + needed > line {
                break;
            }
            prefix.push(start as u8);
            place(rest, start + len, line, prefix, out);
            prefix.pop();
        }
    }
    let mut out = Vec::new();
    place(lengths, 0, line, &mut Vec::new(), &mut out);
    out
}

/// How many cells the car of `len` cells at `start` can slide backwards and
/// forwards on a line of `line` cells, where `taken` marks the cells held by
/// anything (its own cells may be marked).
#[inline]
pub fn reach(start: usize, len: usize, taken: u64, line: usize) -> (usize, usize) {
    let free = |k: usize| (taken >> k) & 1 == 0;
    let back = (1..=start).take_while(|&d| free(start - d)).count();
    let forth = (start + len..line).take_while(|&k| free(k)).count();
    (back, forth)
}

/// One car or wall on a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Item {
    /// First cell along the line.
    pub start: u8,
    pub len: u8,
    pub wall: bool,
}

/// Which line of a board, for the rules of what it may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineKind {
    /// The target's row: the 2-cell target with walls to its left only.
    TargetRow,
    /// Another row: cars of 2 and 3 cells and walls.
    Row,
    /// A column: cars of 2 and 3 cells.
    Column,
}

/// One slide of one car of a filling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FillingSlide {
    /// The filling after the slide.
    pub to: u32,
    /// The car's place among the filling's items.
    pub slot: u8,
    /// The cells the car passes over or lands on (line-local bits): they
    /// must be free of crossing cars.
    pub swept: u8,
    /// The car's cells before and after the slide (line-local bits).
    pub from_cells: u8,
    pub to_cells: u8,
}

/// Every filling of one line of a `size`-cell board under fogleman/rush's
/// rules (cars of 2 and 3 cells, 1×1 walls in rows only, fewer covered
/// cells than the line has), grouped by class.
#[derive(Clone, Debug)]
pub struct Fillings {
    pub kind: LineKind,
    pub size: usize,
    /// Each filling's items in line order.
    pub items: Vec<Vec<Item>>,
    /// Each filling's cells (line-local bits).
    pub cells: Vec<u8>,
    /// The fillings of each class (contiguous).
    pub classes: Vec<Range<u32>>,
    /// Each filling's class.
    pub class_of: Vec<u32>,
    lookup: HashMap<Vec<Item>, u32>,
    /// Each filling's fillings with one item fewer, by the removed slot
    /// (`None` where the rules forbid it: the target row without its target).
    fewer: Vec<Vec<Option<u32>>>,
}

impl Fillings {
    /// The fillings of a line of `size` cells (at most 8) with at most
    /// `max_walls` walls.
    pub fn new(kind: LineKind, size: usize, max_walls: usize) -> Fillings {
        assert!(size <= 8, "a line has at most 8 cells");
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
        let mut line = Fillings {
            kind,
            size,
            items: Vec::new(),
            cells: Vec::new(),
            classes: Vec::new(),
            class_of: Vec::new(),
            lookup: HashMap::new(),
            fewer: Vec::new(),
        };
        for items in fillings {
            let state = line.items.len() as u32;
            if line
                .items
                .last()
                .is_none_or(|prev| class_key(prev) != class_key(&items))
            {
                line.classes.push(state..state);
            }
            let class = line.classes.len() - 1;
            line.classes[class].end = state + 1;
            line.class_of.push(class as u32);
            line.cells.push(cells_of(&items));
            line.lookup.insert(items.clone(), state);
            line.items.push(items);
        }
        line.fewer = line
            .items
            .iter()
            .map(|items| {
                (0..items.len())
                    .map(|slot| {
                        let mut fewer = items.clone();
                        fewer.remove(slot);
                        line.lookup.get(&fewer).copied()
                    })
                    .collect()
            })
            .collect();
        line
    }

    /// The filling with exactly these items, if the rules allow it.
    pub fn find(&self, items: &[Item]) -> Option<u32> {
        self.lookup.get(items).copied()
    }

    /// The filling without item `slot` of `filling` (removing an item keeps
    /// every rule).
    pub fn without(&self, filling: u32, slot: usize) -> u32 {
        self.fewer[filling as usize][slot].expect("removing an item keeps the line rules")
    }

    /// Every slide of `filling` when crossing lines cover the cells in
    /// `crossing` (line-local bits), in fogleman/rush's order: cars in line
    /// order, each backwards 1, 2, … cells, then forwards.
    pub fn slides(&self, filling: u32, crossing: u8) -> Vec<FillingSlide> {
        let items = &self.items[filling as usize];
        let taken = (self.cells[filling as usize] | crossing) as u64;
        let mut out = Vec::new();
        for (slot, item) in items.iter().enumerate() {
            if item.wall {
                continue;
            }
            let (start, len) = (item.start as usize, item.len as usize);
            let (back, forth) = reach(start, len, taken, self.size);
            let from_cells = car_cells(start, len);
            let distances = (1..=back)
                .map(|d| -(d as i32))
                .chain((1..=forth).map(|d| d as i32));
            for d in distances {
                let mut moved = items.clone();
                let to_start = (start as i32 + d) as usize;
                moved[slot].start = to_start as u8;
                let to_cells = car_cells(to_start, len);
                let (lo, hi) = (start.min(to_start), start.max(to_start) + len);
                out.push(FillingSlide {
                    to: self.find(&moved).expect("a slide keeps the line rules"),
                    slot: slot as u8,
                    swept: car_cells(lo, hi - lo) & !from_cells,
                    from_cells,
                    to_cells,
                });
            }
        }
        out
    }
}

/// `len` ones from bit `start`.
fn car_cells(start: usize, len: usize) -> u8 {
    (((1u16 << len) - 1) << start) as u8
}

fn cells_of(items: &[Item]) -> u8 {
    items.iter().fold(0, |acc, i| {
        acc | car_cells(i.start as usize, i.len as usize)
    })
}

/// Every filling that the rules allow, from cell `at` on.
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
    let lengths: &[u8] = if kind == LineKind::Column {
        &[2, 3]
    } else {
        &[2, 3, 1]
    };
    for &len in lengths {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrangements_count_every_ordered_placement() {
        assert_eq!(arrangements(&[2], 6).len(), 5);
        // Two 2-cell cars on 6 cells: C(4, 2) = 6 placements.
        assert_eq!(arrangements(&[2, 2], 6).len(), 6);
        assert_eq!(arrangements(&[2, 3], 6).len(), 3);
        assert_eq!(arrangements(&[2, 2], 8).len(), 15);
        assert_eq!(arrangements(&[3, 3], 6), vec![vec![0, 3]]);
        assert_eq!(arrangements(&[], 6), vec![Vec::<u8>::new()]);
    }

    #[test]
    fn a_six_cell_column_has_22_fillings_in_6_classes() {
        let column = Fillings::new(LineKind::Column, 6, 2);
        assert_eq!(column.items.len(), 22);
        assert_eq!(column.classes.len(), 6);
    }

    #[test]
    fn the_target_row_keeps_walls_left_of_the_target() {
        let row = Fillings::new(LineKind::TargetRow, 6, 1);
        // 5 places without a wall; with one wall at w, the target fits in
        // the 4 - w cells right of it.
        assert_eq!(row.items.len(), 5 + (4 + 3 + 2 + 1));
        assert!(row
            .items
            .iter()
            .all(|items| items.last().is_some_and(|i| !i.wall)));
    }

    #[test]
    fn a_lone_car_slides_to_every_free_cell_backwards_first() {
        let row = Fillings::new(LineKind::Row, 6, 0);
        let car = |start| Item {
            start,
            len: 2,
            wall: false,
        };
        let state = row.find(&[car(2)]).unwrap();
        let slides = row.slides(state, 0);
        let starts: Vec<u8> = slides
            .iter()
            .map(|s| row.items[s.to as usize][0].start)
            .collect();
        assert_eq!(starts, [1, 0, 3, 4]);
        // From cells 2-3 to 0-1 the car passes over cells 0 and 1.
        assert_eq!(slides[1].swept, 0b000011);
        assert_eq!(slides[1].from_cells, 0b001100);
        assert_eq!(slides[1].to_cells, 0b000011);
        // A crossing car at cell 5 stops it moving right by 2.
        assert_eq!(row.slides(state, 1 << 5).len(), 3);
    }

    #[test]
    fn reach_stops_at_taken_cells() {
        assert_eq!(reach(2, 2, 0b001100, 6), (2, 2));
        assert_eq!(reach(2, 2, 0b101101, 6), (1, 1));
        assert_eq!(reach(2, 2, 0b111110, 6), (0, 0));
    }
}
