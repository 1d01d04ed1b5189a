//! Marks drawn over a screenshot the way people annotate the ones they
//! share: black lines along the cell borders and large digits over cells.

use image::{Rgb, RgbImage};
use unblocker_scan::Bounds;

const INK: Rgb<u8> = Rgb([0, 0, 0]);

/// What to draw over the board.
#[derive(Clone, Copy, Debug)]
pub struct Marks {
    /// Width of the grid lines in pixels (0: none).
    pub line: u32,
    /// Stroke of the digits in pixels (0: none).
    pub digits: u32,
}

/// Draws `marks` over the 6×6 cells at `board` (in `picture`'s pixels).
pub fn annotate(picture: &mut RgbImage, board: Bounds, marks: Marks) {
    let pitch = board.width as f32 / 6.0;
    let at = |origin: u32, k: f32| origin as f32 + k * pitch;
    if marks.line > 0 {
        let half = marks.line as f32 / 2.0;
        let (x_end, y_end) = (at(board.x, 6.0), at(board.y, 6.0));
        for k in 0..=6 {
            let x = at(board.x, k as f32);
            fill(picture, x - half, at(board.y, 0.0), x + half, y_end);
            let y = at(board.y, k as f32);
            fill(picture, at(board.x, 0.0), y - half, x_end, y + half);
        }
    }
    if marks.digits > 0 {
        for row in 0..6 {
            for col in 0..6 {
                let (cx, cy) = (at(board.x, col as f32 + 0.5), at(board.y, row as f32 + 0.5));
                digit(
                    picture,
                    (row * 6 + col + 1) % 10,
                    cx,
                    cy,
                    pitch * 0.6,
                    marks.digits as f32,
                );
            }
        }
    }
}

/// Fills a rectangle with ink, clipped to the picture.
fn fill(picture: &mut RgbImage, x0: f32, y0: f32, x1: f32, y1: f32) {
    let clip = |v: f32, max: u32| v.round().clamp(0.0, max as f32) as u32;
    for y in clip(y0, picture.height())..clip(y1, picture.height()) {
        for x in clip(x0, picture.width())..clip(x1, picture.width()) {
            picture.put_pixel(x, y, INK);
        }
    }
}

/// The seven segments lit for each digit: top, upper left, upper right,
/// middle, lower left, lower right, bottom.
const SEGMENTS: [[bool; 7]; 10] = [
    [true, true, true, false, true, true, true],
    [false, false, true, false, false, true, false],
    [true, false, true, true, true, false, true],
    [true, false, true, true, false, true, true],
    [false, true, true, true, false, true, false],
    [true, true, false, true, false, true, true],
    [true, true, false, true, true, true, true],
    [true, false, true, false, false, true, false],
    [true, true, true, true, true, true, true],
    [true, true, true, true, false, true, true],
];

/// A seven-segment digit `height` tall centred on (cx, cy), with strokes
/// `stroke` wide.
fn digit(picture: &mut RgbImage, n: usize, cx: f32, cy: f32, height: f32, stroke: f32) {
    let (w, h) = (height * 0.55, height);
    let (left, right, top, bottom) = (cx - w / 2.0, cx + w / 2.0, cy - h / 2.0, cy + h / 2.0);
    let s = stroke;
    let across = |y: f32| (left, y - s / 2.0, right, y + s / 2.0);
    let down = |x: f32, y0: f32, y1: f32| (x - s / 2.0, y0, x + s / 2.0, y1);
    let segments = [
        across(top),
        down(left, top, cy),
        down(right, top, cy),
        across(cy),
        down(left, cy, bottom),
        down(right, cy, bottom),
        across(bottom),
    ];
    for (lit, (x0, y0, x1, y1)) in SEGMENTS[n].iter().zip(segments) {
        if *lit {
            fill(picture, x0, y0, x1, y1);
        }
    }
}
