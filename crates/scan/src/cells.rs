//! Reading the cells: what each cell of the lattice holds, whether two
//! neighbouring cells belong to one piece (a gap inside a piece is not dark),
//! and the pieces that the cells form.

use crate::locate::{Grid, SIDE};
use crate::raster::{Raster, Tone};

/// What the middle of a cell shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellKind {
    Empty,
    Wood,
    Red,
    Silver,
}

/// Brightness across a boundary, relative to the cells beside it, under which
/// the boundary is a gap between two pieces.
const GAP_RATIO: f32 = 0.82;

/// Share of red pixels that makes a cell part of the prisoner (a label or
/// drawn lines may cover the rest).
const RED_SHARE: f32 = 0.3;

/// The kinds of all cells, row by row, and how clear each decision was (0 to 1).
pub fn classify(raster: &Raster, grid: &Grid) -> ([[CellKind; SIDE]; SIDE], Vec<f32>) {
    let mut kinds = [[CellKind::Empty; SIDE]; SIDE];
    let mut margins = Vec::with_capacity(SIDE * SIDE);
    for (row, line) in kinds.iter_mut().enumerate() {
        for (col, kind) in line.iter_mut().enumerate() {
            let Some(r) = inner(raster, grid, row, col) else {
                margins.push(0.0);
                continue;
            };
            let t = raster.tally(r);
            let red = t.share(Tone::Red);
            if red >= RED_SHARE {
                *kind = CellKind::Red;
                margins.push(((red - RED_SHARE) / RED_SHARE).min(1.0));
                continue;
            }
            let mut options = [
                (t.share(Tone::Floor), CellKind::Empty),
                (
                    t.share(Tone::Wood) + t.share(Tone::Other) * 0.5,
                    CellKind::Wood,
                ),
                (t.share(Tone::Silver), CellKind::Silver),
            ];
            options.sort_by(|a, b| b.0.total_cmp(&a.0));
            *kind = options[0].1;
            margins.push((options[0].0 - options[1].0).clamp(0.0, 1.0));
        }
    }
    (kinds, margins)
}

/// The middle half of a cell.
fn inner(raster: &Raster, grid: &Grid, row: usize, col: usize) -> Option<crate::raster::Rect> {
    let (x, y) = (col as f32, row as f32);
    raster.clip(
        grid.x(x + 0.25),
        grid.y(y + 0.25),
        grid.x(x + 0.75),
        grid.y(y + 0.75),
    )
}

/// Whether a dark gap separates cell (row, col) from its right neighbour
/// (`across == false`) or the one below (`across == true`), and how clear
/// that is (0 to 1).
pub fn gap(raster: &Raster, grid: &Grid, row: usize, col: usize, below: bool) -> (bool, f32) {
    let (r2, c2) = if below {
        (row + 1, col)
    } else {
        (row, col + 1)
    };
    let cells = [inner(raster, grid, row, col), inner(raster, grid, r2, c2)];
    let [Some(a), Some(b)] = cells else {
        return (true, 0.0);
    };
    // Marks drawn over both cells leave nothing to compare: not a gap.
    let (Some(va), Some(vb)) = (raster.mean_value(a, 0.2), raster.mean_value(b, 0.2)) else {
        return (false, 0.0);
    };
    let cell_value = va.min(vb).max(1.0);
    let p = grid.pitch;
    // A band across the boundary, over the middle 60% of its length; the
    // darkest line along the boundary within it.
    let darkest = if below {
        let boundary = grid.y((row + 1) as f32);
        let (x0, x1) = (grid.x(col as f32 + 0.2), grid.x(col as f32 + 0.8));
        band_lines(raster, boundary, p, |v0, v1| raster.clip(x0, v0, x1, v1))
    } else {
        let boundary = grid.x((col + 1) as f32);
        let (y0, y1) = (grid.y(row as f32 + 0.2), grid.y(row as f32 + 0.8));
        band_lines(raster, boundary, p, |v0, v1| raster.clip(v0, y0, v1, y1))
    };
    let ratio = darkest / cell_value;
    let margin = ((ratio - GAP_RATIO).abs() / 0.15).min(1.0);
    (ratio < GAP_RATIO, margin)
}

