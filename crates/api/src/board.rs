//! The board answer: a puzzle read and validated, as JSON with its legal
//! moves. The editor validates with it, and Play learns the moves a piece
//! may make (the model's reference rules, not a copy in JavaScript).

use crate::error::ApiError;
use crate::request::PuzzleRequest;
use serde_json::{json, Value};
use unblocker_model::catalog;
use unblocker_model::format::{self, BoardJson};
use unblocker_model::puzzle::Puzzle;
use unblocker_model::Move;

/// `{"name","aliases","game","metric","line","board","solved","moves","common_code"}`.
pub fn board(request: &PuzzleRequest) -> Result<Value, ApiError> {
    Ok(board_of(&request.puzzle()?))
}

/// The board answer of a puzzle read already.
pub(crate) fn board_of(puzzle: &Puzzle) -> Value {
    let board = &puzzle.board;
    let moves: Vec<Move> = board
        .legal_slides()
        .into_iter()
        .map(|slide| Move {
            piece: slide.piece,
            path: vec![(slide.direction, slide.distance)],
        })
        .collect();
    json!({
        "name": puzzle.name,
        "aliases": puzzle.name.as_deref().and_then(catalog::find).map(|b| b.aliases),
        "game": board.game().name(),
        "metric": board.game().default_metric(),
        "line": format::to_line(board),
        "board": BoardJson::from_board(board),
        "solved": board.is_solved(),
        "moves": moves,
        "common_code": format::common_code(board),
    })
}

/// The bundled puzzles, as `unblocker list --json`.
pub fn puzzles() -> Value {
    json!(catalog::bundled())
}
