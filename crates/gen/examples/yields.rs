//! Where a generation's puzzles come from, estimated from an evenly spread
//! sample of its units: how many units yield a stored puzzle, how much of
//! the search time goes to those that yield none, and what rejects the
//! candidates of the others.
//!
//! ```text
//! cargo run --release -p unblocker-gen --example yields -- 6 2 2661
//! ```
//!
//! The arguments are those of `phase_costs`: the board size, the most walls
//! and the sampling step (every 2,661st unit, from unit 7). Each sampled unit
//! is searched on one thread, then each of its candidates' removal tests is
//! answered by one solve of its board, as a run answers the tests into
//! another shard's units: a candidate that every test leaves standing is a
//! stored puzzle. Two tables, by phase and by the unit's walls: sampled
//! units, their share of the sample's search time, the units that yield a
//! puzzle, puzzles, components read and candidates a unit, the
//! share of the search time spent in units that yield none, and the share of
//! candidates rejected by removing a wall (whatever else rejects them) and
//! by removing a car only.

mod sample;

use sample::SampledRun;
use std::collections::BTreeMap;
use std::time::Instant;
use unblocker_gen::rush::Scratch;

/// Totals over the sampled units of one phase or one wall count.
#[derive(Default, Clone, Copy)]
struct Yield {
    units: u64,
    /// Units with at least one stored puzzle.
    yielding: u64,
    puzzles: u64,
    /// Components read (those holding a clean position).
    components: u64,
    candidates: u64,
    seconds: f64,
    /// The search time of the units that yield no puzzle.
    barren_seconds: f64,
    /// Candidates rejected by a wall's removal test.
    by_wall: u64,
    /// Candidates rejected by car removals only.
    by_car: u64,
}

impl Yield {
    fn add(&mut self, unit: &Yield) {
        self.units += unit.units;
        self.yielding += unit.yielding;
        self.puzzles += unit.puzzles;
        self.components += unit.components;
        self.candidates += unit.candidates;
        self.seconds += unit.seconds;
        self.barren_seconds += unit.barren_seconds;
        self.by_wall += unit.by_wall;
        self.by_car += unit.by_car;
    }

    /// A table row; `total` is the whole sample's search time.
    fn row(&self, name: &str, total: f64) -> String {
        let per_unit = |n: u64| n as f64 / self.units.max(1) as f64;
        let share = |n: u64| 100.0 * n as f64 / self.candidates.max(1) as f64;
        format!(
            "{name}\t{}\t{:.0}%\t{}\t{:.2}\t{:.1}\t{:.1}\t{:.0}%\t{:.0}%\t{:.0}%",
            self.units,
            100.0 * self.seconds / total.max(f64::MIN_POSITIVE),
            self.yielding,
            per_unit(self.puzzles),
            per_unit(self.components),
            per_unit(self.candidates),
            100.0 * self.barren_seconds / self.seconds.max(f64::MIN_POSITIVE),
            share(self.by_wall),
            share(self.by_car),
        )
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let run = SampledRun::from_args(&args, "yields SIZE MAX_WALLS STEP (e.g. 6 2 2661)");
    let generator = &run.generator;
    let (mut search, mut solve) = (Scratch::default(), Scratch::default());
    let mut by_phase: BTreeMap<usize, Yield> = BTreeMap::new();
    let mut by_walls: BTreeMap<usize, Yield> = BTreeMap::new();
    for unit in run.units() {
        let started = Instant::now();
        let outcome = generator.search(unit, &[], &mut search);
        let seconds = started.elapsed().as_secs_f64();
        // Per candidate: rejected by a wall's removal, by a car's.
        let mut rejected = vec![(false, false); outcome.candidates.len()];
        for test in &outcome.queries {
            let target = test.unit as usize;
            if !generator.answer(target, &[*test], &mut solve).is_empty() {
                let why = &mut rejected[test.candidate.seq as usize];
                if generator.walls(target) < generator.walls(unit) {
                    why.0 = true;
                } else {
                    why.1 = true;
                }
            }
        }
        let puzzles = rejected
            .iter()
            .filter(|&&why| why == (false, false))
            .count() as u64;
        let found = Yield {
            units: 1,
            yielding: (puzzles > 0) as u64,
            puzzles,
            components: outcome.components,
            candidates: rejected.len() as u64,
            seconds,
            barren_seconds: if puzzles == 0 { seconds } else { 0.0 },
            by_wall: rejected.iter().filter(|why| why.0).count() as u64,
            by_car: rejected.iter().filter(|&&why| why == (false, true)).count() as u64,
        };
        by_phase
            .entry(generator.phase(unit))
            .or_default()
            .add(&found);
        by_walls
            .entry(generator.walls(unit))
            .or_default()
            .add(&found);
    }
    let header = "units\ttime\tyielding\tpuzzles/unit\tcomponents read/unit\tcandidates/unit\ttime in units without a puzzle\trejected by a wall\tby a car only";
    println!(
        "{}x{} units with at most {} walls, every {}th from unit {}",
        run.size,
        run.size,
        run.walls,
        run.step,
        7 % run.step
    );
    let mut all = Yield::default();
    for found in by_phase.values() {
        all.add(found);
    }
    println!("phase\t{header}");
    for (phase, found) in by_phase.iter().rev() {
        println!("{}", found.row(&phase.to_string(), all.seconds));
    }
    println!("{}", all.row("all", all.seconds));
    println!("\nwalls\t{header}");
    for (walls, found) in &by_walls {
        println!("{}", found.row(&walls.to_string(), all.seconds));
    }
}
