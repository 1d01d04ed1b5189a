//! One position as the fillings of its lines, and what the database stores
//! of it: fogleman/rush's one-line form, his order (the tie-break between a
//! component's hardest positions), and its walls and cars.

use super::units::{target_row, Units};
use unblocker_engine::line::Item;

/// A position: the filling of every row and every column (indices into the
/// [`Units`]' fillings), by board row and column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub rows: [u32; 6],
    pub columns: [u32; 6],
}

impl Position {
    /// The position at `index` of unit `unit`.
    pub fn at(units: &Units, unit: usize, index: &crate::unit::Unit, at: u64) -> Position {
        let (places, columns) = index.position(at);
        let classes = units.classes(unit);
        let mut p = Position {
            rows: [0; 6],
            columns: [0; 6],
        };
        for r in 0..units.size {
            let class = &units.rows[r].classes[classes[r] as usize];
            p.rows[r] = class.start + places[r] as u32;
            p.columns[r] = columns[r];
        }
        p
    }

    /// The position of unit `unit` [`Position::pack`]ed in `packed`.
    pub fn unpacked(units: &Units, unit: usize, packed: u64) -> Position {
        let (places, columns) = Position::unpack(packed);
        let classes = units.classes(unit);
        Position {
            rows: std::array::from_fn(|r| {
                if r < units.size {
                    units.rows[r].classes[classes[r] as usize].start + places[r] as u32
                } else {
                    0
                }
            }),
            columns,
        }
    }

    /// Each row's place in its class, as the unit numbers them.
    pub fn row_places(&self, units: &Units) -> Vec<usize> {
        (0..units.size)
            .map(|r| {
                let fillings = &units.rows[r];
                let class = fillings.class_of[self.rows[r] as usize];
                (self.rows[r] - fillings.classes[class as usize].start) as usize
            })
            .collect()
    }

    /// The position packed in 54 bits: each row's place in its class (4
    /// bits: a class of a 6-cell row has at most 15 fillings) and each
    /// column's filling (5 bits).
    pub fn pack(&self, units: &Units) -> u64 {
        let places = self.row_places(units);
        (0..units.size).fold(0u64, |m, i| {
            m | (places[i] as u64) << (4 * i) | (self.columns[i] as u64) << (24 + 5 * i)
        })
    }

    /// The row places and column fillings of a packed position.
    pub fn unpack(packed: u64) -> ([usize; 6], [u32; 6]) {
        let places = std::array::from_fn(|i| ((packed >> (4 * i)) & 15) as usize);
        let columns = std::array::from_fn(|i| ((packed >> (24 + 5 * i)) & 31) as u32);
        (places, columns)
    }

    /// The position without some row items, as (row, place in the row),
    /// and some column cars, as (column, place among the column's cars).
    pub fn without(
        &self,
        units: &Units,
        rows: &[(usize, usize)],
        cars: &[(usize, usize)],
    ) -> Position {
        let mut p = *self;
        // Later places first, so that earlier ones keep their place.
        for &(r, slot) in rows.iter().rev() {
            p.rows[r] = units.rows[r].without(p.rows[r], slot);
        }
        for &(c, k) in cars.iter().rev() {
            p.columns[c] = units.columns.fillings().without(p.columns[c], k);
        }
        p
    }

    /// Each row's class.
    pub fn row_classes(&self, units: &Units) -> [u32; 6] {
        std::array::from_fn(|r| match units.rows.get(r) {
            Some(fillings) => fillings.class_of[self.rows[r] as usize],
            None => 0,
        })
    }

    /// Every item in fogleman/rush's piece order: the target's row (walls
    /// left of the target, then the target), the other rows top to bottom,
    /// the columns left to right; each with the cells it covers (bit
    /// `row × size + column`).
    pub fn pieces(&self, units: &Units) -> Vec<(Item, u64)> {
        let size = units.size;
        let target = target_row(size);
        let mut out = Vec::new();
        for r in std::iter::once(target).chain((0..size).filter(|&r| r != target)) {
            for item in &units.rows[r].items[self.rows[r] as usize] {
                let cells = (item.start..item.start + item.len)
                    .fold(0u64, |m, c| m | 1 << (r * size + c as usize));
                out.push((*item, cells));
            }
        }
        for c in 0..size {
            for item in &units.columns.fillings().items[self.columns[c] as usize] {
                let cells = (item.start..item.start + item.len)
                    .fold(0u64, |m, r| m | 1 << (r as usize * size + c));
                out.push((*item, cells));
            }
        }
        out
    }

    /// fogleman/rush's order of positions: the bitboard of the rows' cars
    /// and walls, then that of the columns' cars (row-major bits).
    pub fn order_key(&self, units: &Units) -> (u64, u64) {
        (self.row_cells(units), self.column_cells(units))
    }

    /// The cells of the rows' items (bit `row × size + column`).
    pub fn row_cells(&self, units: &Units) -> u64 {
        (0..units.size).fold(0, |m, r| {
            m | (units.rows[r].cells[self.rows[r] as usize] as u64) << (r * units.size)
        })
    }

    /// The cells of the columns' cars (bit `row × size + column`).
    pub fn column_cells(&self, units: &Units) -> u64 {
        (0..units.size).fold(0, |m, c| m | column_bits(units, c, self.columns[c]))
    }

    /// The one-line form: row by row, `o` empty, `x` wall, and each piece
    /// lettered by its place in the piece order (`A` the target, then the
    /// target row's walls, the other rows' cars and walls, the columns'
    /// cars), so letters skip one per wall.
    pub fn board_text(&self, units: &Units) -> String {
        let size = units.size;
        let mut text = vec!['o'; size * size];
        let walls_before_target = units.rows[target_row(size)].items
            [self.rows[target_row(size)] as usize]
            .iter()
            .filter(|i| i.wall)
            .count();
        for (n, (item, cells)) in self.pieces(units).into_iter().enumerate() {
            let letter = if item.wall {
                'x'
            } else if n == walls_before_target {
                'A'
            } else {
                char::from(b'A' + n as u8)
            };
            for (k, t) in text.iter_mut().enumerate() {
                if cells >> k & 1 == 1 {
                    *t = letter;
                }
            }
        }
        text.into_iter().collect()
    }

    /// Walls, and cars (the target included).
    pub fn walls_and_cars(&self, units: &Units) -> (u32, u32) {
        let pieces = self.pieces(units);
        let walls = pieces.iter().filter(|(i, _)| i.wall).count() as u32;
        (walls, pieces.len() as u32 - walls)
    }
}

/// The cells of column `c`'s filling `f` (bit `row × size + column`).
pub fn column_bits(units: &Units, c: usize, f: u32) -> u64 {
    let cells = units.columns.fillings().cells[f as usize] as u64;
    (0..units.size)
        .filter(|&r| cells >> r & 1 == 1)
        .fold(0, |m, r| m | 1 << (r * units.size + c))
}
