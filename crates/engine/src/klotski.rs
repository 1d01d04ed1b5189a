//! Klotski (华容道) positions as a map of piece corners, searched with
//! bit-parallel set operations on the key itself.
//!
//! Every piece is a rectangle that moves in all four directions. A state
//! stores, for each cell, the *shape class* of the piece whose top-left
//! corner is there: a 3-bit field per cell (0 no corner, 1 the target, 2–7
//! the other shapes) packed into a `u64` for boards of up to 21 cells (4×5
//! Klotski) or a `u128` up to 42 cells (e.g. 6×7). Pieces of one shape are
//! therefore interchangeable, and positions that differ only by swapping
//! them are one state; the target is its own class even when another piece
//! has its shape. Larger boards, or more than six shapes besides the
//! target's, are refused with a [`KlotskiError`].
//!
//! Move generation finds the pieces that can move without visiting pieces one
//! by one. Sets of cells use the key's own layout (bit `3 × cell`), so the
//! corners of all pieces of a class come out of the key with a few word
//! operations; multiplying them by the shape gives the cells they cover, and
//! one shifted set of empty cells per direction says which of them can step.
//! Only the movable pieces (usually two or three) are then visited: the step
//! metric writes their four steps without branching, slides repeat a step
//! while it stays legal, and the piece metric floods the corners a piece
//! reaches with the others fixed. Nothing allocates.

use crate::{Heuristic, Space, State};
use std::ops::{Add, BitAnd, BitOr, BitXor, Not, Shl, Shr, Sub};
use unblocker_model::{Board, Cell, Direction, Goal, Metric};

/// Bits per cell in a key.
const FIELD_BITS: u32 = 3;
const FIELD_MASK: u32 = (1 << FIELD_BITS) - 1;
/// The class of the target; the other shapes take 2 and up.
const TARGET: u32 = 1;
/// Shape classes a field can name besides "no corner".
pub const MAX_CLASSES: usize = FIELD_MASK as usize;

/// An integer that packs one 3-bit field per cell, and also serves as a set
/// of cells (bit `3 × cell`).
pub trait KlotskiKey:
    State
    + Ord
    + Add<Output = Self>
    + Sub<Output = Self>
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// How many cells fit.
    const CELLS: usize;
    const ZERO: Self;
    /// Bit 0 of every field: `0b…001001`.
    const FIELD_LOWS: Self;
    fn from_u32(v: u32) -> Self;
    fn low_u32(self) -> u32;
    fn trailing_zeros(self) -> u32;
    /// `self << (n mod bits)`: never overflows.
    fn wrapping_shl(self, n: u32) -> Self;
    fn wrapping_mul(self, other: Self) -> Self;
    fn wrapping_add(self, other: Self) -> Self;

    /// The class in the field of `cell`.
    #[inline(always)]
    fn field(self, cell: usize) -> u32 {
        (self >> (cell as u32 * FIELD_BITS)).low_u32() & FIELD_MASK
    }

    /// The set of cells whose field is not 0.
    #[inline(always)]
    fn nonzero_fields(self) -> Self {
        (self | self >> 1 | self >> 2) & Self::FIELD_LOWS
    }

    /// The set with `cell` added.
    #[inline(always)]
    fn with_cell(self, cell: usize) -> Self {
        self | Self::from_u32(1) << (cell as u32 * FIELD_BITS)
    }

    /// True if `cell` is in the set.
    #[inline(always)]
    fn has_cell(self, cell: usize) -> bool {
        self.field(cell) & 1 != 0
    }
}

