//! The generator against fogleman/rush's counts and the solver, and the
//! database's resume, shard and merge guarantees.

use std::path::Path;
use unblocker_db::shard::Shard;
use unblocker_db::{Database, DbError, Filter};
use unblocker_gen::{generate, GenError, GenerateOptions};
use unblocker_model::{format, Difficulty, Metric, Record};
use unblocker_solve::{Control, Solver};

fn options(size: usize, max_walls: usize) -> GenerateOptions {
    GenerateOptions {
        size,
        max_walls,
        threads: 2,
        shard: Shard::WHOLE,
        max_units: None,
    }
}

fn generated(dir: &Path, name: &str, options: &GenerateOptions) -> Database {
    let mut db = Database::open(&dir.join(name)).unwrap();
    generate(&mut db, options, |_| {}).unwrap();
    db
}

fn exported(db: &Database) -> String {
    let mut out = Vec::new();
    db.export(&mut out).unwrap();
    String::from_utf8(out).unwrap()
}

fn all(db: &Database) -> Vec<Record> {
    db.query(&Filter::default()).unwrap()
}

/// The number of puzzles of small boards, by optimum, as the previous
/// generator (fogleman/rush's algorithm: one search per component from its
/// smallest position, every removal test a fresh search) produced them.
#[test]
fn small_databases_hold_the_known_puzzles() {
    let dir = tempfile::tempdir().unwrap();
    for (size, walls, expected) in [
        (
            4,
            2,
            vec![(1, 1), (2, 2), (3, 7), (4, 8), (5, 5), (6, 6), (7, 3)],
        ),
        (
            5,
            0,
            vec![
                (1, 1),
                (2, 3),
                (3, 46),
                (4, 165),
                (5, 339),
                (6, 340),
                (7, 296),
                (8, 196),
                (9, 139),
                (10, 83),
                (11, 32),
                (12, 12),
                (13, 26),
                (14, 22),
                (15, 14),
                (16, 12),
                (18, 2),
                (20, 2),
            ],
        ),
    ] {
        let db = generated(
            dir.path(),
            &format!("count-{size}-{walls}.sqlite"),
            &options(size, walls),
        );
        let mut by_moves = std::collections::BTreeMap::new();
        for p in all(&db) {
            *by_moves.entry(p.moves).or_insert(0) += 1;
        }
        assert_eq!(
            by_moves.into_iter().collect::<Vec<_>>(),
            expected,
            "{size}x{size}, up to {walls} walls"
        );
    }
}

/// Every stored puzzle's moves, component and distance histogram equal a
/// fresh analysis by the solver; the puzzle is its component's hardest
/// position; and removing any wall (which no solution moves) lowers its
/// optimum, as minimality demands.
#[test]
fn small_databases_agree_with_the_solver() {
    let dir = tempfile::tempdir().unwrap();
    let mut solver = Solver::new();
    for (size, walls) in [(4, 2), (5, 0)] {
        let db = generated(
            dir.path(),
            &format!("{size}-{walls}.sqlite"),
            &options(size, walls),
        );
        let puzzles = all(&db);
        assert!(!puzzles.is_empty());
        for p in &puzzles {
            check_puzzle(&mut solver, p);
        }
        // Each component appears once: the one-move puzzle is the lone target.
        let one_move: Vec<_> = puzzles.iter().filter(|p| p.moves == 1).collect();
        assert_eq!(one_move.len(), 1);
        assert_eq!(one_move[0].pieces, 1);
    }
}

#[test]
fn shards_merge_into_the_unsharded_database() {
    let dir = tempfile::tempdir().unwrap();
    let whole = generated(dir.path(), "whole.sqlite", &options(4, 2));
    let mut merged = Database::open(&dir.path().join("merged.sqlite")).unwrap();
    for k in 1..=3 {
        let name = format!("shard{k}.sqlite");
        let shard = GenerateOptions {
            shard: Shard::new(k, 3).unwrap(),
            ..options(4, 2)
        };
        drop(generated(dir.path(), &name, &shard));
        merged.merge(&dir.path().join(name)).unwrap();
    }
    assert_eq!(exported(&merged), exported(&whole));
    assert_eq!(merged.work_done().unwrap().0, whole.work_done().unwrap().0);
}

