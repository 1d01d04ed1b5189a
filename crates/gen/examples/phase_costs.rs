//! What a full generation costs, phase by phase, estimated from a sample of
//! every phase's units searched as a run searches them: phase by phase, on
//! every core, each unit timed on its thread (no database, no removal
//! tests answered by solves).
//!
//! ```text
//! cargo run --release -p unblocker-gen --features research --example phase_costs -- 6 2 2661
//! ```
//!
//! The arguments are the board size, the most walls and the sampling step
//! (every 2,661st unit, from unit 7: 1,000 units of the full 6×6 run), but
//! at least 64 evenly spread units of every phase (all of a phase that has
//! fewer). Then, while the whole run's estimate has a standard error above
//! 3% of it, the phase that contributes most to that error gets twice as
//! many units (about 10,000 units in all for the full 6×6 run, two minutes).
//! `RAYON_NUM_THREADS` sets the threads (a run's `--threads`). The table
//! gives each phase's units, the units sampled, the seconds of a sampled
//! unit on its thread, the nanoseconds a solvable position searched, the
//! phase's estimated CPU time with its standard error and its solvable
//! positions searched (the sample's means times the phase's units), then
//! each stage's share of the phase's time: laying out the unit (and its
//! static pruning), distances, clean positions, and the components with
//! their candidates.
//!
//! A fourth argument `compare` also searches each sampled unit without
//! static pruning, right after the pruned search, and adds the unpruned
//! seconds a unit, the share of solvable positions the pruning leaves out,
//! and the solves a unit that finishing clean tests took.
//!
//! `against FILE` (last) sets the estimate beside a run's own: the seconds
//! its units took on their threads, summed by phase from the database
//! `FILE` (`db generate --db FILE` of the same size and walls, finished or
//! still going, or its parts merged; it is only read), with the ratio of
//! the run's to the estimate's for each phase the run has finished.

mod sample;

use rayon::prelude::*;
use sample::SampledRun;
use std::time::Instant;
use unblocker_gen::rush::{Generator, Scratch, StageTimes};

/// The fewest units sampled of a phase (all of a phase that has fewer).
const LEAST: usize = 64;

/// The standard error wanted of the whole run's estimate, as a share of it:
/// phases are sampled further until it is met.
const PRECISION: f64 = 0.03;

const USAGE: &str =
    "phase_costs SIZE MAX_WALLS STEP [compare] [against FILE] (e.g. 6 2 2661 against full.sqlite)";

/// Totals of the sampled units of one phase.
#[derive(Default, Clone, Copy)]
struct Sampled {
    /// Units of the phase in the whole run.
    all: u64,
    units: u64,
    seconds: f64,
    /// The sum of the units' squared seconds (for the estimate's variance).
    squares: f64,
    positions: u64,
    /// Unpruned, in `compare` mode.
    full_seconds: f64,
    full_positions: u64,
    solves: u64,
    /// The pruned searches' time by stage.
    stages: StageTimes,
}

impl Sampled {
    /// The phase's estimated CPU seconds.
    fn estimate(&self) -> f64 {
        if self.units == 0 {
            return 0.0;
        }
        self.seconds / self.units as f64 * self.all as f64
    }

    /// The variance of [`Sampled::estimate`] (a simple random sample's,
    /// with the finite population correction).
    fn variance(&self) -> f64 {
        let (n, all) = (self.units as f64, self.all as f64);
        if self.units < 2 {
            return 0.0;
        }
        let mean = self.seconds / n;
        let spread = (self.squares - n * mean * mean).max(0.0) / (n - 1.0);
        all * all * spread / n * (1.0 - n / all)
    }
}

