//! What a full generation costs, phase by phase, estimated from an evenly
//! spread sample of its units searched on one thread (no database, no
//! removal tests answered by solves).
//!
//! ```text
//! cargo run --release -p unblocker-gen --example phase_costs -- 6 2 2661
//! ```
//!
//! The arguments are the board size, the most walls and the sampling step
//! (every 2,661st unit, from unit 7: 1,000 units of the full 6×6 run). The
//! table gives each phase's units, the CPU seconds of a sampled unit, the
//! nanoseconds a solvable position, and the phase's estimated CPU time and
//! solvable positions (the sample's means times the phase's units; a phase
//! with no unit in the sample is counted at the mean of all units).

use std::time::Instant;
use unblocker_gen::rush::{Generator, Scratch};

/// Totals of the sampled units of one phase.
#[derive(Default, Clone, Copy)]
struct Sampled {
    /// Units of the phase in the whole run.
    all: u64,
    units: u64,
    seconds: f64,
    positions: u64,
}

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse())
        .collect::<Result<_, _>>()
        .unwrap_or_else(|e| usage(&format!("{e}")));
    let [size, walls, step] = args[..] else {
        usage("three arguments");
    };
    if step == 0 {
        usage("a step of at least 1");
    }
    let generator = Generator::new(size, walls).unwrap_or_else(|e| usage(&e.to_string()));
    let mut phases: Vec<Sampled> = Vec::new();
    for unit in 0..generator.units() {
        let phase = generator.phase(unit);
        if phases.len() <= phase {
            phases.resize(phase + 1, Sampled::default());
        }
        phases[phase].all += 1;
    }
    let mut scratch = Scratch::default();
    for unit in (7 % step..generator.units()).step_by(step) {
        let phase = generator.phase(unit);
        let started = Instant::now();
        let outcome = generator.search(unit, &[], &mut scratch);
        let sampled = &mut phases[phase];
        sampled.units += 1;
        sampled.seconds += started.elapsed().as_secs_f64();
        sampled.positions += outcome.positions;
    }
    let sampled = phases.iter().fold(Sampled::default(), |a, p| Sampled {
        all: a.all + p.all,
        units: a.units + p.units,
        seconds: a.seconds + p.seconds,
        positions: a.positions + p.positions,
    });
    println!("phase\tunits\ts/unit\tns/position\tCPU s\tsolvable positions");
    let (mut seconds, mut positions) = (0.0, 0.0);
    for (phase, p) in phases.iter().enumerate().rev() {
        let mean = if p.units > 0 { p } else { &sampled };
        let scale = p.all as f64 / mean.units as f64;
        let (s, n) = (mean.seconds * scale, mean.positions as f64 * scale);
        println!(
            "{phase}\t{}\t{:.4}\t{:.1}\t{s:.0}\t{n:.3e}{}",
            p.all,
            mean.seconds / mean.units as f64,
            mean.seconds / mean.positions.max(1) as f64 * 1e9,
            if p.units > 0 { "" } else { "\t(not sampled)" },
        );
        seconds += s;
        positions += n;
    }
    println!(
        "all\t{}\t\t{:.1}\t{seconds:.0}\t{positions:.3e}\t({:.1} h on 2 cores)",
        generator.units(),
        seconds / positions * 1e9,
        seconds / 7200.0
    );
}

fn usage(problem: &str) -> ! {
    eprintln!("phase_costs SIZE MAX_WALLS STEP (e.g. 6 2 2661): {problem}");
    std::process::exit(2)
}
