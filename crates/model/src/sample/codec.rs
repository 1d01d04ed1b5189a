//! The compact sample file: 6×6 Rush Hour puzzles with walls, their optimum
//! and component size, in about 9.5 bytes a puzzle (the text form takes 45).
//!
//! ```text
//! "UNBS" FORMAT_VERSION                      magic, then one byte
//! GROUPS  (MOVES COUNT) × GROUPS             varints; MOVES increasing, COUNT ≥ 1
//! SIZE × every puzzle                        varints; in each group the first
//!                                            size, then each one's excess over
//!                                            the one before (never decreasing)
//! BOARD × every puzzle                       3-bit tokens, low bits first;
//!                                            the last byte padded with zeros
//! ```
//!
//! Puzzles come group after group, as the header lists them. A board is the
//! tokens of its free cells in reading order, cells a piece already covers
//! skipped: empty, wall, a horizontal car of 2 or 3 (from this cell
//! rightwards), a vertical car of 2 or 3 (downwards), the target (a
//! horizontal car of 2, on row 2, leaving on the right), and *end*: every
//! remaining cell is empty (left out when the last token fills the board).
//! Letters are not stored: decoded boards are canonical. Varints are LEB128
//! (seven bits a byte, low bits first).

use super::bits::{put_varint, NumberError, TokenReader, TokenWriter, Varints};
use super::{Entry, Sample};
use crate::goal::{Exit, Goal, Side};
use crate::{label_of, Board, BoardError, Content, Mobility, Piece};
use std::fmt;

/// The first bytes of every sample file.
pub const MAGIC: &[u8; 4] = b"UNBS";

/// The version of the format this module reads and writes (the byte after
/// [`MAGIC`]).
pub const FORMAT_VERSION: u8 = 1;

/// The boards' side.
const SIDE: usize = 6;

/// Where every target leaves.
const EXIT: Exit = Exit {
    side: Side::Right,
    index: 2,
};

/// What a board's token says about its cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token {
    Empty,
    Wall,
    Across2,
    Across3,
    Down2,
    Down3,
    Target,
    End,
}

/// The tokens by their 3-bit value.
const TOKENS: [Token; 8] = [
    Token::Empty,
    Token::Wall,
    Token::Across2,
    Token::Across3,
    Token::Down2,
    Token::Down3,
    Token::Target,
    Token::End,
];

/// A part of the file, for the messages of [`DecodeError`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// Magic, version and the move counts.
    Header,
    /// The component sizes.
    Sizes,
    /// The boards' tokens.
    Boards,
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Part::Header => "header",
            Part::Sizes => "component sizes",
            Part::Boards => "boards",
        })
    }
}

/// Why bytes are not a sample file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    #[error("not a puzzle sample (it does not start with UNBS)")]
    NotASample,
    #[error("sample format version {found}, but this version of unblocker reads version {FORMAT_VERSION}")]
    Version { found: u8 },
    #[error("the sample is cut short: it ends in its {0}")]
    Truncated(Part),
    #[error("the sample is damaged: a number in its {0} is too large")]
    TooLarge(Part),
    #[error("the sample is damaged: it lists {later} moves after {earlier}")]
    MovesOrder { earlier: u32, later: u32 },
    #[error("the sample is damaged: it lists 0 puzzles of {moves} moves")]
    EmptyGroup { moves: u32 },
    #[error("the sample is damaged: puzzle {index} (counting from 0): {problem}")]
    Board { index: usize, problem: BoardProblem },
    #[error("the sample is damaged: something follows its last puzzle")]
    Trailing,
}

/// What is wrong with a board's tokens.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardProblem {
    #[error("the car at row {row}, column {col} runs off the board")]
    OffBoard { row: u8, col: u8 },
    #[error("the car at row {row}, column {col} overlaps another")]
    Overlap { row: u8, col: u8 },
    #[error("two targets")]
    TwoTargets,
    #[error("no target")]
    NoTarget,
    #[error(transparent)]
    Invalid(BoardError),
}

/// A board the format cannot hold, in the one-line form, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{board}: a sample file cannot hold it: {why}")]
pub struct EncodeError {
    pub board: String,
    pub why: Unsupported,
}

