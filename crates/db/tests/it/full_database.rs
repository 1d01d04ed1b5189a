//! A finished 6x6 database against the published one (run with `--ignored`
//! on a file made by `unblocker db generate`; see the crate README):
//!
//! ```text
//! UNBLOCKER_FULL_DB=puzzles.sqlite cargo test -p unblocker-db --test it a_finished_database -- --ignored
//! ```
//!
//! - every puzzle of rush1000.txt and rush_18k.txt within the file's wall
//!   limit is in it with the same moves and component size;
//! - with 0–2 walls (the published database's rules), its puzzles per move
//!   count equal `db_histogram.tsv` exactly and its hardest 1000 are
//!   rush1000.txt, in order.

use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;
use unblocker_db::Database;

/// A puzzle line: `MOVES BOARD CLUSTER`.
fn fields(line: &str) -> (u32, &str, u64) {
    let f: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(f.len(), 3, "not a MOVES BOARD CLUSTER line: {line}");
    let number = |s: &str| s.parse().unwrap_or_else(|_| panic!("bad number in {line}"));
    (number(f[0]) as u32, f[1], number(f[2]))
}

fn walls(board: &str) -> usize {
    board.chars().filter(|&c| c == 'x').count()
}

#[test]
#[ignore = "needs a finished 6x6 database file: UNBLOCKER_FULL_DB=FILE cargo test -p unblocker-db --test it a_finished_database -- --ignored"]
fn a_finished_database_holds_the_published_puzzles() {
    let path =
        PathBuf::from(std::env::var_os("UNBLOCKER_FULL_DB").expect(
            "set UNBLOCKER_FULL_DB to a file made by `unblocker db generate` (6x6, finished)",
        ));
    let db = Database::open_existing(&path).expect("the database file opens");
    let meta: HashMap<String, String> = db.meta().unwrap().into_iter().collect();
    assert_eq!(meta.get("game").map(String::as_str), Some("rush"));
    assert_eq!(meta.get("size").map(String::as_str), Some("6"));
    assert_eq!(
        meta.get("next_phase").map(String::as_str),
        Some("done"),
        "the run is finished"
    );
    let max_walls: usize = meta["max_walls"].parse().unwrap();

    let mut text = Vec::new();
    db.export(&mut text).unwrap();
    let text = String::from_utf8(text).unwrap();
    let ours: Vec<(u32, &str, u64)> = text.lines().map(fields).collect();
    let by_board: HashMap<&str, (u32, u64)> = ours.iter().map(|&(m, b, c)| (b, (m, c))).collect();
    assert_eq!(by_board.len(), ours.len(), "no board is stored twice");

    for set in ["rush1000.txt", "rush_18k.txt"] {
        let published = unblocker_testdata::read_to_string(&format!("puzzles/rush/{set}"));
        let mut checked = 0;
        for line in published.lines().filter(|l| !l.trim().is_empty()) {
            let (moves, board, cluster) = fields(line);
            if walls(board) > max_walls {
                continue;
            }
            assert_eq!(
                by_board.get(board),
                Some(&(moves, cluster)),
                "{set}: {line}"
            );
            checked += 1;
        }
        eprintln!("{set}: {checked} puzzles with at most {max_walls} walls, all found");
        assert!(checked > 0);
    }

    if max_walls == 2 {
        let mut histogram: BTreeMap<u32, u64> = BTreeMap::new();
        for &(moves, _, _) in &ours {
            *histogram.entry(moves).or_default() += 1;
        }
        for (moves, count) in unblocker_testdata::rush_histogram() {
            assert_eq!(
                histogram.remove(&moves).unwrap_or(0),
                count,
                "puzzles of {moves} moves"
            );
        }
        assert!(
            histogram.is_empty(),
            "move counts the published database lacks: {histogram:?}"
        );
        let hardest = unblocker_testdata::read_to_string("puzzles/rush/rush1000.txt");
        for (i, line) in hardest.lines().enumerate() {
            assert_eq!(ours[i], fields(line), "the {}th hardest", i + 1);
        }
        eprintln!("{} puzzles, the published histogram exactly", ours.len());
    }
}
