//! Puzzle files read a row at a time: any format `collection` knows, a
//! file of any length in constant memory (only a jams file, whose entries
//! span rows, is read whole, within [`MAX_INPUT_BYTES`]).

use crate::error::{InputError, RowError};
use crate::read::{open, read_limited, read_row, text, MAX_INPUT_BYTES, MAX_ROW_BYTES};
use std::collections::VecDeque;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use unblocker_model::collection::{self, Entry, Rows};
use unblocker_model::format::ParseOptions;

/// The puzzles of the file at `path` (any format `collection::read` knows),
/// read as they are asked for: a file of any length takes constant memory
/// (only a jams file is read whole, within [`MAX_INPUT_BYTES`]). Reading
/// stops at the first error; a file without any puzzle ends with
/// [`InputError::NoPuzzles`].
pub fn entries(path: &Path, options: ParseOptions) -> Result<Entries, InputError> {
    entries_in(BufReader::new(open(path)?), path, options)
}

/// [`entries`] of any text stream (a pipe, a file object), named `name` in
/// the errors.
pub fn entries_in(
    mut reader: impl BufRead + Send + 'static,
    name: &Path,
    options: ParseOptions,
) -> Result<Entries, InputError> {
    let mut head = VecDeque::new();
    // The first three non-empty rows tell a jams file, unless the first
    // row with an entry is a board: then the file is a list of them, read
    // from there on without waiting for more (a pipe may be slow).
    let mut row = String::new();
    let mut line = 0;
    let filled = |head: &VecDeque<String>| head.iter().filter(|r| !r.trim().is_empty()).count();
    while filled(&head) < 3 && next_row(&mut reader, name, line + 1, &mut row)? {
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
        let rest = text(read_limited(reader, name, limit)?, name)?;
        let jams = collection::read_jams(&(start + &rest)).map_err(InputError::Entries)?;
        head.clear();
        Source::Whole(jams.into_iter())
    } else {
        Source::Rows(Box::new(reader))
    };
    Ok(Entries {
        path: name.to_path_buf(),
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
    Rows(Box<dyn BufRead + Send>),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::{file, CARD1};

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

    /// A directory is refused as one; a stream reads as a file does.
    #[test]
    fn a_directory_is_refused_and_a_stream_reads_as_a_file() {
        let dir = tempfile::tempdir().unwrap();
        assert!(matches!(
            entries(dir.path(), ParseOptions::default()),
            Err(InputError::Directory(_))
        ));
        let text = format!("{CARD1}\n\n{CARD1}\n").into_bytes();
        let stream = std::io::Cursor::new(text);
        let read: Vec<Entry> = entries_in(stream, Path::new("pipe"), ParseOptions::default())
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        let labels: Vec<&str> = read.iter().map(|e| e.label.as_str()).collect();
        assert_eq!(labels, ["line 1", "line 3"]);
    }
}
