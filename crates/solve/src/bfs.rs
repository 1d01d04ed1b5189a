//! Breadth-first search by levels: the optimal solver and the component
//! explorer.
//!
//! Nodes live in one vector in BFS order (so a level is a contiguous range)
//! with their parent's index; a [`StateTable`] maps each state to its node.
//! With `tie_break` on, a node keeps the parent that reaches it in the fewest
//! one-cell steps, so among move-optimal solutions the search returns one with
//! the fewest steps.

use crate::control::{Control, SearchProgress, StopReason, CHECK_EVERY};
use crate::memory::Meter;
use crate::stats::{bytes_of, LevelStats, Stats};
use crate::table::{Insertion, StateTable};
use std::ops::Range;
use unblocker_engine::{Space, State};
use unblocker_model::Metric;
use web_time::Instant;

/// No parent: a root of the search.
pub const ROOT: u32 = u32::MAX;

/// A reached position.
#[derive(Clone, Copy, Debug)]
pub struct Node<K> {
    pub state: K,
    pub parent: u32,
    /// One-cell steps from the root along the parent chain.
    pub cells: u32,
}

/// When a search may stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopAt {
    /// At the first level that holds a goal position.
    FirstGoal,
    /// Only when every reachable position was seen.
    Exhaustion,
}

/// A breadth-first walk to make: from `roots` (all at distance 0), moving
/// in `metric`, until `stop_at`, under `control`.
#[derive(Clone, Copy)]
pub(crate) struct BfsRequest<'a, K> {
    roots: &'a [K],
    metric: Metric,
    stop_at: StopAt,
    control: &'a Control,
}

impl<'a, K> BfsRequest<'a, K> {
    /// To the end of the components of `roots`.
    pub fn exhaustive(roots: &'a [K], metric: Metric, control: &'a Control) -> Self {
        BfsRequest {
            roots,
            metric,
            stop_at: StopAt::Exhaustion,
            control,
        }
    }

    /// Its four parts, for a search to use as plain values.
    pub fn parts(self) -> (&'a [K], Metric, StopAt, &'a Control) {
        (self.roots, self.metric, self.stop_at, self.control)
    }
}

/// What one search found.
#[derive(Clone, Debug, Default)]
pub struct BfsOutcome {
    /// Distance of the nearest goal, if one was reached.
    pub goal_depth: Option<u32>,
    /// The node of that goal (fewest steps among the nearest when tie-breaking).
    pub goal_node: Option<u32>,
    /// Goal positions seen.
    pub goal_states: u64,
    /// True if every reachable position was seen.
    pub exhausted: bool,
    /// Why the search stopped early, if it did.
    pub stopped: Option<StopReason>,
    pub stats: Stats,
}

/// Reusable memory for breadth-first searches (keep one per thread in a
/// batch so that each puzzle does not allocate anew). What it holds stays
/// charged to the memory budget of its last search until it is dropped.
pub struct Workspace<K: State> {
    pub(crate) table: StateTable<K>,
    pub(crate) nodes: Vec<Node<K>>,
    /// Each node's multiplicity, kept only in spaces that merge positions
    /// (elsewhere every node is one position).
    weights: Vec<u8>,
    meter: Meter,
}

impl<K: State> Default for Workspace<K> {
    fn default() -> Self {
        Workspace {
            table: StateTable::default(),
            nodes: Vec::new(),
            weights: Vec::new(),
            meter: Meter::default(),
        }
    }
}

/// Makes room for `more` nodes in a search's structures, charging the
/// memory budget for any growth first.
#[inline(always)]
fn room<K: State>(
    table: &mut StateTable<K>,
    nodes: &mut Vec<Node<K>>,
    weights: &mut Vec<u8>,
    meter: &mut Meter,
    merges: bool,
    more: usize,
) -> Result<(), StopReason> {
    let weights_more = if merges { more } else { 0 };
    meter.room(&mut [(table, more), (nodes, more), (weights, weights_more)])
}

/// What one search carries from node to node besides the workspace: its
/// settings, the running counts and the neighbour buffers.
struct Expansion<'a, K> {
    metric: Metric,
    control: &'a Control,
    started: Instant,
    /// Stop at the first goal generated.
    stop_on_sight: bool,
    /// Positions enqueued so far.
    positions: u64,
    max_frontier: usize,
    /// When the limits are checked next (in positions examined).
    next_check: u64,
    /// Two neighbour buffers: once the table outgrows the private caches,
    /// while one node's neighbours are looked up, the next node's are
    /// already generated and their table slots on their way into the cache
    /// (a small table gains nothing from it).
    batch: Vec<(K, u32)>,
    ahead: Vec<(K, u32)>,
}

