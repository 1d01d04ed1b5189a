//! What a full generation costs, phase by phase, estimated from an evenly
//! spread sample of its units searched on one thread (no database, no
//! removal tests answered by solves).
//!
//! ```text
//! cargo run --release -p unblocker-gen --features research --example phase_costs -- 6 2 2661
//! ```
//!
//! The arguments are the board size, the most walls and the sampling step
//! (every 2,661st unit, from unit 7: 1,000 units of the full 6×6 run). The
//! table gives each phase's units, the CPU seconds of a sampled unit, the
//! nanoseconds a solvable position searched, and the phase's estimated CPU
//! time and solvable positions searched (the sample's means times the
//! phase's units; a phase with no unit in the sample is counted at the mean
//! of all units), then each stage's share of the phase's time: laying out the
//! unit (and its static pruning), distances, clean positions, and the
//! components with their candidates.
//!
//! A fourth argument `compare` also searches each sampled unit without
//! static pruning, right after the pruned search, and adds the unpruned
//! seconds a unit, the share of solvable positions the pruning leaves out,
//! and the solves a unit that finishing clean tests took.

mod sample;

use sample::SampledRun;
use std::time::Instant;
use unblocker_gen::rush::{Generator, Scratch, StageTimes};

const USAGE: &str = "phase_costs SIZE MAX_WALLS STEP [compare] (e.g. 6 2 2661)";

/// Totals of the sampled units of one phase.
#[derive(Default, Clone, Copy)]
struct Sampled {
    /// Units of the phase in the whole run.
    all: u64,
    units: u64,
    seconds: f64,
    positions: u64,
    /// Unpruned, in `compare` mode.
    full_seconds: f64,
    full_positions: u64,
    solves: u64,
    /// The pruned searches' time by stage.
    stages: StageTimes,
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let compare = args.last().is_some_and(|a| a == "compare");
    if compare {
        args.pop();
    }
    let run = SampledRun::from_args(&args, USAGE);
    let generator = &run.generator;
    // Built only to compare with (a second table of units).
    let unpruned = compare.then(|| {
        Generator::new(run.size, run.walls)
            .expect("the same generator as the sampled run's")
            .without_pruning()
    });
    let mut phases: Vec<Sampled> = Vec::new();
    for unit in 0..generator.units() {
        let phase = generator.phase(unit);
        if phases.len() <= phase {
            phases.resize(phase + 1, Sampled::default());
        }
        phases[phase].all += 1;
    }
    let mut scratch = Scratch::default();
    for unit in run.units() {
        let phase = generator.phase(unit);
        let started = Instant::now();
        let outcome = generator.search(unit, &[], &mut scratch);
        let seconds = started.elapsed().as_secs_f64();
        let sampled = &mut phases[phase];
        sampled.units += 1;
        sampled.seconds += seconds;
        sampled.positions += outcome.positions;
        sampled.solves += outcome.solves;
        sampled.stages += outcome.stages;
        if let Some(unpruned) = &unpruned {
            let started = Instant::now();
            let full = unpruned.search(unit, &[], &mut scratch);
            sampled.full_seconds += started.elapsed().as_secs_f64();
            sampled.full_positions += full.positions;
        }
    }
    let sampled = phases.iter().fold(Sampled::default(), |mut a, p| {
        a.stages += p.stages;
        Sampled {
            all: a.all + p.all,
            units: a.units + p.units,
            seconds: a.seconds + p.seconds,
            positions: a.positions + p.positions,
            full_seconds: a.full_seconds + p.full_seconds,
            full_positions: a.full_positions + p.full_positions,
            solves: a.solves + p.solves,
            stages: a.stages,
        }
    });
    let (mut full_seconds, mut full_positions) = (0.0, 0.0);
    print!("phase\tunits\ts/unit\tns/position\tCPU s\tsolvable positions\tlayout\tdistances\tclean\tcomponents");
    println!(
        "{}",
        if compare {
            "\tunpruned s/unit\tunpruned CPU s\tpositions left out\tsolves/unit"
        } else {
            ""
        }
    );
    let (mut seconds, mut positions) = (0.0, 0.0);
    for (phase, p) in phases.iter().enumerate().rev() {
        let mean = if p.units > 0 { p } else { &sampled };
        let scale = p.all as f64 / mean.units as f64;
        let (s, n) = (mean.seconds * scale, mean.positions as f64 * scale);
        print!(
            "{phase}\t{}\t{:.4}\t{:.1}\t{s:.0}\t{n:.3e}",
            p.all,
            mean.seconds / mean.units as f64,
            mean.seconds / mean.positions.max(1) as f64 * 1e9,
        );
        print!("{}", shares(&mean.stages));
        if compare {
            print!(
                "\t{:.4}\t{:.0}\t{:.1}%\t{:.2}",
                mean.full_seconds / mean.units as f64,
                mean.full_seconds * scale,
                left_out(mean),
                mean.solves as f64 / mean.units as f64
            );
        }
        println!("{}", if p.units > 0 { "" } else { "\t(not sampled)" });
        seconds += s;
        positions += n;
        full_seconds += mean.full_seconds * scale;
        full_positions += mean.full_positions as f64 * scale;
    }
    println!(
        "all\t{}\t\t{:.1}\t{seconds:.0}\t{positions:.3e}{}\t({:.1} h on 2 cores)",
        generator.units(),
        seconds / positions * 1e9,
        shares(&sampled.stages),
        seconds / 7200.0
    );
    if compare {
        println!(
            "unpruned\t\t\t{:.1}\t{full_seconds:.0}\t{full_positions:.3e}\t({:.1} h on 2 cores; {:.1}% of the positions and {:.1}% of the time left out)",
            full_seconds / full_positions * 1e9,
            full_seconds / 7200.0,
            100.0 * (1.0 - positions / full_positions),
            100.0 * (1.0 - seconds / full_seconds),
        );
    }
}

/// Each stage's share of the sampled searches' time, in percent, as
/// tab-separated columns.
fn shares(stages: &StageTimes) -> String {
    let each = stages.each().map(|d| d.as_secs_f64());
    let total = each.iter().sum::<f64>().max(f64::MIN_POSITIVE);
    each.iter()
        .map(|s| format!("\t{:.0}%", 100.0 * s / total))
        .collect()
}

/// The share of the unpruned search's solvable positions that pruning left
/// out, in percent.
fn left_out(p: &Sampled) -> f64 {
    100.0 * (1.0 - p.positions as f64 / p.full_positions.max(1) as f64)
}