/// What a sample file cannot hold.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unsupported {
    #[error("it is {width}×{height}, not 6×6")]
    Size { width: usize, height: usize },
    #[error("its goal is not the exit on the right of row 2")]
    Goal,
    #[error("its target is not a horizontal car of 2")]
    Target,
    #[error("piece {label} is {width}×{height}: only cars of 2 and 3 are held")]
    Piece { label: char, width: u8, height: u8 },
}

impl Sample {
    /// The sample as a file (see the module's format), or the first board
    /// that is not a 6×6 Rush Hour board whose target is a car of 2 leaving
    /// on the right of row 2 and whose other cars are 2 or 3 long.
    pub fn encode(&self) -> Result<Vec<u8>, EncodeError> {
        let mut out = MAGIC.to_vec();
        out.push(FORMAT_VERSION);
        let groups: Vec<&[Entry]> = self.entries.chunk_by(|a, b| a.moves == b.moves).collect();
        put_varint(&mut out, groups.len() as u64);
        for group in &groups {
            put_varint(&mut out, u64::from(group[0].moves));
            put_varint(&mut out, group.len() as u64);
        }
        for group in &groups {
            let mut previous = 0;
            for entry in *group {
                // Sizes never decrease within a move count (the order of a Sample).
                put_varint(&mut out, entry.cluster - previous);
                previous = entry.cluster;
            }
        }
        let mut tokens = TokenWriter::default();
        for entry in &self.entries {
            put_board(&mut tokens, &entry.board).map_err(|why| EncodeError {
                board: crate::format::to_line(&entry.board),
                why,
            })?;
        }
        out.extend(tokens.into_bytes());
        Ok(out)
    }

    /// Reads a sample file: every puzzle, or what is wrong with the bytes
    /// (never a panic, whatever they are).
    pub fn decode(bytes: &[u8]) -> Result<Sample, DecodeError> {
        let body = bytes.strip_prefix(MAGIC).ok_or(DecodeError::NotASample)?;
        let (&found, body) = body
            .split_first()
            .ok_or(DecodeError::Truncated(Part::Header))?;
        if found != FORMAT_VERSION {
            return Err(DecodeError::Version { found });
        }
        let mut numbers = Varints { bytes: body };
        let groups = read_number(&mut numbers, Part::Header)?;
        let mut counts: Vec<(u32, u64)> = Vec::new();
        for _ in 0..groups {
            // Each group takes at least two bytes: a huge count runs out of them.
            let moves = read_number(&mut numbers, Part::Header)?;
            let moves = u32::try_from(moves).map_err(|_| DecodeError::TooLarge(Part::Header))?;
            let count = read_number(&mut numbers, Part::Header)?;
            if let Some(&(earlier, _)) = counts.last() {
                if moves <= earlier {
                    return Err(DecodeError::MovesOrder {
                        earlier,
                        later: moves,
                    });
                }
            }
            if count == 0 {
                return Err(DecodeError::EmptyGroup { moves });
            }
            counts.push((moves, count));
        }
        let mut sizes: Vec<(u32, u64)> = Vec::new();
        for &(moves, count) in &counts {
            let mut previous = 0u64;
            for _ in 0..count {
                // Each size takes at least a byte: a huge count runs out of them.
                let excess = read_number(&mut numbers, Part::Sizes)?;
                previous = previous
                    .checked_add(excess)
                    .ok_or(DecodeError::TooLarge(Part::Sizes))?;
                sizes.push((moves, previous));
            }
        }
        let mut tokens = TokenReader::new(numbers.bytes);
        let mut entries = Vec::with_capacity(sizes.len());
        for (index, (moves, cluster)) in sizes.into_iter().enumerate() {
            let board = read_board(&mut tokens).map_err(|e| match e {
                Unreadable::End => DecodeError::Truncated(Part::Boards),
                Unreadable::Board(problem) => DecodeError::Board { index, problem },
            })?;
            entries.push(Entry {
                moves,
                board,
                cluster,
            });
        }
        if !tokens.at_end() {
            return Err(DecodeError::Trailing);
        }
        Ok(Sample { entries })
    }
}

fn read_number(numbers: &mut Varints, part: Part) -> Result<u64, DecodeError> {
    numbers.next().map_err(|e| match e {
        NumberError::End => DecodeError::Truncated(part),
        NumberError::TooLarge => DecodeError::TooLarge(part),
    })
}