/// The positions node `node` stands for: its weight in a space that merges
/// positions, else 1.
#[inline(always)]
fn weight_of(merges: bool, weights: &[u8], node: usize) -> u64 {
    if merges {
        weights[node] as u64
    } else {
        1
    }
}

/// Starts loading the table slots of `batch`'s states into the cache.
#[inline(always)]
fn prefetch<K: State>(table: &StateTable<K>, batch: &[(K, u32)]) {
    for &(next, _) in batch {
        table.prefetch(next);
    }
}

impl<K: State> Workspace<K> {
    /// The nodes of the last search, in BFS order.
    pub fn nodes(&self) -> &[Node<K>] {
        &self.nodes
    }

    /// The states from a root to `node`.
    pub fn path_to(&self, node: u32) -> Vec<K> {
        let mut path = Vec::new();
        let mut i = node;
        while i != ROOT {
            let n = self.nodes[i as usize];
            path.push(n.state);
            i = n.parent;
        }
        path.reverse();
        path
    }

    /// Explores the whole component of the start; returns the search and the
    /// component's goal positions (empty if the search was stopped).
    pub fn explore_goals<S: Space<State = K>>(
        &mut self,
        space: &S,
        metric: Metric,
        control: &Control,
    ) -> (BfsOutcome, Vec<K>) {
        let start = [space.start()];
        let walk = self.search::<S, false>(space, BfsRequest::exhaustive(&start, metric, control));
        let goals = if walk.stopped.is_some() {
            Vec::new()
        } else {
            self.nodes
                .iter()
                .map(|n| n.state)
                .filter(|&s| space.is_goal(s))
                .collect()
        };
        (walk, goals)
    }

    /// Breadth-first search from `roots` (all at distance 0).
    pub fn bfs<S: Space<State = K>>(
        &mut self,
        space: &S,
        roots: &[K],
        metric: Metric,
        stop_at: StopAt,
        tie_break: bool,
        control: &Control,
    ) -> BfsOutcome {
        let request = BfsRequest {
            roots,
            metric,
            stop_at,
            control,
        };
        // One copy of the loop per setting keeps the test out of it.
        if tie_break {
            self.search::<S, true>(space, request)
        } else {
            self.search::<S, false>(space, request)
        }
    }

    /// Makes room for `more` nodes within the memory budget.
    fn room(&mut self, merges: bool, more: usize) -> Result<(), StopReason> {
        let (table, nodes, weights) = (&mut self.table, &mut self.nodes, &mut self.weights);
        room(table, nodes, weights, &mut self.meter, merges, more)
    }

    /// [`Workspace::bfs`] with or without the tie-break: the roots, then
    /// one level at a time until `stop_at`.
    pub(crate) fn search<S: Space<State = K>, const TIE_BREAK: bool>(
        &mut self,
        space: &S,
        request: BfsRequest<'_, K>,
    ) -> BfsOutcome {
        let (roots, metric, stop_at, control) = request.parts();
        let started = Instant::now();
        let mut walk = BfsOutcome::default();
        if let Err(reason) = self.claim(control, S::MERGES_POSITIONS, roots.len()) {
            walk.stopped = Some(reason);
            walk.stats.close(0, 0, 0, started.elapsed());
            return walk;
        }
        let positions = self.seed(space, roots);
        walk.stats.per_level.push(LevelStats {
            depth: 0,
            examined: 0,
            enqueued: positions,
        });
        self.note_goals(space, 0, 0, &mut walk);
        let mut pass = Expansion {
            metric,
            control,
            started,
            // Without tie-breaking, a search for the first goal may stop the
            // moment it generates one.
            stop_on_sight: stop_at == StopAt::FirstGoal && !TIE_BREAK,
            positions,
            max_frontier: self.nodes.len(),
            next_check: CHECK_EVERY,
            batch: vec![(K::EMPTY, 0); space.max_neighbors()],
            ahead: vec![(K::EMPTY, 0); space.max_neighbors()],
        };
        let mut level_start = 0;
        let mut depth = 0u32;
        while walk.goal_depth.is_none() || stop_at == StopAt::Exhaustion {
            let level_end = self.nodes.len();
            if level_start == level_end {
                walk.exhausted = true;
                break;
            }
            let positions_before = pass.positions;
            let examined_before = walk.stats.examined;
            let expanded = self.expand_level::<S, TIE_BREAK>(
                space,
                level_start..level_end,
                depth,
                &mut pass,
                &mut walk.stats,
            );
            walk.stats
                .per_level
                .last_mut()
                .expect("level 0 exists")
                .examined = walk.stats.examined - examined_before;
            let sighted = match expanded {
                Ok(sighted) => sighted,
                Err(reason) => {
                    walk.stopped = Some(reason);
                    break;
                }
            };
            depth += 1;
            walk.stats.per_level.push(LevelStats {
                depth,
                examined: 0,
                enqueued: pass.positions - positions_before,
            });
            if let Some(i) = sighted {
                walk.goal_states += weight_of(S::MERGES_POSITIONS, &self.weights, i);
                walk.goal_depth = Some(depth);
                walk.goal_node = Some(i as u32);
                break;
            }
            self.note_goals(space, level_end, depth, &mut walk);
            level_start = level_end;
        }
        // An exhausted search ends with an empty level: drop it.
        if walk.exhausted && walk.stats.per_level.last().is_some_and(|l| l.enqueued == 0) {
            walk.stats.per_level.pop();
        }
        let memory = self.table.bytes() + bytes_of(&self.nodes);
        walk.stats
            .close(pass.positions, pass.max_frontier, memory, started.elapsed());
        walk
    }

