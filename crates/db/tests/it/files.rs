//! Which files are databases: a read-only file can be queried (it is opened
//! read-only), another program's SQLite file is refused (an empty one is
//! filled), a missing folder is not created, and a path that is not a
//! regular file is refused.

use std::path::Path;
use unblocker_db::{Database, DbError};

const LINES: &str = "60 IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM 2332\n\
                     58 BBoKMxDDDKMoIAALooIoJLEEooJFFNoGGoxN 9192\n";

fn filled(path: &Path) {
    let mut db = Database::open(path).unwrap();
    assert_eq!(db.import(LINES.as_bytes()).unwrap(), 2);
}

#[test]
fn a_read_only_file_is_queried_and_never_written() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ro.sqlite");
    filled(&path);
    let mut permissions = std::fs::metadata(&path).unwrap().permissions();
    permissions.set_readonly(true);
    std::fs::set_permissions(&path, permissions).unwrap();
    let mut db = Database::open_existing(&path).unwrap();
    assert_eq!(db.count().unwrap(), 2);
    // The connection itself is read-only (even for root, whom the file's
    // mode does not stop).
    let error = db.import(LINES.as_bytes()).unwrap_err();
    assert!(error.to_string().contains("readonly"), "{error}");
}

#[test]
fn another_programs_sqlite_file_is_refused_and_an_empty_one_filled() {
    let dir = tempfile::tempdir().unwrap();
    let other = dir.path().join("other.sqlite");
    let conn = rusqlite::Connection::open(&other).unwrap();
    conn.execute_batch("CREATE TABLE notes (text TEXT)")
        .unwrap();
    drop(conn);
    for error in [
        Database::open(&other).err().unwrap(),
        Database::open_existing(&other).err().unwrap(),
    ] {
        assert!(matches!(error, DbError::Foreign(_)), "{error}");
        assert!(error
            .to_string()
            .ends_with("is not an unblocker database (another program's SQLite file, or empty)"));
    }
    let empty = dir.path().join("empty.sqlite");
    std::fs::write(&empty, b"").unwrap();
    assert!(matches!(
        Database::open_existing(&empty).err().unwrap(),
        DbError::Foreign(_)
    ));
    filled(&empty);
    assert_eq!(Database::open_existing(&empty).unwrap().count().unwrap(), 2);
}

#[test]
fn a_missing_folder_is_not_created_and_other_paths_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let nested = dir.path().join("missing").join("x.sqlite");
    let error = Database::open(&nested).err().unwrap();
    assert!(matches!(error, DbError::NoFolder(_)), "{error}");
    assert!(!dir.path().join("missing").exists());
    for path in [dir.path(), Path::new("/dev/null")] {
        let error = Database::open(path).err().unwrap();
        assert!(matches!(error, DbError::NotAFile(_)), "{error}");
        let error = Database::open_existing(path).err().unwrap();
        assert!(matches!(error, DbError::NotAFile(_)), "{error}");
    }
    assert!(!Path::new("/dev/null-journal").exists());
}
