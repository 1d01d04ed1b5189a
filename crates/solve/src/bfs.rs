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
use std::time::Instant;
use unblocker_engine::{Space, State};
use unblocker_model::Metric;

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

    /// [`Workspace::bfs`] with or without the tie-break.
    pub(crate) fn search<S: Space<State = K>, const TIE_BREAK: bool>(
        &mut self,
        space: &S,
        request: BfsRequest<'_, K>,
    ) -> BfsOutcome {
        let (roots, metric, stop_at, control) = request.parts();
        let tie_break = TIE_BREAK;
        let started = Instant::now();
        let merges = S::MERGES_POSITIONS;
        let mut walk = BfsOutcome::default();
        // The memory kept from the last search counts against this one's
        // budget; what does not fit is freed.
        if !self.meter.attach(control.memory.as_ref()) || self.room(merges, roots.len()).is_err() {
            self.free();
            if let Err(reason) = self.room(merges, roots.len()) {
                walk.stopped = Some(reason);
                walk.stats.close(0, 0, 0, started.elapsed());
                return walk;
            }
        }
        let Workspace {
            table,
            nodes,
            weights,
            meter,
        } = self;
        table.clear();
        nodes.clear();
        weights.clear();
        // Counts are of positions: a state may stand for several (see
        // `Space::multiplicity`).
        let weight_of = |weights: &[u8], node: usize| -> u64 {
            if merges {
                weights[node] as u64
            } else {
                1
            }
        };
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
        let mut positions: u64 = (0..nodes.len()).map(|i| weight_of(weights, i)).sum();
        let stats = &mut walk.stats;
        stats.per_level.push(LevelStats {
            depth: 0,
            examined: 0,
            enqueued: positions,
        });
        let goals = |nodes: &[Node<K>], weights: &[u8], from: usize| {
            nodes[from..]
                .iter()
                .enumerate()
                .filter(|(_, n)| space.is_goal(n.state))
                .map(|(i, n)| (i + from, n.cells))
                .fold((0u64, None::<(usize, u32)>), |(count, best), (i, cells)| {
                    let best = match best {
                        Some((_, c)) if c <= cells => best,
                        _ => Some((i, cells)),
                    };
                    (count + weight_of(weights, i), best)
                })
        };
        let (count, best) = goals(nodes, weights, 0);
        walk.goal_states = count;
        if let Some((i, _)) = best {
            walk.goal_depth = Some(0);
            walk.goal_node = Some(i as u32);
        }
        // Without tie-breaking, a search for the first goal may stop the
        // moment it generates one.
        let stop_on_sight = stop_at == StopAt::FirstGoal && !tie_break;
        let mut level_start = 0;
        let mut depth = 0u32;
        let mut next_check = CHECK_EVERY;
        let mut max_frontier = nodes.len();
        // Two neighbour buffers: once the table outgrows the private
        // caches, while one node's neighbours are looked up, the next node's
        // are already generated and their table slots on their way into the
        // cache (a small table gains nothing from it).
        let mut batch: Vec<(K, u32)> = vec![(K::EMPTY, 0); space.max_neighbors()];
        let mut ahead: Vec<(K, u32)> = vec![(K::EMPTY, 0); space.max_neighbors()];
        let mut ahead_count = 0;
        let prefetching = |table: &StateTable<K>, batch: &[(K, u32)]| {
            for &(next, _) in batch {
                table.prefetch(next);
            }
        };
        'levels: while walk.goal_depth.is_none() || stop_at == StopAt::Exhaustion {
            let level_end = nodes.len();
            let positions_before = positions;
            if level_start == level_end {
                walk.exhausted = true;
                break;
            }
            let examined_before = stats.examined;
            let mut sighted = None;
            let pipelined = table.is_large();
            if pipelined && level_start < level_end {
                ahead_count = space.expand_into(nodes[level_start].state, metric, &mut ahead);
                prefetching(table, &ahead[..ahead_count]);
            }
            for index in level_start..level_end {
                if stats.examined >= next_check {
                    next_check += CHECK_EVERY;
                    let progress = SearchProgress {
                        examined: stats.examined,
                        enqueued: positions,
                        depth,
                    };
                    if let Some(reason) = control.check(started, progress) {
                        walk.stopped = Some(reason);
                        stats.per_level.last_mut().expect("level 0 exists").examined =
                            stats.examined - examined_before;
                        break 'levels;
                    }
                }
                let cells = nodes[index].cells;
                stats.examined += weight_of(weights, index);
                max_frontier = max_frontier.max(nodes.len() - index);
                let parent = index as u32;
                let count = if pipelined {
                    std::mem::swap(&mut batch, &mut ahead);
                    let count = ahead_count;
                    if index + 1 < level_end {
                        ahead_count = space.expand_into(nodes[index + 1].state, metric, &mut ahead);
                        prefetching(table, &ahead[..ahead_count]);
                    }
                    count
                } else {
                    space.expand_into(nodes[index].state, metric, &mut batch)
                };
                let generated = count as u64;
                if let Err(reason) = room(table, nodes, weights, meter, merges, count) {
                    walk.stopped = Some(reason);
                    stats.per_level.last_mut().expect("level 0 exists").examined =
                        stats.examined - examined_before;
                    break 'levels;
                }
                for &(next, step_cells) in &batch[..count] {
                    let cells = cells + step_cells;
                    match table.insert_reserved(next, nodes.len() as u32) {
                        Insertion::Inserted => {
                            let weight = if merges { space.multiplicity(next) } else { 1 };
                            positions += weight;
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
                        Insertion::Present(j) if tie_break => {
                            // Only a node of the next level can still get a
                            // better parent; older ones are final. Which
                            // neighbours improve a node is unpredictable, so
                            // the update is a select, not a branch.
                            let node = &mut nodes[j as usize];
                            let better = (j as usize >= level_end) & (cells < node.cells);
                            // `next` equals the stored state but may carry
                            // what it means relative to its new parent (see
                            // `unblocker_engine::mirror`).
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
                stats.generated += generated;
                if sighted.is_some() {
                    break;
                }
            }
            stats.per_level.last_mut().expect("level 0 exists").examined =
                stats.examined - examined_before;
            depth += 1;
            stats.per_level.push(LevelStats {
                depth,
                examined: 0,
                enqueued: positions - positions_before,
            });
            if let Some(i) = sighted {
                walk.goal_states += weight_of(weights, i);
                walk.goal_depth = Some(depth);
                walk.goal_node = Some(i as u32);
                break;
            }
            let (count, best) = goals(nodes, weights, level_end);
            walk.goal_states += count;
            if let (None, Some((i, _))) = (walk.goal_depth, best) {
                walk.goal_depth = Some(depth);
                walk.goal_node = Some(i as u32);
            }
            level_start = level_end;
        }
        // An exhausted search ends with an empty level: drop it.
        if walk.exhausted && stats.per_level.last().is_some_and(|l| l.enqueued == 0) {
            stats.per_level.pop();
        }
        let memory = table.bytes() + bytes_of(nodes);
        stats.close(positions, max_frontier, memory, started.elapsed());
        walk
    }

    /// Gives back every block (to the system and to the budget).
    fn free(&mut self) {
        self.table = StateTable::with_capacity(0);
        self.nodes = Vec::new();
        self.weights = Vec::new();
        self.meter.hold(self.table.bytes() as u64);
    }
}
