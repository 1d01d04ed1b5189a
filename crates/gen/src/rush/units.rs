//! The work units of a board size: one class per row (the cars and walls of
//! each row, in order), numbered in lexicographic order of the classes (the
//! target's row first, then the other rows top to bottom), with their
//! *phase*: how many items the rows hold besides the target.
//!
//! A candidate puzzle's minimality is tested by removing one row item,
//! which leads into a unit of the next lower phase; running the phases from
//! the most items down answers every such test from a unit that is searched
//! anyway.

use crate::unit::{Columns, RowClass, Unit};
use unblocker_engine::line::{Fillings, Item, LineKind};

/// The row (from the top) of the target car, fogleman/rush's `PrimaryRow`:
/// row 2 on 5x5 and 6x6 boards and row 1 on 4x4 (the row that reproduces
/// his candidate counts, 1,349 on 4x4 and 268,109 on 5x5 without walls).
pub fn target_row(size: usize) -> usize {
    (size - 1) / 2
}

/// Every unit of a board size and wall limit.
#[derive(Debug)]
pub struct Units {
    pub size: usize,
    /// Each board row's fillings (the target's row has its own rules).
    pub rows: Vec<Fillings>,
    pub columns: Columns,
    /// Each unit's class per board row.
    classes: Vec<Vec<u32>>,
}

impl Units {
    pub fn new(size: usize, max_walls: usize) -> Units {
        let target = target_row(size);
        let rows: Vec<Fillings> = (0..size)
            .map(|r| {
                let kind = if r == target {
                    LineKind::TargetRow
                } else {
                    LineKind::Row
                };
                Fillings::new(kind, size, max_walls)
            })
            .collect();
        // The target's row first, then the others top to bottom.
        let order: Vec<usize> = std::iter::once(target)
            .chain((0..size).filter(|&r| r != target))
            .collect();
        let mut classes = Vec::new();
        let mut choice = vec![0u32; size];
        choose(&rows, &order, 0, max_walls, &mut choice, &mut classes);
        Units {
            size,
            rows,
            columns: Columns::new(size),
            classes,
        }
    }

    pub fn len(&self) -> usize {
        self.classes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.classes.is_empty()
    }

    /// A unit's class per board row.
    pub fn classes(&self, unit: usize) -> &[u32] {
        &self.classes[unit]
    }

    /// The first filling of each row's class in `unit` (0 past the board's
    /// rows).
    pub fn class_starts(&self, unit: usize) -> [u32; 6] {
        let classes = &self.classes[unit];
        std::array::from_fn(|r| match classes.get(r) {
            Some(&class) => self.rows[r].classes[class as usize].start,
            None => 0,
        })
    }

    /// The unit whose rows hold these classes.
    pub fn find(&self, classes: &[u32]) -> Option<usize> {
        let target = target_row(self.size);
        let key = |c: &[u32]| {
            let c: [u32; 6] = std::array::from_fn(|r| c.get(r).copied().unwrap_or(0));
            std::iter::once(c[target]).chain(
                (0..self.size)
                    .filter(move |&r| r != target)
                    .map(move |r| c[r]),
            )
        };
        self.classes
            .binary_search_by(|c| key(c).cmp(key(classes)))
            .ok()
    }

    /// How many items the unit's rows hold besides the target.
    pub fn phase(&self, unit: usize) -> usize {
        self.row_items(unit)
            .map(|(kind, items)| items.len() - usize::from(kind == LineKind::TargetRow))
            .sum()
    }

    /// How many walls the unit's rows hold.
    pub fn walls(&self, unit: usize) -> usize {
        self.row_items(unit)
            .map(|(_, items)| items.iter().filter(|i| i.wall).count())
            .sum()
    }

    /// Each row's kind and items (cars at their first places in the class).
    fn row_items(&self, unit: usize) -> impl Iterator<Item = (LineKind, &[Item])> {
        self.classes[unit]
            .iter()
            .zip(&self.rows)
            .map(|(&class, fillings)| {
                let first = fillings.classes[class as usize].start;
                (fillings.kind, &fillings.items[first as usize][..])
            })
    }

    /// The unit's dense index.
    pub fn index(&self, unit: usize) -> Unit<'_> {
        let rows: Vec<&Fillings> = self.rows.iter().collect();
        let classes: Vec<RowClass> = self.classes[unit]
            .iter()
            .zip(&self.rows)
            .map(|(&class, fillings)| RowClass {
                fillings: fillings.classes[class as usize].clone().collect(),
            })
            .collect();
        Unit::new(&self.columns, &rows, &classes)
    }
}

/// Every choice of one class per row (rows in `order`) with at most
/// `walls` walls, appended in lexicographic order.
fn choose(
    rows: &[Fillings],
    order: &[usize],
    at: usize,
    walls: usize,
    choice: &mut Vec<u32>,
    out: &mut Vec<Vec<u32>>,
) {
    let Some(&r) = order.get(at) else {
        out.push(choice.clone());
        return;
    };
    let fillings = &rows[r];
    for (class, states) in fillings.classes.iter().enumerate() {
        let used = fillings.items[states.start as usize]
            .iter()
            .filter(|i| i.wall)
            .count();
        if used > walls {
            continue;
        }
        choice[r] = class as u32;
        choose(rows, order, at + 1, walls - used, choice, out);
    }
}
