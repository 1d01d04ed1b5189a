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
use unblocker_engine::{Heuristic, Space};
use unblocker_model::Metric;

/// A search algorithm, named in lower case (any case on input, with the
/// aliases `a*`, `a-star`, `ida*`, `ida-star` and `bidirectional`).
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    serde::Serialize,
    strum::Display,
    strum::EnumString,
    strum::IntoStaticStr,
    strum::VariantArray,
)]
#[serde(rename_all = "lowercase")]
#[strum(
    serialize_all = "lowercase",
    ascii_case_insensitive,
    parse_err_ty = SolveError,
    parse_err_fn = unknown
)]
pub enum Algorithm {
    /// Breadth-first search by levels: optimal, and in the slide and piece
    /// metrics the fewest steps among the optimal solutions.
    #[default]
    Bfs,
    /// A*: optimal with an admissible heuristic (in the chosen metric only).
    #[strum(to_string = "astar", serialize = "a*", serialize = "a-star")]
    Astar,
    /// Iterative-deepening A* with a small transposition table: optimal with
    /// an admissible heuristic, in little memory.
    #[strum(to_string = "idastar", serialize = "ida*", serialize = "ida-star")]
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
    #[strum(to_string = "bidir", serialize = "bidirectional")]
    Bidir,
}

impl Algorithm {
    /// Every algorithm, in declaration order.
    pub const ALL: &'static [Algorithm] = <Algorithm as strum::VariantArray>::VARIANTS;

    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        self.into()
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

fn unknown(name: &str) -> SolveError {
    SolveError::UnknownAlgorithm(name.to_ascii_lowercase())
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
