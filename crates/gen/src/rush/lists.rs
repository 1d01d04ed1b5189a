//! The lists a unit with one wall hands its children with two walls
//! ([`ChildLists`]): per cell where a second wall may stand, its positions
//! with that cell unavoidable, keyed by their index in the wall-free unit
//! (which both parents of a unit with two walls share), so that a unit with
//! two walls finds `F`, the positions both its walls lengthen, as the
//! intersection of two lists (`two_walls`).

use super::ancestor::Ancestor;
use super::units::Units;
use crate::unit::Unit;
use crate::Fibered;
use unblocker_engine::line::{Fillings, Item};

/// Where a wall may be added and the cells a column filling covers.
#[derive(Debug)]
pub struct WallTables {
    size: usize,
    /// Per row and row filling: the columns where a wall keeps the filling
    /// within the rules (a bit per column).
    wall_columns: Vec<Vec<u8>>,
    /// Per column filling: its cells in column 0 (bit `row × size`).
    column_cells: Vec<u64>,
    /// Per row, row filling and column: the filling with a wall added
    /// there ([`with_wall`]; `u32::MAX` where the rules allow none).
    added: Vec<Vec<[u32; 6]>>,
}

impl WallTables {
    pub fn new(units: &Units) -> WallTables {
        let size = units.size;
        let added: Vec<Vec<[u32; 6]>> = units
            .rows
            .iter()
            .map(|fillings| {
                (0..fillings.items.len() as u32)
                    .map(|f| {
                        std::array::from_fn(|c| {
                            (c < size)
                                .then(|| with_wall(fillings, f, c as u8))
                                .flatten()
                                .unwrap_or(u32::MAX)
                        })
                    })
                    .collect()
            })
            .collect();
        let wall_columns = added
            .iter()
            .map(|row| {
                row.iter()
                    .map(|columns| {
                        (0..size)
                            .filter(|&c| columns[c] != u32::MAX)
                            .fold(0u8, |m, c| m | 1 << c)
                    })
                    .collect()
            })
            .collect();
        let column_cells = units
            .columns
            .fillings()
            .cells
            .iter()
            .map(|&rows| {
                (0..size)
                    .filter(|&r| rows >> r & 1 != 0)
                    .fold(0u64, |m, r| m | 1 << (r * size))
            })
            .collect();
        WallTables {
            size,
            wall_columns,
            column_cells,
            added,
        }
    }

    /// The filling of row `row` that is `filling` with a wall added on
    /// `column`, if the rules allow it ([`with_wall`], looked up).
    #[inline]
    pub fn with_wall(&self, row: usize, filling: u32, column: u8) -> Option<u32> {
        let added = self.added[row][filling as usize][column as usize];
        (added != u32::MAX).then_some(added)
    }

    /// The cells (bit `row × size + column`) where the rows of `block` of
    /// `unit` (`starts`: the first filling of each row's class) leave room
    /// for one more wall.
    fn allowed(&self, unit: &Unit, starts: &[u32; 6], block: usize) -> u64 {
        unit.row_places(block).enumerate().fold(0, |m, (r, place)| {
            let filling = starts[r] as usize + place;
            m | (self.wall_columns[r][filling] as u64) << (r * self.size)
        })
    }

    /// The cells of column `c`'s filling `filling`.
    #[inline(always)]
    fn column(&self, c: usize, filling: u8) -> u64 {
        self.column_cells[filling as usize] << c
    }
}

/// The row filling with a wall added on `column`, if the rules allow it.
pub fn with_wall(fillings: &Fillings, filling: u32, column: u8) -> Option<u32> {
    if fillings.cells[filling as usize] >> column & 1 != 0 {
        return None;
    }
    let mut items = fillings.items[filling as usize].clone();
    items.push(Item {
        start: column,
        len: 1,
        wall: true,
    });
    items.sort_by_key(|i| i.start);
    fillings.find(&items)
}

/// The lists a unit with one wall hands its children with two: for every
/// position and each of its unavoidable cells where a second wall may
/// stand (empty, and allowed in its row), the position's index in the
/// wall-free unit, in the list of that cell (unsorted).
pub struct ChildLists {
    pub per_cell: Vec<Vec<u32>>,
}

impl ChildLists {
    pub fn new(size: usize) -> ChildLists {
        ChildLists {
            per_cell: vec![Vec::new(); size * size],
        }
    }

    /// Empties every list.
    pub fn clear(&mut self) {
        for list in &mut self.per_cell {
            list.clear();
        }
    }

    /// The entries listed.
    pub fn entries(&self) -> u64 {
        self.per_cell.iter().map(|l| l.len() as u64).sum()
    }

    /// Adds one level's positions of `unit` (`starts`: the first filling of
    /// each row's class; `root` its map to the wall-free unit), as
    /// [`crate::unit::Unavoidable::search`] hands them out: (fiber, bits)
    /// with their unavoidable cells in the same order.
    pub fn add(
        &mut self,
        tables: &WallTables,
        unit: &Unit,
        starts: &[u32; 6],
        root: &mut Ancestor,
        level: &[(u32, u32)],
        cells: &[u64],
    ) {
        let mut cells = cells.iter();
        let (mut block, mut fibers, mut allowed) = (0, 0..0, 0u64);
        for &(fiber, bits) in level {
            let fiber = fiber as usize;
            if !fibers.contains(&fiber) {
                block = unit.block_of(fiber);
                fibers = unit.block_fibers(block);
                allowed = tables.allowed(unit, starts, block);
            }
            if allowed == 0 {
                for _ in 0..bits.count_ones() {
                    cells.next();
                }
                continue;
            }
            let at = unit.fiber_at(block, fiber);
            let fillings = unit.column_fillings(&at);
            let covered = unit.axes_of(block).iter().fold(0u64, |m, &c| {
                m | tables.column(c as usize, fillings[c as usize])
            });
            let (fc, list) = unit.fiber_axis(block);
            let free = allowed & !covered;
            let keys = root.fiber(&at);
            let mut rest = bits;
            while rest != 0 {
                let x = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let mut here = cells.next().expect("cells for every position")
                    & free
                    & !tables.column(fc, list[x]);
                if here == 0 {
                    continue;
                }
                let key = keys.get(x) as u32;
                while here != 0 {
                    self.per_cell[here.trailing_zeros() as usize].push(key);
                    here &= here - 1;
                }
            }
        }
    }
}
