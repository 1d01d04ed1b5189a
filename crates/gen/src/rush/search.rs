//! One unit's search, in four stages:
//!
//! 1. **Distances.** Every position's distance to the goal, from all goal
//!    positions at once ([`Retrograde::distances_from`]); components without a
//!    goal position (the unsolvable ones) are never reached, nor are the
//!    class tuples that static pruning ([`Relevance`]) rules out, unless a
//!    removal test lands there.
//! 2. **Clean positions.** A stored puzzle must be *minimal*: removing any
//!    piece other than the target lowers its optimum. (fogleman/rush tests
//!    only the pieces his solution never moves, but a piece an optimal
//!    solution moves always passes: dropping its moves from the solution
//!    solves the smaller board faster.) Removing a vertical car keeps the
//!    unit, so that half of the test is a distance look-up here: a position
//!    is *clean* when removing any one of its vertical cars lowers its
//!    distance (a removal that lands in a pruned class tuple counts as
//!    lowering here, and the puzzle's own test finishes it exactly).
//! 3. **Candidates.** The component of each clean position is found
//!    once, a search over *cells* (sets of a block's positions that moves
//!    inside the block connect; [`Retrograde::component`]), and the
//!    positions of its cells give its size, distance histogram and farthest
//!    positions, the smallest of which in fogleman/rush's order is its
//!    puzzle. A component whose puzzle is clean is a *candidate*.
//! 4. **Removal tests.** Removing a row's item (a car or a wall) leads into
//!    a unit of the next lower phase: the candidate emits a [`RemovalTest`] per
//!    such item that an optimal solution from it does not move, and the
//!    target unit answers them from its own distances when it is searched.

use super::position::{column_bits, Position};
use super::relevance::Relevance;
#[cfg(feature = "research")]
use super::stages::StageTimes;
use super::stages::{Stage, StageClock};
use super::units::{target_row, Units};
use crate::retrograde::{Retrograde, UNREACHED};
use crate::unit::{digit_runs, equal_bytes, window, FiberAt, Unavoidable, Unit};
use crate::Fibered;
use unblocker_model::format::{parse_as, Format, ParseOptions};
use unblocker_model::Metric;
use unblocker_solve::{Algorithm, SolveOptions, Solver};

/// A candidate: its unit and its place among the unit's candidates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CandidateId {
    pub unit: u32,
    pub seq: u32,
}

/// A component's puzzle, waiting for its removal tests.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub id: CandidateId,
    pub position: Position,
    /// The optimum (the component's largest distance).
    pub moves: u8,
    /// Positions in the component, and at each distance.
    pub cluster: u64,
    pub histogram: Vec<u64>,
    /// How many removal tests it waits for.
    pub tests: u32,
}

/// A removal test: is the position (a candidate with one row item removed,
/// in unit `unit`; [`Position::pack`]ed) fewer than `moves` moves from the
/// goal?
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RemovalTest {
    pub unit: u32,
    pub position: u64,
    pub moves: u8,
    pub candidate: CandidateId,
}

/// What one unit's search produced.
#[derive(Clone, Debug, Default)]
pub struct UnitOutcome {
    /// Positions that can reach the goal.
    pub positions: u64,
    /// Components read (those holding a clean position).
    pub components: u64,
    /// Candidates, in order of `seq`.
    pub candidates: Vec<Candidate>,
    /// Their removal tests (into units of the next lower phase).
    pub queries: Vec<RemovalTest>,
    /// The answered queries whose candidates fail (the removal did not
    /// lower the optimum).
    pub rejected: Vec<CandidateId>,
    /// Solves run to finish the clean test of a component's puzzle where
    /// a removal lands in a part of the unit that static pruning left out.
    pub solves: u64,
    /// The time each stage took (the `research` feature:
    /// `examples/phase_costs.rs`).
    #[cfg(feature = "research")]
    pub stages: StageTimes,
}

