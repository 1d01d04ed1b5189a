//! The debug picture: what the scanner found, drawn over the screenshot's
//! pixels (RGB or RGBA).

use crate::cells::CellKind;
use crate::font::glyph;
use crate::locate::SIDE;
use crate::Reading;
use unblocker_model::{label_of, Side};

/// An opaque colour; an RGB picture takes its first three bytes.
type Colour = [u8; 4];

const WELL: Colour = [0, 120, 255, 255];
const LATTICE: Colour = [0, 230, 230, 255];
const WOOD: Colour = [0, 220, 0, 255];
const PRISONER: Colour = [255, 0, 255, 255];
const SILVER: Colour = [160, 160, 160, 255];
const EXIT: Colour = [255, 230, 0, 255];
const INK: Colour = [0, 0, 0, 255];
const PAPER: Colour = [255, 255, 255, 255];

/// Pixels to draw on: 8-bit samples, `channels` (3 or 4) a pixel, row by row.
pub struct Canvas<'a> {
    samples: &'a mut [u8],
    width: u32,
    height: u32,
    channels: usize,
}

impl<'a> Canvas<'a> {
    pub fn new(samples: &'a mut [u8], width: u32, height: u32, channels: usize) -> Canvas<'a> {
        assert_eq!(
            samples.len() as u64,
            u64::from(width) * u64::from(height) * channels as u64,
            "the samples to draw on fill the picture"
        );
        Canvas {
            samples,
            width,
            height,
            channels,
        }
    }
}

/// Draws `reading` (in working pixels, `reading.scale` picture pixels each)
/// over the picture.
pub fn draw(picture: &mut Canvas, reading: &Reading) {
    let line = (picture.width.max(picture.height) / 400).max(1) as i64;
    let px = |v: f32| (v * reading.scale).round() as i64;
    if let Some(w) = reading.well {
        let (x0, y0) = (px(w.x0 as f32), px(w.y0 as f32));
        let (x1, y1) = (px(w.x1 as f32 + 1.0), px(w.y1 as f32 + 1.0));
        outline(
            picture,
            x0 - line,
            y0 - line,
            x1 + line,
            y1 + line,
            line,
            WELL,
        );
    }
    let Some(grid) = reading.grid else {
        return;
    };
    let s = SIDE as f32;
    for i in 0..=SIDE {
        let i = i as f32;
        fill(
            picture,
            px(grid.x(i)),
            px(grid.y(0.0)),
            px(grid.x(i)) + 1,
            px(grid.y(s)),
            LATTICE,
        );
        fill(
            picture,
            px(grid.x(0.0)),
            px(grid.y(i)),
            px(grid.x(s)),
            px(grid.y(i)) + 1,
            LATTICE,
        );
    }
    let mut next_label = 1;
    let unit = ((grid.pitch * reading.scale) / 14.0).max(1.0) as i64;
    for g in &reading.groups {
        let (colour, label) = match g.kind {
            CellKind::Red => (PRISONER, 'A'),
            CellKind::Silver => (SILVER, 'x'),
            _ => {
                next_label += 1;
                (WOOD, label_of(next_label - 1))
            }
        };
        let inset = 0.08;
        let (x0, y0) = (
            px(grid.x(g.col as f32 + inset)),
            px(grid.y(g.row as f32 + inset)),
        );
        let (x1, y1) = (
            px(grid.x((g.col + g.width) as f32 - inset)),
            px(grid.y((g.row + g.height) as f32 - inset)),
        );
        outline(picture, x0, y0, x1, y1, (line * 2).max(2), colour);
        let (lx, ly) = (x0 + 3 * unit, y0 + 3 * unit);
        fill(
            picture,
            lx - unit,
            ly - unit,
            lx + 4 * unit,
            ly + 6 * unit,
            PAPER,
        );
        for (row, bits) in glyph(label).iter().enumerate() {
            for col in 0..3 {
                if bits & (0b100 >> col) != 0 {
                    let (gx, gy) = (lx + col * unit, ly + row as i64 * unit);
                    fill(picture, gx, gy, gx + unit, gy + unit, INK);
                }
            }
        }
    }
    if let Some((exit, assumed)) = reading.exit {
        let i = exit.index as f32;
        let (cx, cy) = match exit.side {
            Side::Right => (grid.x(s + 0.2), grid.y(i + 0.5)),
            Side::Left => (grid.x(-0.2), grid.y(i + 0.5)),
            Side::Bottom => (grid.x(i + 0.5), grid.y(s + 0.2)),
            Side::Top => (grid.x(i + 0.5), grid.y(-0.2)),
        };
        let r = px(grid.pitch * 0.15);
        let (x0, y0, x1, y1) = (px(cx) - r, px(cy) - r, px(cx) + r, px(cy) + r);
        if assumed {
            outline(picture, x0, y0, x1, y1, line * 2, EXIT);
        } else {
            fill(picture, x0, y0, x1, y1, EXIT);
        }
    }
}

/// Fills the rectangle `x0..x1` × `y0..y1`, clipped to the picture.
fn fill(picture: &mut Canvas, x0: i64, y0: i64, x1: i64, y1: i64, colour: Colour) {
    let (w, h) = (i64::from(picture.width), i64::from(picture.height));
    let (x0, x1) = (x0.clamp(0, w) as usize, x1.clamp(0, w) as usize);
    let channels = picture.channels;
    for y in y0.clamp(0, h)..y1.clamp(0, h) {
        let row = y as usize * w as usize;
        for x in x0..x1 {
            let at = (row + x) * channels;
            picture.samples[at..at + channels].copy_from_slice(&colour[..channels]);
        }
    }
}

/// A rectangle's outline, `thickness` pixels wide inside its edges.
fn outline(
    picture: &mut Canvas,
    x0: i64,
    y0: i64,
    x1: i64,
    y1: i64,
    thickness: i64,
    colour: Colour,
) {
    fill(picture, x0, y0, x1, y0 + thickness, colour);
    fill(picture, x0, y1 - thickness, x1, y1, colour);
    fill(picture, x0, y0, x0 + thickness, y1, colour);
    fill(picture, x1 - thickness, y0, x1, y1, colour);
}
