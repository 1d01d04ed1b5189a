//! The JSON API's requests and answers, whatever carries them: `unblocker
//! serve` answers them over HTTP (crate `unblocker-web`), and the page's
//! worker in the browser answers the same requests with the same objects
//! (crate `unblocker-wasm`), so the page reads one shape from either.
//!
//! A request is read with the command line's rules and messages
//! ([`PuzzleRequest`]); every refusal is an [`ApiError`]: a status code, a
//! message of at most 300 characters and any extra fields.

mod board;
mod error;
mod random;
mod request;
mod scan;
mod search;

pub use board::{board, puzzles};
pub use error::{ApiError, MAX_MESSAGE_CHARS};
pub use random::{difficulty, from_sample, none_found, random_answer};
pub use request::{json_body, Budget, Job, PuzzleRequest};
pub use scan::{refused, scanned, with_overlay, MAX_OVERLAY_BYTES, OVERLAY};
pub use search::{analyze, progress, progress_lines, solve, PROGRESS_EVERY};
