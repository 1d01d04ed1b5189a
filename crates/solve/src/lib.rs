//! Optimal solvers for sliding-block puzzles, with statistics, limits and
//! cancellation.
//!
//! [`Solver`] picks the right engine for a [`Board`](unblocker_model::Board)
//! and keeps reusable search memory, so a batch can solve puzzle after
//! puzzle without allocating. The generic functions [`solve()`] and
//! [`analyze`] work on any [`unblocker_engine::Space`]. Their answers read
//! the same everywhere: as JSON ([`json`]) or as text ([`text`]).
//! [`batch`] solves and checks every puzzle of a file; [`input`] reads the
//! puzzles a user names.

mod algorithm;
mod analysis;
pub mod batch;
mod best_first;
mod bfs;
mod bidir;
mod control;
mod deepening;
mod depth_first;
pub mod input;
pub mod json;
mod kept;
pub mod memory;
mod ordered;
mod solution;
mod solve;
mod solver;
mod stats;
mod sweep;
mod table;
pub mod text;

pub use algorithm::Algorithm;
pub use analysis::{analyze, Analysis};
pub use bfs::{BfsOutcome, Node, StopAt, Workspace};
pub use control::{timeout_of, BadTimeout, Control, SearchProgress, StopReason, CHECK_EVERY};
pub use memory::MemoryBudget;
pub use solution::{name_moves, replay, Move};
pub use solve::{solve, OptionsError, Report, SolveOptions, Verdict};
pub use solver::{SolveError, Solver};
pub use stats::{LevelStats, Stats};
pub use sweep::Sweep;
pub use table::{Insertion, StateTable};
pub use unblocker_engine::{Heuristic, HeuristicError};
