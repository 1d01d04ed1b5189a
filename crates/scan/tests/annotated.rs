//! The real screenshots of `shared/screenshots/INDEX.tsv` with marks drawn
//! over them (see `common/annotate.rs`): black lines 2 to 6 pixels wide
//! along every cell border, large digits over every cell, and both, at
//! several scales and JPEG qualities. Each must read the same board, with
//! the same exit, as the clean picture.

mod common;

use common::annotate::{annotate, Marks};
use common::{cells, exit_code, index, jpeg, png};
use image::imageops::FilterType;
use image::DynamicImage;
use unblocker_scan::Bounds;

/// Picture scales (of the screenshot) and encodings, taken in turn.
const SCALES: [f32; 3] = [1.0, 0.75, 1.5];
const QUALITIES: [Option<u8>; 3] = [None, Some(90), Some(70)];

fn scaled(bounds: Bounds, factor: f32) -> Bounds {
    let s = |v: u32| (v as f32 * factor).round() as u32;
    Bounds {
        x: s(bounds.x),
        y: s(bounds.y),
        width: s(bounds.width),
        height: s(bounds.height),
    }
}

/// Every screenshot with a board under every kind of mark, at a scale and
/// quality that change from case to case.
fn check_all(kinds: &[Marks]) {
    let mut failures = Vec::new();
    let mut cases = 0;
    for shot in index().iter().filter(|s| s.board.is_some()) {
        let image = shot.image();
        let clean = match unblocker_scan::scan_image(&image) {
            Ok(clean) => clean,
            Err(e) => {
                failures.push(format!("{} clean: {e}", shot.file));
                cases += kinds.len();
                continue;
            }
        };
        for (i, &marks) in kinds.iter().enumerate() {
            let turn = cases + i;
            let factor = SCALES[turn % SCALES.len()];
            let quality = QUALITIES[(turn / SCALES.len()) % QUALITIES.len()];
            let (w, h) = (
                (image.width() as f32 * factor) as u32,
                (image.height() as f32 * factor) as u32,
            );
            let mut picture = image.resize_exact(w, h, FilterType::Triangle).to_rgb8();
            annotate(&mut picture, scaled(clean.bounds, factor), marks);
            let picture = DynamicImage::ImageRgb8(picture);
            let bytes = match quality {
                Some(q) => jpeg(&picture, q),
                None => png(&picture),
            };
            let what = format!("{marks:?} at {factor}× {quality:?}");
            match unblocker_scan::scan(&bytes) {
                Ok(scan) if scan.board == clean.board => {
                    eprintln!("PASS {} {what}", shot.file)
                }
                Ok(scan) => failures.push(format!(
                    "{} {what}: read {} {}, expected {} {}",
                    shot.file,
                    cells(&scan),
                    exit_code(&scan),
                    cells(&clean),
                    exit_code(&clean)
                )),
                Err(e) => failures.push(format!("{} {what}: {e}", shot.file)),
            }
        }
        cases += kinds.len();
    }
    assert!(
        failures.is_empty(),
        "{} of {cases} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn grid_lines_2_to_6_pixels_wide_read_the_same_board() {
    let kinds: Vec<Marks> = (2..=6).map(|line| Marks { line, digits: 0 }).collect();
    check_all(&kinds);
}

#[test]
fn digits_over_every_cell_read_the_same_board() {
    check_all(&[Marks { line: 0, digits: 3 }, Marks { line: 0, digits: 5 }]);
}

#[test]
fn grid_lines_and_digits_together_read_the_same_board() {
    check_all(&[Marks { line: 2, digits: 3 }, Marks { line: 4, digits: 4 }]);
}
