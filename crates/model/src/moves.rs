//! Moves: a [`Slide`] is one piece moving in a straight line; a [`Move`]
//! is one piece going along a path of slides (what a solution lists), and
//! [`replay`] plays moves with the reference rules.

use crate::{label_of, Board, Metric, MoveError};
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A direction on the board; rows grow downwards.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    strum::Display,
    strum::IntoStaticStr,
    strum::VariantArray,
)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase")]
pub enum Direction {
    Up,
    Down,
    Left,
    Right,
}

impl Direction {
    /// Every direction, in declaration order.
    pub const ALL: &'static [Direction] = <Direction as strum::VariantArray>::VARIANTS;

    /// `(row, col)` change of one step.
    pub fn delta(self) -> (i8, i8) {
        match self {
            Direction::Up => (-1, 0),
            Direction::Down => (1, 0),
            Direction::Left => (0, -1),
            Direction::Right => (0, 1),
        }
    }

    pub fn opposite(self) -> Direction {
        match self {
            Direction::Up => Direction::Down,
            Direction::Down => Direction::Up,
            Direction::Left => Direction::Right,
            Direction::Right => Direction::Left,
        }
    }

    pub fn name(self) -> &'static str {
        self.into()
    }
}

/// One piece (by canonical index) moving `distance` cells towards `direction`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Slide {
    pub piece: u8,
    pub direction: Direction,
    pub distance: u8,
}

impl Slide {
    /// The slide that undoes this one.
    pub fn reversed(self) -> Slide {
        Slide {
            direction: self.direction.opposite(),
            ..self
        }
    }
}

impl fmt::Display for Slide {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {}",
            crate::label_of(self.piece as usize),
            self.direction,
            self.distance
        )
    }
}

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
    pub fn push(&mut self, direction: Direction, distance: u8) {
        match self.path.last_mut() {
            Some((d, n)) if *d == direction => *n += distance,
            _ => self.path.push((direction, distance)),
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
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

/// Slides as played, one move after another as `metric` counts them: in the
/// step metric every cell is a move; in the slide metric a slide that goes
/// on with the one before (the same piece, the same way) is part of its
/// move; in the piece metric every slide of the piece that moved last is.
/// (The page's Play counts a game's moves by the same rule.)
pub fn moves_of(slides: &[Slide], metric: Metric) -> Vec<Move> {
    let mut moves: Vec<Move> = Vec::new();
    for slide in slides {
        if metric == Metric::Step {
            let step = (slide.direction, 1);
            moves.extend((0..slide.distance).map(|_| Move {
                piece: slide.piece,
                path: vec![step],
            }));
            continue;
        }
        match moves.last_mut() {
            Some(last)
                if last.piece == slide.piece
                    && (metric == Metric::Piece
                        || last.path.last().is_some_and(|&(d, _)| d == slide.direction)) =>
            {
                last.push(slide.direction, slide.distance)
            }
            _ => moves.push(Move {
                piece: slide.piece,
                path: vec![(slide.direction, slide.distance)],
            }),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slides_make_moves_as_each_metric_counts_them() {
        let slide = |piece, direction, distance| Slide {
            piece,
            direction,
            distance,
        };
        let (up, down, right) = (Direction::Up, Direction::Down, Direction::Right);
        let played = [
            slide(1, down, 1),
            slide(1, down, 2),
            slide(1, up, 1),
            slide(2, right, 1),
        ];
        let said = |metric| -> Vec<String> {
            moves_of(&played, metric)
                .iter()
                .map(|m| m.to_string())
                .collect()
        };
        assert_eq!(said(Metric::Slide), ["B down 3", "B up 1", "C right 1"]);
        assert_eq!(said(Metric::Piece), ["B down 3, up 1", "C right 1"]);
        assert_eq!(said(Metric::Step).len(), 5);
        assert_eq!(said(Metric::Step)[0], "B down 1");
        assert!(moves_of(&[], Metric::Slide).is_empty());
    }
}
