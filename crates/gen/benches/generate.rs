//! Generator speed without the database: whole small boards, a fixed
//! sample of wall-free 6x6 units (every 2,000th), and a fixed sample of
//! the full 6x6 run's units (up to two walls, every 26,610th: 100 units
//! spread over the whole run; they cost about twice as much per position
//! as wall-free ones).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use unblocker_gen::rush::{Generator, Scratch};

fn run(generator: &Generator, units: &[usize], scratch: &mut Scratch) -> u64 {
    units
        .iter()
        .map(|&u| generator.search(u, &[], scratch).positions)
        .sum()
}

fn small_boards(c: &mut Criterion) {
    let mut group = c.benchmark_group("rush");
    group.sample_size(10);
    for (size, walls, every) in [(4, 2, 1), (5, 0, 1), (6, 0, 2000), (6, 2, 26610)] {
        let generator = Generator::new(size, walls).unwrap();
        let units: Vec<usize> = (0..generator.units()).step_by(every).collect();
        let mut scratch = Scratch::default();
        let positions = run(&generator, &units, &mut scratch);
        group.throughput(Throughput::Elements(positions));
        let name = match every {
            1 => format!("{size}x{size}-{walls}walls"),
            _ => format!("{size}x{size}-{walls}walls-every-{every}th-unit"),
        };
        group.bench_function(name, |b| b.iter(|| run(&generator, &units, &mut scratch)));
    }
    group.finish();
}

criterion_group!(benches, small_boards);
criterion_main!(benches);
