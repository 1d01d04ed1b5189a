//! The puzzle database: puzzles stored in SQLite ([`Database`]) and queried
//! by difficulty, pieces and walls ([`Filter`], [`Database::random`]), with
//! statistics ([`stats`]), import and export of fogleman/rush's text
//! format, and the generator's journal (what lets an interrupted run of
//! `unblocker-gen` resume). Parts of a generation run anywhere ([`shard`])
//! are put together with [`merge_into`]. A sample of the database is
//! embedded ([`Database::sample`]) for machines that have not generated one.

mod journal;
mod merge;
mod queries;
mod report;
mod sample;
pub mod shard;
pub mod stats;
mod store;

pub use merge::{merge_into, MergedShard, ShardFileError, SHARD_KEY};
pub use queries::{BadLine, Filter, Grouping};
pub use report::Completion;
pub use sample::SAMPLE_NAME;
pub use store::{Database, DbError, WriterLock};

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
