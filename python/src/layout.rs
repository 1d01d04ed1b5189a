//! A board as the environments step it: its pieces, a grid saying which
//! piece holds each cell, and a key naming the position, all in fixed-size
//! arrays, so that a move, its legality test and the observation it leaves
//! allocate nothing.
//!
//! A key holds, for every cell, the *shape class* of the piece whose
//! top-left corner is there (3 bits a cell: 0 no corner, 1 the target, 2–7
//! the other shapes), so it fits boards of up to 42 cells in a `u128`.
//! Pieces of one shape are interchangeable in a key, which is exact: in
//! Klotski such pieces can trade places, and in Rush Hour they never can (a
//! car keeps its line and its order on it), so a key names one position.

use crate::component::TableError;
use unblocker_model::{Board, Direction, Goal, Piece, Side, MAX_PIECES};

/// Bits per cell in a key.
const FIELD_BITS: u32 = 3;
/// Shape classes a key can name besides "no corner".
const MAX_CLASSES: usize = (1 << FIELD_BITS) - 1;
/// The most cells a key covers.
pub const MAX_CELLS: usize = 128 / FIELD_BITS as usize;
/// A wall's cell in a [`Position`]'s grid (a piece's cell holds its index
/// plus one, an empty cell 0).
const WALL: u8 = u8::MAX;

/// What stays the same over a component: the board's size, its walls and
/// goal, and the shape of each class.
#[derive(Clone, Debug)]
pub struct Layout {
    /// A position of the component (for its size, walls and goal).
    template: Board,
    width: usize,
    height: usize,
    walls: Vec<usize>,
    /// The cells of the goal channel: the target's place (Klotski) or the
    /// cell by the exit (Rush Hour).
    goal_cells: Vec<usize>,
    /// The shape of class `c` at `c - 1` (its row and column unused).
    classes: Vec<Piece>,
}

impl Layout {
    pub fn new(board: &Board) -> Result<Layout, TableError> {
        let (width, height) = (board.width(), board.height());
        if width * height > MAX_CELLS {
            return Err(TableError::TooManyCells {
                cells: width * height,
            });
        }
        let mut classes = vec![*board.target()];
        for piece in &board.pieces()[1..] {
            if !classes[1..].iter().any(|c| c.same_kind(piece)) {
                classes.push(*piece);
            }
        }
        if classes.len() > MAX_CLASSES {
            return Err(TableError::TooManyShapes {
                shapes: classes.len(),
            });
        }
        let cell = |(r, c): (usize, usize)| r * width + c;
        let goal_cells = match board.goal() {
            Goal::Exit(exit) => {
                let i = exit.index as usize;
                vec![cell(match exit.side {
                    Side::Left => (i, 0),
                    Side::Right => (i, width - 1),
                    Side::Top => (0, i),
                    Side::Bottom => (height - 1, i),
                })]
            }
            Goal::Place { row, col } => {
                let target = Piece {
                    row,
                    col,
                    ..*board.target()
                };
                target
                    .cells()
                    .map(|(r, c)| cell((r as usize, c as usize)))
                    .collect()
            }
        };
        Ok(Layout {
            template: board.clone(),
            width,
            height,
            walls: board
                .walls()
                .iter()
                .map(|&(r, c)| cell((r as usize, c as usize)))
                .collect(),
            goal_cells,
            classes,
        })
    }

    /// The class of each piece of a board of this layout (the same size
    /// and shapes).
    pub fn classes_of(&self, board: &Board) -> Vec<u8> {
        let class = |(i, piece): (usize, &Piece)| {
            if i == 0 {
                return 1;
            }
            let found = self.classes[1..].iter().position(|c| c.same_kind(piece));
            debug_assert!(found.is_some(), "a piece of another layout");
            found.map_or(0, |k| k as u8 + 2)
        };
        board.pieces().iter().enumerate().map(class).collect()
    }

    /// The key of a board of this layout.
    pub fn key_of(&self, board: &Board) -> u128 {
        let classes = self.classes_of(board);
        self.key_with(classes.into_iter().zip(board.pieces().iter().copied()))
    }

    /// The key of pieces with their classes.
    #[inline]
    pub fn key_with(&self, pieces: impl Iterator<Item = (u8, Piece)>) -> u128 {
        pieces.fold(0, |key, (class, piece)| key | self.field(class, &piece))
    }

    /// A key holding only `class` at `piece`'s corner.
    #[inline(always)]
    fn field(&self, class: u8, piece: &Piece) -> u128 {
        let corner = piece.row as usize * self.width + piece.col as usize;
        (class as u128) << (corner as u32 * FIELD_BITS)
    }

