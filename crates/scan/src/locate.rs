//! Finding the board: the largest patch of dark floor (the floor shows
//! between all pieces, so it is one patch or a few touching ones), trimmed of
//! the exit notch, and then the 6×6 lattice of cells that best fits its dark
//! gaps.

use crate::raster::{Raster, Tone};
use crate::ScanError;

/// Cells per side of an Unblock Me board.
pub const SIDE: usize = 6;

/// The smallest board accepted, in working pixels per cell.
const MIN_PITCH: f32 = 10.0;

/// The cell lattice: cell (row, col) spans `x0 + col·pitch .. x0 + (col+1)·pitch`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Grid {
    pub x0: f32,
    pub y0: f32,
    pub pitch: f32,
    /// How well the lattice matched the gaps (0 to 1).
    pub fit: f32,
}

impl Grid {
    pub fn x(&self, col: f32) -> f32 {
        self.x0 + col * self.pitch
    }
    pub fn y(&self, row: f32) -> f32 {
        self.y0 + row * self.pitch
    }
}

/// The dark floor area taken for the board, in working pixels (inclusive).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Well {
    pub x0: usize,
    pub y0: usize,
    pub x1: usize,
    pub y1: usize,
}

/// Finds the floor area most likely to be the board: among the floor
/// pixels, or with `ink` among the floor and near-black pixels (black lines
/// drawn over a board cut its floor into cell-sized patches).
pub fn find_well(raster: &Raster, ink: bool) -> Result<Well, ScanError> {
    let (width, height) = (raster.width, raster.height);
    let mask: Vec<bool> = (0..width * height)
        .map(|i| {
            let (x, y) = (i % width, i / width);
            if ink {
                raster.dark_at(x, y)
            } else {
                raster.tone_at(x, y) == Tone::Floor
            }
        })
        .collect();
    let (labels, components) = floor_components(&mask, width, height);
    let min_side = (MIN_PITCH * SIDE as f32) as usize;
    let mut seeds: Vec<usize> = (0..components.len())
        .filter(|&i| components[i].pixels >= min_side * min_side / 8)
        .collect();
    seeds.sort_by_key(|&i| std::cmp::Reverse(components[i].pixels));
    seeds.truncate(8);
    let integral = Integral::new(&mask, width, height);
    let mut taken = vec![false; components.len()];
    let mut best: Option<(u32, Well)> = None;
    for seed in seeds {
        if taken[seed] {
            continue;
        }
        // Merge the patches that overlap this one (the floor may be cut in
        // places where pieces nearly touch).
        let mut well = components[seed].bounds;
        let mut merged = vec![false; components.len()];
        merged[seed] = true;
        let mut grown = true;
        while grown {
            grown = false;
            for (j, d) in components.iter().enumerate() {
                if !merged[j] && d.pixels > 2 && overlaps(&well, &d.bounds) {
                    merged[j] = true;
                    well = union(&well, &d.bounds);
                    grown = true;
                }
            }
        }
        taken.iter_mut().zip(&merged).for_each(|(t, &m)| *t |= m);
        let trimmed = trim(well, |x, y| {
            let label = labels[y * width + x];
            label != 0 && merged[label as usize - 1]
        });
        // Thin dark lines (wood grain, outlines of panels and buttons) may
        // join the board's floor to other dark areas: then look inside for
        // the square whose edge is floor within and frame without.
        let found = if is_square(&trimmed, min_side) {
            Some(trimmed)
        } else {
            framed_square(&integral, &well, min_side)
        };
        if let Some(found) = found {
            let pixels = integral.sum(found.x0, found.y0, found.x1 + 1, found.y1 + 1);
            if best.is_none_or(|(n, _)| pixels > n) {
                best = Some((pixels, found));
            }
        }
    }
    best.map(|(_, w)| w).ok_or_else(|| {
        ScanError::NoBoard(
            "no dark board floor framed by wood (a square area of at least 6×6 cells)".into(),
        )
    })
}

fn is_square(well: &Well, min_side: usize) -> bool {
    let (w, h) = (well.x1 + 1 - well.x0, well.y1 + 1 - well.y0);
    w.min(h) >= min_side && w.min(h) * 100 >= w.max(h) * 94
}

/// Counts of floor pixels in rectangles, in constant time.
struct Integral {
    width: usize,
    height: usize,
    sums: Vec<u32>,
}

impl Integral {
    fn new(mask: &[bool], width: usize, height: usize) -> Integral {
        let mut sums = vec![0u32; (width + 1) * (height + 1)];
        for y in 0..height {
            let mut row = 0;
            for x in 0..width {
                row += u32::from(mask[y * width + x]);
                sums[(y + 1) * (width + 1) + x + 1] = sums[y * (width + 1) + x + 1] + row;
            }
        }
        Integral {
            width,
            height,
            sums,
        }
    }

    /// Floor pixels in `x0..x1` × `y0..y1`.
    fn sum(&self, x0: usize, y0: usize, x1: usize, y1: usize) -> u32 {
        let at = |x: usize, y: usize| self.sums[y * (self.width + 1) + x];
        at(x1, y1) + at(x0, y0) - at(x0, y1) - at(x1, y0)
    }

