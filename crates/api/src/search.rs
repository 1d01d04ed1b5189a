//! The search answers: a solve (the object of `unblocker solve --json`), an
//! analysis (`unblocker analyze --json`) and the progress lines of a
//! streamed solve, each run under the caller's [`Control`].

use crate::error::ApiError;
use crate::request::Job;
use http::StatusCode;
use serde_json::{json, Value};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use unblocker_solve::json::{AnalyzeJson, SolveJson};
use unblocker_solve::{Control, SearchProgress, SolveOptions, Solver};
use web_time::Instant;

/// The object of `unblocker solve --json`, searched with `solver`'s memory
/// (kept from one search to the next where the caller keeps the solver).
pub fn solve(solver: &mut Solver, job: &Job, control: &Control) -> Result<Value, ApiError> {
    let board = &job.puzzle.board;
    let options = SolveOptions {
        metric: job.metric,
        control: control.clone(),
        algorithm: job.algorithm,
        heuristic: job.heuristic,
        ..SolveOptions::default()
    };
    let report = solver
        .solve(board, &options)
        .map_err(ApiError::bad_request)?;
    to_json(&SolveJson::new(board, &report))
}

/// The object of `unblocker analyze --json`; 422 when a limit stopped it
/// (the request asked for too much).
pub fn analyze(solver: &mut Solver, job: &Job, control: &Control) -> Result<Value, ApiError> {
    let board = &job.puzzle.board;
    let analysis = solver
        .analyze(board, job.metric, control)
        .map_err(|e| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, e.to_string()))?;
    to_json(&AnalyzeJson::new(board, &analysis))
}

/// A progress line of a streamed solve: `{"progress": {"examined", "enqueued", "depth"}}`.
pub fn progress(p: SearchProgress) -> Value {
    json!({"progress": {"examined": p.examined, "enqueued": p.enqueued, "depth": p.depth}})
}

/// Progress lines are at least this far apart, from the server's stream
/// and from the page's engine alike.
pub const PROGRESS_EVERY: Duration = Duration::from_millis(100);

/// A search's progress callback ([`Control::progress`]) that hands `send`
/// a [`progress`] line at most every [`PROGRESS_EVERY`], the first that
/// long after it was made.
pub fn progress_lines(
    send: impl Fn(Value) + Send + Sync + 'static,
) -> Arc<dyn Fn(SearchProgress) + Send + Sync> {
    let last = Mutex::new(Instant::now());
    Arc::new(move |p: SearchProgress| {
        let mut last = last.lock().unwrap_or_else(|e| e.into_inner());
        if last.elapsed() >= PROGRESS_EVERY {
            *last = Instant::now();
            send(progress(p));
        }
    })
}

pub(crate) fn to_json(value: &impl serde::Serialize) -> Result<Value, ApiError> {
    serde_json::to_value(value).map_err(ApiError::internal)
}
