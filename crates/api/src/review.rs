//! The review of a game (`POST /api/review`): the moves a player made from a
//! puzzle's start, each with the distance to the goal before and after it,
//! the optimal ones marked, and an optimal move where one was not
//! ([`Solver::review`]: one analysis of the puzzle's component).

use crate::error::ApiError;
use crate::request::{Budget, Job, PuzzleRequest, PuzzleText};
use crate::search::to_json;
use http::StatusCode;
use serde::Deserialize;
use serde_json::Value;
use unblocker_model::{index_of_label, moves_of, Direction, Move, Slide};
use unblocker_solve::json::ReviewJson;
use unblocker_solve::{Control, ReviewError, SolveError, Solver};

/// The most slides a review takes.
pub const MAX_REVIEW_SLIDES: usize = 1000;

/// `{"puzzle", "moves": [{"piece", "direction", "distance"}, …], "metric"?,
/// "game"?, "goal"?, "timeout"?, "max_nodes"?}`: the puzzle as
/// [`PuzzleRequest`] reads it, and the slides played from its start (pieces
/// by their letters in the board the puzzle reads as), counted as moves as
/// `metric` counts them.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReviewRequest {
    puzzle: PuzzleText,
    moves: Vec<PlayedSlide>,
    #[serde(default)]
    metric: Option<String>,
    #[serde(default)]
    game: Option<unblocker_model::Game>,
    #[serde(default)]
    goal: Option<String>,
    #[serde(default)]
    timeout: Option<f64>,
    #[serde(default)]
    max_nodes: Option<u64>,
}

/// One slide as the page records it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayedSlide {
    piece: char,
    direction: Direction,
    distance: u8,
}

/// A review read and checked: the puzzle, the metric, the budget, and the
/// moves played.
pub struct ReviewJob {
    pub job: Job,
    pub played: Vec<Move>,
}

impl ReviewRequest {
    /// The puzzle and the moves, within `limits` (as a solve's).
    pub fn job(self, limits: &Budget) -> Result<ReviewJob, ApiError> {
        if self.moves.len() > MAX_REVIEW_SLIDES {
            return Err(ApiError::bad_request(format!(
                "a review takes at most {MAX_REVIEW_SLIDES} moves, not {}",
                self.moves.len()
            )));
        }
        let slides = self
            .moves
            .iter()
            .map(|m| {
                let piece = index_of_label(m.piece).ok_or_else(|| {
                    ApiError::bad_request(format!(
                        "'{}' is not a piece's letter",
                        unblocker_model::quote(&m.piece.to_string())
                    ))
                })?;
                Ok(Slide {
                    piece: piece as u8,
                    direction: m.direction,
                    distance: m.distance,
                })
            })
            .collect::<Result<Vec<Slide>, ApiError>>()?;
        let request = PuzzleRequest {
            puzzle: self.puzzle,
            metric: self.metric,
            algorithm: None,
            heuristic: None,
            game: self.game,
            goal: self.goal,
            timeout: self.timeout,
            max_nodes: self.max_nodes,
        };
        let job = request.job(limits)?;
        let played = moves_of(&slides, job.metric);
        Ok(ReviewJob { job, played })
    }
}

/// The review's object ([`ReviewJson`]); 400 for a move that cannot be
/// played, 422 when a limit stopped the analysis.
pub fn review(
    solver: &mut Solver,
    review: &ReviewJob,
    control: &Control,
) -> Result<Value, ApiError> {
    let board = &review.job.puzzle.board;
    let reviewed = solver
        .review(board, &review.played, review.job.metric, control)
        .map_err(|e| match e {
            ReviewError::Solve(SolveError::Stopped(_)) => {
                ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, e.to_string())
            }
            _ => ApiError::bad_request(e),
        })?;
    to_json(&ReviewJson::new(board, &reviewed))
}
