//! A small renderer of realistic synthetic Unblock Me screenshots: a status
//! bar, a wood frame with grain, a dark panel, the board's dark floor, the
//! exit notch with its arrows on any side and row, wooden blocks with grain,
//! bevels and shadows, the red prisoner, silver bolted fixed blocks, buttons
//! and a navigation bar. Boards are random but valid, with any exit.

use super::Rng;
use image::{Rgb, RgbImage};
use unblocker_model::{Board, Exit, Goal, Piece, Side};

/// The colours of a wood theme.
#[derive(Clone, Copy)]
pub struct Theme {
    pub frame: [u8; 3],
    pub floor: [u8; 3],
    pub wood: [u8; 3],
    pub red: [u8; 3],
}

/// Orange "Original", light maple and red-brown.
pub const THEMES: [Theme; 3] = [
    Theme {
        frame: [190, 140, 60],
        floor: [96, 64, 26],
        wood: [228, 122, 22],
        red: [214, 22, 12],
    },
    Theme {
        frame: [205, 165, 95],
        floor: [102, 70, 32],
        wood: [236, 196, 142],
        red: [222, 30, 26],
    },
    Theme {
        frame: [172, 104, 62],
        floor: [82, 48, 26],
        wood: [204, 98, 56],
        red: [200, 16, 16],
    },
];

/// A random valid 6×6 board with this exit: the prisoner on the exit's
/// line, at least one fixed block, and cars wherever they fit.
pub fn board_with_exit(exit: Exit, seed: u64) -> Board {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let offset = rng.below(5) as u8;
    let target = match exit.side {
        Side::Left | Side::Right => Piece::car(exit.index, offset, 2, true),
        Side::Top | Side::Bottom => Piece::car(offset, exit.index, 2, false),
    };
    let mut taken = [[false; 6]; 6];
    let mark = |p: &Piece, taken: &mut [[bool; 6]; 6]| -> bool {
        let cells: Vec<_> = p.cells().collect();
        if cells
            .iter()
            .any(|&(r, c)| r >= 6 || c >= 6 || taken[r as usize][c as usize])
        {
            return false;
        }
        cells
            .iter()
            .for_each(|&(r, c)| taken[r as usize][c as usize] = true);
        true
    };
    mark(&target, &mut taken);
    let mut walls = Vec::new();
    let mut cars = Vec::new();
    for attempt in 0..60 {
        let (row, col) = (rng.below(6) as u8, rng.below(6) as u8);
        if attempt < 3 || rng.below(8) == 0 {
            if walls.len() < 3 && mark(&Piece::car(row, col, 1, true), &mut taken) {
                walls.push((row, col));
            }
        } else if cars.len() < 9 {
            let car = Piece::car(row, col, 2 + (rng.below(3) == 0) as u8, rng.below(2) == 0);
            if mark(&car, &mut taken) {
                cars.push(car);
            }
        }
    }
    let mut pieces = vec![target];
    pieces.extend(cars);
    Board::new(6, 6, pieces, walls, Goal::Exit(exit)).expect("a valid generated board")
}

fn shade(c: [u8; 3], f: f32) -> Rgb<u8> {
    Rgb(c.map(|v| (v as f32 * f).clamp(0.0, 255.0) as u8))
}

/// Pseudo-random texture value in -1..1 for a pixel.
fn noise(x: u32, y: u32, seed: u32) -> f32 {
    let mut h = x.wrapping_mul(374_761_393)
        ^ y.wrapping_mul(668_265_263)
        ^ seed.wrapping_mul(2_246_822_519);
    h = (h ^ (h >> 13)).wrapping_mul(1_274_126_177);
    ((h >> 8) & 0xffff) as f32 / 32768.0 - 1.0
}

