//! Random valid boards from a seed, for property tests, fuzzing and
//! benchmarks (deterministic, no dependencies).

use crate::goal::{Exit, Goal, Side};
use crate::{Board, Cell, Piece};

/// xorshift64*: small, fast and good enough to place pieces or to draw
/// puzzles; the same seed gives the same sequence everywhere.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed` (seeds that differ only in the
    /// lowest bit give the same sequence: the state must not be zero).
    pub fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number below `n` (which must not be 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// A random Rush Hour board: 3×3 to 8×8, a target on a random line with a
/// random exit side, then up to `max_cars` cars of length 2 or 3 and a few
/// walls wherever they fit.
pub fn rush_board(seed: u64, max_cars: usize) -> Board {
    let mut rng = Rng(seed | 1);
    let width = 3 + rng.below(6);
    let height = 3 + rng.below(6);
    let horizontal = rng.below(4) != 0;
    let (line_len, lines) = if horizontal {
        (width, height)
    } else {
        (height, width)
    };
    let target_len = 2 + rng.below(2.min(line_len - 1));
    let line = rng.below(lines) as u8;
    let offset = rng.below(line_len - target_len + 1) as u8;
    let target = if horizontal {
        Piece::car(line, offset, target_len as u8, true)
    } else {
        Piece::car(offset, line, target_len as u8, false)
    };
    let side = match (horizontal, rng.below(2)) {
        (true, 0) => Side::Right,
        (true, _) => Side::Left,
        (false, 0) => Side::Bottom,
        (false, _) => Side::Top,
    };
    let goal = Goal::Exit(Exit { side, index: line });
    populate(&mut rng, width, height, target, goal, max_cars, |rng| {
        random_car(rng, width, height)
    })
}

/// A random board of the kind a [`sample`](crate::sample) file holds: 6×6,
/// the target a car of 2 on row 2 leaving on the right, up to `max_cars`
/// other cars of 2 or 3 and up to two walls.
pub fn sample_board(seed: u64, max_cars: usize) -> Board {
    let mut rng = Rng(seed | 1);
    let target = Piece::car(2, rng.below(5) as u8, 2, true);
    let goal = Goal::Exit(Exit {
        side: Side::Right,
        index: 2,
    });
    populate(&mut rng, 6, 6, target, goal, max_cars, |rng| {
        random_car(rng, 6, 6)
    })
}

/// A car of 2 or 3, either way, anywhere on a `width`×`height` board (it
/// may stick out: [`populate`] keeps only those that fit).
fn random_car(rng: &mut Rng, width: usize, height: usize) -> Piece {
    Piece::car(
        rng.below(height) as u8,
        rng.below(width) as u8,
        2 + rng.below(2) as u8,
        rng.below(2) == 0,
    )
}

/// Puts up to `max_pieces` random pieces wherever they fit around the
/// target, then up to two walls, and builds the board.
fn populate(
    rng: &mut Rng,
    width: usize,
    height: usize,
    target: Piece,
    goal: Goal,
    max_pieces: usize,
    mut random_piece: impl FnMut(&mut Rng) -> Piece,
) -> Board {
    let mut grid = Occupancy::new(width, height);
    grid.occupy(&target);
    let mut pieces = vec![target];
    let wanted = rng.below(max_pieces + 1);
    for _ in 0..wanted * 4 {
        if pieces.len() > wanted {
            break;
        }
        let piece = random_piece(rng);
        if grid.occupy(&piece) {
            pieces.push(piece);
        }
    }
    let count = rng.below(3);
    let walls = grid.walls(rng, count);
    Board::new(width, height, pieces, walls, goal).expect("random boards are valid by construction")
}

/// Shapes of the non-target blocks of [`klotski_board`], as (width, height).
const BLOCKS: [(u8, u8); 6] = [(1, 1), (2, 1), (1, 2), (2, 2), (3, 1), (1, 3)];

/// A random Klotski board: 2×2 to 7×6 (at most 42 cells), a target of 1×1
/// to 2×2 with a random goal where it fits, up to `max_blocks` other blocks
/// (1×1, 1×2, 2×1, 2×2, 1×3 or 3×1) and a few walls wherever they fit.
pub fn klotski_board(seed: u64, max_blocks: usize) -> Board {
    let mut rng = Rng(seed | 1);
    let width = 2 + rng.below(6);
    let height = 2 + rng.below(5);
    let (tw, th) = (1 + rng.below(2), 1 + rng.below(2));
    let (tw, th) = (tw.min(width), th.min(height));
    let place = |rng: &mut Rng| {
        (
            rng.below(height - th + 1) as u8,
            rng.below(width - tw + 1) as u8,
        )
    };
    let (row, col) = place(&mut rng);
    let target = Piece::block(row, col, tw as u8, th as u8);
    let (row, col) = place(&mut rng);
    let goal = Goal::Place { row, col };
    populate(&mut rng, width, height, target, goal, max_blocks, |rng| {
        let (w, h) = BLOCKS[rng.below(BLOCKS.len())];
        Piece::block(rng.below(height) as u8, rng.below(width) as u8, w, h)
    })
}

/// A random board of the classic Klotski kind, the kind a CommonCode can
/// write: 4×5, a 2×2 target, 1×1, 1×2 and 2×1 blocks, no walls, at least two
/// empty cells, goal at the bottom centre.
pub fn classic_klotski_board(seed: u64) -> Board {
    let mut rng = Rng(seed | 1);
    let (width, height) = (4, 5);
    let target = Piece::block(rng.below(4) as u8, rng.below(3) as u8, 2, 2);
    let mut grid = Occupancy::new(width, height);
    grid.occupy(&target);
    let mut pieces = vec![target];
    let mut empty = width * height - 4;
    for _ in 0..40 {
        let (w, h) = BLOCKS[rng.below(3)];
        let block = Piece::block(rng.below(height) as u8, rng.below(width) as u8, w, h);
        let size = (w * h) as usize;
        if empty >= size + 2 && grid.occupy(&block) {
            empty -= size;
            pieces.push(block);
        }
    }
    let goal = Goal::Place { row: 3, col: 1 };
    Board::new(width, height, pieces, Vec::new(), goal)
        .expect("random boards are valid by construction")
}

/// Which cells of a board under construction are taken.
struct Occupancy {
    width: usize,
    height: usize,
    taken: Vec<bool>,
}

impl Occupancy {
    fn new(width: usize, height: usize) -> Occupancy {
        Occupancy {
            width,
            height,
            taken: vec![false; width * height],
        }
    }

    fn index(&self, (r, c): Cell) -> Option<usize> {
        let (r, c) = (r as usize, c as usize);
        (r < self.height && c < self.width).then_some(r * self.width + c)
    }

    /// Takes the piece's cells if they are all on the board and free.
    fn occupy(&mut self, p: &Piece) -> bool {
        let cells: Option<Vec<usize>> = p.cells().map(|cell| self.index(cell)).collect();
        match cells {
            Some(cells) if cells.iter().all(|&i| !self.taken[i]) => {
                cells.into_iter().for_each(|i| self.taken[i] = true);
                true
            }
            _ => false,
        }
    }

    /// Up to `count` walls on random free cells.
    fn walls(&mut self, rng: &mut Rng, count: usize) -> Vec<Cell> {
        let mut walls = Vec::new();
        for _ in 0..count {
            let cell = (rng.below(self.height) as u8, rng.below(self.width) as u8);
            if self.occupy(&Piece::block(cell.0, cell.1, 1, 1)) {
                walls.push(cell);
            }
        }
        walls
    }
}
