//! Everything that can be wrong with a board or a move, each with a message
//! that names the row and column (counting from 0) where it went wrong; and
//! the names that are no metric or format.

use crate::goal::Exit;
use thiserror::Error;

/// Why a board was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BoardError {
    #[error("the board is {width}×{height}: both sides must be between 1 and 8")]
    BadSize { width: usize, height: usize },
    #[error("wrong length: {found} cells, but {expected}")]
    WrongLength { found: usize, expected: String },
    #[error("row {row} has {found} cells, but row 0 has {expected}")]
    RaggedRow {
        row: usize,
        found: usize,
        expected: usize,
    },
    #[error("unknown character '{ch}' at row {row}, column {col} (expected o or . for empty, x for a wall, or a letter)")]
    UnknownChar { ch: char, row: usize, col: usize },
    #[error("piece {label} is not a straight line (it has cells at row {row}, column {col} and elsewhere off its line)")]
    NotStraight { label: char, row: usize, col: usize },
    #[error("piece {label} is not a filled rectangle (see row {row}, column {col})")]
    NotRectangle { label: char, row: usize, col: usize },
    #[error("letter {label} is used in two places: row {row1}, column {col1} and row {row2}, column {col2}")]
    LetterReused {
        label: char,
        row1: usize,
        col1: usize,
        row2: usize,
        col2: usize,
    },
    #[error("{what} at row {row}, column {col} lies outside the {width}×{height} board")]
    OutOfBounds {
        what: String,
        row: usize,
        col: usize,
        width: usize,
        height: usize,
    },
    #[error("{first} and {second} overlap at row {row}, column {col}")]
    Overlap {
        first: String,
        second: String,
        row: usize,
        col: usize,
    },
    #[error("no target: mark the piece to free with the letter A")]
    NoTarget,
    #[error("two targets: at row {row1}, column {col1} and at row {row2}, column {col2} (only one piece may be A)")]
    TwoTargets {
        row1: usize,
        col1: usize,
        row2: usize,
        col2: usize,
    },
    #[error("the target at row {row}, column {col} is not on the exit's line (exit: {exit})")]
    TargetNotOnExitLine { row: usize, col: usize, exit: Exit },
    #[error("the exit ({exit}) is outside the board")]
    ExitOutOfRange { exit: Exit },
    #[error("piece {label} at row {row}, column {col} is a single cell: in Rush Hour only walls (x) are 1×1")]
    SingleCellPiece { label: char, row: usize, col: usize },
    #[error("piece {label} at row {row}, column {col} is {width}×{height}: in Rush Hour every piece is one cell wide")]
    WidePiece {
        label: char,
        row: usize,
        col: usize,
        width: usize,
        height: usize,
    },
    #[error(
        "piece {label} at row {row}, column {col} is {width}×{height} and cannot slide {axis}"
    )]
    BadMobility {
        label: char,
        row: usize,
        col: usize,
        width: usize,
        height: usize,
        axis: &'static str,
    },
    #[error("too many pieces: {found} (at most {max})")]
    TooManyPieces { found: usize, max: usize },
    #[error(
        "the goal (row {row}, column {col}) does not fit the {width}×{height} target on the board"
    )]
    GoalOutOfRange {
        row: usize,
        col: usize,
        width: usize,
        height: usize,
    },
    #[error("{0}")]
    Syntax(String),
}

/// A name that is not one of the choices.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum UnknownName {
    #[error("unknown metric '{}' (expected step|steps, slide|moves, or piece)", quote(.0))]
    Metric(String),
    #[error("unknown format '{}' (expected line, rows, grid, jams or json)", quote(.0))]
    Format(String),
}

/// Why a move is not legal on a board.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    #[error("there is no piece {0}")]
    NoSuchPiece(char),
    #[error("piece {piece} cannot move {direction}: it slides only {axis}")]
    WrongAxis {
        piece: char,
        direction: crate::Direction,
        axis: &'static str,
    },
    #[error(
        "piece {piece} cannot move {direction} {distance}: blocked at row {row}, column {col}"
    )]
    Blocked {
        piece: char,
        direction: crate::Direction,
        distance: u8,
        row: i32,
        col: i32,
    },
    #[error("a move must have a distance of at least 1")]
    ZeroDistance,
}

/// At most [`QUOTED_CHARS`] characters of a user's `text`, for an error
/// message to quote (with `…` when cut), so that an answer never echoes a
/// long input whole.
pub fn quote(text: &str) -> String {
    match text.char_indices().nth(QUOTED_CHARS) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    }
}

/// How many characters of a user's text an error message quotes.
pub const QUOTED_CHARS: usize = 40;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_text_is_quoted_by_its_first_characters() {
        assert_eq!(quote("card1"), "card1");
        let long = "é".repeat(100);
        assert_eq!(quote(&long), format!("{}…", "é".repeat(QUOTED_CHARS)));
    }
}
