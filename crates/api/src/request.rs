//! Request bodies: JSON naming a puzzle and how to solve it, read with the
//! command line's rules and messages (`unblocker_model::puzzle`).

use crate::error::ApiError;
use serde::de::DeserializeOwned;
use serde::de::{DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use serde_json::Value;
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
    pub(crate) puzzle: PuzzleText,
    #[serde(default)]
    pub(crate) metric: Option<String>,
    #[serde(default)]
    pub(crate) algorithm: Option<String>,
    #[serde(default)]
    pub(crate) heuristic: Option<String>,
    #[serde(default)]
    pub(crate) game: Option<Game>,
    /// The Klotski goal as `ROW,COL`.
    #[serde(default)]
    pub(crate) goal: Option<String>,
    /// Seconds; at most the server's limit.
    #[serde(default)]
    pub(crate) timeout: Option<f64>,
    /// At most the server's limit.
    #[serde(default)]
    pub(crate) max_nodes: Option<u64>,
}

/// The puzzle: text, or a JSON board object (in which, at any depth, a key
/// given twice is refused, as it is at the top level).
pub(crate) enum PuzzleText {
    Text(String),
    Board(serde_json::Map<String, serde_json::Value>),
}

impl<'de> Deserialize<'de> for PuzzleText {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match d.deserialize_any(Unique)? {
            Value::String(text) => Ok(PuzzleText::Text(text)),
            Value::Object(object) => Ok(PuzzleText::Board(object)),
            _ => Err(serde::de::Error::custom(
                "puzzle must be text or a board object",
            )),
        }
    }
}

/// Reads any JSON value, refusing an object that gives a key twice.
struct Unique;

impl<'de> Visitor<'de> for Unique {
    type Value = Value;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_string()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element_seed(UniqueSeed)? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut object = serde_json::Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if object.contains_key(&key) {
                return Err(serde::de::Error::custom(format!(
                    "duplicate key '{}' in the board object",
                    unblocker_model::quote(&key)
                )));
            }
            let value = map.next_value_seed(UniqueSeed)?;
            object.insert(key, value);
        }
        Ok(Value::Object(object))
    }
}

/// [`Unique`] for the values inside an array or an object.
struct UniqueSeed;

impl<'de> DeserializeSeed<'de> for UniqueSeed {
    type Value = Value;

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(Unique)
    }
}

/// What one search may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    pub timeout: Duration,
    pub max_nodes: u64,
}

/// A request read and checked: the board and how to search it.
pub struct Job {
    pub puzzle: Puzzle,
    pub metric: Metric,
    pub algorithm: Algorithm,
    /// `None`: the algorithm's default for the metric.
    pub heuristic: Option<Heuristic>,
    /// What the request asked for, within what the caller allows.
    pub budget: Budget,
}

/// Reads a JSON body (its size checked by whoever received it).
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
            PuzzleText::Board(object) => Value::Object(object.clone()).to_string(),
        };
        puzzle::resolve(&text, options).map_err(ApiError::bad_request)
    }

    /// Everything a solve or an analysis needs, within `limits`.
    pub fn job(&self, limits: &Budget) -> Result<Job, ApiError> {
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
            budget: Budget {
                timeout: timeout.min(limits.timeout),
                max_nodes: self.max_nodes.unwrap_or(u64::MAX).min(limits.max_nodes),
            },
        })
    }
}
