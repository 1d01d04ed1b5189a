//! Rush Hour / Unblock Me positions as packed offsets over a bitboard.
//!
//! Every car keeps its line, so a position is just each car's offset along
//! it: 3 bits per car packed into an integer key (`u64` for up to 21 cars,
//! `u128` beyond). Occupancy is a `u64` bitboard (`row * width + col`) rebuilt
//! from per-car mask tables, and a move checks one precomputed cell per step,
//! so move generation never allocates.

use crate::{Space, State};
use unblocker_model::{Board, Cell, Direction, Goal, Metric, Mobility, Side};

/// Bits per car in a key: offsets go up to 6 on an 8-cell line.
const FIELD_BITS: u32 = 3;
const FIELD_MASK: u32 = (1 << FIELD_BITS) - 1;

/// An integer that packs one 3-bit offset per car.
pub trait RushKey: State {
    /// How many cars fit.
    const CARS: usize;
    fn zero() -> Self;
    fn field(self, car: usize) -> u32;
    /// The key with car `car` moved by `delta` cells.
    fn shifted(self, car: usize, delta: i32) -> Self;
}

macro_rules! rush_key {
    ($int:ty, $wide:ty, $cars:expr) => {
        impl RushKey for $int {
            const CARS: usize = $cars;
            #[inline(always)]
            fn zero() -> Self {
                0
            }
            #[inline(always)]
            fn field(self, car: usize) -> u32 {
                (self >> (car as u32 * FIELD_BITS)) as u32 & FIELD_MASK
            }
            #[inline(always)]
            fn shifted(self, car: usize, delta: i32) -> Self {
                self.wrapping_add_signed((delta as $wide) << (car as u32 * FIELD_BITS))
            }
        }
    };
}

rush_key!(u64, i64, 21);
rush_key!(u128, i128, 42);

/// Precomputed bitboards of one car, indexed by its offset.
#[derive(Clone, Debug)]
struct Car {
    /// Cells the car covers at each offset, in the row-major bitboard.
    cells: [u64; 8],
    /// The same in the column-major (transposed) bitboard.
    cells_t: [u64; 8],
    /// Where the car's line starts: in the row-major bitboard for a
    /// horizontal car, in the column-major one for a vertical car, so that
    /// the line is always a run of consecutive bits.
    shift: u32,
    /// Cells in the car's line.
    line_len: u32,
    /// Length in cells.
    len: u32,
    /// The largest offset.
    last: u32,
    horizontal: bool,
}
/// Why a board cannot become a [`RushSpace`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RushError {
    #[error("this is not a Rush Hour board")]
    NotRush,
    #[error("{cars} cars do not fit this engine's {max}-car key")]
    TooManyCars { cars: usize, max: usize },
}

/// The positions reachable from one Rush Hour board.
#[derive(Clone, Debug)]
pub struct RushSpace<K: RushKey> {
    start_board: Board,
    width: usize,
    walls: u64,
    walls_t: u64,
    cars: Vec<Car>,
    /// The target's offset at the goal.
    goal_offset: u32,
    start: K,
}

impl<K: RushKey> RushSpace<K> {
    pub fn new(board: &Board) -> Result<Self, RushError> {
        let Goal::Exit(exit) = board.goal() else {
            return Err(RushError::NotRush);
        };
        if board.pieces().len() > K::CARS {
            return Err(RushError::TooManyCars {
                cars: board.pieces().len(),
                max: K::CARS,
            });
        }
        let (w, h) = (board.width(), board.height());
        let bit = |r: usize, c: usize| 1u64 << (r * w + c);
        let bit_t = |r: usize, c: usize| 1u64 << (c * h + r);
        let walls = board
            .walls()
            .iter()
            .fold(0, |acc, &(r, c)| acc | bit(r as usize, c as usize));
        let walls_t = board
            .walls()
            .iter()
            .fold(0, |acc, &(r, c)| acc | bit_t(r as usize, c as usize));
        let mut cars = Vec::with_capacity(board.pieces().len());
        let mut start = K::zero();
        for (i, p) in board.pieces().iter().enumerate() {
            let horizontal = match p.mobility {
                Mobility::Horizontal => true,
                Mobility::Vertical => false,
                Mobility::Free => return Err(RushError::NotRush),
            };
            let (len, line) = if horizontal {
                (p.width as usize, w)
            } else {
                (p.height as usize, h)
            };
            let last = line - len;
            let cell = |offset: usize, k: usize| {
                if horizontal {
                    (p.row as usize, offset + k)
                } else {
                    (offset + k, p.col as usize)
                }
            };
            let mut car = Car {
                cells: [0; 8],
                cells_t: [0; 8],
                shift: if horizontal {
                    (p.row as usize * w) as u32
                } else {
                    (p.col as usize * h) as u32
                },
                line_len: line as u32,
                len: len as u32,
                last: last as u32,
                horizontal,
            };
            for o in 0..=last {
                for k in 0..len {
                    let (r, c) = cell(o, k);
                    car.cells[o] |= bit(r, c);
                    car.cells_t[o] |= bit_t(r, c);
                }
            }
            let offset = if horizontal { p.col } else { p.row } as i32;
            start = start.shifted(i, offset);
            cars.push(car);
        }
        let goal_offset = match exit.side {
            Side::Left | Side::Top => 0,
            Side::Right | Side::Bottom => cars[0].last,
        };
        Ok(RushSpace {
            start_board: board.clone(),
            width: w,
            walls,
            walls_t,
            cars,
            goal_offset,
            start,
        })
    }

