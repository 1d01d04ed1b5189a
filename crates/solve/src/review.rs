//! A game reviewed by exact distances ([`Solver::review`](crate::Solver::review)):
//! each move the player made, with the position's distance to the goal
//! before and after it (−1: optimal, 0: wasted, +1: backwards) and, where it
//! was not optimal, an optimal move from the same position. Every distance
//! comes from one analysis of the puzzle's component (its exploration and
//! the pass back from its goals), whatever the length of the game.

use crate::analysis::{analyze_with, ExhaustiveSearch};
use crate::control::{Control, StopReason};
use crate::solver::SolveError;
use serde::Serialize;
use unblocker_engine::Space;
use unblocker_model::{Board, Metric, Move, MoveError};

/// What one move did to the distance to the goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Mark {
    /// One closer: on an optimal path.
    Optimal,
    /// As far as before.
    Wasted,
    /// Farther than before.
    Backward,
}

/// One move of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReviewedMove {
    pub played: Move,
    /// The distance to the goal before the move and after it (`None` when
    /// the puzzle has no solution).
    pub before: Option<u32>,
    pub after: Option<u32>,
    /// An optimal move from the same position, when this one was not
    /// (and the goal was not reached already).
    pub better: Option<Move>,
}

impl ReviewedMove {
    /// What the move did (`None` when the puzzle has no solution).
    pub fn mark(&self) -> Option<Mark> {
        let (before, after) = (self.before?, self.after?);
        Some(match before.checked_sub(after) {
            Some(1) => Mark::Optimal,
            Some(0) => Mark::Wasted,
            _ => Mark::Backward,
        })
    }
}

/// A game's review.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    pub metric: Metric,
    /// The optimum from the start (`None`: no solution).
    pub optimum: Option<u32>,
    pub moves: Vec<ReviewedMove>,
    /// Positions in the puzzle's component.
    pub reachable_states: u64,
    pub elapsed_ms: f64,
}

impl Review {
    /// The first move that left every optimal path.
    pub fn first_wasted(&self) -> Option<usize> {
        self.moves
            .iter()
            .position(|m| m.mark().is_some_and(|mark| mark != Mark::Optimal))
    }
}

/// Why a game could not be reviewed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReviewError {
    #[error("move {number} ({played}) cannot be played: {error}")]
    Illegal {
        /// Counting from 1.
        number: usize,
        played: String,
        error: MoveError,
    },
    #[error(transparent)]
    Solve(#[from] SolveError),
}

/// Every position of the game: the start, then the position after each
/// move (played with the model's reference rules).
pub(crate) fn positions(start: &Board, played: &[Move]) -> Result<Vec<Board>, ReviewError> {
    let mut boards = Vec::with_capacity(played.len() + 1);
    boards.push(start.clone());
    for (i, m) in played.iter().enumerate() {
        let mut board = boards.last().expect("the start is there").clone();
        for slide in m.slides() {
            board = board.apply(slide).map_err(|error| ReviewError::Illegal {
                number: i + 1,
                played: m.to_string(),
                error,
            })?;
        }
        boards.push(board);
    }
    Ok(boards)
}

/// The review of a game in `space`: `boards` its positions (as
/// [`positions`] gives them), `states` the same positions as states of the
/// space. The distances of every position and of each one's neighbours come
/// from one analysis with `search`.
pub(crate) fn review_in<S: Space>(
    space: &S,
    (boards, states): (&[Board], &[S::State]),
    played: &[Move],
    metric: Metric,
    control: &Control,
    search: &mut impl ExhaustiveSearch<S>,
) -> Result<Review, StopReason> {
    let started = web_time::Instant::now();
    let mut probes = states.to_vec();
    // Each position's neighbours, where an optimal move is looked for.
    let mut around = Vec::with_capacity(played.len());
    for &state in &states[..played.len()] {
        let first = probes.len();
        space.expand(state, metric, |next, _| probes.push(next));
        around.push(first..probes.len());
    }
    let (analysis, distances) = analyze_with(space, metric, control, search, &probes)?;
    let moves = played
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let (before, after) = (distances[i], distances[i + 1]);
            let closer = before.and_then(|d| d.checked_sub(1));
            let better = match closer {
                Some(wanted) if after != Some(wanted) => around[i]
                    .clone()
                    .find(|&j| distances[j] == Some(wanted))
                    .map(|j| {
                        let (cell, path) = space.move_between(states[i], probes[j]);
                        let piece = boards[i]
                            .piece_at(cell)
                            .expect("a move starts from a piece's cell");
                        Move {
                            piece: piece as u8,
                            path,
                        }
                    }),
                _ => None,
            };
            ReviewedMove {
                played: m.clone(),
                before,
                after,
                better,
            }
        })
        .collect();
    Ok(Review {
        metric,
        optimum: distances[0],
        moves,
        reachable_states: analysis.reachable_states,
        elapsed_ms: started.elapsed().as_secs_f64() * 1e3,
    })
}