/// Memory reused from one unit to the next (one per thread).
#[derive(Default)]
pub struct Scratch {
    pub(super) solver: Solver,
    retrograde: Retrograde,
    pub(super) dist: Vec<u8>,
    clean: Vec<u32>,
    /// Per cell: the number of its component among those read, or
    /// [`UNREAD`].
    labels: Vec<u32>,
}

/// The label of a cell whose component is not read.
const UNREAD: u32 = u32::MAX;

/// Searches one unit, answering `incoming` (queries into this unit). With
/// `prune`, in a unit with walls, the class tuples where no position is
/// minimal ([`Relevance`]) are left out, except those holding a query.
/// (Without walls the rule leaves out about 0.1% of the positions, which
/// does not pay for its clean tests' solves: such units are searched
/// whole.)
pub fn search(
    units: &Units,
    unit: usize,
    incoming: &[RemovalTest],
    scratch: &mut Scratch,
    prune: bool,
) -> UnitOutcome {
    let clock = StageClock::start();
    let index = units.index(unit);
    let job = Job {
        units,
        unit,
        index: &index,
        incoming,
        keep: &[],
        prune,
    };
    search_with(&job, scratch, None, clock).0
}

/// The unavoidable cells a search hands out as it goes: where to compute
/// them, and what to do with each level's ([`Unavoidable::search`]).
pub(super) type Cells<'a> = (
    &'a mut Unavoidable,
    &'a mut dyn FnMut(&[(u32, u32)], &[u64]),
);

/// What [`search_with`] searches: a unit laid out as `index`, the removal
/// tests `incoming` into it, and with `prune` ([`search`]) also keeping
/// searched the class tuples of the positions `keep` (packed,
/// [`Position::pack`]: the tuples of removal tests into units with one more
/// wall, which this unit's distances answer).
pub(super) struct Job<'a, 'u> {
    pub units: &'a Units,
    pub unit: usize,
    pub index: &'a Unit<'u>,
    pub incoming: &'a [RemovalTest],
    pub keep: &'a [u64],
    pub prune: bool,
}

/// [`search`] of `job`, computing the unavoidable cells as it goes when
/// `cells` says where. Its distances stay in `scratch` and its static
/// pruning is returned (`None` when it is searched whole).
pub(super) fn search_with(
    job: &Job,
    scratch: &mut Scratch,
    cells: Option<Cells>,
    mut clock: StageClock,
) -> (UnitOutcome, Option<Relevance>) {
    let &Job {
        units,
        unit,
        index,
        incoming,
        keep,
        prune,
    } = job;
    let mut relevance = (prune && units.walls(unit) > 0).then(|| Relevance::new(units, unit));
    clock.end(Stage::Layout);
    if let Some(relevance) = relevance.as_mut() {
        for &packed in incoming.iter().map(|q| &q.position).chain(keep) {
            relevance.keep(&Position::unpack(packed).1[..units.size]);
        }
    }
    let seed = |at: &FiberAt, bits: u32| match relevance.as_mut() {
        Some(relevance) => {
            let (fiber_column, list) = index.fiber_axis(at.block);
            relevance.live_bits(&index.column_fillings(at), fiber_column, list, bits)
        }
        None => bits,
    };
    let levels = match cells {
        Some((unavoidable, done)) => unavoidable.search(
            &mut scratch.retrograde,
            index,
            &mut scratch.dist,
            seed,
            done,
        ),
        None => scratch
            .retrograde
            .distances_from(index, &mut scratch.dist, seed),
    };
    clock.end(Stage::Distances);
    let mut found = UnitOutcome {
        positions: levels.reached(),
        ..UnitOutcome::default()
    };
    if levels.positions.len() > 1 {
        mark_clean(index, &scratch.dist, &mut scratch.clean);
        clock.end(Stage::Clean);
        candidates(units, unit, index, scratch, relevance.as_ref(), &mut found);
    }
    answer(units, index, &scratch.dist, incoming, &mut found.rejected);
    clock.end(Stage::Components);
    clock.finish(&mut found);
    (found, relevance)
}

