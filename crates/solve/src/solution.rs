//! Solutions as moves a person can follow: an engine's path of positions
//! named as [`Move`]s.

use unblocker_engine::Space;
use unblocker_model::{Board, Cell, Move};

/// Names the moves of a solution path by the letters of `start`'s pieces,
/// following each piece along the way, and merges consecutive moves of one
/// piece in one direction (so a step solution reads as slides), or all
/// consecutive moves of one piece when `same_piece_is_one_move` (the piece
/// metric).
pub fn name_moves<S: Space>(
    space: &S,
    start: &Board,
    path: &[S::State],
    same_piece_is_one_move: bool,
) -> Vec<Move> {
    // Each piece's top-left cell along the way (the engine's moves are
    // legal, so following the corners is enough; the tests replay every
    // solution with the model's rules).
    let mut corners: Vec<Cell> = start.pieces().iter().map(|p| (p.row, p.col)).collect();
    let mut moves: Vec<Move> = Vec::new();
    for pair in path.windows(2) {
        let (top_left, segments) = space.move_between(pair[0], pair[1]);
        let piece = corners
            .iter()
            .position(|&corner| corner == top_left)
            .expect("a piece stands at the moved cell");
        for &(direction, distance) in &segments {
            let (dr, dc) = direction.delta();
            let (row, col) = corners[piece];
            corners[piece] = (
                row.wrapping_add_signed(dr * distance as i8),
                col.wrapping_add_signed(dc * distance as i8),
            );
        }
        let piece = piece as u8;
        let continues = moves.last().is_some_and(|m| {
            m.piece == piece
                && (same_piece_is_one_move
                    || m.path.len() == 1 && segments.len() == 1 && m.path[0].0 == segments[0].0)
        });
        if !continues {
            moves.push(Move {
                piece,
                path: Vec::new(),
            });
        }
        let current = moves.last_mut().expect("a move was just pushed");
        for (direction, distance) in segments {
            current.push(direction, distance);
        }
    }
    moves
}
