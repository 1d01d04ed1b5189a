//! A PUZZLE given as text — a bundled name or a board in any format — turned
//! into a board, with the messages the command line and the web API share.
//! No I/O: reading files and standard input is the caller's business.

use crate::format::{self, ParseOptions};
use crate::{catalog, Board, BoardError};

/// A puzzle and where it came from.
#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    /// The bundled name or the file name, if any.
    pub name: Option<String>,
    pub board: Board,
}

/// Why a PUZZLE or a goal could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleError {
    /// A bundled board that does not parse (a bug in the catalogue).
    #[error("bundled puzzle {name}: {error}")]
    Bundled {
        name: &'static str,
        error: BoardError,
    },
    /// A short word that is neither a bundled name nor a board: most likely
    /// a misspelt name.
    #[error("'{}' is not a bundled puzzle or a board: {error}", crate::quote(text))]
    NotNameOrBoard { text: String, error: BoardError },
    #[error("bad board: {0}")]
    BadBoard(BoardError),
    /// The text of a file or of standard input (`origin`) is no board.
    #[error("{origin}: {error}")]
    Read { origin: String, error: BoardError },
    #[error("expected ROW,COL such as 3,1, not '{}'", crate::quote(.0))]
    BadGoal(String),
}

impl PuzzleError {
    /// The board's own error, if the text was read as a board.
    pub fn board_error(&self) -> Option<&BoardError> {
        match self {
            PuzzleError::Bundled { error, .. }
            | PuzzleError::NotNameOrBoard { error, .. }
            | PuzzleError::BadBoard(error)
            | PuzzleError::Read { error, .. } => Some(error),
            PuzzleError::BadGoal(_) => None,
        }
    }
}

/// The bundled puzzle called `text` (or one of its aliases), if there is one.
pub fn bundled(text: &str, options: ParseOptions) -> Option<Result<Puzzle, PuzzleError>> {
    let bundled = catalog::find(text)?;
    Some(
        format::parse(bundled.board, options)
            .map(|board| Puzzle {
                name: Some(bundled.name.to_string()),
                board,
            })
            .map_err(|error| PuzzleError::Bundled {
                name: bundled.name,
                error,
            }),
    )
}

/// `text` read as a board in any format. A short word that is no board is
/// most likely a misspelt bundled name, and the error says so.
pub fn board(text: &str, options: ParseOptions) -> Result<Puzzle, PuzzleError> {
    format::parse(text, options)
        .map(|board| Puzzle { name: None, board })
        .map_err(|error| {
            if text.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') && text.len() < 20 {
                PuzzleError::NotNameOrBoard {
                    text: text.to_string(),
                    error,
                }
            } else {
                PuzzleError::BadBoard(error)
            }
        })
}

/// `text`, the contents of `origin` (a file's name, or `stdin`), read as a
/// board.
pub fn read(origin: &str, text: &str, options: ParseOptions) -> Result<Board, PuzzleError> {
    format::parse(text, options).map_err(|error| PuzzleError::Read {
        origin: origin.to_string(),
        error,
    })
}

/// A bundled name, or else a board.
pub fn resolve(text: &str, options: ParseOptions) -> Result<Puzzle, PuzzleError> {
    bundled(text, options).unwrap_or_else(|| board(text, options))
}

/// `ROW,COL`, such as `3,1`: a Klotski goal cell.
pub fn parse_goal(text: &str) -> Result<(u8, u8), PuzzleError> {
    let bad = || PuzzleError::BadGoal(text.to_string());
    let (row, col) = text.split_once(',').ok_or_else(bad)?;
    Ok((
        row.trim().parse().map_err(|_| bad())?,
        col.trim().parse().map_err(|_| bad())?,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_come_before_boards() {
        let hardest = resolve("hardest", ParseOptions::default()).unwrap();
        assert_eq!(hardest.name.as_deref(), Some("hardest"));
        let line = "BBoooCDooEoCDAAEoCDooEooFoooGGFoHHHo";
        let card1 = resolve(line, ParseOptions::default()).unwrap();
        assert_eq!(
            (card1.name, format::to_line(&card1.board)),
            (None, line.to_string())
        );
    }

    #[test]
    fn misspelt_names_and_bad_boards_are_told_apart() {
        let name = resolve("card99", ParseOptions::default()).unwrap_err();
        assert!(
            name.to_string()
                .starts_with("'card99' is not a bundled puzzle or a board: "),
            "{name}"
        );
        let board = resolve("AA.../B", ParseOptions::default()).unwrap_err();
        assert!(board.to_string().starts_with("bad board: "), "{board}");
    }

    #[test]
    fn read_text_names_where_it_came_from() {
        let error = read("stdin", "AA.../B", ParseOptions::default()).unwrap_err();
        assert!(error.to_string().starts_with("stdin: "), "{error}");
        assert!(error.board_error().is_some());
    }

    #[test]
    fn goals_are_two_numbers() {
        assert_eq!(parse_goal("3, 1"), Ok((3, 1)));
        assert!(parse_goal("3").is_err());
        assert!(parse_goal("a,1").is_err());
    }
}