/// The candidates that the queries into a unit reject, without searching
/// the unit: each query is one solve of its board (a run that does not
/// search the unit, such as another shard's, answers this way; a query
/// explores only its own component, up to the goal).
pub fn answer_only(
    units: &Units,
    unit: usize,
    incoming: &[RemovalTest],
    scratch: &mut Scratch,
) -> Vec<CandidateId> {
    incoming
        .iter()
        .filter(|q| {
            let position = Position::unpacked(units, unit, q.position);
            !is_closer(units, &position, q.moves, &mut scratch.solver)
        })
        .map(|q| q.candidate)
        .collect()
}

/// Whether a position is fewer than `moves` moves from the goal, by one
/// solve of its board.
pub(super) fn is_closer(
    units: &Units,
    position: &Position,
    moves: u8,
    solver: &mut Solver,
) -> bool {
    let options = SolveOptions {
        metric: Metric::Slide,
        algorithm: Algorithm::Bfs,
        ..SolveOptions::default()
    };
    let board = parse_as(
        &position.board_text(units),
        Format::Line,
        ParseOptions::default(),
    )
    .expect("a position of the rules is a valid board");
    let report = solver
        .solve(&board, &options)
        .expect("a valid Rush Hour board can be searched");
    report.length.is_some_and(|length| length < moves as u32)
}

/// A unit searched with static pruning: the rules' units, its index, its
/// distances and the pruning that left class tuples out.
#[derive(Clone, Copy)]
struct Pruned<'a, 'c> {
    units: &'a Units,
    index: &'a Unit<'c>,
    dist: &'a [u8],
    relevance: &'a Relevance,
}

/// Whether removing any one vertical car of `position` (`moves` from the
/// goal) lowers its distance, where the unit's distances cannot tell: the
/// position without the car lies in a class tuple the static pruning left
/// out (its distance is unknown, and `mark_clean` took it as lower). That
/// position has the distance it has without any of its irrelevant pieces
/// ([`Relevance::irrelevant`]): without one irrelevant row item it lies in
/// the phase below and goes to `tests` (a removal test decides it); when
/// only vertical cars are irrelevant, one solve of the position without
/// them decides, counted in `found.solves`.
fn clean_where_pruned(
    pruned: &Pruned,
    position: &Position,
    moves: u8,
    solver: &mut Solver,
    found: &mut UnitOutcome,
    tests: &mut Vec<Position>,
) -> bool {
    let Pruned {
        units,
        index,
        dist,
        relevance,
    } = *pruned;
    let size = units.size;
    let places = position.row_places(units);
    let fillings = units.columns.fillings();
    for c in 0..size {
        let filling = position.columns[c];
        for slot in 0..fillings.items[filling as usize].len() {
            let mut reduced = *position;
            reduced.columns[c] = fillings.without(filling, slot);
            let at = index
                .index_of(&places, &reduced.columns[..size])
                .expect("removing a car leaves a position of the unit");
            if dist[at as usize] != UNREACHED {
                continue;
            }
            let (rows, cars) = relevance.irrelevant(&reduced.columns[..size]);
            if let Some(&item) = rows.first() {
                tests.push(reduced.without(units, &[item], &[]));
            } else {
                let smaller = reduced.without(units, &rows, &cars);
                found.solves += 1;
                if !is_closer(units, &smaller, moves, solver) {
                    return false;
                }
            }
        }
    }
    true
}

/// Answers the removal tests that land in this unit.
pub(super) fn answer(
    units: &Units,
    index: &Unit,
    dist: &[u8],
    queries: &[RemovalTest],
    rejected: &mut Vec<CandidateId>,
) {
    for q in queries {
        let (places, columns) = Position::unpack(q.position);
        let at = index
            .index_of(&places[..units.size], &columns[..units.size])
            .expect("a removal test lands on a position of its unit");
        if dist[at as usize] >= q.moves {
            rejected.push(q.candidate);
        }
    }
}

