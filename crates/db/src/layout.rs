//! Positions of Rush Hour boards whose rows keep a fixed class: a `u64` key
//! with one field per line, expansion into neighbours, the goal test, and
//! fogleman/rush's ordering and text form of a position.
//!
//! A row's field numbers the states of its (fixed) class; a column's field
//! numbers all states of the column, so one layout covers every choice of
//! column contents. That is what makes a work unit (one choice of row
//! classes) enumerable as dense keys.

use crate::lines::{Item, Line, LineKind};

/// Where one line's state lives in a key.
#[derive(Clone, Copy, Debug)]
struct Field {
    /// The first state the field can hold.
    base: u32,
    /// How many states it can hold.
    count: u32,
    shift: u32,
    mask: u64,
}

/// Key fields for the lines of [`crate::lines::board_lines`], rows fixed to
/// one class each.
#[derive(Clone, Debug)]
pub struct Layout<'a> {
    lines: &'a [Line],
    fields: Vec<Field>,
}

/// Bits needed to number `count` values.
fn bits_for(count: u32) -> u32 {
    if count <= 1 {
        0
    } else {
        32 - (count - 1).leading_zeros()
    }
}

impl<'a> Layout<'a> {
    /// The layout whose rows (the target's row first, as in `lines`) hold
    /// the given classes. `None` when the key would need more than 64 bits.
    pub fn new(lines: &'a [Line], row_classes: &[u32]) -> Option<Layout<'a>> {
        let mut fields = Vec::with_capacity(lines.len());
        let mut shift = 0;
        let mut classes = row_classes.iter();
        for line in lines {
            let range = if line.kind == LineKind::Column {
                0..line.items.len() as u32
            } else {
                line.classes[*classes.next()? as usize].clone()
            };
            let width = bits_for(range.end - range.start);
            fields.push(Field {
                base: range.start,
                count: range.end - range.start,
                shift,
                mask: (1u64 << width) - 1,
            });
            shift += width;
        }
        (shift <= 64).then_some(Layout { lines, fields })
    }

    pub fn lines(&self) -> &'a [Line] {
        self.lines
    }

    /// The state of line `i` in `key`.
    #[inline(always)]
    pub fn state(&self, key: u64, i: usize) -> u32 {
        let f = &self.fields[i];
        f.base + ((key >> f.shift) & f.mask) as u32
    }

    /// Every line's state.
    pub fn states(&self, key: u64) -> Vec<u32> {
        (0..self.fields.len()).map(|i| self.state(key, i)).collect()
    }

    /// The key of the given line states (each within its field's range).
    pub fn key(&self, states: &[u32]) -> u64 {
        self.fields
            .iter()
            .zip(states)
            .fold(0, |key, (f, &s)| key | ((s - f.base) as u64) << f.shift)
    }

    /// The range of states line `i` can take.
    pub fn field_states(&self, i: usize) -> std::ops::Range<u32> {
        let f = &self.fields[i];
        f.base..f.base + f.count
    }

    /// Cells covered in the row-major and column-major bitboards.
    #[inline(always)]
    pub fn occupancy(&self, key: u64) -> (u64, u64) {
        let (mut occupancy, mut occupancy_t) = (0, 0);
        for (i, line) in self.lines.iter().enumerate() {
            let s = self.state(key, i) as usize;
            occupancy |= line.cells[s];
            occupancy_t |= line.cells_t[s];
        }
        (occupancy, occupancy_t)
    }

    /// Appends every position one move away, in fogleman/rush's move order
    /// (pieces in order; each piece backwards 1, 2, … cells, then forwards).
    #[inline(always)]
    pub fn expand(&self, key: u64, out: &mut Vec<u64>) {
        let (occupancy, occupancy_t) = self.occupancy(key);
        for (i, line) in self.lines.iter().enumerate() {
            let state = self.state(key, i);
            let occupied = line.occupied(occupancy, occupancy_t);
            let shift = self.fields[i].shift;
            for m in line.moves(state, occupied) {
                let delta = (m.to as i64 - state as i64) << shift;
                out.push(key.wrapping_add(delta as u64));
            }
        }
    }

    /// True when the target touches the right edge.
    #[inline(always)]
    pub fn is_goal(&self, key: u64) -> bool {
        let target_row = &self.lines[0];
        let items = &target_row.items[self.state(key, 0) as usize];
        let target = items.last().expect("the target row holds the target");
        (target.start + target.len) as usize == target_row.size
    }

    /// True when no car can move left or up: fogleman/rush's candidate
    /// positions, one of which is the smallest of every component.
    pub fn is_packed(&self, key: u64) -> bool {
        let (occupancy, occupancy_t) = self.occupancy(key);
        self.lines.iter().enumerate().all(|(i, line)| {
            let occupied = line.occupied(occupancy, occupancy_t);
            line.items[self.state(key, i) as usize]
                .iter()
                .all(|item| item.wall || item.start == 0 || occupied >> (item.start - 1) & 1 == 1)
        })
    }

    /// fogleman/rush's order of positions: the horizontal bitboard (walls
    /// included), then the vertical one, both row-major.
    pub fn order_key(&self, key: u64) -> (u64, u64) {
        let (mut horizontal, mut vertical) = (0, 0);
        for (i, line) in self.lines.iter().enumerate() {
            let cells = line.cells[self.state(key, i) as usize];
            if line.horizontal() {
                horizontal |= cells;
            } else {
                vertical |= cells;
            }
        }
        (horizontal, vertical)
    }

    /// Every piece of the position: (line, item) pairs, target first.
    pub fn pieces(&self, key: u64) -> Vec<(usize, Item)> {
        (0..self.lines.len())
            .flat_map(|i| {
                let state = self.state(key, i) as usize;
                self.lines[i].items[state]
                    .iter()
                    .map(move |&item| (i, item))
            })
            .collect()
    }

    /// The position in fogleman/rush's one-line form: row by row, `o` empty,
    /// `x` wall, and each piece lettered by its place in his piece order
    /// (`A` the target, then the target row's walls, the other rows' cars and
    /// walls, the columns' cars), so letters skip one per wall.
    pub fn board_string(&self, key: u64) -> String {
        let size = self.lines[0].size;
        let mut text = vec!['o'; size * size];
        let pieces = self.pieces(key);
        let mut next_wall = 1;
        for (n, (i, item)) in pieces.into_iter().enumerate() {
            let index = match (i, item.wall) {
                (0, false) => 0,
                (0, true) => {
                    next_wall += 1;
                    next_wall - 1
                }
                _ => n,
            };
            let letter = if item.wall {
                'x'
            } else {
                char::from(b'A' + index as u8)
            };
            for k in item.start..item.start + item.len {
                let (r, c) = self.lines[i].cell(k as usize);
                text[r * size + c] = letter;
            }
        }
        text.into_iter().collect()
    }
}