#[test]
fn an_interrupted_run_resumes_without_losing_or_repeating_rows() {
    let dir = tempfile::tempdir().unwrap();
    let whole = generated(dir.path(), "whole.sqlite", &options(4, 2));
    let path = dir.path().join("resumed.sqlite");
    let mut db = Database::open(&path).unwrap();
    let first = GenerateOptions {
        max_units: Some(500),
        ..options(4, 2)
    };
    // The run stops at the end of the family (a wall-free unit with its
    // walled units, committed at once) that brings it to 500 units.
    let interrupted = generate(&mut db, &first, |_| {}).unwrap();
    let stopped = interrupted.units_run;
    assert!((500..1000).contains(&stopped), "{stopped}");
    // The resumed run's first progress, before any unit of its own, says
    // where it starts; every later one (a family each) counts from there,
    // its puzzles too.
    let held = db.count().unwrap();
    assert!(held > 0, "the first run stored puzzles");
    let mut seen = Vec::new();
    let mut puzzles = Vec::new();
    let resumed = generate(&mut db, &options(4, 2), |p| {
        seen.push((p.units_done, p.units_before, p.positions));
        puzzles.push(p.puzzles);
    })
    .unwrap();
    assert_eq!(resumed.units_skipped, stopped);
    assert_eq!(seen[0], (stopped, stopped, 0));
    assert!(puzzles.iter().all(|&p| p >= held), "{held} {puzzles:?}");
    assert!(seen.windows(2).all(|w| w[0].0 < w[1].0), "{seen:?}");
    assert_eq!(seen.last().unwrap().0, stopped + resumed.units_run);
    assert!(seen.iter().all(|&(_, before, _)| before == stopped));
    // A third run finds nothing left to do, and reports no progress.
    let mut reported = false;
    let again = generate(&mut db, &options(4, 2), |_| reported = true).unwrap();
    assert_eq!(again.units_run, 0);
    assert!(!reported);
    assert_eq!(again.puzzles, db.count().unwrap());
    assert_eq!(exported(&db), exported(&whole));
}

/// A run stopped in any phase (its first phases' families all done, or
/// none of them) resumes from its journal to the same database.
#[test]
fn a_run_stopped_in_any_phase_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let whole = exported(&generated(dir.path(), "whole.sqlite", &options(4, 2)));
    for stop in [1, 100, 700, 1300] {
        let path = dir.path().join(format!("stopped-{stop}.sqlite"));
        let mut db = Database::open(&path).unwrap();
        let first = GenerateOptions {
            max_units: Some(stop),
            ..options(4, 2)
        };
        let stopped = generate(&mut db, &first, |_| {}).unwrap();
        assert!(stopped.units_run >= stop as u64, "{stop}");
        generate(&mut db, &options(4, 2), |_| {}).unwrap();
        assert_eq!(exported(&db), whole, "stopped after {stop} units");
    }
}

/// Runs 4x4 (up to two walls) into `name` and stops it after 500 units,
/// with candidates waiting for removal tests; returns the file and its
/// pending folder.
fn interrupted(dir: &Path, name: &str) -> (std::path::PathBuf, std::path::PathBuf) {
    let path = dir.join(name);
    let first = GenerateOptions {
        max_units: Some(500),
        ..options(4, 2)
    };
    generate(&mut Database::open(&path).unwrap(), &first, |_| {}).unwrap();
    let pending = dir.join(format!("{name}.pending"));
    (path, pending)
}

/// The names of the files in a folder, sorted.
fn file_names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

/// The removal tests' state between phases lives in a file per phase and
/// kind beside the database: an interrupted run leaves them, a resumed run
/// removes the ones no longer needed, and a finished run the folder.
#[test]
fn pending_state_lives_in_files_removed_when_their_phase_ends() {
    let dir = tempfile::tempdir().unwrap();
    let whole = generated(dir.path(), "whole.sqlite", &options(4, 2));
    assert!(!dir.path().join("whole.sqlite.pending").exists());
    let (path, pending) = interrupted(dir.path(), "resumed.sqlite");
    let names = file_names(&pending);
    assert!(names.iter().any(|n| n.starts_with("waiting-")), "{names:?}");
    // Left by a stop between a phase's end and the removal of its files.
    std::fs::write(pending.join("waiting-99.sqlite"), b"").unwrap();
    std::fs::write(pending.join("answered-98.sqlite-wal"), b"").unwrap();
    let mut db = Database::open(&path).unwrap();
    let mut phases = Vec::new();
    generate(&mut db, &options(4, 2), |p| {
        if phases.last() != Some(&p.phase) {
            phases.push(p.phase);
            let names = file_names(&pending);
            assert!(!names.iter().any(|n| n.contains("-9")), "{names:?}");
            // Only this phase's files and the waiting candidates of the
            // phase above are kept.
            for name in names {
                let phase: usize = name
                    .trim_start_matches(|c: char| !c.is_ascii_digit())
                    .split('.')
                    .next()
                    .unwrap()
                    .parse()
                    .unwrap();
                let most = p.phase + usize::from(name.starts_with("waiting-"));
                assert!(phase <= most, "{name} in phase {}", p.phase);
            }
        }
    })
    .unwrap();
    assert!(phases.len() > 2, "{phases:?}");
    assert_eq!(exported(&db), exported(&whole));
    assert!(!pending.exists());
}

