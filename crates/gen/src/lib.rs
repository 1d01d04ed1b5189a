//! The database generator: every interesting puzzle of a board, found by
//! exhaustive search and written into an `unblocker-db` file.
//!
//! Rush Hour ([`rush::Generator`], driven by [`generate()`]): the positions
//! of a *unit* (one class per row, [`unit`](mod@unit)) are numbered densely in fibers
//! of bits ([`Fibered`]) and searched as a whole from the goal
//! ([`retrograde`]); each phase's units run in parallel and are committed
//! one by one to the generator's journal in the database file, so an
//! interrupted run resumes. A generation can be split into parts
//! (`unblocker_db::shard`) run anywhere, a scheduler's task finding its own
//! ([`scheduler`]); a long one reports its [`progress`] in log lines, its
//! ETA weighted by a sampled cost per phase. Klotski ([`klotski`]): every
//! 4×5 layout enumerated and grouped into components, each one's hardest
//! layout stored.

mod calibration;
mod error;
mod fibered;
mod generate;
mod journal;
pub mod klotski;
mod pending;
pub mod progress;
pub mod retrograde;
pub mod rush;
pub mod scheduler;
mod summary;
pub mod unit;

pub use error::GenError;
pub use fibered::{expand_each, Fibered};
pub use generate::{generate, GenerateOptions, GenerationProgress, Summary};
