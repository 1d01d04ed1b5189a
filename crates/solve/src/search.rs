//! Solving one position of any space: what to solve for ([`SolveOptions`]),
//! the search every algorithm runs ([`solve`]) and what it found
//! ([`Report`]).

use crate::algorithm::{Algorithm, SearchOutcome, SearchParams};
use crate::best_first::Order;
use crate::bfs::{StopAt, Workspace};
use crate::control::{timeout_of, Control, StopReason, TimeoutError};
use crate::memory::MemoryBudget;
use crate::solution::name_moves;
use crate::stats::Stats;
use serde::Serialize;
use unblocker_engine::{Heuristic, Space};
use unblocker_model::Metric;
use unblocker_model::Move;

/// What to solve for, and how.
#[derive(Clone, Default)]
pub struct SolveOptions {
    pub metric: Metric,
    pub control: Control,
    /// Keep searching after the answer until the whole component was seen
    /// (to report `reachable_states`; breadth-first search only).
    pub explore_component: bool,
    pub algorithm: Algorithm,
    /// The estimate of the informed algorithms (A*, IDA*, greedy); default:
    /// [`Heuristic::best_for`] the metric. Must suit the game and metric
    /// ([`Heuristic::check`]; [`crate::Solver::solve`] checks it).
    pub heuristic: Option<Heuristic>,
}

/// Why a search's settings were refused (the words name the setting
/// first, so that a front end can put its own name for it before them).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum OptionsError {
    #[error(transparent)]
    Timeout(#[from] TimeoutError),
    /// A heuristic given to an algorithm that uses none.
    #[error("heuristic is for astar, idastar and greedy; {0} uses none")]
    UnusedHeuristic(Algorithm),
}

impl SolveOptions {
    /// The options of a search as a front end takes them: `algorithm`
    /// (with `heuristic`, for an informed one) in `metric`, stopped after
    /// `timeout` seconds or `max_nodes` positions, its memory charged to
    /// `memory`.
    pub fn new(
        metric: Metric,
        algorithm: Algorithm,
        heuristic: Option<Heuristic>,
        timeout: Option<f64>,
        max_nodes: Option<u64>,
        memory: &MemoryBudget,
    ) -> Result<SolveOptions, OptionsError> {
        let timeout = timeout.map(timeout_of).transpose()?;
        if heuristic.is_some() && !algorithm.is_informed() {
            return Err(OptionsError::UnusedHeuristic(algorithm));
        }
        let control = Control {
            max_nodes,
            timeout,
            memory: Some(memory.clone()),
            ..Control::default()
        };
        Ok(SolveOptions {
            metric,
            control,
            explore_component: false,
            algorithm,
            heuristic,
        })
    }

    /// The heuristic the algorithm uses, if it uses one.
    pub fn heuristic_used(&self) -> Option<Heuristic> {
        self.algorithm
            .is_informed()
            .then(|| self.heuristic.unwrap_or(Heuristic::best_for(self.metric)))
    }

    /// True if the algorithm guarantees the fewest moves in the metric.
    pub fn is_optimal(&self) -> bool {
        self.algorithm
            .is_optimal(self.heuristic_used().unwrap_or(Heuristic::Zero))
    }
}

/// The outcome of a solve.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    Solved,
    Unsolvable,
    Stopped(StopReason),
}

impl Verdict {
    /// The verdict in one word, as `solve --json`'s `status`, the API and
    /// the Python module say it: `solved`, `unsolvable`, or why the search
    /// stopped (`cancelled`, `node_limit`, `memory_limit`, `timeout`).
    pub fn status(&self) -> &'static str {
        match self {
            Verdict::Solved => "solved",
            Verdict::Unsolvable => "unsolvable",
            Verdict::Stopped(reason) => reason.status(),
        }
    }
}

/// Everything a solve found.
#[derive(Clone, Debug)]
pub struct Report {
    pub metric: Metric,
    pub algorithm: Algorithm,
    /// The heuristic of an informed algorithm.
    pub heuristic: Option<Heuristic>,
    /// The algorithm guarantees that `length` is the optimum.
    pub optimal: bool,
    pub verdict: Verdict,
    /// The solution's length in the chosen metric (the optimum when
    /// `optimal`).
    pub length: Option<u32>,
    pub moves: Vec<Move>,
    /// One-cell steps of the solution.
    pub steps: u32,
    /// Positions in the start's component, when it was fully explored.
    pub reachable_states: Option<u64>,
    pub stats: Stats,
}

/// Solves with `options.algorithm` (breadth-first search by default: the
/// optimum, with the fewest steps among optimal solutions in the slide and
/// piece metrics; the other optimal algorithms guarantee only the optimum
/// in the metric).
pub fn solve<S: Space>(
    space: &S,
    options: &SolveOptions,
    workspace: &mut Workspace<S::State>,
) -> Report {
    let metric = options.metric;
    let control = &options.control;
    let params = SearchParams {
        metric,
        heuristic: options.heuristic_used().unwrap_or(Heuristic::Zero),
    };
    let mut reachable_states = None;
    let found = match options.algorithm {
        Algorithm::Bfs => {
            let found = breadth_first(space, options, workspace);
            reachable_states = found.1;
            found.0
        }
        Algorithm::Astar => crate::best_first::search(space, params, Order::AStar, control),
        Algorithm::Greedy => crate::best_first::search(space, params, Order::Greedy, control),
        Algorithm::Idastar => crate::deepening::search(space, params, control),
        Algorithm::Iddfs => crate::deepening::search(
            space,
            SearchParams {
                heuristic: Heuristic::Zero,
                ..params
            },
            control,
        ),
        Algorithm::Dfs => crate::depth_first::search(space, metric, control),
        Algorithm::Bidir => crate::bidir::search(space, metric, control, workspace),
    };
    let verdict = match (&found.path, found.stopped) {
        (Some(_), _) => Verdict::Solved,
        (None, Some(reason)) => Verdict::Stopped(reason),
        (None, None) => Verdict::Unsolvable,
    };
    let moves = found.path.as_ref().map_or_else(Vec::new, |path| {
        name_moves(space, &space.board(path[0]), path, metric == Metric::Piece)
    });
    let steps = moves.iter().map(Move::cells).sum();
    Report {
        metric,
        algorithm: options.algorithm,
        heuristic: options.heuristic_used(),
        optimal: options.is_optimal(),
        verdict,
        length: found.path.as_ref().map(|_| match metric {
            Metric::Step => steps,
            _ => moves.len() as u32,
        }),
        steps,
        moves,
        reachable_states,
        stats: found.stats,
    }
}

/// Breadth-first search, and the component size when it explored it all.
fn breadth_first<S: Space>(
    space: &S,
    options: &SolveOptions,
    workspace: &mut Workspace<S::State>,
) -> (SearchOutcome<S::State>, Option<u64>) {
    let metric = options.metric;
    let stop_at = if options.explore_component {
        StopAt::Exhaustion
    } else {
        StopAt::FirstGoal
    };
    let tie_break = metric != Metric::Step;
    let walk = workspace.bfs(
        space,
        &[space.start()],
        metric,
        stop_at,
        tie_break,
        &options.control,
    );
    let reachable_states = walk.exhausted.then_some(walk.stats.enqueued);
    let found = SearchOutcome {
        path: walk.goal_node.map(|node| workspace.path_to(node)),
        stopped: if walk.goal_node.is_some() {
            None
        } else {
            walk.stopped
        },
        stats: walk.stats,
    };
    (found, reachable_states)
}