/// A stopped run copied without its pending folder is refused, naming the
/// missing file, instead of resuming without the candidates kept there;
/// with the folder back it carries on.
#[test]
fn a_stopped_run_without_its_pending_files_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let whole = generated(dir.path(), "whole.sqlite", &options(4, 2));
    let (path, pending) = interrupted(dir.path(), "copied.sqlite");
    let aside = dir.path().join("aside");
    std::fs::rename(&pending, &aside).unwrap();
    let mut db = Database::open(&path).unwrap();
    let before = db.work_done().unwrap().0;
    let err = generate(&mut db, &options(4, 2), |_| {}).unwrap_err();
    let GenError::PendingMissing(missing) = &err else {
        panic!("{err}");
    };
    assert!(missing.starts_with(&pending), "{err}");
    assert!(err.to_string().contains("copy both"), "{err}");
    assert_eq!(db.work_done().unwrap().0, before);
    assert!(!pending.exists());
    std::fs::rename(&aside, &pending).unwrap();
    generate(&mut db, &options(4, 2), |_| {}).unwrap();
    assert_eq!(exported(&db), exported(&whole));
}

/// A generation in memory keeps its pending state in memory, for the run
/// that made it: stopped with candidates pending, it is refused rather
/// than resumed without them.
#[test]
fn a_stopped_generation_in_memory_is_refused() {
    let mut db = Database::in_memory().unwrap();
    let first = GenerateOptions {
        max_units: Some(500),
        ..options(4, 2)
    };
    generate(&mut db, &first, |_| {}).unwrap();
    let err = generate(&mut db, &options(4, 2), |_| {}).unwrap_err();
    assert!(matches!(err, GenError::PendingInMemory), "{err}");
    // Generated in one run, it is the file's database.
    let mut whole = Database::in_memory().unwrap();
    generate(&mut whole, &options(4, 2), |_| {}).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let file = generated(dir.path(), "file.sqlite", &options(4, 2));
    assert_eq!(exported(&whole), exported(&file));
}

/// A run stopped by a generator that kept the removal tests' state in the
/// database's own tables is carried on from it.
#[test]
fn a_run_an_older_generator_stopped_is_carried_on() {
    let dir = tempfile::tempdir().unwrap();
    let whole = generated(dir.path(), "whole.sqlite", &options(4, 2));
    let (path, pending) = interrupted(dir.path(), "older.sqlite");
    // The tables an older generator kept in the database file.
    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute_batch(
        "CREATE TABLE waiting (unit INTEGER PRIMARY KEY, phase INTEGER NOT NULL, data BLOB NOT NULL);
         CREATE TABLE answered (unit INTEGER PRIMARY KEY, phase INTEGER NOT NULL, rejected BLOB NOT NULL);",
    )
    .unwrap();
    for name in file_names(&pending) {
        let Some(stem) = name.strip_suffix(".sqlite") else {
            continue;
        };
        let (table, phase) = stem.split_once('-').unwrap();
        let column = if table == "waiting" {
            "data"
        } else {
            "rejected"
        };
        conn.execute(
            "ATTACH DATABASE ?1 AS old",
            [pending.join(&name).to_str().unwrap()],
        )
        .unwrap();
        conn.execute(
            &format!(
                "INSERT INTO main.{table} (unit, phase, {column})
                 SELECT unit, {phase}, {column} FROM old.{table}"
            ),
            [],
        )
        .unwrap();
        conn.execute("DETACH DATABASE old", []).unwrap();
    }
    // An older generator recorded no files.
    conn.execute("DELETE FROM meta WHERE key = 'pending_files'", [])
        .unwrap();
    let held: u64 = conn
        .query_row("SELECT count(*) FROM waiting", [], |r| r.get(0))
        .unwrap();
    assert!(held > 0);
    drop(conn);
    std::fs::remove_dir_all(&pending).unwrap();
    let mut db = Database::open(&path).unwrap();
    generate(&mut db, &options(4, 2), |_| {}).unwrap();
    assert_eq!(exported(&db), exported(&whole));
    let conn = rusqlite::Connection::open(&path).unwrap();
    let left: u64 = conn
        .query_row(
            "SELECT (SELECT count(*) FROM waiting) + (SELECT count(*) FROM answered)",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(left, 0);
}

/// A disk that fills up (a size cap on the file) stops the run with
/// [`DbError::Full`]; the file stays readable and a rerun with room carries
/// on to the same database.
#[test]
fn a_full_disk_stops_the_run_and_a_rerun_carries_on() {
    let dir = tempfile::tempdir().unwrap();
    let whole = generated(dir.path(), "whole.sqlite", &options(4, 2));
    let path = dir.path().join("full.sqlite");
    let mut db = Database::open(&path).unwrap();
    db.cap_size(64 * 1024).unwrap();
    let err = generate(&mut db, &options(4, 2), |_| {}).unwrap_err();
    assert!(matches!(err, GenError::Db(DbError::Full)), "{err}");
    assert!(err.to_string().contains("disk is full"), "{err}");
    drop(db);
    let mut db = Database::open(&path).unwrap();
    let committed = db.work_done().unwrap().0;
    assert!(
        committed > 0,
        "units committed before the disk filled up are kept"
    );
    let resumed = generate(&mut db, &options(4, 2), |_| {}).unwrap();
    assert_eq!(resumed.units_skipped, committed);
    assert_eq!(exported(&db), exported(&whole));
}

#[test]
fn a_second_generator_on_the_same_file_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("busy.sqlite");
    let first = Database::open(&path).unwrap();
    let lock = unblocker_gen::lock_writer(&first).unwrap();
    let mut second = Database::open(&path).unwrap();
    let mut reported = false;
    let refused = generate(&mut second, &options(4, 0), |_| reported = true);
    assert!(!reported, "a refused run reports no progress");
    assert!(
        matches!(&refused, Err(GenError::Busy(p)) if p == &path),
        "{refused:?}"
    );
    assert_eq!(second.count().unwrap(), 0);
    drop(lock);
    let summary = generate(&mut second, &options(4, 0), |_| {}).unwrap();
    assert!(summary.puzzles > 0);
}

