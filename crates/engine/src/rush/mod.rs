//! Rush Hour / Unblock Me positions as per-line arrangements with move tables.
//!
//! Cars never leave their row (horizontal cars) or column (vertical cars) and
//! never pass each other, so a line's cars are described by one small number:
//! the index of their arrangement among all the ways they fit on the line
//! (at most 15 on an 8-cell line). A position packs 4 bits per line into the
//! key. Which moves a line's cars have depends only on that arrangement and on
//! which of the line's cells the crossing cars and walls cover, so every
//! `(arrangement, crossing cells)` pair gets its precomputed list of moves as
//! key deltas. Expanding a position is then, per line, two table look-ups and
//! a copy of a fixed number of moves (the most any entry has: the copy has
//! no branch to mispredict, and the moves past the entry's own are written
//! over by the next line); nothing allocates.
//!
//! Read as a mixed-radix number, the arrangement indices of all lines also
//! number the positions densely ([`Indexed`](crate::Indexed)): each move then carries its
//! index change beside its key change, and an exploration can mark visited
//! positions in a bitmap instead of a hash table.
//!
//! Here: the space and how it is built; its parts are the move tables
//! (`tables`: lines, runs and moves), expansion (`expand`), the dense index
//! (`index`) and the heuristics' estimates (`estimate`).

mod estimate;
mod expand;
mod index;
mod tables;

use crate::line::arrangements;
use crate::{Heuristic, Space};
use index::MAX_INDEX_BOUND;
use tables::{build_runs, HotLine, Line, LineMove, MoveRun, MAX_STRIDE};
use unblocker_model::{Board, Cell, Direction, Goal, Metric, Mobility, Piece, Side};

/// Bits per line in a key: a line holds at most 15 arrangements, so the
/// all-ones field (and the all-ones key, `State::EMPTY`) never occurs; at
/// most 16 lines make at most 64 bits.
const FIELD_BITS: u32 = 4;
const FIELD_MASK: u64 = (1 << FIELD_BITS) - 1;

/// The 4-bit field of a key that starts at bit `shift`.
#[inline(always)]
fn field(key: u64, shift: u32) -> u64 {
    (key >> shift) & FIELD_MASK
}

/// Why a board cannot become a [`RushSpace`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RushError {
    #[error("this is not a Rush Hour board")]
    NotRush,
    #[error("a line holds {0} arrangements of its cars; the engine supports 15")]
    TooManyArrangements(usize),
    #[error("a line's cars have {0} moves in one position; the engine supports {MAX_STRIDE}")]
    TooManyMoves(usize),
}

/// The positions reachable from one Rush Hour board.
#[derive(Clone, Debug)]
pub struct RushSpace {
    start_board: Board,
    walls: u64,
    walls_t: u64,
    /// Rows first, then columns.
    lines: Vec<Line>,
    /// The same lines as expansion reads them.
    hot: Vec<HotLine>,
    runs: Vec<MoveRun>,
    /// Every run's moves, then `MAX_STRIDE` of padding so that a copy of
    /// `MAX_STRIDE` moves from any run's start stays inside.
    moves: Vec<LineMove>,
    /// The same moves as changes of the key and of the dense index (see
    /// [`Indexed`](crate::Indexed)), padded alike.
    index_moves: Vec<LineMove>,
    /// How many of `hot`'s lines are rows (they come first).
    rows: usize,
    car_line: CarPlaces,
    /// Arrangements of the target's line (bit set) that touch the exit.
    goal_arrangements: u16,
    target_line: usize,
    /// The number of dense indices (see [`Indexed`](crate::Indexed)), when it is at most
    /// [`MAX_INDEX_BOUND`].
    index_bound: Option<u64>,
    /// The most moves of one run: expansion copies 4 moves a line when
    /// this is at most 4, else `MAX_STRIDE`.
    stride: usize,
    /// The most neighbours a position has.
    max_neighbors: usize,
    start: u64,
}

