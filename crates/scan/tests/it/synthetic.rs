//! Synthetic screenshots (see `common/render.rs`): fixed blocks, every exit
//! position on every side, three wood themes, several sizes, PNG and JPEG.

use crate::common::render::{board_with_exit, render, THEMES};
use crate::common::{jpeg, png};
use image::DynamicImage;
use unblocker_model::{format, Exit, Side};

const SIZES: [(u32, u32); 4] = [(240, 427), (480, 854), (720, 1280), (1080, 2340)];

#[test]
fn every_exit_position_and_fixed_blocks_are_read() {
    let mut failures = Vec::new();
    let mut n = 0;
    for (s, side) in [Side::Right, Side::Left, Side::Top, Side::Bottom]
        .into_iter()
        .enumerate()
    {
        for index in 0..6u8 {
            let case = s * 6 + index as usize;
            let board = board_with_exit(Exit { side, index }, case as u64 + 1);
            assert!(
                !board.walls().is_empty(),
                "the generated board has fixed blocks"
            );
            let (w, h) = SIZES[case % SIZES.len()];
            let (picture, _) = render(&board, w, h, &THEMES[case % THEMES.len()], case as u32);
            let picture = DynamicImage::ImageRgb8(picture);
            let bytes = if case % 2 == 1 {
                jpeg(&picture, 75)
            } else {
                png(&picture)
            };
            n += 1;
            let expected = format::to_line(&board);
            match unblocker_scan::scan(&bytes) {
                Ok(scan) if scan.board == board && !scan.exit_assumed => {}
                Ok(scan) => failures.push(format!(
                    "{side:?} {index} at {w}×{h}: read {} (exit assumed: {}), expected {expected}",
                    format::to_line(&scan.board),
                    scan.exit_assumed
                )),
                Err(e) => failures.push(format!(
                    "{side:?} {index} at {w}×{h}: {e}, expected {expected}"
                )),
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {n} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn a_board_only_crop_of_a_synthetic_screenshot_assumes_the_exit() {
    let board = board_with_exit(
        Exit {
            side: Side::Right,
            index: 2,
        },
        99,
    );
    let (picture, layout) = render(&board, 720, 1280, &THEMES[0], 7);
    let side = (layout.pitch * 6.0) as u32;
    let crop =
        DynamicImage::ImageRgb8(picture).crop_imm(layout.x0 as u32, layout.y0 as u32, side, side);
    let scan = unblocker_scan::scan(&png(&crop)).unwrap();
    assert_eq!(scan.board, board);
    assert!(scan.exit_assumed);
}
