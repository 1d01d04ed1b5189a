//! Where a unit's positions lie in one of its *ancestors*, the unit without
//! some of its walls ([`Ancestor`]), a fiber at a time.
//!
//! A wall covers one cell, so removing it changes one row's filling (the
//! same items without the wall) and the fillings its column may hold (the
//! ancestor's list for that column is longer); every other column keeps
//! its list. So a block of the unit maps to one block of the ancestor, and
//! a position's index there is a sum of one term per column, each the
//! column's digit there times its stride: a fiber's positions share the
//! terms of the columns other than its fiber axis.

use super::units::Units;
use super::walls::Wall;
use crate::unit::{Columns, FiberAt, Unit};
use crate::Fibered;

/// The map from a unit's positions to their indices in an ancestor.
pub struct Ancestor<'a, 'c> {
    units: &'a Units,
    unit: &'a Unit<'c>,
    ancestor: &'a Unit<'c>,
    /// The walls removed, as (row, slot in the unit's row), later slots of
    /// a row first.
    walls: Vec<(usize, usize)>,
    /// The first filling of each row's class, in the unit and the ancestor.
    unit_starts: [u32; 6],
    ancestor_starts: [u32; 6],
    /// The block the rest is for (`usize::MAX`: none yet).
    block: usize,
    /// The ancestor's block: its first position, fiber length, fiber
    /// axis's column and column strides, and both blocks' rows' cells per
    /// column.
    first: u64,
    len: u64,
    fiber_column: usize,
    strides: [u32; 6],
    here: [u8; 6],
    there: [u8; 6],
}

/// The indices in an ancestor of a fiber's positions
/// ([`Ancestor::fiber`]): bit `x`'s is [`Keys::get`]`(x)`.
#[derive(Clone, Copy)]
pub struct Keys<'c> {
    base: u64,
    /// The fiber axis's fillings in the unit, their digits in the
    /// ancestor, and the stride of those digits there.
    list: &'c [u8],
    digits: &'c [u8; 32],
    scale: u64,
}

impl Keys<'_> {
    /// The ancestor's index of the fiber's bit `x`.
    #[inline(always)]
    pub fn get(&self, x: usize) -> u64 {
        self.base + self.digits[self.list[x] as usize] as u64 * self.scale
    }
}

impl<'a, 'c> Ancestor<'a, 'c> {
    /// The map from `unit` (its id and layout) to `ancestor` (its id and
    /// layout): the unit without `walls` (some of its own,
    /// [`Units::walls_of`]).
    pub fn new(
        units: &'a Units,
        unit: (usize, &'a Unit<'c>),
        ancestor: (usize, &'a Unit<'c>),
        walls: &[Wall],
    ) -> Ancestor<'a, 'c> {
        let mut removed: Vec<(usize, usize)> = walls.iter().map(|w| (w.row, w.slot)).collect();
        removed.sort_by(|a, b| b.cmp(a));
        Ancestor {
            units,
            unit: unit.1,
            ancestor: ancestor.1,
            walls: removed,
            unit_starts: units.class_starts(unit.0),
            ancestor_starts: units.class_starts(ancestor.0),
            block: usize::MAX,
            first: 0,
            len: 0,
            fiber_column: 0,
            strides: [0; 6],
            here: [0; 6],
            there: [0; 6],
        }
    }

    /// The ancestor's block of a block of the unit.
    pub fn block(&self, block: usize) -> usize {
        let mut fillings = [0u32; 6];
        for (r, place) in self.unit.row_places(block).enumerate() {
            fillings[r] = self.unit_starts[r] + place as u32;
        }
        for &(r, slot) in &self.walls {
            fillings[r] = self.units.rows[r].without(fillings[r], slot);
        }
        let places: [usize; 6] =
            std::array::from_fn(|r| (fillings[r] - self.ancestor_starts[r]) as usize);
        self.ancestor.block_at(&places[..self.units.size])
    }