impl RushSpace {
    /// The space of `board`'s positions: its lines and their cars, the
    /// move tables, and the goal; refused when a line has more
    /// arrangements or moves than a key or a copy holds.
    pub fn new(board: &Board) -> Result<Self, RushError> {
        let Goal::Exit(exit) = board.goal() else {
            return Err(RushError::NotRush);
        };
        let grid = Grid::of(board);
        let (walls, walls_t) = grid.walls(board.walls());
        let (mut lines, car_line) = grid.lines(board)?;
        let index_bound = number_lines(&mut lines);
        let tables = Tables::build(&lines, board.pieces())?;
        let (target_line, target_slot) = car_line[0];
        let goal_arrangements =
            goal_arrangements(&lines[target_line], target_slot, board, exit.side);
        let rows = lines.iter().filter(|l| l.horizontal).count();
        let mut space = RushSpace {
            start_board: board.clone(),
            walls,
            walls_t,
            lines,
            rows,
            hot: tables.hot,
            runs: tables.runs,
            moves: tables.moves,
            index_moves: tables.index_moves,
            car_line,
            goal_arrangements,
            target_line,
            index_bound: (index_bound <= MAX_INDEX_BOUND).then_some(index_bound),
            stride: tables.stride,
            max_neighbors: tables.max_neighbors,
            start: 0,
        };
        space.start = space.key_of(board);
        Ok(space)
    }

    /// The key of `board`, which must be a position of this space (same cars
    /// on the same lines, in the same order).
    pub fn key_of(&self, board: &Board) -> u64 {
        let mut key = 0u64;
        for line in &self.lines {
            let current: Vec<u8> = line
                .cars
                .iter()
                .map(|&i| {
                    let p = &board.pieces()[i];
                    if line.horizontal {
                        p.col
                    } else {
                        p.row
                    }
                })
                .collect();
            let arrangement = line
                .offsets
                .iter()
                .position(|o| *o == current)
                .expect("the board's cars are in order on their lines");
            key |= (arrangement as u64) << line.key_shift;
        }
        key
    }

    /// The board the space was built from.
    pub(crate) fn start_board(&self) -> &Board {
        &self.start_board
    }

    /// Car `car`'s offset along its line: its column if it is horizontal,
    /// its row if it is vertical (cars numbered as in the board the space
    /// was built from; [`Space::board`] without building a board).
    #[inline]
    pub fn offset(&self, key: u64, car: usize) -> u8 {
        let (l, slot) = self.car_line[car];
        let line = &self.lines[l];
        line.offsets[field(key, line.key_shift) as usize][slot]
    }

    /// Every cell held by a car or a wall (bit `row × width + col`).
    #[inline]
    pub(crate) fn occupied(&self, key: u64) -> u64 {
        self.lines.iter().fold(self.walls, |acc, line| {
            acc | line.cells[field(key, line.key_shift) as usize]
        })
    }

    /// Every car's offset along its line.
    fn offsets(&self, key: u64) -> Vec<u8> {
        (0..self.car_line.len())
            .map(|car| self.offset(key, car))
            .collect()
    }
}

impl Space for RushSpace {
    type State = u64;

    fn start(&self) -> u64 {
        self.start
    }

    #[inline(always)]
    fn is_goal(&self, key: u64) -> bool {
        let line = &self.lines[self.target_line];
        (self.goal_arrangements >> field(key, line.key_shift)) & 1 == 1
    }

    fn max_neighbors(&self) -> usize {
        // Room for the last line's fixed-size copy past the real moves.
        self.max_neighbors + MAX_STRIDE
    }

    #[inline(always)]
    fn expand_into(&self, key: u64, metric: Metric, out: &mut [(u64, u32)]) -> usize {
        // Each neighbour is written as the pair `[key + delta, cells]`: the
        // tuple's `u64` must be its first word and its `u32` the low half
        // of the second.
        const {
            assert!(std::mem::size_of::<(u64, u32)>() == 16);
            assert!(std::mem::offset_of!((u64, u32), 0) == 0);
            assert!(std::mem::offset_of!((u64, u32), 1) == 8);
            assert!(cfg!(target_endian = "little"));
        }
        self.expand_pairs(key, [key, 0], metric, &self.moves, out)
    }

