//! `two-walls STEP`: a sample of the units with two walls, decided from
//! their parents, each figure checked against the unit's own search.

use crate::fastest;
use crate::maps::to_parent;
use std::time::Instant;
use unblocker_gen::retrograde::{Retrograde, UNREACHED};
use unblocker_gen::rush::{
    Ancestor, Candidate, ChildLists, Flood, Flooded, Generator, PositionSet, Scratch, Side,
    TwoWalls, UnitOutcome, Units, Wall, WallTables,
};
use unblocker_gen::unit::{Unavoidable, Unit};
use unblocker_gen::Fibered;

/// One parent of the unit (the unit without `wall`): its layout, distances
/// and unavoidable cells, where each of the unit's positions lies in it,
/// the wall's cell as a bit (`row × size + column`), and its list for that
/// cell (the positions where it is unavoidable, by the index of the unit
/// without walls, `root`), also as a set.
struct Parent<'a> {
    wall: Wall,
    index: Unit<'a>,
    dist: Vec<u8>,
    cells: Vec<u64>,
    map: Vec<u32>,
    bit: usize,
    root: usize,
    keys: Vec<u32>,
    listed: PositionSet,
}

impl Parent<'_> {
    /// Whether position `p` of the unit is solvable in the parent with the
    /// wall's cell unavoidable (then it is in the parent's list), and its
    /// index and distance there.
    fn tested(&self, p: usize) -> (bool, usize, u8) {
        let q = self.map[p] as usize;
        let d = self.dist[q];
        (d != UNREACHED && self.cells[q] >> self.bit & 1 == 1, q, d)
    }
}

/// `F` in the unit's index.
struct InF {
    member: Vec<bool>,
    positions: Vec<u64>,
}

/// The unit's components that meet `F`: each position's component, those
/// that meet it, and the solvable positions of those.
struct Meeting {
    label: Vec<u32>,
    meets: Vec<bool>,
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
    /// The components meeting F found over the unit's cells and read with
    /// the parents' distances (the unit's layout; the rest).
    flood: Flooded,
    flood_seconds: [f64; 2],
}

/// What the sample's units need (reused from unit to unit).
struct Sampler<'a> {
    units: &'a Units,
    generator: Generator,
    search: Retrograde,
    unavoidable: Unavoidable,
    scratch: Scratch,
    solve: Scratch,
    tables: WallTables,
    lists: ChildLists,
    flood: Flood,
    both: PositionSet,
}

