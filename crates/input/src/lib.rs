//! Reading what a user names — a file, standard input, a bundled name or
//! board text — within bounded sizes: nothing is read past
//! [`MAX_INPUT_BYTES`] (a whole file or stream) or [`MAX_ROW_BYTES`] (a row
//! of a puzzle file read a row at a time), so a device or an endless pipe
//! is refused, never waited on.
//!
//! - [`load`]: a PUZZLE argument (`-`, a bundled name, a file or board
//!   text);
//! - [`entries`]: the puzzles of a puzzle file, a row at a time
//!   ([`entries_in`] for any stream);
//! - [`read_file`], [`read_file_bytes`]: a file's text or bytes;
//!   [`read_stream`], [`read_stream_bytes`]: the same of any reader (a
//!   pipe, a file object), within the same bound;
//! - [`read_row`]: one row of a text stream.
//!
//! The text itself is read by `unblocker_model` (`puzzle`, `collection`),
//! which does no I/O.

mod entries;
mod error;
mod puzzle;
mod read;

pub use entries::{entries, entries_in, Entries};
pub use error::{InputError, RowError};
pub use puzzle::load;
pub use read::{
    open, read_file, read_file_bytes, read_row, read_stream, read_stream_bytes, MAX_INPUT_BYTES,
    MAX_ROW_BYTES,
};

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    pub(crate) const CARD1: &str = "BBoooCDooEoCDAAEoCDooEooFoooGGFoHHHo";

    /// A file holding `bytes` in a fresh directory (kept while the
    /// directory lives).
    pub(crate) fn file(bytes: &[u8]) -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("puzzle.txt");
        std::fs::write(&path, bytes).unwrap();
        (dir, path)
    }
}