    fn move_between(&self, from: u64, to: u64) -> (Cell, Vec<(Direction, u8)>) {
        let line = self
            .lines
            .iter()
            .find(|l| field(from, l.key_shift) != field(to, l.key_shift))
            .expect("the two states differ by one move");
        let before = &line.offsets[field(from, line.key_shift) as usize];
        let after = &line.offsets[field(to, line.key_shift) as usize];
        let slot = (0..before.len())
            .find(|&k| before[k] != after[k])
            .expect("one car moved");
        let piece = self.start_board.pieces()[line.cars[slot]];
        let (a, b) = (before[slot], after[slot]);
        let forward = b > a;
        let (direction, top_left) = match piece.mobility {
            Mobility::Horizontal => (
                if forward {
                    Direction::Right
                } else {
                    Direction::Left
                },
                (piece.row, a),
            ),
            _ => (
                if forward {
                    Direction::Down
                } else {
                    Direction::Up
                },
                (a, piece.col),
            ),
        };
        (top_left, vec![(direction, a.abs_diff(b))])
    }

    fn board(&self, key: u64) -> Board {
        let offsets = self.offsets(key);
        let mut pieces = self.start_board.pieces().to_vec();
        for (p, &o) in pieces.iter_mut().zip(&offsets) {
            if p.mobility == Mobility::Horizontal {
                p.col = o;
            } else {
                p.row = o;
            }
        }
        self.start_board.with_pieces(pieces)
    }

    fn estimate(&self, key: u64, heuristic: Heuristic, _metric: Metric) -> u32 {
        estimate::estimate(self, key, heuristic)
    }
}

/// For each car: its line and its place in that line's car list.
type CarPlaces = Vec<(usize, usize)>;

/// A board's cells as bits of a key, row-major and column-major.
#[derive(Clone, Copy)]
struct Grid {
    width: usize,
    height: usize,
}

impl Grid {
    fn of(board: &Board) -> Grid {
        Grid {
            width: board.width(),
            height: board.height(),
        }
    }

    /// The bit of cell `(r, c)` in the row-major bitboard.
    fn bit(self, r: usize, c: usize) -> u64 {
        1u64 << (r * self.width + c)
    }

    /// The bit of cell `(r, c)` in the column-major bitboard.
    fn bit_t(self, r: usize, c: usize) -> u64 {
        1u64 << (c * self.height + r)
    }

    /// The walls in both bitboards.
    fn walls(self, walls: &[Cell]) -> (u64, u64) {
        walls.iter().fold((0, 0), |(m, mt), &(r, c)| {
            let (r, c) = (r as usize, c as usize);
            (m | self.bit(r, c), mt | self.bit_t(r, c))
        })
    }

    /// The lines that hold cars, rows first, then columns; and for each
    /// car, its line and its place in that line's car list.
    fn lines(self, board: &Board) -> Result<(Vec<Line>, CarPlaces), RushError> {
        let pieces = board.pieces();
        let mut lines = Vec::new();
        let mut car_line = vec![(0, 0); pieces.len()];
        for (horizontal, count) in [(true, self.height), (false, self.width)] {
            for index in 0..count {
                let Some(line) = self.line(pieces, horizontal, index, lines.len())? else {
                    continue;
                };
                for (slot, &car) in line.cars.iter().enumerate() {
                    car_line[car] = (lines.len(), slot);
                }
                lines.push(line);
            }
        }
        if lines.len() * FIELD_BITS as usize > 64 {
            return Err(RushError::TooManyArrangements(lines.len()));
        }
        Ok((lines, car_line))
    }

