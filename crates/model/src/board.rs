//! [`Board`]: the validated position of a puzzle.

use crate::error::{BoardError, MoveError};
use crate::goal::{Exit, Goal, Side};
use crate::label::{label_of, MAX_PIECES};
use crate::metric::Metric;
use crate::moves::{Direction, Slide};

/// The largest number of rows or columns of a board.
pub const MAX_SIDE: usize = 8;

/// A cell, `(row, col)`, counting from the top-left corner at `(0, 0)`.
pub type Cell = (u8, u8);

/// Which game a board belongs to; it follows from the board's goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Game {
    /// Rush Hour / Unblock Me: pieces slide along their long axis and the
    /// target leaves through an exit.
    #[serde(rename = "rush")]
    RushHour,
    /// Klotski (华容道) and its family: pieces move in all four directions and
    /// the target must reach a place.
    Klotski,
}

impl Game {
    pub fn name(self) -> &'static str {
        match self {
            Game::RushHour => "rush",
            Game::Klotski => "klotski",
        }
    }

    /// How the game's players count moves: slides for Rush Hour, piece
    /// moves for Klotski (横刀立马 in 81).
    pub fn default_metric(self) -> Metric {
        match self {
            Game::RushHour => Metric::Slide,
            Game::Klotski => Metric::Piece,
        }
    }
}

/// How a piece may move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mobility {
    /// Left and right only (a horizontal car).
    Horizontal,
    /// Up and down only (a vertical car).
    Vertical,
    /// All four directions (a Klotski block).
    Free,
}

impl Mobility {
    pub fn allows(self, direction: Direction) -> bool {
        match self {
            Mobility::Horizontal => matches!(direction, Direction::Left | Direction::Right),
            Mobility::Vertical => matches!(direction, Direction::Up | Direction::Down),
            Mobility::Free => true,
        }
    }

    fn axis_name(self) -> &'static str {
        match self {
            Mobility::Horizontal => "left and right",
            Mobility::Vertical => "up and down",
            Mobility::Free => "in any direction",
        }
    }
}

/// A rectangular piece with its top-left cell at `(row, col)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub row: u8,
    pub col: u8,
    pub width: u8,
    pub height: u8,
    pub mobility: Mobility,
}

impl Piece {
    /// A Rush Hour car `len` cells long, horizontal or not.
    pub fn car(row: u8, col: u8, len: u8, horizontal: bool) -> Piece {
        if horizontal {
            Piece {
                row,
                col,
                width: len,
                height: 1,
                mobility: Mobility::Horizontal,
            }
        } else {
            Piece {
                row,
                col,
                width: 1,
                height: len,
                mobility: Mobility::Vertical,
            }
        }
    }

    /// A Klotski block.
    pub fn block(row: u8, col: u8, width: u8, height: u8) -> Piece {
        Piece {
            row,
            col,
            width,
            height,
            mobility: Mobility::Free,
        }
    }

    /// The piece's cells, row by row.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (self.row..self.row + self.height)
            .flat_map(move |r| (self.col..self.col + self.width).map(move |c| (r, c)))
    }

    /// Same shape and mobility (Klotski treats such pieces as interchangeable).
    pub fn same_kind(&self, other: &Piece) -> bool {
        self.width == other.width && self.height == other.height && self.mobility == other.mobility
    }
}

/// What a cell holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Content {
    Empty,
    Wall,
    Piece(usize),
}

/// A valid puzzle position: every constructor checks every rule.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    width: u8,
    height: u8,
    pieces: Vec<Piece>,
    walls: Vec<Cell>,
    goal: Goal,
}

impl Board {
    /// Builds and validates a board. `pieces[0]` is the target; the other
    /// pieces are put in canonical order (by first cell, row by row) and walls
    /// are sorted.
    pub fn new(
        width: usize,
        height: usize,
        mut pieces: Vec<Piece>,
        mut walls: Vec<Cell>,
        goal: Goal,
    ) -> Result<Board, BoardError> {
        if !(1..=MAX_SIDE).contains(&width) || !(1..=MAX_SIDE).contains(&height) {
            return Err(BoardError::BadSize { width, height });
        }
        if pieces.is_empty() {
            return Err(BoardError::NoTarget);
        }
        if pieces.len() > MAX_PIECES {
            return Err(BoardError::TooManyPieces {
                found: pieces.len(),
                max: MAX_PIECES,
            });
        }
        pieces[1..].sort_by_key(|p| (p.row, p.col));
        walls.sort_unstable();
        walls.dedup();
        let board = Board {
            width: width as u8,
            height: height as u8,
            pieces,
            walls,
            goal,
        };
        board.validate()?;
        Ok(board)
    }