/// Sets `clean[fiber]` to the fiber's positions at distance 1 or more from
/// which removing any one vertical car lowers the distance. Per block, the
/// fibers whose digit on another column has one car fewer are compared a
/// run of fibers at a time (32 distances at a time); only the positions
/// still clean after that are checked one by one on the fiber's own column.
fn mark_clean(index: &Unit, dist: &[u8], clean: &mut Vec<u32>) {
    clean.clear();
    clean.resize(index.fibers(), 0);
    let columns = index.columns();
    for block in 0..index.blocks() {
        let occupied = index.occupied(block);
        let (fiber_column, list) = index.fiber_axis(block);
        let len = list.len();
        let fibers = index.block_fibers(block);
        let n = fibers.len();
        let bytes = &dist[index.position_of(block, fibers.start, 0) as usize..];
        let clean = &mut clean[fibers];
        let mask = index.fiber_mask(block);
        for (f, bits) in clean.iter_mut().enumerate() {
            let here = window(bytes, f * len);
            *bits = !(equal_bytes(&here, &[0; 32]) | equal_bytes(&here, &[UNREACHED; 32])) & mask;
        }
        for (c, run, period) in index.axis_runs(block) {
            for d in 0..columns.list(occupied[c]).len() {
                for &j in columns.fewer(occupied[c], d as u8) {
                    for (from, to) in digit_runs(n, (run, period), d, j as usize) {
                        for i in 0..run {
                            let bits = &mut clean[from + i];
                            if *bits != 0 {
                                let here = window(bytes, (from + i) * len);
                                let there = window(bytes, (to + i) * len);
                                *bits &= !equal_bytes(&here, &there);
                            }
                        }
                    }
                }
            }
        }
        let fewer = |bit: u32| columns.fewer(occupied[fiber_column], bit as u8);
        for (f, bits) in clean.iter_mut().enumerate() {
            let mut rest = *bits;
            while rest != 0 {
                let bit = rest.trailing_zeros();
                rest &= rest - 1;
                let d = bytes[f * len + bit as usize];
                if fewer(bit).iter().any(|&j| bytes[f * len + j as usize] == d) {
                    *bits &= !(1 << bit);
                }
            }
        }
    }
}

