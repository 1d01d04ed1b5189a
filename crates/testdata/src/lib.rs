#![doc = include_str!("../README.md")]

use std::ffi::OsStr;
use std::path::{Component, Path, PathBuf};

/// The environment variable naming the data directory.
pub const VAR: &str = "UNBLOCKER_DATA";

/// The repository's own copy of the data, under the workspace root.
const IN_REPO: &str = "testdata";

/// Where the complete data set is by default, from the workspace root.
const BESIDE: &str = "../shared";

/// The workspace root (the directory of the top `Cargo.toml`).
fn workspace_root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest
        .parent()
        .and_then(Path::parent)
        .expect("crates/testdata sits two levels below the workspace root")
        .to_path_buf()
}

/// The value of `UNBLOCKER_DATA`, if it is set and not empty.
fn var() -> Option<std::ffi::OsString> {
    std::env::var_os(VAR).filter(|v| !v.is_empty())
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

/// `relative` inside `dir` (`dir` itself for an empty `relative`).
fn inside(dir: &Path, relative: &str) -> PathBuf {
    if relative.is_empty() {
        dir.to_path_buf()
    } else {
        dir.join(relative)
    }
}

/// Test data that is not where it was looked for: its display names the
/// path tried and `UNBLOCKER_DATA`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Missing {
    /// The last path tried.
    pub path: PathBuf,
    /// Where else it was looked for, and how the places were chosen.
    pub how: String,
}

impl std::fmt::Display for Missing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "missing test data: {} does not exist ({}); set {VAR} to the \
             directory holding the full ground-truth data (puzzles/ and screenshots/)",
            self.path.display(),
            self.how
        )
    }
}

impl std::error::Error for Missing {}

/// The resolution order, with the variable's value and the workspace root
/// given (so that it can be tested without touching the environment).
fn resolve(relative: &str, var: Option<&OsStr>, root: &Path) -> Result<PathBuf, Missing> {
    if let Some(value) = var {
        let path = inside(&tidy(&root.join(value)), relative);
        return if path.exists() {
            Ok(path)
        } else {
            Err(Missing {
                path,
                how: format!("{VAR}={}", Path::new(value).display()),
            })
        };
    }
    let in_repo = inside(&root.join(IN_REPO), relative);
    if in_repo.exists() {
        return Ok(in_repo);
    }
    let beside = inside(&tidy(&root.join(BESIDE)), relative);
    if beside.exists() {
        Ok(beside)
    } else {
        Err(Missing {
            path: beside,
            how: format!(
                "{VAR} is unset, and it is not in {} either",
                in_repo.display()
            ),
        })
    }
}

/// The directory holding the full data set, if there is one: `UNBLOCKER_DATA`
/// when set, else `shared/` beside the workspace root; it counts when it
/// holds `puzzles/` and `screenshots/INDEX.tsv`.
fn full_dir(var: Option<&OsStr>, root: &Path) -> Option<PathBuf> {
    let dir = tidy(&root.join(var.unwrap_or(OsStr::new(BESIDE))));
    let complete = dir.join("puzzles").is_dir() && dir.join("screenshots/INDEX.tsv").is_file();
    complete.then_some(dir)
}

/// The path of `relative` (e.g. `"puzzles/rush/rush1000.txt"`), or why it
/// is not there (for a benchmark that skips what it cannot find).
pub fn find(relative: &str) -> Result<PathBuf, Missing> {
    resolve(relative, var().as_deref(), &workspace_root())
}

/// Whether `relative` can be found (see the module's resolution order).
pub fn available(relative: &str) -> bool {
    find(relative).is_ok()
}

/// Whether the full ground-truth data is present: `UNBLOCKER_DATA`, or
/// `../shared` beside the checkout when it is unset, names a directory
/// holding `puzzles/` and `screenshots/INDEX.tsv`.
pub fn full() -> bool {
    full_dir(var().as_deref(), &workspace_root()).is_some()
}

/// The data directory a test can list: `UNBLOCKER_DATA` when it is set,
/// else the repository's `testdata/`; fails the test if it does not exist.
pub fn dir() -> PathBuf {
    path("")
}

/// The path of `relative` (e.g. `"puzzles/rush/rush1000.txt"`); fails the
/// test, naming `UNBLOCKER_DATA` and the paths tried, if there is no such
/// file or directory.
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

/// The text of `relative`.
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

