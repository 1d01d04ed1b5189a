//! `two-walls STEP`: a sample of the units with two walls, decided from
//! their parents, each figure checked against the unit's own search.

use crate::flood::{flood_in_unit, Flood, Flooded};
use crate::lists::Lists;
use crate::maps::{to_parent, Tables, ToChild};
use crate::{fastest, RUNS};
use std::time::Instant;
use unblocker_gen::retrograde::{Retrograde, UNREACHED};
use unblocker_gen::rush::{Candidate, Generator, Scratch, UnitOutcome, Units, Wall};
use unblocker_gen::unit::{Unavoidable, Unit};
use unblocker_gen::Fibered;

/// One parent of the unit (the unit without `wall`): its layout, distances
/// and unavoidable cells, where each of the unit's positions lies in it,
/// and the wall's cell as a bit (`row × size + column`).
struct Parent<'a> {
    wall: Wall,
    index: Unit<'a>,
    dist: Vec<u8>,
    cells: Vec<u64>,
    map: Vec<u32>,
    bit: usize,
}

impl Parent<'_> {
    /// Whether position `p` of the unit is solvable in the parent with the
    /// wall's cell unavoidable (then it is in the parent's list), and its
    /// index and distance there.
    fn listed(&self, p: usize) -> (bool, usize, u8) {
        let q = self.map[p] as usize;
        let d = self.dist[q];
        (d != UNREACHED && self.cells[q] >> self.bit & 1 == 1, q, d)
    }
}

/// `F` in the unit's index, and the two parents' lists it is the
/// intersection of (in each parent's index).
struct InF {
    member: Vec<bool>,
    positions: Vec<u64>,
    listed: [Vec<u64>; 2],
}

/// The unit's components that meet `F`: each position's component, those
/// that meet it, and the solvable positions of those.
struct Meeting {
    label: Vec<u32>,
    meets: Vec<bool>,
    solvable: u64,
}

/// Totals over the sampled units.
#[derive(Default)]
struct Totals {
    units: u64,
    positions: u64,
    solvable: u64,
    /// Today's search of the units, as a run does it.
    search_seconds: f64,
    /// Positions where a wall's test was checked (solvable in its parent),
    /// and those the wall lengthens.
    wall_checks: u64,
    wall_longer: u64,
    /// Positions whose distance both walls change (= F ∩ solvable), and
    /// the positions of F the unit cannot solve.
    both: u64,
    f_unsolvable: u64,
    /// Units with F empty, and with F holding no solvable position: how
    /// many, their solvable positions and search time.
    empty: (u64, u64, f64),
    barren: (u64, u64, f64),
    components: u64,
    /// Components meeting F and their positions: unsolvable, solvable.
    meeting: [u64; 2],
    meeting_positions: [u64; 2],
    /// Per unit: positions in components meeting F, the unit, its positions.
    largest: Vec<(u64, usize, u64)>,
    /// Stored puzzles (all in F), candidates, and candidates in F.
    puzzles: u64,
    candidates: u64,
    candidates_in_f: u64,
    /// The removal tests of cars of the candidates in F (into units with
    /// two walls, solves in a run that does not search them): count and
    /// time; and all removal tests.
    car_tests: (u64, f64),
    all_tests: (u64, f64),
    /// The parents: how many, positions, solvable positions, their
    /// distances, unavoidable cells alone and with the lists for all their
    /// children, optimal moves read, entries listed.
    parents: u64,
    parent_positions: u64,
    parent_solvable: u64,
    parent_distances: f64,
    parent_pass: f64,
    parent_lists: f64,
    parent_moves: u64,
    list_entries: u64,
    /// The units' two lists (entries), mapped, sorted and intersected.
    unit_entries: u64,
    intersect_seconds: f64,
    /// The flood of the components meeting F in the parent, and in the
    /// unit's own layout (its layout; the rest).
    flood: Flooded,
    flood_seconds: f64,
    flood_in_unit: Flooded,
    flood_in_unit_seconds: [f64; 2],
}