    fn validate(&self) -> Result<(), BoardError> {
        let (w, h) = (self.width as usize, self.height as usize);
        // Who holds each cell; named only in an error (no text per piece).
        #[derive(Clone, Copy)]
        enum Holder {
            Wall,
            Piece(usize),
        }
        let name = |holder: Holder| match holder {
            Holder::Wall => "a wall".to_string(),
            Holder::Piece(i) => format!("piece {}", label_of(i)),
        };
        let mut grid: Vec<Option<Holder>> = vec![None; w * h];
        let mut place = |owner: Holder, (r, c): Cell| -> Result<(), BoardError> {
            let (r, c) = (r as usize, c as usize);
            if r >= h || c >= w {
                return Err(BoardError::OutOfBounds {
                    what: name(owner),
                    row: r,
                    col: c,
                    width: w,
                    height: h,
                });
            }
            match grid[r * w + c] {
                Some(first) => Err(BoardError::Overlap {
                    first: name(first),
                    second: name(owner),
                    row: r,
                    col: c,
                }),
                None => {
                    grid[r * w + c] = Some(owner);
                    Ok(())
                }
            }
        };
        for &cell in &self.walls {
            place(Holder::Wall, cell)?;
        }
        let klotski = self.game() == Game::Klotski;
        for (i, p) in self.pieces.iter().enumerate() {
            let label = label_of(i);
            let (row, col) = (p.row as usize, p.col as usize);
            let (width, height) = (p.width as usize, p.height as usize);
            if width == 0 || height == 0 {
                return Err(BoardError::Syntax(format!(
                    "piece {label} at row {row}, column {col} has no cells"
                )));
            }
            if klotski {
                if p.mobility != Mobility::Free {
                    return Err(BoardError::Syntax(format!(
                        "piece {label} at row {row}, column {col} slides on one axis, but Klotski pieces move freely"
                    )));
                }
            } else {
                if width == 1 && height == 1 {
                    return Err(BoardError::SingleCellPiece { label, row, col });
                }
                if width > 1 && height > 1 {
                    return Err(BoardError::WidePiece {
                        label,
                        row,
                        col,
                        width,
                        height,
                    });
                }
                let fits = match p.mobility {
                    Mobility::Horizontal => height == 1,
                    Mobility::Vertical => width == 1,
                    Mobility::Free => false,
                };
                if !fits {
                    return Err(BoardError::BadMobility {
                        label,
                        row,
                        col,
                        width,
                        height,
                        axis: p.mobility.axis_name(),
                    });
                }
            }
            if row + height > h || col + width > w {
                return Err(BoardError::OutOfBounds {
                    what: format!("piece {label} ({width}×{height})"),
                    row,
                    col,
                    width: w,
                    height: h,
                });
            }
            for cell in p.cells() {
                place(Holder::Piece(i), cell)?;
            }
        }
        self.validate_goal()
    }

    fn validate_goal(&self) -> Result<(), BoardError> {
        let t = self.target();
        match self.goal {
            Goal::Exit(exit) => {
                let limit = if exit.side.is_horizontal() {
                    self.height
                } else {
                    self.width
                };
                if exit.index >= limit {
                    return Err(BoardError::ExitOutOfRange { exit });
                }
                let on_line = match exit.side {
                    Side::Left | Side::Right => {
                        t.mobility == Mobility::Horizontal && t.row == exit.index
                    }
                    Side::Top | Side::Bottom => {
                        t.mobility == Mobility::Vertical && t.col == exit.index
                    }
                };
                if !on_line {
                    return Err(BoardError::TargetNotOnExitLine {
                        row: t.row as usize,
                        col: t.col as usize,
                        exit,
                    });
                }
            }
            Goal::Place { row, col } => {
                if row as usize + t.height as usize > self.height as usize
                    || col as usize + t.width as usize > self.width as usize
                {
                    return Err(BoardError::GoalOutOfRange {
                        row: row as usize,
                        col: col as usize,
                        width: t.width as usize,
                        height: t.height as usize,
                    });
                }
            }
        }
        Ok(())
    }

    pub fn width(&self) -> usize {
        self.width as usize
    }

    pub fn height(&self) -> usize {
        self.height as usize
    }

