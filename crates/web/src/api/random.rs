//! `GET /api/random?min=M&max=N`: a puzzle of the database (`unblocker db
//! generate`) chosen uniformly among those with M to N optimal moves.

use crate::error::ApiError;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::Json;
use serde::Deserialize;
use std::path::Path;
use std::sync::{Arc, Mutex};
use unblocker_db::Database;

/// The open database, shared by the requests (one query at a time).
#[derive(Clone)]
pub struct Shared(Arc<Mutex<Database>>);

impl Shared {
    pub fn open(path: &Path) -> Result<Shared, String> {
        Database::open_existing(path)
            .map(|db| Shared(Arc::new(Mutex::new(db))))
            .map_err(|e| format!("cannot open the puzzle database: {e}"))
    }
}

#[derive(Deserialize)]
pub struct Difficulty {
    min: Option<String>,
    max: Option<String>,
}

fn moves(name: &str, value: Option<&str>, default: u32) -> Result<u32, ApiError> {
    value.map_or(Ok(default), |v| {
        v.parse().map_err(|_| {
            ApiError::bad_request(format!("{name} must be a number of moves, not '{v}'"))
        })
    })
}

pub async fn random(
    State(database): State<Option<Shared>>,
    Query(difficulty): Query<Difficulty>,
) -> Result<Json<unblocker_db::Puzzle>, ApiError> {
    let min = moves("min", difficulty.min.as_deref(), 1)?;
    let max = moves("max", difficulty.max.as_deref(), u32::MAX)?;
    if min > max {
        return Err(ApiError::bad_request(format!(
            "min ({min}) is more than max ({max})"
        )));
    }
    let Some(Shared(database)) = database else {
        return Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "this server has no puzzle database: create one with `unblocker db generate` and \
             start the server with `--database PATH`",
        ));
    };
    let found = tokio::task::spawn_blocking(move || {
        let database = database.lock().unwrap_or_else(|e| e.into_inner());
        database.random(min, max)
    })
    .await
    .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?
    .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    found.map(Json).ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            format!("the database has no puzzle with {min} to {max} moves"),
        )
    })
}
