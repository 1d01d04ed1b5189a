//! The search algorithms a solve can use, and what each one hands back.
//!
//! Every algorithm walks the same [`Space`] under the same [`Control`]
//! (node limit, timeout, cancellation) and fills the same [`Stats`]:
//! `examined` = positions expanded, `generated` = moves generated,
//! `enqueued` = positions stored (or visited, for the iterative-deepening
//! searches, which store few), `max_frontier` = the largest open set (the
//! deepest path for depth-first searches), `memory_bytes` = the open and
//! closed sets' data structures at their peak, and `per_level` per depth
//! (per iteration, with `depth` the bound, for IDA* and IDDFS).

use crate::control::StopReason;
use crate::stats::Stats;
use crate::SolveError;
use std::fmt;
use std::str::FromStr;
use unblocker_engine::{Heuristic, Space};
use unblocker_model::Metric;

/// A search algorithm.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Algorithm {
    /// Breadth-first search by levels: optimal, and in the slide and piece
    /// metrics the fewest steps among the optimal solutions.
    #[default]
    Bfs,
    /// A*: optimal with an admissible heuristic (in the chosen metric only).
    Astar,
    /// Iterative-deepening A* with a small transposition table: optimal with
    /// an admissible heuristic, in little memory.
    Idastar,
    /// Iterative-deepening depth-first search (IDA* without a heuristic):
    /// optimal, slow.
    Iddfs,
    /// Depth-first search: finds some solution, usually a very long one.
    Dfs,
    /// Greedy best-first search by the heuristic alone: fast, not optimal.
    Greedy,
    /// Bidirectional breadth-first search from the start and from every goal
    /// position of its component: optimal.
    Bidir,
}

impl Algorithm {
    pub const ALL: [Algorithm; 7] = [
        Algorithm::Bfs,
        Algorithm::Astar,
        Algorithm::Idastar,
        Algorithm::Iddfs,
        Algorithm::Dfs,
        Algorithm::Greedy,
        Algorithm::Bidir,
    ];

    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Bfs => "bfs",
            Algorithm::Astar => "astar",
            Algorithm::Idastar => "idastar",
            Algorithm::Iddfs => "iddfs",
            Algorithm::Dfs => "dfs",
            Algorithm::Greedy => "greedy",
            Algorithm::Bidir => "bidir",
        }
    }

    /// True if the algorithm uses a heuristic.
    pub fn is_informed(self) -> bool {
        matches!(
            self,
            Algorithm::Astar | Algorithm::Idastar | Algorithm::Greedy
        )
    }

    /// True if the answer is guaranteed to be the fewest moves in the
    /// metric (with `heuristic`, for the informed searches).
    pub fn is_optimal(self, heuristic: Heuristic) -> bool {
        match self {
            Algorithm::Bfs | Algorithm::Iddfs | Algorithm::Bidir => true,
            Algorithm::Astar | Algorithm::Idastar => heuristic.is_admissible(),
            Algorithm::Dfs | Algorithm::Greedy => false,
        }
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Algorithm {
    type Err = SolveError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.to_ascii_lowercase();
        let alias = match s.as_str() {
            "a*" | "a-star" => "astar",
            "ida*" | "ida-star" => "idastar",
            "bidirectional" => "bidir",
            other => other,
        };
        Algorithm::ALL
            .into_iter()
            .find(|a| a.name() == alias)
            .ok_or(SolveError::UnknownAlgorithm(s))
    }
}

/// What one search found, whatever the algorithm.
pub(crate) struct SearchOutcome<K> {
    /// The positions from the start to a goal, if one was reached.
    pub path: Option<Vec<K>>,
    /// Why the search stopped early, if it did.
    pub stopped: Option<StopReason>,
    pub stats: Stats,
}

/// The parameters every search takes besides the space.
#[derive(Clone, Copy)]
pub(crate) struct SearchParams {
    pub metric: Metric,
    pub heuristic: Heuristic,
}

impl SearchParams {
    /// The heuristic's estimate for `state`.
    #[inline]
    pub fn estimate<S: Space>(&self, space: &S, state: S::State) -> u32 {
        space.estimate(state, self.heuristic, self.metric)
    }
}