macro_rules! klotski_key {
    ($int:ty, $cells:expr) => {
        impl KlotskiKey for $int {
            const CELLS: usize = $cells;
            const ZERO: Self = 0;
            const FIELD_LOWS: Self = ((1 << (FIELD_BITS as usize * $cells)) - 1) / 7;
            #[inline(always)]
            fn from_u32(v: u32) -> Self {
                v as $int
            }
            #[inline(always)]
            fn low_u32(self) -> u32 {
                self as u32
            }
            #[inline(always)]
            fn trailing_zeros(self) -> u32 {
                <$int>::trailing_zeros(self)
            }
            #[inline(always)]
            fn wrapping_shl(self, n: u32) -> Self {
                <$int>::wrapping_shl(self, n)
            }
            #[inline(always)]
            fn wrapping_mul(self, other: Self) -> Self {
                <$int>::wrapping_mul(self, other)
            }
            #[inline(always)]
            fn wrapping_add(self, other: Self) -> Self {
                <$int>::wrapping_add(self, other)
            }
        }
    };
}

klotski_key!(u64, 21);
klotski_key!(u128, 42);

/// Why a board cannot become a [`KlotskiSpace`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KlotskiError {
    #[error("this is not a Klotski board")]
    NotKlotski,
    #[error(
        "a {width}×{height} board has {cells} cells; the Klotski engine handles at most {max}"
    )]
    TooLarge {
        width: usize,
        height: usize,
        cells: usize,
        max: usize,
    },
    #[error("the board has {shapes} piece shapes besides the target's; the Klotski engine handles at most {max}")]
    TooManyShapes { shapes: usize, max: usize },
}

/// Indices into per-direction arrays, in the order of [`Direction::ALL`];
/// `dir ^ 1` is the opposite direction.
const UP: usize = 0;
const DOWN: usize = 1;
const LEFT: usize = 2;
const RIGHT: usize = 3;

/// Everything about one shape class, as cell sets.
#[derive(Clone, Debug)]
struct Class<K> {
    /// The class number in every field (to pick out its corners).
    pattern: K,
    width: u32,
    height: u32,
    /// The cells of the shape with its corner at cell 0. Pieces of one class
    /// never overlap, so multiplying a set of their corners by this gives
    /// the cells they cover, without carries.
    shape: K,
    /// Bit distances from a corner to the row below the shape and to the
    /// column right of it.
    below: u32,
    beside: u32,
    /// Corners where the shape fits on the board.
    fits: K,
}

/// The empty cells of a position, as the four kinds of step see them.
struct Gaps<K> {
    empty: K,
    /// Empty cells outside the last column: a step left into one of them
    /// never wraps round from the row below.
    left: K,
    /// Empty cells outside the first column, for steps right.
    right: K,
}

/// The positions reachable from one Klotski board.
#[derive(Clone, Debug)]
pub struct KlotskiSpace<K: KlotskiKey> {
    start_board: Board,
    width: u32,
    cells: usize,
    /// Every cell of the board.
    board_cells: K,
    walls: K,
    first_column: K,
    last_column: K,
    /// Class `number` is at `number - 1`.
    classes: Vec<Class<K>>,
    /// The class of each piece of the start board.
    piece_classes: Vec<u32>,
    goal_cell: usize,
    start: K,
}

/// Calls `visit` with the position of every set bit.
#[inline(always)]
fn for_each_bit<K: KlotskiKey>(mut bits: K, mut visit: impl FnMut(u32)) {
    while bits != K::ZERO {
        visit(bits.trailing_zeros());
        bits = bits & (bits - K::from_u32(1));
    }
}

