#![doc = include_str!("../README.md")]

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
mod review;
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
pub use review::{Mark, Review, ReviewError, ReviewedMove};
pub use search::{solve, OptionsError, Report, SolveOptions, Verdict};
pub use solution::name_moves;
pub use solver::{SolveError, Solver};
pub use stats::{LevelStats, Stats};
pub use sweep::Sweep;
pub use table::{Insertion, StateTable};
pub use unblocker_engine::{Heuristic, HeuristicError};
