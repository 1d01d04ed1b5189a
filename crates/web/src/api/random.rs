//! `GET /api/random?min=M&max=N`: a puzzle with M to N optimal moves, chosen
//! uniformly among those of a [`Source`] (the database `unblocker db
//! generate` writes, or the sample embedded in the binary when there is
//! none), with `source` saying where it came from.

use crate::error::ApiError;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::Json;
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::sync::{Arc, Mutex};
use unblocker_db::{Database, DbError, Record, SAMPLE_NAME};

/// Where random puzzles come from: a database file or the embedded sample,
/// one query at a time.
pub struct Source {
    /// Where the puzzles come from, as the answer's `source` says it.
    pub name: String,
    /// True for a database file, false for the embedded sample.
    pub is_file: bool,
    database: Mutex<Database>,
}

impl Source {
    /// A database file (`unblocker db generate`).
    pub fn open(path: &Path) -> Result<Source, DbError> {
        Ok(Source {
            name: path.display().to_string(),
            is_file: true,
            database: Mutex::new(Database::open_existing(path)?),
        })
    }

    /// The sample embedded in the binary.
    pub fn sample() -> Result<Source, DbError> {
        Ok(Source {
            name: SAMPLE_NAME.to_string(),
            is_file: false,
            database: Mutex::new(Database::sample()?),
        })
    }

    /// A puzzle with `min` to `max` optimal moves, if there is one.
    fn random(&self, min: u32, max: u32) -> Result<Option<Record>, DbError> {
        let database = self.database.lock().unwrap_or_else(|e| e.into_inner());
        database.random(min, max)
    }
}

#[derive(Deserialize)]
pub struct Difficulty {
    min: Option<String>,
    max: Option<String>,
}

/// The database's record and where it came from.
#[derive(Serialize)]
pub struct RandomRecord {
    #[serde(flatten)]
    puzzle: Record,
    source: String,
}

fn moves(name: &str, value: Option<&str>, default: u32) -> Result<u32, ApiError> {
    value.map_or(Ok(default), |v| {
        v.parse().map_err(|_| {
            ApiError::bad_request(format!(
                "{name} must be a number of moves, not '{}'",
                unblocker_model::quote(v)
            ))
        })
    })
}

pub async fn random(
    State(source): State<Arc<Source>>,
    query: Result<Query<Difficulty>, QueryRejection>,
) -> Result<Json<RandomRecord>, ApiError> {
    // A key given twice, or anything else serde refuses, answers in JSON.
    let Query(difficulty) = query.map_err(|e| ApiError::bad_request(e.body_text()))?;
    let min = moves("min", difficulty.min.as_deref(), 1)?;
    let max = moves("max", difficulty.max.as_deref(), u32::MAX)?;
    if min > max {
        return Err(ApiError::bad_request(format!(
            "min ({min}) is more than max ({max})"
        )));
    }
    let found = tokio::task::spawn_blocking(move || {
        source.random(min, max).map(|puzzle| {
            puzzle.map(|puzzle| RandomRecord {
                puzzle,
                source: source.name.clone(),
            })
        })
    })
    .await
    .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?
    .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    found.map(Json).ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            format!("no puzzle with {min} to {max} moves in the puzzle database"),
        )
    })
}
