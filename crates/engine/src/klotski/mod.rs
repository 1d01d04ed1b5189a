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
//!
//! Here: the space and how it is built; its parts are the key types
//! ([`KlotskiKey`], in `key`), move generation (`moves`), the heuristics'
//! estimates (`estimate`) and the left-right [`mirror`] symmetry.

mod estimate;
mod key;
pub mod mirror;
mod moves;

pub use key::KlotskiKey;

use crate::{Heuristic, Space};
use unblocker_model::{Board, Cell, Direction, Goal, Metric};

/// Bits per cell in a key.
const FIELD_BITS: u32 = 3;
const FIELD_MASK: u32 = (1 << FIELD_BITS) - 1;
/// The class of the target; the other shapes take 2 and up.
const TARGET: u32 = 1;
/// Shape classes a field can name besides "no corner".
pub const MAX_CLASSES: usize = FIELD_MASK as usize;

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
        estimate::estimate(self, key, heuristic, metric)
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
