//! What the examples about walls share: a unit's walls, each with the unit
//! without it (its *parent*).

use unblocker_gen::rush::{Position, Units};
use unblocker_gen::unit::{Cell, Unit};

/// One wall of a unit.
pub struct Wall {
    /// Its row, its place among the row's items, and its cell.
    pub row: usize,
    pub slot: usize,
    pub cell: Cell,
    /// The unit without it.
    pub parent: usize,
}

/// The walls of `unit` (`index` its layout), in board order.
pub fn walls_of(units: &Units, unit: usize, index: &Unit) -> Vec<Wall> {
    let first = Position::at(units, unit, index, 0);
    let mut walls = Vec::new();
    for row in 0..units.size {
        let filling = first.rows[row];
        for (slot, item) in units.rows[row].items[filling as usize].iter().enumerate() {
            if item.wall {
                let mut without = first;
                without.rows[row] = units.rows[row].without(filling, slot);
                let parent = units
                    .find(&without.row_classes(units))
                    .expect("a unit without a wall is a unit of the rules");
                let cell = Cell {
                    row: row as u8,
                    column: item.start,
                };
                walls.push(Wall {
                    row,
                    slot,
                    cell,
                    parent,
                });
            }
        }
    }
    walls
}
