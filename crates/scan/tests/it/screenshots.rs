//! The real screenshots of `shared/screenshots/INDEX.tsv`: every board read
//! exactly with its exit, every picture without a board rejected, and the
//! same answers after scaling, JPEG re-encoding and cropping to the board.

use crate::common::{check, exit_code, index, jpeg, png, report, Shot};
use image::imageops::FilterType;
use image::DynamicImage;

#[test]
fn every_indexed_screenshot_is_read_exactly_or_rejected() {
    let shots = index();
    // The repository's testdata/ holds the 11 whose licences allow a copy;
    // the complete set (named by UNBLOCKER_DATA) all 30.
    let complete = std::env::var_os(unblocker_testdata::VAR).is_some();
    let listed = if complete { 30 } else { 11 };
    assert!(
        shots.len() >= listed,
        "INDEX.tsv lists {} pictures",
        shots.len()
    );
    assert!(
        shots.iter().any(|s| s.board.is_none()),
        "INDEX.tsv has negative examples"
    );
    let failures: Vec<String> = shots
        .iter()
        .filter_map(|s| check(s, unblocker_scan::scan(&s.bytes()), "as is", true).err())
        .collect();
    report(failures, shots.len());
}

#[test]
fn rejections_say_what_was_not_found() {
    for shot in index().iter().filter(|s| s.board.is_none()) {
        let error = unblocker_scan::scan(&shot.bytes())
            .expect_err(&shot.file)
            .to_string();
        assert!(
            error.contains("no Unblock Me board found"),
            "{}: {error}",
            shot.file
        );
    }
}

fn transformed(name: &str, transform: impl Fn(&DynamicImage) -> Vec<u8>, exit_visible: bool) {
    let shots: Vec<Shot> = index().into_iter().filter(|s| s.board.is_some()).collect();
    let failures: Vec<String> = shots
        .iter()
        .filter_map(|s| {
            check(
                s,
                unblocker_scan::scan(&transform(&s.image())),
                name,
                exit_visible,
            )
            .err()
        })
        .collect();
    report(failures, shots.len());
}

fn scaled(image: &DynamicImage, factor: f32) -> Vec<u8> {
    let (w, h) = (
        (image.width() as f32 * factor) as u32,
        (image.height() as f32 * factor) as u32,
    );
    png(&image.resize_exact(w, h, FilterType::Triangle))
}

#[test]
fn scaled_to_half_reads_the_same() {
    transformed("50%", |i| scaled(i, 0.5), true);
}

#[test]
fn scaled_to_double_reads_the_same() {
    transformed("200%", |i| scaled(i, 2.0), true);
}

#[test]
fn jpeg_quality_60_reads_the_same() {
    transformed("JPEG q60", |i| jpeg(i, 60), true);
}

#[test]
fn cropped_to_the_board_reads_the_same() {
    transformed(
        "cropped to the board",
        |image| {
            let scan = unblocker_scan::scan_image(image).expect("the uncropped picture scans");
            let b = scan.bounds;
            png(&image.crop_imm(b.x, b.y, b.width, b.height))
        },
        false,
    );
}

#[test]
#[ignore = "needs the full ground-truth data: UNBLOCKER_DATA=../shared cargo test -p unblocker-scan -- --include-ignored (.ci/run)"]
fn board_only_crop_assumes_the_exit_and_says_so() {
    for shot in index().iter().filter(|s| s.file.contains("/sample")) {
        let scan = unblocker_scan::scan(&shot.bytes()).expect(&shot.file);
        assert!(scan.exit_assumed, "{}", shot.file);
        assert_eq!(exit_code(&scan), "R2");
        let json = serde_json::to_value(scan.json()).unwrap();
        assert_eq!(json["exit_assumed"], true);
    }
}

#[test]
#[ignore = "needs the full ground-truth data: UNBLOCKER_DATA=../shared cargo test -p unblocker-scan -- --include-ignored (.ci/run)"]
fn json_has_the_shared_shape() {
    let shot = index()
        .into_iter()
        .find(|s| s.file == "tsiodras/IMG_0354.PNG")
        .expect("IMG_0354 is indexed");
    let scan = unblocker_scan::scan(&shot.bytes()).unwrap();
    let json = serde_json::to_value(scan.json()).unwrap();
    assert_eq!(json["board"], shot.board.unwrap().as_str());
    assert_eq!(json["exit"], serde_json::json!({"side": "right", "row": 2}));
    assert_eq!(json["exit_assumed"], false);
    let confidence = json["confidence"].as_f64().unwrap();
    assert!((0.5..=1.0).contains(&confidence), "confidence {confidence}");
}

#[test]
#[ignore = "needs the full ground-truth data: UNBLOCKER_DATA=../shared cargo test -p unblocker-scan -- --include-ignored (.ci/run)"]
fn debug_overlay_is_a_png_of_the_picture_in_both_outcomes() {
    for shot in index()
        .iter()
        .filter(|s| s.file.ends_with("IMG_0354.PNG") || s.board.is_none())
    {
        let bytes = shot.bytes();
        let overlay = unblocker_scan::debug_overlay(&bytes).unwrap();
        let drawn = image::load_from_memory(&overlay).unwrap();
        let original = shot.image();
        assert_eq!(
            (drawn.width(), drawn.height()),
            (original.width(), original.height()),
            "{}",
            shot.file
        );
        if shot.board.is_some() {
            assert_ne!(
                drawn.to_rgb8(),
                original.to_rgb8(),
                "{}: nothing drawn",
                shot.file
            );
        }
    }
}
