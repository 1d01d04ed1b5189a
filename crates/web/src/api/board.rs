//! `POST /api/board`: a puzzle read and validated, as JSON with its legal
//! moves ([`unblocker_api::board`]).

use axum::body::Bytes;
use axum::Json;
use serde_json::Value;
use unblocker_api::{json_body, ApiError, PuzzleRequest};

pub async fn board(body: Bytes) -> Result<Json<Value>, ApiError> {
    let request: PuzzleRequest = json_body(&body)?;
    unblocker_api::board(&request).map(Json)
}
