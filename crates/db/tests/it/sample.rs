//! The embedded sample as a database, and the compact sample file written
//! from a database: the sample's puzzles against the solver, and the
//! committed file against a full database when one is given:
//!
//! ```text
//! UNBLOCKER_FULL_DB=full.sqlite cargo test -p unblocker-db --test it sample -- --ignored
//! UNBLOCKER_FULL_DB=full.sqlite UNBLOCKER_WRITE_SAMPLE=1 cargo test -p unblocker-db --test it sample -- --ignored
//! ```
//!
//! The first checks that `crates/model/data/rush6.sample` is what the full
//! database gives; the second writes it.

use std::path::PathBuf;
use unblocker_db::{Database, DbError, Filter, Grouping};
use unblocker_model::format::{self, to_line};
use unblocker_model::sample::{embedded, Sample, Unsupported};
use unblocker_model::{Difficulty, Metric};
use unblocker_solve::{Control, Solver};

#[test]
fn the_sample_database_holds_the_embedded_sample() {
    let db = Database::sample().unwrap();
    assert_eq!(db.count().unwrap(), embedded().entries().len() as u64);
    let hardest = db
        .query(&Filter {
            difficulty: Difficulty {
                min_moves: 60,
                ..Difficulty::ANY
            },
            ..Filter::default()
        })
        .unwrap();
    assert_eq!(hardest.len(), 1);
    // rush1000.txt's first, `IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM`, in
    // canonical letters.
    assert_eq!(hardest[0].board, "BCCxooBooDEEFAADooFoGHHIJJGooIKKLLLI");
    let published = format::parse("IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM", Default::default());
    assert_eq!(to_line(&published.unwrap()), hardest[0].board);
    assert_eq!((hardest[0].moves, hardest[0].cluster), (60, 2332));
    assert_eq!((hardest[0].walls, hardest[0].pieces), (1, 12));
    let mut by_moves: Vec<(u64, u64)> = Vec::new();
    for entry in embedded().entries() {
        match by_moves.last_mut() {
            Some((moves, n)) if *moves == u64::from(entry.moves) => *n += 1,
            _ => by_moves.push((u64::from(entry.moves), 1)),
        }
    }
    let histogram: Vec<(u64, u64)> = db
        .histogram(Grouping::Moves)
        .unwrap()
        .into_iter()
        .map(|(moves, n, _)| (moves, n))
        .collect();
    assert_eq!(histogram, by_moves);
}

#[test]
fn a_compact_sample_holds_what_the_text_sample_holds() {
    let db = Database::sample().unwrap();
    // All of it: the embedded file, byte for byte.
    assert_eq!(
        db.compact_sample(200).unwrap(),
        embedded().encode().unwrap()
    );
    // Two of each move count: the lines `export --per-moves 2` writes.
    let mut text = Vec::new();
    let count = db.export_sample(&mut text, 2).unwrap();
    let mut lines: Vec<(u32, String, u64)> = String::from_utf8(text)
        .unwrap()
        .lines()
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (
                f[0].parse().unwrap(),
                f[1].to_string(),
                f[2].parse().unwrap(),
            )
        })
        .collect();
    let small = Sample::decode(&db.compact_sample(2).unwrap()).unwrap();
    let mut decoded: Vec<(u32, String, u64)> = small
        .entries()
        .iter()
        .map(|e| (e.moves, to_line(&e.board), e.cluster))
        .collect();
    lines.sort();
    decoded.sort();
    let groups = embedded().entries().chunk_by(|a, b| a.moves == b.moves);
    let expected: usize = groups.map(|group| group.len().min(2)).sum();
    assert_eq!(count as usize, expected);
    assert_eq!(decoded, lines);
}

#[test]
fn a_database_of_other_boards_has_no_compact_sample() {
    let mut db = Database::in_memory().unwrap();
    db.import("10 ooooooooooAAooooooooooooo 40\n".as_bytes())
        .unwrap();
    match db.compact_sample(200) {
        Err(DbError::Encode(e)) => {
            assert_eq!(
                e.why,
                Unsupported::Size {
                    width: 5,
                    height: 5
                }
            )
        }
        other => panic!("{other:?}"),
    }
}

/// One puzzle in 25 of each move count of the sample (at least one of
/// each): the solver finds its moves as the optimum and as its component's
/// largest distance, and its component size.
#[test]
fn the_sample_puzzles_have_the_solvers_answers() {
    let mut solver = Solver::new();
    let control = Control::default();
    let picked: Vec<_> = embedded()
        .entries()
        .chunk_by(|a, b| a.moves == b.moves)
        .flat_map(|group| group.iter().step_by(25))
        .collect();
    for entry in &picked {
        let a = solver
            .analyze(&entry.board, Metric::Slide, &control)
            .unwrap();
        let line = format::to_line(&entry.board);
        assert_eq!(a.optimal, Some(entry.moves), "{line}");
        assert_eq!(a.farthest, Some(entry.moves), "{line} is the hardest");
        assert_eq!(a.reachable_states, entry.cluster, "{line}");
    }
    assert!(picked.len() > 300, "{}", picked.len());
}

/// The committed file.
fn committed() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../model/data/rush6.sample")
}

#[test]
#[ignore = "needs a finished 6x6 database file: UNBLOCKER_FULL_DB=FILE cargo test -p unblocker-db --test it a_finished_database -- --ignored"]
fn a_finished_database_gives_the_embedded_sample() {
    let path = PathBuf::from(std::env::var_os("UNBLOCKER_FULL_DB").expect(
        "set UNBLOCKER_FULL_DB to a file made by `unblocker db generate --size 6 --max-walls 2`",
    ));
    let db = Database::open_existing(&path).expect("the database file opens");
    let bytes = db.compact_sample(200).unwrap();
    if std::env::var_os("UNBLOCKER_WRITE_SAMPLE").is_some_and(|v| v == "1") {
        std::fs::write(committed(), &bytes).unwrap();
        eprintln!("wrote {} ({} bytes)", committed().display(), bytes.len());
    } else {
        let file = std::fs::read(committed()).unwrap();
        assert!(
            file == bytes,
            "{} is not the full database's sample: UNBLOCKER_WRITE_SAMPLE=1 writes it",
            committed().display()
        );
    }
}
