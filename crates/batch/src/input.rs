//! Reading the puzzles a user names: a PUZZLE (`-` for standard input, a
//! bundled name, a file, or else board text) and puzzle files, each read as
//! UTF-8 text of at most [`MAX_INPUT_BYTES`]. The text itself is read by
//! `unblocker_model` (`puzzle`, `collection`), which does no I/O.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use unblocker_model::collection::{self, Entry, Rows};
use unblocker_model::format::ParseOptions;
use unblocker_model::puzzle::{self, Puzzle, PuzzleError};
use unblocker_model::BoardError;

/// Files (and standard input) larger than this are refused rather than read.
pub const MAX_INPUT_BYTES: u64 = 64 << 20;

/// A row of a puzzle file longer than this is refused (the file itself may
/// be of any length: it is read a row at a time).
pub const MAX_ROW_BYTES: u64 = 1 << 20;

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

/// The puzzles of the file at `path` (any format `collection::read` knows),
/// read as they are asked for: a file of any length takes constant memory
/// (only a jams file is read whole, within [`MAX_INPUT_BYTES`]). Reading
/// stops at the first error; a file without any puzzle ends with
/// [`InputError::NoPuzzles`].
pub fn entries(path: &Path, options: ParseOptions) -> Result<Entries, InputError> {
    let cannot = |source| InputError::Read {
        path: path.to_path_buf(),
        source,
    };
    let mut reader = BufReader::new(open(path)?);
    let mut head = VecDeque::new();
    // The first three non-empty rows tell a jams file, unless the first
    // row with an entry is a board: then the file is a list of them, read
    // from there on without waiting for more (a pipe may be slow).
    let mut row = String::new();
    let mut line = 0;
    let filled = |head: &VecDeque<String>| head.iter().filter(|r| !r.trim().is_empty()).count();
    while filled(&head) < 3 && next_row(&mut reader, path, line + 1, &mut row)? {
        line += 1;
        let entry = Rows::new(options).entry(&row);
        head.push_back(std::mem::take(&mut row));
        let first = head
            .iter()
            .filter(|r| Rows::new(options).entry(r).is_some())
            .count()
            == 1;
        if first && entry.is_some_and(|e| e.board.is_ok()) {
            break;
        }
    }
    let start: String = head.iter().map(|r| format!("{r}\n")).collect();
    let source = if collection::is_jams(&start) {
        let limit = MAX_INPUT_BYTES.saturating_sub(start.len() as u64);
        let rest = text(read_limited(reader, path, limit, cannot)?, path)?;
        let jams = collection::read_jams(&(start + &rest)).map_err(InputError::Entries)?;
        head.clear();
        Source::Whole(jams.into_iter())
    } else {
        Source::Rows(reader)
    };
    Ok(Entries {
        path: path.to_path_buf(),
        source,
        head,
        rows: Rows::new(options),
        line,
        seen: 0,
    })
}

/// A puzzle file's entries, read as they are asked for (see [`entries`]).
pub struct Entries {
    path: PathBuf,
    source: Source,
    /// Rows read ahead to tell the format, not yet given out.
    head: VecDeque<String>,
    rows: Rows,
    /// Rows read from the file.
    line: usize,
    /// Entries given out.
    seen: usize,
}

enum Source {
    /// A jams file, read whole.
    Whole(std::vec::IntoIter<Entry>),
    /// Any other file, a row at a time.
    Rows(BufReader<std::fs::File>),
    /// The file ended or failed.
    Done,
}

impl Iterator for Entries {
    type Item = Result<Entry, InputError>;

