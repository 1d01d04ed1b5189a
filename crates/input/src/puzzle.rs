//! A PUZZLE argument: `-` (standard input), a bundled name, a file (the
//! puzzle is named after it), or else board text.

use crate::error::InputError;
use crate::read::{read_file, read_stream};
use std::path::Path;
use unblocker_model::format::ParseOptions;
use unblocker_model::puzzle::{self, Puzzle};

/// Resolves a PUZZLE: `-` (standard input), a bundled name, a file (the
/// puzzle is named after it), or else board text.
pub fn load(arg: &str, options: ParseOptions) -> Result<Puzzle, InputError> {
    let path = Path::new(arg);
    let puzzle = if arg == "-" {
        let text = read_stream(std::io::stdin(), Path::new("stdin"))?;
        puzzle::read("stdin", &text, options).map(|board| Puzzle { name: None, board })
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::{file, CARD1};
    use unblocker_model::format;

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
}
