#![doc = include_str!("../README.md")]

mod board;
mod error;
mod level;
mod random;
mod request;
mod review;
mod scan;
mod search;

pub use board::{board, puzzles};
pub use error::{ApiError, MAX_MESSAGE_CHARS};
pub use level::{daily, level, levels};
pub use random::{difficulty, from_sample, none_found, random_answer, read_query};
pub use request::{json_body, Budget, Job, PuzzleRequest};
pub use review::{review, ReviewJob, ReviewRequest, MAX_REVIEW_SLIDES};
pub use scan::{refused, scanned, with_overlay, MAX_OVERLAY_BYTES, OVERLAY};
pub use search::{analyze, progress, progress_lines, solve, PROGRESS_EVERY};