/// What the sample's units need (reused from unit to unit).
struct Sampler<'a> {
    units: &'a Units,
    generator: Generator,
    search: Retrograde,
    unavoidable: Unavoidable,
    scratch: Scratch,
    solve: Scratch,
    lists: Lists<'a>,
    flood: Flood,
    flood_dist: Vec<u8>,
}

pub fn run(step: usize) {
    let units = Units::new(6, 2);
    let tables = Tables::new(&units);
    let mut sampler = Sampler {
        units: &units,
        generator: Generator::new(6, 2).expect("a 6x6 generator"),
        search: Retrograde::new(),
        unavoidable: Unavoidable::new(),
        scratch: Scratch::default(),
        solve: Scratch::default(),
        lists: Lists::new(&units, &tables),
        flood: Flood::default(),
        flood_dist: Vec::new(),
    };
    let sampled: Vec<usize> = (7 % step..units.len())
        .step_by(step)
        .filter(|&u| units.walls(u) == 2)
        .collect();
    let mut t = Totals::default();
    for (n, &unit) in sampled.iter().enumerate() {
        if n % 20 == 0 {
            eprintln!("unit {n} of {}", sampled.len());
        }
        sampler.unit(unit, &mut t);
    }
    report(&t, step);
}

impl<'a> Sampler<'a> {
    fn unit(&mut self, unit: usize, t: &mut Totals) {
        let (outcome, seconds) = fastest(|| self.generator.search(unit, &[], &mut self.scratch));
        let index = self.units.index(unit);
        let mut dist = Vec::new();
        self.search.distances(&index, &mut dist);
        let walls = self.units.walls_of(unit, &index);
        assert_eq!(walls.len(), 2);
        let parents: Vec<Parent> = walls
            .into_iter()
            .map(|wall| self.parent(unit, &index, wall, t))
            .collect();
        let f = compare(unit, &dist, &parents, t);
        self.intersect(unit, &index, &parents, &f, t);
        add_unit(t, &dist, &f, seconds);
        let meeting = self.meeting(unit, &index, &dist, &f, t);
        self.removal_tests(unit, &index, &parents, &outcome, &f, t);
        self.flood_in_parent(unit, &dist, &parents[1], &f, &meeting, t);
        self.flood_in_unit(unit, &dist, &f, &meeting, t);
    }

