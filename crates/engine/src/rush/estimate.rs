//! The heuristics' estimates for a Rush Hour position (what each one
//! computes, and why it is admissible, is in [`crate::heuristic`]).

use super::RushSpace;
use crate::{Heuristic, Space};
use unblocker_model::{Goal, Mobility, Side};

/// What the blockers of a Rush Hour position look like.
#[derive(Default)]
struct Blockade {
    /// Cars covering a path cell.
    blockers: u32,
    /// Blockers with no legal move at all.
    stuck: u32,
    /// Some blocker has no free escape.
    obstructed: bool,
    /// Σ over blockers of the fewest cells an escape takes.
    escape_cells: u32,
    /// Cells between the target and the exit.
    path_cells: u32,
}

/// The estimate of `heuristic` for a Rush Hour position.
pub(super) fn estimate(space: &RushSpace, key: u64, heuristic: Heuristic) -> u32 {
    if heuristic == Heuristic::Zero || space.is_goal(key) {
        return 0;
    }
    let b = blockade(space, key);
    match heuristic {
        Heuristic::Zero => 0,
        Heuristic::Blockers => 1 + b.blockers,
        Heuristic::Stuck => 1 + b.blockers + b.stuck,
        Heuristic::Obstructed => 1 + b.blockers + b.obstructed as u32,
        Heuristic::Distance => b.path_cells + b.escape_cells + b.obstructed as u32,
    }
}

fn blockade(space: &RushSpace, key: u64) -> Blockade {
    let board = space.start_board();
    let Goal::Exit(exit) = board.goal() else {
        return Blockade::default();
    };
    let (width, height) = (board.width(), board.height());
    let pieces = board.pieces();
    let target = pieces[0];
    let horizontal = target.mobility == Mobility::Horizontal;
    // Positions along the target's line, and across it (the target's line).
    let (line_len, cross_len) = if horizontal {
        (width, height)
    } else {
        (height, width)
    };
    let lane = if horizontal { target.row } else { target.col } as usize;
    let target_len = target.width.max(target.height) as usize;
    let at = space.offset(key, 0) as usize;
    let path = match exit.side {
        Side::Right | Side::Bottom => at + target_len..line_len,
        Side::Left | Side::Top => 0..at,
    };
    let mut occupied = None;
    // Cell `along` of a crossing car's line standing `across` the target's.
    let mut free = |across: usize, along: usize| {
        let (row, col) = if horizontal {
            (along, across)
        } else {
            (across, along)
        };
        let cells = *occupied.get_or_insert_with(|| space.occupied(key));
        cells >> (row * width + col) & 1 == 0
    };
    let mut b = Blockade {
        path_cells: path.len() as u32,
        ..Blockade::default()
    };
    for (car, piece) in pieces.iter().enumerate().skip(1) {
        let len = piece.width.max(piece.height) as usize;
        if piece.mobility == target.mobility {
            // A car of the target's own line, ahead of it, never leaves it.
            let own_line = if horizontal { piece.row } else { piece.col } as usize == lane;
            if own_line && path.contains(&(space.offset(key, car) as usize)) {
                b.blockers += 1;
                b.stuck += 1;
                b.obstructed = true;
                b.escape_cells += 1;
            }
            continue;
        }
        let across = if horizontal { piece.col } else { piece.row } as usize;
        if !path.contains(&across) {
            continue;
        }
        let offset = space.offset(key, car) as usize;
        if !(offset..offset + len).contains(&lane) {
            continue;
        }
        b.blockers += 1;
        let movable = (offset > 0 && free(across, offset - 1))
            || (offset + len < cross_len && free(across, offset + len));
        b.stuck += !movable as u32;
        // Escapes towards 0 (ending at lane - len) and away (at lane + 1):
        // (cells to move, the cells that must be empty).
        let escapes = [
            (lane >= len).then(|| (offset + len - lane, lane - len..offset)),
            (lane + 1 + len <= cross_len)
                .then(|| (lane + 1 - offset, offset + len..lane + 1 + len)),
        ];
        let mut fewest = None::<usize>;
        let mut any_free = false;
        for (cells, needed) in escapes.into_iter().flatten() {
            fewest = Some(fewest.map_or(cells, |f| f.min(cells)));
            any_free |= needed.into_iter().all(|along| free(across, along));
        }
        b.escape_cells += fewest.unwrap_or(1) as u32;
        b.obstructed |= !any_free;
    }
    b
}
