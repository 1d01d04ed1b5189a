//! Klotski database speed: the enumeration of every 4×5 layout, and the
//! exploration of one large component (横刀立马's, 25,955 layouts, with its
//! distances). The whole run (about a minute) is timed with
//! `unblocker db generate --game klotski`, see the README.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use unblocker_gen::klotski::{ComponentExplorer, Layouts};
use unblocker_model::format;

fn klotski(c: &mut Criterion) {
    let mut group = c.benchmark_group("klotski");
    group.sample_size(10);
    group.throughput(Throughput::Elements(29_334_498));
    group.bench_function("enumerate", |b| b.iter(|| Layouts::enumerate().len()));
    let layouts = Layouts::enumerate();
    let board = format::parse("BAAC/BAAC/DEEF/DGHF/I..J", Default::default()).unwrap();
    let seed = layouts.index_of_board(&board).unwrap();
    let mut explorer = ComponentExplorer::new(&layouts);
    group.throughput(Throughput::Elements(25_955));
    group.bench_function("component-hengdao-lima", |b| {
        b.iter(|| {
            explorer.forget();
            explorer.explore(seed).size
        })
    });
    group.finish();
}

criterion_group!(benches, klotski);
criterion_main!(benches);