    /// The position of a key, its pieces in canonical order (the target,
    /// then by top-left cell).
    pub fn position(&self, key: u128) -> Position {
        let mut position = Position {
            pieces: [*self.template.target(); MAX_PIECES],
            classes: [0; MAX_PIECES],
            count: 1,
            grid: [0; MAX_CELLS],
            key,
        };
        for &w in &self.walls {
            position.grid[w] = WALL;
        }
        for cell in 0..self.width * self.height {
            let class = ((key >> (cell as u32 * FIELD_BITS)) as usize) & MAX_CLASSES;
            if class == 0 {
                continue;
            }
            let index = if class == 1 {
                0
            } else {
                position.count += 1;
                position.count as usize - 1
            };
            position.pieces[index] = Piece {
                row: (cell / self.width) as u8,
                col: (cell % self.width) as u8,
                ..self.classes[class - 1]
            };
            position.classes[index] = class as u8;
            position.fill(self, index, index as u8 + 1);
        }
        position
    }
}

/// One board of an environment. Its pieces keep their numbers from one
/// move to the next (as `Board::apply` keeps letters): piece `p` is
/// observation channel `p` and the actions of piece `p`.
#[derive(Clone, Debug)]
pub struct Position {
    pieces: [Piece; MAX_PIECES],
    classes: [u8; MAX_PIECES],
    count: u8,
    grid: [u8; MAX_CELLS],
    key: u128,
}

impl Position {
    pub fn key(&self) -> u128 {
        self.key
    }

    pub fn pieces(&self) -> usize {
        self.count as usize
    }

    /// Writes `value` into the grid cells of piece `p`.
    #[inline(always)]
    fn fill(&mut self, layout: &Layout, p: usize, value: u8) {
        let piece = self.pieces[p];
        for r in piece.row as usize..(piece.row + piece.height) as usize {
            let row = r * layout.width;
            self.grid[row + piece.col as usize..row + (piece.col + piece.width) as usize]
                .fill(value);
        }
    }

    /// How many cells piece `p` can slide towards `direction`.
    #[inline]
    pub fn reach(&self, layout: &Layout, p: usize, direction: Direction) -> usize {
        let piece = &self.pieces[p];
        if !piece.mobility.allows(direction) {
            return 0;
        }
        let (w, h) = (layout.width, layout.height);
        let (row, col) = (piece.row as usize, piece.col as usize);
        let (pw, ph) = (piece.width as usize, piece.height as usize);
        let empty = |r: usize, c: usize| self.grid[r * w + c] == 0;
        let mut free = 0;
        match direction {
            Direction::Up => {
                while free < row && (col..col + pw).all(|c| empty(row - free - 1, c)) {
                    free += 1;
                }
            }
            Direction::Down => {
                while row + ph + free < h && (col..col + pw).all(|c| empty(row + ph + free, c)) {
                    free += 1;
                }
            }
            Direction::Left => {
                while free < col && (row..row + ph).all(|r| empty(r, col - free - 1)) {
                    free += 1;
                }
            }
            Direction::Right => {
                while col + pw + free < w && (row..row + ph).all(|r| empty(r, col + pw + free)) {
                    free += 1;
                }
            }
        }
        free
    }

    /// Slides piece `p` `distance` cells towards `direction`, which
    /// [`Position::reach`] must allow.
    #[inline]
    pub fn slide(&mut self, layout: &Layout, p: usize, direction: Direction, distance: usize) {
        debug_assert!(self.reach(layout, p, direction) >= distance);
        let class = self.classes[p];
        self.fill(layout, p, 0);
        self.key ^= layout.field(class, &self.pieces[p]);
        let (dr, dc) = direction.delta();
        let piece = &mut self.pieces[p];
        piece.row = (piece.row as isize + dr as isize * distance as isize) as u8;
        piece.col = (piece.col as isize + dc as isize * distance as isize) as u8;
        self.key |= layout.field(class, &self.pieces[p]);
        self.fill(layout, p, p as u8 + 1);
    }

    /// Writes the observation (`(rows, cols, channels)`, a channel per
    /// piece numbered up to `channels - 2`, then walls, then the goal) into
    /// `obs`, which holds exactly one.
    #[inline]
    pub fn observe(&self, layout: &Layout, obs: &mut [u8]) {
        let channels = obs.len() / (layout.width * layout.height);
        obs.fill(0);
        for (cell, &holder) in self.grid[..layout.width * layout.height].iter().enumerate() {
            let channel = match holder {
                0 => continue,
                WALL => channels - 2,
                p => p as usize - 1,
            };
            obs[cell * channels + channel] = 1;
        }
        for &cell in &layout.goal_cells {
            obs[cell * channels + channels - 1] = 1;
        }
    }

    /// Writes the action mask (1 for each legal slide `(piece, direction,
    /// distance)`, numbered `(piece * 4 + direction) * reach + distance -
    /// 1`) into `mask`, which holds exactly one.
    #[inline]
    pub fn mask(&self, layout: &Layout, mask: &mut [i8], reach: usize) {
        mask.fill(0);
        for p in 0..self.pieces() {
            for (d, &direction) in Direction::ALL.iter().enumerate() {
                let free = self.reach(layout, p, direction).min(reach);
                let base = (p * 4 + d) * reach;
                mask[base..base + free].fill(1);
            }
        }
    }

    /// The position as a board (the pieces lettered by their numbers).
    pub fn board(&self, layout: &Layout) -> Board {
        layout
            .template
            .with_pieces(self.pieces[..self.pieces()].to_vec())
    }
}
