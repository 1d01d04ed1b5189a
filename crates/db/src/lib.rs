#![doc = include_str!("../README.md")]

mod merge;
mod queries;
mod sample;
pub mod shard;
pub mod stats;
mod store;

pub use merge::{merge_into, Completion, MergedShard, ShardFileError, PART_UNITS_KEY, SHARD_KEY};
pub use queries::{Filter, Grouping, RecordError};
pub use sample::SAMPLE_NAME;
pub use store::{Database, DbError, Unit};
