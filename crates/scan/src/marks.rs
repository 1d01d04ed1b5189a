//! Drawn grid lines: dark bands that people draw over the screenshots they
//! share, found where a band runs perfectly straight along an inner lattice
//! line across all six cells (a real gap between pieces stops where a piece
//! crosses the line), and masked so that cells and gaps are judged on what
//! shows beside them.

use crate::locate::{Grid, SIDE};
use crate::raster::Raster;

/// A pixel row (or column) is part of a drawn line where it is darker than
/// this share of the cells on either side of it, in every cell along the line.
const LINE_RATIO: f32 = 0.7;

/// Cells beside a line that are darker than this (a near-black floor) cannot
/// show a line drawn over them.
const DARK_CELL: f32 = 50.0;

/// The inner lattice lines (1 to 5) that carry a drawn line, across (rows)
/// and down (columns).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Lines {
    pub rows: [bool; SIDE + 1],
    pub cols: [bool; SIDE + 1],
}

/// Finds the drawn lines on the lattice and masks them (with a pixel's
/// fringe) in `raster`.
pub fn find(raster: &mut Raster, grid: &Grid) -> Lines {
    let mut lines = Lines::default();
    let mut mask = vec![false; raster.width * raster.height];
    for across in [true, false] {
        for k in 1..SIDE {
            if let Some((lo, hi)) = band(raster, grid, k, across) {
                if across {
                    lines.rows[k] = true;
                } else {
                    lines.cols[k] = true;
                }
                let (a0, a1) = (grid.x(-0.1), grid.x(SIDE as f32 + 0.1));
                let r = if across {
                    raster.clip(a0, (lo - 1) as f32, a1, (hi + 2) as f32)
                } else {
                    raster.clip(
                        (lo - 1) as f32,
                        grid.y(-0.1),
                        (hi + 2) as f32,
                        grid.y(SIDE as f32 + 0.1),
                    )
                };
                if let Some(r) = r {
                    for y in r.y0..r.y1 {
                        for x in r.x0..r.x1 {
                            mask[y * raster.width + x] = true;
                        }
                    }
                }
            }
        }
    }
    raster.masked = mask;
    lines
}

/// The pixel rows (columns) `lo..=hi` of a drawn line along inner lattice
/// line `k`, if there is one.
fn band(raster: &Raster, grid: &Grid, k: usize, across: bool) -> Option<(isize, isize)> {
    let p = grid.pitch;
    let at = if across {
        grid.y(k as f32)
    } else {
        grid.x(k as f32)
    };
    // Mean brightness of cell `c`'s middle 60% along pixel line `v` (or of
    // the band `v0..v1`).
    let mean = |c: usize, v0: f32, v1: f32| -> Option<f32> {
        let (s0, s1) = if across {
            (grid.x(c as f32 + 0.2), grid.x(c as f32 + 0.8))
        } else {
            (grid.y(c as f32 + 0.2), grid.y(c as f32 + 0.8))
        };
        let r = if across {
            raster.clip(s0, v0, s1, v1)
        } else {
            raster.clip(v0, s0, v1, s1)
        }?;
        let mut sum = 0u64;
        for y in r.y0..r.y1 {
            for x in r.x0..r.x1 {
                sum += u64::from(raster.value[y * raster.width + x]);
            }
        }
        Some(sum as f32 / r.area() as f32)
    };
    // The cells on either side, and which of them can show a line.
    let mut refs = Vec::new();
    for c in 0..SIDE {
        let before = mean(c, at - 0.45 * p, at - 0.3 * p)?;
        let after = mean(c, at + 0.3 * p, at + 0.45 * p)?;
        let r = before.min(after);
        refs.push((r >= DARK_CELL).then_some(r));
    }
    if refs.iter().flatten().count() < 3 {
        return None;
    }
    // Lines are drawn on the lattice: the dark run of pixel lines nearest
    // to it, within an eighth of a pitch (digits drawn in the cells are
    // further away).
    let reach = (p * 0.125).max(2.0);
    let dark = |v: f32| {
        refs.iter().enumerate().all(|(c, r)| match r {
            None => true,
            Some(r) => mean(c, v, v + 1.0).is_some_and(|m| m < r * LINE_RATIO),
        })
    };
    let centre = at.floor();
    let nearest = (0..=reach.ceil() as i32)
        .flat_map(|d| [centre - d as f32, centre + d as f32])
        .find(|&v| (v - at).abs() <= reach + 0.5 && dark(v))?;
    let (mut lo, mut hi) = (nearest, nearest);
    while lo - at > -reach - 1.0 && dark(lo - 1.0) {
        lo -= 1.0;
    }
    while hi - at < reach + 1.0 && dark(hi + 1.0) {
        hi += 1.0;
    }
    Some((lo as isize, hi as isize))
}
