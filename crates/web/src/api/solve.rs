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
use std::sync::Arc;
use tokio::sync::mpsc;
use unblocker_api::{json_body, ApiError, Job, PuzzleRequest};
use unblocker_solve::Solver;

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
    let progress = unblocker_api::progress_lines(move |line| {
        // A slow reader misses progress lines, never the result.
        let _ = progress_lines.try_send(ndjson(&line));
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
