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
