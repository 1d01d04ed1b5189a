//! A *family*: a wall-free unit (its *root*) with the units that are the
//! root with walls added (its *children*, of one wall, and its
//! *grandchildren*, of two). Families partition the units, and a run
//! decides a family at once ([`decide`]):
//!
//! - the root is searched as any unit, and its distances kept;
//! - each child is searched as any unit, with its unavoidable cells
//!   ([`crate::unit::Unavoidable`]) and, from them, the lists for its own
//!   children (`lists`); the removal test of its wall lands in the root and
//!   is answered at once;
//! - each grandchild is decided from its two parents, never searched
//!   (`two_walls`): only the components that meet `F` are read, a candidate
//!   must lie in `F` (so the removal tests of its walls pass), and the
//!   removal tests landing in it are answered from its parents' distances.
//!
//! A grandchild's parents are two children of the same family, so a child's
//! lists are needed only until both parents of each of its children are
//! searched: children are searched by the cell of their wall, and each
//! pair of cells' grandchildren is decided as soon as both cells are done,
//! its lists then freed. Removal tests of cars land in families whose root
//! has one item fewer, so running the families by their root's phase, from
//! the most items down, answers them as the phases of units did.

use super::ancestor::Ancestor;
use super::lists::{ChildLists, WallTables};
use super::position::Position;
use super::relevance::Relevance;
use super::search::{
    hardest, is_closer, moved_rows, removal_queries, search_with, Candidate, CandidateId, Cells,
    Component, Job, RemovalTest, Scratch, UnitOutcome,
};
use super::stages::StageClock;
use super::two_walls::{Flood, Known, PositionSet, Side, TwoWalls};
use super::units::Units;
use super::walls::Wall;
use crate::retrograde::UNREACHED;
use crate::unit::{FiberAt, Unavoidable, Unit};
use crate::Fibered;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::time::Instant;

/// Every unit's family.
#[derive(Debug)]
pub struct Families {
    /// Per unit: its root.
    root_of: Vec<u32>,
    /// Per root: its units, the root first, then by walls and number.
    members: HashMap<u32, Vec<u32>>,
}

impl Families {
    pub fn new(units: &Units) -> Families {
        // Per row: each class's class without its walls.
        let unwalled: Vec<Vec<u32>> = units
            .rows
            .iter()
            .map(|fillings| {
                (0..fillings.classes.len())
                    .map(|class| {
                        let mut filling = fillings.classes[class].start;
                        while let Some(slot) =
                            fillings.items[filling as usize].iter().position(|i| i.wall)
                        {
                            filling = fillings.without(filling, slot);
                        }
                        fillings.class_of[filling as usize]
                    })
                    .collect()
            })
            .collect();
        let roots: HashMap<&[u32], u32> = (0..units.len())
            .filter(|&u| units.walls(u) == 0)
            .map(|u| (units.classes(u), u as u32))
            .collect();
        let mut members: HashMap<u32, Vec<u32>> = HashMap::new();
        let root_of: Vec<u32> = (0..units.len())
            .map(|u| {
                let classes: Vec<u32> = units
                    .classes(u)
                    .iter()
                    .zip(&unwalled)
                    .map(|(&c, row)| row[c as usize])
                    .collect();
                let root = roots[&classes[..]];
                members.entry(root).or_default().push(u as u32);
                root
            })
            .collect();
        for list in members.values_mut() {
            list.sort_by_key(|&u| (units.walls(u as usize), u));
        }
        Families { root_of, members }
    }

    /// The root of a unit's family.
    pub fn root(&self, unit: u32) -> u32 {
        self.root_of[unit as usize]
    }

    /// The units of the family of `root`: the root first, then by walls.
    pub fn members(&self, root: u32) -> &[u32] {
        &self.members[&root]
    }
}

/// What deciding a family found for one of its units, and the seconds it
/// took.
#[derive(Debug)]
pub struct Decided {
    pub unit: u32,
    pub outcome: UnitOutcome,
    pub seconds: f64,
}

/// Memory reused from one family to the next (one per thread).
#[derive(Default)]
pub struct FamilyScratch {
    search: Scratch,
    unavoidable: Unavoidable,
    flood: Flood,
    /// The positions of the root in a grandchild's two lists.
    sets: [PositionSet; 2],
}