    /// The unit's parent without `wall`: searched whole, its unavoidable
    /// cells alone and with the lists for all its children (all timed).
    fn parent(&mut self, unit: usize, index: &Unit, wall: Wall, t: &mut Totals) -> Parent<'a> {
        let units = self.units;
        let parent = units.index(wall.parent);
        let mut dist = Vec::new();
        let (levels, seconds) = fastest(|| self.search.distances(&parent, &mut dist));
        t.parent_distances += seconds;
        let (unavoidable, lists) = (&mut self.unavoidable, &mut self.lists);
        let (moves, seconds) = fastest(|| unavoidable.pass(&parent, &dist, |_, _| {}));
        t.parent_moves += moves;
        t.parent_pass += seconds;
        lists.root = None;
        let (_, seconds) = fastest(|| lists.fill(unavoidable, wall.parent, &parent, &dist));
        t.list_entries += lists.entries;
        t.parent_lists += seconds;
        let mut cells = Vec::new();
        unavoidable.cells(&parent, &dist, &mut cells);
        t.parents += 1;
        t.parent_positions += parent.positions();
        t.parent_solvable += levels.reached();
        Parent {
            map: to_parent(units, unit, index, &wall, &parent),
            bit: wall.cell.row as usize * units.size + wall.cell.column as usize,
            wall,
            index: parent,
            dist,
            cells,
        }
    }

    /// The two parents' lists mapped into the unit, sorted and intersected
    /// (timed), as a run would form `F`; checked to be `F`.
    fn intersect(&self, unit: usize, index: &Unit, parents: &[Parent], f: &InF, t: &mut Totals) {
        let (both, seconds) = fastest(|| {
            let keyed: Vec<Vec<u64>> = parents
                .iter()
                .zip(&f.listed)
                .map(|(parent, listed)| {
                    let back = ToChild::new(self.units, unit, &parent.wall);
                    let mut keys: Vec<u64> = listed
                        .iter()
                        .map(|&q| back.index(&parent.index, index, q))
                        .collect();
                    keys.sort_unstable();
                    keys
                })
                .collect();
            intersect(&keyed[0], &keyed[1])
        });
        assert_eq!(
            both, f.positions,
            "the lists' intersection is F: unit {unit}"
        );
        t.intersect_seconds += seconds;
        t.unit_entries += (f.listed[0].len() + f.listed[1].len()) as u64;
    }

    /// (d): the unit's components (solvable or not) that meet `F`.
    fn meeting(
        &mut self,
        unit: usize,
        index: &Unit,
        dist: &[u8],
        f: &InF,
        t: &mut Totals,
    ) -> Meeting {
        // Every component, solvable or not: labelled as if every position
        // were solvable.
        let everywhere = vec![0; dist.len()];
        let (label, labels) = self.search.component_labels(index, &everywhere);
        let labels = labels as usize;
        t.components += labels as u64;
        let mut meets = vec![false; labels];
        for &p in &f.positions {
            meets[label[p as usize] as usize] = true;
        }
        let mut counted = vec![false; labels];
        let (mut here, mut solvable) = (0u64, 0u64);
        for (p, &l) in label.iter().enumerate() {
            if meets[l as usize] {
                let s = (dist[p] != UNREACHED) as usize;
                t.meeting_positions[s] += 1;
                solvable += s as u64;
                here += 1;
                if !counted[l as usize] {
                    counted[l as usize] = true;
                    t.meeting[s] += 1;
                }
            }
        }
        t.largest.push((here, unit, dist.len() as u64));
        Meeting {
            label,
            meets,
            solvable,
        }
    }

    /// (e): every removal test of the unit's candidates answered by one
    /// solve: the stored puzzles lie in `F`, and a candidate lies in `F`
    /// exactly when no wall's test rejects it; the tests of cars of the
    /// candidates in `F` are the solves left to a run (timed).
    fn removal_tests(
        &mut self,
        unit: usize,
        index: &Unit,
        parents: &[Parent],
        outcome: &UnitOutcome,
        f: &InF,
        t: &mut Totals,
    ) {
        let units = self.units;
        let in_f = |c: &Candidate| f.member[candidate_index(units, index, c) as usize];
        // Per candidate: rejected by a wall's removal test, by another.
        let mut rejected = vec![(false, false); outcome.candidates.len()];
        for test in &outcome.queries {
            let started = Instant::now();
            let unit = test.unit as usize;
            let no = !self
                .generator
                .answer(unit, &[*test], &mut self.solve)
                .is_empty();
            let seconds = started.elapsed().as_secs_f64();
            t.all_tests.0 += 1;
            t.all_tests.1 += seconds;
            let c = &outcome.candidates[test.candidate.seq as usize];
            let by_wall = parents.iter().any(|p| {
                let w = &p.wall;
                unit == w.parent
                    && test.position
                        == c.position
                            .without(units, &[(w.row, w.slot)], &[])
                            .pack(units)
            });
            let why = &mut rejected[test.candidate.seq as usize];
            if by_wall {
                why.0 |= no;
            } else {
                why.1 |= no;
                if in_f(c) {
                    t.car_tests.0 += 1;
                    t.car_tests.1 += seconds;
                }
            }
        }
        for (c, why) in outcome.candidates.iter().zip(&rejected) {
            let f = in_f(c);
            assert_eq!(f, !why.0, "a wall's removal test against F: unit {unit}");
            t.candidates += 1;
            t.candidates_in_f += f as u64;
            if !why.0 && !why.1 {
                assert!(f, "(e): a stored puzzle outside F, unit {unit}");
                t.puzzles += 1;
            }
        }
    }

    /// The components meeting `F` flooded from `F` in `parent` (timed),
    /// their distances checked against the unit's.
    fn flood_in_parent(
        &mut self,
        unit: usize,
        dist: &[u8],
        parent: &Parent,
        f: &InF,
        meeting: &Meeting,
        t: &mut Totals,
    ) {
        let mut seeds: Vec<u64> = f
            .positions
            .iter()
            .map(|&p| parent.map[p as usize] as u64)
            .collect();
        seeds.sort_unstable();
        let (mut found, mut best) = (Flooded::default(), f64::MAX);
        for run in 0..RUNS {
            if run > 0 {
                self.flood.clear(&parent.index);
            }
            let started = Instant::now();
            found = self.flood.run(
                &parent.index,
                &parent.dist,
                &parent.cells,
                parent.wall.cell,
                &seeds,
            );
            best = best.min(started.elapsed().as_secs_f64());
        }
        let mut positions = 0;
        for (p, &l) in meeting.label.iter().enumerate() {
            if meeting.meets[l as usize] {
                positions += 1;
                assert_eq!(
                    self.flood.dist[parent.map[p] as usize], dist[p],
                    "the flood's distances: unit {unit}, position {p}"
                );
            }
        }
        assert_eq!(
            found.positions, positions,
            "the flood reaches the components meeting F"
        );
        self.flood.clear(&parent.index);
        t.flood += found;
        t.flood_seconds += best;
    }

    /// The same components flooded in the unit's own layout (timed), their
    /// distances checked against the unit's.
    fn flood_in_unit(
        &mut self,
        unit: usize,
        dist: &[u8],
        f: &InF,
        meeting: &Meeting,
        t: &mut Totals,
    ) {
        if f.positions.is_empty() {
            return;
        }
        let (units, search, flood_dist) = (self.units, &mut self.search, &mut self.flood_dist);
        let (found, layout, rest) = (0..RUNS)
            .map(|_| flood_in_unit(units, unit, search, &f.positions, flood_dist))
            .min_by(|a, b| (a.1 + a.2).total_cmp(&(b.1 + b.2)))
            .expect("a run");
        assert_eq!(
            found.solvable, meeting.solvable,
            "the flood in the unit: unit {unit}"
        );
        for (p, &d) in flood_dist.iter().enumerate() {
            if d != UNREACHED {
                assert_eq!(d, dist[p], "the flood's distances in the unit: unit {unit}");
            }
        }
        t.flood_in_unit += found;
        t.flood_in_unit_seconds[0] += layout;
        t.flood_in_unit_seconds[1] += rest;
    }
}

