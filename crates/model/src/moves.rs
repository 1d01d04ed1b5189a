//! Moves: a [`Slide`] is one piece moving in a straight line.

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
