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
//! number the positions densely ([`Indexed`]): each move then carries its
//! index change beside its key change, and an exploration can mark visited
//! positions in a bitmap instead of a hash table.

use crate::line::{arrangements, reach};
use crate::{Heuristic, Indexed, Space};
use unblocker_model::{Board, Cell, Direction, Goal, Metric, Mobility, Side};

/// Bits per line in a key: a line holds at most 15 arrangements, so the
/// all-ones field (and the all-ones key, `State::EMPTY`) never occurs; at
/// most 16 lines make at most 64 bits.
const FIELD_BITS: u32 = 4;
const FIELD_MASK: u64 = (1 << FIELD_BITS) - 1;

/// The most moves one line's cars can have in one position: a car reaches
/// each free cell between it and the next car (or the line's end), so a
/// free cell gives at most two moves (one for the car on each side of it);
/// an 8-cell line with its cars 2 long has at most 8 moves.
const MAX_STRIDE: usize = 8;

/// The largest dense index space offered (a visited bitmap of 256 MiB).
const MAX_INDEX_BOUND: u64 = 1 << 31;

/// The 4-bit field of a key that starts at bit `shift`.
#[inline(always)]
fn field(key: u64, shift: u32) -> u64 {
    (key >> shift) & FIELD_MASK
}

/// One move in a line's table as two numbers added to a position's: the
/// key change and the cells it slides (in `RushSpace::moves`, added to
/// `[key, 0]`) or the key change and the dense index change (in
/// `RushSpace::index_moves`, added to `[key, index]`).
type LineMove = [i64; 2];

/// A row with horizontal cars or a column with vertical cars.
#[derive(Clone, Debug)]
struct Line {
    horizontal: bool,
    /// Cells in the line.
    len: usize,
    /// Where the line's field starts in the key.
    key_shift: u32,
    /// The line's weight in the dense index: the product of the earlier
    /// lines' arrangement counts.
    index_stride: u64,
    /// Where the line's cells start in the bitboard of its own orientation
    /// (row-major for rows, column-major for columns).
    cell_shift: u32,
    /// The line's cars (indices into the board's pieces), in line order.
    cars: Vec<usize>,
    /// Each arrangement's car offsets, in line order.
    offsets: Vec<Vec<u8>>,
    /// Each arrangement's cells in the row-major and column-major bitboards.
    cells: Vec<u64>,
    cells_t: Vec<u64>,
}

/// The moves of one `(arrangement, crossing cells)` pair: where they start
/// in `RushSpace::moves`, how many there are, and how many of them are
/// one-cell steps (those come first).
#[derive(Clone, Copy, Debug, Default)]
struct MoveRun {
    start: u32,
    all: u8,
    steps: u8,
}