fn report(t: &Totals, step: usize) {
    let of_all = |n: u64| 100.0 * n as f64 / t.positions.max(1) as f64;
    let of_solvable = |n: u64| 100.0 * n as f64 / t.solvable.max(1) as f64;
    let of_time = |s: f64| 100.0 * s / t.search_seconds.max(f64::MIN_POSITIVE);
    let ns = |s: f64, n: u64| 1e9 * s / n.max(1) as f64;
    println!(
        "two-wall units sampled (every {step}th of the full 6x6 run, from unit {})\t{}",
        7 % step,
        t.units
    );
    println!("positions\t{} ({} solvable)", t.positions, t.solvable);
    println!(
        "wall tests checked (positions solvable in the parent, each wall)\t{} ({} lengthened), all agree",
        t.wall_checks, t.wall_longer
    );
    println!(
        "(a) F ∩ solvable = changed by both walls\t{} positions, {:.3}% of the solvable, equal at every position",
        t.both,
        of_solvable(t.both)
    );
    println!(
        "(b) F ∩ unsolvable (cut off by both walls together)\t{} positions, {:.3}% of all",
        t.f_unsolvable,
        of_all(t.f_unsolvable)
    );
    for (what, (units, solvable, seconds)) in [
        ("units with F empty", t.empty),
        ("units with no solvable position in F (no puzzle)", t.barren),
    ] {
        println!(
            "(c) {what}\t{units} ({:.1}% of the units, {:.1}% of the solvable positions, {:.1}% of today's search time)",
            100.0 * units as f64 / t.units.max(1) as f64,
            of_solvable(solvable),
            of_time(seconds)
        );
    }
    let meeting = t.meeting_positions[0] + t.meeting_positions[1];
    println!(
        "(d) components meeting F\t{} solvable + {} unsolvable of {}",
        t.meeting[1], t.meeting[0], t.components
    );
    println!(
        "(d) their positions\t{} solvable ({:.3}% of all, {:.3}% of the solvable) + {} unsolvable ({:.3}% of all) = {:.3}% of all, {:.3}% of the solvable",
        t.meeting_positions[1],
        of_all(t.meeting_positions[1]),
        of_solvable(t.meeting_positions[1]),
        t.meeting_positions[0],
        of_all(t.meeting_positions[0]),
        of_all(meeting),
        of_solvable(meeting)
    );
    let mut largest = t.largest.clone();
    largest.sort_unstable_by(|a, b| b.cmp(a));
    let top: Vec<String> = largest
        .iter()
        .take(5)
        .map(|&(n, unit, all)| format!("unit {unit}: {n} of {all}"))
        .collect();
    println!(
        "(d) the units with the most: {}; the top 5 hold {:.1}% of them",
        top.join(", "),
        100.0 * largest.iter().take(5).map(|l| l.0).sum::<u64>() as f64 / meeting.max(1) as f64
    );
    println!(
        "(e) stored puzzles (every removal test solved)\t{}, all in F; candidates {} ({} in F: exactly those no wall's test rejects)",
        t.puzzles, t.candidates, t.candidates_in_f
    );
    println!("costs");
    println!(
        "today's search of the units\t{:.2} s ({:.1} ns a solvable position)",
        t.search_seconds,
        ns(t.search_seconds, t.solvable)
    );
    println!(
        "parents: distances / unavoidable cells\t{} parents, {} solvable of {} positions: {:.2} s / {:.2} s ({:.2}x; {:.1} / {:.1} ns a solvable position; {:.2} optimal moves a position)",
        t.parents,
        t.parent_solvable,
        t.parent_positions,
        t.parent_distances,
        t.parent_pass,
        t.parent_pass / t.parent_distances.max(f64::MIN_POSITIVE),
        ns(t.parent_distances, t.parent_solvable),
        ns(t.parent_pass, t.parent_solvable),
        t.parent_moves as f64 / t.parent_solvable.max(1) as f64
    );
    println!(
        "parents: unavoidable cells with the lists for all their children\t{:.2} s ({:.2}x the distances), {} entries ({:.2} a solvable position, {:.1} ns a solvable position)",
        t.parent_lists,
        t.parent_lists / t.parent_distances.max(f64::MIN_POSITIVE),
        t.list_entries,
        t.list_entries as f64 / t.parent_solvable.max(1) as f64,
        ns(t.parent_lists, t.parent_solvable)
    );
    println!(
        "the units' two lists, mapped, sorted, intersected\t{} entries ({:.3}% of the units' positions), {:.3} s ({:.0} ns an entry)",
        t.unit_entries,
        of_all(t.unit_entries),
        t.intersect_seconds,
        ns(t.intersect_seconds, t.unit_entries)
    );
    println!(
        "flood of the components meeting F\t{} components ({} solvable), {} positions ({} solvable), {} + {} fiber expansions: {:.3} s, {:.1} ns a position, {:.2}% of today's search time; distances equal the unit's",
        t.flood.components,
        t.flood.solvable_components,
        t.flood.positions,
        t.flood.solvable,
        t.flood.expansions[0],
        t.flood.expansions[1],
        t.flood_seconds,
        ns(t.flood_seconds, t.flood.positions),
        of_time(t.flood_seconds)
    );
    println!(
        "the same in the unit's own layout (over its cells, then the search's kernel from the goal positions)\t{} components ({} solvable), {} solvable positions: {:.3} s to lay the units out + {:.3} s ({:.1} ns a solvable position), {:.2}% of today's search time",
        t.flood_in_unit.components,
        t.flood_in_unit.solvable_components,
        t.flood_in_unit.solvable,
        t.flood_in_unit_seconds[0],
        t.flood_in_unit_seconds[1],
        ns(t.flood_in_unit_seconds[1], t.flood_in_unit.solvable),
        of_time(t.flood_in_unit_seconds[0] + t.flood_in_unit_seconds[1])
    );
    println!(
        "solves left: removal tests of cars of the candidates in F\t{} ({:.2} a unit), {:.3} s ({:.0} µs each; all {} tests {:.0} µs each)",
        t.car_tests.0,
        t.car_tests.0 as f64 / t.units.max(1) as f64,
        t.car_tests.1,
        1e6 * t.car_tests.1 / t.car_tests.0.max(1) as f64,
        t.all_tests.0,
        1e6 * t.all_tests.1 / t.all_tests.0.max(1) as f64
    );
}

