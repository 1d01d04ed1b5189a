//! Reading the cells: what each cell of the lattice holds, whether two
//! neighbouring cells belong to one piece (a gap inside a piece is not dark),
//! and the pieces that the cells form.

use crate::locate::{Grid, SIDE};
use crate::marks::Lines;
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

/// A line across a boundary is as dark as this share of its pixels: a gap
/// darkens all of it, a digit drawn near the boundary part of it.
const LINE_QUANTILE: f32 = 0.7;

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
            let t = raster.bright_tally(r);
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
    // The cells' median brightness: digits drawn over them are darker.
    let (Some(va), Some(vb)) = (
        raster.quantile_value(a, 0.5, 0.2),
        raster.quantile_value(b, 0.5, 0.2),
    ) else {
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
            // Lines mostly under drawn marks say nothing; a line is as dark
            // as most of it (a digit drawn over part of it does not count).
            if let Some(v) = raster.quantile_value(r, LINE_QUANTILE, 0.3) {
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
/// Where a drawn line hides the boundary between two wooden cells, the cut
/// is chosen with the pieces' rules (straight, 2 or 3 cells long), the
/// gap test beside the line breaking ties.
/// Returns the groups in order of their first cell and the gap margins.
pub fn join(
    raster: &Raster,
    grid: &Grid,
    kinds: &[[CellKind; SIDE]; SIDE],
    lines: &Lines,
) -> (Vec<Group>, Vec<f32>) {
    let mut joins: Vec<(usize, usize)> = Vec::new();
    // Hidden boundaries: the two cells, whether the test beside the line
    // says gap, and how clearly.
    let mut hidden: Vec<(usize, usize, bool, f32)> = Vec::new();
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
                let (a, b) = (row * SIDE + col, r2 * SIDE + c2);
                match kinds[row][col] {
                    CellKind::Red => joins.push((a, b)),
                    CellKind::Wood => {
                        let (is_gap, margin) = gap(raster, grid, row, col, below);
                        let covered = if below {
                            lines.rows[row + 1]
                        } else {
                            lines.cols[col + 1]
                        };
                        if covered {
                            hidden.push((a, b, is_gap, margin));
                        } else {
                            margins.push(margin);
                            if !is_gap {
                                joins.push((a, b));
                            }
                        }
                    }
                    CellKind::Empty | CellKind::Silver => {}
                }
            }
        }
    }
    joins.extend(resolve(kinds, &joins, &hidden));
    let mut parent: Vec<usize> = (0..SIDE * SIDE).collect();
    for &(a, b) in &joins {
        unite(&mut parent, a, b);
    }
    (groups_of(&mut parent, kinds), margins)
}

