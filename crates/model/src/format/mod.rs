//! Reading and printing boards as text.
//!
//! | format | example | notes |
//! |---|---|---|
//! | [`Format::Line`] | `IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM` | fogleman/rush's one-line form; optional `WxH:` prefix and `:L2`-style exit suffix |
//! | [`Format::Rows`] | `BAAC/BAAC/DEEF/DGHF/I..J` | rows separated by `/` or new lines |
//! | [`Format::Grid`] | a framed drawing, the exit a gap in the frame | round-trips every exit |
//! | [`Format::Jams`] | Princeton COS402 `x y h|v length` lines | one or many puzzles |
//! | [`Format::Json`] | `{"width":6,"height":6,"pieces":[…]}` | for machines |
//!
//! [`parse`] detects the format; [`print`] writes any of them. All coordinates
//! count from 0, rows from the top.

mod cells;
mod grid;
mod jams;
mod json;
mod line;

use crate::{Board, BoardError, Game};
use std::fmt;
use std::str::FromStr;

pub use jams::{parse_jams, print_jams};
pub use json::BoardJson;

/// A text format for boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// One line, row by row (`o` or `.` empty, `x` wall, `A` target).
    Line,
    /// Rows separated by `/` or new lines, without a frame.
    Rows,
    /// A multi-line drawing with a frame; the exit is a gap in the frame.
    Grid,
    /// Princeton COS402 "jams".
    Jams,
    /// JSON, see [`BoardJson`].
    Json,
}

impl Format {
    pub const ALL: [Format; 5] = [
        Format::Line,
        Format::Rows,
        Format::Grid,
        Format::Jams,
        Format::Json,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Format::Line => "line",
            Format::Rows => "rows",
            Format::Grid => "grid",
            Format::Jams => "jams",
            Format::Json => "json",
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Format {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Format::ALL
            .into_iter()
            .find(|f| f.name() == s.to_ascii_lowercase())
            .ok_or_else(|| {
                format!("unknown format '{s}' (expected line, rows, grid, jams or json)")
            })
    }
}

/// Choices the text itself may not settle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ParseOptions {
    /// Force the game instead of detecting it (a 2-D piece means Klotski).
    pub game: Option<Game>,
    /// Klotski goal: the target's top-left `(row, col)`.
    pub goal: Option<(u8, u8)>,
}

/// Which format `text` is written in.
pub fn detect(text: &str) -> Format {
    let t = text.trim();
    if t.starts_with('{') {
        Format::Json
    } else if grid::looks_framed(t) {
        Format::Grid
    } else if jams::looks_like_jams(t) {
        Format::Jams
    } else if t.contains('/') || t.lines().filter(|l| !l.trim().is_empty()).count() > 1 {
        Format::Rows
    } else {
        Format::Line
    }
}

/// Reads one board, detecting its format.
pub fn parse(text: &str, options: ParseOptions) -> Result<Board, BoardError> {
    parse_as(text, detect(text), options)
}

/// Reads one board in the given format.
pub fn parse_as(text: &str, format: Format, options: ParseOptions) -> Result<Board, BoardError> {
    match format {
        Format::Line | Format::Rows => line::parse(text.trim(), options),
        Format::Grid => grid::parse(text, options),
        Format::Jams => {
            let mut all = parse_jams(text)?;
            match all.len() {
                1 => Ok(all.remove(0).1),
                n => Err(BoardError::Syntax(format!(
                    "the text holds {n} jams; pick one (or use `batch` for all)"
                ))),
            }
        }
        Format::Json => json::parse(text, options),
    }
}

/// Writes a board in the given format (jams puzzles are named `puzzle`).
pub fn print(board: &Board, format: Format) -> String {
    match format {
        Format::Line => line::print(board),
        Format::Rows => line::print_rows(board, "\n"),
        Format::Grid => grid::print(board),
        Format::Jams => print_jams(board, "puzzle"),
        Format::Json => json::print(board),
    }
}

/// The one-line canonical form (the key used everywhere else).
pub fn to_line(board: &Board) -> String {
    line::print(board)
}
