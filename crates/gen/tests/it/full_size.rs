//! A 6x6 check too slow for the default suite (run with `--ignored`): units
//! that hold rush1000.txt's hardest puzzles find them as candidates exactly.
//! (The speed of a sample of the wall-free work: `examples/sample_run.rs`.)

use unblocker_gen::rush::{Generator, Scratch};

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
#[ignore = "minutes per unit on 6x6: RUSH1000_LIMIT=8 cargo test -p unblocker-gen --test it full_size -- --ignored"]
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
