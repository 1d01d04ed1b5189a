//! Rush Hour solver benchmarks (release build, one thread).
//!
//! `cargo bench -p unblocker-solve --bench rush` measures:
//! - `hardest`: the 60-move database puzzle, optimal in moves;
//! - `hardest-nowalls`: the 51-move wall-free puzzle;
//! - `largest-component`: full exploration of the 541,934-position component
//!   (`Solver::explore`: a sweep over the dense index, no solution);
//! - `rush1000`: all 1000 puzzles of the data's `puzzles/rush/rush1000.txt`
//!   (`UNBLOCKER_DATA`, default `../shared`).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use unblocker_model::{format, Board, Metric};
use unblocker_solve::{Control, SolveOptions, Solver};

fn board(text: &str) -> Board {
    format::parse(text, Default::default()).expect("valid board")
}

fn single_puzzles(c: &mut Criterion) {
    let mut solver = Solver::new();
    let options = SolveOptions::default();
    for (name, text) in [
        ("hardest", "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM"),
        ("hardest-nowalls", "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo"),
    ] {
        let b = board(text);
        c.bench_function(name, |bench| {
            bench.iter(|| solver.solve(black_box(&b), &options).expect("solvable"))
        });
    }
    let largest = board("BBoCoooDoCEEoDAAFGHoIIFGHoJKKoLLJooo");
    let mut group = c.benchmark_group("largest-component");
    group.throughput(Throughput::Elements(541_934));
    group.bench_function("explore", |bench| {
        bench.iter(|| {
            solver
                .explore(black_box(&largest), Metric::Slide, &Control::default())
                .expect("explores")
        })
    });
    group.finish();
    let mut group = c.benchmark_group("largest-component-analysis");
    group.sample_size(20);
    group.bench_function("analyze", |bench| {
        bench.iter(|| {
            solver
                .analyze(black_box(&largest), Metric::Slide, &Control::default())
                .expect("analyses")
        })
    });
    group.finish();
}

fn rush1000(c: &mut Criterion) {
    let path = match unblocker_testdata::find("puzzles/rush/rush1000.txt") {
        Ok(path) => path,
        Err(missing) => return eprintln!("skipping rush1000: {missing}"),
    };
    let text = std::fs::read_to_string(&path).unwrap();
    let boards: Vec<Board> = text
        .lines()
        .filter_map(|l| l.split_whitespace().nth(1))
        .map(board)
        .collect();
    let mut solver = Solver::new();
    let options = SolveOptions::default();
    let mut group = c.benchmark_group("rush1000");
    group.sample_size(10);
    group.throughput(Throughput::Elements(boards.len() as u64));
    group.bench_function("solve-all", |bench| {
        bench.iter(|| {
            for b in &boards {
                black_box(solver.solve(b, &options).expect("solvable"));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, single_puzzles, rush1000);
criterion_main!(benches);
