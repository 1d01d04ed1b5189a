//! Where a position of one unit lies in a unit one wall away, and where a
//! wall may be added.

use unblocker_engine::line::{Fillings, Item};
use unblocker_gen::rush::{Units, Wall};
use unblocker_gen::unit::Unit;
use unblocker_gen::Fibered;

/// The board cells a line filling covers, and where a wall may be added:
/// per row and row filling, the columns where a wall keeps the filling
/// within the rules; per column and column filling, its cells (bit
/// `row × size + column`).
pub struct Tables {
    pub wall_columns: Vec<Vec<u8>>,
    pub column_cells: Vec<Vec<u64>>,
}

impl Tables {
    pub fn new(units: &Units) -> Tables {
        let size = units.size;
        let wall_columns = units
            .rows
            .iter()
            .map(|fillings| {
                (0..fillings.items.len())
                    .map(|f| {
                        (0..size)
                            .filter(|&c| with_wall(fillings, f as u32, c as u8).is_some())
                            .fold(0u8, |m, c| m | 1 << c)
                    })
                    .collect()
            })
            .collect();
        let fillings = units.columns.fillings();
        let column_cells = (0..size)
            .map(|c| {
                fillings
                    .cells
                    .iter()
                    .map(|&rows| {
                        (0..size)
                            .filter(|&r| rows >> r & 1 != 0)
                            .fold(0u64, |m, r| m | 1 << (r * size + c))
                    })
                    .collect()
            })
            .collect();
        Tables {
            wall_columns,
            column_cells,
        }
    }
}

/// The row filling with a wall added on `column`, if the rules allow it.
fn with_wall(fillings: &Fillings, f: u32, column: u8) -> Option<u32> {
    if fillings.cells[f as usize] >> column & 1 != 0 {
        return None;
    }
    let mut items = fillings.items[f as usize].clone();
    items.push(Item {
        start: column,
        len: 1,
        wall: true,
    });
    items.sort_by_key(|i| i.start);
    fillings.find(&items)
}

/// The first filling of a unit's class in row `r`.
pub fn class_start(units: &Units, unit: usize, r: usize) -> u32 {
    units.rows[r].classes[units.classes(unit)[r] as usize].start
}

/// Where each position of `unit` lies in `wall`'s parent (`parent` its
/// layout).
pub fn to_parent(units: &Units, unit: usize, index: &Unit, wall: &Wall, parent: &Unit) -> Vec<u32> {
    let mut map = Vec::with_capacity(index.positions() as usize);
    let r = wall.row;
    for block in 0..index.blocks() {
        let mut places: Vec<usize> = index.row_places(block).collect();
        let filling = class_start(units, unit, r) + places[r] as u32;
        places[r] = (units.rows[r].without(filling, wall.slot) - class_start(units, wall.parent, r))
            as usize;
        let (fc, list) = index.fiber_axis(block);
        let mut at = index.first(block);
        for _ in index.block_fibers(block) {
            let mut columns = index.column_fillings(&at).map(u32::from);
            for &f in list {
                columns[fc] = f as u32;
                let q = parent
                    .index_of(&places, &columns[..units.size])
                    .expect("a position without a wall is one of the parent's");
                map.push(q as u32);
            }
            index.advance(&mut at);
        }
    }
    map
}

/// The way back from a parent's positions (with the wall's cell empty) to
/// the unit: per place of the wall's row in the parent's class, the place
/// in the unit's class, where the wall lands in the unit's slot.
pub struct ToChild {
    row: usize,
    places: Vec<Option<usize>>,
}

impl ToChild {
    pub fn new(units: &Units, unit: usize, wall: &Wall) -> ToChild {
        let r = wall.row;
        let fillings = &units.rows[r];
        let class = units.classes(unit)[r];
        let start = fillings.classes[class as usize].start;
        let places = fillings.classes[units.classes(wall.parent)[r] as usize]
            .clone()
            .map(|f| {
                with_wall(fillings, f, wall.cell.column)
                    .filter(|&g| fillings.class_of[g as usize] == class)
                    .map(|g| (g - start) as usize)
            })
            .collect();
        ToChild { row: r, places }
    }

    /// The unit's index of the parent's position `q`.
    pub fn index(&self, parent: &Unit, child: &Unit, q: u64) -> u64 {
        let (at, bit) = parent.locate(q);
        let mut places = [0usize; 6];
        for (r, place) in parent.row_places(at.block).enumerate() {
            places[r] = place;
        }
        places[self.row] = self.places[places[self.row]].expect("the wall lands in its slot");
        let mut columns = parent.column_fillings(&at).map(u32::from);
        let (fc, list) = parent.fiber_axis(at.block);
        columns[fc] = list[bit as usize] as u32;
        let size = parent.size();
        child
            .index_of(&places[..size], &columns[..size])
            .expect("a parent's position with the wall's cell empty is one of the unit's")
    }
}