impl<K: KlotskiKey> KlotskiSpace<K> {
    pub fn new(board: &Board) -> Result<Self, KlotskiError> {
        let Goal::Place { row, col } = board.goal() else {
            return Err(KlotskiError::NotKlotski);
        };
        let (width, height) = (board.width(), board.height());
        let cells = width * height;
        if cells > K::CELLS {
            return Err(KlotskiError::TooLarge {
                width,
                height,
                cells,
                max: K::CELLS,
            });
        }
        // Class 0 is "no corner", class 1 the target; the other shapes get
        // 2, 3, … in order of appearance. `shapes[number - 1]` is the shape
        // of class `number`.
        let mut shapes = Vec::new();
        let mut piece_classes = Vec::with_capacity(board.pieces().len());
        for (i, p) in board.pieces().iter().enumerate() {
            let shape = (p.width as usize, p.height as usize);
            let known = shapes.iter().skip(1).position(|&s| s == shape);
            let index = match known {
                Some(k) if i > 0 => k + 1,
                _ => {
                    shapes.push(shape);
                    shapes.len() - 1
                }
            };
            piece_classes.push(index as u32 + 1);
        }
        if shapes.len() > MAX_CLASSES {
            return Err(KlotskiError::TooManyShapes {
                shapes: shapes.len() - 1,
                max: MAX_CLASSES - 1,
            });
        }
        let set = |keep: &dyn Fn(usize, usize) -> bool| {
            (0..cells)
                .filter(|&cell| keep(cell / width, cell % width))
                .fold(K::ZERO, K::with_cell)
        };
        let fits = |w: usize, h: usize| set(&|r, c| r + h <= height && c + w <= width);
        let classes: Vec<Class<K>> = shapes
            .iter()
            .zip(1..)
            .map(|(&(w, h), number)| Class {
                pattern: (0..K::CELLS).fold(K::ZERO, |acc, cell| {
                    acc | K::from_u32(number) << (cell as u32 * FIELD_BITS)
                }),
                width: w as u32,
                height: h as u32,
                shape: set(&|r, c| r < h && c < w),
                below: (h * width) as u32 * FIELD_BITS,
                beside: w as u32 * FIELD_BITS,
                fits: fits(w, h),
            })
            .collect();
        let walls = board.walls().iter().fold(K::ZERO, |acc, &(r, c)| {
            acc.with_cell(r as usize * width + c as usize)
        });
        let mut space = KlotskiSpace {
            start_board: board.clone(),
            width: width as u32,
            cells,
            board_cells: set(&|_, _| true),
            walls,
            first_column: set(&|_, c| c == 0),
            last_column: set(&|_, c| c == width - 1),
            classes,
            piece_classes,
            goal_cell: row as usize * width + col as usize,
            start: K::ZERO,
        };
        space.start = space.key_of(board).ok_or(KlotskiError::NotKlotski)?;
        Ok(space)
    }

    /// The key of `board`, if it is a position of this space (same size and
    /// the same shapes).
    pub fn key_of(&self, board: &Board) -> Option<K> {
        if (board.width(), board.width() * board.height()) != (self.width as usize, self.cells) {
            return None;
        }
        let mut key = K::ZERO;
        for (i, p) in board.pieces().iter().enumerate() {
            let shape = (p.width as u32, p.height as u32);
            let number = if i == 0 {
                TARGET as usize
            } else {
                2 + self.classes[1..]
                    .iter()
                    .position(|c| (c.width, c.height) == shape)?
            };
            let corner = p.row as u32 * self.width + p.col as u32;
            key = key + (K::from_u32(number as u32) << (corner * FIELD_BITS));
        }
        Some(key)
    }

