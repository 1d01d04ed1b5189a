//! Boards drawn as text for a terminal: framed, the exit (or the Klotski
//! goal's edge) a gap, optionally in ANSI colours with one piece highlighted.

use crate::{Board, Content, Goal, Side};
use std::ops::Range;

const RESET: &str = "\x1b[0m";
const TARGET: &str = "\x1b[1;97;41m";
const WALL: &str = "\x1b[90;100m";
const MOVED: &str = "\x1b[1;30;43m";
const PIECE: &str = "\x1b[1;97;44m";
const EMPTY: &str = "\x1b[2m";

/// The frame's gaps: the exit of a Rush Hour board, or the edge of a
/// Klotski goal (bottom, else top, left or right); `None` for a Klotski goal
/// away from every edge.
fn gaps(board: &Board) -> Option<(Side, Range<usize>)> {
    let (w, h) = (board.width(), board.height());
    match board.goal() {
        Goal::Exit(e) => Some((e.side, e.index as usize..e.index as usize + 1)),
        Goal::Place { row, col } => {
            let t = board.target();
            let (row, col) = (row as usize, col as usize);
            let (across, down) = (col..col + t.width as usize, row..row + t.height as usize);
            if row + t.height as usize == h {
                Some((Side::Bottom, across))
            } else if row == 0 {
                Some((Side::Top, across))
            } else if col == 0 {
                Some((Side::Left, down))
            } else if col + t.width as usize == w {
                Some((Side::Right, down))
            } else {
                None
            }
        }
    }
}

/// The board framed, the exit (or the Klotski goal's edge) a gap, and the
/// empty cells of a goal away from the edges shown as `:`; `moved`
/// highlights one piece.
pub fn draw(board: &Board, moved: Option<usize>, color: bool, indent: &str) -> String {
    let (w, h) = (board.width(), board.height());
    let contents = board.contents();
    let gaps = gaps(board);
    let gap = |side: Side, index: usize| {
        gaps.as_ref()
            .is_some_and(|(s, range)| *s == side && range.contains(&index))
    };
    let inner_goal = |r: usize, c: usize| match board.goal() {
        Goal::Place { row, col } if gaps.is_none() => {
            let t = board.target();
            (row as usize..row as usize + t.height as usize).contains(&r)
                && (col as usize..col as usize + t.width as usize).contains(&c)
        }
        _ => false,
    };
    let border = |side: Side| -> String {
        let mut s = String::from(indent);
        s.push('+');
        for c in 0..w {
            s.push_str(if gap(side, c) { "  " } else { "--" });
        }
        s.push_str("-+\n");
        s
    };
    let mut out = border(Side::Top);
    for r in 0..h {
        out.push_str(indent);
        out.push(if gap(Side::Left, r) { ' ' } else { '|' });
        for c in 0..w {
            let (text, style) = match contents[r * w + c] {
                Content::Empty if inner_goal(r, c) => (':', EMPTY),
                Content::Empty => ('.', EMPTY),
                Content::Wall => ('x', WALL),
                Content::Piece(0) => ('A', TARGET),
                Content::Piece(i) if Some(i) == moved => (crate::label_of(i), MOVED),
                Content::Piece(i) => (crate::label_of(i), PIECE),
            };
            if color {
                out.push_str(style);
                out.push(' ');
                out.push(text);
                out.push_str(RESET);
            } else {
                out.push(' ');
                out.push(text);
            }
        }
        out.push(' ');
        out.push(if gap(Side::Right, r) { ' ' } else { '|' });
        out.push('\n');
    }
    out.push_str(&border(Side::Bottom));
    out
}
