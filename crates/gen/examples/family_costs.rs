//! What deciding a family costs against searching each of its units: every
//! STEPth family of the full 6x6 run (0 to 2 walls; by its wall-free unit,
//! from the 7th), decided as a run decides it (`Generator::decide`: the
//! wall-free unit and the units of one wall searched, those of one with
//! their unavoidable cells and lists, the units of two walls decided from
//! them) and each of its units searched as the generator searched every
//! unit before families (`Generator::search`), both on one thread, in turn
//! family by family, without removal tests.
//!
//! ```text
//! cargo run --release -p unblocker-gen --features research --example family_costs -- 200
//! cargo run --release -p unblocker-gen --features research --example family_costs -- 200 4
//! ```
//!
//! A second argument keeps only the sampled families whose wall-free unit
//! is of that phase or lower (the largest). Prints, by the phase of the
//! wall-free unit: families, units, the seconds of the searches and of the
//! decisions and their ratio, both by walls (the wall-free unit, those of
//! one wall, with their cells and lists when decided, those of two walls),
//! and the candidates each way
//! (a unit of two walls keeps only those in `F`, which the removal tests
//! of its walls would keep).

use std::collections::{BTreeMap, HashMap};
use std::time::Instant;
use unblocker_gen::rush::{FamilyScratch, Generator, Scratch};

/// Totals over the sampled families of one phase (seconds).
#[derive(Default, Clone, Copy)]
struct Totals {
    families: u64,
    units: u64,
    searched: f64,
    decided: f64,
    searched_by_walls: [f64; 3],
    by_walls: [f64; 3],
    candidates: [u64; 2],
}

impl std::ops::AddAssign for Totals {
    fn add_assign(&mut self, o: Totals) {
        self.families += o.families;
        self.units += o.units;
        self.searched += o.searched;
        self.decided += o.decided;
        for w in 0..3 {
            self.searched_by_walls[w] += o.searched_by_walls[w];
            self.by_walls[w] += o.by_walls[w];
        }
        self.candidates[0] += o.candidates[0];
        self.candidates[1] += o.candidates[1];
    }
}

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse().ok())
        .collect::<Option<_>>()
        .filter(|a: &Vec<usize>| (1..=2).contains(&a.len()) && a[0] > 0)
        .unwrap_or_else(|| {
            eprintln!("family_costs STEP [MAX_PHASE] (e.g. 200)");
            std::process::exit(2)
        });
    let (step, max_phase) = (args[0], args.get(1).copied().unwrap_or(usize::MAX));
    let generator = Generator::new(6, 2).expect("a 6x6 generator");
    let families = generator.families();
    let roots: Vec<u32> = (0..generator.units() as u32)
        .filter(|&u| generator.walls(u as usize) == 0)
        .collect();
    let sampled: Vec<u32> = roots
        .iter()
        .copied()
        .skip(7 % step)
        .step_by(step)
        .filter(|&r| generator.phase(r as usize) <= max_phase)
        .collect();
    let (mut scratch, mut family_scratch) = (Scratch::default(), FamilyScratch::default());
    let incoming = HashMap::new();
    let mut by_phase: BTreeMap<usize, Totals> = BTreeMap::new();
    for (n, &root) in sampled.iter().enumerate() {
        eprintln!("family {n} of {} (root {root})", sampled.len());
        let members = families.members(root);
        let mut t = Totals {
            families: 1,
            units: members.len() as u64,
            ..Totals::default()
        };
        for &u in members {
            let started = Instant::now();
            let found = generator.search(u as usize, &[], &mut scratch);
            let seconds = started.elapsed().as_secs_f64();
            t.searched += seconds;
            t.searched_by_walls[generator.walls(u as usize)] += seconds;
            t.candidates[0] += found.candidates.len() as u64;
        }
        let started = Instant::now();
        let decided = generator.decide(members, &incoming, &mut family_scratch);
        t.decided = started.elapsed().as_secs_f64();
        assert_eq!(decided.len(), members.len(), "every unit decided");
        for d in &decided {
            t.by_walls[generator.walls(d.unit as usize)] += d.seconds;
            t.candidates[1] += d.outcome.candidates.len() as u64;
        }
        *by_phase.entry(generator.phase(root as usize)).or_default() += t;
    }
    println!(
        "6x6 families (0 to 2 walls), every {step}th wall-free unit from the {}th",
        7 % step
    );
    println!("phase\tfamilies\tunits\tsearched s\tdecided s\tdecided / searched\twall-free searched / decided s\tone wall searched / decided s\ttwo walls searched / decided s\tcandidates searched\tcandidates decided");
    let mut all = Totals::default();
    for (phase, t) in by_phase.iter().rev() {
        print_row(&phase.to_string(), t);
        all += *t;
    }
    print_row("all", &all);
}

fn print_row(name: &str, t: &Totals) {
    println!(
        "{name}\t{}\t{}\t{:.2}\t{:.2}\t{:.3}\t{:.2} / {:.2}\t{:.2} / {:.2}\t{:.2} / {:.2}\t{}\t{}",
        t.families,
        t.units,
        t.searched,
        t.decided,
        t.decided / t.searched.max(f64::MIN_POSITIVE),
        t.searched_by_walls[0],
        t.by_walls[0],
        t.searched_by_walls[1],
        t.by_walls[1],
        t.searched_by_walls[2],
        t.by_walls[2],
        t.candidates[0],
        t.candidates[1],
    );
}
