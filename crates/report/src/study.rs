//! The study's input files: puzzle files (one category per name prefix or
//! file) and the FEUP study's own measurements (`feup_measurements/*.json`).

use crate::charts::ChartError;
use std::collections::BTreeMap;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use unblocker_input::{read_file, InputError};
use unblocker_model::collection::{self, EntryError};
use unblocker_model::format::ParseOptions;
use unblocker_model::{Board, BoardError};
use unblocker_solve::SolveError;

/// The study's puzzle set and the ThinkFun cards, in the data directory.
pub const DEFAULT_FILES: [&str; 2] = [
    "puzzles/rush/feup_group19_verified.txt",
    "puzzles/rush/thinkfun40_verified.txt",
];

/// The environment variable naming the data directory (as in the tests).
pub const DATA_VAR: &str = "UNBLOCKER_DATA";

/// Why the study could not be read, run or written.
#[derive(Debug, thiserror::Error)]
pub enum StudyError {
    /// No files given, and no data directory to take the default ones from.
    #[error(
        "no puzzle files: name them, or set {var} to the data directory holding {} and {} \
         (e.g. {var}=../shared)",
        DEFAULT_FILES[0],
        DEFAULT_FILES[1],
        var = DATA_VAR
    )]
    NoData,
    #[error("{}: no such file ({DATA_VAR}={})", file.display(), data.display())]
    Missing { file: PathBuf, data: PathBuf },
    /// A file that cannot be read, is too large or is not text.
    #[error(transparent)]
    Read(#[from] InputError),
    #[error("{} {label}: {source}", path.display())]
    Parse {
        path: PathBuf,
        /// `line N`, or the puzzle's name where the file gives no lines.
        label: String,
        source: Box<EntryError>,
    },
    #[error("{}: {source}", path.display())]
    Jams { path: PathBuf, source: BoardError },
    #[error("the files hold no puzzles")]
    NoPuzzles,
    #[error("{puzzle}: {source}")]
    Solve { puzzle: String, source: SolveError },
    #[error("{}: {source}", path.display())]
    Json {
        path: PathBuf,
        source: serde_json::Error,
    },
    #[error("{}: expected an object of levels", .0.display())]
    NotLevels(PathBuf),
    #[error("cannot create {}: {source}", path.display())]
    CreateDir {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot write {}: {source}", path.display())]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(transparent)]
    Chart(#[from] ChartError),
}

/// One puzzle of the study.
pub struct StudyPuzzle {
    pub name: String,
    pub category: String,
    pub board: Board,
}

/// The puzzle files to study: `given`, or when none are given the default
/// ones in the data directory `data` ([`default_files`]).
pub fn files(given: Vec<PathBuf>, data: Option<&OsStr>) -> Result<Vec<PathBuf>, StudyError> {
    if given.is_empty() {
        default_files(data)
    } else {
        Ok(given)
    }
}

/// The default files in the data directory `data` (the value of
/// [`DATA_VAR`]: `None` or empty when it is unset), which must all exist.
pub fn default_files(data: Option<&OsStr>) -> Result<Vec<PathBuf>, StudyError> {
    let data = Path::new(data.filter(|d| !d.is_empty()).ok_or(StudyError::NoData)?);
    let files: Vec<PathBuf> = DEFAULT_FILES.iter().map(|f| data.join(f)).collect();
    match files.iter().find(|f| !f.is_file()) {
        Some(missing) => Err(StudyError::Missing {
            file: missing.clone(),
            data: data.to_path_buf(),
        }),
        None => Ok(files),
    }
}

/// Where the study's measurements are by default: `feup_measurements`
/// beside `file`.
pub fn measurements_beside(file: &Path) -> PathBuf {
    file.parent()
        .unwrap_or(Path::new("."))
        .join("feup_measurements")
}

/// The puzzles of every file; an error if there are none.
pub fn read_puzzles(files: &[PathBuf]) -> Result<Vec<StudyPuzzle>, StudyError> {
    let mut puzzles = Vec::new();
    for file in files {
        puzzles.extend(puzzles_of(file, &read_file(file)?)?);
    }
    if puzzles.is_empty() {
        return Err(StudyError::NoPuzzles);
    }
    Ok(puzzles)
}

/// The puzzles of a file (any `collection` reads; rows without a board are
/// skipped), named by their first field, in the category of the name's prefix before `-`
/// (`hard-3` is `hard`) or else of the file.
fn puzzles_of(path: &Path, text: &str) -> Result<Vec<StudyPuzzle>, StudyError> {
    let stem = path.file_stem().map_or("puzzles".into(), |s| {
        s.to_string_lossy().replace("_verified", "")
    });
    let entries =
        collection::read(text, ParseOptions::default()).map_err(|source| StudyError::Jams {
            path: path.to_path_buf(),
            source,
        })?;
    let mut puzzles = Vec::new();
    for entry in entries {
        let board = match entry.board {
            Ok(board) => board,
            Err(EntryError::NoBoard(_)) => continue,
            Err(source) => {
                return Err(StudyError::Parse {
                    path: path.to_path_buf(),
                    label: entry.label,
                    source: Box::new(source),
                })
            }
        };
        let name = entry.name.unwrap_or(entry.label);
        let category = match name.split_once('-') {
            Some((prefix, _)) if prefix.chars().all(|c| c.is_ascii_alphabetic()) => {
                prefix.to_string()
            }
            _ => stem.clone(),
        };
        puzzles.push(StudyPuzzle {
            name,
            category,
            board,
        });
    }
    Ok(puzzles)
}

/// The study's mean answer length, expanded nodes and time (seconds) per
/// category and algorithm.
pub type StudyMeans = BTreeMap<(String, String), (f64, f64, f64)>;

/// The study's means from `<dir>/<category>.json`, for the categories that
/// have one.
pub fn read_measurements(dir: &Path, categories: &[&str]) -> Result<StudyMeans, StudyError> {
    let mut out = StudyMeans::new();
    for category in categories {
        let path = dir.join(format!("{category}.json"));
        if !path.is_file() {
            continue;
        }
        let json: serde_json::Value =
            serde_json::from_str(&read_file(&path)?).map_err(|source| StudyError::Json {
                path: path.clone(),
                source,
            })?;
        let Some(levels) = json.as_object() else {
            return Err(StudyError::NotLevels(path));
        };
        let mut sums: BTreeMap<String, (f64, f64, f64, f64)> = BTreeMap::new();
        for algorithms in levels.values().filter_map(|v| v.as_object()) {
            for (name, m) in algorithms {
                let get = |k: &str| m.get(k).and_then(|v| v.as_f64());
                if let (Some(l), Some(n), Some(t)) = (
                    get("answerLength"),
                    get("expandedNodes"),
                    get("executionTime"),
                ) {
                    let s = sums.entry(name.clone()).or_default();
                    *s = (s.0 + l, s.1 + n, s.2 + t, s.3 + 1.0);
                }
            }
        }
        for (name, (l, n, t, count)) in sums {
            out.insert(
                (category.to_string(), name),
                (l / count, n / count, t / count),
            );
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_prefixes_and_file_stems_make_the_categories() {
        let text = "# levels\nhard-3 20 BBBoFoooooFoAADoFoooDoooooEoooooECCC | 7/101\n\
                    1 8 16 BBoooCDooEoCDAAEoCDooEooFoooGGFoHHHo\nnothing here\n";
        let puzzles = puzzles_of(Path::new("dir/cards_verified.txt"), text).unwrap();
        let got: Vec<(&str, &str)> = puzzles
            .iter()
            .map(|p| (p.name.as_str(), p.category.as_str()))
            .collect();
        assert_eq!(got, [("hard-3", "hard"), ("1", "cards")]);
    }

    #[test]
    fn given_files_come_before_the_default_ones() {
        let given = vec![PathBuf::from("mine.txt")];
        assert_eq!(files(given.clone(), None).unwrap(), given);
        let error = files(Vec::new(), Some(OsStr::new(""))).unwrap_err();
        assert!(matches!(error, StudyError::NoData), "{error}");
        let dir = tempfile::tempdir().unwrap();
        let error = files(Vec::new(), Some(dir.path().as_os_str())).unwrap_err();
        assert!(matches!(error, StudyError::Missing { .. }), "{error}");
    }

    #[test]
    fn a_bad_board_names_its_file_and_line() {
        let Err(error) = puzzles_of(Path::new("cards.txt"), "# card\n1 8 16 AAooo\n") else {
            panic!("a bad board was read");
        };
        let message = error.to_string();
        assert!(
            message.starts_with("cards.txt line 2: wrong length"),
            "{message}"
        );
    }

    #[test]
    fn measurements_are_averaged_per_category_and_algorithm() {
        let dir = tempfile::tempdir().unwrap();
        let level = |l: f64| {
            format!(
                r#"{{"breadth": {{"answerLength": {l}, "expandedNodes": 10, "executionTime": 0.5}}}}"#
            )
        };
        let json = format!(r#"{{"1": {}, "2": {}}}"#, level(2.0), level(4.0));
        std::fs::write(dir.path().join("easy.json"), json).unwrap();
        let means = read_measurements(dir.path(), &["easy", "hard"]).unwrap();
        assert_eq!(
            means.into_iter().collect::<Vec<_>>(),
            [(("easy".into(), "breadth".into()), (3.0, 10.0, 0.5))]
        );
    }
}
