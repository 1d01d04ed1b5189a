//! Breadth-first exploration over a dense index: the component explorer for
//! spaces that number their states (Rush Hour).
//!
//! Where [`crate::Workspace`] hashes every generated state into a table of
//! parent links, a sweep keeps one visited bit per index of
//! [`Indexed`] and a list of the states reached, level after level. A
//! neighbour costs a bit test in a word that is usually in cache (moves of
//! one line change the index by that line's small stride), so a sweep
//! explores several times faster, but it records no parents: it counts and
//! measures distances, it does not return solutions.

use crate::bfs::{BfsOutcome, StopAt};
use crate::control::{Control, SearchProgress, StopReason, CHECK_EVERY};
use crate::memory::{Fixed, MemoryBudget, Meter};
use crate::stats::{bytes_of, LevelStats};
use unblocker_engine::{Indexed, State};
use unblocker_model::Metric;
use web_time::Instant;

/// Reusable memory for sweeps (keep one per thread, as with
/// [`crate::Workspace`]).
pub struct Sweep<K: State> {
    /// One bit per index; only words holding a bit of a state in `reached`
    /// are ever non-zero, so the next sweep clears just those.
    visited: Vec<u64>,
    /// Every state reached, with its index, in breadth-first order.
    reached: Vec<(K, u64)>,
    /// Both, charged to the memory budget of the last sweep.
    meter: Meter,
}

impl<K: State> Default for Sweep<K> {
    fn default() -> Self {
        Sweep {
            visited: Vec::new(),
            reached: Vec::new(),
            meter: Meter::default(),
        }
    }
}

impl<K: State> Sweep<K> {
    /// The states the last sweep reached, in breadth-first order (a
    /// [`BfsOutcome`]'s `goal_node` indexes this order).
    pub fn reached(&self) -> impl ExactSizeIterator<Item = K> + '_ {
        self.reached.iter().map(|&(state, _)| state)
    }

    /// Empties the visited set for `bound` indices: a fresh zeroed
    /// allocation when the old one is too small (the system hands out
    /// zeroed pages lazily, so a small component touches few of them; the
    /// whole block is charged to the budget all the same), otherwise the
    /// words of the last sweep's states only.
    fn reset(&mut self, bound: u64, budget: Option<&MemoryBudget>) -> Result<(), StopReason> {
        let words = bound.div_ceil(64) as usize;
        if !self.meter.attach(budget) || self.visited.len() < words {
            self.visited = Vec::new();
            self.reached = Vec::new();
            if !self.meter.hold((words * size_of::<u64>()) as u64) {
                self.meter.hold(0);
                return Err(StopReason::MemoryLimit);
            }
            self.visited = vec![0; words];
            crate::table::huge_pages::advise(&self.visited);
        } else {
            for &(_, index) in &self.reached {
                self.visited[(index >> 6) as usize] = 0;
            }
        }
        self.reached.clear();
        Ok(())
    }

    /// Makes room for `more` reached states within the memory budget.
    #[inline(always)]
    fn room(&mut self, more: usize) -> Result<(), StopReason> {
        let mut visited = Fixed(bytes_of(&self.visited));
        self.meter
            .room(&mut [(&mut visited, 0), (&mut self.reached, more)])
    }

    /// Marks `index` visited; true if it was not before.
    #[inline(always)]
    fn visit(&mut self, index: u64) -> bool {
        let word = &mut self.visited[(index >> 6) as usize];
        let bit = 1 << (index & 63);
        // Most neighbours were seen before: test first, write only the new.
        if *word & bit != 0 {
            return false;
        }
        *word |= bit;
        true
    }

    /// Breadth-first exploration from `roots` (all at distance 0), to the
    /// first level holding a goal or, with [`StopAt::Exhaustion`], to the
    /// end of the component. `None` when `space` offers no dense index.
    pub fn run<S: Indexed<State = K>>(
        &mut self,
        space: &S,
        roots: &[K],
        metric: Metric,
        stop_at: StopAt,
        control: &Control,
    ) -> Option<BfsOutcome> {
        debug_assert!(!S::MERGES_POSITIONS, "a sweep counts states as positions");
        let started = Instant::now();
        let bound = space.index_bound()?;
        let mut walk = BfsOutcome::default();
        if let Err(reason) = self
            .reset(bound, control.memory.as_ref())
            .and_then(|()| self.room(roots.len()))
        {
            walk.stopped = Some(reason);
            return Some(walk);
        }
        for &root in roots {
            let index = space.index_of(root);
            if self.visit(index) {
                self.reached.push((root, index));
            }
        }
        let stats = &mut walk.stats;
        let mut neighbours = vec![(K::EMPTY, 0); space.max_neighbors()];
        let mut max_frontier = self.reached.len();
        let mut next_check = CHECK_EVERY;
        let mut level_start = 0;
        loop {
            let level_end = self.reached.len();
            if level_start == level_end {
                walk.exhausted = true;
                break;
            }
            let depth = stats.per_level.len() as u32;
            stats.per_level.push(LevelStats {
                depth,
                examined: 0,
                enqueued: (level_end - level_start) as u64,
            });
            for at in level_start..level_end {
                if space.is_goal(self.reached[at].0) {
                    walk.goal_states += 1;
                    if walk.goal_depth.is_none() {
                        walk.goal_depth = Some(depth);
                        walk.goal_node = Some(at as u32);
                    }
                }
            }
            if walk.goal_depth.is_some() && stop_at == StopAt::FirstGoal {
                break;
            }
            let examined_before = stats.examined;
            for at in level_start..level_end {
                if stats.examined >= next_check {
                    next_check += CHECK_EVERY;
                    let progress = SearchProgress {
                        examined: stats.examined,
                        enqueued: self.reached.len() as u64,
                        depth,
                    };
                    if let Some(reason) = control.check(started, progress) {
                        walk.stopped = Some(reason);
                        break;
                    }
                }
                max_frontier = max_frontier.max(self.reached.len() - at);
                let (state, index) = self.reached[at];
                let count = space.expand_indexed(state, index, metric, &mut neighbours);
                stats.examined += 1;
                stats.generated += count as u64;
                if let Err(reason) = self.room(count) {
                    walk.stopped = Some(reason);
                    break;
                }
                for &(next, next_index) in &neighbours[..count] {
                    if self.visit(next_index) {
                        self.reached.push((next, next_index));
                    }
                }
            }
            stats.per_level.last_mut().expect("pushed above").examined =
                stats.examined - examined_before;
            if walk.stopped.is_some() {
                break;
            }
            level_start = level_end;
        }
        let memory = bytes_of(&self.visited) + bytes_of(&self.reached);
        let reached = self.reached.len() as u64;
        walk.stats
            .close(reached, max_frontier, memory, started.elapsed());
        Some(walk)
    }
}