impl FamilyScratch {
    /// The memory of one unit's search (also for the solves that answer
    /// removal tests into another shard's units).
    pub fn search(&mut self) -> &mut Scratch {
        &mut self.search
    }
}

/// A searched child, kept while its children need it: its layout,
/// distances, static pruning and lists.
struct Child<'u> {
    index: Unit<'u>,
    dist: Vec<u8>,
    relevance: Option<Relevance>,
    lists: ChildLists,
}

/// A grandchild: its walls, and the slots among the children of the
/// parent without each wall.
struct Grandchild {
    unit: u32,
    walls: [Wall; 2],
    parents: [usize; 2],
}

/// The family being decided: the root's search and what the children
/// leave for the grandchildren.
struct Run<'a, 'u> {
    units: &'u Units,
    tables: &'a WallTables,
    prune: bool,
    root: u32,
    root_index: Unit<'u>,
    root_dist: Vec<u8>,
    incoming: &'a HashMap<u32, Vec<RemovalTest>>,
}

/// Decides the family whose units are `members` (the root first, then by
/// walls; [`Families::members`]), answering the removal tests `incoming`
/// into them (by unit): every unit's outcome, as a search of each would
/// give (the same puzzles; the candidates of grandchildren only those that
/// the removal tests of their walls keep).
pub fn decide(
    units: &Units,
    tables: &WallTables,
    prune: bool,
    members: &[u32],
    incoming: &HashMap<u32, Vec<RemovalTest>>,
    scratch: &mut FamilyScratch,
) -> Vec<Decided> {
    let root = members[0];
    debug_assert_eq!(
        units.walls(root as usize),
        0,
        "a family's root has no walls"
    );
    let mut decided = Vec::with_capacity(members.len());
    let started = Instant::now();
    let root_index = units.index(root as usize);
    let tests = |u: u32| incoming.get(&u).map_or(&[][..], Vec::as_slice);
    let job = Job {
        units,
        unit: root as usize,
        index: &root_index,
        incoming: tests(root),
        keep: &[],
        prune,
    };
    let (outcome, _) = search_with(&job, &mut scratch.search, None, StageClock::start());
    decided.push(Decided {
        unit: root,
        outcome,
        seconds: started.elapsed().as_secs_f64(),
    });
    let run = Run {
        units,
        tables,
        prune,
        root,
        root_dist: std::mem::take(&mut scratch.search.dist),
        root_index,
        incoming,
    };
    let children: Vec<u32> = members
        .iter()
        .copied()
        .filter(|&u| units.walls(u as usize) == 1)
        .collect();
    let slot: HashMap<u32, usize> = children.iter().enumerate().map(|(k, &u)| (u, k)).collect();
    let child_walls: Vec<Wall> = children
        .iter()
        .map(|&u| units.walls_of(u as usize)[0])
        .collect();
    let cell = |w: &Wall| w.cell.row as usize * units.size + w.cell.column as usize;
    // The grandchildren, by the pair of their walls' cells; the removal
    // tests into them keep their class tuples searched in both parents.
    let mut keep: Vec<Vec<u64>> = vec![Vec::new(); children.len()];
    let mut grandchildren = Vec::new();
    let mut by_pair: BTreeMap<(usize, usize), Vec<usize>> = BTreeMap::new();
    for &u in members.iter().filter(|&&u| units.walls(u as usize) == 2) {
        let walls = units.walls_of(u as usize);
        let walls = [walls[0], walls[1]];
        let parents = walls.map(|w| slot[&(w.parent as u32)]);
        for q in tests(u) {
            for &p in &parents {
                keep[p].push(q.position);
            }
        }
        let (a, b) = (cell(&walls[0]), cell(&walls[1]));
        by_pair
            .entry((a.min(b), a.max(b)))
            .or_default()
            .push(grandchildren.len());
        grandchildren.push(Grandchild {
            unit: u,
            walls,
            parents,
        });
    }
    let mut by_cell: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for (k, w) in child_walls.iter().enumerate() {
        by_cell.entry(cell(w)).or_default().push(k);
    }
    let lists = !grandchildren.is_empty();
    let mut searched: Vec<Option<Child>> = (0..children.len()).map(|_| None).collect();
    let mut done: Vec<usize> = Vec::new();
    for (&x, slots) in &by_cell {
        for &k in slots {
            let (child, outcome, seconds) = run.child(
                tables,
                children[k],
                child_walls[k],
                &keep[k],
                lists,
                scratch,
            );
            searched[k] = Some(child);
            decided.push(Decided {
                unit: children[k],
                outcome,
                seconds,
            });
        }
        for &y in &done {
            for &g in by_pair.get(&(y, x)).into_iter().flatten() {
                decided.push(run.grandchild(&grandchildren[g], &mut searched, scratch));
            }
            // Both cells' lists for each other are done with.
            for (here, there) in [(x, y), (y, x)] {
                for &k in &by_cell[&here] {
                    if let Some(child) = searched[k].as_mut() {
                        child.lists.per_cell[there] = Vec::new();
                    }
                }
            }
        }
        done.push(x);
    }
    decided
}

