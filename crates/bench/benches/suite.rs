//! The benchmark suite under criterion (release build, one thread).
//!
//! `cargo bench -p unblocker-bench --bench suite` measures:
//! - every case of `unblocker bench` ([`unblocker_bench::CASES`]: the
//!   hardest Rush Hour puzzles, the largest component explored, the Klotski
//!   classics, a part of the database generation), criterion reporting
//!   positions per second;
//! - `largest-component-analysis`: the analysis of the 541,934-position
//!   component (distances and solutions counted, `Solver::analyze`);
//! - `rush1000`: all 1000 puzzles of the data's `puzzles/rush/rush1000.txt`
//!   (`UNBLOCKER_DATA`, default `../shared`).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use unblocker_bench::{Work, CASES};
use unblocker_model::{format, Board, Metric};
use unblocker_solve::{Control, SolveOptions, Solver};

fn board(text: &str) -> Board {
    format::parse(text, Default::default()).expect("valid board")
}

fn cases(c: &mut Criterion) {
    let mut solver = Solver::new();
    for case in &CASES {
        let prepared = case.prepare().expect("a bundled puzzle");
        let examined = prepared.run(&mut solver).expect("runs").examined;
        let mut group = c.benchmark_group(case.name);
        group.throughput(Throughput::Elements(examined));
        if matches!(case.work, Work::Generate { .. }) {
            group.sample_size(10);
        }
        group.bench_function("run", |bench| {
            bench.iter(|| prepared.run(black_box(&mut solver)).expect("runs"))
        });
        group.finish();
    }
}

fn largest_component_analysis(c: &mut Criterion) {
    let mut solver = Solver::new();
    let largest = board("BBoCoooDoCEEoDAAFGHoIIFGHoJKKoLLJooo");
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

criterion_group!(benches, cases, largest_component_analysis, rush1000);
criterion_main!(benches);
