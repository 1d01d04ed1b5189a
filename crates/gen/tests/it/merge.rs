//! Merging shard files: bad shards (other settings, truncated, unfinished or
//! still being written) are refused before anything is written, so the
//! target keeps every byte it had.

use std::path::{Path, PathBuf};
use unblocker_db::shard::Shard;
use unblocker_db::{merge_into, Database, DbError, ShardFileError};
use unblocker_gen::{generate, GenerateOptions};

fn part(dir: &Path, walls: usize, k: u64, n: u64, max_units: Option<usize>) -> PathBuf {
    let path = dir.join(format!("w{walls}-{k}of{n}.sqlite"));
    let mut db = Database::open(&path).unwrap();
    let options = GenerateOptions {
        size: 4,
        max_walls: walls,
        threads: 1,
        shard: Shard::new(k, n).unwrap(),
        max_units,
    };
    generate(&mut db, &options, |_| {}).unwrap();
    path
}

fn exported(path: &Path) -> String {
    let mut out = Vec::new();
    Database::open_existing(path)
        .unwrap()
        .export(&mut out)
        .unwrap();
    String::from_utf8(out).unwrap()
}

/// A target holding part 1 of 2 (no walls), and its bytes.
fn target(dir: &Path) -> (PathBuf, Vec<u8>) {
    let path = dir.join("target.sqlite");
    merge_into(&path, &[part(dir, 0, 1, 2, None)]).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    (path, bytes)
}

/// Merging `shards` into the target fails with `expect`'s error and leaves
/// the target byte for byte as it was; into a new file, creates nothing.
fn refused(dir: &Path, shards: &[PathBuf], expect: impl Fn(&ShardFileError) -> bool) -> String {
    let (path, before) = target(dir);
    let err = merge_into(&path, shards).unwrap_err();
    let DbError::Shard { error, .. } = &err else {
        panic!("not a shard error: {err}");
    };
    assert!(expect(error), "{err}");
    assert_eq!(
        std::fs::read(&path).unwrap(),
        before,
        "target changed: {err}"
    );
    let fresh = dir.join("fresh.sqlite");
    merge_into(&fresh, shards).unwrap_err();
    assert!(!fresh.exists(), "a refused merge created its target");
    err.to_string()
}

#[test]
fn parts_of_other_settings_are_refused_before_any_is_merged() {
    let dir = tempfile::tempdir().unwrap();
    let good = part(dir.path(), 0, 2, 2, None);
    let other = part(dir.path(), 1, 1, 2, None);
    // The good part comes first: had it been merged, the target would differ.
    let message = refused(
        dir.path(),
        &[good.clone(), other.clone()],
        |e| matches!(e, ShardFileError::Settings { key, .. } if key == "max_walls"),
    );
    assert!(message.contains("max_walls = 1"), "{message}");
    // Against the target's own settings (the part alone agrees with itself).
    let (path, before) = target(dir.path());
    let err = merge_into(&path, std::slice::from_ref(&other)).unwrap_err();
    assert!(err.to_string().contains("the target database"), "{err}");
    assert_eq!(std::fs::read(&path).unwrap(), before);
    // The good part alone completes the target.
    merge_into(&path, &[good]).unwrap();
    let whole = part(dir.path(), 0, 1, 1, None);
    assert_eq!(exported(&path), exported(&whole));
}

#[test]
fn truncated_or_foreign_files_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let good = part(dir.path(), 0, 2, 2, None);
    let bytes = std::fs::read(&good).unwrap();
    assert!(bytes.len() > 8192, "{} bytes", bytes.len());
    for keep in [bytes.len() / 2, 4096, 50] {
        let cut = dir.path().join(format!("cut{keep}.sqlite"));
        std::fs::write(&cut, &bytes[..keep]).unwrap();
        let message = refused(dir.path(), &[good.clone(), cut.clone()], |e| {
            matches!(e, ShardFileError::Damaged(_))
        });
        assert!(message.contains("truncated"), "{message}");
        assert_eq!(
            std::fs::read(&cut).unwrap(),
            &bytes[..keep],
            "shard changed"
        );
    }
    let empty = dir.path().join("empty.sqlite");
    std::fs::write(&empty, b"").unwrap();
    refused(dir.path(), std::slice::from_ref(&empty), |e| {
        matches!(e, ShardFileError::Foreign("meta"))
    });
    assert_eq!(std::fs::metadata(&empty).unwrap().len(), 0, "shard changed");
    refused(dir.path(), &[dir.path().join("missing.sqlite")], |e| {
        matches!(e, ShardFileError::Missing)
    });
}

