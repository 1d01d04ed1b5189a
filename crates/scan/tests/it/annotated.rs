//! The real screenshots of `shared/screenshots/INDEX.tsv` with marks drawn
//! over them (see `common/annotate.rs`): black lines 2 to 6 pixels wide
//! along every cell border, large digits over every cell, and both, at
//! several scales and JPEG qualities. A case passes when it reads the same
//! board, with the same exit, as the clean picture; a case that does not
//! pass must be refused (no case may read as a different board).
//!
//! Not every case passes yet: `annotated_passing.txt` lists the ones that
//! do, and each test asserts that exactly those pass (a regression fails the
//! test, and so does an improvement until the list is updated; the failures
//! are printed). The clean pictures must all read.

use crate::common::annotate::{annotate, Marks};
use crate::common::{cells, exit_code, index, jpeg, png};
use image::imageops::FilterType;
use image::DynamicImage;
use std::collections::BTreeSet;
use unblocker_scan::Bounds;

/// Picture scales (of the screenshot) and encodings, taken in turn.
const SCALES: [f32; 3] = [1.0, 0.75, 1.5];
const QUALITIES: [Option<u8>; 3] = [None, Some(90), Some(70)];

/// The cases that read the same board as the clean picture, one a line:
/// `file line=N digits=N scale=F quality=png|qN`.
const PASSING: &str = include_str!("annotated_passing.txt");

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
/// quality that change from case to case; asserts that exactly the cases
/// of `PASSING` with these marks read the same board as the clean picture.
fn check_all(kinds: &[Marks]) {
    let mut passed = BTreeSet::new();
    let mut failures = Vec::new();
    let mut misread = Vec::new();
    let mut all = BTreeSet::new();
    let mut cases = 0;
    for shot in index().iter().filter(|s| s.board.is_some()) {
        let image = shot.image();
        let clean = unblocker_scan::scan_image(&image).expect(&shot.file);
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
            let id = format!(
                "{} line={} digits={} scale={factor} quality={}",
                shot.file,
                marks.line,
                marks.digits,
                quality.map_or("png".to_string(), |q| format!("q{q}"))
            );
            all.insert(id.clone());
            match unblocker_scan::scan(&bytes) {
                Ok(scan) if scan.board == clean.board => {
                    passed.insert(id);
                }
                Ok(scan) => misread.push(format!(
                    "{id}: read {} {}, expected {} {}",
                    cells(&scan),
                    exit_code(&scan),
                    cells(&clean),
                    exit_code(&clean)
                )),
                Err(e) => failures.push(format!("{id}: {e}")),
            }
        }
        cases += kinds.len();
    }
    let expected: BTreeSet<String> = PASSING
        .lines()
        .map(str::trim)
        .filter(|l| all.contains(*l))
        .map(String::from)
        .collect();
    let lost: Vec<_> = expected.difference(&passed).collect();
    let gained: Vec<_> = passed.difference(&expected).collect();
    println!(
        "{} of {cases} read the same board; failing:\n{}",
        passed.len(),
        failures.join("\n")
    );
    assert!(
        misread.is_empty(),
        "a marked-up picture must read the clean board or be refused, never read as another board:\n{}",
        misread.join("\n")
    );
    assert!(
        lost.is_empty() && gained.is_empty(),
        "{} of {cases} passed; no longer passing: {lost:#?}; newly passing (add to annotated_passing.txt): {gained:#?}",
        passed.len()
    );
}

#[test]
#[ignore = "needs the full ground-truth data: UNBLOCKER_DATA=../shared cargo test -p unblocker-scan -- --include-ignored (.ci/run)"]
fn grid_lines_2_to_6_pixels_wide_read_the_same_board() {
    let kinds: Vec<Marks> = (2..=6).map(|line| Marks { line, digits: 0 }).collect();
    check_all(&kinds);
}

#[test]
#[ignore = "needs the full ground-truth data: UNBLOCKER_DATA=../shared cargo test -p unblocker-scan -- --include-ignored (.ci/run)"]
fn digits_over_every_cell_read_the_same_board() {
    check_all(&[Marks { line: 0, digits: 3 }, Marks { line: 0, digits: 5 }]);
}

#[test]
#[ignore = "needs the full ground-truth data: UNBLOCKER_DATA=../shared cargo test -p unblocker-scan -- --include-ignored (.ci/run)"]
fn grid_lines_and_digits_together_read_the_same_board() {
    check_all(&[Marks { line: 2, digits: 3 }, Marks { line: 4, digits: 4 }]);
}
