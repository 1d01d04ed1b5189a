//! The positions kept by the searches that keep every one they reach
//! (best-first, depth-first, bidirectional): each with its parent, and a
//! table from position to index, from which a solution is read back.

use crate::algorithm::SearchOutcome;
use crate::bfs::ROOT;
use crate::control::{SearchProgress, StopReason, Watch};
use crate::memory::Grows;
use crate::stats::{bytes_of, Stats};
use crate::table::{Insertion, StateTable};
use unblocker_engine::{Space, State};
use unblocker_model::Metric;

/// A kept position: its parent's index and its moves from the root along
/// the parent chain (A*'s `g`).
#[derive(Clone, Copy)]
pub(crate) struct Visit<K> {
    pub state: K,
    pub parent: u32,
    pub depth: u32,
}

/// The positions from a root to `visits[node]` following the parents
/// (`ROOT` ends the chain).
pub(crate) fn chain<K: Copy>(visits: &[Visit<K>], node: u32) -> Vec<K> {
    let mut path = Vec::new();
    let mut i = node;
    while i != ROOT {
        let visit = &visits[i as usize];
        path.push(visit.state);
        i = visit.parent;
    }
    path.reverse();
    path
}

/// Every position a search from one start reached, and the moves of the
/// last one it expanded.
pub(crate) struct Kept<K: State> {
    pub table: StateTable<K>,
    pub visits: Vec<Visit<K>>,
    /// The moves [`Kept::expand`] wrote.
    pub batch: Vec<(K, u32)>,
}

impl<K: State> Kept<K> {
    /// Only the start of `space`, counted enqueued at depth 0.
    pub fn new<S: Space<State = K>>(space: &S, stats: &mut Stats) -> Kept<K> {
        let mut kept = Kept {
            table: StateTable::with_capacity(0),
            visits: Vec::new(),
            batch: vec![(K::EMPTY, 0); space.max_neighbors()],
        };
        kept.insert(space.start(), ROOT, 0, stats);
        kept
    }

    /// Keeps `state`, reached from `parent` at `depth`, unless it is kept
    /// already (a new one is counted enqueued at its depth): the table's
    /// answer.
    #[inline]
    pub fn insert(&mut self, state: K, parent: u32, depth: u32, stats: &mut Stats) -> Insertion {
        let entry = self.table.insert(state, self.visits.len() as u32);
        if let Insertion::Inserted = entry {
            self.visits.push(Visit {
                state,
                parent,
                depth,
            });
            stats.level(depth).enqueued += 1;
        }
        entry
    }

    /// Expands `visits[index]` into `batch`: looks at the control first,
    /// counts the position examined, then makes room for as many more
    /// positions here and in the search's `open` set. The number of moves,
    /// or why the search must stop.
    #[inline]
    pub fn expand<S: Space<State = K>>(
        &mut self,
        space: &S,
        metric: Metric,
        index: u32,
        open: &mut dyn Grows,
        stats: &mut Stats,
        watch: &mut Watch,
    ) -> Result<usize, StopReason> {
        let visit = self.visits[index as usize];
        let progress = SearchProgress {
            examined: stats.examined,
            enqueued: self.visits.len() as u64,
            depth: visit.depth,
        };
        if let Some(reason) = watch.check(progress) {
            return Err(reason);
        }
        stats.examined += 1;
        stats.level(visit.depth).examined += 1;
        let count = space.expand_into(visit.state, metric, &mut self.batch);
        stats.generated += count as u64;
        let (table, visits) = (&mut self.table, &mut self.visits);
        watch.room(&mut [(table, count), (visits, count), (open, count)])?;
        Ok(count)
    }

    /// What the search found: the path to `goal` (an index into `visits`),
    /// and `stats` closed with the largest open set, the memory held (the
    /// open set's `open_bytes` besides these) and the time since `watch`
    /// started.
    pub fn found(
        &self,
        goal: Option<u32>,
        stopped: Option<StopReason>,
        mut stats: Stats,
        max_open: usize,
        open_bytes: usize,
        watch: &Watch,
    ) -> SearchOutcome<K> {
        let memory = self.table.bytes() + bytes_of(&self.visits) + open_bytes;
        let elapsed = watch.started.elapsed();
        stats.close(self.visits.len() as u64, max_open, memory, elapsed);
        SearchOutcome {
            path: goal.map(|i| chain(&self.visits, i)),
            stopped,
            stats,
        }
    }
}
