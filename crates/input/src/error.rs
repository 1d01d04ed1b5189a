//! Why something a user names could not be read.

use std::path::PathBuf;
use unblocker_model::puzzle::PuzzleError;
use unblocker_model::BoardError;

/// Why a PUZZLE, a file or a stream could not be read.
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    #[error("cannot read {}: {source}", path.display())]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{} is {size} bytes; the limit is {limit}", path.display())]
    TooLarge {
        path: PathBuf,
        size: u64,
        limit: u64,
    },
    /// A stream (standard input, a device) longer than the limit.
    #[error("{} holds more than {limit} bytes, the limit", path.display())]
    TooLong { path: PathBuf, limit: u64 },
    #[error("{} is not UTF-8 text", .0.display())]
    NotUtf8(PathBuf),
    #[error("{} is a directory, not a file", .0.display())]
    Directory(PathBuf),
    #[error("{} line {line} is longer than {limit} bytes, the limit", path.display())]
    RowTooLong {
        path: PathBuf,
        line: usize,
        limit: u64,
    },
    /// The text is no puzzle (or names none).
    #[error(transparent)]
    Puzzle(#[from] PuzzleError),
    /// A puzzle file that is not a list of puzzles.
    #[error(transparent)]
    Entries(BoardError),
    #[error("{} holds no puzzles", .0.display())]
    NoPuzzles(PathBuf),
}

/// Why a row of a text stream could not be read.
#[derive(Debug, thiserror::Error)]
pub enum RowError {
    #[error(transparent)]
    Io(std::io::Error),
    #[error("longer than {0} bytes, the limit")]
    TooLong(u64),
    #[error("not UTF-8 text")]
    NotUtf8,
}
