//! Random valid boards from a seed, for property tests, fuzzing and
//! benchmarks (deterministic, no dependencies).

use crate::goal::{Exit, Goal, Side};
use crate::{Board, Piece};

/// xorshift64*: small and good enough to place pieces.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
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
    let mut grid = vec![false; width * height];
    let occupy = |p: &Piece, grid: &mut [bool]| -> bool {
        let cells: Vec<_> = p.cells().collect();
        if cells.iter().any(|&(r, c)| {
            r as usize >= height || c as usize >= width || grid[r as usize * width + c as usize]
        }) {
            return false;
        }
        for (r, c) in cells {
            grid[r as usize * width + c as usize] = true;
        }
        true
    };
    occupy(&target, &mut grid);
    let mut pieces = vec![target];
    let wanted = rng.below(max_cars + 1);
    for _ in 0..wanted * 4 {
        if pieces.len() > wanted {
            break;
        }
        let car = Piece::car(
            rng.below(height) as u8,
            rng.below(width) as u8,
            2 + rng.below(2) as u8,
            rng.below(2) == 0,
        );
        if occupy(&car, &mut grid) {
            pieces.push(car);
        }
    }
    let mut walls = Vec::new();
    for _ in 0..rng.below(3) {
        let (r, c) = (rng.below(height), rng.below(width));
        if !grid[r * width + c] {
            grid[r * width + c] = true;
            walls.push((r as u8, c as u8));
        }
    }
    Board::new(width, height, pieces, walls, goal).expect("random boards are valid by construction")
}
