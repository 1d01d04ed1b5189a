//! From groups of cells to the pieces of a board: the red prisoner, the
//! wooden cars and the silver fixed blocks, refusing shapes that no Unblock
//! Me board has.

use crate::cells::{CellGroup, CellKind};
use crate::ScanError;
use unblocker_model::Piece;

/// The prisoner, the other pieces and the fixed blocks.
pub struct Parts {
    pub target: Piece,
    pub others: Vec<Piece>,
    pub walls: Vec<(u8, u8)>,
}

impl Parts {
    /// Sorts the groups of cells, or says why they cannot be an Unblock Me board.
    pub fn of(groups: &[CellGroup]) -> Result<Parts, ScanError> {
        let mut targets = Vec::new();
        let mut pieces = Vec::new();
        let mut walls = Vec::new();
        for g in groups {
            let at = format!("at row {}, column {}", g.row, g.col);
            if !g.straight {
                return Err(ScanError::BadBoard(format!(
                    "the block {at} is bent or thicker than one cell"
                )));
            }
            let len = g.width.max(g.height);
            if g.kind == CellKind::Silver {
                walls.push((g.row as u8, g.col as u8));
                continue;
            }
            if len > 3 {
                return Err(ScanError::BadBoard(format!(
                    "a block of {len} cells {at}: Unblock Me blocks are 2 or 3 cells long"
                )));
            }
            let piece = Piece::car(g.row as u8, g.col as u8, len as u8, g.width > 1 || len == 1);
            if g.kind == CellKind::Red {
                targets.push(piece);
            } else {
                pieces.push(piece);
            }
        }
        match targets[..] {
            [] => Err(ScanError::BadBoard("no red prisoner block".into())),
            [target] if target.width * target.height == 2 => Ok(Parts {
                target,
                others: pieces,
                walls,
            }),
            [target] => Err(ScanError::BadBoard(format!(
                "the red prisoner at row {}, column {} is {} cells long, not 2",
                target.row,
                target.col,
                target.width * target.height
            ))),
            [a, b, ..] => Err(ScanError::BadBoard(format!(
                "two red prisoner blocks: at row {}, column {} and at row {}, column {}",
                a.row, a.col, b.row, b.col
            ))),
        }
    }
}
