//! Reading the puzzles a user names: a PUZZLE (`-` for standard input, a
//! bundled name, a file, or else board text) and puzzle files, each read as
//! UTF-8 text of at most [`MAX_INPUT_BYTES`]. The text itself is read by
//! `unblocker_model` (`puzzle`, `collection`), which does no I/O.

use std::io::Read;
use std::path::{Path, PathBuf};
use unblocker_model::collection::{self, Entry};
use unblocker_model::format::ParseOptions;
use unblocker_model::puzzle::{self, Puzzle, PuzzleError};
use unblocker_model::BoardError;

/// Files (and standard input) larger than this are refused rather than read.
pub const MAX_INPUT_BYTES: u64 = 64 << 20;

/// Why a PUZZLE or a puzzle file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    #[error("cannot read stdin: {0}")]
    Stdin(std::io::Error),
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
    /// The text is no puzzle (or names none).
    #[error(transparent)]
    Puzzle(#[from] PuzzleError),
    /// A puzzle file that is not a list of puzzles.
    #[error(transparent)]
    Entries(BoardError),
    #[error("{} holds no puzzles", .0.display())]
    NoPuzzles(PathBuf),
}

/// Resolves a PUZZLE: `-` (standard input), a bundled name, a file (the
/// puzzle is named after it), or else board text.
pub fn load(arg: &str, options: ParseOptions) -> Result<Puzzle, InputError> {
    let path = Path::new(arg);
    let puzzle = if arg == "-" {
        puzzle::read("stdin", &read_stdin()?, options).map(|board| Puzzle { name: None, board })
    } else if let Some(bundled) = puzzle::bundled(arg, options) {
        bundled
    } else if path.is_file() {
        let name = Some(arg.to_string());
        puzzle::read(arg, &read_file(path)?, options).map(|board| Puzzle { name, board })
    } else {
        puzzle::board(arg, options)
    };
    Ok(puzzle?)
}

/// The puzzles of the file at `path` (any format `collection::read` knows);
/// a file without any is an error.
pub fn read_entries(path: &Path, options: ParseOptions) -> Result<Vec<Entry>, InputError> {
    let entries = collection::read(&read_file(path)?, options).map_err(InputError::Entries)?;
    if entries.is_empty() {
        return Err(InputError::NoPuzzles(path.to_path_buf()));
    }
    Ok(entries)
}

/// The text of the file at `path`, of at most [`MAX_INPUT_BYTES`].
pub fn read_file(path: &Path) -> Result<String, InputError> {
    read_at_most(path, MAX_INPUT_BYTES)
}

fn read_at_most(path: &Path, limit: u64) -> Result<String, InputError> {
    let cannot = |source| InputError::Read {
        path: path.to_path_buf(),
        source,
    };
    let size = std::fs::metadata(path).map_err(cannot)?.len();
    if size > limit {
        let path = path.to_path_buf();
        return Err(InputError::TooLarge { path, size, limit });
    }
    // A device or a file still growing says less than it holds: the read
    // itself stops past the limit.
    let file = std::fs::File::open(path).map_err(cannot)?;
    read_limited(file, path, limit, cannot)
}

/// Standard input, up to [`MAX_INPUT_BYTES`] (longer is refused, not cut).
fn read_stdin() -> Result<String, InputError> {
    let stdin = std::io::stdin();
    read_limited(
        stdin,
        Path::new("stdin"),
        MAX_INPUT_BYTES,
        InputError::Stdin,
    )
}

/// All of `reader` as UTF-8 text if it holds at most `limit` bytes (`name`
/// in the errors, `cannot` for a failed read).
fn read_limited(
    reader: impl Read,
    name: &Path,
    limit: u64,
    cannot: impl FnOnce(std::io::Error) -> InputError,
) -> Result<String, InputError> {
    let mut bytes = Vec::new();
    reader
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    if bytes.len() as u64 > limit {
        let path = name.to_path_buf();
        return Err(InputError::TooLong { path, limit });
    }
    String::from_utf8(bytes).map_err(|_| InputError::NotUtf8(name.to_path_buf()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use unblocker_model::format;

    const CARD1: &str = "BBoooCDooEoCDAAEoCDooEooFoooGGFoHHHo";

    /// A file holding `bytes` in a fresh directory (kept while the
    /// directory lives).
    fn file(bytes: &[u8]) -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("puzzle.txt");
        std::fs::write(&path, bytes).unwrap();
        (dir, path)
    }

    #[test]
    fn a_file_names_its_puzzle_and_a_name_or_text_reads_as_before() {
        let (_dir, path) = file(CARD1.as_bytes());
        let arg = path.to_str().unwrap();
        let from_file = load(arg, ParseOptions::default()).unwrap();
        assert_eq!(from_file.name.as_deref(), Some(arg));
        assert_eq!(format::to_line(&from_file.board), CARD1);
        let bundled = load("hardest", ParseOptions::default()).unwrap();
        assert_eq!(bundled.name.as_deref(), Some("hardest"));
        let text = load(CARD1, ParseOptions::default()).unwrap();
        assert_eq!((text.name, text.board), (None, from_file.board));
        let misspelt = load("card99", ParseOptions::default()).unwrap_err();
        assert!(matches!(misspelt, InputError::Puzzle(_)), "{misspelt}");
    }

    #[test]
    fn files_too_large_or_not_text_are_refused_by_name() {
        let (_dir, path) = file(CARD1.as_bytes());
        let shown = path.display();
        let error = read_at_most(&path, 10).unwrap_err();
        assert_eq!(
            error.to_string(),
            format!("{shown} is 36 bytes; the limit is 10")
        );
        let (_dir, path) = file(&[b'B', 0xff]);
        let error = read_file(&path).unwrap_err();
        assert_eq!(
            error.to_string(),
            format!("{} is not UTF-8 text", path.display())
        );
        let missing = path.with_file_name("missing.txt");
        let error = read_file(&missing).unwrap_err();
        let prefix = format!("cannot read {}: ", missing.display());
        assert!(error.to_string().starts_with(&prefix), "{error}");
    }

    /// A stream longer than the limit is refused whole rather than cut at
    /// the limit (a cut list would lose puzzles silently), and so is a
    /// device whose size reads as 0.
    #[test]
    fn streams_past_the_limit_are_refused_not_cut() {
        let stdin = Path::new("stdin");
        let read = |bytes: &'static [u8]| read_limited(bytes, stdin, 36, InputError::Stdin);
        assert_eq!(read(CARD1.as_bytes()).unwrap(), CARD1);
        let long = format!("{CARD1}\n");
        let error = read(long.leak().as_bytes()).unwrap_err();
        assert_eq!(
            error.to_string(),
            "stdin holds more than 36 bytes, the limit"
        );
        #[cfg(unix)]
        {
            let error = read_at_most(Path::new("/dev/zero"), 1 << 10).unwrap_err();
            assert!(matches!(error, InputError::TooLong { .. }), "{error}");
        }
    }

    #[test]
    fn a_puzzle_file_without_puzzles_is_an_error() {
        let (_dir, path) = file(format!("# a comment\n{CARD1}\n").as_bytes());
        let entries = read_entries(&path, ParseOptions::default()).unwrap();
        assert_eq!(entries.len(), 1);
        let (_dir, empty) = file(b"");
        let error = read_entries(&empty, ParseOptions::default()).unwrap_err();
        assert_eq!(
            error.to_string(),
            format!("{} holds no puzzles", empty.display())
        );
    }
}