    fn next(&mut self) -> Option<Self::Item> {
        let mut row = String::new();
        loop {
            let entry = match &mut self.source {
                Source::Whole(entries) => entries.next(),
                Source::Done => return None,
                Source::Rows(reader) => {
                    if let Some(raw) = self.head.pop_front() {
                        self.rows.entry(&raw)
                    } else {
                        match next_row(reader, &self.path, self.line + 1, &mut row) {
                            Ok(true) => {
                                self.line += 1;
                                self.rows.entry(&row)
                            }
                            Ok(false) => {
                                self.source = Source::Done;
                                return (self.seen == 0)
                                    .then(|| Err(InputError::NoPuzzles(self.path.clone())));
                            }
                            Err(e) => {
                                self.source = Source::Done;
                                return Some(Err(e));
                            }
                        }
                    }
                }
            };
            match entry {
                Some(entry) => {
                    self.seen += 1;
                    return Some(Ok(entry));
                }
                None if matches!(self.source, Source::Whole(_)) => {
                    self.source = Source::Done;
                    return (self.seen == 0).then(|| Err(InputError::NoPuzzles(self.path.clone())));
                }
                // A blank row, a comment or a header.
                None => {}
            }
        }
    }
}

/// Reads row number `line` of `reader` into `row` (without its line break):
/// false at the end of the file.
fn next_row(
    reader: &mut impl BufRead,
    path: &Path,
    line: usize,
    row: &mut String,
) -> Result<bool, InputError> {
    let path = path.to_path_buf();
    match read_row(reader, MAX_ROW_BYTES) {
        Ok(Some(text)) => {
            *row = text;
            Ok(true)
        }
        Ok(None) => Ok(false),
        Err(RowError::Io(source)) => Err(InputError::Read { path, source }),
        Err(RowError::TooLong(limit)) => Err(InputError::RowTooLong { path, line, limit }),
        Err(RowError::NotUtf8) => Err(InputError::NotUtf8(path)),
    }
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

/// The next row of `reader` (without its line break, `\n` or `\r\n`), or
/// `None` at the end; a row longer than `limit` bytes is refused after
/// reading at most `limit + 1` of them.
pub fn read_row(reader: &mut impl BufRead, limit: u64) -> Result<Option<String>, RowError> {
    let mut bytes = Vec::new();
    let read = reader
        .take(limit.saturating_add(1))
        .read_until(b'\n', &mut bytes)
        .map_err(RowError::Io)?;
    if read == 0 {
        return Ok(None);
    }
    if bytes.last() == Some(&b'\n') {
        bytes.pop();
        if bytes.last() == Some(&b'\r') {
            bytes.pop();
        }
    }
    if bytes.len() as u64 > limit {
        return Err(RowError::TooLong(limit));
    }
    String::from_utf8(bytes)
        .map(Some)
        .map_err(|_| RowError::NotUtf8)
}

/// Opens the file at `path` for reading; a directory is refused as such.
pub fn open(path: &Path) -> Result<std::fs::File, InputError> {
    let cannot = |source| InputError::Read {
        path: path.to_path_buf(),
        source,
    };
    if std::fs::metadata(path).map_err(cannot)?.is_dir() {
        return Err(InputError::Directory(path.to_path_buf()));
    }
    std::fs::File::open(path).map_err(cannot)
}

/// The text of the file at `path`, of at most [`MAX_INPUT_BYTES`].
pub fn read_file(path: &Path) -> Result<String, InputError> {
    text(read_at_most(path, MAX_INPUT_BYTES)?, path)
}

/// The bytes of the file at `path` (an image), of at most
/// [`MAX_INPUT_BYTES`]: a longer file or stream (a device) is refused
/// after reading one byte past the limit.
pub fn read_file_bytes(path: &Path) -> Result<Vec<u8>, InputError> {
    read_at_most(path, MAX_INPUT_BYTES)
}

fn read_at_most(path: &Path, limit: u64) -> Result<Vec<u8>, InputError> {
    let cannot = |source| InputError::Read {
        path: path.to_path_buf(),
        source,
    };
    let file = open(path)?;
    let size = file.metadata().map_err(cannot)?.len();
    if size > limit {
        let path = path.to_path_buf();
        return Err(InputError::TooLarge { path, size, limit });
    }
    // A device or a file still growing says less than it holds: the read
    // itself stops past the limit.
    read_limited(file, path, limit, cannot)
}

/// `bytes` as UTF-8 text (`name` in the error).
fn text(bytes: Vec<u8>, name: &Path) -> Result<String, InputError> {
    String::from_utf8(bytes).map_err(|_| InputError::NotUtf8(name.to_path_buf()))
}

/// Standard input, up to [`MAX_INPUT_BYTES`] (longer is refused, not cut).
fn read_stdin() -> Result<String, InputError> {
    let stdin = std::io::stdin();
    let name = Path::new("stdin");
    text(
        read_limited(stdin, name, MAX_INPUT_BYTES, InputError::Stdin)?,
        name,
    )
}

/// All of `reader` if it holds at most `limit` bytes (`name` in the
/// errors, `cannot` for a failed read).
fn read_limited(
    reader: impl Read,
    name: &Path,
    limit: u64,
    cannot: impl FnOnce(std::io::Error) -> InputError,
) -> Result<Vec<u8>, InputError> {
    let mut bytes = Vec::new();
    reader
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    if bytes.len() as u64 > limit {
        let path = name.to_path_buf();
        return Err(InputError::TooLong { path, limit });
    }
    Ok(bytes)
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
        assert_eq!(read(CARD1.as_bytes()).unwrap(), CARD1.as_bytes());
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
        let read = |path: &Path| {
            entries(path, ParseOptions::default())
                .unwrap()
                .collect::<Result<Vec<Entry>, InputError>>()
        };
        assert_eq!(read(&path).unwrap().len(), 1);
        let (_dir, empty) = file(b"");
        let error = read(&empty).unwrap_err();
        assert_eq!(
            error.to_string(),
            format!("{} holds no puzzles", empty.display())
        );
    }

    #[test]
    fn a_puzzle_file_is_read_row_by_row_and_a_jams_file_whole() {
        let read = |text: &str| {
            let (_dir, path) = file(text.as_bytes());
            entries(&path, ParseOptions::default())
                .unwrap()
                .collect::<Result<Vec<Entry>, InputError>>()
        };
        let rows = read(&format!("{CARD1}\r\n\nnot a board\n{CARD1}")).unwrap();
        let labels: Vec<&str> = rows.iter().map(|e| e.label.as_str()).collect();
        assert_eq!(labels, ["line 1", "line 3", "line 4"]);
        assert!(rows[1].board.is_err() && rows[2].board.is_ok());
        let jams = read("Jam-1\n6\n1 2 h 2\n.\nJam-2\n6\n0 2 h 2\n.\n").unwrap();
        let labels: Vec<&str> = jams.iter().map(|e| e.label.as_str()).collect();
        assert_eq!(labels, ["Jam-1", "Jam-2"]);
        let long = format!("{CARD1}\n{}\n", "o".repeat(MAX_ROW_BYTES as usize + 1));
        let error = read(&long).unwrap_err();
        assert!(
            error
                .to_string()
                .ends_with(" line 2 is longer than 1048576 bytes, the limit"),
            "{error}"
        );
    }

    /// A directory is refused as one, and an endless stream within the
    /// limit, row by row as well as whole.
    #[test]
    fn a_directory_is_refused_as_such_and_an_endless_stream_within_the_limit() {
        let dir = tempfile::tempdir().unwrap();
        let error = read_file_bytes(dir.path()).unwrap_err();
        assert_eq!(
            error.to_string(),
            format!("{} is a directory, not a file", dir.path().display())
        );
        assert!(matches!(
            entries(dir.path(), ParseOptions::default()),
            Err(InputError::Directory(_))
        ));
        #[cfg(unix)]
        {
            let zero = Path::new("/dev/zero");
            let error = read_file_bytes(zero).unwrap_err();
            assert!(matches!(error, InputError::TooLong { .. }), "{error}");
            let mut reader = BufReader::new(std::fs::File::open(zero).unwrap());
            let error = read_row(&mut reader, 1 << 10).unwrap_err();
            assert_eq!(error.to_string(), "longer than 1024 bytes, the limit");
        }
    }
}
