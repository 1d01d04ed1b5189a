//! Request bodies: JSON naming a puzzle and how to solve it, read with the
//! command line's rules and messages (`unblocker_model::puzzle`).

use crate::error::ApiError;
use crate::limits::Limits;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use std::time::Duration;
use unblocker_model::format::ParseOptions;
use unblocker_model::puzzle::{self, parse_goal, Puzzle};
use unblocker_model::{Game, Metric};
use unblocker_solve::{timeout_of, Algorithm, Heuristic};

/// `{"puzzle": …, "metric"?, "algorithm"?, "heuristic"?, "game"?, "goal"?,
/// "timeout"?, "max_nodes"?}`. The puzzle is text in any board format (or a
/// bundled name), or a JSON board object.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleRequest {
    puzzle: PuzzleText,
    #[serde(default)]
    metric: Option<String>,
    #[serde(default)]
    algorithm: Option<String>,
    #[serde(default)]
    heuristic: Option<String>,
    #[serde(default)]
    game: Option<Game>,
    /// The Klotski goal as `ROW,COL`.
    #[serde(default)]
    goal: Option<String>,
    /// Seconds; at most the server's limit.
    #[serde(default)]
    timeout: Option<f64>,
    /// At most the server's limit.
    #[serde(default)]
    max_nodes: Option<u64>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum PuzzleText {
    Text(String),
    Board(serde_json::Map<String, serde_json::Value>),
}

/// A request read and checked: the board and how to search it.
pub struct Job {
    pub puzzle: Puzzle,
    pub metric: Metric,
    pub algorithm: Algorithm,
    /// `None`: the algorithm's default for the metric.
    pub heuristic: Option<Heuristic>,
    pub timeout: Duration,
    pub max_nodes: u64,
}

/// Reads a JSON body (its size was checked by [`crate::body`]).
pub fn json_body<T: DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    serde_json::from_slice(body)
        .map_err(|e| ApiError::bad_request(format!("bad request JSON: {e}")))
}

impl PuzzleRequest {
    /// The board, parsed exactly as `unblocker solve PUZZLE` parses it.
    pub fn puzzle(&self) -> Result<Puzzle, ApiError> {
        let options = ParseOptions {
            game: self.game,
            goal: self
                .goal
                .as_deref()
                .map(parse_goal)
                .transpose()
                .map_err(ApiError::bad_request)?,
        };
        let text = match &self.puzzle {
            PuzzleText::Text(text) => text.clone(),
            PuzzleText::Board(object) => serde_json::Value::Object(object.clone()).to_string(),
        };
        puzzle::resolve(&text, options).map_err(ApiError::bad_request)
    }

    /// Everything a solve or an analysis needs, within `limits`.
    pub fn job(&self, limits: &Limits) -> Result<Job, ApiError> {
        let algorithm = match &self.algorithm {
            Some(name) => name.parse().map_err(ApiError::bad_request)?,
            None => Algorithm::default(),
        };
        let heuristic = self
            .heuristic
            .as_deref()
            .map(str::parse)
            .transpose()
            .map_err(ApiError::bad_request)?;
        let puzzle = self.puzzle()?;
        let metric = match &self.metric {
            Some(name) => name.parse().map_err(ApiError::bad_request)?,
            None => puzzle.board.game().default_metric(),
        };
        let timeout = match self.timeout {
            Some(t) => timeout_of(t).map_err(ApiError::bad_request)?,
            None => limits.timeout,
        };
        Ok(Job {
            puzzle,
            metric,
            algorithm,
            heuristic,
            timeout: timeout.min(limits.timeout),
            max_nodes: self.max_nodes.unwrap_or(u64::MAX).min(limits.max_nodes),
        })
    }
}
