//! Reports on measurements: the study of the search algorithms on sets of
//! puzzles ([`study`] reads its files, [`compare`] runs it, [`markdown`]
//! writes its tables and `compare.md`) and every chart ([`charts`], the
//! only user of plotters: the study's overview and bar charts and the
//! database's statistics, as SVG or PNG).

pub mod charts;
pub mod compare;
pub mod markdown;
pub mod study;

pub use charts::ChartError;
pub use compare::{variants, Comparison, Variant};
pub use study::{StudyError, StudyPuzzle};
