//! What deriving a walled unit's distances from its parent's costs
//! ([`Repair`]), against searching the unit: on an evenly spread sample of
//! the units with walls, each unit's distances are searched anew and
//! repaired from the distances of the unit without its first wall, both
//! timed, with the unit's whole search as a run does it for scale.
//!
//! ```text
//! cargo run --release -p unblocker-gen --features research --example repair_costs -- 6 2 2661
//! ```
//!
//! The arguments are the board size, the most walls and the sampling step
//! (every 2,661st unit, from unit 7). The table gives, by the unit's walls,
//! the units sampled, their search and distance times, the repair's time
//! (a copy of the parent's distances and the repair) and its steps (the
//! seeds, the levels' candidates, the changed positions searched again),
//! the positions the repair tested, found changed and found made
//! unsolvable, as shares of the parent's positions, and the nanoseconds
//! the search spent on a solvable position against those the repair's
//! levels spent on a tested one. (The repaired
//! distances are in the parent's index; a run would still map them to the
//! unit's.) Every 101st position of each unit is checked: its repaired
//! distance must be the new search's.

mod sample;

use sample::SampledRun;
use std::time::Instant;
use unblocker_gen::retrograde::Retrograde;
use unblocker_gen::rush::{search, Scratch, Units};
use unblocker_gen::unit::{Repair, Repaired};
use unblocker_gen::Fibered;

/// Every how many positions of a unit the repaired distance is checked
/// against the new search.
const CHECK: usize = 101;

const USAGE: &str = "repair_costs SIZE MAX_WALLS STEP (e.g. 6 2 2661)";

#[derive(Default)]
struct Totals {
    units: u64,
    search: f64,
    distances: f64,
    repair: f64,
    parent_positions: u64,
    /// The units' solvable positions.
    solvable: u64,
    /// Positions whose repaired distance was checked.
    checked: u64,
    found: Repaired,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let run = SampledRun::from_args(&args, USAGE);
    let units = Units::new(run.size, run.walls);
    let mut retrograde = Retrograde::new();
    let mut repair = Repair::new();
    let mut scratch = Scratch::default();
    let (mut dist, mut parent_dist, mut repaired) = (Vec::new(), Vec::new(), Vec::new());
    let mut totals: Vec<Totals> = (0..=run.walls).map(|_| Totals::default()).collect();
    for unit in run.units() {
        let walls = units.walls(unit);
        if walls == 0 {
            continue;
        }
        let t = &mut totals[walls];
        let started = Instant::now();
        search(&units, unit, &[], &mut scratch, true);
        t.search += started.elapsed().as_secs_f64();
        let index = units.index(unit);
        let started = Instant::now();
        let levels = retrograde.distances(&index, &mut dist);
        t.distances += started.elapsed().as_secs_f64();
        t.solvable += levels.reached();
        let wall = units.walls_of(unit)[0];
        let parent = units.index(wall.parent);
        retrograde.distances(&parent, &mut parent_dist);
        let started = Instant::now();
        repaired.clone_from(&parent_dist);
        let found = repair.repair(&parent, &mut repaired, wall.cell);
        t.repair += started.elapsed().as_secs_f64();
        // Every CHECKth position of the unit against the new search.
        for p in (0..dist.len()).step_by(CHECK) {
            let q = wall.in_parent(&units, unit, &index, &parent, p as u64);
            assert_eq!(repaired[q as usize], dist[p], "unit {unit}, position {p}");
            t.checked += 1;
        }
        t.units += 1;
        t.parent_positions += parent.positions();
        t.found.candidates += found.candidates;
        t.found.changed += found.changed;
        t.found.unsolvable += found.unsolvable;
        for (sum, s) in t.found.seconds.iter_mut().zip(found.seconds) {
            *sum += s;
        }
    }
    println!("walls\tunits\tsearch s\tdistances s\trepair s\trepair/distances\tseeds s\tlevels s\tagain s\ttested\tchanged\tunsolvable\tdistances ns/solvable\tlevels ns/tested");
    for (walls, t) in totals.iter().enumerate().skip(1) {
        let share = |n: u64| 100.0 * n as f64 / t.parent_positions.max(1) as f64;
        println!(
            "{walls}\t{}\t{:.2}\t{:.2}\t{:.2}\t{:.2}\t{:.2}\t{:.2}\t{:.2}\t{:.2}%\t{:.2}%\t{:.2}%\t{:.1}\t{:.0}",
            t.units,
            t.search,
            t.distances,
            t.repair,
            t.repair / t.distances.max(f64::MIN_POSITIVE),
            t.found.seconds[0],
            t.found.seconds[1],
            t.found.seconds[2],
            share(t.found.candidates),
            share(t.found.changed),
            share(t.found.unsolvable),
            1e9 * t.distances / t.solvable.max(1) as f64,
            1e9 * t.found.seconds[1] / t.found.candidates.max(1) as f64,
        );
    }
    let checked: u64 = totals.iter().map(|t| t.checked).sum();
    println!("repaired distances equal to the new search's at {checked} checked positions (one in {CHECK} of each unit)");
}