    /// [`Space::expand_into`], writing each neighbour through `map` (so
    /// that a wrapper such as [`crate::mirror`] can reuse it for its own
    /// state type without a second buffer).
    ///
    /// The pieces that can step at all are found for all classes at once;
    /// then each of them (usually two or three) emits its moves, the four
    /// steps of the step metric without branching.
    #[inline(always)]
    pub(crate) fn expand_mapped<T>(
        &self,
        key: K,
        metric: Metric,
        out: &mut [(T, u32)],
        map: impl Fn(K) -> T,
    ) -> usize {
        let (corners, occupied) = self.corners(key);
        let gaps = self.gaps(occupied);
        let mut can = [K::ZERO; 4];
        for (class, &here) in self.classes.iter().zip(&corners) {
            let steps = self.steps(class, &gaps);
            for (can, steps) in can.iter_mut().zip(steps) {
                *can = *can | (here & steps);
            }
        }
        let offsets = [UP, DOWN, LEFT, RIGHT].map(|dir| self.step_bits(dir));
        let mut n = 0;
        let mut movable = can[UP] | can[DOWN] | can[LEFT] | can[RIGHT];
        while movable != K::ZERO {
            let bit = movable.trailing_zeros();
            movable = movable & (movable - K::from_u32(1));
            let number = (key >> bit).low_u32() & FIELD_MASK;
            let unit = K::from_u32(number);
            let class = &self.classes[number as usize - 1];
            // The key without the piece: add it back at its destination.
            let base = key - (unit << bit);
            match metric {
                Metric::Step => {
                    for (&offset, &can) in offsets.iter().zip(&can) {
                        // Written for every direction, kept only where the
                        // piece can step, so the sum may wrap for the others.
                        let moved = unit.wrapping_shl(bit.wrapping_add_signed(offset));
                        out[n] = (map(base.wrapping_add(moved)), 1);
                        n += (can >> bit).low_u32() as usize & 1;
                    }
                }
                Metric::Slide => {
                    let steps = self.steps(class, &gaps);
                    for (&offset, &steps) in offsets.iter().zip(&steps) {
                        let (mut at, mut cells) = (bit, 0);
                        while (steps >> at).low_u32() & 1 != 0 {
                            at = at.wrapping_add_signed(offset);
                            cells += 1;
                            out[n] = (map(base + (unit << at)), cells);
                            n += 1;
                        }
                    }
                }
                Metric::Piece => {
                    let start = K::from_u32(1) << bit;
                    let free = self.free_corners(class, start, occupied);
                    let (mut seen, mut frontier, mut cells) = (start, start, 0);
                    loop {
                        frontier = self.neighbours(frontier, free) & !seen;
                        if frontier == K::ZERO {
                            break;
                        }
                        seen = seen | frontier;
                        cells += 1;
                        // (`for_each_bit` with a closure here is not inlined.)
                        let mut reached = frontier;
                        while reached != K::ZERO {
                            let to = reached.trailing_zeros();
                            reached = reached & (reached - K::from_u32(1));
                            out[n] = (map(base + (unit << to)), cells);
                            n += 1;
                        }
                    }
                }
            }
        }
        n
    }

    /// The corners of each class's pieces, and the occupied cells (walls
    /// included).
    #[inline(always)]
    fn corners(&self, key: K) -> ([K; MAX_CLASSES], K) {
        let mut corners = [K::ZERO; MAX_CLASSES];
        let mut occupied = self.walls;
        for (class, corners) in self.classes.iter().zip(&mut corners) {
            // Fields equal to the class number are zero after the xor.
            let differ = key ^ class.pattern;
            *corners = self.board_cells & !(differ | differ >> 1 | differ >> 2);
            occupied = occupied | self.cover(class, *corners);
        }
        (corners, occupied)
    }

    /// For the heuristics: the target's top-left cell, the goal cell (both
    /// as `(row, col)`), and how many other pieces cover a cell of the
    /// rectangle the target must reach.
    pub(crate) fn goal_view(&self, key: K) -> ((u32, u32), (u32, u32), u32) {
        let (corners, _) = self.corners(key);
        let target = &self.classes[TARGET as usize - 1];
        let goal_area = self.cover(target, K::ZERO.with_cell(self.goal_cell));
        let mut covering = 0;
        for (class, &here) in self.classes.iter().zip(&corners).skip(1) {
            for_each_bit(here, |bit| {
                let piece = self.cover(class, K::from_u32(1) << bit);
                covering += (piece & goal_area != K::ZERO) as u32;
            });
        }
        let at = |cell: u32| (cell / self.width, cell % self.width);
        let corner = corners[TARGET as usize - 1].trailing_zeros() / FIELD_BITS;
        (at(corner), at(self.goal_cell as u32), covering)
    }

    /// The cells covered by pieces of `class` with these corners.
    #[inline(always)]
    fn cover(&self, class: &Class<K>, corners: K) -> K {
        corners.wrapping_mul(class.shape)
    }