/// Writes a board's tokens, or says why the format cannot hold it.
fn put_board(tokens: &mut TokenWriter, board: &Board) -> Result<(), Unsupported> {
    if (board.width(), board.height()) != (SIDE, SIDE) {
        return Err(Unsupported::Size {
            width: board.width(),
            height: board.height(),
        });
    }
    if board.goal() != Goal::Exit(EXIT) {
        return Err(Unsupported::Goal);
    }
    let mut covered = [false; SIDE * SIDE];
    let mut empty = 0;
    for (cell, content) in board.contents().into_iter().enumerate() {
        if covered[cell] {
            continue;
        }
        let token = match content {
            Content::Empty => {
                empty += 1;
                continue;
            }
            Content::Wall => Token::Wall,
            // Reading order meets a piece first at its top-left cell.
            Content::Piece(index) => {
                let piece = &board.pieces()[index];
                for (r, c) in piece.cells() {
                    covered[r as usize * SIDE + c as usize] = true;
                }
                token_of(index, piece)?
            }
        };
        for _ in 0..std::mem::take(&mut empty) {
            tokens.put(Token::Empty as u8);
        }
        tokens.put(token as u8);
    }
    if empty > 0 {
        tokens.put(Token::End as u8);
    }
    Ok(())
}

/// The token of piece `index`.
fn token_of(index: usize, piece: &Piece) -> Result<Token, Unsupported> {
    let length = piece.width.max(piece.height);
    match (index == 0, piece.mobility, length) {
        (true, Mobility::Horizontal, 2) => Ok(Token::Target),
        (true, _, _) => Err(Unsupported::Target),
        (false, Mobility::Horizontal, 2) => Ok(Token::Across2),
        (false, Mobility::Horizontal, 3) => Ok(Token::Across3),
        (false, Mobility::Vertical, 2) => Ok(Token::Down2),
        (false, Mobility::Vertical, 3) => Ok(Token::Down3),
        (false, _, _) => Err(Unsupported::Piece {
            label: label_of(index),
            width: piece.width,
            height: piece.height,
        }),
    }
}

/// Why a board was not read.
enum Unreadable {
    /// The tokens ran out.
    End,
    Board(BoardProblem),
}

/// Reads one board's tokens.
fn read_board(tokens: &mut TokenReader) -> Result<Board, Unreadable> {
    let mut covered = 0u64;
    let (mut target, mut cars, mut walls) = (None, Vec::new(), Vec::new());
    let mut cell = 0;
    loop {
        while cell < SIDE * SIDE && covered >> cell & 1 == 1 {
            cell += 1;
        }
        if cell == SIDE * SIDE {
            break;
        }
        let (row, col) = ((cell / SIDE) as u8, (cell % SIDE) as u8);
        let token = TOKENS[usize::from(tokens.next().ok_or(Unreadable::End)?)];
        let (length, across) = match token {
            Token::End => break,
            Token::Empty => {
                cell += 1;
                continue;
            }
            Token::Wall => {
                walls.push((row, col));
                cell += 1;
                continue;
            }
            Token::Across2 | Token::Target => (2, true),
            Token::Across3 => (3, true),
            Token::Down2 => (2, false),
            Token::Down3 => (3, false),
        };
        let car = Piece::car(row, col, length, across);
        let cells =
            car_cells(&car).ok_or(Unreadable::Board(BoardProblem::OffBoard { row, col }))?;
        if covered & cells != 0 {
            return Err(Unreadable::Board(BoardProblem::Overlap { row, col }));
        }
        covered |= cells;
        if token != Token::Target {
            cars.push(car);
        } else if target.replace(car).is_some() {
            return Err(Unreadable::Board(BoardProblem::TwoTargets));
        }
        cell += 1;
    }
    let target = target.ok_or(Unreadable::Board(BoardProblem::NoTarget))?;
    cars.insert(0, target);
    Board::new(SIDE, SIDE, cars, walls, Goal::Exit(EXIT))
        .map_err(|e| Unreadable::Board(BoardProblem::Invalid(e)))
}

/// A car's cells as bits (`row × 6 + column`), `None` off the board.
fn car_cells(car: &Piece) -> Option<u64> {
    let fits = |start: u8, length: u8| usize::from(start + length) <= SIDE;
    if !fits(car.row, car.height) || !fits(car.col, car.width) {
        return None;
    }
    Some(car.cells().fold(0, |bits, (r, c)| {
        bits | 1 << (usize::from(r) * SIDE + usize::from(c))
    }))
}
