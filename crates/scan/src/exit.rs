//! The exit: a notch in the frame where the dark floor runs out past the
//! board's edge, looked for at both ends of the prisoner's line. Where the
//! frame is not in the picture (a board-only crop) the exit is assumed to be
//! the prisoner's default one (right of its row).

use crate::locate::{Grid, SIDE};
use crate::raster::{Raster, Tone};
use unblocker_model::{Board, Exit, Mobility, Piece, Side};

/// Share of floor in the frame beside a cell that marks a notch.
const NOTCH_SHARE: f32 = 0.45;
/// How much darker than the rest of that side of the frame a notch must be.
const NOTCH_CONTRAST: f32 = 0.3;

/// The exit found (or assumed) for the prisoner, whether it was assumed, and
/// how clear the notch was (0 to 1).
pub fn find_exit(raster: &Raster, grid: &Grid, target: &Piece) -> (Exit, bool, f32) {
    let (sides, index) = if target.mobility == Mobility::Vertical {
        ([Side::Top, Side::Bottom], target.col)
    } else {
        ([Side::Left, Side::Right], target.row)
    };
    let mut best: Option<(f32, Exit)> = None;
    for side in sides {
        let shares: Vec<Option<f32>> = (0..SIDE)
            .map(|i| frame_share(raster, grid, side, i))
            .collect();
        let Some(here) = shares[index as usize] else {
            continue;
        };
        let mut others: Vec<f32> = shares
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != index as usize)
            .filter_map(|(_, s)| *s)
            .collect();
        if others.len() < 2 {
            continue;
        }
        others.sort_by(f32::total_cmp);
        let contrast = here - others[others.len() / 2];
        if here >= NOTCH_SHARE
            && contrast >= NOTCH_CONTRAST
            && best.is_none_or(|(c, _)| contrast > c)
        {
            best = Some((contrast, Exit { side, index }));
        }
    }
    match best {
        Some((contrast, exit)) => (
            exit,
            false,
            ((contrast - NOTCH_CONTRAST) / NOTCH_CONTRAST).min(1.0),
        ),
        None => (Board::default_exit(target), true, 1.0),
    }
}

/// Share of floor pixels in the frame just outside the board beside cell
/// `index` of `side`, or `None` when that part of the frame is not in the picture.
fn frame_share(raster: &Raster, grid: &Grid, side: Side, index: usize) -> Option<f32> {
    let i = index as f32;
    let (near, far) = (0.04, 0.2);
    let s = SIDE as f32;
    let (x0, y0, x1, y1) = match side {
        Side::Right => (
            grid.x(s + near),
            grid.y(i + 0.25),
            grid.x(s + far),
            grid.y(i + 0.75),
        ),
        Side::Left => (
            grid.x(-far),
            grid.y(i + 0.25),
            grid.x(-near),
            grid.y(i + 0.75),
        ),
        Side::Bottom => (
            grid.x(i + 0.25),
            grid.y(s + near),
            grid.x(i + 0.75),
            grid.y(s + far),
        ),
        Side::Top => (
            grid.x(i + 0.25),
            grid.y(-far),
            grid.x(i + 0.75),
            grid.y(-near),
        ),
    };
    let full = (x1 - x0) * (y1 - y0);
    let r = raster.clip(x0, y0, x1, y1)?;
    // A region mostly cut off by the picture's edge says nothing.
    if (r.area() as f32) < full * 0.6 {
        return None;
    }
    Some(raster.tally(r).share(Tone::Floor))
}