    /// The gaps of a position whose occupied cells are `occupied`.
    #[inline(always)]
    fn gaps(&self, occupied: K) -> Gaps<K> {
        let empty = self.board_cells & !occupied;
        Gaps {
            empty,
            left: empty & !self.last_column,
            right: empty & !self.first_column,
        }
    }

    /// The cells that start `length` cells of `cells` in a row, `stride`
    /// bits apart (rightwards or downwards).
    #[inline(always)]
    fn run(cells: K, length: u32, stride: u32) -> K {
        match length {
            1 => cells,
            2 => cells & cells >> stride,
            _ => (1..length).fold(cells, |acc, k| acc & cells >> (k * stride)),
        }
    }

    /// For each direction, the corners from which a piece of `class`
    /// (standing where it fits) can step that way: the cells ahead are on
    /// the board, in line with it, and empty.
    #[inline(always)]
    fn steps(&self, class: &Class<K>, gaps: &Gaps<K>) -> [K; 4] {
        let line = self.width * FIELD_BITS;
        let across = Self::run(gaps.empty, class.width, FIELD_BITS);
        let left = Self::run(gaps.left, class.height, line);
        let right = Self::run(gaps.right, class.height, line);
        [
            across << line,
            across >> class.below,
            left << FIELD_BITS,
            right >> class.beside,
        ]
    }

    /// A set of corners moved one cell in direction `dir`; those that would
    /// leave the board drop out (up, left, right) or land past its last cell
    /// (down) and must be masked off by the caller.
    #[inline(always)]
    fn shift(&self, corners: K, dir: usize) -> K {
        match dir {
            UP => corners >> (self.width * FIELD_BITS),
            DOWN => corners << (self.width * FIELD_BITS),
            LEFT => (corners & !self.first_column) >> FIELD_BITS,
            _ => (corners & !self.last_column) << FIELD_BITS,
        }
    }

    /// The bit offset of one step in direction `dir`.
    #[inline(always)]
    fn step_bits(&self, dir: usize) -> i32 {
        let line = (self.width * FIELD_BITS) as i32;
        [-line, line, -(FIELD_BITS as i32), FIELD_BITS as i32][dir]
    }

    /// Every corner one step from `corners` within `free`.
    #[inline(always)]
    fn neighbours(&self, corners: K, free: K) -> K {
        (self.shift(corners, UP)
            | self.shift(corners, DOWN)
            | self.shift(corners, LEFT)
            | self.shift(corners, RIGHT))
            & free
    }

    /// The corners a piece of `class` standing at `corner` may occupy with
    /// the rest of the board (`occupied`, which includes it) fixed.
    #[inline(always)]
    fn free_corners(&self, class: &Class<K>, corner: K, occupied: K) -> K {
        let room = self.board_cells & !(occupied & !self.cover(class, corner));
        let across = Self::run(room, class.width, FIELD_BITS);
        class.fits & Self::run(across, class.height, self.width * FIELD_BITS)
    }
}

impl<K: KlotskiKey> Space for KlotskiSpace<K> {
    type State = K;

    fn start(&self) -> K {
        self.start
    }

    #[inline(always)]
    fn is_goal(&self, key: K) -> bool {
        key.field(self.goal_cell) == TARGET
    }

    fn max_neighbors(&self) -> usize {
        self.piece_classes.len() * self.cells.max(4)
    }

    #[inline(always)]
    fn expand_into(&self, key: K, metric: Metric, out: &mut [(K, u32)]) -> usize {
        self.expand_mapped(key, metric, out, |next| next)
    }