impl<'u> Run<'_, 'u> {
    /// The removal tests landing in `unit`.
    fn tests(&self, unit: u32) -> &[RemovalTest] {
        self.incoming.get(&unit).map_or(&[][..], Vec::as_slice)
    }

    /// Searches the child `unit` (its wall `wall`), keeping the class
    /// tuples of `keep` searched, with the lists for its children when
    /// `lists`; the removal tests of its candidates that land in the root
    /// (its wall's) are answered.
    fn child(
        &self,
        tables: &WallTables,
        unit: u32,
        wall: Wall,
        keep: &[u64],
        lists: bool,
        scratch: &mut FamilyScratch,
    ) -> (Child<'u>, UnitOutcome, f64) {
        let units = self.units;
        let started = Instant::now();
        let clock = StageClock::start();
        let index = units.index(unit as usize);
        let mut child_lists = ChildLists::new(units.size);
        let mut root = lists.then(|| {
            Ancestor::new(
                units,
                (unit as usize, &index),
                (self.root as usize, &self.root_index),
                &[wall],
            )
        });
        let starts = units.class_starts(unit as usize);
        let mut add = |level: &[(u32, u32)], cells: &[u64]| {
            let root = root.as_mut().expect("the lists are keyed by the root");
            child_lists.add(tables, &index, &starts, root, level, cells)
        };
        let cells: Option<Cells> = lists.then_some((&mut scratch.unavoidable, &mut add));
        let job = Job {
            units,
            unit: unit as usize,
            index: &index,
            incoming: self.tests(unit),
            keep,
            prune: self.prune,
        };
        let (mut outcome, relevance) = search_with(&job, &mut scratch.search, cells, clock);
        settle(&mut outcome, |q| {
            (q.unit == self.root).then(|| {
                let (places, columns) = Position::unpack(q.position);
                let at = self
                    .root_index
                    .index_of(&places[..units.size], &columns[..units.size])
                    .expect("a removal test lands on a position of its unit");
                self.root_dist[at as usize] < q.moves
            })
        });
        let child = Child {
            index,
            dist: std::mem::take(&mut scratch.search.dist),
            relevance,
            lists: child_lists,
        };
        (child, outcome, started.elapsed().as_secs_f64())
    }

    /// Decides a grandchild from its two parents (searched children).
    fn grandchild(
        &self,
        g: &Grandchild,
        searched: &mut [Option<Child<'u>>],
        scratch: &mut FamilyScratch,
    ) -> Decided {
        let started = Instant::now();
        let units = self.units;
        let cells = g
            .walls
            .map(|w| w.cell.row as usize * units.size + w.cell.column as usize);
        let (a, b) = (g.parents[0], g.parents[1]);
        let (low, high) = searched.split_at_mut(a.max(b));
        let (p, q) = (
            low[a.min(b)].as_mut().expect("a parent is searched"),
            high[0].as_mut().expect("a parent is searched"),
        );
        let [first, second] = if a < b { [p, q] } else { [q, p] };
        let Child {
            index: index0,
            dist: dist0,
            relevance: relevance0,
            lists: lists0,
            ..
        } = first;
        let Child {
            index: index1,
            dist: dist1,
            relevance: relevance1,
            lists: lists1,
            ..
        } = second;
        // Parent i lacks wall i: its list for that wall's cell.
        let lists = [&lists0.per_cell[cells[0]], &lists1.per_cell[cells[1]]];
        let tests = self.tests(g.unit);
        // The sets are empty between grandchildren (cleared by the words
        // their lists touched), sized for the family's root.
        let [set0, set1] = &mut scratch.sets;
        set0.fit(self.root_index.positions());
        for &p in lists[0] {
            set0.insert(p as u64);
        }
        let f: Vec<u32> = lists[1]
            .iter()
            .copied()
            .filter(|&p| set0.contains(p as u64))
            .collect();
        let mut outcome = UnitOutcome::default();
        if !f.is_empty() || !tests.is_empty() {
            set1.fit(self.root_index.positions());
            for &p in lists[1] {
                set1.insert(p as u64);
            }
            let index = (!f.is_empty()).then(|| units.index(g.unit as usize));
            let mut decider = Decider {
                units,
                tables: self.tables,
                unit: g.unit,
                index: index.as_ref(),
                walls: g.walls,
                sides: [
                    Side {
                        index: index0,
                        dist: dist0,
                        listed: set0,
                    },
                    Side {
                        index: index1,
                        dist: dist1,
                        listed: set1,
                    },
                ],
                relevance: [relevance0.as_mut(), relevance1.as_mut()],
                root: (self.root, &self.root_index),
            };
            if !f.is_empty() {
                decider.read(&f, &mut scratch.flood, &mut scratch.search, &mut outcome);
            }
            for q in tests {
                let position = Position::unpacked(units, g.unit as usize, q.position);
                let lower = match decider.known_at(&position, &scratch.flood) {
                    Some(Known::Distance(d)) => d < q.moves,
                    Some(_) => false,
                    None => {
                        outcome.solves += 1;
                        is_closer(units, &position, q.moves, &mut scratch.search.solver)
                    }
                };
                if !lower {
                    outcome.rejected.push(q.candidate);
                }
            }
            set1.clear_words(lists[1]);
        }
        set0.clear_words(lists[0]);
        Decided {
            unit: g.unit,
            outcome,
            seconds: started.elapsed().as_secs_f64(),
        }
    }
}

