#![doc = include_str!("../README.md")]

mod calibration;
mod error;
mod fibered;
mod generate;
mod journal;
pub mod klotski;
mod pending;
mod phase_files;
pub mod progress;
pub mod retrograde;
pub mod rush;
pub mod scheduler;
mod summary;
pub mod unit;

#[cfg(feature = "research")]
pub use calibration::{FamilyWeights, Kind, DECIDING};
pub use error::GenError;
pub use fibered::{expand_each, Fibered};
pub use generate::{generate, GenerateOptions, GenerationProgress, Summary};
pub use journal::{lock_writer, WriterLock};
