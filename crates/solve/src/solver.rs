//! Solving and analysing one position of any game.

use crate::algorithm::{Algorithm, SearchOutcome, SearchParams};
use crate::best_first::Order;
use crate::bfs::{BfsOutcome, BfsRequest, StopAt, Workspace};
use crate::control::{timeout_of, BadTimeout, Control, StopReason};
use crate::memory::MemoryBudget;
use crate::solution::{name_moves, Move};
use crate::stats::Stats;
use crate::sweep::Sweep;
use serde::Serialize;
use unblocker_engine::{Heuristic, Indexed, Space};
use unblocker_model::{Board, Metric};

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
    Timeout(#[from] BadTimeout),
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

/// The shape of a position's component.
#[derive(Clone, Debug, Serialize)]
pub struct Analysis {
    pub metric: Metric,
    /// Positions reachable from the start (its connected component).
    pub reachable_states: u64,
    /// Positions of the component where the target is at the goal.
    pub goal_states: u64,
    /// The optimum from the start (`None` when unsolvable).
    pub optimal: Option<u32>,
    /// The largest distance to the goal in the component: its hardest start.
    pub farthest: Option<u32>,
    /// One position at that distance.
    #[serde(skip)]
    pub farthest_board: Option<Board>,
    /// Positions at each distance from the goal (index = distance).
    pub distance_histogram: Vec<u64>,
    pub elapsed_ms: f64,
}

/// A breadth-first search that runs to the end of a component and then
/// lists what it reached: what [`analyze`] needs of a search.
pub(crate) trait ExhaustiveSearch<S: Space> {
    /// Makes the walk (an exhaustive one).
    fn explore(&mut self, space: &S, request: BfsRequest<'_, S::State>) -> BfsOutcome;

    /// The states the last exploration reached, in breadth-first order.
    fn reached(&self) -> impl ExactSizeIterator<Item = S::State> + '_;
}

impl<S: Space> ExhaustiveSearch<S> for Workspace<S::State> {
    fn explore(&mut self, space: &S, request: BfsRequest<'_, S::State>) -> BfsOutcome {
        self.search::<S, false>(space, request)
    }

    fn reached(&self) -> impl ExactSizeIterator<Item = S::State> + '_ {
        self.nodes().iter().map(|n| n.state)
    }
}

/// A sweep explores only spaces with a dense index: the caller checks
/// [`Indexed::index_bound`] before choosing it.
impl<S: Indexed> ExhaustiveSearch<S> for Sweep<S::State> {
    fn explore(&mut self, space: &S, request: BfsRequest<'_, S::State>) -> BfsOutcome {
        let (roots, metric, stop_at, control) = request.parts();
        self.run(space, roots, metric, stop_at, control)
            .expect("a sweep is chosen only for a space with a dense index")
    }

    fn reached(&self) -> impl ExactSizeIterator<Item = S::State> + '_ {
        Sweep::reached(self)
    }
}

/// Explores the whole component of the start, then measures every position's
/// distance to the goal with a breadth-first search seeded by all goal
/// positions.
pub fn analyze<S: Space>(
    space: &S,
    metric: Metric,
    control: &Control,
    workspace: &mut Workspace<S::State>,
) -> Result<Analysis, StopReason> {
    analyze_with(space, metric, control, workspace)
}

/// [`analyze`] with any [`ExhaustiveSearch`].
pub(crate) fn analyze_with<S: Space>(
    space: &S,
    metric: Metric,
    control: &Control,
    search: &mut impl ExhaustiveSearch<S>,
) -> Result<Analysis, StopReason> {
    let start = [space.start()];
    let forward = search.explore(space, BfsRequest::exhaustive(&start, metric, control));
    if let Some(reason) = forward.stopped {
        return Err(reason);
    }
    let goals: Vec<S::State> = search.reached().filter(|&s| space.is_goal(s)).collect();
    let mut analysis = Analysis {
        metric,
        reachable_states: forward.stats.enqueued,
        goal_states: goals.len() as u64,
        optimal: forward.goal_depth,
        farthest: None,
        farthest_board: None,
        distance_histogram: Vec::new(),
        elapsed_ms: forward.stats.elapsed_ms,
    };
    if goals.is_empty() {
        return Ok(analysis);
    }
    let backward = search.explore(space, BfsRequest::exhaustive(&goals, metric, control));
    if let Some(reason) = backward.stopped {
        return Err(reason);
    }
    let levels = &backward.stats.per_level;
    analysis.distance_histogram = levels.iter().map(|l| l.enqueued).collect();
    analysis.farthest = Some(levels.len() as u32 - 1);
    // Of the positions at the largest distance, the one whose canonical
    // one-line form sorts first, so that the answer does not depend on the
    // search order.
    let last_level = levels.last().map_or(0, |l| l.enqueued as usize);
    let reached = search.reached();
    let first_of_last = reached.len() - last_level;
    analysis.farthest_board = reached
        .skip(first_of_last)
        .map(|s| space.board(s).canonical())
        .min_by_key(unblocker_model::format::to_line);
    analysis.elapsed_ms += backward.stats.elapsed_ms;
    Ok(analysis)
}
