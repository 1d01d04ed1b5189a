//! The levels and the daily puzzle ([`unblocker_model::level`],
//! [`unblocker_model::daily`]): the list of every band, one level opened by
//! its address (`beginner/1`) with its board answer, and the puzzle of a
//! date, from the server and the page's engine alike.

use crate::board::board_of;
use crate::error::ApiError;
use http::StatusCode;
use serde_json::{json, Value};
use unblocker_model::daily::{self, format_date};
use unblocker_model::level::{Band, Level, LevelError, LevelId};
use unblocker_model::puzzle::Puzzle;

/// Every band with its levels: `{"bands": [{"band", "title", "difficulty",
/// "levels": [{"number", "optimum", "line", "name"}]}]}` (`difficulty` is
/// `null` for the cards and Klotski, `name` for the sample's puzzles).
pub fn levels() -> Value {
    let bands: Vec<Value> = Band::ALL
        .iter()
        .map(|&band| {
            let levels: Vec<Value> = band
                .levels()
                .iter()
                .map(|l| json!({"number": l.number, "optimum": l.optimum, "line": l.line(), "name": l.name}))
                .collect();
            json!({
                "band": band,
                "title": band.title(),
                "difficulty": band.difficulty().map(|d| d.to_string()),
                "levels": levels,
            })
        })
        .collect();
    json!({ "bands": bands })
}

/// The level at `address` (`BAND/N`): `{"level": {"id", "band", "number",
/// "title", "optimum", "name", "count"}, "puzzle": <the board answer>}`;
/// 400 for an address that does not read, 404 past a band's last level.
pub fn level(address: &str) -> Result<Value, ApiError> {
    let id: LevelId = address.parse().map_err(refused)?;
    let level = id.level().map_err(refused)?;
    level_answer(level)
}

/// The puzzle of `date` (`YYYY-MM-DD`, the player's own calendar day):
/// `{"date", "weekday", "difficulty", "level", "puzzle"}` as [`level`]
/// answers, with the day; 400 for a date that does not read.
pub fn daily(date: &str) -> Result<Value, ApiError> {
    let date = daily::parse_date(date).map_err(ApiError::bad_request)?;
    let today = daily::daily(date);
    let mut answer = level_answer(today.level)?;
    answer["date"] = json!(format_date(date));
    answer["weekday"] = json!(date.weekday().to_string());
    answer["difficulty"] = json!(today.difficulty.to_string());
    Ok(answer)
}

fn level_answer(level: &Level) -> Result<Value, ApiError> {
    let puzzle = Puzzle {
        board: level.board.clone(),
        name: level.name.map(str::to_string),
    };
    Ok(json!({
        "level": {
            "id": level.id().to_string(),
            "band": level.band,
            "number": level.number,
            "title": format!("{} {}", level.band.title(), level.number),
            "optimum": level.optimum,
            "name": level.name,
            "count": level.band.levels().len(),
        },
        "puzzle": board_of(&puzzle),
    }))
}

fn refused(error: LevelError) -> ApiError {
    let status = match error {
        LevelError::NoSuchLevel { .. } => StatusCode::NOT_FOUND,
        _ => StatusCode::BAD_REQUEST,
    };
    ApiError::new(status, error.to_string())
}
