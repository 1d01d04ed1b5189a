//! Optimal solvers for sliding-block puzzles, with statistics, limits and
//! cancellation.
//!
//! [`Solver`] picks the right engine for a [`Board`](unblocker_model::Board)
//! and keeps reusable search memory, so a batch can solve puzzle after
//! puzzle without allocating. The generic functions [`solve()`] and
//! [`analyze`] work on any [`unblocker_engine::Space`]. Their answers read
//! the same everywhere as JSON ([`json`]). Reading puzzles is
//! `unblocker-input`'s, solving lists of them and the text answers
//! `unblocker-batch`'s: this crate reads no puzzle files.

mod algorithm;
mod analysis;
mod best_first;
mod bfs;
mod bidir;
mod control;
mod deepening;
mod depth_first;
pub mod json;
mod kept;
pub mod memory;
mod search;
mod solution;
mod solver;
mod stats;
mod sweep;
mod table;

pub use algorithm::Algorithm;
pub use analysis::{analyze, Analysis};
pub use bfs::{BfsOutcome, Node, StopAt, Workspace};
pub use control::{timeout_of, Control, SearchProgress, StopReason, TimeoutError, CHECK_EVERY};
pub use memory::MemoryBudget;
pub use search::{solve, OptionsError, Report, SolveOptions, Verdict};
pub use solution::{name_moves, replay, Move};
pub use solver::{SolveError, Solver};
pub use stats::{LevelStats, Stats};
pub use sweep::Sweep;
pub use table::{Insertion, StateTable};
pub use unblocker_engine::{Heuristic, HeuristicError};
