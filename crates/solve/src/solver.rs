//! Solving and analysing one position of any game.

use crate::bfs::{StopAt, Workspace};
use crate::control::{Control, StopReason};
use crate::solution::{name_moves, Move};
use crate::stats::Stats;
use serde::Serialize;
use unblocker_engine::Space;
use unblocker_model::{Board, Metric};

/// What to solve for.
#[derive(Clone, Default)]
pub struct SolveOptions {
    pub metric: Metric,
    pub control: Control,
    /// Keep searching after the answer until the whole component was seen
    /// (to report `reachable_states`).
    pub explore_component: bool,
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
    pub verdict: Verdict,
    /// The optimum in the chosen metric.
    pub length: Option<u32>,
    pub moves: Vec<Move>,
    /// One-cell steps of the solution.
    pub steps: u32,
    /// Positions in the start's component, when it was fully explored.
    pub reachable_states: Option<u64>,
    pub stats: Stats,
}

/// Solves optimally with breadth-first search.
pub fn solve<S: Space>(
    space: &S,
    options: &SolveOptions,
    workspace: &mut Workspace<S::State>,
) -> Report {
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
    let verdict = match (walk.goal_node, walk.stopped) {
        (Some(_), _) => Verdict::Solved,
        (None, Some(reason)) => Verdict::Stopped(reason),
        (None, None) => Verdict::Unsolvable,
    };
    let moves = walk.goal_node.map_or_else(Vec::new, |node| {
        let path = workspace.path_to(node);
        name_moves(space, &space.board(path[0]), &path, metric == Metric::Piece)
    });
    Report {
        metric,
        verdict,
        length: walk.goal_depth,
        steps: moves.iter().map(Move::cells).sum(),
        moves,
        reachable_states: walk.exhausted.then_some(walk.stats.enqueued),
        stats: walk.stats,
    }
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

/// Explores the whole component of the start, then measures every position's
/// distance to the goal with a breadth-first search seeded by all goal
/// positions.
pub fn analyze<S: Space>(
    space: &S,
    metric: Metric,
    control: &Control,
    workspace: &mut Workspace<S::State>,
) -> Result<Analysis, StopReason> {
    let forward = workspace.bfs(
        space,
        &[space.start()],
        metric,
        StopAt::Exhaustion,
        false,
        control,
    );
    if let Some(reason) = forward.stopped {
        return Err(reason);
    }
    let goals: Vec<S::State> = workspace
        .nodes()
        .iter()
        .map(|n| n.state)
        .filter(|&s| space.is_goal(s))
        .collect();
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
    let backward = workspace.bfs(space, &goals, metric, StopAt::Exhaustion, false, control);
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
    let nodes = workspace.nodes();
    analysis.farthest_board = nodes[nodes.len() - last_level..]
        .iter()
        .map(|n| space.board(n.state).canonical())
        .min_by_key(unblocker_model::format::to_line);
    analysis.elapsed_ms += backward.stats.elapsed_ms;
    Ok(analysis)
}