#[test]
fn a_database_refuses_a_different_generation() {
    let dir = tempfile::tempdir().unwrap();
    let mut db = generated(dir.path(), "four.sqlite", &options(4, 0));
    let err = generate(&mut db, &options(5, 0), |_| {}).unwrap_err();
    assert!(err.to_string().contains("size = 4"), "{err}");
}

#[test]
fn rush1000_round_trips_through_import_and_export() {
    let dir = tempfile::tempdir().unwrap();
    let mut db = Database::open(&dir.path().join("imported.sqlite")).unwrap();
    let text = unblocker_testdata::read_to_string("puzzles/rush/rush1000.txt");
    assert_eq!(db.import(text.as_bytes()).unwrap(), 1000);
    // Importing again adds nothing.
    assert_eq!(db.import(text.as_bytes()).unwrap(), 0);
    let lines = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
            .collect()
    };
    // The same lines in the same order: hardest first, larger components
    // first, and the published order among the ties.
    assert_eq!(lines(&exported(&db)), lines(&text));

    let hardest_wall_free = db
        .query(&Filter {
            difficulty: Difficulty {
                walls: Some(0),
                ..Difficulty::ANY
            },
            limit: Some(1),
            ..Filter::default()
        })
        .unwrap();
    assert_eq!(
        hardest_wall_free[0].board,
        "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo"
    );
    assert_eq!(
        (hardest_wall_free[0].moves, hardest_wall_free[0].cluster),
        (51, 4780)
    );

    let ranged = db
        .query(&Filter {
            difficulty: Difficulty::new(50, 52, None).unwrap(),
            ..Filter::default()
        })
        .unwrap();
    let expected = text
        .lines()
        .filter(|l| (50..=52).contains(&l[..2].parse::<u32>().unwrap()))
        .count();
    assert_eq!(ranged.len(), expected);
    for _ in 0..20 {
        let p = db.random(&Difficulty::new(53, 55, None).unwrap());
        assert!((53..=55).contains(&p.unwrap().unwrap().moves));
    }
    let none = Difficulty::new(61, 70, None).unwrap();
    assert_eq!(db.random(&none).unwrap(), None);
}

#[test]
fn bad_import_lines_are_reported_with_their_number() {
    let dir = tempfile::tempdir().unwrap();
    let mut db = Database::open(&dir.path().join("bad.sqlite")).unwrap();
    let err = db
        .import("# comment\n60 IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM 2332\n12 ABC 4\n".as_bytes())
        .unwrap_err();
    assert!(err.to_string().starts_with("line 3:"), "{err}");
}