    /// Charges the memory kept from the last search, and room for `roots`
    /// nodes, to this search's budget (in `control`); what does not fit is
    /// freed first.
    fn claim(&mut self, control: &Control, merges: bool, roots: usize) -> Result<(), StopReason> {
        if !self.meter.attach(control.memory.as_ref()) || self.room(merges, roots).is_err() {
            self.free();
            self.room(merges, roots)?;
        }
        Ok(())
    }

    /// Empties the workspace and enqueues each root once; returns the
    /// positions they stand for (a state may stand for several: see
    /// `Space::multiplicity`).
    fn seed<S: Space<State = K>>(&mut self, space: &S, roots: &[K]) -> u64 {
        let merges = S::MERGES_POSITIONS;
        let (table, nodes, weights) = (&mut self.table, &mut self.nodes, &mut self.weights);
        table.clear();
        nodes.clear();
        weights.clear();
        for &root in roots {
            if let Insertion::Inserted = table.insert(root, nodes.len() as u32) {
                nodes.push(Node {
                    state: root,
                    parent: ROOT,
                    cells: 0,
                });
                if merges {
                    weights.push(space.multiplicity(root) as u8);
                }
            }
        }
        (0..nodes.len())
            .map(|i| weight_of(merges, weights, i))
            .sum()
    }

    /// Counts the goal positions among the nodes from `from` on (the level
    /// at `depth`) and, if no goal was found before, takes the one reached
    /// in the fewest steps as the nearest goal.
    #[inline(always)]
    fn note_goals<S: Space<State = K>>(
        &self,
        space: &S,
        from: usize,
        depth: u32,
        walk: &mut BfsOutcome,
    ) {
        let merges = S::MERGES_POSITIONS;
        let (count, best) = self.nodes[from..]
            .iter()
            .enumerate()
            .filter(|(_, n)| space.is_goal(n.state))
            .map(|(i, n)| (i + from, n.cells))
            .fold((0u64, None::<(usize, u32)>), |(count, best), (i, cells)| {
                let best = match best {
                    Some((_, c)) if c <= cells => best,
                    _ => Some((i, cells)),
                };
                (count + weight_of(merges, &self.weights, i), best)
            });
        walk.goal_states += count;
        if let (None, Some((i, _))) = (walk.goal_depth, best) {
            walk.goal_depth = Some(depth);
            walk.goal_node = Some(i as u32);
        }
    }

