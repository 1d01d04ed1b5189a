//! The Princeton COS402 "jams" format: per puzzle a name line, the grid size,
//! one `x y h|v length` line per car (car 0 is the target; `x` is the column,
//! `y` the row) and a `.` line.
//!
//! ```text
//! Jam-1
//! 6
//! 1 2 h 2
//! 0 1 v 3
//! .
//! ```

use crate::goal::Goal;
use crate::{Board, BoardError, Mobility, Piece};

/// True if the second non-empty line is a lone number and the third looks
/// like a car line.
pub(super) fn looks_like_jams(text: &str) -> bool {
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let _name = lines.next();
    let size_ok = lines.next().is_some_and(|l| l.parse::<usize>().is_ok());
    let car_ok = lines.next().is_some_and(|l| {
        l.split_whitespace()
            .nth(2)
            .is_some_and(|t| t == "h" || t == "v")
    });
    size_ok && car_ok
}

/// Reads every puzzle of a jams file, with its name.
pub fn parse_jams(text: &str) -> Result<Vec<(String, Board)>, BoardError> {
    let mut puzzles = Vec::new();
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty());
    while let Some((name_line, name)) = lines.next() {
        let err =
            |line: usize, what: String| BoardError::Syntax(format!("jams line {line}: {what}"));
        let (size_line, size) = lines.next().ok_or_else(|| {
            err(
                name_line,
                format!("puzzle '{name}' ends before its size line"),
            )
        })?;
        let side: usize = size
            .parse()
            .ok()
            .filter(|s| (1..=8).contains(s))
            .ok_or_else(|| {
                err(
                    size_line,
                    format!("expected the grid size (1 to 8), found '{size}'"),
                )
            })?;
        let mut cars = Vec::new();
        loop {
            let (line, text) = lines.next().ok_or_else(|| {
                err(
                    name_line,
                    format!("puzzle '{name}' has no closing '.' line"),
                )
            })?;
            if text == "." {
                break;
            }
            let car = parse_car(text)
                .ok_or_else(|| err(line, format!("expected 'x y h|v length', found '{text}'")))?;
            cars.push(car);
        }
        if cars.is_empty() {
            return Err(err(name_line, format!("puzzle '{name}' has no cars")));
        }
        let target = cars[0];
        let exit = Board::default_exit(&target);
        let board = Board::new(side, side, cars, Vec::new(), Goal::Exit(exit))
            .map_err(|e| err(name_line, format!("puzzle '{name}': {e}")))?;
        puzzles.push((name.to_string(), board));
    }
    Ok(puzzles)
}

/// One `x y h|v length` line, if it is one.
fn parse_car(text: &str) -> Option<Piece> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let [x, y, axis, len] = fields.as_slice() else {
        return None;
    };
    let number = |s: &str| s.parse::<u8>().ok().filter(|&n| n <= 8);
    let (col, row, len) = (number(x)?, number(y)?, number(len)?);
    let horizontal = match *axis {
        "h" | "H" => true,
        "v" | "V" => false,
        _ => return None,
    };
    Some(Piece::car(row, col, len, horizontal))
}

/// Writes a Rush Hour board as one jams puzzle (walls cannot be expressed
/// and are left out).
pub fn print_jams(board: &Board, name: &str) -> String {
    let mut out = format!("{name}\n{}\n", board.width());
    for p in board.pieces() {
        let (axis, len) = match p.mobility {
            Mobility::Vertical => ('v', p.height),
            _ => ('h', p.width),
        };
        out.push_str(&format!("{} {} {axis} {len}\n", p.col, p.row));
    }
    out.push_str(".\n");
    out
}