fn fill(
    img: &mut RgbImage,
    x0: f32,
    y0: f32,
    x1: f32,
    y1: f32,
    mut colour: impl FnMut(u32, u32) -> Rgb<u8>,
) {
    let (w, h) = (img.width() as f32, img.height() as f32);
    for y in y0.max(0.0).round() as u32..y1.min(h).round() as u32 {
        for x in x0.max(0.0).round() as u32..x1.min(w).round() as u32 {
            img.put_pixel(x, y, colour(x, y));
        }
    }
}

/// How a block's wood looks: its colour, its grain's direction, the floor
/// its shadow falls on, and the seed of its noise.
struct Wood {
    base: [u8; 3],
    grain_along_x: bool,
    floor: [u8; 3],
    seed: u32,
}

/// A block from `(x0, y0)` to `(x1, y1)` with grain along its length, a
/// lighter top-left and a darker bottom-right bevel, and a shadow on the
/// floor below it.
fn block(img: &mut RgbImage, (x0, y0, x1, y1): (f32, f32, f32, f32), wood: Wood) {
    let Wood {
        base,
        grain_along_x,
        floor,
        seed,
    } = wood;
    let p = (x1 - x0).min(y1 - y0);
    let s = p * 0.06;
    fill(img, x0 + s, y0 + s * 1.5, x1 + s, y1 + s * 1.5, |_, _| {
        shade(floor, 0.55)
    });
    let bevel = (p * 0.07).max(1.0);
    fill(img, x0, y0, x1, y1, |x, y| {
        let (fx, fy) = (x as f32, y as f32);
        let across = if grain_along_x { fy } else { fx };
        let mut f = 1.0 + 0.07 * (across * 0.9 + seed as f32).sin() + 0.04 * noise(x, y, seed);
        if fy < y0 + bevel || fx < x0 + bevel {
            f *= 1.18;
        } else if fy >= y1 - bevel || fx >= x1 - bevel {
            f *= 0.78;
        }
        shade(base, f)
    });
}

/// Where the rendered board's cells are: top-left corner and pitch.
pub struct Layout {
    pub x0: f32,
    pub y0: f32,
    pub pitch: f32,
}

