//! Where the tests and benchmarks find the ground-truth data (puzzle files
//! and screenshots): the directory named by `UNBLOCKER_DATA`, or `shared/`
//! beside the workspace root (`../shared` from the checkout) when it is unset.
//!
//! A relative `UNBLOCKER_DATA` is taken from the workspace root, the
//! directory `cargo test` is usually run from (the test binaries themselves
//! run in their crate's directory). A missing file fails the test with a
//! message that names `UNBLOCKER_DATA` and the path tried.
//!
//! ```no_run
//! let text = unblocker_testdata::read_to_string("puzzles/rush/rush1000.txt");
//! let shots = unblocker_testdata::path("screenshots");
//! ```

use std::path::{Component, Path, PathBuf};

/// The environment variable naming the data directory.
pub const VAR: &str = "UNBLOCKER_DATA";

/// The workspace root (the directory of the top `Cargo.toml`).
fn workspace_root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest
        .parent()
        .and_then(Path::parent)
        .expect("crates/testdata sits two levels below the workspace root")
        .to_path_buf()
}

/// Drops `.` and resolves `..` textually, so messages show a readable path.
fn tidy(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir
                if matches!(out.components().next_back(), Some(Component::Normal(_))) =>
            {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// Where the data directory is and how it was chosen (for messages).
fn locate() -> (PathBuf, String) {
    match std::env::var_os(VAR).filter(|v| !v.is_empty()) {
        Some(value) => (
            tidy(&workspace_root().join(&value)),
            format!("{VAR}={}", Path::new(&value).display()),
        ),
        None => (
            tidy(&workspace_root().join("../shared")),
            format!("{VAR} is unset, so ../shared beside the workspace root"),
        ),
    }
}

/// Test data that is not where it was looked for: its display names the
/// path tried and `UNBLOCKER_DATA`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Missing {
    /// The path tried.
    pub path: PathBuf,
    /// How the data directory was chosen.
    pub how: String,
}

impl std::fmt::Display for Missing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "missing test data: {} does not exist ({}); set {VAR} to the \
             directory holding puzzles/ and screenshots/",
            self.path.display(),
            self.how
        )
    }
}

impl std::error::Error for Missing {}

/// The path of `relative` in the data directory, or why it is not there
/// (for a benchmark that skips what it cannot find).
pub fn find(relative: &str) -> Result<PathBuf, Missing> {
    let (dir, how) = locate();
    let path = if dir.is_dir() && !relative.is_empty() {
        dir.join(relative)
    } else {
        dir
    };
    if path.exists() {
        Ok(path)
    } else {
        Err(Missing { path, how })
    }
}

/// The data directory; fails the test if it does not exist.
pub fn dir() -> PathBuf {
    path("")
}

/// The path of `relative` (e.g. `"puzzles/rush/rush1000.txt"`) in the data
/// directory; fails the test, naming `UNBLOCKER_DATA` and the path tried, if
/// there is no such file or directory.
pub fn path(relative: &str) -> PathBuf {
    find(relative).unwrap_or_else(|missing| panic!("{missing}"))
}

/// [`path`] as a `String`, for command-line arguments.
pub fn arg(relative: &str) -> String {
    let path = path(relative);
    path.to_str()
        .unwrap_or_else(|| panic!("{}: the data path is not UTF-8", path.display()))
        .to_string()
}

/// The text of `relative` in the data directory.
pub fn read_to_string(relative: &str) -> String {
    let path = path(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// The published 6x6 database's puzzles per move count
/// (`puzzles/rush/db_histogram.tsv`), as `(moves, puzzles)` in file order.
pub fn rush_histogram() -> Vec<(u32, u64)> {
    let text = read_to_string("puzzles/rush/db_histogram.tsv");
    text.lines()
        .skip(1)
        .map(|line| {
            let number = |s: &str| s.parse().unwrap_or_else(|_| panic!("bad number in {line}"));
            let (moves, count) = line.split_once('\t').expect("moves<TAB>puzzles");
            (number(moves) as u32, number(count))
        })
        .collect()
}

/// The bytes of `relative` in the data directory.
pub fn read(relative: &str) -> Vec<u8> {
    let path = path(relative);
    std::fs::read(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tidy_resolves_parent_parts() {
        assert_eq!(
            tidy(Path::new("/a/b/./../shared/x")),
            PathBuf::from("/a/shared/x")
        );
        assert_eq!(tidy(Path::new("../shared")), PathBuf::from("../shared"));
    }

    #[test]
    fn a_missing_file_names_the_variable_and_the_path() {
        let Err(missing) = find("no/such/file.txt") else {
            panic!("found a file that does not exist");
        };
        let text = missing.to_string();
        assert!(text.contains(VAR), "{text}");
        assert!(text.contains(&missing.path.display().to_string()), "{text}");
    }

    #[test]
    fn the_default_is_shared_beside_the_workspace() {
        if std::env::var_os(VAR).is_none() {
            let (dir, how) = locate();
            assert_eq!(dir, tidy(&workspace_root().join("../shared")));
            assert!(how.contains(VAR), "{how}");
        }
    }
}
