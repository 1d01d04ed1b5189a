#![doc = include_str!("../README.md")]

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