#[test]
fn unfinished_parts_are_refused_until_finished() {
    let dir = tempfile::tempdir().unwrap();
    let stopped = part(dir.path(), 0, 2, 2, Some(5));
    let message = refused(dir.path(), std::slice::from_ref(&stopped), |e| {
        matches!(e, ShardFileError::Incomplete { done: 5, .. })
    });
    assert!(
        message.contains("part 2/2 holds 5 of its")
            && message.contains("finish it (generating part 2/2 into this file again"),
        "{message}"
    );
    // Finishing the run (it resumes) makes it mergeable.
    let finished = part(dir.path(), 0, 2, 2, None);
    let (path, _) = target(dir.path());
    merge_into(&path, &[finished]).unwrap();
    assert_eq!(exported(&path), exported(&part(dir.path(), 0, 1, 1, None)));
}

/// A part with all its units whose run stopped before its last phase
/// decided the waiting candidates is refused; finishing it makes it whole.
#[test]
fn undecided_parts_are_refused_until_finished() {
    let dir = tempfile::tempdir().unwrap();
    let undecided = part(dir.path(), 0, 2, 2, None);
    rusqlite::Connection::open(&undecided)
        .unwrap()
        .execute("UPDATE meta SET value = '0' WHERE key = 'next_phase'", [])
        .unwrap();
    let message = refused(dir.path(), std::slice::from_ref(&undecided), |e| {
        matches!(e, ShardFileError::Undecided { .. })
    });
    assert!(message.contains("last phase"), "{message}");
    let finished = part(dir.path(), 0, 2, 2, None);
    let (path, _) = target(dir.path());
    merge_into(&path, &[finished]).unwrap();
    assert_eq!(exported(&path), exported(&part(dir.path(), 0, 1, 1, None)));
}

/// A part whose run is writing its last units (a write transaction open):
/// the merge neither waits for the writer nor takes the uncommitted rows.
#[test]
fn a_part_still_being_written_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let writing = part(dir.path(), 0, 2, 2, Some(5));
    let mut writer = rusqlite::Connection::open(&writing).unwrap();
    let units: u64 = writer
        .query_row("SELECT value FROM meta WHERE key = 'units'", [], |r| {
            r.get::<_, String>(0)
        })
        .unwrap()
        .parse()
        .unwrap();
    let tx = writer
        .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
        .unwrap();
    for id in (1..units).step_by(2) {
        tx.execute(
            "INSERT OR IGNORE INTO units (id, positions, components, puzzles, seconds)
             VALUES (?1, 0, 0, 0, 0)",
            [id],
        )
        .unwrap();
    }
    refused(dir.path(), std::slice::from_ref(&writing), |e| {
        matches!(e, ShardFileError::Incomplete { done: 5, .. })
    });
    tx.rollback().unwrap();
}

#[test]
fn merging_is_idempotent_and_reports_each_part() {
    let dir = tempfile::tempdir().unwrap();
    let parts: Vec<PathBuf> = (1..=3).map(|k| part(dir.path(), 1, k, 3, None)).collect();
    let path = dir.path().join("all.sqlite");
    let first = merge_into(&path, &parts).unwrap();
    assert_eq!(first.len(), 3);
    assert!(first.iter().all(|m| m.new_puzzles > 0 && m.units > 0));
    assert_eq!(
        first
            .iter()
            .map(|m| m.shard.unwrap().index)
            .collect::<Vec<_>>(),
        [1, 2, 3]
    );
    let again = merge_into(&path, &parts).unwrap();
    assert!(again.iter().all(|m| m.new_puzzles == 0));
    assert_eq!(exported(&path), exported(&part(dir.path(), 1, 1, 1, None)));
    // The merged file is no part any more: generating the whole into it
    // finds every unit done.
    let mut db = Database::open(&path).unwrap();
    let options = GenerateOptions {
        size: 4,
        max_walls: 1,
        threads: 1,
        shard: Shard::WHOLE,
        max_units: None,
    };
    let summary = generate(&mut db, &options, |_| {}).unwrap();
    assert_eq!(summary.units_run, 0);
}
