//! What a failed check found: a promise an answer broke (a board that does
//! not read back, a solution that does not replay, a scan out of range) or
//! a request the server did not answer as it should.

use unblocker_model::format::Format;
use unblocker_model::{BoardError, Metric, MoveError};
use unblocker_solve::Algorithm;

/// A failed check, naming the board (as a line) or the route it failed on.
#[derive(Debug, thiserror::Error)]
pub enum Finding {
    #[error("{line} printed as {format} does not read back: {error}\n{printed}")]
    NoReadBack {
        line: String,
        format: Format,
        printed: String,
        error: BoardError,
    },
    #[error("{line} printed as {format} reads back as {back}\n{printed}")]
    ReadsBackOther {
        line: String,
        format: Format,
        printed: String,
        back: String,
    },
    #[error("{line} {metric} {algorithm}: {error}")]
    NoReplay {
        line: String,
        metric: Metric,
        algorithm: Algorithm,
        error: MoveError,
    },
    #[error("{line} {metric} {algorithm}: no goal")]
    NoGoal {
        line: String,
        metric: Metric,
        algorithm: Algorithm,
    },
    #[error(transparent)]
    Json(#[from] serde_json::Error),
    #[error("confidence {0}")]
    Confidence(f32),
    #[error("a {width}×{height} board")]
    ScanSize { width: usize, height: usize },
    #[error("the debug picture is not a PNG")]
    DebugNotPng,
    #[error("no answer to {path}: {error}")]
    NoAnswer { path: String, error: reqwest::Error },
    #[error("the answer to {path} broke off: {error}")]
    BrokeOff { path: String, error: reqwest::Error },
    #[error("the server panicked on {path}")]
    Panicked { path: String },
    #[error("{path} answered {status}: {body}")]
    ServerError {
        path: String,
        status: u16,
        body: String,
    },
}