/// A grandchild and what its parents tell of it.
struct Decider<'a, 'u> {
    units: &'u Units,
    tables: &'a WallTables,
    unit: u32,
    /// Its layout, made when `F` is not empty.
    index: Option<&'a Unit<'u>>,
    walls: [Wall; 2],
    /// Its parent without `walls[i]`, and that parent's static pruning.
    sides: [Side<'a, 'u>; 2],
    relevance: [Option<&'a mut Relevance>; 2],
    root: (u32, &'a Unit<'u>),
}

impl Decider<'_, '_> {
    /// What the parents tell of a position of the grandchild, where the
    /// class tuple of its parent was searched (a tuple static pruning left
    /// out of a parent holds no puzzle of the grandchild either, but its
    /// distances are unknown there): a parent's distance where the wall it
    /// lacks is avoidable, in `F` the distance the last flood read (or
    /// [`Known::Unsolvable`] where it read none), or `None` when the
    /// parents cannot tell.
    fn known_at(&mut self, position: &Position, flood: &Flood) -> Option<Known> {
        let units = self.units;
        let columns = &position.columns[..units.size];
        let key = index_without(units, self.root.1, position, &self.walls);
        let mut searched = [false; 2];
        for (i, searched) in searched.iter_mut().enumerate() {
            *searched = self.relevance[i]
                .as_mut()
                .is_none_or(|relevance| relevance.is_live(columns));
            if !*searched || self.sides[i].listed.contains(key) {
                continue;
            }
            let at = index_without(units, self.sides[i].index, position, &self.walls[i..=i]);
            let d = self.sides[i].dist[at as usize];
            return Some(if d == UNREACHED {
                Known::Unsolvable
            } else {
                Known::Distance(d)
            });
        }
        if !(searched[0] && searched[1]) {
            return None;
        }
        // In F: its component was read if it reaches the goal.
        let index = self.index.expect("a position of F: F is not empty");
        let at = index
            .index_of(&position.row_places(units), columns)
            .expect("a position of the unit");
        Some(flood.in_f(at).map_or(Known::Unsolvable, Known::Distance))
    }