    /// Floor share of the band between a square and the same square grown
    /// by `grow` (negative: shrunk) on every side, within the picture.
    fn ring_share(&self, x: usize, y: usize, side: usize, grow: isize) -> f32 {
        let (w, h) = (self.width as isize, self.height as isize);
        let rect = |x0: isize, y0: isize, x1: isize, y1: isize| {
            let (x0, x1) = (x0.clamp(0, w) as usize, x1.clamp(0, w) as usize);
            let (y0, y1) = (y0.clamp(0, h) as usize, y1.clamp(0, h) as usize);
            (self.sum(x0, y0, x1, y1), ((x1 - x0) * (y1 - y0)) as u32)
        };
        let (x, y, side) = (x as isize, y as isize, side as isize);
        let square = rect(x, y, x + side, y + side);
        let other = rect(x - grow, y - grow, x + side + grow, y + side + grow);
        let (outer, inner) = if grow > 0 {
            (other, square)
        } else {
            (square, other)
        };
        let pixels = outer.1 - inner.1;
        if pixels == 0 {
            0.0
        } else {
            (outer.0 - inner.0) as f32 / pixels as f32
        }
    }
}

/// The square within `region` whose inner edge (the floor margin around the
/// pieces) is most floor and whose outer edge (the frame) least.
fn framed_square(integral: &Integral, region: &Well, min_side: usize) -> Option<Well> {
    let (rw, rh) = (region.x1 + 1 - region.x0, region.y1 + 1 - region.y0);
    let max_side = rw.min(rh);
    // (score, x, y, side) of the best square so far.
    let mut best: Option<(f32, usize, usize, usize)> = None;
    let consider =
        |best: &mut Option<(f32, usize, usize, usize)>, x: usize, y: usize, side: usize| {
            if side < min_side || x + side > integral.width || y + side > integral.height {
                return;
            }
            let t = (side / 120).max(1) as isize;
            let inside = integral.ring_share(x, y, side, -t);
            let outside = integral.ring_share(x, y, side, 2 * t);
            let score = inside - outside;
            if inside >= 0.5 && score > best.map_or(0.4, |b| b.0) {
                *best = Some((score, x, y, side));
            }
        };
    // The edges are thin, so every position is tried; sides every other pixel.
    for side in (min_side.max(max_side * 6 / 10)..=max_side).step_by(2) {
        for y in region.y0..=region.y1 + 1 - side {
            for x in region.x0..=region.x1 + 1 - side {
                consider(&mut best, x, y, side);
            }
        }
    }
    let (_, bx, by, bs) = best?;
    for side in [bs - 1, bs + 1] {
        for y in by.saturating_sub(1)..=by + 1 {
            for x in bx.saturating_sub(1)..=bx + 1 {
                consider(&mut best, x, y, side);
            }
        }
    }
    let (_, x, y, side) = best?;
    Some(Well {
        x0: x,
        y0: y,
        x1: x + side - 1,
        y1: y + side - 1,
    })
}

/// Shrinks the bounds past outer columns and rows whose floor spans less
/// than half the board: the exit notch (floor one cell long, beyond the
/// frame's edge) and stray dark pixels. Inside the board every line has
/// floor near both ends, in the margin between the pieces and the frame.
fn trim(mut well: Well, is_floor: impl Fn(usize, usize) -> bool) -> Well {
    for _ in 0..2 {
        let spread = |x: usize| {
            let mut ys = (well.y0..=well.y1).filter(|&y| is_floor(x, y));
            let first = ys.next();
            let last = ys.next_back().or(first);
            first.zip(last).map_or(0, |(a, b)| b + 1 - a) * 2 > well.y1 + 1 - well.y0
        };
        while well.x0 < well.x1 && !spread(well.x0) {
            well.x0 += 1;
        }
        while well.x1 > well.x0 && !spread(well.x1) {
            well.x1 -= 1;
        }
        let spread = |y: usize| {
            let mut xs = (well.x0..=well.x1).filter(|&x| is_floor(x, y));
            let first = xs.next();
            let last = xs.next_back().or(first);
            first.zip(last).map_or(0, |(a, b)| b + 1 - a) * 2 > well.x1 + 1 - well.x0
        };
        while well.y0 < well.y1 && !spread(well.y0) {
            well.y0 += 1;
        }
        while well.y1 > well.y0 && !spread(well.y1) {
            well.y1 -= 1;
        }
    }
    well
}

fn overlaps(a: &Well, b: &Well) -> bool {
    a.x0 <= b.x1 && b.x0 <= a.x1 && a.y0 <= b.y1 && b.y0 <= a.y1
}

fn union(a: &Well, b: &Well) -> Well {
    Well {
        x0: a.x0.min(b.x0),
        y0: a.y0.min(b.y0),
        x1: a.x1.max(b.x1),
        y1: a.y1.max(b.y1),
    }
}

struct Patch {
    pixels: usize,
    bounds: Well,
}