/// The darkest one-pixel line within ±20% of a pitch of `boundary`, judged
/// on its pixels clear of drawn marks (`f32::MAX` when marks cover it all).
fn band_lines(
    raster: &Raster,
    boundary: f32,
    pitch: f32,
    line: impl Fn(f32, f32) -> Option<crate::raster::Rect>,
) -> f32 {
    let reach = (pitch * 0.2).max(1.5);
    let mut darkest = f32::MAX;
    let mut v = (boundary - reach).floor();
    while v <= boundary + reach {
        if let Some(r) = line(v, v + 1.0) {
            // Lines mostly under drawn marks say nothing.
            if let Some(v) = raster.mean_value(r, 0.3) {
                darkest = darkest.min(v);
            }
        }
        v += 1.0;
    }
    darkest
}

/// A group of joined cells: the cells' bounding box and kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Group {
    pub row: usize,
    pub col: usize,
    pub height: usize,
    pub width: usize,
    pub kind: CellKind,
    /// False when the group's cells do not fill its box (a bent piece).
    pub straight: bool,
}

/// Joins the cells into pieces: red cells with red neighbours, wooden cells
/// with wooden neighbours when no gap parts them; silver cells stay single.
/// Returns the groups in order of their first cell and the gap margins.
pub fn join(
    raster: &Raster,
    grid: &Grid,
    kinds: &[[CellKind; SIDE]; SIDE],
) -> (Vec<Group>, Vec<f32>) {
    let mut parent: Vec<usize> = (0..SIDE * SIDE).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    let mut margins = Vec::new();
    for row in 0..SIDE {
        for col in 0..SIDE {
            for below in [false, true] {
                let (r2, c2) = if below {
                    (row + 1, col)
                } else {
                    (row, col + 1)
                };
                if r2 >= SIDE || c2 >= SIDE || kinds[row][col] != kinds[r2][c2] {
                    continue;
                }
                let joined = match kinds[row][col] {
                    CellKind::Red => true,
                    CellKind::Wood => {
                        let (is_gap, margin) = gap(raster, grid, row, col, below);
                        margins.push(margin);
                        !is_gap
                    }
                    CellKind::Empty | CellKind::Silver => false,
                };
                if joined {
                    let (a, b) = (
                        root(&mut parent, row * SIDE + col),
                        root(&mut parent, r2 * SIDE + c2),
                    );
                    parent[a.max(b)] = a.min(b);
                }
            }
        }
    }
    let mut groups: Vec<(usize, Vec<usize>)> = Vec::new();
    for i in 0..SIDE * SIDE {
        if kinds[i / SIDE][i % SIDE] == CellKind::Empty {
            continue;
        }
        let r = root(&mut parent, i);
        match groups.iter_mut().find(|(g, _)| *g == r) {
            Some((_, cells)) => cells.push(i),
            None => groups.push((r, vec![i])),
        }
    }
    let groups = groups
        .into_iter()
        .map(|(_, cells)| {
            let rows = cells.iter().map(|i| i / SIDE);
            let cols = cells.iter().map(|i| i % SIDE);
            let (r0, r1) = (rows.clone().min().unwrap_or(0), rows.max().unwrap_or(0));
            let (c0, c1) = (cols.clone().min().unwrap_or(0), cols.max().unwrap_or(0));
            let (height, width) = (r1 + 1 - r0, c1 + 1 - c0);
            Group {
                row: r0,
                col: c0,
                height,
                width,
                kind: kinds[cells[0] / SIDE][cells[0] % SIDE],
                straight: cells.len() == height * width && (height == 1 || width == 1),
            }
        })
        .collect();
    (groups, margins)
}