    /// Expands the nodes of one level (`level`, at `depth`), enqueuing
    /// their new neighbours, under the search's limits; returns the goal
    /// node generated on the way when the search stops on sight.
    #[inline(always)]
    fn expand_level<S: Space<State = K>, const TIE_BREAK: bool>(
        &mut self,
        space: &S,
        level: Range<usize>,
        depth: u32,
        pass: &mut Expansion<'_, K>,
        stats: &mut Stats,
    ) -> Result<Option<usize>, StopReason> {
        let merges = S::MERGES_POSITIONS;
        let (metric, control, started) = (pass.metric, pass.control, pass.started);
        // The counts live in locals while the level runs (they stay in
        // registers), and go back to `pass` at its end.
        let mut positions = pass.positions;
        let mut max_frontier = pass.max_frontier;
        let mut next_check = pass.next_check;
        let (batch, ahead) = (&mut pass.batch, &mut pass.ahead);
        let mut ahead_count = 0;
        let pipelined = self.table.is_large();
        if pipelined && level.start < level.end {
            ahead_count = space.expand_into(self.nodes[level.start].state, metric, ahead);
            prefetch(&self.table, &ahead[..ahead_count]);
        }
        let result = 'level: {
            for index in level.clone() {
                if stats.examined >= next_check {
                    next_check += CHECK_EVERY;
                    let progress = SearchProgress {
                        examined: stats.examined,
                        enqueued: positions,
                        depth,
                    };
                    if let Some(reason) = control.check(started, progress) {
                        break 'level Err(reason);
                    }
                }
                let cells = self.nodes[index].cells;
                stats.examined += weight_of(merges, &self.weights, index);
                max_frontier = max_frontier.max(self.nodes.len() - index);
                let count = if pipelined {
                    std::mem::swap(batch, ahead);
                    let count = ahead_count;
                    if index + 1 < level.end {
                        ahead_count = space.expand_into(self.nodes[index + 1].state, metric, ahead);
                        prefetch(&self.table, &ahead[..ahead_count]);
                    }
                    count
                } else {
                    space.expand_into(self.nodes[index].state, metric, batch)
                };
                let Workspace {
                    table,
                    nodes,
                    weights,
                    meter,
                } = &mut *self;
                if let Err(reason) = room(table, nodes, weights, meter, merges, count) {
                    break 'level Err(reason);
                }
                let sighted = self.enqueue::<S, TIE_BREAK>(
                    space,
                    &batch[..count],
                    (index as u32, cells),
                    level.end,
                    pass.stop_on_sight,
                    &mut positions,
                );
                stats.generated += count as u64;
                if sighted.is_some() {
                    break 'level Ok(sighted);
                }
            }
            Ok(None)
        };
        pass.positions = positions;
        pass.max_frontier = max_frontier;
        pass.next_check = next_check;
        result
    }

    /// Enqueues the new states among `neighbours` of node `parent` (its
    /// index, and the cells it took from a root), whose room is reserved,
    /// counting their positions in `positions`. With
    /// `TIE_BREAK`, a node of the next level (from `next_level` on) seen
    /// again through fewer cells takes `parent` as its parent. Returns the
    /// first goal enqueued when the search stops on sight.
    #[inline(always)]
    fn enqueue<S: Space<State = K>, const TIE_BREAK: bool>(
        &mut self,
        space: &S,
        neighbours: &[(K, u32)],
        (parent, cells): (u32, u32),
        next_level: usize,
        stop_on_sight: bool,
        positions: &mut u64,
    ) -> Option<usize> {
        let merges = S::MERGES_POSITIONS;
        let (table, nodes, weights) = (&mut self.table, &mut self.nodes, &mut self.weights);
        let mut sighted = None;
        for &(next, step_cells) in neighbours {
            let cells = cells + step_cells;
            match table.insert_reserved(next, nodes.len() as u32) {
                Insertion::Inserted => {
                    let weight = if merges { space.multiplicity(next) } else { 1 };
                    *positions += weight;
                    if merges {
                        weights.push(weight as u8);
                    }
                    if stop_on_sight && sighted.is_none() && space.is_goal(next) {
                        sighted = Some(nodes.len());
                    }
                    nodes.push(Node {
                        state: next,
                        parent,
                        cells,
                    });
                }
                Insertion::Present(j) if TIE_BREAK => {
                    // Only a node of the next level can still get a
                    // better parent; older ones are final. Which
                    // neighbours improve a node is unpredictable, so
                    // the update is a select, not a branch.
                    let node = &mut nodes[j as usize];
                    let better = (j as usize >= next_level) & (cells < node.cells);
                    // `next` equals the stored state but may carry
                    // what it means relative to its new parent (see
                    // `unblocker_engine::klotski::mirror`).
                    let candidate = Node {
                        state: next,
                        parent,
                        cells,
                    };
                    *node = std::hint::select_unpredictable(better, candidate, *node);
                }
                Insertion::Present(_) => {}
            }
        }
        sighted
    }

    /// Gives back every block (to the system and to the budget).
    fn free(&mut self) {
        self.table = StateTable::with_capacity(0);
        self.nodes = Vec::new();
        self.weights = Vec::new();
        self.meter.hold(self.table.bytes() as u64);
    }
}
