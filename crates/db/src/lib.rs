//! The puzzle database: every interesting Rush Hour puzzle of a board size,
//! generated exhaustively ([`rush::Generator`], driven by [`generate()`]),
//! stored in SQLite ([`Database`]) and queried by difficulty, pieces and
//! walls ([`Filter`], [`Database::random`]), with statistics ([`stats`]).
//! The Klotski database ([`klotski`]) uses the same schema. A generation
//! can be split into parts ([`shard`]) run anywhere, then put together with
//! [`merge_into`]; a long one reports its [`progress`] in log lines. A
//! sample of the database is embedded ([`Database::sample`]) for machines
//! that have not generated one.

mod calibration;
mod generate;
pub mod klotski;
mod merge;
mod pending;
pub mod progress;
mod report;
pub mod rush;
mod sample;
pub mod shard;
pub mod stats;
mod store;

pub use generate::{generate, GenerateOptions, GenerationProgress, Summary};
pub use merge::{merge_into, MergedShard, ShardFileError};
pub use report::Completion;
pub use sample::SAMPLE_NAME;
pub use store::{Database, DbError, Filter, Grouping, WriterLock};

use serde::Serialize;

/// One stored puzzle, a row of the database: a component's hardest position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Record {
    /// Optimal number of moves (a move slides one piece any distance).
    pub moves: u32,
    /// fogleman/rush's one-line form (`o` empty, `x` wall, `A` the target).
    pub board: String,
    /// Positions in the puzzle's connected component.
    pub cluster: u64,
    pub walls: u32,
    /// Cars, the target included.
    pub pieces: u32,
    /// Positions of the component at each distance from the goal (empty for
    /// imported puzzles).
    pub histogram: Vec<u64>,
}