    /// Reads the components that meet `F` (`f`: positions of the root) and
    /// keeps the candidates among their puzzles (those in `F`, so that the
    /// removal tests of the walls pass, and clean), with the removal tests
    /// of their cars.
    fn read(
        &mut self,
        f: &[u32],
        flood: &mut Flood,
        search: &mut Scratch,
        found: &mut UnitOutcome,
    ) {
        let units = self.units;
        let u = self.unit as usize;
        let index = self.index.expect("F is not empty");
        let root = (self.root.0 as usize, self.root.1);
        let into = IntoUnit::new(units, self.tables, root, (u, index), &self.walls);
        let mut seeds = into.indices(f);
        seeds.sort_unstable();
        let root = (self.root.0 as usize, self.root.1);
        let mut two = TwoWalls::new(units, (u, index), self.walls, self.sides, root);
        let mut components: Vec<Component> = Vec::new();
        let flooded = flood.run(&mut two, &seeds, |c| components.push(c.clone()));
        found.positions = flooded.positions;
        found.components = flooded.solvable;
        let mut known = [Known::Unsolvable; 32];
        for component in components {
            let (at, bit) = hardest(units, u, index, &component);
            two.known(&at, 1 << bit, &mut known);
            if known[bit as usize] != Known::InF {
                // A wall's removal test rejects it.
                continue;
            }
            let p = index.position_of(at.block, at.fiber, bit);
            let position = Position::at(units, u, index, p);
            if !self.clean(&position, component.moves, flood, search, found) {
                continue;
            }
            let distance = |to: &FiberAt, b: u32| {
                two.known(to, 1 << b, &mut known);
                match known[b as usize] {
                    Known::Distance(d) => d,
                    Known::InF => flood
                        .in_f(index.position_of(to.block, to.fiber, b))
                        .unwrap_or(UNREACHED),
                    Known::Unsolvable => UNREACHED,
                }
            };
            let moved = moved_rows(units, u, index, distance, at, bit);
            let id = CandidateId {
                unit: self.unit,
                seq: found.candidates.len() as u32,
            };
            let before = found.queries.len();
            removal_queries(
                units,
                id,
                &position,
                component.moves,
                &moved,
                &mut found.queries,
            );
            // The removal tests of its walls pass: it is in F.
            let parents = self.walls.map(|w| w.parent as u32);
            let mut k = before;
            while k < found.queries.len() {
                if parents.contains(&found.queries[k].unit) {
                    found.queries.remove(k);
                } else {
                    k += 1;
                }
            }
            found.candidates.push(Candidate {
                id,
                position,
                moves: component.moves,
                cluster: component.size,
                histogram: component.histogram,
                tests: (found.queries.len() - before) as u32,
            });
        }
    }

