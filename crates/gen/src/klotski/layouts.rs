//! Every valid 4×5 Klotski layout (one 2×2 target, any number of 2×1, 1×2
//! and 1×1 blocks, at least two empty cells, blocks of one shape
//! interchangeable), enumerated in a fixed order and numbered densely
//! `0..29_334_498`, so that per-layout data lives in plain arrays.
//!
//! A layout is the target's corner (its *head*, one of 12 cells) plus a
//! 32-bit *code*: for each of the 16 other cells in reading order, two bits
//! saying what block has its top-left corner there (0 none, 1 a 2×1, 2 a
//! 1×2, 3 a 1×1; sizes are rows × columns, so a 2×1 stands upright), the
//! first cell in the top bits. The enumeration fills the
//! cells in reading order and tries the four choices in that order, so each
//! head's codes come out sorted: the index of a layout is its head's offset
//! plus the code's rank, which [`Ranker`] computes from small tables
//! without searching.
//!
//! Positions are converted to and from the engine's Klotski keys
//! ([`KlotskiSpace<u64>`]), whose move generation the component search uses.

use super::rank::{block, Ranker};
use unblocker_engine::klotski::KlotskiSpace;
use unblocker_engine::Space;
use unblocker_model::{format, Board, Goal, Piece};

pub const WIDTH: usize = 4;
pub const HEIGHT: usize = 5;
pub(super) const CELLS: usize = WIDTH * HEIGHT;
/// The target's goal: its top-left corner at row 3, column 1 (bottom centre).
pub const GOAL: Goal = Goal::Place { row: 3, col: 1 };
/// Cells that are not the target's.
const SLOTS: usize = CELLS - 4;
/// Bits per cell in an engine key.
const KEY_BITS: usize = 3;
const KEY_MASK: u64 = (1 << KEY_BITS) - 1;
/// Bit 0 of every cell's field.
const FIELD_LOWS: u64 = ((1 << (KEY_BITS * CELLS)) - 1) / KEY_MASK;

/// The shapes other than the target's, as `(width, height)`, in the order
/// of their code value (1, 2, 3).
pub const SHAPES: [(u8, u8); 3] = [(1, 2), (2, 1), (1, 1)];

/// The target positions (the 2×2 fits with its corner there), in reading
/// order.
fn heads() -> impl Iterator<Item = usize> {
    (0..CELLS).filter(|&cell| cell % WIDTH < WIDTH - 1 && cell / WIDTH < HEIGHT - 1)
}

/// The cells covered by a 2×2 with its corner at `head`, as a bit set.
fn target_cells(head: usize) -> u32 {
    0b11_0011 << head
}

/// One head's cells other than the target's, in reading order.
fn slots_of(head: usize) -> [u8; SLOTS] {
    let covered = target_cells(head);
    let mut slots = [0; SLOTS];
    let free = (0..CELLS as u8).filter(|&cell| covered >> cell & 1 == 0);
    for (slot, cell) in slots.iter_mut().zip(free) {
        *slot = cell;
    }
    slots
}

/// All valid layouts and their dense index.
pub struct Layouts {
    /// Each head's codes, ascending; heads in reading order.
    codes: Vec<u32>,
    /// The heads' corner cells.
    heads: Vec<u8>,
    /// Head `h` owns `codes[head_starts[h]..head_starts[h + 1]]`.
    head_starts: Vec<u32>,
    ranker: Ranker,
    /// For each head, its 16 other cells.
    slots: Vec<[u8; SLOTS]>,
    /// The engine's class number for code values 0..=3 (0 for none), and
    /// the other way round (`u8::MAX` where a class is not a plain block).
    class_of_value: [u64; 4],
    value_of_class: [u8; 8],
    /// The width of each class's blocks (0 for no block).
    width_of_class: [u8; 8],
    target_class: u64,
    /// The target's class in every field.
    target_pattern: u64,
    space: KlotskiSpace<u64>,
}

/// The depth-first enumeration of one head's layouts.
struct Filler<'a> {
    slot_of_cell: [u8; CELLS],
    codes: &'a mut Vec<u32>,
}

impl Filler<'_> {
    /// Fills the cells from `cell` on, `covered` being the cells taken so
    /// far, `code` the choices made and `empty` the cells left empty.
    fn fill(&mut self, mut cell: usize, covered: u32, code: u32, empty: u32) {
        while cell < CELLS && covered >> cell & 1 != 0 {
            cell += 1;
        }
        if cell == CELLS {
            if empty >= 2 {
                self.codes.push(code);
            }
            return;
        }
        let shift = 2 * (SLOTS as u32 - 1 - self.slot_of_cell[cell] as u32);
        self.fill(cell + 1, covered | 1 << cell, code, empty + 1);
        for value in 1..=SHAPES.len() {
            if let Some(block) = block(cell, value).map(|b| b << cell) {
                if covered & block == 0 {
                    let code = code | (value as u32) << shift;
                    self.fill(cell + 1, covered | block, code, empty);
                }
            }
        }
    }
}