/// A file of the first schema: its puzzles stay readable; a generation it
/// holds in progress is refused, and its puzzles are left as they were.
#[test]
fn files_of_the_first_schema_are_read_and_not_resumed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("first.sqlite");
    rusqlite::Connection::open(&path)
        .unwrap()
        .execute_batch(
            "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
            INSERT INTO meta VALUES ('game', 'rush'), ('size', '4'), ('max_walls', '2');
            CREATE TABLE puzzles (id INTEGER PRIMARY KEY, moves INTEGER NOT NULL,
                board TEXT NOT NULL UNIQUE, cluster INTEGER NOT NULL, walls INTEGER NOT NULL,
                pieces INTEGER NOT NULL, histogram TEXT NOT NULL);
            CREATE TABLE units (id INTEGER PRIMARY KEY, positions INTEGER NOT NULL,
                components INTEGER NOT NULL, puzzles INTEGER NOT NULL, seconds REAL NOT NULL);
            INSERT INTO units VALUES (7, 100, 2, 1, 0.5);
            INSERT INTO puzzles (moves, board, cluster, walls, pieces, histogram)
                VALUES (2, 'oooooooBooAABoooooooooooo', 12, 0, 2, '4,6,2');",
        )
        .unwrap();
    let mut db = Database::open(&path).unwrap();
    assert_eq!(all(&db).len(), 1);
    assert_eq!(all(&db)[0].histogram, vec![4, 6, 2]);
    let err = generate(&mut db, &options(4, 2), |_| {}).unwrap_err();
    assert!(err.to_string().contains("older version"), "{err}");
    assert_eq!(all(&db).len(), 1);
}

/// A stored puzzle against the solver: its optimum, that it is its
/// component's hardest position, the component's size (and distance
/// histogram, when stored), and minimal: removing any wall or car but the
/// target lowers the optimum.
fn check_puzzle(solver: &mut Solver, p: &Record) {
    let control = Control::default();
    let board = format::parse(&p.board, Default::default()).unwrap();
    let a = solver.analyze(&board, Metric::Slide, &control).unwrap();
    assert_eq!(a.optimal, Some(p.moves), "{}", p.board);
    assert_eq!(a.farthest, Some(p.moves), "{} is the hardest", p.board);
    assert_eq!(a.reachable_states, p.cluster, "{}", p.board);
    if !p.histogram.is_empty() {
        assert_eq!(a.distance_histogram, p.histogram, "{}", p.board);
    }
    assert_eq!(p.walls as usize, board.walls().len());
    // Minimal: removing any wall or car but the target lowers the optimum.
    let mut pieces: Vec<char> = p.board.chars().filter(|&c| c != 'o' && c != 'A').collect();
    pieces.sort();
    pieces.dedup();
    for piece in pieces {
        let cells: Vec<usize> = p
            .board
            .char_indices()
            .filter(|&(_, c)| c == piece)
            .map(|(i, _)| i)
            .collect();
        let removals: Vec<Vec<usize>> = if piece == 'x' {
            cells.iter().map(|&i| vec![i]).collect()
        } else {
            vec![cells]
        };
        for removed in removals {
            let mut without: Vec<char> = p.board.chars().collect();
            for &i in &removed {
                without[i] = 'o';
            }
            let without: String = without.into_iter().collect();
            let board = format::parse(&without, Default::default()).unwrap();
            let fewer = solver.analyze(&board, Metric::Slide, &control).unwrap();
            assert!(
                fewer.optimal < Some(p.moves),
                "{}: {piece} at {removed:?} is not needed",
                p.board
            );
        }
    }
}

/// The sample embedded in the binary: 200 puzzles of every move count of
/// the full 6x6 database (0–2 walls), or all of them where it has fewer
/// (`db_histogram.tsv`), and every 25th puzzle checked against the solver.
#[test]
fn the_embedded_sample_is_the_database_s() {
    let sample = Database::sample().unwrap();
    let puzzles = all(&sample);
    let mut solver = Solver::new();
    let mut total = 0;
    for (moves, count) in unblocker_testdata::rush_histogram() {
        let n = puzzles.iter().filter(|p| p.moves == moves).count();
        assert_eq!(n, count.min(200) as usize, "puzzles of {moves} moves");
        total += n;
    }
    assert_eq!(puzzles.len(), total, "no move count the database lacks");
    assert!(puzzles.iter().all(|p| p.walls <= 2));
    for p in puzzles.iter().step_by(25) {
        check_puzzle(&mut solver, p);
    }
}
