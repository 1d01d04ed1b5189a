//! `parents WALLS STEP`: what the unavoidable cells and the lists add to
//! the search of a unit with fewer than two walls, by phase.

use crate::fastest;
use crate::lists::Lists;
use crate::maps::Tables;
use std::collections::BTreeMap;
use unblocker_gen::retrograde::Retrograde;
use unblocker_gen::rush::{Generator, Scratch, Units};
use unblocker_gen::unit::Unavoidable;

/// Totals over the sampled units of one phase (times in seconds, each the
/// fastest of its runs).
#[derive(Default, Clone, Copy)]
struct Pass {
    units: u64,
    solvable: u64,
    /// Today's search of the units, as a run does it.
    today: f64,
    /// Their distances alone (whole units), and their unavoidable cells.
    distances: f64,
    pass: f64,
    moves: u64,
    /// The cells with the lists for the children (by the unit's own index,
    /// as they come), the entries listed; and the same keyed by the root's
    /// index and sorted, ready to intersect (units with one wall).
    lists: f64,
    entries: u64,
    keyed: f64,
}

impl std::ops::AddAssign for Pass {
    fn add_assign(&mut self, other: Pass) {
        self.units += other.units;
        self.solvable += other.solvable;
        self.today += other.today;
        self.distances += other.distances;
        self.pass += other.pass;
        self.moves += other.moves;
        self.lists += other.lists;
        self.entries += other.entries;
        self.keyed += other.keyed;
    }
}

/// What one unit's measurement needs (reused from unit to unit).
struct Measure<'a> {
    units: &'a Units,
    generator: Generator,
    scratch: Scratch,
    search: Retrograde,
    unavoidable: Unavoidable,
    dist: Vec<u8>,
    lists: Lists<'a>,
}

impl Measure<'_> {
    /// One unit's times: today's search, the distances, the unavoidable
    /// cells alone, with the lists, with the lists keyed by the root's
    /// index and sorted.
    fn unit(&mut self, unit: usize) -> Pass {
        let units = self.units;
        let index = units.index(unit);
        let (_, today) = fastest(|| self.generator.search(unit, &[], &mut self.scratch));
        let (levels, distances) = fastest(|| self.search.distances(&index, &mut self.dist));
        let (dist, unavoidable, lists) = (&self.dist, &mut self.unavoidable, &mut self.lists);
        let (moves, pass) = fastest(|| unavoidable.pass(&index, dist, |_, _| {}));
        lists.root = None;
        let (_, with_lists) = fastest(|| lists.fill(unavoidable, unit, &index, dist));
        let entries = lists.entries;
        let keyed = if units.walls(unit) == 1 {
            let wall = units.walls_of(unit, &index)[0];
            lists.root = Some((units.index(wall.parent), wall));
            fastest(|| {
                lists.fill(unavoidable, unit, &index, dist);
                lists.sort();
            })
            .1
        } else {
            0.0
        };
        Pass {
            units: 1,
            solvable: levels.reached(),
            today,
            distances,
            pass,
            moves,
            lists: with_lists,
            entries,
            keyed,
        }
    }
}

pub fn run(walls: usize, step: usize) {
    let units = Units::new(6, 2);
    let tables = Tables::new(&units);
    let mut measure = Measure {
        units: &units,
        generator: Generator::new(6, 2).expect("a 6x6 generator"),
        scratch: Scratch::default(),
        search: Retrograde::new(),
        unavoidable: Unavoidable::new(),
        dist: Vec::new(),
        lists: Lists::new(&units, &tables),
    };
    let sampled: Vec<usize> = (0..units.len())
        .filter(|&u| units.walls(u) == walls)
        .skip(7 % step)
        .step_by(step)
        .collect();
    let mut phases: BTreeMap<usize, Pass> = BTreeMap::new();
    for (n, &unit) in sampled.iter().enumerate() {
        if n % 20 == 0 {
            eprintln!("unit {n} of {}", sampled.len());
        }
        *phases.entry(units.phase(unit)).or_default() += measure.unit(unit);
    }
    println!(
        "6x6 units with {walls} walls, every {step}th from the {}th",
        7 % step
    );
    println!("phase\tunits\tsolvable positions\ttoday's search s\tdistances s\tunavoidable cells s\tof the distances\tof the search\tcells and lists s\tof the search\tcells and lists by the root's index, sorted s\tof the search\tdistances ns a position\tcells ns a position\toptimal moves a position\tlist entries a position");
    let mut all = Pass::default();
    for (phase, p) in phases.iter().rev() {
        print_pass(&phase.to_string(), p);
        all += *p;
    }
    print_pass("all", &all);
}

fn print_pass(name: &str, p: &Pass) {
    let per = |x: f64| x / p.solvable.max(1) as f64;
    let of = |x: f64, y: f64| x / y.max(f64::MIN_POSITIVE);
    println!(
        "{name}\t{}\t{}\t{:.2}\t{:.2}\t{:.2}\t{:.2}\t{:.2}\t{:.2}\t{:.2}\t{:.2}\t{:.2}\t{:.1}\t{:.1}\t{:.2}\t{:.2}",
        p.units,
        p.solvable,
        p.today,
        p.distances,
        p.pass,
        of(p.pass, p.distances),
        of(p.pass, p.today),
        p.lists,
        of(p.lists, p.today),
        p.keyed,
        of(p.keyed, p.today),
        per(1e9 * p.distances),
        per(1e9 * p.pass),
        per(p.moves as f64),
        per(p.entries as f64),
    );
}