fn root(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

fn unite(parent: &mut [usize], a: usize, b: usize) {
    let (a, b) = (root(parent, a), root(parent, b));
    parent[a.max(b)] = a.min(b);
}

/// Most hidden boundaries decided at once (2^this cuts are tried).
const MAX_HIDDEN: usize = 16;

/// The hidden boundaries to join: of the choices whose wooden groups are all
/// straight and 2 or 3 cells long, the one that overrules the gap test
/// beside the lines least; the gap test alone when no choice is valid.
fn resolve(
    kinds: &[[CellKind; SIDE]; SIDE],
    joins: &[(usize, usize)],
    hidden: &[(usize, usize, bool, f32)],
) -> Vec<(usize, usize)> {
    let by_test = || {
        hidden
            .iter()
            .filter(|h| !h.2)
            .map(|h| (h.0, h.1))
            .collect::<Vec<_>>()
    };
    if hidden.is_empty() {
        return Vec::new();
    }
    // Decide each patch of cells joined by known or hidden boundaries apart.
    let mut patch: Vec<usize> = (0..SIDE * SIDE).collect();
    for &(a, b) in joins {
        unite(&mut patch, a, b);
    }
    for h in hidden {
        unite(&mut patch, h.0, h.1);
    }
    let mut out = Vec::new();
    let mut done = vec![false; hidden.len()];
    for i in 0..hidden.len() {
        if done[i] {
            continue;
        }
        let p = root(&mut patch, hidden[i].0);
        let mine: Vec<usize> = (0..hidden.len())
            .filter(|&j| root(&mut patch, hidden[j].0) == p)
            .collect();
        mine.iter().for_each(|&j| done[j] = true);
        let cells: Vec<usize> = (0..SIDE * SIDE)
            .filter(|&c| root(&mut patch, c) == p)
            .collect();
        if mine.len() > MAX_HIDDEN {
            out.extend(mine.iter().filter(|&&j| !hidden[j].2).map(|&j| (hidden[j].0, hidden[j].1)));
            continue;
        }
        let mut best: Option<(f32, u32)> = None;
        for choice in 0u32..1 << mine.len() {
            let cost: f32 = mine
                .iter()
                .enumerate()
                .filter(|&(bit, &j)| (choice >> bit & 1 == 1) == hidden[j].2)
                .map(|(_, &j)| hidden[j].3 + 0.01)
                .sum();
            if best.is_some_and(|(c, _)| c <= cost) {
                continue;
            }
            let mut parent: Vec<usize> = (0..SIDE * SIDE).collect();
            for &(a, b) in joins {
                unite(&mut parent, a, b);
            }
            for (bit, &j) in mine.iter().enumerate() {
                if choice >> bit & 1 == 1 {
                    unite(&mut parent, hidden[j].0, hidden[j].1);
                }
            }
            if valid(&mut parent, kinds, &cells) {
                best = Some((cost, choice));
            }
        }
        match best {
            Some((_, choice)) => out.extend(
                mine.iter()
                    .enumerate()
                    .filter(|&(bit, _)| choice >> bit & 1 == 1)
                    .map(|(_, &j)| (hidden[j].0, hidden[j].1)),
            ),
            None => {
                let all = by_test();
                out.extend(
                    mine.iter()
                        .map(|&j| (hidden[j].0, hidden[j].1))
                        .filter(|e| all.contains(e)),
                )
            }
        }
    }
    out
}

/// Whether the groups of `cells` are straight wooden blocks 2 or 3 cells long.
fn valid(parent: &mut [usize], kinds: &[[CellKind; SIDE]; SIDE], cells: &[usize]) -> bool {
    let mut roots: Vec<usize> = cells.iter().map(|&c| root(parent, c)).collect();
    roots.sort_unstable();
    roots.dedup();
    roots.into_iter().all(|r| {
        let members: Vec<usize> = cells.iter().copied().filter(|&c| root(parent, c) == r).collect();
        let rows = members.iter().map(|c| c / SIDE);
        let cols = members.iter().map(|c| c % SIDE);
        let h = rows.clone().max().unwrap_or(0) + 1 - rows.min().unwrap_or(0);
        let w = cols.clone().max().unwrap_or(0) + 1 - cols.min().unwrap_or(0);
        let wood = kinds[members[0] / SIDE][members[0] % SIDE] == CellKind::Wood;
        members.len() == h * w && (h == 1 || w == 1) && (!wood || (2..=3).contains(&members.len()))
    })
}

/// The groups of cells under `parent`, in order of their first cell.
fn groups_of(parent: &mut [usize], kinds: &[[CellKind; SIDE]; SIDE]) -> Vec<Group> {
    let mut groups: Vec<(usize, Vec<usize>)> = Vec::new();
    for i in 0..SIDE * SIDE {
        if kinds[i / SIDE][i % SIDE] == CellKind::Empty {
            continue;
        }
        let r = root(parent, i);
        match groups.iter_mut().find(|(g, _)| *g == r) {
            Some((_, cells)) => cells.push(i),
            None => groups.push((r, vec![i])),
        }
    }
    groups
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
        .collect()
}
