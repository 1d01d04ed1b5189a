#![doc = include_str!("../README.md")]

pub mod charts;
pub mod compare;
pub mod markdown;
pub mod study;

pub use charts::ChartError;
pub use compare::{variants, Comparison, Variant};
pub use study::{StudyError, StudyPuzzle};