    /// All pieces; index 0 is the target.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    pub fn target(&self) -> &Piece {
        &self.pieces[0]
    }

    pub fn walls(&self) -> &[Cell] {
        &self.walls
    }

    pub fn goal(&self) -> Goal {
        self.goal
    }

    pub fn game(&self) -> Game {
        match self.goal {
            Goal::Exit(_) => Game::RushHour,
            Goal::Place { .. } => Game::Klotski,
        }
    }

    /// The default exit of a Rush Hour target: right of its row when it is
    /// horizontal, below its column when it is vertical.
    pub fn default_exit(target: &Piece) -> Exit {
        if target.mobility == Mobility::Vertical {
            Exit {
                side: Side::Bottom,
                index: target.col,
            }
        } else {
            Exit {
                side: Side::Right,
                index: target.row,
            }
        }
    }

    /// What every cell holds, row by row.
    pub fn contents(&self) -> Vec<Content> {
        let w = self.width();
        let mut grid = vec![Content::Empty; w * self.height()];
        for &(r, c) in &self.walls {
            grid[r as usize * w + c as usize] = Content::Wall;
        }
        for (i, p) in self.pieces.iter().enumerate() {
            for (r, c) in p.cells() {
                grid[r as usize * w + c as usize] = Content::Piece(i);
            }
        }
        grid
    }

    /// True when the target has reached the goal.
    pub fn is_solved(&self) -> bool {
        let t = self.target();
        match self.goal {
            Goal::Exit(exit) => match exit.side {
                Side::Left => t.col == 0,
                Side::Right => (t.col + t.width) as usize == self.width(),
                Side::Top => t.row == 0,
                Side::Bottom => (t.row + t.height) as usize == self.height(),
            },
            Goal::Place { row, col } => t.row == row && t.col == col,
        }
    }

    /// The same board with its pieces moved to new places (same count, order,
    /// shapes and mobility). Engines use it to turn states back into boards.
    pub fn with_pieces(&self, pieces: Vec<Piece>) -> Board {
        let board = Board {
            pieces,
            ..self.clone()
        };
        debug_assert!(
            board.validate().is_ok(),
            "with_pieces made an invalid board"
        );
        board
    }

    /// The same position with the pieces in canonical order (target first,
    /// then by first cell); pieces of a solution keep their letters until
    /// this is called.
    pub fn canonical(&self) -> Board {
        let mut b = self.clone();
        b.pieces[1..].sort_by_key(|p| (p.row, p.col));
        b
    }

    /// The index of the piece whose top-left cell is `(row, col)`.
    pub fn piece_at(&self, (row, col): Cell) -> Option<usize> {
        self.pieces
            .iter()
            .position(|p| (p.row, p.col) == (row, col))
    }

    /// The board after a slide, checking every cell the piece passes.
    ///
    /// This is the slow, obviously-correct reference for the engines.
    pub fn apply(&self, slide: Slide) -> Result<Board, MoveError> {
        let index = slide.piece as usize;
        let label = if index < MAX_PIECES {
            label_of(index)
        } else {
            '?'
        };
        let piece = *self
            .pieces
            .get(index)
            .ok_or(MoveError::NoSuchPiece(label))?;
        if slide.distance == 0 {
            return Err(MoveError::ZeroDistance);
        }
        if !piece.mobility.allows(slide.direction) {
            return Err(MoveError::WrongAxis {
                piece: label,
                direction: slide.direction,
                axis: piece.mobility.axis_name(),
            });
        }
        let contents = self.contents();
        let (dr, dc) = slide.direction.delta();
        let (w, h) = (self.width() as i32, self.height() as i32);
        let mut moved = piece;
        for _ in 0..slide.distance {
            let (nr, nc) = (moved.row as i32 + dr as i32, moved.col as i32 + dc as i32);
            let next = Piece {
                row: nr.max(0) as u8,
                col: nc.max(0) as u8,
                ..moved
            };
            let blocked_at = |r: i32, c: i32| MoveError::Blocked {
                piece: label,
                direction: slide.direction,
                distance: slide.distance,
                row: r,
                col: c,
            };
            if nr < 0 || nc < 0 || nr + piece.height as i32 > h || nc + piece.width as i32 > w {
                let (r, c) = match slide.direction {
                    Direction::Up => (nr, nc),
                    Direction::Left => (nr, nc),
                    Direction::Down => (nr + piece.height as i32 - 1, nc),
                    Direction::Right => (nr, nc + piece.width as i32 - 1),
                };
                return Err(blocked_at(r, c));
            }
            for (r, c) in next.cells() {
                let content = contents[r as usize * w as usize + c as usize];
                if content != Content::Empty && content != Content::Piece(index) {
                    return Err(blocked_at(r as i32, c as i32));
                }
            }
            moved = next;
        }
        let mut board = self.clone();
        board.pieces[index] = moved;
        Ok(board)
    }

    /// Every legal slide, found by trying each piece, direction and distance
    /// with [`Board::apply`]: the naive reference for move generation.
    pub fn legal_slides(&self) -> Vec<Slide> {
        let mut slides = Vec::new();
        for piece in 0..self.pieces.len() {
            for &direction in Direction::ALL {
                for distance in 1..MAX_SIDE as u8 {
                    let slide = Slide {
                        piece: piece as u8,
                        direction,
                        distance,
                    };
                    if self.apply(slide).is_err() {
                        break;
                    }
                    slides.push(slide);
                }
            }
        }
        slides
    }
}
