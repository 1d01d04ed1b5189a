//! Bidirectional breadth-first search: one search from the start and one
//! backwards from every goal position of its component, each expanding a
//! whole level at a time (the smaller frontier first), until they meet.
//!
//! The goal is not one position (any arrangement of the other pieces with
//! the target at the exit), so the backward search is seeded with all of
//! the component's goal positions, found by a first exhaustive breadth-first
//! pass. Every move can be undone, so the backward search uses the same
//! moves. After a level in which the two searches first share a position,
//! the shortest meeting found is optimal: had a shorter path existed, one of
//! its positions would already lie in both searches.
//!
//! The seeding pass explores the whole component, which may be far larger
//! than what a plain breadth-first search sees (an easy 8x8 board of 4
//! moves, 10,694 positions for BFS, has 16.9 million). So breadth-first
//! search to the nearest goal comes first, and the seeding pass may examine
//! at most [`SEEDING_FACTOR`] times its positions: past that, the
//! breadth-first answer (optimal too) stands. The README gives the
//! measurements.

use crate::algorithm::SearchOutcome;
use crate::bfs::{StopAt, Workspace, ROOT};
use crate::control::{Control, SearchProgress, StopReason, Watch};
use crate::kept::{chain, Visit};
use crate::memory::Fixed;
use crate::stats::{bytes_of, LevelStats, Stats};
use crate::table::{Insertion, StateTable};
use unblocker_engine::{Space, State};
use unblocker_model::Metric;
use web_time::Instant;

/// One direction of the search.
struct Half<K: State> {
    table: StateTable<K>,
    visits: Vec<Visit<K>>,
    /// Where the unexpanded level starts in `visits`.
    level_start: usize,
    depth: u32,
}

impl<K: State> Half<K> {
    fn new() -> Half<K> {
        Half {
            table: StateTable::with_capacity(0),
            visits: Vec::new(),
            level_start: 0,
            depth: 0,
        }
    }

    /// Adds the roots (after room was made for them).
    fn seed(&mut self, roots: &[K]) {
        for &root in roots {
            if let Insertion::Inserted = self.table.insert(root, self.visits.len() as u32) {
                self.visits.push(Visit {
                    state: root,
                    parent: ROOT,
                    depth: 0,
                });
            }
        }
    }

    fn frontier(&self) -> usize {
        self.visits.len() - self.level_start
    }

    fn bytes(&self) -> usize {
        self.table.bytes() + bytes_of(&self.visits)
    }

    fn path(&self, index: u32) -> Vec<K> {
        chain(&self.visits, index)
    }
}

/// Makes room for `more[0]` entries in `this` half and `more[1]` in the
/// `other`, within the memory budget (the goal list is counted too).
fn room<K: State>(
    watch: &mut Watch,
    this: &mut Half<K>,
    other: &mut Half<K>,
    goals: &[K],
    more: [usize; 2],
) -> Result<(), StopReason> {
    let mut goals = Fixed(std::mem::size_of_val(goals));
    watch.room(&mut [
        (&mut this.table, more[0]),
        (&mut this.visits, more[0]),
        (&mut other.table, more[1]),
        (&mut other.visits, more[1]),
        (&mut goals, 0),
    ])
}

/// The seeding pass may examine this many times the positions that
/// breadth-first search examined to reach the nearest goal; past that, the
/// breadth-first answer stands.
const SEEDING_FACTOR: u64 = 2;

/// Finds the nearest goal breadth-first (the answer to fall back on), then
/// seeds the backward search with the component's goal positions (found by
/// an exhaustive pass in `workspace`, bounded by [`SEEDING_FACTOR`]) and
/// searches from both ends.
pub(crate) fn search<S: Space>(
    space: &S,
    metric: Metric,
    control: &Control,
    workspace: &mut Workspace<S::State>,
) -> SearchOutcome<S::State> {
    let started = Instant::now();
    let first = workspace.bfs(
        space,
        &[space.start()],
        metric,
        StopAt::FirstGoal,
        false,
        control,
    );
    let mut stats = first.stats.clone();
    let Some(goal) = first.goal_node.filter(|_| first.stopped.is_none()) else {
        // Stopped, or the whole component seen without a goal.
        return SearchOutcome {
            path: None,
            stopped: first.stopped,
            stats,
        };
    };
    let nearest = workspace.path_to(goal);
    let cap = first.stats.examined.max(1).saturating_mul(SEEDING_FACTOR);
    let seeding = Control {
        max_nodes: Some(control.max_nodes.map_or(cap, |m| m.min(cap))),
        ..control.remaining(started)
    };
    let (seed, goals) = workspace.explore_goals(space, metric, &seeding);
    add(&mut stats, &seed.stats);
    let capped =
        seed.stopped == Some(StopReason::NodeLimit) && control.max_nodes.is_none_or(|m| m > cap);
    if capped {
        // The component is larger than the bound: breadth-first's answer.
        return SearchOutcome {
            path: Some(nearest),
            stopped: None,
            stats,
        };
    }
    if seed.stopped.is_some() {
        return SearchOutcome {
            path: None,
            stopped: seed.stopped,
            stats,
        };
    }
    let mut found = meet(space, metric, &goals, &control.remaining(started));
    add(&mut found.stats, &stats);
    found
}

