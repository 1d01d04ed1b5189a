//! Solutions as moves a person can follow.

use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;
use unblocker_engine::Space;
use unblocker_model::{label_of, Board, Cell, Direction, MoveError, Slide};

/// One move: a piece going along a path of straight segments (one segment
/// for Rush Hour and the step and slide metrics; several for a Klotski piece
/// move such as `C down 1, left 1`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    pub piece: u8,
    pub path: Vec<(Direction, u8)>,
}

impl Move {
    pub fn label(&self) -> char {
        label_of(self.piece as usize)
    }

    /// One-cell steps this move takes.
    pub fn cells(&self) -> u32 {
        self.path.iter().map(|&(_, d)| d as u32).sum()
    }

    /// The straight slides that make up this move.
    pub fn slides(&self) -> impl Iterator<Item = Slide> + '_ {
        self.path.iter().map(|&(direction, distance)| Slide {
            piece: self.piece,
            direction,
            distance,
        })
    }

    /// Appends a segment, merging it into the last one if it goes the same way.
    fn push(&mut self, direction: Direction, distance: u8) {
        match self.path.last_mut() {
            Some((d, n)) if *d == direction => *n += distance,
            _ => self.path.push((direction, distance)),
        }
    }
}

impl std::fmt::Display for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ", self.label())?;
        for (i, (d, n)) in self.path.iter().enumerate() {
            if i > 0 {
                write!(f, ", ")?;
            }
            write!(f, "{d} {n}")?;
        }
        Ok(())
    }
}

/// JSON: `{"piece": "B", "direction": "down", "distance": 2}`; a move along
/// a path also has `"path": [{"direction": …, "distance": …}, …]` and its
/// first segment as `direction`/`distance`.
impl Serialize for Move {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Segment {
            direction: Direction,
            distance: u8,
        }
        let mut map = s.serialize_map(None)?;
        map.serialize_entry("piece", &self.label().to_string())?;
        let (direction, distance) = self.path[0];
        map.serialize_entry("direction", &direction)?;
        map.serialize_entry("distance", &distance)?;
        if self.path.len() > 1 {
            let path: Vec<Segment> = self
                .path
                .iter()
                .map(|&(direction, distance)| Segment {
                    direction,
                    distance,
                })
                .collect();
            map.serialize_entry("path", &path)?;
        }
        map.end()
    }
}

/// Names the moves of a solution path by the letters of `start`'s pieces,
/// following each piece along the way, and merges consecutive moves of one
/// piece in one direction (so a step solution reads as slides), or all
/// consecutive moves of one piece when `same_piece_is_one_move` (the piece
/// metric).
pub fn name_moves<S: Space>(
    space: &S,
    start: &Board,
    path: &[S::State],
    same_piece_is_one_move: bool,
) -> Vec<Move> {
    // Each piece's top-left cell along the way (the engine's moves are
    // legal, so following the corners is enough; the tests replay every
    // solution with the model's rules).
    let mut corners: Vec<Cell> = start.pieces().iter().map(|p| (p.row, p.col)).collect();
    let mut moves: Vec<Move> = Vec::new();
    for pair in path.windows(2) {
        let (top_left, segments) = space.move_between(pair[0], pair[1]);
        let piece = corners
            .iter()
            .position(|&corner| corner == top_left)
            .expect("a piece stands at the moved cell");
        for &(direction, distance) in &segments {
            let (dr, dc) = direction.delta();
            let (row, col) = corners[piece];
            corners[piece] = (
                row.wrapping_add_signed(dr * distance as i8),
                col.wrapping_add_signed(dc * distance as i8),
            );
        }
        let piece = piece as u8;
        let continues = moves.last().is_some_and(|m| {
            m.piece == piece
                && (same_piece_is_one_move
                    || m.path.len() == 1 && segments.len() == 1 && m.path[0].0 == segments[0].0)
        });
        if !continues {
            moves.push(Move {
                piece,
                path: Vec::new(),
            });
        }
        let current = moves.last_mut().expect("a move was just pushed");
        for (direction, distance) in segments {
            current.push(direction, distance);
        }
    }
    moves
}

/// Plays `moves` from `start` with the model's reference rules, returning
/// every board along the way (start included).
pub fn replay(start: &Board, moves: &[Move]) -> Result<Vec<Board>, MoveError> {
    let mut boards = vec![start.clone()];
    for m in moves {
        let mut board = boards.last().expect("start is there").clone();
        for slide in m.slides() {
            board = board.apply(slide)?;
        }
        boards.push(board);
    }
    Ok(boards)
}