/// The bytes of `relative`.
pub fn read(relative: &str) -> Vec<u8> {
    let path = path(relative);
    std::fs::read(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    /// A checkout `ws/` with its `testdata/` and a `shared/` beside it, each
    /// holding the files named, in a fresh temporary directory.
    struct Layout {
        _tmp: tempfile::TempDir,
        root: PathBuf,
        shared: PathBuf,
        other: PathBuf,
    }

    fn layout(in_repo: &[&str], beside: &[&str], elsewhere: &[&str]) -> Layout {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().join("ws");
        let shared = tmp.path().join("shared");
        let other = tmp.path().join("other");
        for (dir, files) in [
            (root.join(IN_REPO), in_repo),
            (shared.clone(), beside),
            (other.clone(), elsewhere),
        ] {
            fs::create_dir_all(&dir).unwrap();
            for file in files {
                let path = dir.join(file);
                fs::create_dir_all(path.parent().unwrap()).unwrap();
                fs::write(path, file).unwrap();
            }
        }
        Layout {
            _tmp: tmp,
            root,
            shared,
            other,
        }
    }

    #[test]
    fn tidy_resolves_parent_parts() {
        assert_eq!(
            tidy(Path::new("/a/b/./../shared/x")),
            PathBuf::from("/a/shared/x")
        );
        assert_eq!(tidy(Path::new("../shared")), PathBuf::from("../shared"));
    }

    #[test]
    fn the_variable_comes_first_and_alone() {
        let l = layout(&["a.txt", "b.txt"], &["a.txt"], &["a.txt"]);
        let var = Some(l.other.as_os_str());
        assert_eq!(resolve("a.txt", var, &l.root), Ok(l.other.join("a.txt")));
        let missing = resolve("b.txt", var, &l.root).unwrap_err();
        assert_eq!(missing.path, l.other.join("b.txt"));
        assert!(missing.how.contains(VAR), "{}", missing.how);
    }

    #[test]
    fn a_relative_variable_is_taken_from_the_workspace_root() {
        let l = layout(&[], &[], &["a.txt"]);
        let var = Some(OsStr::new("../other"));
        assert_eq!(resolve("a.txt", var, &l.root), Ok(l.other.join("a.txt")));
    }

    #[test]
    fn without_the_variable_the_repository_copy_comes_before_shared() {
        let l = layout(&["a.txt"], &["a.txt", "b.txt"], &[]);
        let in_repo = l.root.join(IN_REPO);
        assert_eq!(resolve("a.txt", None, &l.root), Ok(in_repo.join("a.txt")));
        assert_eq!(resolve("b.txt", None, &l.root), Ok(l.shared.join("b.txt")));
        assert_eq!(resolve("", None, &l.root), Ok(in_repo));
    }

    #[test]
    fn a_missing_file_names_the_variable_and_both_paths() {
        let l = layout(&[], &[], &[]);
        let missing = resolve("no/such/file.txt", None, &l.root).unwrap_err();
        assert_eq!(missing.path, l.shared.join("no/such/file.txt"));
        let text = missing.to_string();
        assert!(text.contains(VAR), "{text}");
        assert!(text.contains(&missing.path.display().to_string()), "{text}");
        let in_repo = l.root.join(IN_REPO).join("no/such/file.txt");
        assert!(text.contains(&in_repo.display().to_string()), "{text}");
    }

    #[test]
    fn the_full_data_is_a_directory_with_puzzles_and_the_screenshot_index() {
        let full = ["puzzles/rush/rush1000.txt", "screenshots/INDEX.tsv"];
        let l = layout(&full, &full, &["puzzles/rush/rush1000.txt"]);
        assert_eq!(full_dir(None, &l.root), Some(l.shared.clone()));
        assert_eq!(full_dir(Some(l.other.as_os_str()), &l.root), None);
        let bare = layout(&full, &[], &[]);
        assert_eq!(
            full_dir(None, &bare.root),
            None,
            "testdata/ alone is not the full data"
        );
    }

    #[test]
    fn the_repository_holds_every_puzzle_file_and_its_screenshot_index() {
        let root = workspace_root();
        for file in [
            "puzzles/rush/rush1000.txt",
            "puzzles/rush/db_histogram.tsv",
            "puzzles/klotski/classic.tsv",
            "screenshots/INDEX.tsv",
        ] {
            assert!(root.join(IN_REPO).join(file).is_file(), "{file}");
        }
        let index = fs::read_to_string(root.join(IN_REPO).join("screenshots/INDEX.tsv")).unwrap();
        for row in index.lines().skip(1) {
            let file = row.split('\t').next().unwrap();
            let path = root.join(IN_REPO).join("screenshots").join(file);
            assert!(
                path.is_file(),
                "INDEX.tsv lists {file}, which is not in testdata/"
            );
        }
    }
}
