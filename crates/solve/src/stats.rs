//! Search statistics, as Unblocker's "Additional stats" screen shows them.

use serde::Serialize;
use std::time::Duration;

/// Counts for one BFS level (all positions at one distance from the start).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct LevelStats {
    pub depth: u32,
    /// Positions of this level that were expanded.
    pub examined: u64,
    /// Distinct new positions found at this depth.
    pub enqueued: u64,
}

/// What a search did.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Stats {
    /// Positions expanded (their moves generated).
    pub examined: u64,
    /// Distinct positions stored (the start included).
    pub enqueued: u64,
    /// Moves generated, duplicates included.
    pub generated: u64,
    /// The largest number of positions waiting in the queue at once.
    pub max_frontier: u64,
    /// Bytes held by the open and closed sets at the end.
    pub memory_bytes: u64,
    pub per_level: Vec<LevelStats>,
    pub elapsed_ms: f64,
}

impl Stats {
    pub fn set_elapsed(&mut self, elapsed: Duration) {
        self.elapsed_ms = elapsed.as_secs_f64() * 1000.0;
    }

    /// Records a finished search's totals: positions enqueued, the largest
    /// frontier, the memory its structures held, and the time it took.
    pub(crate) fn close(
        &mut self,
        enqueued: u64,
        max_frontier: usize,
        memory_bytes: usize,
        elapsed: Duration,
    ) {
        self.enqueued = enqueued;
        self.max_frontier = max_frontier as u64;
        self.memory_bytes = memory_bytes as u64;
        self.set_elapsed(elapsed);
    }

    /// The counts of level `depth`, adding the levels up to it if needed.
    pub(crate) fn level(&mut self, depth: u32) -> &mut LevelStats {
        while self.per_level.len() <= depth as usize {
            let depth = self.per_level.len() as u32;
            self.per_level.push(LevelStats {
                depth,
                ..LevelStats::default()
            });
        }
        &mut self.per_level[depth as usize]
    }

    /// Positions examined per second.
    pub fn rate(&self) -> f64 {
        if self.elapsed_ms > 0.0 {
            self.examined as f64 / (self.elapsed_ms / 1000.0)
        } else {
            0.0
        }
    }
}

/// The bytes a vector holds (its capacity, not its length).
pub(crate) fn bytes_of<T>(v: &Vec<T>) -> usize {
    v.capacity() * std::mem::size_of::<T>()
}