impl Layouts {
    /// Enumerates every layout (about 0.3 s) and builds the index.
    pub fn enumerate() -> Layouts {
        let mut codes = Vec::with_capacity(29_334_498);
        let heads: Vec<u8> = heads().map(|h| h as u8).collect();
        let slots: Vec<[u8; SLOTS]> = heads.iter().map(|&h| slots_of(h as usize)).collect();
        let mut head_starts = vec![0];
        for (&head, slots) in heads.iter().zip(&slots) {
            let mut slot_of_cell = [u8::MAX; CELLS];
            for (slot, &cell) in slots.iter().enumerate() {
                slot_of_cell[cell as usize] = slot as u8;
            }
            Filler {
                slot_of_cell,
                codes: &mut codes,
            }
            .fill(0, target_cells(head as usize), 0, 0);
            head_starts.push(codes.len() as u32);
        }
        let ranker = Ranker::new(&heads, target_cells);
        let (space, target_class, class_of_value) = reference_space();
        let mut value_of_class = [u8::MAX; 8];
        let mut width_of_class = [0; 8];
        width_of_class[target_class as usize] = 2;
        for (value, &class) in class_of_value.iter().enumerate() {
            value_of_class[class as usize] = value as u8;
            if value > 0 {
                width_of_class[class as usize] = SHAPES[value - 1].0;
            }
        }
        Layouts {
            codes,
            heads,
            head_starts,
            ranker,
            slots,
            class_of_value,
            value_of_class,
            width_of_class,
            target_class,
            target_pattern: target_class * FIELD_LOWS,
            space,
        }
    }

    /// The number of layouts (29,334,498).
    pub fn len(&self) -> usize {
        self.codes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.codes.is_empty()
    }

    /// The engine's view of the positions: keys of [`Layouts::key`] expand
    /// with its move generation.
    pub fn space(&self) -> &KlotskiSpace<u64> {
        &self.space
    }

    /// The engine key of layout `index` (`index < self.len()`).
    #[inline]
    pub fn key(&self, index: u32) -> u64 {
        let h = self.head_starts.partition_point(|&start| start <= index) - 1;
        let code = self.codes[index as usize];
        let mut key = self.target_class << (KEY_BITS * self.heads[h] as usize);
        for (slot, &cell) in self.slots[h].iter().enumerate() {
            let value = code >> (2 * (SLOTS - 1 - slot)) & 3;
            key |= self.class_of_value[value as usize] << (KEY_BITS * cell as usize);
        }
        key
    }

    /// The index of the layout with engine key `key`, if it is one.
    #[inline]
    pub fn index_of(&self, key: u64) -> Option<u32> {
        let (head, h) = self.head_of(key)?;
        let start = self.ranker.start(h);
        let value = |cell| self.value_at(key, head, cell);
        let rank = self.ranker.rank_from(start, 0, 0, value, |_, _, _| {})?;
        Some(self.head_starts[h] + rank)
    }

