//! The debug picture: what the scanner found, drawn over the screenshot.

use crate::cells::CellKind;
use crate::font::glyph;
use crate::locate::SIDE;
use crate::Reading;
use image::{ImageFormat, Rgb, RgbImage};
use std::io::Cursor;
use unblocker_model::{label_of, Side};

const WELL: Rgb<u8> = Rgb([0, 120, 255]);
const LATTICE: Rgb<u8> = Rgb([0, 230, 230]);
const WOOD: Rgb<u8> = Rgb([0, 220, 0]);
const PRISONER: Rgb<u8> = Rgb([255, 0, 255]);
const SILVER: Rgb<u8> = Rgb([160, 160, 160]);
const EXIT: Rgb<u8> = Rgb([255, 230, 0]);
const INK: Rgb<u8> = Rgb([0, 0, 0]);
const PAPER: Rgb<u8> = Rgb([255, 255, 255]);

/// Draws `reading` (in working pixels, `scale` picture pixels each) over
/// `picture` and encodes it as PNG.
pub fn draw(mut picture: RgbImage, scale: f32, reading: &Reading) -> Vec<u8> {
    let line = (picture.width().max(picture.height()) / 400).max(1) as i64;
    let px = |v: f32| (v * scale).round() as i64;
    if let Some(w) = reading.well {
        let (x0, y0) = (px(w.x0 as f32), px(w.y0 as f32));
        let (x1, y1) = (px(w.x1 as f32 + 1.0), px(w.y1 as f32 + 1.0));
        outline(
            &mut picture,
            x0 - line,
            y0 - line,
            x1 + line,
            y1 + line,
            line,
            WELL,
        );
    }
    let Some(grid) = reading.grid else {
        return encode(picture);
    };
    let s = SIDE as f32;
    for i in 0..=SIDE {
        let i = i as f32;
        fill(
            &mut picture,
            px(grid.x(i)),
            px(grid.y(0.0)),
            px(grid.x(i)) + 1,
            px(grid.y(s)),
            LATTICE,
        );
        fill(
            &mut picture,
            px(grid.x(0.0)),
            px(grid.y(i)),
            px(grid.x(s)),
            px(grid.y(i)) + 1,
            LATTICE,
        );
    }
    let mut next_label = 1;
    let unit = ((grid.pitch * scale) / 14.0).max(1.0) as i64;
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
        outline(&mut picture, x0, y0, x1, y1, (line * 2).max(2), colour);
        let (lx, ly) = (x0 + 3 * unit, y0 + 3 * unit);
        fill(
            &mut picture,
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
                    fill(&mut picture, gx, gy, gx + unit, gy + unit, INK);
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
            outline(&mut picture, x0, y0, x1, y1, line * 2, EXIT);
        } else {
            fill(&mut picture, x0, y0, x1, y1, EXIT);
        }
    }
    encode(picture)
}

fn encode(picture: RgbImage) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    picture
        .write_to(&mut out, ImageFormat::Png)
        .expect("writing a PNG to memory cannot fail");
    out.into_inner()
}

/// Fills the rectangle `x0..x1` × `y0..y1`, clipped to the picture.
fn fill(picture: &mut RgbImage, x0: i64, y0: i64, x1: i64, y1: i64, colour: Rgb<u8>) {
    let (w, h) = (i64::from(picture.width()), i64::from(picture.height()));
    for y in y0.clamp(0, h)..y1.clamp(0, h) {
        for x in x0.clamp(0, w)..x1.clamp(0, w) {
            picture.put_pixel(x as u32, y as u32, colour);
        }
    }
}

/// A rectangle's outline, `thickness` pixels wide inside its edges.
fn outline(
    picture: &mut RgbImage,
    x0: i64,
    y0: i64,
    x1: i64,
    y1: i64,
    thickness: i64,
    colour: Rgb<u8>,
) {
    fill(picture, x0, y0, x1, y0 + thickness, colour);
    fill(picture, x0, y1 - thickness, x1, y1, colour);
    fill(picture, x0, y0, x0 + thickness, y1, colour);
    fill(picture, x1 - thickness, y0, x1, y1, colour);
}