    /// The moved piece is found by comparing the two keys; its path is a
    /// shortest one among the other pieces, found by a breadth-first flood
    /// and walked back (for one step or slide it is the straight line).
    fn move_between(&self, from: K, to: K) -> (Cell, Vec<(Direction, u8)>) {
        let vacated = |k: K, other: K| {
            (0..self.cells)
                .find(|&c| k.field(c) != 0 && other.field(c) == 0)
                .expect("the two states differ by one move")
        };
        let (start, end) = (vacated(from, to), vacated(to, from));
        let class = &self.classes[from.field(start) as usize - 1];
        let (_, occupied) = self.corners(from);
        let start_set = K::ZERO.with_cell(start);
        let free = self.free_corners(class, start_set, occupied);
        let mut levels = vec![start_set];
        let mut seen = start_set;
        while !seen.has_cell(end) {
            let last = *levels.last().expect("the start level is there");
            let next = self.neighbours(last, free) & !seen;
            assert!(next != K::ZERO, "the two states differ by one move");
            seen = seen | next;
            levels.push(next);
        }
        // Walk back from the end, one level at a time.
        let mut steps = Vec::with_capacity(levels.len());
        let mut at = K::ZERO.with_cell(end);
        for &level in levels.iter().rev().skip(1) {
            let dir = (0..4)
                .find(|&d| self.shift(at, d ^ 1) & level != K::ZERO)
                .expect("a shortest path steps back one level at a time");
            steps.push(Direction::ALL[dir]);
            at = self.shift(at, dir ^ 1);
        }
        let mut path: Vec<(Direction, u8)> = Vec::new();
        for &direction in steps.iter().rev() {
            match path.last_mut() {
                Some((d, n)) if *d == direction => *n += 1,
                _ => path.push((direction, 1)),
            }
        }
        let width = self.width as usize;
        (((start / width) as u8, (start % width) as u8), path)
    }

    fn estimate(&self, key: K, heuristic: Heuristic, metric: Metric) -> u32 {
        crate::heuristic::klotski(self, key, heuristic, metric)
    }

    fn board(&self, key: K) -> Board {
        if key == self.start {
            return self.start_board.clone();
        }
        // Hand each class's corners, in reading order, to the start board's
        // pieces of that class, in order.
        let mut corners: Vec<Vec<usize>> = vec![Vec::new(); self.classes.len() + 1];
        for_each_bit(key.nonzero_fields(), |bit| {
            let cell = (bit / FIELD_BITS) as usize;
            corners[key.field(cell) as usize].push(cell);
        });
        corners.iter_mut().for_each(|c| c.reverse());
        let width = self.width as usize;
        let mut pieces = self.start_board.pieces().to_vec();
        for (p, &class) in pieces.iter_mut().zip(&self.piece_classes) {
            let corner = corners[class as usize]
                .pop()
                .expect("a state holds every piece");
            p.row = (corner / width) as u8;
            p.col = (corner % width) as u8;
        }
        self.start_board.with_pieces(pieces)
    }
}

impl<K: KlotskiKey> KlotskiSpace<K> {
    /// For every class number and corner cell (index `class * cells +
    /// cell`), the corner of the same piece in the left-right mirror image of
    /// the board (`u8::MAX` where the class does not fit). `None` when mirror
    /// images are not equivalent puzzles: the walls or the goal are not
    /// symmetric.
    pub(crate) fn mirror_corners(&self) -> Option<Vec<u8>> {
        let width = self.width as usize;
        let mirror = |cell: usize, shape_width: usize| {
            let (row, col) = (cell / width, cell % width);
            row * width + (width - shape_width - col)
        };
        let walls_symmetric = (0..self.cells)
            .filter(|&cell| self.walls.has_cell(cell))
            .all(|cell| self.walls.has_cell(mirror(cell, 1)));
        let target_width = self.classes[TARGET as usize - 1].width as usize;
        if !walls_symmetric || mirror(self.goal_cell, target_width) != self.goal_cell {
            return None;
        }
        let mut table = vec![u8::MAX; (self.classes.len() + 1) * self.cells];
        for (number, class) in (1..).zip(&self.classes) {
            for cell in (0..self.cells).filter(|&cell| class.fits.has_cell(cell)) {
                table[number * self.cells + cell] = mirror(cell, class.width as usize) as u8;
            }
        }
        Some(table)
    }

    /// The cells of the board.
    pub(crate) fn cells(&self) -> usize {
        self.cells
    }
}