    /// [`Layouts::index_of`], remembering the walk so that the indices of
    /// the layouts one move away cost less ([`RankWalk::index_of_neighbour`]).
    #[inline]
    pub fn walk(&self, key: u64) -> Option<RankWalk<'_>> {
        let (head, h) = self.head_of(key)?;
        let mut walk = RankWalk {
            layouts: self,
            key,
            head,
            h,
            states: [0; CELLS],
            ranks: [0; CELLS],
        };
        let value = |cell| self.value_at(key, head, cell);
        let record = |cell: usize, state, rank| {
            walk.states[cell] = state;
            walk.ranks[cell] = rank;
        };
        self.ranker
            .rank_from(self.ranker.start(h), 0, 0, value, record)?;
        Some(walk)
    }

    /// The target's corner cell in `key` and its number among the heads.
    #[inline(always)]
    fn head_of(&self, key: u64) -> Option<(usize, usize)> {
        // The fields equal to the target's class are zero in `differ`.
        let differ = key ^ self.target_pattern;
        let targets = !(differ | differ >> 1 | differ >> 2) & FIELD_LOWS;
        if targets.count_ones() != 1 {
            return None;
        }
        let head = targets.trailing_zeros() as usize / KEY_BITS;
        Some((head, self.heads.iter().position(|&c| c as usize == head)?))
    }

    /// The code value of the block with its corner at `cell` (0 for none
    /// and for the target's corner `head`; more than 3 for an unknown class).
    #[inline(always)]
    fn value_at(&self, key: u64, head: usize, cell: usize) -> usize {
        if cell == head {
            0
        } else {
            self.value_of_class[(key >> (KEY_BITS * cell) & KEY_MASK) as usize] as usize
        }
    }

    /// The index of a 4×5 board (any goal), if it is a valid layout.
    pub fn index_of_board(&self, board: &Board) -> Option<u32> {
        let target = board.pieces().first()?;
        if (target.width, target.height) != (2, 2) {
            return None;
        }
        self.index_of(self.space.key_of(board)?)
    }

    /// True if the target of layout `index` is at the goal.
    pub fn is_goal(&self, index: u32) -> bool {
        self.space.is_goal(self.key(index))
    }

    /// The pieces of layout `index`, the target first.
    pub fn pieces(&self, index: u32) -> Vec<Piece> {
        let key = self.key(index);
        let mut target = Vec::with_capacity(1);
        let mut others = Vec::new();
        for cell in 0..CELLS {
            let class = key >> (KEY_BITS * cell) & KEY_MASK;
            let (row, col) = ((cell / WIDTH) as u8, (cell % WIDTH) as u8);
            if class == self.target_class {
                target.push(Piece::block(row, col, 2, 2));
            } else if let value @ 1..=3 = self.value_of_class[class as usize] {
                let (width, height) = SHAPES[value as usize - 1];
                others.push(Piece::block(row, col, width, height));
            }
        }
        target.extend(others);
        target
    }

    /// The index of layout `index`'s left-right mirror image (the goal is
    /// symmetric, so both are as far from it).
    pub fn mirror(&self, index: u32) -> u32 {
        let key = self.key(index);
        let mut mirrored = 0;
        for cell in 0..CELLS {
            let class = key >> (KEY_BITS * cell) & KEY_MASK;
            let width = self.width_of_class[class as usize] as usize;
            if width > 0 {
                let (row, col) = (cell / WIDTH, cell % WIDTH);
                let to = row * WIDTH + WIDTH - width - col;
                mirrored |= class << (KEY_BITS * to);
            }
        }
        self.index_of(mirrored)
            .expect("the mirror image of a layout is a layout")
    }

    /// Layout `index` as a board with the default goal.
    pub fn board(&self, index: u32) -> Board {
        Board::new(WIDTH, HEIGHT, self.pieces(index), Vec::new(), GOAL)
            .expect("every enumerated layout is a valid board")
    }

    /// Layout `index` as canonical rows, e.g. `BAAC/BAAC/DEEF/DGHF/I..J`.
    pub fn grid(&self, index: u32) -> String {
        format::print(&self.board(index), format::Format::Line)
    }
}

/// A layout's walk through the ranking automaton: where it stood before
/// each cell.
pub struct RankWalk<'a> {
    layouts: &'a Layouts,
    key: u64,
    head: usize,
    h: usize,
    states: [u32; CELLS],
    ranks: [u32; CELLS],
}

impl RankWalk<'_> {
    /// The index of `key`, a layout one move away: the walk is shared up to
    /// the first cell the move changes (unless the target moved).
    #[inline]
    pub fn index_of_neighbour(&self, key: u64) -> Option<u32> {
        let layouts = self.layouts;
        let changed = key ^ self.key;
        let first = changed.trailing_zeros() as usize / KEY_BITS;
        let target_stays = (key >> (KEY_BITS * self.head)) & KEY_MASK == layouts.target_class;
        if first >= CELLS || !target_stays {
            return layouts.index_of(key);
        }
        let value = |cell| layouts.value_at(key, self.head, cell);
        let rank = layouts.ranker.rank_from(
            self.states[first],
            self.ranks[first],
            first,
            value,
            |_, _, _| {},
        )?;
        Some(layouts.head_starts[self.h] + rank)
    }
}

/// The engine space of a board holding one block of each shape, with the
/// class numbers it gives the target and the shapes of code values 1..=3.
fn reference_space() -> (KlotskiSpace<u64>, u64, [u64; 4]) {
    let corners = [(0, 0), (0, 2), (2, 0), (2, 2)];
    let shapes = std::iter::once((2, 2)).chain(SHAPES);
    let pieces = corners
        .iter()
        .zip(shapes)
        .map(|(&(row, col), (width, height))| Piece::block(row, col, width, height))
        .collect();
    let board =
        Board::new(WIDTH, HEIGHT, pieces, Vec::new(), GOAL).expect("the reference board is valid");
    let space = KlotskiSpace::<u64>::new(&board).expect("a 4×5 board fits a u64 key");
    let key = space
        .key_of(&board)
        .expect("the reference board is its own space's");
    let class_at =
        |(row, col): (u8, u8)| key >> (KEY_BITS * (row as usize * WIDTH + col as usize)) & KEY_MASK;
    let mut class_of_value = [0; 4];
    for (value, &corner) in corners.iter().enumerate().skip(1) {
        class_of_value[value] = class_at(corner);
    }
    (space, class_at(corners[0]), class_of_value)
}
