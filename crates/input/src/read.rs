//! Bounded reads: a file or a stream (standard input, a pipe, a file
//! object) read whole within [`MAX_INPUT_BYTES`], longer refused rather
//! than cut, and a text stream read a row at a time within
//! [`MAX_ROW_BYTES`] a row.

use crate::error::{InputError, RowError};
use std::io::{BufRead, Read};
use std::path::Path;

/// Files (and streams) larger than this are refused rather than read.
pub const MAX_INPUT_BYTES: u64 = 64 << 20;

/// A row of a puzzle file longer than this is refused (the file itself may
/// be of any length: it is read a row at a time).
pub const MAX_ROW_BYTES: u64 = 1 << 20;

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

/// The text of `reader` (standard input, a pipe, a file object), named
/// `name` in the errors, of at most [`MAX_INPUT_BYTES`] (longer is refused,
/// not cut).
pub fn read_stream(reader: impl Read, name: &Path) -> Result<String, InputError> {
    text(read_stream_bytes(reader, name)?, name)
}

/// The bytes of `reader`, named `name` in the errors, of at most
/// [`MAX_INPUT_BYTES`] (longer is refused after reading one byte past the
/// limit).
pub fn read_stream_bytes(reader: impl Read, name: &Path) -> Result<Vec<u8>, InputError> {
    read_limited(reader, name, MAX_INPUT_BYTES)
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

fn read_at_most(path: &Path, limit: u64) -> Result<Vec<u8>, InputError> {
    let file = open(path)?;
    let size = file
        .metadata()
        .map_err(|source| InputError::Read {
            path: path.to_path_buf(),
            source,
        })?
        .len();
    if size > limit {
        let path = path.to_path_buf();
        return Err(InputError::TooLarge { path, size, limit });
    }
    // A device or a file still growing says less than it holds: the read
    // itself stops past the limit.
    read_limited(file, path, limit)
}

/// `bytes` as UTF-8 text (`name` in the error).
pub(crate) fn text(bytes: Vec<u8>, name: &Path) -> Result<String, InputError> {
    String::from_utf8(bytes).map_err(|_| InputError::NotUtf8(name.to_path_buf()))
}

/// All of `reader` if it holds at most `limit` bytes (`name` in the
/// errors).
pub(crate) fn read_limited(
    reader: impl Read,
    name: &Path,
    limit: u64,
) -> Result<Vec<u8>, InputError> {
    let mut bytes = Vec::new();
    reader
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|source| InputError::Read {
            path: name.to_path_buf(),
            source,
        })?;
    if bytes.len() as u64 > limit {
        let path = name.to_path_buf();
        return Err(InputError::TooLong { path, limit });
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::{file, CARD1};
    use std::io::BufReader;

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
        let read = |bytes: &'static [u8]| read_limited(bytes, stdin, 36);
        assert_eq!(read(CARD1.as_bytes()).unwrap(), CARD1.as_bytes());
        let long = format!("{CARD1}\n");
        let error = read(long.leak().as_bytes()).unwrap_err();
        assert_eq!(
            error.to_string(),
            "stdin holds more than 36 bytes, the limit"
        );
        assert_eq!(read_stream(CARD1.as_bytes(), stdin).unwrap(), CARD1);
        #[cfg(unix)]
        {
            let error = read_at_most(Path::new("/dev/zero"), 1 << 10).unwrap_err();
            assert!(matches!(error, InputError::TooLong { .. }), "{error}");
        }
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
        #[cfg(unix)]
        {
            let zero = Path::new("/dev/zero");
            let error = read_file_bytes(zero).unwrap_err();
            assert!(matches!(error, InputError::TooLong { .. }), "{error}");
            let error = read_stream_bytes(std::fs::File::open(zero).unwrap(), zero).unwrap_err();
            assert!(matches!(error, InputError::TooLong { .. }), "{error}");
            let mut reader = BufReader::new(std::fs::File::open(zero).unwrap());
            let error = read_row(&mut reader, 1 << 10).unwrap_err();
            assert_eq!(error.to_string(), "longer than 1024 bytes, the limit");
        }
    }
}
