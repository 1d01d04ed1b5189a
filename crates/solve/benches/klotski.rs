//! Klotski solver benchmarks (release build, one thread).
//!
//! `cargo bench -p unblocker-solve --bench klotski` measures:
//! - `hengdao-lima`: 横刀立马, optimal in piece moves (81);
//! - `fenghui-luzhuan`: 峰回路转, Storer's Super Century (138 piece moves);
//! - `component`: full exploration of 横刀立马's 25,955-position component
//!   in each metric (criterion reports positions per second).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use unblocker_model::{catalog, format, Board, Metric};
use unblocker_solve::{SolveOptions, Solver};

fn bundled(name: &str) -> Board {
    let b = catalog::find(name).expect("bundled puzzle");
    format::parse(b.board, Default::default()).expect("valid board")
}

fn piece_moves(c: &mut Criterion) {
    let mut solver = Solver::new();
    let options = SolveOptions {
        metric: Metric::Piece,
        ..SolveOptions::default()
    };
    for name in ["hengdao-lima", "fenghui-luzhuan"] {
        let board = bundled(name);
        c.bench_function(name, |bench| {
            bench.iter(|| solver.solve(black_box(&board), &options).expect("solvable"))
        });
    }
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

criterion_group!(benches, piece_moves, component);
criterion_main!(benches);