/// `F` position by position, and each wall's test, against the unit's own
/// distances: (a) and (b).
fn compare(unit: usize, dist: &[u8], parents: &[Parent], t: &mut Totals) -> InF {
    let mut f = InF {
        member: vec![false; dist.len()],
        positions: Vec::new(),
        listed: Default::default(),
    };
    for (p, &d) in dist.iter().enumerate() {
        let mut listed = [false; 2];
        for (i, parent) in parents.iter().enumerate() {
            let (here, q, before) = parent.listed(p);
            if before == UNREACHED {
                assert_eq!(d, UNREACHED, "unit {unit}, position {p}");
                continue;
            }
            let longer = d > before;
            assert_eq!(
                here, longer,
                "the wall test: unit {unit}, position {p}, wall {i}"
            );
            t.wall_checks += 1;
            t.wall_longer += longer as u64;
            if here {
                f.listed[i].push(q as u64);
            }
            listed[i] = here;
        }
        let member = listed[0] && listed[1];
        f.member[p] = member;
        if member {
            f.positions.push(p as u64);
        }
        if d == UNREACHED {
            t.f_unsolvable += member as u64;
        } else {
            let changed = |parent: &Parent| parent.dist[parent.map[p] as usize] < d;
            assert_eq!(
                member,
                changed(&parents[0]) && changed(&parents[1]),
                "(a): unit {unit}, position {p}"
            );
            t.both += member as u64;
        }
    }
    f
}

