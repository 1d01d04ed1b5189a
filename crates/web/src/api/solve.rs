//! `POST /api/solve`, `/api/solve/stream` and `/api/analyze`: searches run
//! through [`Jobs`], answered with the command line's JSON objects
//! ([`unblocker_api::solve`], [`unblocker_api::analyze`]).

use crate::jobs::{finish, Jobs};
use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::mpsc;
use unblocker_api::{json_body, ApiError, Job, PuzzleRequest};
use unblocker_solve::{SearchProgress, Solver};

/// Progress lines of a streamed solve are at least this far apart.
const PROGRESS_EVERY: Duration = Duration::from_millis(100);

pub async fn solve(State(jobs): State<Arc<Jobs>>, body: Bytes) -> Result<Json<Value>, ApiError> {
    let job = read_job(&jobs, body)?;
    // The guard lives in this future: if the client disconnects, hyper drops
    // the future and the solve is cancelled.
    let (handle, _cancel_on_drop) = jobs
        .start(job.budget, None, move |control| {
            unblocker_api::solve(&mut Solver::new(), &job, control)
        })
        .await?;
    finish(handle).await.map(Json)
}

pub async fn analyze(State(jobs): State<Arc<Jobs>>, body: Bytes) -> Result<Json<Value>, ApiError> {
    let job = read_job(&jobs, body)?;
    let (handle, _cancel_on_drop) = jobs
        .start(job.budget, None, move |control| {
            unblocker_api::analyze(&mut Solver::new(), &job, control)
        })
        .await?;
    finish(handle).await.map(Json)
}

/// NDJSON: `{"progress": {"examined", "enqueued", "depth"}}` lines while the
/// search runs, then `{"result": <solve --json>}` or `{"error": "…"}`.
/// Closing the connection cancels the solve.
pub async fn solve_stream(
    State(jobs): State<Arc<Jobs>>,
    body: Bytes,
) -> Result<Response, ApiError> {
    let job = read_job(&jobs, body)?;
    let (lines, receiver) = mpsc::channel::<String>(16);
    let progress_lines = lines.clone();
    let last_report = Mutex::new(Instant::now());
    let progress = Arc::new(move |p: SearchProgress| {
        let mut last = last_report.lock().unwrap_or_else(|e| e.into_inner());
        if last.elapsed() >= PROGRESS_EVERY {
            *last = Instant::now();
            // A slow reader misses progress lines, never the result.
            let _ = progress_lines.try_send(ndjson(&unblocker_api::progress(p)));
        }
    });
    let (handle, cancel_on_drop) = jobs
        .start(job.budget, Some(progress), move |control| {
            unblocker_api::solve(&mut Solver::new(), &job, control)
        })
        .await?;
    tokio::spawn(async move {
        let last = match finish(handle).await {
            Ok(result) => json!({ "result": result }),
            Err(e) => json!({ "error": e.message }),
        };
        let _ = lines.send(ndjson(&last)).await;
    });
    // The stream owns the guard: hyper drops the body when the client goes.
    let stream = futures_util::stream::unfold(
        (receiver, cancel_on_drop),
        |(mut receiver, guard)| async move {
            let line = receiver.recv().await?;
            Some((Ok::<_, std::convert::Infallible>(line), (receiver, guard)))
        },
    );
    Ok((
        StatusCode::OK,
        [
            (header::CONTENT_TYPE, "application/x-ndjson"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        Body::from_stream(stream),
    )
        .into_response())
}

fn read_job(jobs: &Jobs, body: Bytes) -> Result<Job, ApiError> {
    json_body::<PuzzleRequest>(&body)?.job(&jobs.limits.budget())
}

fn ndjson(value: &Value) -> String {
    let mut line = value.to_string();
    line.push('\n');
    line
}
