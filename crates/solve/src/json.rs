//! The JSON objects of `unblocker solve --json` and `analyze --json`, and of
//! a game's review; the web API returns the same objects, so the keys are
//! defined once, here.

use crate::analysis::Analysis;
use crate::review::{Mark, Review};
use crate::search::{Report, Verdict};
use crate::stats::Stats;
use serde::Serialize;
use unblocker_model::Move;
use unblocker_model::{format, Board, Metric};

/// `solve --json`.
#[derive(Debug, Serialize)]
pub struct SolveJson<'a> {
    pub puzzle: String,
    pub game: &'static str,
    pub metric: Metric,
    /// `bfs`, `astar`, `idastar`, `iddfs`, `dfs`, `greedy` or `bidir`.
    pub algorithm: &'static str,
    /// The heuristic of `astar`, `idastar` and `greedy` (left out for the
    /// others).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub heuristic: Option<&'static str>,
    /// The algorithm guarantees the fewest moves in `metric`.
    pub optimal: bool,
    /// `true`, `false`, or `null` when the search was stopped first.
    pub solvable: Option<bool>,
    /// `solved`, `unsolvable`, `cancelled`, `node_limit`, `memory_limit` or
    /// `timeout`.
    pub status: &'static str,
    /// The answer: the solution's length in `metric` (slides, one-cell
    /// steps or piece moves), which is the optimum when `optimal`; `null`
    /// when there is no solution.
    pub length: Option<u32>,
    /// Entries of `solution`: slides (a piece going any distance in one
    /// straight line) in the slide and step metrics, piece moves (a piece
    /// going any distance along any path, `path` holding its legs) in the
    /// piece metric. In the step metric this is not the optimum: it counts
    /// the optimal solution's runs of steps of one piece in one direction.
    pub moves: Option<u32>,
    /// One-cell steps of the solution (the optimum in the step metric).
    pub steps: Option<u32>,
    pub solution: &'a [Move],
    /// Size of the start's component, when the search saw all of it.
    pub reachable_states: Option<u64>,
    pub stats: &'a Stats,
}

impl<'a> SolveJson<'a> {
    pub fn new(board: &Board, report: &'a Report) -> SolveJson<'a> {
        let solved = report.verdict == Verdict::Solved;
        let solvable = match report.verdict {
            Verdict::Solved => Some(true),
            Verdict::Unsolvable => Some(false),
            Verdict::Stopped(_) => None,
        };
        SolveJson {
            puzzle: format::to_line(board),
            game: board.game().name(),
            metric: report.metric,
            algorithm: report.algorithm.name(),
            heuristic: report.heuristic.map(|h| h.name()),
            optimal: report.optimal,
            solvable,
            status: report.verdict.status(),
            length: report.length,
            moves: solved.then_some(report.moves.len() as u32),
            steps: solved.then_some(report.steps),
            solution: &report.moves,
            reachable_states: report.reachable_states,
            stats: &report.stats,
        }
    }
}

/// `analyze --json`.
#[derive(Debug, Serialize)]
pub struct AnalyzeJson {
    pub puzzle: String,
    pub game: &'static str,
    pub metric: Metric,
    pub reachable_states: u64,
    pub goal_states: u64,
    /// The optimum from this position in `metric` (`null` when unsolvable):
    /// the same figure as `solve --json`'s `length`.
    pub length: Option<u32>,
    /// The same as `length` (kept for scripts written before it).
    pub optimal_moves: Option<u32>,
    /// The largest distance to the goal in the component, in `metric`.
    pub farthest_moves: Option<u32>,
    /// A position at that distance (the component's hardest start).
    pub farthest_board: Option<String>,
    /// Positions at each distance from the goal.
    pub distance_histogram: Vec<u64>,
    /// dnomd343/klotski's code of the position, for classic 4×5 Klotski
    /// boards (left out for other boards).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub common_code: Option<String>,
    pub elapsed_ms: f64,
}

impl AnalyzeJson {
    pub fn new(board: &Board, a: &Analysis) -> AnalyzeJson {
        AnalyzeJson {
            puzzle: format::to_line(board),
            game: board.game().name(),
            metric: a.metric,
            reachable_states: a.reachable_states,
            goal_states: a.goal_states,
            length: a.optimal,
            optimal_moves: a.optimal,
            farthest_moves: a.farthest,
            farthest_board: a
                .farthest_board
                .as_ref()
                .map(|b| format::to_line(&b.canonical())),
            distance_histogram: a.distance_histogram.clone(),
            common_code: format::common_code(board),
            elapsed_ms: a.elapsed_ms,
        }
    }
}

/// A game's review (`POST /api/review`).
#[derive(Debug, Serialize)]
pub struct ReviewJson<'a> {
    pub puzzle: String,
    pub game: &'static str,
    pub metric: Metric,
    /// The optimum from the start (`null`: no solution).
    pub optimum: Option<u32>,
    /// The moves played, as `metric` counts them, each with the distance to
    /// the goal before and after it.
    pub moves: Vec<ReviewedMoveJson<'a>>,
    /// The index (from 0) of the first move that was not optimal.
    pub first_wasted: Option<usize>,
    /// The last position is at the goal.
    pub solved: bool,
    pub reachable_states: u64,
    pub elapsed_ms: f64,
}

/// A move of [`ReviewJson`]: the move's own keys (`piece`, `direction`,
/// `distance`, `path`) and its figures.
#[derive(Debug, Serialize)]
pub struct ReviewedMoveJson<'a> {
    #[serde(flatten)]
    pub played: &'a Move,
    pub before: Option<u32>,
    pub after: Option<u32>,
    /// `optimal`, `wasted` or `backward` (`null`: no solution).
    pub mark: Option<Mark>,
    /// An optimal move from the same position, when this one was not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub better: Option<&'a Move>,
}

impl<'a> ReviewJson<'a> {
    pub fn new(board: &Board, review: &'a Review) -> ReviewJson<'a> {
        let last = review.moves.last().map_or(review.optimum, |m| m.after);
        ReviewJson {
            puzzle: format::to_line(board),
            game: board.game().name(),
            metric: review.metric,
            optimum: review.optimum,
            moves: review
                .moves
                .iter()
                .map(|m| ReviewedMoveJson {
                    played: &m.played,
                    before: m.before,
                    after: m.after,
                    mark: m.mark(),
                    better: m.better.as_ref(),
                })
                .collect(),
            first_wasted: review.first_wasted(),
            solved: last == Some(0),
            reachable_states: review.reachable_states,
            elapsed_ms: review.elapsed_ms,
        }
    }
}
