//! `GET /api/random?min=M&max=N`: a puzzle with M to N optimal moves, chosen
//! uniformly among those of a [`Source`] (the database `unblocker db
//! generate` writes), with `source` saying where it came from.

use crate::error::ApiError;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::Json;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use unblocker_db::{Database, Puzzle};

/// Where random puzzles come from. The database file is one source; an
/// embedded sample can be another.
pub trait Source: Send + Sync {
    /// Where the puzzles come from, as the answer's `source` says it.
    fn name(&self) -> String;
    /// A puzzle with `min` to `max` optimal moves, if there is one.
    fn random(&self, min: u32, max: u32) -> Result<Option<Puzzle>, String>;
}

/// A database file (`unblocker db generate`), one query at a time.
pub struct DatabaseFile {
    path: PathBuf,
    database: Mutex<Database>,
}

impl DatabaseFile {
    pub fn open(path: &Path) -> Result<DatabaseFile, String> {
        Database::open_existing(path)
            .map(|database| DatabaseFile {
                path: path.to_path_buf(),
                database: Mutex::new(database),
            })
            .map_err(|e| format!("cannot open the puzzle database: {e}"))
    }
}

impl Source for DatabaseFile {
    fn name(&self) -> String {
        self.path.display().to_string()
    }

    fn random(&self, min: u32, max: u32) -> Result<Option<Puzzle>, String> {
        let database = self.database.lock().unwrap_or_else(|e| e.into_inner());
        database.random(min, max).map_err(|e| e.to_string())
    }
}

#[derive(Deserialize)]
pub struct Difficulty {
    min: Option<String>,
    max: Option<String>,
}

/// The database's row and where it came from.
#[derive(Serialize)]
pub struct Answer {
    #[serde(flatten)]
    puzzle: Puzzle,
    source: String,
}

fn moves(name: &str, value: Option<&str>, default: u32) -> Result<u32, ApiError> {
    value.map_or(Ok(default), |v| {
        v.parse().map_err(|_| {
            ApiError::bad_request(format!("{name} must be a number of moves, not '{v}'"))
        })
    })
}

pub async fn random(
    State(source): State<Option<Arc<dyn Source>>>,
    Query(difficulty): Query<Difficulty>,
) -> Result<Json<Answer>, ApiError> {
    let min = moves("min", difficulty.min.as_deref(), 1)?;
    let max = moves("max", difficulty.max.as_deref(), u32::MAX)?;
    if min > max {
        return Err(ApiError::bad_request(format!(
            "min ({min}) is more than max ({max})"
        )));
    }
    let Some(source) = source else {
        return Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "this server has no puzzle database: create one with `unblocker db generate` and \
             start the server with `--database PATH`",
        ));
    };
    let found = tokio::task::spawn_blocking(move || {
        source.random(min, max).map(|puzzle| {
            puzzle.map(|puzzle| Answer {
                puzzle,
                source: source.name(),
            })
        })
    })
    .await
    .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?
    .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e))?;
    found.map(Json).ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            format!("no puzzle with {min} to {max} moves in the puzzle database"),
        )
    })
}
