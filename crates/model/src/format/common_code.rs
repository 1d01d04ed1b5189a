//! dnomd343/klotski's CommonCode: a 4×5 Klotski position in 9 hexadecimal
//! digits (36 bits), e.g. `1A9BF0C00` for 横刀立马.
//!
//! - The top 4 bits hold the cell of the 2×2 block's top-left corner,
//!   `row * 4 + col` (never in the last column or row).
//! - The low 32 bits, read from the top two at a time, name what starts at
//!   each cell not yet covered, in reading order: `00` an empty cell, `01` a
//!   1×2 (horizontal) block, `10` a 2×1 (vertical) block, `11` a 1×1 block.
//!   Unused pairs at the end are `00`.
//!
//! A valid code covers all 20 cells and leaves at least two empty. Trailing
//! zero digits may be left out when reading (`1A9BF0C`), and letters may be
//! of either case. The code does not record the goal, and pieces of one shape
//! are interchangeable in it.

use super::ParseOptions;
use crate::goal::Goal;
use crate::{Board, BoardError, Content, Game, Piece};

const WIDTH: u8 = 4;
const HEIGHT: u8 = 5;
const CELLS: u8 = WIDTH * HEIGHT;
const DIGITS: usize = 9;

/// The block a 2-bit code stands for, as (width, height); `None` is an empty cell.
fn block(code: u64) -> Option<(u8, u8)> {
    match code {
        0b01 => Some((2, 1)),
        0b10 => Some((1, 2)),
        0b11 => Some((1, 1)),
        _ => None,
    }
}

/// Marks `piece`'s cells as covered if it lies on the board and on no
/// covered cell; false otherwise.
fn cover(piece: &Piece, covered: &mut [bool; CELLS as usize]) -> bool {
    let fits = piece.row + piece.height <= HEIGHT
        && piece.col + piece.width <= WIDTH
        && piece
            .cells()
            .all(|(r, c)| !covered[(r * WIDTH + c) as usize]);
    if fits {
        piece
            .cells()
            .for_each(|(r, c)| covered[(r * WIDTH + c) as usize] = true);
    }
    fits
}

/// True for 1 to 9 hexadecimal digits: text that may be a CommonCode.
pub(super) fn is_code_like(text: &str) -> bool {
    (1..=DIGITS).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_hexdigit())
}

/// Reads a CommonCode (1 to 9 hex digits; missing digits are trailing zeros)
/// as a Klotski board: `A` the 2×2 target, the other blocks lettered in
/// reading order. The goal comes from `options` (default: bottom centre).
pub fn parse_common_code(text: &str, options: ParseOptions) -> Result<Board, BoardError> {
    let text = text.trim();
    let bad = |why: String| BoardError::Syntax(format!("bad CommonCode '{text}': {why}"));
    if !is_code_like(text) {
        return Err(bad("expected 1 to 9 hexadecimal digits".into()));
    }
    if options.game == Some(Game::RushHour) {
        return Err(bad("a CommonCode is a Klotski board".into()));
    }
    let value = u64::from_str_radix(text, 16).map_err(|e| bad(e.to_string()))?
        << (4 * (DIGITS - text.len()));
    let head = (value >> 32) as u8;
    if head % WIDTH == WIDTH - 1 || head >= CELLS - WIDTH {
        return Err(bad(format!(
            "the 2×2 block's corner {head} (row {}, column {}) leaves no room for it",
            head / WIDTH,
            head % WIDTH
        )));
    }
    let target = Piece::block(head / WIDTH, head % WIDTH, 2, 2);
    let mut covered = [false; CELLS as usize];
    cover(&target, &mut covered);
    let mut pieces = vec![target];
    let mut spaces = 0;
    let mut sequence = value as u32;
    let mut read = 0;
    for cell in 0..CELLS {
        if covered[cell as usize] {
            continue;
        }
        let code = (sequence >> 30) as u64;
        sequence <<= 2;
        read += 1;
        let (row, col) = (cell / WIDTH, cell % WIDTH);
        match block(code) {
            None => {
                covered[cell as usize] = true;
                spaces += 1;
            }
            Some((width, height)) => {
                let piece = Piece::block(row, col, width, height);
                if !cover(&piece, &mut covered) {
                    return Err(bad(format!(
                        "block {read} ({width}×{height} at row {row}, column {col}) does not fit"
                    )));
                }
                pieces.push(piece);
            }
        }
    }
    if sequence != 0 {
        return Err(bad(format!(
            "it names more blocks than fit: the board is full after {read}"
        )));
    }
    if spaces < 2 {
        return Err(bad(format!(
            "it leaves {spaces} empty cell(s); a position needs at least 2"
        )));
    }
    let (row, col) = options.goal.unwrap_or((HEIGHT - 2, (WIDTH - 2) / 2));
    Board::new(
        WIDTH as usize,
        HEIGHT as usize,
        pieces,
        Vec::new(),
        Goal::Place { row, col },
    )
}

/// The CommonCode of a 4×5 Klotski board without walls whose target is 2×2
/// and whose other pieces are 1×1, 1×2 or 2×1, with at least two empty cells
/// (9 upper-case digits, e.g. `1A9BF0C00`); `None` for any other board. The
/// goal is not part of the code.
pub fn common_code(board: &Board) -> Option<String> {
    let target = board.target();
    if board.game() != Game::Klotski
        || (board.width(), board.height()) != (WIDTH as usize, HEIGHT as usize)
        || !board.walls().is_empty()
        || (target.width, target.height) != (2, 2)
    {
        return None;
    }
    let contents = board.contents();
    if contents.iter().filter(|&&c| c == Content::Empty).count() < 2 {
        return None;
    }
    let mut covered = [false; CELLS as usize];
    cover(target, &mut covered);
    let mut sequence = 0u64;
    let mut pairs = 0;
    for cell in 0..CELLS as usize {
        if covered[cell] {
            continue;
        }
        // Reading order meets every piece first at its top-left corner.
        let code = match contents[cell] {
            Content::Empty => 0b00,
            Content::Wall => return None,
            Content::Piece(i) => {
                let p = board.pieces()[i];
                cover(&p, &mut covered);
                match (p.width, p.height) {
                    (2, 1) => 0b01,
                    (1, 2) => 0b10,
                    (1, 1) => 0b11,
                    _ => return None,
                }
            }
        };
        covered[cell] = true;
        sequence |= code << (30 - 2 * pairs);
        pairs += 1;
    }
    let head = (target.row * WIDTH + target.col) as u64;
    Some(format!("{:09X}", head << 32 | sequence))
}