/// 4-connected patches of floor pixels, and the patch of each pixel
/// (1-based; 0 for pixels that are not floor).
fn floor_components(mask: &[bool], w: usize, h: usize) -> (Vec<u32>, Vec<Patch>) {
    let mut seen = vec![0u32; w * h];
    let mut stack = Vec::new();
    let mut out = Vec::new();
    for start in 0..w * h {
        if seen[start] != 0 || !mask[start] {
            continue;
        }
        let label = out.len() as u32 + 1;
        seen[start] = label;
        stack.push(start);
        let (sx, sy) = (start % w, start / w);
        let mut c = Patch {
            pixels: 0,
            bounds: Well {
                x0: sx,
                y0: sy,
                x1: sx,
                y1: sy,
            },
        };
        while let Some(i) = stack.pop() {
            let (x, y) = (i % w, i / w);
            c.pixels += 1;
            c.bounds = union(
                &c.bounds,
                &Well {
                    x0: x,
                    y0: y,
                    x1: x,
                    y1: y,
                },
            );
            let mut visit = |j: usize| {
                if seen[j] == 0 && mask[j] {
                    seen[j] = label;
                    stack.push(j);
                }
            };
            if x > 0 {
                visit(i - 1);
            }
            if x + 1 < w {
                visit(i + 1);
            }
            if y > 0 {
                visit(i - w);
            }
            if y + 1 < h {
                visit(i + w);
            }
        }
        out.push(c);
    }
    (seen, out)
}

/// Fits the 6×6 lattice to the well: one pitch for both axes, and for each
/// axis the offset whose lines fall on dark gaps and whose cell middles do not.
pub fn fit_grid(raster: &Raster, well: &Well) -> Result<Grid, ScanError> {
    let (w, h) = (
        (well.x1 + 1 - well.x0) as f32,
        (well.y1 + 1 - well.y0) as f32,
    );
    let size = w.max(h);
    let cols = darkness_profile(raster, well, true);
    let rows = darkness_profile(raster, well, false);
    let mut best: Option<(f32, Grid)> = None;
    let lo = size / (SIDE as f32 + 0.35);
    let hi = size / (SIDE as f32 - 0.2);
    let mut pitch = lo;
    while pitch <= hi {
        let (sx, ox) = best_offset(&cols, well.x0 as f32, w, pitch);
        let (sy, oy) = best_offset(&rows, well.y0 as f32, h, pitch);
        let score = sx + sy;
        if best.is_none_or(|(s, _)| score > s) {
            best = Some((
                score,
                Grid {
                    x0: ox,
                    y0: oy,
                    pitch,
                    fit: (score / 2.0).clamp(0.0, 1.0),
                },
            ));
        }
        pitch += 0.1;
    }
    best.map(|(_, g)| g)
        .filter(|grid| grid.pitch >= MIN_PITCH)
        .ok_or_else(|| ScanError::NoBoard("the board is too small to hold 6×6 cells".into()))
}

/// Share of floor pixels in each column (or row) of the well, lightly smoothed.
fn darkness_profile(raster: &Raster, well: &Well, columns: bool) -> Vec<f32> {
    let (along, across) = if columns {
        (well.x0..=well.x1, well.y0..=well.y1)
    } else {
        (well.y0..=well.y1, well.x0..=well.x1)
    };
    let n = across.clone().count() as f32;
    let raw: Vec<f32> = along
        .map(|a| {
            across
                .clone()
                .filter(|&b| {
                    let (x, y) = if columns { (a, b) } else { (b, a) };
                    raster.dark_at(x, y)
                })
                .count() as f32
                / n
        })
        .collect();
    (0..raw.len())
        .map(|i| {
            let prev = raw[i.saturating_sub(1)];
            let next = raw[(i + 1).min(raw.len() - 1)];
            (prev + 2.0 * raw[i] + next) / 4.0
        })
        .collect()
}

/// The offset (in working pixels) of the best lattice along one axis with
/// this pitch, and its score: mean darkness on the 7 lines minus on the 6
/// cell middles.
fn best_offset(profile: &[f32], start: f32, length: f32, pitch: f32) -> (f32, f32) {
    let sample = |pos: f32| -> f32 {
        let p = pos - start;
        let p = p.clamp(0.0, (profile.len() - 1) as f32);
        let i = p.floor() as usize;
        let t = p - i as f32;
        let j = (i + 1).min(profile.len() - 1);
        profile[i] * (1.0 - t) + profile[j] * t
    };
    let slack = length - pitch * SIDE as f32;
    let mut best = (f32::MIN, start);
    let mut offset = start + slack.min(0.0) - pitch * 0.1;
    let end = start + slack.max(0.0) + pitch * 0.1;
    while offset <= end {
        let lines: f32 = (0..=SIDE)
            .map(|i| sample(offset + i as f32 * pitch))
            .sum::<f32>()
            / (SIDE + 1) as f32;
        let middles: f32 = (0..SIDE)
            .map(|i| sample(offset + (i as f32 + 0.5) * pitch))
            .sum::<f32>()
            / SIDE as f32;
        let score = lines - middles;
        if score > best.0 {
            best = (score, offset);
        }
        offset += 0.25;
    }
    best
}