/// What expanding a position needs of one line, in one flat record.
#[derive(Clone, Debug)]
struct HotLine {
    key_shift: u32,
    cell_shift: u32,
    /// The line's cells at the bottom of a bitboard: `len` ones.
    cell_mask: u64,
    /// Each field value's cells in the bitboard of the lines it crosses;
    /// zero past the line's arrangements (keys never hold those).
    crossing_cells: [u64; 16],
    /// For each field value, where its runs start in `RushSpace::runs`
    /// (one run for each crossing cells); values past the line's last
    /// arrangement, which keys of the space never hold, read the last
    /// arrangement's runs so that any key stays inside the table.
    run_base: [u32; 16],
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
    /// [`Indexed`]), padded alike.
    index_moves: Vec<LineMove>,
    /// How many of `hot`'s lines are rows (they come first).
    rows: usize,
    /// For each car: its line and its place in that line's car list.
    car_line: Vec<(usize, usize)>,
    /// Arrangements of the target's line (bit set) that touch the exit.
    goal_arrangements: u16,
    target_line: usize,
    /// The number of dense indices (see [`Indexed`]), when it is at most
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
    pub fn new(board: &Board) -> Result<Self, RushError> {
        let Goal::Exit(exit) = board.goal() else {
            return Err(RushError::NotRush);
        };
        let (w, h) = (board.width(), board.height());
        let bit = |r: usize, c: usize| 1u64 << (r * w + c);
        let bit_t = |r: usize, c: usize| 1u64 << (c * h + r);
        let (mut walls, mut walls_t) = (0, 0);
        for &(r, c) in board.walls() {
            walls |= bit(r as usize, c as usize);
            walls_t |= bit_t(r as usize, c as usize);
        }
        let pieces = board.pieces();
        let mut lines = Vec::new();
        let mut car_line = vec![(0, 0); pieces.len()];
        for (horizontal, count, len) in [(true, h, w), (false, w, h)] {
            for index in 0..count {
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
                    continue;
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
                            m |= bit(r, c);
                            mt |= bit_t(r, c);
                        }
                    }
                    cells.push(m);
                    cells_t.push(mt);
                }
                for (slot, &car) in cars.iter().enumerate() {
                    car_line[car] = (lines.len(), slot);
                }
                lines.push(Line {
                    horizontal,
                    len,
                    key_shift: lines.len() as u32 * FIELD_BITS,
                    index_stride: 0,
                    cell_shift: (index * len) as u32,
                    cars,
                    offsets,
                    cells,
                    cells_t,
                });
            }
        }
        if lines.len() * FIELD_BITS as usize > 64 {
            return Err(RushError::TooManyArrangements(lines.len()));
        }
        let mut index_bound = 1u64;
        for line in &mut lines {
            line.index_stride = index_bound;
            index_bound = index_bound.saturating_mul(line.offsets.len() as u64);
        }
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
        for line in &lines {
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
        let (target_line, target_slot) = car_line[0];
        let line = &lines[target_line];
        let target_len = if line.horizontal {
            pieces[0].width
        } else {
            pieces[0].height
        } as usize;
        let goal_offset = match exit.side {
            Side::Left | Side::Top => 0,
            Side::Right | Side::Bottom => line.len - target_len,
        };
        let goal_arrangements = line
            .offsets
            .iter()
            .enumerate()
            .filter(|(_, o)| o[target_slot] as usize == goal_offset)
            .fold(0u16, |acc, (a, _)| acc | 1 << a);
        let rows = lines.iter().filter(|l| l.horizontal).count();
        let mut space = RushSpace {
            start_board: board.clone(),
            walls,
            walls_t,
            lines,
            rows,
            hot,
            runs,
            moves,
            index_moves,
            car_line,
            goal_arrangements,
            target_line,
            index_bound: (index_bound <= MAX_INDEX_BOUND).then_some(index_bound),
            stride,
            max_neighbors,
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

    /// The lines' cars with walls as the crossing lines see them: the rows'
    /// cars in the column-major bitboard (what the columns read) and the
    /// columns' cars in the row-major one (what the rows read).
    #[inline(always)]
    fn crossings(&self, key: u64) -> (u64, u64) {
        let (rows, columns) = self.hot.split_at(self.rows);
        let cells = |walls: u64, lines: &[HotLine]| {
            lines.iter().fold(walls, |acc, line| {
                acc | line.crossing_cells[field(key, line.key_shift) as usize]
            })
        };
        (cells(self.walls_t, rows), cells(self.walls, columns))
    }

    /// The board the space was built from.
    pub(crate) fn start_board(&self) -> &Board {
        &self.start_board
    }

    /// Car `car`'s offset along its line: its column if it is horizontal,
    /// its row if it is vertical.
    #[inline]
    pub(crate) fn offset(&self, key: u64, car: usize) -> u8 {
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

impl RushSpace {
    /// Writes `base + move` for every move of `key` to `out`, one 16-byte
    /// pair per neighbour, from the move table `moves` (`self.moves` or
    /// `self.index_moves`, whose runs are laid out alike), copying `STRIDE`
    /// moves per line (at least `self.stride`); returns how many moves it
    /// wrote.
    ///
    /// # Safety
    /// `out` must be valid for `self.max_neighbors + MAX_STRIDE` writes.
    #[inline(always)]
    unsafe fn expand_fixed<const STRIDE: usize>(
        &self,
        key: u64,
        base: [u64; 2],
        metric: Metric,
        moves: &[LineMove],
        out: *mut [u64; 2],
    ) -> usize {
        assert!(
            self.stride <= STRIDE && moves.len() == self.moves.len(),
            "a move table of this space, copied in blocks as long as its longest run"
        );
        let (across_columns, across_rows) = self.crossings(key);
        let (rows, columns) = self.hot.split_at(self.rows);
        let mut n = 0;
        let mut expand_line = |line: &HotLine, crossed: u64| {
            let first = line.run_base[field(key, line.key_shift) as usize];
            let crossing = (crossed >> line.cell_shift) & line.cell_mask;
            // SAFETY: `first` starts the runs of an arrangement of the line,
            // which has one for each `crossing` below `1 << len`; every run
            // starts at most `MAX_STRIDE` before the end of `moves` (its
            // padding); `n` is at most the sum of the earlier lines' largest
            // runs, so `n + STRIDE` is at most `max_neighbors + MAX_STRIDE`,
            // the room the caller guarantees.
            unsafe {
                let run = *self.runs.get_unchecked(first as usize + crossing as usize);
                let from = moves.as_ptr().add(run.start as usize);
                let slots = out.add(n);
                for k in 0..STRIDE {
                    *slots.add(k) = add_pair(base, *from.add(k));
                }
                n += if metric == Metric::Step {
                    run.steps
                } else {
                    run.all
                } as usize;
            }
        };
        for line in rows {
            expand_line(line, across_rows);
        }
        for line in columns {
            expand_line(line, across_columns);
        }
        n
    }

    /// [`RushSpace::expand_fixed`] with the copy length suited to the space
    /// (a constant, so that the copy unrolls) into `out`, whose elements
    /// must be laid out as `[u64; 2]` (the callers check it).
    #[inline(always)]
    fn expand_pairs<T>(
        &self,
        key: u64,
        base: [u64; 2],
        metric: Metric,
        moves: &[LineMove],
        out: &mut [T],
    ) -> usize {
        assert!(
            out.len() >= self.max_neighbors + MAX_STRIDE && std::mem::size_of::<T>() == 16,
            "expand_into needs max_neighbors slots"
        );
        let out = out.as_mut_ptr().cast::<[u64; 2]>();
        // SAFETY: `out` holds `max_neighbors + MAX_STRIDE` elements of 16
        // bytes (checked above).
        unsafe {
            match self.stride {
                0..=4 => self.expand_fixed::<4>(key, base, metric, moves, out),
                _ => self.expand_fixed::<MAX_STRIDE>(key, base, metric, moves, out),
            }
        }
    }
}

/// `base + delta` for both halves at once: the next key and its cells or
/// its index (one SSE2 addition on x86-64, where copying moves is most of an
/// expansion).
#[inline(always)]
fn add_pair(base: [u64; 2], delta: LineMove) -> [u64; 2] {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_add_epi64, _mm_loadu_si128, _mm_storeu_si128};
        let mut sum = [0u64; 2];
        // SAFETY: SSE2 is part of x86-64; the loads and the store read and
        // write two 16-byte arrays.
        unsafe {
            let v = _mm_add_epi64(
                _mm_loadu_si128(base.as_ptr().cast()),
                _mm_loadu_si128(delta.as_ptr().cast()),
            );
            _mm_storeu_si128(sum.as_mut_ptr().cast(), v);
        }
        sum
    }
    #[cfg(not(target_arch = "x86_64"))]
    [
        base[0].wrapping_add_signed(delta[0]),
        base[1].wrapping_add_signed(delta[1]),
    ]
}

/// Appends a line's `arrangements << len` runs (one per arrangement and
/// crossing cells; empty for crossings that overlap its cars) and their
/// moves; returns the most moves of one run.
fn build_runs(
    line: &Line,
    pieces: &[unblocker_model::Piece],
    runs: &mut Vec<MoveRun>,
    moves: &mut Vec<LineMove>,
    index_moves: &mut Vec<LineMove>,
) -> usize {
    let lengths: Vec<usize> = line
        .cars
        .iter()
        .map(|&i| pieces[i].width.max(pieces[i].height) as usize)
        .collect();
    // Arrangements packed 4 bits a car, first car highest: the generator
    // lists them in lexicographic order, so the packed values are sorted and
    // the arrangement a move leads to is found by binary search (once per
    // arrangement, car and distance; the crossings reuse it).
    let cars = lengths.len();
    let packed: Vec<i64> = line
        .offsets
        .iter()
        .map(|o| o.iter().fold(0i64, |acc, &off| acc << 4 | off as i64))
        .collect();
    let distances = 2 * line.len + 1;
    let mut after = vec![usize::MAX; packed.len() * cars * distances];
    let mut arrangement_after = |a: usize, slot: usize, d: i32| -> usize {
        let memo = &mut after[(a * cars + slot) * distances + (d + line.len as i32) as usize];
        if *memo == usize::MAX {
            let moved = packed[a] + ((d as i64) << (4 * (cars - 1 - slot)));
            *memo = packed
                .binary_search(&moved)
                .expect("a legal move keeps the cars in order");
        }
        *memo
    };
    let all_cells = (1u64 << line.len) - 1;
    let first_run = runs.len();
    runs.resize(
        first_run + (line.offsets.len() << line.len),
        MoveRun::default(),
    );
    let (mut steps, mut longer) = (Vec::new(), Vec::new());
    let mut most = 0;
    for (a, arrangement) in line.offsets.iter().enumerate() {
        let own = arrangement
            .iter()
            .zip(&lengths)
            .fold(0, |acc, (&off, &len)| acc | ((1u64 << len) - 1) << off);
        // Crossing cars never overlap the line's own cars: only the subsets
        // of the free cells get moves (the other runs stay empty).
        let free_cells = all_cells & !own;
        let mut crossing = 0u64;
        loop {
            steps.clear();
            longer.clear();
            let taken = crossing | own;
            for (slot, &len) in lengths.iter().enumerate() {
                let o = arrangement[slot] as usize;
                let mut push = |d: i32| {
                    let b = arrangement_after(a, slot, d);
                    let change = b as i64 - a as i64;
                    let delta = change << line.key_shift;
                    // Meaningful only while the index bound fits (see
                    // `MAX_INDEX_BOUND`).
                    let index_delta = change.wrapping_mul(line.index_stride as i64);
                    let both = ([delta, d.abs() as i64], [delta, index_delta]);
                    if d.abs() == 1 {
                        steps.push(both);
                    } else {
                        longer.push(both);
                    }
                };
                let (back, forth) = reach(o, len, taken, line.len);
                for d in 1..=forth {
                    push(d as i32);
                }
                for d in 1..=back {
                    push(-(d as i32));
                }
            }
            let start = moves.len() as u32;
            for &(m, index_move) in steps.iter().chain(&longer) {
                moves.push(m);
                index_moves.push(index_move);
            }
            let count = steps.len() + longer.len();
            most = most.max(count);
            runs[first_run + (a << line.len | crossing as usize)] = MoveRun {
                start,
                all: count as u8,
                steps: steps.len() as u8,
            };
            if crossing == free_cells {
                break;
            }
            // The next subset of the free cells, in increasing order.
            crossing = crossing.wrapping_sub(free_cells) & free_cells;
        }
    }
    most
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
        crate::heuristic::rush(self, key, heuristic)
    }
}

impl Indexed for RushSpace {
    fn index_bound(&self) -> Option<u64> {
        self.index_bound
    }

    #[inline(always)]
    fn index_of(&self, key: u64) -> u64 {
        self.lines.iter().fold(0, |index, line| {
            index + field(key, line.key_shift) * line.index_stride
        })
    }

    #[inline(always)]
    fn expand_indexed(
        &self,
        key: u64,
        index: u64,
        metric: Metric,
        out: &mut [(u64, u64)],
    ) -> usize {
        const {
            assert!(std::mem::size_of::<(u64, u64)>() == 16);
            assert!(std::mem::offset_of!((u64, u64), 0) == 0);
        }
        self.expand_pairs(key, [key, index], metric, &self.index_moves, out)
    }
}
