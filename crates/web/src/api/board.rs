//! `POST /api/board`: a puzzle read and validated, as JSON with its legal
//! moves. The editor validates with it, and play mode learns the moves a
//! piece may make (the model's reference rules, not a copy in JavaScript).

use crate::error::ApiError;
use crate::request::{json_body, PuzzleRequest};
use axum::body::Bytes;
use axum::Json;
use serde_json::{json, Value};
use unblocker_model::catalog;
use unblocker_model::format::{self, BoardJson};
use unblocker_solve::Move;

pub async fn board(body: Bytes) -> Result<Json<Value>, ApiError> {
    let request: PuzzleRequest = json_body(&body)?;
    let puzzle = request.puzzle()?;
    let board = &puzzle.board;
    let moves: Vec<Move> = board
        .legal_slides()
        .into_iter()
        .map(|slide| Move {
            piece: slide.piece,
            path: vec![(slide.direction, slide.distance)],
        })
        .collect();
    Ok(Json(json!({
        "name": puzzle.name,
        "aliases": puzzle.name.as_deref().and_then(catalog::find).map(|b| b.aliases),
        "game": board.game().name(),
        "metric": board.game().default_metric(),
        "line": format::to_line(board),
        "board": BoardJson::from_board(board),
        "solved": board.is_solved(),
        "moves": moves,
        "common_code": format::common_code(board),
    })))
}
