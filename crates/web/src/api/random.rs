//! `GET /api/random?min=M&max=N&walls=W`: a puzzle with M to N optimal moves
//! (and exactly W walls, when asked: `walls=0` gives Unblock Me's kind of
//! puzzle), chosen uniformly among those of a [`Source`] (the database `unblocker db
//! generate` writes, or the sample embedded in the binary when there is
//! none), with `source` saying where it came from.

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::Json;
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::sync::{Arc, Mutex};
use unblocker_api::ApiError;
use unblocker_db::{Database, DbError, Filter, Record, SAMPLE_NAME};

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

    /// A puzzle with `min` to `max` optimal moves (and `walls` walls, when
    /// given), if there is one.
    fn random(&self, min: u32, max: u32, walls: Option<u32>) -> Result<Option<Record>, DbError> {
        let database = self.database.lock().unwrap_or_else(|e| e.into_inner());
        match walls {
            None => database.random(min, max),
            Some(walls) => Ok(database
                .query(&Filter {
                    min_moves: Some(min),
                    max_moves: Some(max),
                    walls: Some(walls),
                    random: true,
                    limit: Some(1),
                    ..Filter::default()
                })?
                .pop()),
        }
    }
}

#[derive(Deserialize)]
pub struct Difficulty {
    min: Option<String>,
    max: Option<String>,
    walls: Option<String>,
}

/// The database's record and where it came from.
#[derive(Serialize)]
pub struct RandomRecord {
    #[serde(flatten)]
    puzzle: Record,
    source: String,
}

/// A count of the query, as `what` (moves, walls) says; `None` when absent.
fn count(name: &str, what: &str, value: Option<&str>) -> Result<Option<u32>, ApiError> {
    value
        .map(|v| {
            v.parse().map_err(|_| {
                ApiError::bad_request(format!(
                    "{name} must be a number of {what}, not '{}'",
                    unblocker_model::quote(v)
                ))
            })
        })
        .transpose()
}

pub async fn random(
    State(source): State<Arc<Source>>,
    query: Result<Query<Difficulty>, QueryRejection>,
) -> Result<Json<RandomRecord>, ApiError> {
    // A key given twice, or anything else serde refuses, answers in JSON.
    let Query(difficulty) = query.map_err(|e| ApiError::bad_request(e.body_text()))?;
    let min = count("min", "moves", difficulty.min.as_deref())?.unwrap_or(1);
    let max = count("max", "moves", difficulty.max.as_deref())?.unwrap_or(u32::MAX);
    let walls = count("walls", "walls", difficulty.walls.as_deref())?;
    if min > max {
        return Err(ApiError::bad_request(format!(
            "min ({min}) is more than max ({max})"
        )));
    }
    let found = tokio::task::spawn_blocking(move || {
        source.random(min, max, walls).map(|puzzle| {
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
            match walls {
                None => format!("no puzzle with {min} to {max} moves in the puzzle database"),
                Some(walls) => format!(
                    "no puzzle with {min} to {max} moves and {walls} walls in the puzzle database"
                ),
            },
        )
    })
}
