//! The framed drawing: readable, and the only text form that shows the exit
//! where it really is.
//!
//! ```text
//! +------+
//! |BB...C|
//! |D..E.C|
//! |DAAE.C
//! |...F..|
//! |..xF..|
//! |GG.HHH|
//! +------+
//! ```
//! The exit is a gap (a space, or a missing character at the end of a line)
//! in the frame: on the left or right of a row, or under or over a column.
//! Klotski boards show the goal as a gap in the bottom border as wide as the
//! target, under the goal's columns.

use super::cells::{board_from_rows, ExitSpec};
use super::line::cell_rows;
use super::ParseOptions;
use crate::goal::{Goal, Side};
use crate::{Board, BoardError};

/// True if the text has a top border (`+--…`).
pub(super) fn looks_framed(text: &str) -> bool {
    text.lines()
        .next()
        .is_some_and(|l| l.trim_start().starts_with("+-") || l.trim_start().starts_with("+ "))
}

pub(super) fn parse(text: &str, options: ParseOptions) -> Result<Board, BoardError> {
    let lines: Vec<&str> = text
        .lines()
        .skip_while(|l| l.trim().is_empty())
        .collect::<Vec<_>>();
    let lines: Vec<&str> = {
        let end = lines
            .iter()
            .rposition(|l| !l.trim().is_empty())
            .map_or(0, |i| i + 1);
        lines[..end].to_vec()
    };
    if lines.len() < 3 {
        return Err(BoardError::Syntax(
            "a framed grid needs a top border, at least one row and a bottom border".into(),
        ));
    }
    let indent = lines[0].chars().take_while(|c| c.is_whitespace()).count();
    let line_chars = |l: &str| -> Vec<char> { l.chars().skip(indent).collect() };
    let top = line_chars(lines[0]);
    let bottom = line_chars(lines[lines.len() - 1]);
    let width = top.len().saturating_sub(2).max(
        lines[1..lines.len() - 1]
            .iter()
            .map(|l| line_chars(l).len().saturating_sub(2))
            .max()
            .unwrap_or(0),
    );
    let mut gaps: Vec<ExitSpec> = Vec::new();
    let mut rows = Vec::new();
    for (r, line) in lines[1..lines.len() - 1].iter().enumerate() {
        let chars = line_chars(line);
        let syntax =
            |what: &str| BoardError::Syntax(format!("grid row {r} (line {}): {what}", r + 2));
        match chars.first() {
            Some('|') => {}
            Some(' ') => gaps.push(ExitSpec {
                side: Side::Left,
                index: Some(r as u8),
            }),
            _ => return Err(syntax("expected '|' (or a space for an exit) at the start")),
        }
        let inner: Vec<char> = chars.iter().skip(1).take(width).copied().collect();
        if inner.len() != width {
            return Err(BoardError::RaggedRow {
                row: r,
                found: inner.len(),
                expected: width,
            });
        }
        match chars.get(width + 1) {
            Some('|') => {}
            None | Some(' ') => gaps.push(ExitSpec {
                side: Side::Right,
                index: Some(r as u8),
            }),
            Some(_) => return Err(syntax("expected '|' (or nothing, for an exit) at the end")),
        }
        if chars.len() > width + 2 && chars[width + 2..].iter().any(|c| !c.is_whitespace()) {
            return Err(syntax("text after the right frame"));
        }
        rows.push(inner);
    }
    for (border, side) in [(&top, Side::Top), (&bottom, Side::Bottom)] {
        for c in 0..width {
            match border.get(c + 1) {
                Some('-') => {}
                Some(' ') | None => gaps.push(ExitSpec {
                    side,
                    index: Some(c as u8),
                }),
                Some(ch) => {
                    return Err(BoardError::Syntax(format!(
                        "unexpected '{ch}' in the {} border at column {c}",
                        if side == Side::Top { "top" } else { "bottom" }
                    )))
                }
            }
        }
    }
    let rows_only = board_from_rows(&rows, None, options)?;
    if rows_only.game() == crate::Game::Klotski {
        return klotski_goal(rows, &gaps, options);
    }
    match gaps.as_slice() {
        [] => Err(BoardError::Syntax(
            "the frame has no gap: leave a gap where the exit is".into(),
        )),
        [exit] => board_from_rows(&rows, Some(*exit), options),
        many => Err(BoardError::Syntax(format!(
            "the frame has {} gaps; a Rush Hour board has one exit",
            many.len()
        ))),
    }
}

fn klotski_goal(
    rows: Vec<Vec<char>>,
    gaps: &[ExitSpec],
    mut options: ParseOptions,
) -> Result<Board, BoardError> {
    if options.goal.is_none() {
        let first_gap = gaps.iter().find(|g| g.side == Side::Bottom);
        if let Some(gap) = first_gap {
            let board = board_from_rows(&rows, None, options)?;
            let t = *board.target();
            let row = (board.height() - t.height as usize) as u8;
            options.goal = Some((row, gap.index.unwrap_or(0)));
        }
    }
    board_from_rows(&rows, None, options)
}

pub(super) fn print(board: &Board) -> String {
    let w = board.width();
    let mut top: Vec<char> = std::iter::once('+')
        .chain(std::iter::repeat_n('-', w))
        .chain(std::iter::once('+'))
        .collect();
    let mut bottom = top.clone();
    let mut rows: Vec<String> = cell_rows(board, '.')
        .into_iter()
        .map(|r| format!("|{r}|"))
        .collect();
    match board.goal() {
        Goal::Exit(exit) => {
            let i = exit.index as usize;
            match exit.side {
                Side::Left => rows[i].replace_range(0..1, " "),
                Side::Right => {
                    rows[i].pop();
                }
                Side::Top => top[i + 1] = ' ',
                Side::Bottom => bottom[i + 1] = ' ',
            }
        }
        Goal::Place { col, .. } => {
            for c in 0..board.target().width as usize {
                bottom[col as usize + c + 1] = ' ';
            }
        }
    }
    let mut out = String::new();
    out.extend(top);
    out.push('\n');
    for r in rows {
        out.push_str(&r);
        out.push('\n');
    }
    out.extend(bottom);
    out.push('\n');
    out
}