/// Finds the components that hold a clean position and reads the size,
/// histogram and farthest positions of each; keeps those
/// whose puzzle is clean as candidates, with their queries.
fn candidates(
    units: &Units,
    unit: usize,
    index: &Unit,
    scratch: &mut Scratch,
    relevance: Option<&Relevance>,
    found: &mut UnitOutcome,
) {
    let Scratch {
        solver,
        retrograde,
        dist,
        clean,
        labels,
    } = scratch;
    // The components holding a clean position, in index order of their
    // first clean position.
    retrograde.clear_components(index);
    labels.clear();
    labels.resize(index.cells(), UNREAD);
    let mut components: Vec<Component> = Vec::new();
    for block in 0..index.blocks() {
        let mut at = index.first(block);
        for f in index.block_fibers(block) {
            if clean[f] != 0 {
                let cell_of = index.cell_of(&at);
                let mut rest = clean[f];
                while rest != 0 {
                    let b = rest.trailing_zeros();
                    rest &= rest - 1;
                    let cell = cell_of(b);
                    if !retrograde.is_found(cell) {
                        let label = components.len() as u32;
                        for &(_, cell) in retrograde.component(index, block, cell) {
                            labels[cell as usize] = label;
                        }
                        components.push(Component::default());
                    }
                }
            }
            index.advance(&mut at);
        }
    }
    read_components(index, dist, labels, &mut components);
    found.components = components.len() as u64;
    for component in components {
        let (pat, pbit) = hardest(units, unit, index, &component);
        if clean[pat.fiber] >> pbit & 1 == 0 {
            continue;
        }
        let id = CandidateId {
            unit: unit as u32,
            seq: found.candidates.len() as u32,
        };
        let at = index.position_of(pat.block, pat.fiber, pbit);
        let position = Position::at(units, unit, index, at);
        let mut pending = Vec::new();
        let ok = relevance.is_none_or(|relevance| {
            let pruned = Pruned {
                units,
                index,
                dist,
                relevance,
            };
            let moves = component.moves;
            clean_where_pruned(&pruned, &position, moves, solver, found, &mut pending)
        });
        if !ok {
            continue;
        }
        let at_distance =
            |at: &FiberAt, bit: u32| dist[index.position_of(at.block, at.fiber, bit) as usize];
        let moved = moved_rows(units, unit, index, at_distance, pat, pbit);
        let before = found.queries.len();
        removal_queries(
            units,
            id,
            &position,
            component.moves,
            &moved,
            &mut found.queries,
        );
        for smaller in pending {
            let unit = units
                .find(&smaller.row_classes(units))
                .expect("removing items leaves a unit of the rules");
            found.queries.push(RemovalTest {
                unit: unit as u32,
                position: smaller.pack(units),
                moves: component.moves,
                candidate: id,
            });
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

/// What is read of a component: its size, histogram and farthest
/// positions.
#[derive(Clone, Default, Debug)]
pub struct Component {
    pub size: u64,
    pub histogram: Vec<u64>,
    pub moves: u8,
    /// The fibers holding its farthest positions, with those positions.
    pub farthest: Vec<(FiberAt, u32)>,
}

impl Component {
    /// Reads bit `x` of the fiber `at`, at distance `d`.
    #[inline]
    pub(super) fn add(&mut self, at: &FiberAt, x: u32, d: u8) {
        if self.histogram.len() <= d as usize {
            self.histogram.resize(d as usize + 1, 0);
        }
        self.histogram[d as usize] += 1;
        self.size += 1;
        if d > self.moves {
            self.moves = d;
            self.farthest.clear();
        }
        if d == self.moves {
            match self.farthest.last_mut() {
                Some((last, bits)) if last.fiber == at.fiber => *bits |= 1 << x,
                _ => self.farthest.push((*at, 1 << x)),
            }
        }
    }
}

/// The size, histogram and farthest positions of each component read (by
/// the `labels` of its cells), in one pass over the unit's positions in
/// index order (reading a component's cells one by one would jump across
/// the unit's distances).
fn read_components(index: &Unit, dist: &[u8], labels: &[u32], components: &mut [Component]) {
    for block in 0..index.blocks() {
        let len = index.fiber_mask(block).count_ones();
        let mut at = index.first(block);
        for f in index.block_fibers(block) {
            let base = index.position_of(block, f, 0) as usize;
            let cell_of = index.cell_of(&at);
            for bit in 0..len {
                let d = dist[base + bit as usize];
                if d == UNREACHED {
                    continue;
                }
                let label = labels[cell_of(bit) as usize];
                if label == UNREAD {
                    continue;
                }
                components[label as usize].add(&at, bit, d);
            }
            index.advance(&mut at);
        }
    }
}

/// The farthest position that comes first in fogleman/rush's order.
pub(super) fn hardest(units: &Units, unit: usize, index: &Unit, c: &Component) -> (FiberAt, u32) {
    let classes = units.classes(unit);
    let mut best: Option<((u64, u64), FiberAt, u32)> = None;
    for &(at, bits) in &c.farthest {
        let rows = index
            .row_places(at.block)
            .enumerate()
            .fold(0u64, |m, (r, place)| {
                let fillings = &units.rows[r];
                let filling = fillings.classes[classes[r] as usize].start as usize + place;
                m | (fillings.cells[filling] as u64) << (r * units.size)
            });
        let fillings = index.column_fillings(&at);
        let (fiber_column, list) = index.fiber_axis(at.block);
        let columns = (0..units.size)
            .filter(|&c| c != fiber_column)
            .fold(0u64, |m, c| m | column_bits(units, c, fillings[c] as u32));
        let mut rest = bits;
        while rest != 0 {
            let b = rest.trailing_zeros();
            rest &= rest - 1;
            let key = (
                rows,
                columns | column_bits(units, fiber_column, list[b as usize] as u32),
            );
            if best.is_none_or(|(k, _, _)| key < k) {
                best = Some((key, at, b));
            }
        }
    }
    let (_, at, bit) = best.expect("a component has a farthest position");
    (at, bit)
}

/// The rows' items that an optimal solution from the position moves, as
/// (row, item) pairs: the solution steps to any neighbour one closer
/// (`dist(at, bit)` gives the distance of bit `bit` of the fiber `at`).
pub(super) fn moved_rows(
    units: &Units,
    unit: usize,
    index: &Unit,
    mut dist: impl FnMut(&FiberAt, u32) -> u8,
    at: FiberAt,
    bit: u32,
) -> Vec<(usize, usize)> {
    let classes = units.classes(unit);
    let mut moved = Vec::new();
    let (mut at, mut bit) = (at, bit);
    let mut d = dist(&at, bit);
    while d > 0 {
        let mut next = None;
        index.expand(&at, 1 << bit, |to, bits| {
            let mut rest = bits;
            while next.is_none() && rest != 0 {
                let b = rest.trailing_zeros();
                rest &= rest - 1;
                if dist(to, b) == d - 1 {
                    next = Some((*to, b));
                }
            }
        });
        let (to, b) = next.expect("a position one move closer to the goal");
        if to.block != at.block {
            let places = index.row_places(at.block).zip(index.row_places(to.block));
            for (r, (before, after)) in places.enumerate() {
                if before != after {
                    let fillings = &units.rows[r];
                    let first = fillings.classes[classes[r] as usize].start as usize;
                    let (a, b) = (
                        &fillings.items[first + before],
                        &fillings.items[first + after],
                    );
                    let slot = (0..a.len()).find(|&k| a[k] != b[k]).expect("one car moved");
                    if !moved.contains(&(r, slot)) {
                        moved.push((r, slot));
                    }
                }
            }
        }
        at = to;
        bit = b;
        d -= 1;
    }
    moved
}

/// One query per row item (the target excepted) that `moved` does not list.
pub(super) fn removal_queries(
    units: &Units,
    id: CandidateId,
    position: &Position,
    moves: u8,
    moved: &[(usize, usize)],
    out: &mut Vec<RemovalTest>,
) {
    let target = target_row(units.size);
    for r in 0..units.size {
        let fillings = &units.rows[r];
        let items = &fillings.items[position.rows[r] as usize];
        for (slot, item) in items.iter().enumerate() {
            if (r == target && !item.wall) || moved.contains(&(r, slot)) {
                continue;
            }
            let mut reduced = *position;
            reduced.rows[r] = fillings.without(position.rows[r], slot);
            let unit = units
                .find(&reduced.row_classes(units))
                .expect("removing an item leaves a unit of the rules");
            out.push(RemovalTest {
                unit: unit as u32,
                position: reduced.pack(units),
                moves,
                candidate: id,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::retrograde::UNLABELLED;
    use std::collections::{HashMap, VecDeque};

    /// A block swept as a whole moves the same positions as a fiber at a
    /// time: on every unit of the 4x4 board with up to two walls and on
    /// units spread over the 5x5 and 6x6 ones, every block with a frontier
    /// in each of its fibers (dense, so `expand_block` sweeps it).
    #[test]
    fn a_swept_block_moves_what_its_fibers_move() {
        let checks = [(4, 2, 1), (5, 1, 97), (6, 2, 265_997)];
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for (size, walls, every) in checks {
            let units = Units::new(size, walls);
            for unit in (0..units.len()).step_by(every) {
                let index = units.index(unit);
                let mut front = vec![0u32; index.fibers()];
                for block in 0..index.blocks() {
                    let mask = index.fiber_mask(block);
                    for f in index.block_fibers(block) {
                        seed ^= seed << 13;
                        seed ^= seed >> 7;
                        seed ^= seed << 17;
                        front[f] = (seed as u32 & mask) | 1;
                    }
                }
                let mut swept = vec![0u32; index.fibers()];
                let mut each = vec![0u32; index.fibers()];
                for block in 0..index.blocks() {
                    index.expand_block(block, &front, &mut swept);
                    crate::expand_each(&index, block, &front, &mut each);
                }
                assert_eq!(swept, each, "{size}x{size}, {walls} walls, unit {unit}");
            }
        }
    }

    /// The clean marks are those of the definition, position by position:
    /// a position 1 or more moves from the goal is clean when every
    /// position with one of its vertical cars removed has another distance.
    /// On every unit of the 4x4 board with up to two walls and on units
    /// spread over the 5x5 and 6x6 ones.
    #[test]
    fn clean_positions_are_those_every_car_removal_lowers() {
        let checks = [(4, 2, 1), (5, 1, 97), (6, 2, 265_997)];
        let mut retrograde = Retrograde::new();
        let (mut dist, mut clean) = (Vec::new(), Vec::new());
        for (size, walls, every) in checks {
            let units = Units::new(size, walls);
            let fillings = units.columns.fillings();
            let mut marked = 0;
            for unit in (0..units.len()).step_by(every) {
                let index = units.index(unit);
                retrograde.distances(&index, &mut dist);
                mark_clean(&index, &dist, &mut clean);
                for at in 0..index.positions() {
                    let d = dist[at as usize];
                    let position = Position::at(&units, unit, &index, at);
                    let places = position.row_places(&units);
                    let lowered = (0..size).all(|c| {
                        let filling = position.columns[c];
                        (0..fillings.items[filling as usize].len()).all(|slot| {
                            let mut reduced = position.columns;
                            reduced[c] = fillings.without(filling, slot);
                            let there = index
                                .index_of(&places, &reduced[..size])
                                .expect("removing a car leaves a position of the unit");
                            dist[there as usize] != d
                        })
                    });
                    let expected = d != 0 && d != UNREACHED && lowered;
                    let (fiber, bit) = index.locate(at);
                    let mark = clean[fiber.fiber] >> bit & 1 == 1;
                    assert_eq!(mark, expected, "{size}x{size} unit {unit} position {at}");
                    marked += mark as usize;
                }
            }
            assert!(marked > 0, "{size}x{size}: some positions are clean");
        }
    }

    /// On every unit of the 4x4 board with up to two walls and of a few 5x5
    /// units, the components found over cells are the components a plain
    /// search over positions finds.
    #[test]
    fn cells_join_into_the_components_of_positions() {
        let checks = [(4, 2, usize::MAX), (5, 0, 60)];
        for (size, walls, most) in checks {
            let units = Units::new(size, walls);
            let mut retrograde = Retrograde::new();
            let mut dist = Vec::new();
            for unit in (0..units.len()).take(most) {
                let index = units.index(unit);
                retrograde.distances(&index, &mut dist);
                // Each reachable position's label (its component's number),
                // by its index, through the label of its cell.
                let (label, _) = retrograde.component_labels(&index, &dist);
                // A plain search from one position of each label reaches
                // exactly the positions of that label.
                let mut sizes: HashMap<u32, usize> = HashMap::new();
                for &l in label.iter().filter(|&&l| l != UNLABELLED) {
                    *sizes.entry(l).or_default() += 1;
                }
                let mut seen = vec![false; dist.len()];
                for start in 0..dist.len() {
                    if label[start] == UNLABELLED || seen[start] {
                        continue;
                    }
                    let (at, bit) = index.locate(start as u64);
                    let mut queue = VecDeque::from([(at, bit)]);
                    seen[start] = true;
                    let mut count = 0;
                    while let Some((at, bit)) = queue.pop_front() {
                        count += 1;
                        let here = index.position_of(at.block, at.fiber, bit) as usize;
                        assert_eq!(label[here], label[start], "unit {unit} of {size}x{size}");
                        index.expand(&at, 1 << bit, |to, bits| {
                            let mut rest = bits;
                            while rest != 0 {
                                let b = rest.trailing_zeros();
                                rest &= rest - 1;
                                let p = index.position_of(to.block, to.fiber, b) as usize;
                                if !seen[p] {
                                    seen[p] = true;
                                    queue.push_back((*to, b));
                                }
                            }
                        });
                    }
                    assert_eq!(count, sizes[&label[start]], "unit {unit} of {size}x{size}");
                }
            }
        }
    }
}