pub fn run(step: usize) {
    let units = Units::new(6, 2);
    let mut sampler = Sampler {
        units: &units,
        generator: Generator::new(6, 2).expect("a 6x6 generator"),
        search: Retrograde::new(),
        unavoidable: Unavoidable::new(),
        scratch: Scratch::default(),
        solve: Scratch::default(),
        tables: WallTables::new(&units),
        lists: ChildLists::new(units.size),
        flood: Flood::new(),
        both: PositionSet::default(),
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
        let walls = self.units.walls_of(unit);
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
        self.flood(unit, &dist, &parents, &f, &meeting, t);
    }

    /// The unit's parent without `wall`: searched whole, alone and with its
    /// unavoidable cells and the lists for all its children (keyed by the
    /// index of the unit without walls; all timed).
    fn parent(&mut self, unit: usize, index: &Unit, wall: Wall, t: &mut Totals) -> Parent<'a> {
        let units = self.units;
        let parent = units.index(wall.parent);
        let mut dist = Vec::new();
        let search = &mut self.search;
        let (levels, seconds) = fastest(|| search.distances(&parent, &mut dist));
        t.parent_distances += seconds;
        let unavoidable = &mut self.unavoidable;
        let (_, seconds) =
            fastest(|| unavoidable.search(search, &parent, &mut dist, |_, bits| bits, |_, _| {}));
        t.parent_moves += unavoidable.moves();
        t.parent_pass += seconds;
        let own = units.walls_of(wall.parent)[0];
        let root_index = units.index(own.parent);
        let mut root = Ancestor::new(
            units,
            (wall.parent, &parent),
            (own.parent, &root_index),
            &[own],
        );
        let starts = units.class_starts(wall.parent);
        let (tables, lists) = (&self.tables, &mut self.lists);
        let (_, seconds) = fastest(|| {
            lists.clear();
            unavoidable.search(
                search,
                &parent,
                &mut dist,
                |_, bits| bits,
                |level, cells| lists.add(tables, &parent, &starts, &mut root, level, cells),
            )
        });
        t.list_entries += lists.entries();
        t.parent_lists += seconds;
        let bit = wall.cell.row as usize * units.size + wall.cell.column as usize;
        let keys = lists.per_cell[bit].clone();
        let mut listed = PositionSet::default();
        listed.reset(root_index.positions());
        for &g in &keys {
            listed.insert(g as u64);
        }
        let mut cells = Vec::new();
        unavoidable.cells(search, &parent, &mut dist, &mut cells);
        t.parents += 1;
        t.parent_positions += parent.positions();
        t.parent_solvable += levels.reached();
        Parent {
            map: to_parent(units, unit, index, &wall, &parent),
            bit,
            wall,
            index: parent,
            dist,
            cells,
            root: own.parent,
            keys,
            listed,
        }
    }

    /// The two parents' lists (by the index of the unit without walls)
    /// intersected as a run forms `F`, one set in a bitmap and the other
    /// read from it (timed); checked to be `F`.
    fn intersect(
        &mut self,
        unit: usize,
        index: &Unit,
        parents: &[Parent],
        f: &InF,
        t: &mut Totals,
    ) {
        let units = self.units;
        let root = units.index(parents[0].root);
        let both = &mut self.both;
        both.reset(root.positions());
        let (mut found, seconds) = fastest(|| {
            for &g in &parents[0].keys {
                both.insert(g as u64);
            }
            let found: Vec<u32> = parents[1]
                .keys
                .iter()
                .copied()
                .filter(|&g| both.contains(g as u64))
                .collect();
            both.clear_words(&parents[0].keys);
            found
        });
        found.sort_unstable();
        let walls = [parents[0].wall, parents[1].wall];
        let mut map = Ancestor::new(units, (unit, index), (parents[0].root, &root), &walls);
        let mut expected: Vec<u32> = f
            .positions
            .iter()
            .map(|&p| {
                let (at, bit) = index.locate(p);
                map.fiber(&at).get(bit as usize) as u32
            })
            .collect();
        expected.sort_unstable();
        assert_eq!(found, expected, "the lists' intersection is F: unit {unit}");
        t.intersect_seconds += seconds;
        t.unit_entries += (parents[0].keys.len() + parents[1].keys.len()) as u64;
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
        let mut here = 0u64;
        for (p, &l) in label.iter().enumerate() {
            if meets[l as usize] {
                let s = (dist[p] != UNREACHED) as usize;
                t.meeting_positions[s] += 1;
                here += 1;
                if !counted[l as usize] {
                    counted[l as usize] = true;
                    t.meeting[s] += 1;
                }
            }
        }
        t.largest.push((here, unit, dist.len() as u64));
        Meeting { label, meets }
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

    /// The components meeting `F`, found over the unit's cells and read
    /// with the parents' distances, those of `F` searched from the others
    /// (the unit laid out, then the rest; both timed): each solvable one's
    /// size, histogram and farthest positions checked against the unit's
    /// own search.
    fn flood(
        &mut self,
        unit: usize,
        dist: &[u8],
        parents: &[Parent],
        f: &InF,
        meeting: &Meeting,
        t: &mut Totals,
    ) {
        if f.positions.is_empty() {
            return;
        }
        let units = self.units;
        let root = units.index(parents[0].root);
        let sides = [0, 1].map(|i| Side {
            index: &parents[i].index,
            dist: &parents[i].dist,
            listed: &parents[i].listed,
        });
        let walls = [parents[0].wall, parents[1].wall];
        let mut reads = Vec::new();
        let (mut found, mut best) = (Flooded::default(), [f64::MAX; 2]);
        for _ in 0..crate::RUNS {
            let started = Instant::now();
            let index = units.index(unit);
            let layout = started.elapsed().as_secs_f64();
            let started = Instant::now();
            let mut two = TwoWalls::new(
                units,
                (unit, &index),
                walls,
                sides,
                (parents[0].root, &root),
            );
            reads.clear();
            let index = &index;
            found = self.flood.run(&mut two, &f.positions, |read| {
                let farthest: Vec<u64> = read
                    .farthest
                    .iter()
                    .flat_map(|&(at, bits)| {
                        (0..32)
                            .filter(move |x| bits >> x & 1 != 0)
                            .map(move |x| index.position_of(at.block, at.fiber, x))
                    })
                    .collect();
                reads.push((read.size, read.histogram.clone(), farthest));
            });
            let rest = started.elapsed().as_secs_f64();
            if layout + rest < best[0] + best[1] {
                best = [layout, rest];
            }
        }
        // The same components from the unit's own search.
        let mut own: Vec<(u64, Vec<u64>, Vec<u64>)> = Vec::new();
        let mut place = std::collections::HashMap::new();
        for (p, &l) in meeting.label.iter().enumerate() {
            if !meeting.meets[l as usize] || dist[p] == UNREACHED {
                continue;
            }
            let i = *place.entry(l).or_insert_with(|| {
                own.push((0, Vec::new(), Vec::new()));
                own.len() - 1
            });
            let (size, histogram, farthest) = &mut own[i];
            let d = dist[p] as usize;
            if histogram.len() <= d {
                histogram.resize(d + 1, 0);
                farthest.clear();
            }
            histogram[d] += 1;
            *size += 1;
            if d + 1 == histogram.len() {
                farthest.push(p as u64);
            }
        }
        for read in reads.iter_mut() {
            read.2.sort_unstable();
        }
        reads.sort();
        own.sort();
        assert_eq!(
            reads, own,
            "the components read from the parents: unit {unit}"
        );
        t.flood += found;
        t.flood_seconds[0] += best[0];
        t.flood_seconds[1] += best[1];
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
        "parents: distances / with the unavoidable cells\t{} parents, {} solvable of {} positions: {:.2} s / {:.2} s ({:.2}x; {:.1} / {:.1} ns a solvable position; {:.2} optimal moves a position)",
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
        "parents: with the unavoidable cells and the lists for all their children\t{:.2} s ({:.2}x the distances), {} entries ({:.2} a solvable position, {:.1} ns a solvable position)",
        t.parent_lists,
        t.parent_lists / t.parent_distances.max(f64::MIN_POSITIVE),
        t.list_entries,
        t.list_entries as f64 / t.parent_solvable.max(1) as f64,
        ns(t.parent_lists, t.parent_solvable)
    );
    println!(
        "the units' two lists intersected (one set in a bitmap, the other read)\t{} entries ({:.3}% of the units' positions), {:.3} s ({:.1} ns an entry)",
        t.unit_entries,
        of_all(t.unit_entries),
        t.intersect_seconds,
        ns(t.intersect_seconds, t.unit_entries)
    );
    println!(
        "the components meeting F read from the parents\t{} solvable + {} unsolvable (found over cells), {} positions read ({} of them in F, searched from the others): {:.3} s to lay the units out + {:.3} s ({:.1} ns a position read), {:.2}% of today's search time; each component as the unit's own search reads it",
        t.flood.solvable,
        t.flood.unsolvable,
        t.flood.positions,
        t.flood.searched,
        t.flood_seconds[0],
        t.flood_seconds[1],
        ns(t.flood_seconds[1], t.flood.positions),
        of_time(t.flood_seconds[0] + t.flood_seconds[1])
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
    };
    for (p, &d) in dist.iter().enumerate() {
        let mut listed = [false; 2];
        for (i, parent) in parents.iter().enumerate() {
            let (here, _, before) = parent.tested(p);
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
