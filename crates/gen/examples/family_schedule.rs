//! A run's families replayed from its journal (a finished or interrupted
//! 6x6 run with up to two walls): what deciding each family cost (the sum
//! of its units' times), against a search of each of its units as the
//! calibration samples them, by phase and walls; how the threads share
//! each phase when the families are taken in their roots' order or the
//! costliest first; and the ETA the run would have shown along the way.
//!
//! ```text
//! cargo run --release -p unblocker-gen --features research --example family_schedule -- full.sqlite
//! ```
//!
//! Only the families whose units are all in the journal count. The
//! calibration's sample is taken as a run takes it (about a minute on two
//! threads); the times a run spends between phases are not in the journal.

use std::collections::{BTreeMap, HashMap};
use unblocker_gen::rush::Generator;
use unblocker_gen::{FamilyWeights, DECIDING};

/// One family of the replay: its phase, what it cost, and its units'
/// sampled search means by walls.
struct Family {
    root: u32,
    phase: usize,
    cost: f64,
    cost_by_walls: [f64; 3],
    searched_by_walls: [f64; 3],
}

impl Family {
    /// The calibration's weight with the cost factors `factors` by walls.
    fn weight(&self, factors: [f64; 3]) -> f64 {
        (0..3).map(|w| self.searched_by_walls[w] * factors[w]).sum()
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [path] = &args[..] else {
        eprintln!("family_schedule FILE (a 6x6 run's database, up to two walls)");
        std::process::exit(2)
    };
    let threads = 2;
    let db =
        rusqlite::Connection::open_with_flags(path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
            .expect("the database opens");
    let mut statement = db
        .prepare("SELECT id, seconds FROM units")
        .expect("a journal");
    let seconds: HashMap<u32, f64> = statement
        .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))
        .expect("the units read")
        .collect::<Result<_, _>>()
        .expect("the units read");
    let generator = Generator::new(6, 2).expect("a 6x6 generator");
    let families = generator.families();
    let mut left: Vec<Vec<u32>> = vec![Vec::new(); 13];
    for root in (0..generator.units() as u32).filter(|&u| generator.walls(u as usize) == 0) {
        left[generator.phase(root as usize)].push(root);
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a pool");
    let weights = FamilyWeights::sample(&generator, &left, &pool);
    let done: Vec<Family> = left
        .iter()
        .flatten()
        .filter(|&&root| {
            families
                .members(root)
                .iter()
                .all(|u| seconds.contains_key(u))
        })
        .map(|&root| {
            let mut family = Family {
                root,
                phase: generator.phase(root as usize),
                cost: 0.0,
                cost_by_walls: [0.0; 3],
                searched_by_walls: [0.0; 3],
            };
            for &u in families.members(root) {
                let (phase, walls) = (generator.phase(u as usize), generator.walls(u as usize));
                family.cost += seconds[&u];
                family.cost_by_walls[walls] += seconds[&u];
                family.searched_by_walls[walls] +=
                    weights.mean((phase, walls)).expect("a 6x6 run is sampled");
            }
            family
        })
        .collect();
    let mut by_phase: BTreeMap<usize, Vec<&Family>> = BTreeMap::new();
    for family in &done {
        by_phase.entry(family.phase).or_default().push(family);
    }
    println!(
        "{} families decided, {} units ({:.0} s of their threads)\n",
        done.len(),
        seconds.len(),
        done.iter().map(|f| f.cost).sum::<f64>()
    );
    println!("decided / searched, by the root's phase and walls (seconds of threads):");
    println!("| phase | families | decided s | searched s (sampled means) | 0 walls | 1 wall | 2 walls | all |");
    println!("|---|---|---|---|---|---|---|---|");
    let (mut cost, mut searched) = ([0.0; 3], [0.0; 3]);
    for (phase, fams) in by_phase.iter().rev() {
        let c: [f64; 3] = std::array::from_fn(|w| fams.iter().map(|f| f.cost_by_walls[w]).sum());
        let s: [f64; 3] =
            std::array::from_fn(|w| fams.iter().map(|f| f.searched_by_walls[w]).sum());
        for w in 0..3 {
            cost[w] += c[w];
            searched[w] += s[w];
        }
        row(&phase.to_string(), fams.len(), c, s);
    }
    row("all", done.len(), cost, searched);
    let fitted: [f64; 3] = std::array::from_fn(|w| cost[w] / searched[w]);
    println!(
        "\nthe run's factors: {:.2} {:.2} {:.2} (the calibration's: {:?})\n",
        fitted[0], fitted[1], fitted[2], DECIDING
    );
    println!("{threads} threads, each family to the next free thread (s, the phases added up):");
    let bound: f64 = by_phase
        .values()
        .map(|fams| {
            let total: f64 = fams.iter().map(|f| f.cost).sum();
            let largest = fams.iter().map(|f| f.cost).fold(0.0, f64::max);
            (total / threads as f64).max(largest)
        })
        .sum();
    let in_order = makespans(&by_phase, threads, |a, b| a.root.cmp(&b.root));
    let costliest = makespans(&by_phase, threads, |a, b| {
        b.weight(DECIDING).total_cmp(&a.weight(DECIDING))
    });
    println!(
        "- roots in order (a queue, not a parallel iterator's halves): {:.0}",
        in_order.0
    );
    println!(
        "- costliest first (by the calibration's weight): {:.0}",
        costliest.0
    );
    println!("- the bound (a phase's work shared evenly, or its largest family): {bound:.0}\n");
    println!("the ETA along the replay (costliest first): the whole run's time as it would say it at each point");
    println!("| elapsed | the calibration's weights | the run's factors |");
    println!("|---|---|---|");
    let total = costliest.0;
    for share in [0.02, 0.05, 0.1, 0.25, 0.5, 0.75, 0.9] {
        let at = total * share;
        // The generator's ETA: the weight left at the finished families'
        // seconds a weight, shared by the threads.
        let predicted = |factors: [f64; 3]| {
            let all: f64 = done.iter().map(|f| f.weight(factors)).sum();
            let (busy, finished) = costliest
                .1
                .iter()
                .filter(|(t, _)| *t <= at)
                .fold((0.0, 0.0), |(c, w), (_, f)| {
                    (c + f.cost, w + f.weight(factors))
                });
            let pace = busy / f64::max(finished, f64::MIN_POSITIVE);
            at + (all - finished) * pace / threads as f64
        };
        println!(
            "| {:.0}% | {:.2} | {:.2} |",
            share * 100.0,
            predicted(DECIDING) / total,
            predicted(fitted) / total
        );
    }
    println!("(as a share of the replay's {total:.0} s)");
}

fn row(phase: &str, families: usize, cost: [f64; 3], searched: [f64; 3]) {
    let ratio = |c: f64, s: f64| {
        if s > 0.0 {
            format!("{:.2}", c / s)
        } else {
            "-".into()
        }
    };
    println!(
        "| {phase} | {families} | {:.0} | {:.0} | {} | {} | {} | {} |",
        cost.iter().sum::<f64>(),
        searched.iter().sum::<f64>(),
        ratio(cost[0], searched[0]),
        ratio(cost[1], searched[1]),
        ratio(cost[2], searched[2]),
        ratio(cost.iter().sum(), searched.iter().sum()),
    );
}

/// The phases' families shared by `threads` (each to the thread that comes
/// free first, in the order `order`): the phases' times added up, and when
/// each family ends.
fn makespans<'a>(
    by_phase: &BTreeMap<usize, Vec<&'a Family>>,
    threads: usize,
    order: impl Fn(&Family, &Family) -> std::cmp::Ordering,
) -> (f64, Vec<(f64, &'a Family)>) {
    let (mut start, mut ends): (f64, _) = (0.0, Vec::new());
    for fams in by_phase.values().rev() {
        let mut fams = fams.clone();
        fams.sort_by(|a, b| order(a, b));
        let mut free = vec![start; threads];
        for f in fams {
            let k = (0..threads)
                .min_by(|&a, &b| free[a].total_cmp(&free[b]))
                .expect("a thread");
            free[k] += f.cost;
            ends.push((free[k], f));
        }
        start = free.iter().copied().fold(start, f64::max);
    }
    (start, ends)
}