    /// Moves to a block of the unit.
    #[inline]
    fn enter(&mut self, block: usize) {
        if self.block == block {
            return;
        }
        self.block = block;
        let ancestor = self.ancestor;
        let to = self.block(block);
        self.first = ancestor.position_of(to, ancestor.block_fibers(to).start, 0);
        self.len = ancestor.fiber_mask(to).count_ones() as u64;
        self.fiber_column = ancestor.fiber_axis(to).0;
        self.strides = *ancestor.strides(to);
        self.here = *self.unit.occupied(block);
        self.there = *ancestor.occupied(to);
    }

    /// Column `c`'s digit `d` (of the unit's block) in the ancestor, and
    /// the stride of that digit in the ancestor's index.
    #[inline(always)]
    fn digit(&self, c: usize, d: u8) -> (u64, u64) {
        let columns = self.unit.columns();
        let filling = columns.list(self.here[c])[d as usize];
        let digit = columns.digit(self.there[c], filling) as u64;
        let scale = if c == self.fiber_column {
            1
        } else {
            self.strides[c] as u64 * self.len
        };
        (digit, scale)
    }

    /// The ancestor's indices of the fiber `at`'s positions.
    #[inline]
    pub fn fiber(&mut self, at: &FiberAt) -> Keys<'c> {
        self.enter(at.block);
        let mut base = self.first;
        for &c in self.unit.axes_of(at.block) {
            let (digit, scale) = self.digit(c as usize, at.digits[c as usize]);
            base += digit * scale;
        }
        let columns: &'c Columns = self.unit.columns();
        let fc = self.unit.fiber_axis(at.block).0;
        Keys {
            base,
            list: columns.list(self.here[fc]),
            digits: columns.digits(self.there[fc]),
            scale: if fc == self.fiber_column {
                1
            } else {
                self.strides[fc] as u64 * self.len
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rush::Position;

    /// Every position of walled units (every 4x4 one, units spread over
    /// the 5x5 and 6x6 ones) maps to the index `Unit::index_of` gives it in
    /// each parent and in the unit without any wall.
    #[test]
    fn fibers_map_to_the_ancestors_index() {
        for (size, step) in [(4, 1), (5, 37), (6, 199_999)] {
            let units = Units::new(size, 2);
            let mut checked = 0u64;
            for u in (0..units.len())
                .step_by(step)
                .filter(|&u| units.walls(u) > 0)
            {
                let index = units.index(u);
                let walls = units.walls_of(u);
                let mut removals: Vec<Vec<Wall>> = walls.iter().map(|&w| vec![w]).collect();
                removals.push(walls.clone());
                for removed in removals {
                    let mut position = Position::at(&units, u, &index, 0);
                    for w in removed.iter().rev() {
                        position.rows[w.row] =
                            units.rows[w.row].without(position.rows[w.row], w.slot);
                    }
                    let a = units.find(&position.row_classes(&units)).unwrap();
                    let ancestor = units.index(a);
                    let mut map = Ancestor::new(&units, (u, &index), (a, &ancestor), &removed);
                    for block in 0..index.blocks() {
                        let mut at = index.first(block);
                        for f in index.block_fibers(block) {
                            let keys = map.fiber(&at);
                            for x in 0..index.fiber_mask(block).count_ones() {
                                let p = index.position_of(block, f, x);
                                let mut q = Position::at(&units, u, &index, p);
                                for w in removed.iter().rev() {
                                    q.rows[w.row] =
                                        units.rows[w.row].without(q.rows[w.row], w.slot);
                                }
                                let expected = ancestor
                                    .index_of(&q.row_places(&units), &q.columns[..size])
                                    .unwrap();
                                assert_eq!(
                                    keys.get(x as usize),
                                    expected,
                                    "{size}x{size} unit {u}"
                                );
                                checked += 1;
                            }
                            index.advance(&mut at);
                        }
                    }
                }
            }
            assert!(checked > 1000, "{checked}");
        }
    }
}
