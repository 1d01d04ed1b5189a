//! Drawing boards for a terminal, in colour when it is one.

use std::io::IsTerminal;
use unblocker_model::{Board, Content, Goal, Side};

/// Whether to use ANSI colours.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ColorChoice {
    /// Colour when standard output is a terminal and NO_COLOR is unset.
    #[default]
    Auto,
    Always,
    Never,
}

impl ColorChoice {
    pub fn enabled(self) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none()
            }
        }
    }
}

const RESET: &str = "\x1b[0m";
const TARGET: &str = "\x1b[1;97;41m";
const WALL: &str = "\x1b[90;100m";
const MOVED: &str = "\x1b[1;30;43m";
const PIECE: &str = "\x1b[1;97;44m";
const EMPTY: &str = "\x1b[2m";

/// The board framed, the exit a gap; `moved` highlights one piece.
pub fn draw(board: &Board, moved: Option<usize>, color: bool, indent: &str) -> String {
    let (w, h) = (board.width(), board.height());
    let contents = board.contents();
    let exit = match board.goal() {
        Goal::Exit(e) => Some(e),
        Goal::Place { .. } => None,
    };
    let gap = |side: Side, index: usize| {
        exit.is_some_and(|e| e.side == side && e.index as usize == index)
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
                Content::Empty => ('.', EMPTY),
                Content::Wall => ('x', WALL),
                Content::Piece(0) => ('A', TARGET),
                Content::Piece(i) if Some(i) == moved => (unblocker_model::label_of(i), MOVED),
                Content::Piece(i) => (unblocker_model::label_of(i), PIECE),
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
