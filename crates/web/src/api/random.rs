//! `GET /api/random?min=M&max=N&walls=W`: a puzzle with M to N optimal moves
//! (and exactly W walls, when asked: `walls=0` gives Unblock Me's kind of
//! puzzle), chosen uniformly among those of a [`Source`] (the database `unblocker db
//! generate` writes, or the sample built into the engine when there is
//! none), with `source` saying where it came from.

use axum::extract::{RawQuery, State};
use axum::Json;
use serde_json::Value;
use std::hash::{BuildHasher, RandomState};
use std::path::Path;
use std::sync::{Arc, Mutex};
use unblocker_api::ApiError;
use unblocker_db::{Database, DbError, SAMPLE_NAME};
use unblocker_model::Difficulty;

/// Where random puzzles come from: a database file (one query at a time),
/// or the embedded sample.
pub struct Source {
    /// Where the puzzles come from, as the answer's `source` says it.
    pub name: String,
    /// `None`: the embedded sample.
    database: Option<Mutex<Database>>,
}

impl Source {
    /// A database file (`unblocker db generate`).
    pub fn open(path: &Path) -> Result<Source, DbError> {
        Ok(Source {
            name: path.display().to_string(),
            database: Some(Mutex::new(Database::open_existing(path)?)),
        })
    }

    /// The sample built into the engine ([`unblocker_api::from_sample`]).
    pub fn sample() -> Source {
        Source {
            name: SAMPLE_NAME.to_string(),
            database: None,
        }
    }

    /// True for a database file, false for the embedded sample.
    pub fn is_file(&self) -> bool {
        self.database.is_some()
    }

    /// A puzzle of `difficulty`, if there is one.
    fn random(&self, difficulty: &Difficulty) -> Result<Value, ApiError> {
        let Some(database) = &self.database else {
            // A fresh random number for each draw.
            let random = RandomState::new().hash_one(0u8);
            return unblocker_api::from_sample(difficulty, random);
        };
        let database = database.lock().unwrap_or_else(|e| e.into_inner());
        let found = database.random(difficulty).map_err(ApiError::internal)?;
        let record = found.ok_or_else(|| unblocker_api::none_found(difficulty))?;
        unblocker_api::random_answer(record, &self.name)
    }
}

pub async fn random(
    State(source): State<Arc<Source>>,
    RawQuery(query): RawQuery,
) -> Result<Json<Value>, ApiError> {
    // Read as the page's engine reads it: one message for each mistake.
    let difficulty = unblocker_api::difficulty(query.as_deref().unwrap_or(""))?;
    tokio::task::spawn_blocking(move || source.random(&difficulty))
        .await
        .map_err(ApiError::internal)?
        .map(Json)
}