/// Adds an earlier pass's figures to `stats`.
fn add(stats: &mut Stats, pass: &Stats) {
    stats.examined += pass.examined;
    stats.generated += pass.generated;
    stats.enqueued += pass.enqueued;
    stats.max_frontier = stats.max_frontier.max(pass.max_frontier);
    stats.memory_bytes = stats.memory_bytes.max(pass.memory_bytes);
    stats.elapsed_ms += pass.elapsed_ms;
}

/// The bidirectional phase alone, from the start and from `goals`;
/// `per_level` has one entry per expanded level, its `depth` the two
/// searches' radii added.
fn meet<S: Space>(
    space: &S,
    metric: Metric,
    goals: &[S::State],
    control: &Control,
) -> SearchOutcome<S::State> {
    let mut watch = Watch::new(control);
    let mut stats = Stats::default();
    let mut halves = [Half::new(), Half::new()];
    let [forward, backward] = &mut halves;
    if let Err(reason) = room(&mut watch, forward, backward, goals, [1, goals.len()]) {
        return SearchOutcome {
            path: None,
            stopped: Some(reason),
            stats,
        };
    }
    forward.seed(&[space.start()]);
    backward.seed(goals);
    let mut batch = vec![(S::State::EMPTY, 0); space.max_neighbors()];
    // (forward index, backward index) of the best meeting, and its length.
    let mut best: Option<(u32, u32, u32)> = halves[1].table.get(space.start()).map(|j| (0, j, 0));
    let mut stopped = None;
    while best.is_none() && stopped.is_none() {
        if halves.iter().any(|h| h.frontier() == 0) {
            break; // no goal is reachable
        }
        let side = (halves[1].frontier() < halves[0].frontier()) as usize;
        let [forward, backward] = &mut halves;
        let (this, other) = if side == 0 {
            (forward, backward)
        } else {
            (backward, forward)
        };
        let (level_start, level_end) = (this.level_start, this.visits.len());
        let examined_before = stats.examined;
        for index in level_start..level_end {
            let progress = SearchProgress {
                examined: stats.examined,
                enqueued: (this.visits.len() + other.visits.len()) as u64,
                depth: this.depth + other.depth,
            };
            if let Some(reason) = watch.check(progress) {
                stopped = Some(reason);
                break;
            }
            let state = this.visits[index].state;
            stats.examined += 1;
            let count = space.expand_into(state, metric, &mut batch);
            stats.generated += count as u64;
            if let Err(reason) = room(&mut watch, this, other, goals, [count, 0]) {
                stopped = Some(reason);
                break;
            }
            for &(next, _) in &batch[..count] {
                let new_index = this.visits.len() as u32;
                if let Insertion::Inserted = this.table.insert(next, new_index) {
                    this.visits.push(Visit {
                        state: next,
                        parent: index as u32,
                        depth: this.depth + 1,
                    });
                    if let Some(j) = other.table.get(next) {
                        let length = this.depth + 1 + other.visits[j as usize].depth;
                        if best.is_none_or(|(_, _, b)| length < b) {
                            best = Some(if side == 0 {
                                (new_index, j, length)
                            } else {
                                (j, new_index, length)
                            });
                        }
                    }
                }
            }
        }
        this.level_start = level_end;
        this.depth += 1;
        stats.per_level.push(LevelStats {
            depth: this.depth + other.depth,
            examined: stats.examined - examined_before,
            enqueued: (this.visits.len() - level_end) as u64,
        });
    }
    stats.close(
        halves.iter().map(|h| h.visits.len() as u64).sum(),
        halves.iter().map(|h| h.frontier()).sum(),
        halves.iter().map(|h| h.bytes()).sum(),
        watch.started.elapsed(),
    );
    let path = best.filter(|_| stopped.is_none()).map(|(f, b, _)| {
        let mut path = halves[0].path(f);
        let back = halves[1].path(b);
        path.extend(back.iter().rev().skip(1));
        path
    });
    SearchOutcome {
        path,
        stopped,
        stats,
    }
}
