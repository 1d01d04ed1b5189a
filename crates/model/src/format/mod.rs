//! Reading and printing boards as text.
//!
//! | format | example | notes |
//! |---|---|---|
//! | [`Format::Line`] | `IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM` | fogleman/rush's one-line form; optional `WxH:` prefix and `:L2`-style exit suffix |
//! | [`Format::Rows`] | `BAAC/BAAC/DEEF/DGHF/I..J` | rows separated by `/` or new lines |
//! | [`Format::Grid`] | a framed drawing, the exit a gap in the frame | round-trips every exit |
//! | [`Format::Jams`] | Princeton COS402 `x y h|v length` lines | one or many puzzles |
//! | [`Format::Json`] | `{"width":6,"height":6,"pieces":[…]}` | for machines |
//! | CommonCode | `1A9BF0C00` | dnomd343/klotski's 4×5 Klotski code, see [`common_code`] |
//!
//! [`parse`] detects the format; [`print`](fn@print) writes any of them. All coordinates
//! count from 0, rows from the top.

mod cells;
mod common_code;
mod grid;
mod jams;
mod json;
mod line;

use crate::{Board, BoardError, Game, UnknownName};

pub use common_code::{common_code, parse_common_code};
pub use jams::{parse_jams, print_jams};
pub use json::BoardJson;

/// A text format for boards, named in lower case (any case on input).
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    strum::Display,
    strum::EnumString,
    strum::IntoStaticStr,
    strum::VariantArray,
)]
#[strum(
    serialize_all = "lowercase",
    ascii_case_insensitive,
    parse_err_ty = UnknownName,
    parse_err_fn = unknown
)]
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
    /// Every format, in declaration order.
    pub const ALL: &'static [Format] = <Format as strum::VariantArray>::VARIANTS;

    pub fn name(self) -> &'static str {
        self.into()
    }
}

fn unknown(name: &str) -> UnknownName {
    UnknownName::Format(name.to_string())
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

/// Reads one board, detecting its format. Text of 1 to 9 hexadecimal digits
/// with at least one decimal digit is a CommonCode; one of letters `A`–`F`
/// only is read as a board first, then as a CommonCode if that fails.
pub fn parse(text: &str, options: ParseOptions) -> Result<Board, BoardError> {
    let code = text.trim();
    if common_code::is_code_like(code) && code.bytes().any(|b| b.is_ascii_digit()) {
        return parse_common_code(code, options);
    }
    let board = parse_as(text, detect(text), options);
    match board {
        Err(e) if common_code::is_code_like(code) => parse_common_code(code, options).or(Err(e)),
        board => board,
    }
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

/// Why `format` cannot write `board` without losing part of it, if it
/// cannot: COS402 jams hold only Rush Hour cars on a square board without
/// walls, exiting where the target's line ends; a frame shows a Klotski goal
/// only on the bottom edge, and only on a board with a 2-D piece (which is
/// what says it is Klotski); rows of text cannot show a board of one row
/// (they read as a square). Every other format keeps everything.
pub fn loses(board: &Board, format: Format) -> Option<&'static str> {
    let klotski = board.game() == Game::Klotski;
    match format {
        Format::Jams if klotski => Some("COS402 jams hold Rush Hour boards only"),
        Format::Jams
            if !board.walls().is_empty()
                || board.width() != board.height()
                || board.goal() != crate::Goal::Exit(Board::default_exit(board.target())) =>
        {
            Some("COS402 jams hold square boards without walls whose exit is the default")
        }
        Format::Rows if board.height() == 1 && board.width() > 1 => {
            Some("rows of text cannot show the shape of a board of one row (a square is read)")
        }
        Format::Grid if klotski => {
            let crate::Goal::Place { row, .. } = board.goal() else {
                return None;
            };
            let on_bottom = row as usize + board.target().height as usize == board.height();
            let detected = board.pieces().iter().any(|p| p.width > 1 && p.height > 1);
            (!on_bottom || !detected).then_some(
                "a framed grid shows a Klotski goal only on the bottom edge of a board with a 2-D piece",
            )
        }
        _ => None,
    }
}

/// The one-line canonical form (the key used everywhere else).
pub fn to_line(board: &Board) -> String {
    line::print(board)
}
