#![doc = include_str!("../README.md")]

mod merge;
mod queries;
mod sample;
pub mod shard;
pub mod stats;
mod store;

pub use merge::{merge_into, Completion, MergedShard, ShardFileError, SHARD_KEY};
pub use queries::{Filter, Grouping, RecordError};
pub use sample::SAMPLE_NAME;
pub use store::{insert_puzzles, Database, DbError, WriterLock};

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
