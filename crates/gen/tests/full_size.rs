//! 6x6 checks too slow for CI (run with `--ignored`): units that hold
//! rush1000.txt's hardest puzzles find them as candidates exactly, and a sample of the
//! wall-free work measures the generator's speed.

use unblocker_db::shard::Shard;
use unblocker_db::Database;
use unblocker_gen::rush::{Generator, Scratch};
use unblocker_gen::{generate, GenerateOptions};

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The units of the first `RUSH1000_LIMIT` (default 20) puzzles of
/// rush1000.txt each produce that puzzle: same board text, moves and
/// component size.
#[test]
#[ignore = "minutes per unit on 6x6"]
fn rush1000_puzzles_are_reproduced_by_their_units() {
    let limit = env_or("RUSH1000_LIMIT", 20) as usize;
    let text = unblocker_testdata::read_to_string("puzzles/rush/rush1000.txt");
    let generator = Generator::new(6, 2).unwrap();
    let mut scratch = Scratch::default();
    for line in text.lines().take(limit) {
        let f: Vec<&str> = line.split_whitespace().collect();
        let unit = generator.unit_of(f[1]).expect("a board of the rules");
        let found = generator.search(unit, &[], &mut scratch);
        let puzzles: Vec<_> = found
            .candidates
            .iter()
            .map(|c| generator.puzzle(c))
            .collect();
        let found = puzzles.iter().find(|p| p.board == f[1]);
        let found = found.map(|p| (p.moves.to_string(), p.cluster.to_string()));
        assert_eq!(found, Some((f[0].to_string(), f[2].to_string())), "{line}");
    }
}

/// Shard `SAMPLE_K`/`SAMPLE_N` (default 2/400) of the wall-free 6x6 work on
/// two threads: prints units, positions, puzzles, time and positions/s.
#[test]
#[ignore = "a measurement, not a check"]
fn measure_a_wall_free_sample() {
    let dir = tempfile::tempdir().unwrap();
    let mut db = Database::open(&dir.path().join("sample.sqlite")).unwrap();
    let options = GenerateOptions {
        size: 6,
        max_walls: env_or("SAMPLE_WALLS", 0) as usize,
        threads: 2,
        shard: Shard::new(env_or("SAMPLE_K", 2), env_or("SAMPLE_N", 400))
            .expect("SAMPLE_K/SAMPLE_N"),
        max_units: None,
    };
    let s = generate(&mut db, &options, |_| {}).unwrap();
    eprintln!(
        "{s:?}: {:.2} M positions/s",
        s.positions as f64 / s.seconds / 1e6
    );
    assert!(s.units_run > 0);
}
