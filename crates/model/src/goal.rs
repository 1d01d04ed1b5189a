//! Where the target must go: an exit in the frame (Rush Hour) or a cell
//! (Klotski).

use serde::{Deserialize, Serialize};
use std::fmt;

/// A side of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Left,
    Right,
    Top,
    Bottom,
}

impl Side {
    /// `L`, `R`, `T` or `B`: the letter used by the one-line suffix.
    pub fn letter(self) -> char {
        match self {
            Side::Left => 'L',
            Side::Right => 'R',
            Side::Top => 'T',
            Side::Bottom => 'B',
        }
    }

    /// The side named by a letter (`L`, `R`, `T`/`U`, `B`/`D`), any case.
    pub fn from_letter(c: char) -> Option<Side> {
        match c.to_ascii_uppercase() {
            'L' => Some(Side::Left),
            'R' => Some(Side::Right),
            'T' | 'U' => Some(Side::Top),
            'B' | 'D' => Some(Side::Bottom),
            _ => None,
        }
    }

    /// True for the left and right sides, whose exits sit on a row.
    pub fn is_horizontal(self) -> bool {
        matches!(self, Side::Left | Side::Right)
    }
}

/// An opening in the frame: on `side`, at row `index` (left/right sides) or
/// column `index` (top/bottom sides), counting from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Exit {
    pub side: Side,
    pub index: u8,
}

impl fmt::Display for Exit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let line = if self.side.is_horizontal() {
            "row"
        } else {
            "column"
        };
        write!(
            f,
            "{} side, {line} {}",
            format!("{:?}", self.side).to_lowercase(),
            self.index
        )
    }
}

/// JSON shape of an exit: `{"side": "right", "row": 2}` or
/// `{"side": "bottom", "col": 3}`.
#[derive(Serialize, Deserialize)]
struct ExitJson {
    side: Side,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    row: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    col: Option<u8>,
}

impl Serialize for Exit {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (row, col) = if self.side.is_horizontal() {
            (Some(self.index), None)
        } else {
            (None, Some(self.index))
        };
        ExitJson {
            side: self.side,
            row,
            col,
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Exit {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let j = ExitJson::deserialize(d)?;
        let index = if j.side.is_horizontal() { j.row } else { j.col };
        let index = index.ok_or_else(|| {
            serde::de::Error::custom(if j.side.is_horizontal() {
                "an exit on the left or right side needs \"row\""
            } else {
                "an exit on the top or bottom side needs \"col\""
            })
        })?;
        Ok(Exit {
            side: j.side,
            index,
        })
    }
}

/// What solves a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Goal {
    /// Rush Hour: the target touches this exit (driving it out is not counted).
    Exit(Exit),
    /// Klotski: the target's top-left cell is at this row and column.
    Place { row: u8, col: u8 },
}