/// (c): the unit's positions and search time, among the units with `F`
/// empty or without a solvable position.
fn add_unit(t: &mut Totals, dist: &[u8], f: &InF, seconds: f64) {
    let solvable = dist.iter().filter(|&&d| d != UNREACHED).count() as u64;
    t.units += 1;
    t.positions += dist.len() as u64;
    t.solvable += solvable;
    t.search_seconds += seconds;
    let add = |to: &mut (u64, u64, f64)| {
        to.0 += 1;
        to.1 += solvable;
        to.2 += seconds;
    };
    if f.positions.is_empty() {
        add(&mut t.empty);
    }
    if !f.positions.iter().any(|&p| dist[p as usize] != UNREACHED) {
        add(&mut t.barren);
    }
}

/// A candidate's index in its unit.
fn candidate_index(units: &Units, index: &Unit, c: &Candidate) -> u64 {
    index
        .index_of(
            &c.position.row_places(units),
            &c.position.columns[..units.size],
        )
        .expect("a candidate is a position of its unit")
}

/// The values two sorted lists share.
fn intersect(a: &[u64], b: &[u64]) -> Vec<u64> {
    let (mut i, mut j) = (0, 0);
    let mut out = Vec::new();
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                out.push(a[i]);
                i += 1;
                j += 1;
            }
        }
    }
    out
}
