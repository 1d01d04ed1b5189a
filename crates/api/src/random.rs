//! The random answer: a puzzle of a chosen difficulty (optimal moves, and
//! walls when asked), `{"moves","board","cluster","walls","pieces",
//! "histogram","source"}`, drawn from the sample of the full 6×6 database
//! that comes with the engine. A server given a database file answers from
//! that file instead, in the same shape.

use crate::error::ApiError;
use http::StatusCode;
use serde_json::{json, Value};
use unblocker_model::sample::{self, Criteria, SAMPLE_NAME};

/// What a random puzzle is asked for: `min` to `max` optimal moves, and
/// exactly `walls` walls when given (`walls=0`: Unblock Me's kind).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Difficulty {
    pub min: u32,
    pub max: u32,
    pub walls: Option<u32>,
}

impl Difficulty {
    /// From the query's values as given (`None`: absent): `min` defaults
    /// to 1, `max` to any number of moves.
    pub fn read(
        min: Option<&str>,
        max: Option<&str>,
        walls: Option<&str>,
    ) -> Result<Difficulty, ApiError> {
        Difficulty::new(
            count("min", "moves", min)?,
            count("max", "moves", max)?,
            count("walls", "walls", walls)?,
        )
    }

    /// `min` to `max` moves (`None`: from 1, or any number) and `walls`
    /// walls (`None`: any); refused when `min` is more than `max`.
    pub fn new(
        min: Option<u32>,
        max: Option<u32>,
        walls: Option<u32>,
    ) -> Result<Difficulty, ApiError> {
        let min = min.unwrap_or(1);
        let max = max.unwrap_or(u32::MAX);
        if min > max {
            return Err(ApiError::bad_request(format!(
                "min ({min}) is more than max ({max})"
            )));
        }
        Ok(Difficulty { min, max, walls })
    }

    /// 404: no puzzle of this difficulty in the puzzle database.
    pub fn none_found(&self) -> ApiError {
        let Difficulty { min, max, walls } = *self;
        ApiError::new(
            StatusCode::NOT_FOUND,
            match walls {
                None => format!("no puzzle with {min} to {max} moves in the puzzle database"),
                Some(walls) => format!(
                    "no puzzle with {min} to {max} moves and {walls} walls in the puzzle database"
                ),
            },
        )
    }
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

/// A puzzle of `difficulty` from the embedded sample, picked by `random`
/// (any number; the same number picks the same puzzle); 404 when none.
pub fn from_sample(difficulty: &Difficulty, random: u64) -> Result<Value, ApiError> {
    let criteria = Criteria {
        min_moves: difficulty.min,
        max_moves: difficulty.max,
        walls: difficulty.walls,
    };
    let entry = sample::embedded()
        .draw(&criteria, random)
        .entry
        .ok_or_else(|| difficulty.none_found())?;
    let board = &entry.board;
    Ok(json!({
        "moves": entry.moves,
        "board": unblocker_model::format::to_line(board),
        "cluster": entry.cluster,
        "walls": board.walls().len(),
        "pieces": board.pieces().len(),
        "histogram": [],
        "source": SAMPLE_NAME,
    }))
}
