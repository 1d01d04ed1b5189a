//! The JSON API: routes and the handlers that are a few lines each. The
//! routes, their requests and answers: the crate README's *JSON API*.

mod board;
mod play;
pub mod random;
mod scan;
mod solve;

use crate::body;
use crate::held::Held;
use crate::jobs::Jobs;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::StatusCode;
use axum::routing::{any, get, post};
use axum::{middleware, Json, Router};
use serde_json::{json, Value};
use std::sync::Arc;
use unblocker_api::ApiError;

/// The API's routes; `/api/health` reports the connections in `held`.
pub(crate) fn routes(jobs: Arc<Jobs>, source: Arc<random::Source>, held: Arc<Held>) -> Router {
    // Bodies are read whole, within the limit, before any handler runs.
    let bodies = middleware::from_fn_with_state(
        (jobs.limits.max_body_bytes, jobs.memory()),
        body::read_whole,
    );
    let random_source = (source.is_file(), source.name.clone());
    let random = Router::new()
        .route("/api/random", get(random::random))
        .with_state(source);
    Router::new()
        .route(
            "/api/health",
            get(move |jobs| health(jobs, random_source, held)),
        )
        .route("/api/puzzles", get(puzzles))
        .route("/api/board", post(board::board))
        .route("/api/solve", post(solve::solve))
        .route("/api/solve/stream", post(solve::solve_stream))
        .route("/api/analyze", post(solve::analyze))
        .route("/api/scan", post(scan::scan))
        .route("/api/levels", get(play::levels))
        .route("/api/level", get(play::level))
        .route("/api/daily", get(play::daily))
        .route("/api/review", post(play::review))
        .route("/api/{*rest}", any(unknown))
        .layer(DefaultBodyLimit::disable())
        .layer(bodies)
        .with_state(jobs)
        .merge(random)
        .method_not_allowed_fallback(method_not_allowed)
}

async fn method_not_allowed() -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "this route does not take that method (see the API table in the README)",
    )
}

/// `random_source`: whether `/api/random` reads a database file, and its
/// name; `held`: the connections.
async fn health(
    State(jobs): State<Arc<Jobs>>,
    random_source: (bool, String),
    held: Arc<Held>,
) -> Json<Value> {
    let limits = &jobs.limits;
    Json(json!({
        "status": "ok",
        "version": env!("CARGO_PKG_VERSION"),
        "solves": jobs.counts(),
        "limits": {
            "max_body_bytes": limits.max_body_bytes,
            "max_solves": limits.max_solves,
            "queue_wait_ms": limits.queue_wait.as_millis() as u64,
            "timeout_ms": limits.timeout.as_millis() as u64,
            "max_nodes": limits.max_nodes,
            "max_memory_bytes": limits.max_memory,
        },
        "memory_in_use_bytes": jobs.memory_in_use(),
        "connections": held.counts(),
        "scanner": true,
        "database": random_source.0,
        "random_source": random_source.1,
    }))
}

/// The rows of `unblocker list --json`.
async fn puzzles() -> Json<Value> {
    Json(unblocker_api::puzzles())
}

async fn unknown() -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "no such API route (see GET /api/health)",
    )
}
