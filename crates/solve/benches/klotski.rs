//! Klotski solver benchmarks (release build, one thread).
//!
//! `cargo bench -p unblocker-solve --bench klotski` measures `component`:
//! full exploration of 横刀立马's 25,955-position component in each metric
//! (criterion reports positions per second). Solving the classics is a case
//! of the benchmark suite (`cargo bench -p unblocker-bench`).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use unblocker_model::{catalog, format, Board, Metric};
use unblocker_solve::{SolveOptions, Solver};

fn bundled(name: &str) -> Board {
    let b = catalog::find(name).expect("bundled puzzle");
    format::parse(b.board, Default::default()).expect("valid board")
}

fn component(c: &mut Criterion) {
    let mut solver = Solver::new();
    let board = bundled("hengdao-lima");
    let mut group = c.benchmark_group("component");
    group.throughput(Throughput::Elements(25_955));
    for metric in [Metric::Step, Metric::Slide, Metric::Piece] {
        let options = SolveOptions {
            metric,
            explore_component: true,
            ..SolveOptions::default()
        };
        group.bench_function(metric.name(), |bench| {
            bench.iter(|| solver.solve(black_box(&board), &options).expect("explores"))
        });
    }
    group.finish();
}

criterion_group!(benches, component);
criterion_main!(benches);
