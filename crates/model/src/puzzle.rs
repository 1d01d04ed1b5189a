//! A PUZZLE given as text — a bundled name or a board in any format — turned
//! into a board, with the messages the command line and the web API share.
//! No I/O: reading files and standard input is the caller's business.

use crate::format::{self, ParseOptions};
use crate::{catalog, Board};

/// A puzzle and where it came from.
#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    /// The bundled name or the file name, if any.
    pub name: Option<String>,
    pub board: Board,
}

/// The bundled puzzle called `text` (or one of its aliases), if there is one.
pub fn bundled(text: &str, options: ParseOptions) -> Option<Result<Puzzle, String>> {
    let bundled = catalog::find(text)?;
    Some(
        format::parse(bundled.board, options)
            .map(|board| Puzzle {
                name: Some(bundled.name.to_string()),
                board,
            })
            .map_err(|e| format!("bundled puzzle {}: {e}", bundled.name)),
    )
}

/// `text` read as a board in any format. A short word that is no board is
/// most likely a misspelt bundled name, and the message says so.
pub fn board(text: &str, options: ParseOptions) -> Result<Puzzle, String> {
    format::parse(text, options)
        .map(|board| Puzzle { name: None, board })
        .map_err(|e| {
            if text.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') && text.len() < 20 {
                format!("'{text}' is not a bundled puzzle (see `unblocker list`) or a board: {e}")
            } else {
                format!("bad board: {e}")
            }
        })
}

/// A bundled name, or else a board.
pub fn resolve(text: &str, options: ParseOptions) -> Result<Puzzle, String> {
    bundled(text, options).unwrap_or_else(|| board(text, options))
}

/// `ROW,COL`, such as `3,1`: a Klotski goal cell.
pub fn parse_goal(text: &str) -> Result<(u8, u8), String> {
    let bad = || format!("expected ROW,COL such as 3,1, not '{text}'");
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
            name.starts_with("'card99' is not a bundled puzzle"),
            "{name}"
        );
        let board = resolve("AA.../B", ParseOptions::default()).unwrap_err();
        assert!(board.starts_with("bad board: "), "{board}");
    }

    #[test]
    fn goals_are_two_numbers() {
        assert_eq!(parse_goal("3, 1"), Ok((3, 1)));
        assert!(parse_goal("3").is_err());
        assert!(parse_goal("a,1").is_err());
    }
}
