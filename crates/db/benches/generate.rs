//! Generator speed: whole small boards, and one dense 6x6 unit (the one that
//! holds the hardest wall-free puzzle), without the database.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use unblocker_db::rush::{Generator, Scratch};

fn run_all(generator: &Generator, scratch: &mut Scratch) -> u64 {
    (0..generator.units())
        .map(|u| generator.run_unit(u, scratch).positions)
        .sum()
}

fn small_boards(c: &mut Criterion) {
    let mut group = c.benchmark_group("rush");
    group.sample_size(10);
    for (size, walls) in [(4, 2), (5, 0)] {
        let generator = Generator::new(size, walls).unwrap();
        let mut scratch = Scratch::default();
        let positions = run_all(&generator, &mut scratch);
        group.throughput(Throughput::Elements(positions));
        group.bench_function(format!("{size}x{size}-{walls}walls"), |b| {
            b.iter(|| run_all(&generator, &mut scratch))
        });
    }
    group.finish();
}

criterion_group!(benches, small_boards);
criterion_main!(benches);