impl std::ops::AddAssign for Sampled {
    fn add_assign(&mut self, one: Sampled) {
        self.units += one.units;
        self.seconds += one.seconds;
        self.squares += one.squares;
        self.positions += one.positions;
        self.solves += one.solves;
        self.stages += one.stages;
        self.full_seconds += one.full_seconds;
        self.full_positions += one.full_positions;
    }
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let against = match args.iter().position(|a| a == "against") {
        Some(i) if i + 2 == args.len() => {
            let file = args.pop().expect("the file after `against`");
            args.pop();
            Some(file)
        }
        Some(_) => sample::fail(USAGE, "`against` takes one file, last"),
        None => None,
    };
    let compare = args.last().is_some_and(|a| a == "compare");
    if compare {
        args.pop();
    }
    let run = SampledRun::from_args(&args, USAGE);
    // Read before the sample, so that a wrong file fails at once.
    let against = against.map(|file| {
        run_by_phase(&file, &run).unwrap_or_else(|e| sample::fail(USAGE, &format!("{file}: {e}")))
    });
    let generator = &run.generator;
    // Built only to compare with (a second table of units).
    let unpruned = compare.then(|| {
        Generator::new(run.size, run.walls)
            .expect("the same generator as the sampled run's")
            .without_pruning()
    });
    let mut picks = by_phase(&run);
    let mut phases: Vec<Sampled> = picks
        .iter()
        .map(|p| Sampled {
            all: p.members.len() as u64,
            ..Sampled::default()
        })
        .collect();
    // Phase by phase, the most items first, on every core: as a run goes.
    let mut jobs: Vec<(usize, usize)> = picks
        .iter()
        .enumerate()
        .rev()
        .flat_map(|(phase, p)| p.picked.iter().map(move |&u| (phase, u)))
        .collect();
    let threads = rayon::current_num_threads();
    while !jobs.is_empty() {
        let measured: Vec<(usize, Sampled)> = jobs
            .into_par_iter()
            .with_max_len(1)
            .map_init(Scratch::default, |scratch, (phase, unit)| {
                let started = Instant::now();
                let outcome = generator.search(unit, &[], scratch);
                let seconds = started.elapsed().as_secs_f64();
                let mut one = Sampled {
                    units: 1,
                    seconds,
                    squares: seconds * seconds,
                    positions: outcome.positions,
                    solves: outcome.solves,
                    stages: outcome.stages,
                    ..Sampled::default()
                };
                if let Some(unpruned) = &unpruned {
                    let started = Instant::now();
                    let full = unpruned.search(unit, &[], scratch);
                    one.full_seconds = started.elapsed().as_secs_f64();
                    one.full_positions = full.positions;
                }
                (phase, one)
            })
            .collect();
        for (phase, one) in measured {
            phases[phase] += one;
        }
        // More units of the phase whose estimate is the least certain, until
        // the whole run's is within the wanted precision.
        let total: f64 = phases.iter().map(Sampled::estimate).sum();
        let variance: f64 = phases.iter().map(Sampled::variance).sum();
        jobs = Vec::new();
        if variance.sqrt() > PRECISION * total {
            let worst = (0..phases.len())
                .filter(|&h| phases[h].units < phases[h].all)
                .max_by(|&a, &b| phases[a].variance().total_cmp(&phases[b].variance()));
            if let Some(h) = worst {
                jobs = picks[h].more().into_iter().map(|u| (h, u)).collect();
            }
        }
    }
    println!("sampled on {threads} threads");
    let sampled = phases.iter().fold(Sampled::default(), |mut a, &p| {
        a.all += p.all;
        a += p;
        a
    });
    let (mut full_seconds, mut full_positions) = (0.0, 0.0);
    print!("phase\tunits\tsampled\ts/unit\tns/position\tCPU s\t± s\tsolvable positions\tlayout\tdistances\tclean\tcomponents");
    println!(
        "{}",
        if compare {
            "\tunpruned s/unit\tunpruned CPU s\tpositions left out\tsolves/unit"
        } else {
            ""
        }
    );
    let (mut seconds, mut positions, mut variance) = (0.0, 0.0, 0.0);
    for (phase, p) in phases.iter().enumerate().rev().filter(|(_, p)| p.units > 0) {
        let scale = p.all as f64 / p.units as f64;
        let (s, n) = (p.estimate(), p.positions as f64 * scale);
        print!(
            "{phase}\t{}\t{}\t{:.4}\t{:.1}\t{s:.0}\t{:.0}\t{n:.3e}",
            p.all,
            p.units,
            p.seconds / p.units as f64,
            p.seconds / p.positions.max(1) as f64 * 1e9,
            p.variance().sqrt(),
        );
        print!("{}", shares(&p.stages));
        if compare {
            print!(
                "\t{:.4}\t{:.0}\t{:.1}%\t{:.2}",
                p.full_seconds / p.units as f64,
                p.full_seconds * scale,
                left_out(p),
                p.solves as f64 / p.units as f64
            );
        }
        println!();
        seconds += s;
        positions += n;
        variance += p.variance();
        full_seconds += p.full_seconds * scale;
        full_positions += p.full_positions as f64 * scale;
    }
    println!(
        "all\t{}\t{}\t\t{:.1}\t{seconds:.0}\t{:.0}\t{positions:.3e}{}\t({:.1} h on 2 cores)",
        generator.units(),
        sampled.units,
        seconds / positions * 1e9,
        variance.sqrt(),
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
    if let Some(run) = against {
        println!("phase\trun's units\trun's s\testimated s\trun / estimate");
        for (phase, p) in phases.iter().enumerate().rev() {
            let Some(&(units, ran)) = run.get(&phase) else {
                continue;
            };
            let ratio = if units == p.all {
                format!("{:.2}", ran / p.estimate())
            } else {
                format!("(unfinished: {units} of {} units)", p.all)
            };
            println!("{phase}\t{units}\t{ran:.1}\t{:.1}\t{ratio}", p.estimate());
        }
    }
}

/// A run's units and their seconds on their threads, by phase, from its
/// database file (opened read-only: the run may still be writing it), which
/// must be a run of the sample's board size and walls.
fn run_by_phase(
    file: &str,
    sampled: &SampledRun,
) -> Result<std::collections::BTreeMap<usize, (u64, f64)>, String> {
    use rusqlite::{Connection, OpenFlags};
    let db = Connection::open_with_flags(file, OpenFlags::SQLITE_OPEN_READ_ONLY)
        .map_err(|e| e.to_string())?;
    let setting = |key: &str| -> Result<String, String> {
        db.query_row("SELECT value FROM meta WHERE key = ?1", [key], |row| {
            row.get::<_, String>(0)
        })
        .map_err(|e| format!("no {key} in its meta table ({e})"))
    };
    let (size, walls) = (setting("size")?, setting("max_walls")?);
    if size != sampled.size.to_string() || walls != sampled.walls.to_string() {
        return Err(format!(
            "a run of size {size} with up to {walls} walls, not {} with {}",
            sampled.size, sampled.walls
        ));
    }
    // A part of a sharded run holds some of each phase's units.
    if let Ok(shard) = setting(unblocker_db::SHARD_KEY) {
        if shard != "1/1" {
            return Err(format!("part {shard} of a run: merge the parts first"));
        }
    }
    let mut query = db
        .prepare("SELECT phase, count(*), sum(seconds) FROM units GROUP BY phase")
        .map_err(|e| e.to_string())?;
    let rows = query
        .query_map([], |row| {
            Ok((
                row.get::<_, i64>(0)? as usize,
                (row.get::<_, i64>(1)? as u64, row.get(2)?),
            ))
        })
        .map_err(|e| e.to_string())?;
    rows.collect::<rusqlite::Result<_>>()
        .map_err(|e| e.to_string())
}

/// A phase's units and those sampled.
struct Picks {
    members: Vec<usize>,
    picked: Vec<usize>,
}

impl Picks {
    /// Units not sampled yet that double the sample, evenly spread.
    fn more(&mut self) -> Vec<usize> {
        let all = self.members.len();
        let n = (2 * self.picked.len()).min(all);
        let taken: std::collections::HashSet<usize> = self.picked.iter().copied().collect();
        let new: Vec<usize> = (0..n)
            .map(|i| self.members[(2 * i + 1) * all / (2 * n)])
            .filter(|u| !taken.contains(u))
            .collect();
        self.picked.extend(&new);
        new
    }
}

/// The sampled units by phase (indexed by phase): the run's sample (every
/// `step`th unit), but at least [`LEAST`] evenly spread units of every
/// phase (all of a phase that has fewer), so that a phase of few units is
/// measured as well as the others.
fn by_phase(run: &SampledRun) -> Vec<Picks> {
    let generator = &run.generator;
    let mut phases: Vec<Picks> = Vec::new();
    for unit in 0..generator.units() {
        let phase = generator.phase(unit);
        if phases.len() <= phase {
            phases.resize_with(phase + 1, || Picks {
                members: Vec::new(),
                picked: Vec::new(),
            });
        }
        phases[phase].members.push(unit);
    }
    for unit in run.units() {
        phases[generator.phase(unit)].picked.push(unit);
    }
    for picks in &mut phases {
        let all = picks.members.len();
        let n = LEAST.min(all);
        if picks.picked.len() < n {
            // The i-th of n picks sits in the middle of its n-th of the phase.
            picks.picked = (0..n)
                .map(|i| picks.members[(2 * i + 1) * all / (2 * n)])
                .collect();
        }
    }
    phases
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