    /// Row (or column) `index` as the `number`-th line, with every
    /// arrangement of its cars and the cells each covers; `None` when no
    /// car moves along it.
    fn line(
        self,
        pieces: &[Piece],
        horizontal: bool,
        index: usize,
        number: usize,
    ) -> Result<Option<Line>, RushError> {
        let len = if horizontal { self.width } else { self.height };
        let mut cars: Vec<usize> = (0..pieces.len())
            .filter(|&i| {
                let p = &pieces[i];
                match p.mobility {
                    Mobility::Horizontal => horizontal && p.row as usize == index,
                    Mobility::Vertical => !horizontal && p.col as usize == index,
                    Mobility::Free => false,
                }
            })
            .collect();
        if cars.is_empty() {
            return Ok(None);
        }
        let along = |i: usize| {
            let p = &pieces[i];
            if horizontal {
                (p.col as usize, p.width as usize)
            } else {
                (p.row as usize, p.height as usize)
            }
        };
        cars.sort_by_key(|&i| along(i).0);
        let lengths: Vec<usize> = cars.iter().map(|&i| along(i).1).collect();
        let offsets = arrangements(&lengths, len);
        if offsets.len() > 15 {
            return Err(RushError::TooManyArrangements(offsets.len()));
        }
        let cell_of = |k: usize| if horizontal { (index, k) } else { (k, index) };
        let (mut cells, mut cells_t) = (Vec::new(), Vec::new());
        for arrangement in &offsets {
            let (mut m, mut mt) = (0, 0);
            for (&o, &l) in arrangement.iter().zip(&lengths) {
                for k in o as usize..o as usize + l {
                    let (r, c) = cell_of(k);
                    m |= self.bit(r, c);
                    mt |= self.bit_t(r, c);
                }
            }
            cells.push(m);
            cells_t.push(mt);
        }
        Ok(Some(Line {
            horizontal,
            len,
            key_shift: number as u32 * FIELD_BITS,
            index_stride: 0,
            cell_shift: (index * len) as u32,
            cars,
            offsets,
            cells,
            cells_t,
        }))
    }
}

/// Gives each line its weight in the dense index (the product of the
/// earlier lines' arrangement counts); returns the number of indices
/// (saturated).
fn number_lines(lines: &mut [Line]) -> u64 {
    let mut index_bound = 1u64;
    for line in lines {
        line.index_stride = index_bound;
        index_bound = index_bound.saturating_mul(line.offsets.len() as u64);
    }
    index_bound
}

/// The move tables of a space's lines (see the module documentation).
struct Tables {
    hot: Vec<HotLine>,
    runs: Vec<MoveRun>,
    moves: Vec<LineMove>,
    index_moves: Vec<LineMove>,
    stride: usize,
    max_neighbors: usize,
}

impl Tables {
    fn build(lines: &[Line], pieces: &[Piece]) -> Result<Tables, RushError> {
        let run_count: usize = lines.iter().map(|l| l.offsets.len() << l.len).sum();
        let mut runs = Vec::with_capacity(run_count);
        // Most runs are empty (crossings that overlap the line's cars) or
        // short: a quarter of a move per run is the usual total.
        let (mut moves, mut index_moves) = (
            Vec::with_capacity(run_count / 4),
            Vec::with_capacity(run_count / 4),
        );
        let mut hot = Vec::with_capacity(lines.len());
        let mut max_neighbors = 0;
        let mut stride = 1;
        for line in lines {
            let mut crossing_cells = [0; 16];
            let own = if line.horizontal {
                &line.cells_t
            } else {
                &line.cells
            };
            crossing_cells[..own.len()].copy_from_slice(own);
            hot.push(HotLine {
                key_shift: line.key_shift,
                cell_shift: line.cell_shift,
                cell_mask: (1 << line.len) - 1,
                crossing_cells,
                run_base: std::array::from_fn(|value| {
                    let arrangement = value.min(line.offsets.len() - 1);
                    (runs.len() + (arrangement << line.len)) as u32
                }),
            });
            let most = build_runs(line, pieces, &mut runs, &mut moves, &mut index_moves);
            max_neighbors += most;
            stride = stride.max(most);
        }
        if stride > MAX_STRIDE {
            return Err(RushError::TooManyMoves(stride));
        }
        moves.resize(moves.len() + MAX_STRIDE, [0; 2]);
        index_moves.resize(index_moves.len() + MAX_STRIDE, [0; 2]);
        Ok(Tables {
            hot,
            runs,
            moves,
            index_moves,
            stride,
            max_neighbors,
        })
    }
}

/// The arrangements of the target's line (a bit each) in which the target,
/// its car number `slot`, touches the exit on `side`.
fn goal_arrangements(line: &Line, slot: usize, board: &Board, side: Side) -> u16 {
    let target = &board.pieces()[0];
    let target_len = if line.horizontal {
        target.width
    } else {
        target.height
    } as usize;
    let goal_offset = match side {
        Side::Left | Side::Top => 0,
        Side::Right | Side::Bottom => line.len - target_len,
    };
    line.offsets
        .iter()
        .enumerate()
        .filter(|(_, o)| o[slot] as usize == goal_offset)
        .fold(0u16, |acc, (a, _)| acc | 1 << a)
}