    /// The occupancy bitboard of a state (walls included).
    #[inline(always)]
    pub fn occupancy(&self, key: K) -> u64 {
        let mut occ = self.walls;
        for (i, car) in self.cars.iter().enumerate() {
            occ |= car.cells[key.field(i) as usize];
        }
        occ
    }

    /// Row-major and column-major occupancy.
    #[inline(always)]
    fn occupancy_both(&self, key: K) -> [u64; 2] {
        let (mut occ, mut occ_t) = (self.walls, self.walls_t);
        for (i, car) in self.cars.iter().enumerate() {
            let o = key.field(i) as usize;
            occ |= car.cells[o];
            occ_t |= car.cells_t[o];
        }
        [occ, occ_t]
    }

    /// The key of `board`, which must be a position of this space (same cars
    /// on the same lines, in the same order).
    pub fn key_of(&self, board: &Board) -> K {
        board
            .pieces()
            .iter()
            .enumerate()
            .fold(K::zero(), |key, (i, p)| {
                let offset = if self.cars[i].horizontal {
                    p.col
                } else {
                    p.row
                };
                key.shifted(i, offset as i32)
            })
    }

    /// Number of cars.
    pub fn cars(&self) -> usize {
        self.cars.len()
    }

    /// Board width (bit stride of the occupancy bitboard).
    pub fn width(&self) -> usize {
        self.width
    }
}

impl<K: RushKey> Space for RushSpace<K> {
    type State = K;

    fn start(&self) -> K {
        self.start
    }

    #[inline(always)]
    fn is_goal(&self, key: K) -> bool {
        key.field(0) == self.goal_offset
    }

    fn max_neighbors(&self) -> usize {
        self.cars
            .iter()
            .map(|c| 2 * c.last as usize)
            .sum::<usize>()
            .max(1)
    }

    /// Each car's line is read as a few bits of the row-major or column-major
    /// bitboard and the free run on each side counted with one bit scan, so
    /// only the moves themselves cost a loop iteration.
    #[inline(always)]
    fn expand_into(&self, key: K, metric: Metric, out: &mut [(K, u32)]) -> usize {
        let lines = self.occupancy_both(key);
        let mut n = 0;
        for (i, car) in self.cars.iter().enumerate() {
            let o = key.field(i);
            let bits = (lines[!car.horizontal as usize] >> car.shift) as u32;
            let end = o + car.len;
            // Free cells ahead: zeros above the car, up to a guard bit at
            // the end of the line.
            let free_ahead = ((bits >> end) | (1 << (car.line_len - end))).trailing_zeros();
            // Free cells behind: with the line shifted up one and a guard at
            // bit 0, the highest set bit at or below `o` is the blocker.
            let below = ((bits << 1) | 1) & ((2 << o) - 1);
            let free_behind = o - (31 - below.leading_zeros());
            let (free_ahead, free_behind) = if metric == Metric::Step {
                (free_ahead.min(1), free_behind.min(1))
            } else {
                (free_ahead, free_behind)
            };
            for d in 1..=free_ahead {
                out[n] = (key.shifted(i, d as i32), d);
                n += 1;
            }
            for d in 1..=free_behind {
                out[n] = (key.shifted(i, -(d as i32)), d);
                n += 1;
            }
        }
        n
    }

    fn move_between(&self, from: K, to: K) -> (Cell, Vec<(Direction, u8)>) {
        let car = (0..self.cars.len())
            .find(|&i| from.field(i) != to.field(i))
            .expect("the two states differ by one move");
        let (a, b) = (from.field(car), to.field(car));
        let piece = self.start_board.pieces()[car];
        let (horizontal, forward) = (self.cars[car].horizontal, b > a);
        let (direction, top_left) = if horizontal {
            let d = if forward {
                Direction::Right
            } else {
                Direction::Left
            };
            (d, (piece.row, a as u8))
        } else {
            let d = if forward {
                Direction::Down
            } else {
                Direction::Up
            };
            (d, (a as u8, piece.col))
        };
        (top_left, vec![(direction, a.abs_diff(b) as u8)])
    }

    fn board(&self, key: K) -> Board {
        let mut pieces = self.start_board.pieces().to_vec();
        for (i, p) in pieces.iter_mut().enumerate() {
            let offset = key.field(i) as u8;
            if self.cars[i].horizontal {
                p.col = offset;
            } else {
                p.row = offset;
            }
        }
        self.start_board.with_pieces(pieces)
    }

    /// Cars standing between the target and the exit, plus one for the
    /// target's own last move unless it is already there.
    fn blockers(&self, key: K) -> u32 {
        let offset = key.field(0);
        if offset == self.goal_offset {
            return 0;
        }
        let car = &self.cars[0];
        let mut path = 0u64;
        let (lo, hi) = if offset < self.goal_offset {
            (offset, self.goal_offset)
        } else {
            (self.goal_offset, offset)
        };
        for o in lo..=hi {
            path |= car.cells[o as usize];
        }
        path &= !car.cells[offset as usize];
        1 + (0..self.cars.len())
            .skip(1)
            .filter(|&i| self.cars[i].cells[key.field(i) as usize] & path != 0)
            .count() as u32
    }
}