    /// Whether removing any one vertical car of `position` (`moves` from
    /// the goal) lowers its optimum: from the parents where they tell,
    /// otherwise by one solve.
    fn clean(
        &mut self,
        position: &Position,
        moves: u8,
        flood: &Flood,
        search: &mut Scratch,
        found: &mut UnitOutcome,
    ) -> bool {
        let units = self.units;
        let fillings = units.columns.fillings();
        for c in 0..units.size {
            let filling = position.columns[c];
            for slot in 0..fillings.items[filling as usize].len() {
                let mut reduced = *position;
                reduced.columns[c] = fillings.without(filling, slot);
                let lower = match self.known_at(&reduced, flood) {
                    Some(Known::Distance(d)) => d < moves,
                    Some(_) => false,
                    None => {
                        found.solves += 1;
                        is_closer(units, &reduced, moves, &mut search.solver)
                    }
                };
                if !lower {
                    return false;
                }
            }
        }
        true
    }
}

/// Answers the removal tests of `found` that `answer` answers
/// (`Some(lower)`: whether the removal lowers the optimum): a test that
/// passes is done with, and a candidate a test rejects is dropped with its
/// other tests.
fn settle(found: &mut UnitOutcome, mut answer: impl FnMut(&RemovalTest) -> Option<bool>) {
    let mut rejected: HashSet<u32> = HashSet::new();
    let mut passed: HashMap<u32, u32> = HashMap::new();
    let mut left = Vec::with_capacity(found.queries.len());
    for q in found.queries.drain(..) {
        match answer(&q) {
            Some(true) => *passed.entry(q.candidate.seq).or_default() += 1,
            Some(false) => {
                rejected.insert(q.candidate.seq);
            }
            None => left.push(q),
        }
    }
    left.retain(|q| !rejected.contains(&q.candidate.seq));
    found.queries = left;
    found.candidates.retain(|c| !rejected.contains(&c.id.seq));
    for c in &mut found.candidates {
        c.tests -= passed.get(&c.id.seq).copied().unwrap_or(0);
    }
}

/// Where the positions of a wall-free unit (`root`) whose walls' cells are
/// empty lie in one of its units with walls.
struct IntoUnit<'a, 'u> {
    tables: &'a WallTables,
    root: &'a Unit<'u>,
    unit: &'a Unit<'u>,
    size: usize,
    /// The first filling of each row's class in the root and the unit.
    root_starts: [u32; 6],
    unit_starts: [u32; 6],
    /// The walls, as (row, column).
    walls: Vec<(usize, u8)>,
}

impl<'a, 'u> IntoUnit<'a, 'u> {
    fn new(
        units: &Units,
        tables: &'a WallTables,
        (root, root_index): (usize, &'a Unit<'u>),
        (unit, index): (usize, &'a Unit<'u>),
        walls: &[Wall],
    ) -> IntoUnit<'a, 'u> {
        IntoUnit {
            tables,
            root: root_index,
            unit: index,
            size: units.size,
            root_starts: units.class_starts(root),
            unit_starts: units.class_starts(unit),
            walls: walls.iter().map(|w| (w.row, w.cell.column)).collect(),
        }
    }

    /// The unit's indices of the root's positions `f`: a fiber's rows and
    /// columns are worked out once for all its positions in `f` (ascending
    /// positions share their fibers), only its fiber axis's filling changes
    /// from one to the next.
    fn indices(&self, f: &[u32]) -> Vec<u64> {
        let size = self.size;
        let mut out = Vec::with_capacity(f.len());
        let mut fiber = 0..0;
        let (mut places, mut columns) = ([0usize; 6], [0u32; 6]);
        let (mut axis, mut list): (usize, &[u8]) = (0, &[]);
        for &p in f {
            let p = p as u64;
            if !fiber.contains(&p) {
                let (at, _) = self.root.locate(p);
                let start = self.root.position_of(at.block, at.fiber, 0);
                (axis, list) = self.root.fiber_axis(at.block);
                fiber = start..start + list.len() as u64;
                places = self.places(at.block);
                columns = self.root.column_fillings(&at).map(u32::from);
            }
            columns[axis] = list[(p - fiber.start) as usize] as u32;
            out.push(
                self.unit
                    .index_of(&places[..size], &columns[..size])
                    .expect(
                        "a position of the root with the walls' cells empty is one of the unit's",
                    ),
            );
        }
        out
    }

    /// The unit's row places (by board row) of a block of the root: its
    /// row fillings with the walls added.
    fn places(&self, block: usize) -> [usize; 6] {
        let mut fillings = [0u32; 6];
        for (r, place) in self.root.row_places(block).enumerate() {
            fillings[r] = self.root_starts[r] + place as u32;
        }
        for &(row, column) in &self.walls {
            fillings[row] = self
                .tables
                .with_wall(row, fillings[row], column)
                .expect("a wall's cell is empty");
        }
        std::array::from_fn(|r| fillings[r].wrapping_sub(self.unit_starts[r]) as usize)
    }
}

/// The index in `ancestor` (a unit without the walls `walls` of the
/// position's unit) of a position.
fn index_without(units: &Units, ancestor: &Unit, position: &Position, walls: &[Wall]) -> u64 {
    let mut p = *position;
    let mut removed: Vec<(usize, usize)> = walls.iter().map(|w| (w.row, w.slot)).collect();
    removed.sort_by(|a, b| b.cmp(a));
    for (r, slot) in removed {
        p.rows[r] = units.rows[r].without(p.rows[r], slot);
    }
    ancestor
        .index_of(&p.row_places(units), &p.columns[..units.size])
        .expect("a position without walls is one of the unit's without them")
}
