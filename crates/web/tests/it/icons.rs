//! The home-screen icons (`static/icon-192.png`, `static/icon-512.png`) are
//! drawn here from the page's palette: a 6×6 board with the red car in
//! front of its exit. The maskable icon (`static/icon-maskable-512.png`),
//! which a phone cuts to its own shape, is the same board on the frame's
//! wood, filling the whole square, the board inside the middle circle of
//! 80% that every such shape keeps. The test checks that the embedded
//! files are this drawing; `UNBLOCKER_WRITE_ICONS=1 cargo test -p
//! unblocker-web --test it icons` writes them again after a change.

use image::{Rgba, RgbaImage};
use std::path::PathBuf;

/// A rounded rectangle in units of the 32-unit icon: x, y, width, height, corner radius, colour.
type Shape = (f32, f32, f32, f32, f32, [u8; 3]);

/// The board's cells span 4..28 (six cells of 4 units); pieces are inset by 0.4.
fn cell_rect(row: f32, col: f32, rows: f32, cols: f32, colour: [u8; 3]) -> Shape {
    (
        4.0 + col * 4.0 + 0.4,
        4.0 + row * 4.0 + 0.4,
        cols * 4.0 - 0.8,
        rows * 4.0 - 0.8,
        1.0,
        colour,
    )
}

fn hex(colour: &str) -> [u8; 3] {
    let byte = |i: usize| u8::from_str_radix(&colour[i..i + 2], 16).unwrap();
    [byte(1), byte(3), byte(5)]
}

/// The drawing, back to front: frame, cells, the exit's gap, the pieces
/// (the target `#BE0032`, then the palette's next colours in order).
fn shapes() -> Vec<Shape> {
    vec![
        (1.0, 1.0, 30.0, 30.0, 6.0, hex("#8a5a2b")),
        (3.5, 3.5, 25.0, 25.0, 2.5, hex("#e8c99a")),
        (27.0, 12.5, 4.0, 7.0, 0.0, hex("#e8c99a")),
        cell_rect(2.0, 0.0, 1.0, 2.0, hex("#BE0032")),
        cell_rect(1.0, 2.0, 3.0, 1.0, hex("#F3C300")),
        cell_rect(0.0, 3.0, 1.0, 2.0, hex("#875692")),
        cell_rect(3.0, 4.0, 2.0, 1.0, hex("#F38400")),
        cell_rect(5.0, 0.0, 1.0, 3.0, hex("#A1CAF1")),
        cell_rect(1.0, 5.0, 2.0, 1.0, hex("#008856")),
    ]
}

fn inside(shape: &Shape, x: f32, y: f32) -> bool {
    let (left, top, width, height, radius, _) = *shape;
    if x < left || y < top || x > left + width || y > top + height {
        return false;
    }
    let dx = (left + radius - x)
        .max(x - (left + width - radius))
        .max(0.0);
    let dy = (top + radius - y).max(y - (top + height - radius)).max(0.0);
    dx * dx + dy * dy <= radius * radius
}

/// The maskable icon's side, in the units of [`shapes`]: the board (25
/// units square) and its exit fit the safe circle (a radius of 40% of the
/// side) around the middle.
const MASKABLE: f32 = 46.0;

/// The maskable drawing: the frame's wood over the whole square, then the
/// board and its pieces in the middle.
fn maskable_shapes() -> Vec<Shape> {
    let shift = MASKABLE / 2.0 - 16.0;
    let wood = shapes()[0].5;
    let mut drawn = vec![(0.0, 0.0, MASKABLE, MASKABLE, 0.0, wood)];
    drawn.extend(
        shapes()[1..]
            .iter()
            .map(|&(x, y, w, h, r, colour)| (x + shift, y + shift, w, h, r, colour)),
    );
    drawn
}

/// The icon of `shapes` on a square of `units`, at `size` pixels, each
/// pixel the average of 4×4 samples (transparent where no shape is).
fn render(shapes: &[Shape], units: f32, size: u32) -> RgbaImage {
    let scale = units / size as f32;
    RgbaImage::from_fn(size, size, |px, py| {
        let mut sum = [0u32; 4];
        for sy in 0..4 {
            for sx in 0..4 {
                let x = (px as f32 + (sx as f32 + 0.5) / 4.0) * scale;
                let y = (py as f32 + (sy as f32 + 0.5) / 4.0) * scale;
                if let Some(shape) = shapes.iter().rev().find(|s| inside(s, x, y)) {
                    for (total, channel) in sum.iter_mut().zip(shape.5) {
                        *total += u32::from(channel);
                    }
                    sum[3] += 255;
                }
            }
        }
        let covered = sum[3] / 255;
        if covered == 0 {
            return Rgba([0, 0, 0, 0]);
        }
        Rgba([
            (sum[0] / covered) as u8,
            (sum[1] / covered) as u8,
            (sum[2] / covered) as u8,
            (sum[3] / 16) as u8,
        ])
    })
}

#[test]
fn the_embedded_icons_are_the_drawing_of_the_palette() {
    let folder = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("static");
    let icons = [
        ("icon-192.png", render(&shapes(), 32.0, 192)),
        ("icon-512.png", render(&shapes(), 32.0, 512)),
        (
            "icon-maskable-512.png",
            render(&maskable_shapes(), MASKABLE, 512),
        ),
    ];
    for (name, drawn) in icons {
        let path = folder.join(name);
        let size = drawn.width();
        if std::env::var_os("UNBLOCKER_WRITE_ICONS").is_some() {
            drawn.save(&path).unwrap();
        }
        let stored = image::open(&path)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
            .to_rgba8();
        assert_eq!(stored.dimensions(), (size, size));
        assert!(
            stored == drawn,
            "{} is not the drawing: write it again",
            path.display()
        );
        let bytes = std::fs::metadata(&path).unwrap().len();
        assert!(bytes < 30_000, "{}: {bytes} bytes", path.display());
    }
}

/// The maskable icon fills its whole square (a phone's shape never shows a
/// transparent corner) and its board and exit lie inside the safe circle.
#[test]
fn the_maskable_icon_is_opaque_with_its_board_inside_the_safe_circle() {
    let drawn = render(&maskable_shapes(), MASKABLE, 512);
    assert!(drawn.pixels().all(|p| p.0[3] == 255));
    let (centre, radius) = (MASKABLE / 2.0, 0.4 * MASKABLE);
    for &(x, y, w, h, _, _) in &maskable_shapes()[1..] {
        for (cx, cy) in [(x, y), (x + w, y), (x, y + h), (x + w, y + h)] {
            let distance = (cx - centre).hypot(cy - centre);
            assert!(
                distance <= radius,
                "({cx}, {cy}) is {distance} from the middle, past {radius}"
            );
        }
    }
}
