//! The lists a parent hands its children with one more wall.

use crate::maps::{class_start, Tables};
use unblocker_gen::rush::{Units, Wall};
use unblocker_gen::unit::{Unavoidable, Unit};
use unblocker_gen::Fibered;

/// The lists a parent hands its children with one more wall: for every
/// position and each of its unavoidable cells where a wall may stand
/// (empty, and allowed in its row), the position, in the list of that
/// cell; filled a level at a time, as [`Unavoidable::pass`] finishes them.
pub struct Lists<'a> {
    units: &'a Units,
    tables: &'a Tables,
    /// The first filling of each row's class in the parent.
    starts: [u32; 6],
    /// With a root (the parent without its wall, and that wall), the
    /// positions are listed by their index in the root, a key that both
    /// parents of a unit with two walls share; otherwise by their own.
    pub root: Option<(Unit<'a>, Wall)>,
    per_cell: Vec<Vec<u32>>,
    pub entries: u64,
}

impl<'a> Lists<'a> {
    pub fn new(units: &'a Units, tables: &'a Tables) -> Lists<'a> {
        Lists {
            units,
            tables,
            starts: [0; 6],
            root: None,
            per_cell: vec![Vec::new(); units.size * units.size],
            entries: 0,
        }
    }

    /// The lists of `unit` (`index` its layout, `dist` its distances),
    /// from its unavoidable cells.
    pub fn fill(&mut self, unavoidable: &mut Unavoidable, unit: usize, index: &Unit, dist: &[u8]) {
        self.clear(unit);
        unavoidable.pass(index, dist, |level, cells| self.add(index, level, cells));
    }

    /// Sorts each cell's list (by the root's index, as the two parents'
    /// lists are intersected).
    pub fn sort(&mut self) {
        for list in &mut self.per_cell {
            list.sort_unstable();
        }
    }

    /// Starts the lists of `unit`.
    pub fn clear(&mut self, unit: usize) {
        for list in &mut self.per_cell {
            list.clear();
        }
        self.starts = std::array::from_fn(|r| {
            if r < self.units.size {
                class_start(self.units, unit, r)
            } else {
                0
            }
        });
        self.entries = 0;
    }

    /// Adds one level's positions (fiber, bits) with their cells.
    pub fn add(&mut self, index: &Unit, level: &[(u32, u32)], cells: &[u64]) {
        let size = self.units.size;
        let tables = self.tables;
        let mut cells = cells.iter();
        let (mut block, mut allowed) = (usize::MAX, 0u64);
        let mut root_places = [0usize; 6];
        for &(fiber, bits) in level {
            let fiber = fiber as usize;
            if block == usize::MAX || !index.block_fibers(block).contains(&fiber) {
                block = index.block_of(fiber);
                allowed = index
                    .row_places(block)
                    .enumerate()
                    .fold(0, |m, (r, place)| {
                        let filling = self.starts[r] as usize + place;
                        m | (tables.wall_columns[r][filling] as u64) << (r * size)
                    });
                if let Some((_, wall)) = &self.root {
                    for (r, place) in index.row_places(block).enumerate() {
                        root_places[r] = place;
                    }
                    let r = wall.row;
                    let filling = self.starts[r] + root_places[r] as u32;
                    root_places[r] = (self.units.rows[r].without(filling, wall.slot)
                        - class_start(self.units, wall.parent, r))
                        as usize;
                }
            }
            if allowed == 0 {
                for _ in 0..bits.count_ones() {
                    cells.next();
                }
                continue;
            }
            let at = index.fiber_at(block, fiber);
            let fillings = index.column_fillings(&at);
            let covered = index.axes_of(block).iter().fold(0u64, |m, &c| {
                m | tables.column_cells[c as usize][fillings[c as usize] as usize]
            });
            let (fc, list) = index.fiber_axis(block);
            let base = index.position_of(block, fiber, 0) as u32;
            let mut columns = fillings.map(u32::from);
            let mut rest = bits;
            while rest != 0 {
                let bit = rest.trailing_zeros();
                rest &= rest - 1;
                let free =
                    allowed & !covered & !tables.column_cells[fc][list[bit as usize] as usize];
                let mut here = cells.next().expect("cells for every position") & free;
                if here == 0 {
                    continue;
                }
                self.entries += here.count_ones() as u64;
                let key = match &self.root {
                    Some((root, _)) => {
                        columns[fc] = list[bit as usize] as u32;
                        root.index_of(&root_places[..size], &columns[..size])
                            .expect("a position without a wall is one of the root's")
                            as u32
                    }
                    None => base + bit,
                };
                while here != 0 {
                    self.per_cell[here.trailing_zeros() as usize].push(key);
                    here &= here - 1;
                }
            }
        }
    }
}
