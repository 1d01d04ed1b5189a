//! The one-line form and its `/`-separated rows variant.
//!
//! Grammar: `[WxH:]CELLS[:EXIT | :ROW,COL]`
//! - `CELLS`: the board row by row; `o` or `.` empty, `x` a wall, `A` the
//!   target, other letters pieces. Without `WxH:` the board is square, so
//!   the length must be 1, 4, 9, …, 64. Rows may instead be separated by `/`
//!   or new lines (`BAAC/BAAC/DEEF/DGHF/I..J`), which also gives the width.
//! - `:EXIT` (Rush Hour): the side letter `L`, `R`, `T` or `B`, optionally
//!   followed by the row (left/right) or column (top/bottom), e.g. `:L2`.
//!   Without it the exit is right of a horizontal target's row, or below a
//!   vertical target's column (fogleman/rush's convention).
//! - `:ROW,COL` (Klotski): the cell the target's top-left corner must reach.

use super::cells::{board_from_rows, ExitSpec};
use super::ParseOptions;
use crate::goal::{Goal, Side};
use crate::{Board, BoardError, Content, Game, MAX_SIDE};

pub(super) fn parse(text: &str, mut options: ParseOptions) -> Result<Board, BoardError> {
    let (size, rest) = split_size(text);
    let (cells, suffix) = match rest.split_once(':') {
        Some((cells, suffix)) => (cells, Some(suffix.trim())),
        None => (rest, None),
    };
    let exit = match suffix {
        None => None,
        Some(s) => match parse_suffix(s)? {
            Suffix::Exit(e) => Some(e),
            Suffix::Goal(row, col) => {
                options.goal = options.goal.or(Some((row, col)));
                None
            }
        },
    };
    let rows = split_rows(cells.trim(), size)?;
    board_from_rows(&rows, exit, options)
}

/// An optional leading `WxH:`.
fn split_size(text: &str) -> (Option<(usize, usize)>, &str) {
    let size = text.split_once(':').and_then(|(head, rest)| {
        let (w, h) = head.split_once(['x', 'X', '×'])?;
        Some(((w.trim().parse().ok()?, h.trim().parse().ok()?), rest))
    });
    match size {
        Some((size, rest)) => (Some(size), rest),
        None => (None, text),
    }
}

enum Suffix {
    Exit(ExitSpec),
    Goal(u8, u8),
}

fn parse_suffix(s: &str) -> Result<Suffix, BoardError> {
    let bad = || {
        BoardError::Syntax(format!(
            "bad suffix ':{s}': expected an exit such as :L, :R2, :T0, :B5, or a goal cell such as :3,1"
        ))
    };
    if let Some((r, c)) = s.split_once(',') {
        let row = r.trim().parse::<u8>().map_err(|_| bad())?;
        let col = c.trim().parse::<u8>().map_err(|_| bad())?;
        return Ok(Suffix::Goal(row, col));
    }
    let mut chars = s.chars();
    let side = chars.next().and_then(Side::from_letter).ok_or_else(bad)?;
    let digits = chars.as_str();
    let index = if digits.is_empty() {
        None
    } else {
        Some(digits.parse::<u8>().map_err(|_| bad())?)
    };
    Ok(Suffix::Exit(ExitSpec { side, index }))
}

fn split_rows(cells: &str, size: Option<(usize, usize)>) -> Result<Vec<Vec<char>>, BoardError> {
    if cells.contains(['/', '\n']) {
        let rows: Vec<Vec<char>> = cells
            .split(['/', '\n'])
            .map(|r| r.trim().chars().collect::<Vec<char>>())
            .filter(|r| !r.is_empty())
            .collect();
        if let Some((w, h)) = size {
            if rows.len() != h || rows.first().map_or(0, Vec::len) != w {
                return Err(BoardError::Syntax(format!(
                    "the size prefix says {w}x{h} but the rows make {}x{}",
                    rows.first().map_or(0, Vec::len),
                    rows.len()
                )));
            }
        }
        return Ok(rows);
    }
    let chars: Vec<char> = cells.chars().filter(|c| !c.is_whitespace()).collect();
    let n = chars.len();
    let width = match size {
        Some((w, h)) => {
            if !(1..=MAX_SIDE).contains(&w) || !(1..=MAX_SIDE).contains(&h) {
                return Err(BoardError::BadSize {
                    width: w,
                    height: h,
                });
            }
            if w * h != n {
                return Err(BoardError::WrongLength {
                    found: n,
                    expected: format!("a {w}x{h} board has {} cells", w * h),
                });
            }
            w
        }
        None => {
            (1..=MAX_SIDE).find(|s| s * s == n).ok_or_else(|| BoardError::WrongLength {
                found: n,
                expected: "a square board needs 1, 4, 9, 16, 25, 36, 49 or 64 (36 for 6×6); give other sizes as WxH:CELLS or as rows separated by /".into(),
            })?
        }
    };
    Ok(chars.chunks(width).map(<[char]>::to_vec).collect())
}

/// Rows of cell characters; `empty` is `o` (one-line) or `.` (rows, grid).
pub(super) fn cell_rows(board: &Board, empty: char) -> Vec<String> {
    let contents = board.contents();
    contents
        .chunks(board.width())
        .map(|row| {
            row.iter()
                .map(|c| match c {
                    Content::Empty => empty,
                    Content::Wall => 'x',
                    Content::Piece(i) => crate::label_of(*i),
                })
                .collect()
        })
        .collect()
}

/// The suffix that carries a non-default goal, or "".
fn goal_suffix(board: &Board) -> String {
    match board.goal() {
        Goal::Exit(exit) => {
            if exit == Board::default_exit(board.target()) {
                String::new()
            } else {
                format!(":{}{}", exit.side.letter(), exit.index)
            }
        }
        Goal::Place { row, col } => {
            let t = board.target();
            let default = (
                (board.height() - t.height as usize) as u8,
                ((board.width() - t.width as usize) / 2) as u8,
            );
            // Without a 2-D piece only the suffix says the board is Klotski.
            let detected = board.pieces().iter().any(|p| p.width > 1 && p.height > 1);
            if (row, col) == default && detected {
                String::new()
            } else {
                format!(":{row},{col}")
            }
        }
    }
}

/// The canonical one-line form. Square Rush Hour boards print as
/// fogleman/rush does (`o` for empty); Klotski boards and other shapes print
/// as `/`-separated rows with `.` for empty, which needs no size prefix.
pub(super) fn print(board: &Board) -> String {
    let square_rush = board.game() == Game::RushHour && board.width() == board.height();
    let body = if square_rush {
        cell_rows(board, 'o').concat()
    } else if board.height() == 1 && board.width() > 1 {
        // One row has no `/` to give its shape: say its size.
        format!("{}x1:{}", board.width(), cell_rows(board, '.').concat())
    } else {
        cell_rows(board, '.').join("/")
    };
    body + &goal_suffix(board)
}

/// Rows joined by `separator`, `.` for empty, with the goal suffix.
pub(super) fn print_rows(board: &Board, separator: &str) -> String {
    let mut s = cell_rows(board, '.').join(separator);
    let suffix = goal_suffix(board);
    if !suffix.is_empty() {
        s.push_str(separator);
        s.push_str(&suffix);
    }
    s
}
