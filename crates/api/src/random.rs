//! The random answer: a puzzle of a chosen difficulty (optimal moves, and
//! walls when asked), a [`RandomPuzzle`], drawn from the sample of the
//! full 6×6 database that comes with the engine. A server given a database
//! file answers from that file instead, in the same shape. The query is
//! read here for both ([`difficulty`]), so one mistake gets one message.

use crate::error::ApiError;
use http::StatusCode;
use serde::Deserialize;
use serde_json::Value;
use unblocker_model::sample::{self, SAMPLE_NAME};
use unblocker_model::{Difficulty, RandomPuzzle, Record};

/// The query's keys, as given (none is required; others are ignored).
#[derive(Deserialize)]
struct Query {
    min: Option<String>,
    max: Option<String>,
    walls: Option<String>,
}

/// The difficulty a random puzzle's query asks for (`min=M&max=N&walls=W`,
/// the query string of `GET /api/random`, without the `?`), read by
/// [`Difficulty::read`]; 400 with its message when it does not read.
pub fn difficulty(query: &str) -> Result<Difficulty, ApiError> {
    let Query { min, max, walls } = read_query(query)?;
    Difficulty::read(min.as_deref(), max.as_deref(), walls.as_deref())
        .map_err(ApiError::bad_request)
}

/// A GET route's query string (without the `?`) read as `T`: 400 when it
/// does not read (a key missing, or given twice).
pub fn read_query<T: serde::de::DeserializeOwned>(query: &str) -> Result<T, ApiError> {
    serde_urlencoded::from_str(query)
        .map_err(|e| ApiError::bad_request(format!("the query does not read: {e}")))
}

/// 404: no puzzle of `difficulty` in the puzzle database.
pub fn none_found(difficulty: &Difficulty) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        format!("no puzzle of {difficulty} in the puzzle database"),
    )
}

/// The answer: `puzzle` said as coming from `source`.
pub fn random_answer(record: Record, source: &str) -> Result<Value, ApiError> {
    let puzzle = RandomPuzzle {
        record,
        source: source.to_string(),
    };
    serde_json::to_value(puzzle).map_err(ApiError::internal)
}

/// A puzzle of `difficulty` from the embedded sample, picked by `random`
/// (any number; the same number picks the same puzzle); 404 when none.
pub fn from_sample(difficulty: &Difficulty, random: u64) -> Result<Value, ApiError> {
    let entry = sample::embedded()
        .draw(difficulty, random)
        .entry
        .ok_or_else(|| none_found(difficulty))?;
    random_answer(Record::from(entry), SAMPLE_NAME)
}
