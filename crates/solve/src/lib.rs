//! Optimal solvers for sliding-block puzzles, with statistics, limits and
//! cancellation.
//!
//! [`Solver`] picks the right engine for a [`Board`] and keeps reusable
//! search memory, so a batch can solve puzzle after puzzle without
//! allocating. The generic functions [`solve`] and [`analyze`] work on any
//! [`unblocker_engine::Space`].

mod bfs;
mod control;
pub mod json;
mod solution;
mod solver;
mod stats;
mod table;

pub use bfs::{Node, StopAt, Walk, Workspace};
pub use control::{Control, Progress, StopReason, CHECK_EVERY};
pub use solution::{name_moves, replay, Move};
pub use solver::{analyze, solve, Analysis, Report, SolveOptions, Verdict};
pub use stats::{LevelStats, Stats};
pub use table::{Entry, StateTable};

use unblocker_engine::rush::{RushError, RushSpace};
use unblocker_model::{Board, Game, Metric};

/// Why a board could not be searched.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    #[error(transparent)]
    Rush(#[from] RushError),
    #[error("{0} boards are not supported yet")]
    Unsupported(&'static str),
    #[error("search stopped: {0}")]
    Stopped(StopReason),
}

/// Search memory for every engine, reused from one puzzle to the next.
#[derive(Default)]
pub struct Solver {
    narrow: Workspace<u64>,
    wide: Workspace<u128>,
}

impl Solver {
    pub fn new() -> Solver {
        Solver::default()
    }

    /// Solves `board` optimally in `options.metric`.
    pub fn solve(&mut self, board: &Board, options: &SolveOptions) -> Result<Report, SolveError> {
        match board.game() {
            Game::RushHour
                if board.pieces().len() <= <u64 as unblocker_engine::rush::RushKey>::CARS =>
            {
                Ok(solve(
                    &RushSpace::<u64>::new(board)?,
                    options,
                    &mut self.narrow,
                ))
            }
            Game::RushHour => Ok(solve(
                &RushSpace::<u128>::new(board)?,
                options,
                &mut self.wide,
            )),
            Game::Klotski => Err(SolveError::Unsupported("Klotski")),
        }
    }

    /// The size of `board`'s component, its goal positions, its optimum and
    /// its farthest distance to the goal.
    pub fn analyze(
        &mut self,
        board: &Board,
        metric: Metric,
        control: &Control,
    ) -> Result<Analysis, SolveError> {
        let result = match board.game() {
            Game::RushHour
                if board.pieces().len() <= <u64 as unblocker_engine::rush::RushKey>::CARS =>
            {
                analyze(
                    &RushSpace::<u64>::new(board)?,
                    metric,
                    control,
                    &mut self.narrow,
                )
            }
            Game::RushHour => analyze(
                &RushSpace::<u128>::new(board)?,
                metric,
                control,
                &mut self.wide,
            ),
            Game::Klotski => return Err(SolveError::Unsupported("Klotski")),
        };
        result.map_err(SolveError::Stopped)
    }
}
