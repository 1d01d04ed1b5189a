//! A unit's walls, each with the unit without it (its *parent*), and the
//! way from a position of the unit to the same position in the parent: for
//! research on what the walls change (the `research` feature) and the tests.

use super::{Position, Units};
use crate::unit::{Cell, Unit};

/// One wall of a unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wall {
    /// Its row and its place among the row's items.
    pub row: usize,
    pub slot: usize,
    pub cell: Cell,
    /// The unit without it.
    pub parent: usize,
}

impl Units {
    /// For the tests: every unit with walls (every `step`th), once per
    /// wall, searched whole with its parent: `each(unit, index, dist, wall,
    /// parent, parent_dist)`.
    #[cfg(test)]
    pub(crate) fn each_wall(
        &self,
        step: usize,
        mut each: impl FnMut(usize, &Unit, &[u8], &Wall, &Unit, &mut Vec<u8>),
    ) {
        let mut search = crate::retrograde::Retrograde::new();
        let (mut dist, mut parent_dist) = (Vec::new(), Vec::new());
        for unit in (0..self.len()).step_by(step).filter(|&u| self.walls(u) > 0) {
            let index = self.index(unit);
            search.distances(&index, &mut dist);
            for wall in self.walls_of(unit, &index) {
                let parent = self.index(wall.parent);
                search.distances(&parent, &mut parent_dist);
                each(unit, &index, &dist, &wall, &parent, &mut parent_dist);
            }
        }
    }

    /// The walls of `unit` (`index` its layout), in board order.
    pub fn walls_of(&self, unit: usize, index: &Unit) -> Vec<Wall> {
        let first = Position::at(self, unit, index, 0);
        let mut walls = Vec::new();
        for row in 0..self.size {
            let filling = first.rows[row];
            for (slot, item) in self.rows[row].items[filling as usize].iter().enumerate() {
                if item.wall {
                    let mut without = first;
                    without.rows[row] = self.rows[row].without(filling, slot);
                    let parent = self
                        .find(&without.row_classes(self))
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
}

impl Wall {
    /// The index in the parent (`parent` its layout) of position `at` of
    /// the unit (`index` its layout) without this wall.
    pub fn in_parent(
        &self,
        units: &Units,
        unit: usize,
        index: &Unit,
        parent: &Unit,
        at: u64,
    ) -> u64 {
        let mut position = Position::at(units, unit, index, at);
        position.rows[self.row] = units.rows[self.row].without(position.rows[self.row], self.slot);
        parent
            .index_of(&position.row_places(units), &position.columns[..units.size])
            .expect("a position without a wall is one of the parent's")
    }
}