/// Renders `board` as a phone screenshot of `width`×`height` pixels.
pub fn render(
    board: &Board,
    width: u32,
    height: u32,
    theme: &Theme,
    seed: u32,
) -> (RgbImage, Layout) {
    let mut img = RgbImage::new(width, height);
    let (w, h) = (width as f32, height as f32);
    let pitch = (w * 0.92 / 6.6).min(h * 0.55 / 6.6);
    let (frame, margin) = (pitch * 0.22, pitch * 0.07);
    let outer = 6.0 * pitch + 2.0 * (margin + frame);
    let bx = (w - outer) / 2.0;
    let status = h * 0.035;
    let by = status + h * 0.2;
    // Wood background with vertical grain.
    fill(&mut img, 0.0, 0.0, w, h, |x, y| {
        shade(
            theme.frame,
            1.0 + 0.08 * (x as f32 * 0.35).sin() * (y as f32 * 0.01).cos()
                + 0.04 * noise(x, y, seed),
        )
    });
    // Status bar with some "text".
    fill(&mut img, 0.0, 0.0, w, status, |_, _| Rgb([8, 8, 8]));
    for i in 0..5 {
        let x = w * (0.05 + 0.2 * i as f32);
        fill(
            &mut img,
            x,
            status * 0.3,
            x + w * 0.06,
            status * 0.7,
            |_, _| Rgb([235, 235, 235]),
        );
    }
    // The puzzle panel: dark with white digits.
    fill(
        &mut img,
        bx,
        status + h * 0.03,
        bx + outer,
        by - h * 0.03,
        |_, _| shade(theme.floor, 0.95),
    );
    fill(
        &mut img,
        w * 0.42,
        status + h * 0.07,
        w * 0.58,
        status + h * 0.12,
        |_, _| Rgb([250, 250, 250]),
    );
    // The well and the exit notch.
    let (wx, wy) = (bx + frame, by + frame);
    let well = 6.0 * pitch + 2.0 * margin;
    fill(&mut img, wx, wy, wx + well, wy + well, |x, y| {
        shade(theme.floor, 1.0 + 0.03 * noise(x, y, seed))
    });
    let (cx0, cy0) = (wx + margin, wy + margin);
    if let Goal::Exit(exit) = board.goal() {
        let i = exit.index as f32;
        let (nx0, ny0, nx1, ny1) = match exit.side {
            Side::Right => (
                wx + well - 1.0,
                cy0 + (i + 0.1) * pitch,
                wx + well + frame,
                cy0 + (i + 0.9) * pitch,
            ),
            Side::Left => (
                bx,
                cy0 + (i + 0.1) * pitch,
                wx + 1.0,
                cy0 + (i + 0.9) * pitch,
            ),
            Side::Bottom => (
                cx0 + (i + 0.1) * pitch,
                wy + well - 1.0,
                cx0 + (i + 0.9) * pitch,
                wy + well + frame,
            ),
            Side::Top => (
                cx0 + (i + 0.1) * pitch,
                by,
                cx0 + (i + 0.9) * pitch,
                wy + 1.0,
            ),
        };
        fill(&mut img, nx0, ny0, nx1, ny1, |x, y| {
            // Three lighter arrow marks across the notch.
            let along = if exit.side.is_horizontal() {
                (y as f32 - ny0) / (ny1 - ny0)
            } else {
                (x as f32 - nx0) / (nx1 - nx0)
            };
            let mark = (along * 3.0).fract() < 0.45;
            shade(theme.floor, if mark { 1.35 } else { 1.0 })
        });
    }
    // Pieces, walls.
    let gap = pitch * 0.045;
    for (i, p) in board.pieces().iter().enumerate() {
        let (x0, y0) = (
            cx0 + p.col as f32 * pitch + gap,
            cy0 + p.row as f32 * pitch + gap,
        );
        let (x1, y1) = (
            x0 + p.width as f32 * pitch - 2.0 * gap,
            y0 + p.height as f32 * pitch - 2.0 * gap,
        );
        let base = if i == 0 { theme.red } else { theme.wood };
        let wood = Wood {
            base,
            grain_along_x: p.width > 1,
            floor: theme.floor,
            seed: seed + i as u32,
        };
        block(&mut img, (x0, y0, x1, y1), wood);
    }
    for &(r, c) in board.walls() {
        let (x0, y0) = (cx0 + c as f32 * pitch + gap, cy0 + r as f32 * pitch + gap);
        let (x1, y1) = (x0 + pitch - 2.0 * gap, y0 + pitch - 2.0 * gap);
        let wood = Wood {
            base: [186, 186, 192],
            grain_along_x: true,
            floor: theme.floor,
            seed,
        };
        block(&mut img, (x0, y0, x1, y1), wood);
        for (bx, by) in [(0.2, 0.2), (0.7, 0.2), (0.2, 0.7), (0.7, 0.7)] {
            let (px, py) = (x0 + bx * (x1 - x0), y0 + by * (y1 - y0));
            fill(
                &mut img,
                px,
                py,
                px + pitch * 0.1,
                py + pitch * 0.1,
                |_, _| Rgb([96, 96, 102]),
            );
        }
    }
    // Buttons below the board and a navigation bar.
    let below = by + outer + h * 0.02;
    for i in 0..4 {
        let x = bx + outer * (0.03 + 0.25 * i as f32);
        fill(
            &mut img,
            x,
            below,
            x + outer * 0.19,
            below + h * 0.05,
            |_, _| shade(theme.floor, 1.1),
        );
    }
    fill(&mut img, 0.0, h * 0.95, w, h, |_, _| Rgb([0, 0, 0]));
    (
        img,
        Layout {
            x0: cx0,
            y0: cy0,
            pitch,
        },
    )
}
