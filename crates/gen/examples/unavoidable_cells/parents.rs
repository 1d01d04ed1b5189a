//! `parents WALLS STEP`: what the unavoidable cells and the lists add to
//! the search of a unit with fewer than two walls, by phase.

use crate::fastest;
use std::collections::BTreeMap;
use unblocker_gen::retrograde::Retrograde;
use unblocker_gen::rush::{Ancestor, ChildLists, Generator, Relevance, Scratch, Units, WallTables};
use unblocker_gen::unit::{FiberAt, Unavoidable, Unit};
use unblocker_gen::Fibered;

/// Totals over the sampled units of one phase (times in seconds, each the
/// fastest of its runs).
#[derive(Default, Clone, Copy)]
struct Pass {
    units: u64,
    solvable: u64,
    /// Today's search of the units, as a run does it.
    today: f64,
    /// Their distances alone, as a run seeds them (static pruning in
    /// walled units), and the same search with the unavoidable cells.
    distances: f64,
    pass: f64,
    moves: u64,
    /// The search with the cells and the lists for the children keyed by
    /// the wall-free unit's index (units with one wall), the entries
    /// listed, and every entry set in and read from a bitmap of the
    /// wall-free unit's positions (the intersection of two parents' lists).
    lists: f64,
    entries: u64,
    merge: f64,
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
        self.merge += other.merge;
    }
}

/// What one unit's measurement needs (reused from unit to unit).
struct Measure<'a> {
    units: &'a Units,
    tables: WallTables,
    generator: Generator,
    scratch: Scratch,
    search: Retrograde,
    unavoidable: Unavoidable,
    dist: Vec<u8>,
    lists: ChildLists,
    bitmap: Vec<u64>,
}

/// The goal positions a run's search of `unit` starts from: those of the
/// class tuples static pruning keeps (all in a unit without walls).
fn seed<'a>(
    relevance: &'a mut Option<Relevance>,
    index: &'a Unit,
) -> impl FnMut(&FiberAt, u32) -> u32 + 'a {
    move |at, bits| match relevance {
        Some(relevance) => {
            let (fiber_column, list) = index.fiber_axis(at.block);
            relevance.live_bits(&index.column_fillings(at), fiber_column, list, bits)
        }
        None => bits,
    }
}

impl Measure<'_> {
    fn unit(&mut self, unit: usize) -> Pass {
        let units = self.units;
        let index = units.index(unit);
        let pruned = || (units.walls(unit) > 0).then(|| Relevance::new(units, unit));
        let (_, today) = fastest(|| self.generator.search(unit, &[], &mut self.scratch));
        let (search, dist) = (&mut self.search, &mut self.dist);
        let (levels, distances) = fastest(|| {
            let mut relevance = pruned();
            search.distances_from(&index, dist, seed(&mut relevance, &index))
        });
        let unavoidable = &mut self.unavoidable;
        let (_, pass) = fastest(|| {
            let mut relevance = pruned();
            let seed = seed(&mut relevance, &index);
            unavoidable.search(search, &index, dist, seed, |_, _| {})
        });
        let moves = unavoidable.moves();
        let mut measured = Pass {
            units: 1,
            solvable: levels.reached(),
            today,
            distances,
            pass,
            moves,
            ..Pass::default()
        };
        if units.walls(unit) == 1 {
            let wall = units.walls_of(unit)[0];
            let root = units.index(wall.parent);
            let mut map = Ancestor::new(units, (unit, &index), (wall.parent, &root), &[wall]);
            let starts = units.class_starts(unit);
            let (tables, lists) = (&self.tables, &mut self.lists);
            let (_, seconds) = fastest(|| {
                lists.clear();
                let mut relevance = pruned();
                let seed = seed(&mut relevance, &index);
                unavoidable.search(search, &index, dist, seed, |level, cells| {
                    lists.add(tables, &index, &starts, &mut map, level, cells)
                })
            });
            measured.lists = seconds;
            measured.entries = lists.entries();
            let bitmap = &mut self.bitmap;
            bitmap.clear();
            bitmap.resize(root.positions().div_ceil(64) as usize, 0);
            let (found, seconds) = fastest(|| {
                let mut found = 0u64;
                for list in &lists.per_cell {
                    for &p in list {
                        bitmap[p as usize / 64] |= 1 << (p % 64);
                    }
                    for &p in list {
                        found += bitmap[p as usize / 64] >> (p % 64) & 1;
                    }
                    for &p in list {
                        bitmap[p as usize / 64] = 0;
                    }
                }
                found
            });
            assert_eq!(found, measured.entries);
            measured.merge = seconds;
        }
        measured
    }
}

pub fn run(walls: usize, step: usize) {
    let units = Units::new(6, 2);
    let mut measure = Measure {
        units: &units,
        tables: WallTables::new(&units),
        generator: Generator::new(6, 2).expect("a 6x6 generator"),
        scratch: Scratch::default(),
        search: Retrograde::new(),
        unavoidable: Unavoidable::new(),
        dist: Vec::new(),
        lists: ChildLists::new(units.size),
        bitmap: Vec::new(),
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
    println!("phase\tunits\tsolvable positions\ttoday's search s\tdistances s\tdistances with the unavoidable cells s\tadded, of the distances\tadded, of the search\twith the lists keyed by the wall-free unit s\tlists added, of the search\tbitmap set and read s\tof the search\tdistances ns a position\tcells added ns a position\toptimal moves a position\tlist entries a position");
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
        "{name}\t{}\t{}\t{:.2}\t{:.2}\t{:.2}\t{:.3}\t{:.3}\t{:.2}\t{:.3}\t{:.3}\t{:.3}\t{:.1}\t{:.1}\t{:.2}\t{:.2}",
        p.units,
        p.solvable,
        p.today,
        p.distances,
        p.pass,
        of(p.pass - p.distances, p.distances),
        of(p.pass - p.distances, p.today),
        p.lists,
        of(p.lists - p.pass, p.today),
        p.merge,
        of(p.merge, p.today),
        per(1e9 * p.distances),
        per(1e9 * (p.pass - p.distances)),
        per(p.moves as f64),
        per(p.entries as f64),
    );
}
