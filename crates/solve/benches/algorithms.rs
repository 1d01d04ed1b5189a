//! The search algorithms against breadth-first search (release build, one
//! thread).
//!
//! `cargo bench -p unblocker-solve --bench algorithms` measures:
//! - `hardest/{bfs,idastar}`: the 60-move puzzle, optimal in moves; the peak
//!   memory of each (open and closed sets, from their data structures) is
//!   printed before the timings;
//! - `feup-hard/{bfs,astar-obstructed}`: the eight "hard" FEUP levels, with
//!   the expanded nodes of each printed first.

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use unblocker_model::{format, Board};
use unblocker_solve::{Algorithm, Heuristic, SolveOptions, Solver};

fn board(text: &str) -> Board {
    format::parse(text, Default::default()).expect("valid board")
}

fn options(algorithm: Algorithm, heuristic: Option<Heuristic>) -> SolveOptions {
    SolveOptions {
        algorithm,
        heuristic,
        ..SolveOptions::default()
    }
}

fn hardest(c: &mut Criterion) {
    let b = board("IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM");
    let mut solver = Solver::new();
    let mut group = c.benchmark_group("hardest");
    group.sample_size(10);
    for algorithm in [Algorithm::Bfs, Algorithm::Idastar] {
        let o = options(algorithm, None);
        let report = solver.solve(&b, &o).expect("solvable");
        eprintln!(
            "hardest {algorithm}: {:?} moves, {} expanded, {} stored, peak memory {} bytes",
            report.length, report.stats.examined, report.stats.enqueued, report.stats.memory_bytes
        );
        group.bench_function(algorithm.name(), |bench| {
            bench.iter(|| solver.solve(black_box(&b), &o).expect("solvable"))
        });
    }
    group.finish();
}

fn feup_hard(c: &mut Criterion) {
    let path = match unblocker_testdata::find("puzzles/rush/feup_group19_verified.txt") {
        Ok(path) => path,
        Err(missing) => return eprintln!("skipping feup-hard: {missing}"),
    };
    let text = std::fs::read_to_string(&path).unwrap();
    let boards: Vec<Board> = text
        .lines()
        .filter(|l| l.starts_with("hard-"))
        .filter_map(|l| l.split_whitespace().nth(4))
        .map(board)
        .collect();
    let mut solver = Solver::new();
    let mut group = c.benchmark_group("feup-hard");
    group.sample_size(10);
    for (name, o) in [
        ("bfs", options(Algorithm::Bfs, None)),
        (
            "astar-obstructed",
            options(Algorithm::Astar, Some(Heuristic::Obstructed)),
        ),
    ] {
        let expanded: u64 = boards
            .iter()
            .map(|b| solver.solve(b, &o).expect("solvable").stats.examined)
            .sum();
        eprintln!(
            "feup-hard {name}: {expanded} positions expanded over {} levels",
            boards.len()
        );
        group.bench_function(name, |bench| {
            bench.iter(|| {
                for b in &boards {
                    black_box(solver.solve(b, &o).expect("solvable"));
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, hardest, feup_hard);
criterion_main!(benches);
