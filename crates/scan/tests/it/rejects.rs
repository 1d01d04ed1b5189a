//! Pictures that are not puzzles are rejected with a reason; truncated files
//! and files whose header claims a huge picture are refused before decoding.

use crate::common::{index, jpeg, png};
use image::{DynamicImage, Rgb, RgbImage};
use unblocker_scan::{scan, ScanError, MAX_PIXELS};

fn rejected(picture: RgbImage, what: &str) {
    let picture = DynamicImage::ImageRgb8(picture);
    for bytes in [png(&picture), jpeg(&picture, 85)] {
        match scan(&bytes) {
            Ok(s) => panic!(
                "{what}: read a board {}",
                unblocker_model::format::to_line(&s.board)
            ),
            Err(e) => assert!(
                matches!(e, ScanError::NoBoard(_) | ScanError::BadBoard(_)),
                "{what}: {e}"
            ),
        }
    }
}

#[test]
fn blank_pictures_are_not_boards() {
    rejected(
        RgbImage::from_pixel(400, 700, Rgb([255, 255, 255])),
        "white",
    );
    rejected(RgbImage::from_pixel(400, 700, Rgb([0, 0, 0])), "black");
    // A picture entirely of the board's floor colour.
    rejected(
        RgbImage::from_pixel(400, 400, Rgb([96, 64, 26])),
        "plain brown",
    );
}

#[test]
fn noise_is_not_a_board() {
    let mut state = 12345u32;
    let picture = RgbImage::from_fn(500, 800, |_, _| {
        state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        Rgb([(state >> 24) as u8, (state >> 16) as u8, (state >> 8) as u8])
    });
    rejected(picture, "noise");
}

#[test]
fn a_photo_like_gradient_is_not_a_board() {
    // Warm sky to dark brown ground, with a soft sun: the colours of the game, none of its shapes.
    let picture = RgbImage::from_fn(640, 480, |x, y| {
        let t = y as f32 / 480.0;
        let d = ((x as f32 - 420.0).powi(2) + (y as f32 - 120.0).powi(2)).sqrt();
        let sun = (1.0 - d / 90.0).max(0.0) * 120.0;
        Rgb([
            (230.0 - 140.0 * t + sun).min(255.0) as u8,
            (170.0 - 110.0 * t + sun).min(255.0) as u8,
            (90.0 - 60.0 * t + sun * 0.5).min(255.0) as u8,
        ])
    });
    rejected(picture, "gradient");
}

#[test]
fn menu_screenshots_are_not_boards() {
    let menus: Vec<_> = index().into_iter().filter(|s| s.board.is_none()).collect();
    assert!(!menus.is_empty());
    for shot in menus {
        assert!(
            matches!(scan(&shot.bytes()), Err(ScanError::NoBoard(_))),
            "{}",
            shot.file
        );
    }
}

#[test]
#[ignore = "needs the full ground-truth data: UNBLOCKER_DATA=../shared cargo test -p unblocker-scan -- --include-ignored (.ci/run)"]
fn truncated_files_are_refused_with_a_clear_message() {
    for file in ["tsiodras/IMG_0354.PNG", "unblocker/Puzzle-E-29.jpg"] {
        let bytes = unblocker_testdata::read(&format!("screenshots/{file}"));
        for keep in [bytes.len() / 2, 200, 40] {
            let error = scan(&bytes[..keep]).expect_err(file);
            assert!(
                matches!(error, ScanError::Damaged(_)),
                "{file} cut at {keep}: {error}"
            );
            assert!(
                error.to_string().contains("truncated or damaged"),
                "{error}"
            );
        }
    }
    assert_eq!(scan(&[]), Err(ScanError::Empty));
    assert_eq!(
        scan(b"hello, this is not a picture"),
        Err(ScanError::UnknownFormat)
    );
}

fn crc32(data: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in data {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// A PNG header (signature and IHDR) for an RGB picture of this size, with
/// a few bytes of image data.
fn png_header(width: u32, height: u32) -> Vec<u8> {
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut ihdr = b"IHDR".to_vec();
    ihdr.extend(width.to_be_bytes());
    ihdr.extend(height.to_be_bytes());
    ihdr.extend([8, 2, 0, 0, 0]);
    out.extend(13u32.to_be_bytes());
    out.extend(&ihdr);
    out.extend(crc32(&ihdr).to_be_bytes());
    let idat = b"IDAT\x78\x9c\x03\x00\x00\x00\x00\x01";
    out.extend(8u32.to_be_bytes());
    out.extend(idat);
    out.extend(crc32(idat).to_be_bytes());
    out
}

/// A JPEG whose frame header claims this size.
fn jpeg_header(width: u16, height: u16) -> Vec<u8> {
    let mut out = vec![0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 8];
    out.extend(height.to_be_bytes());
    out.extend(width.to_be_bytes());
    out.extend([3, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0]);
    // Start of scan, a few bytes of data, end of image.
    out.extend([
        0xFF, 0xDA, 0x00, 0x0C, 3, 1, 0x00, 2, 0x11, 3, 0x11, 0x00, 0x3F, 0x00,
    ]);
    out.extend([0x12, 0x34, 0x56, 0xFF, 0xD9]);
    out
}

/// A GIF whose screen and image descriptors claim this size.
fn gif_header(width: u16, height: u16) -> Vec<u8> {
    let mut out = b"GIF89a".to_vec();
    out.extend(width.to_le_bytes());
    out.extend(height.to_le_bytes());
    out.extend([0, 0, 0, b',', 0, 0, 0, 0]);
    out.extend(width.to_le_bytes());
    out.extend(height.to_le_bytes());
    out.extend([0, 2, 2, 0x44, 0x01, 0, b';']);
    out
}

#[test]
fn oversize_headers_are_refused_before_decoding() {
    let cases = [
        ("PNG 100000×100000", png_header(100_000, 100_000)),
        ("PNG 8000×7000", png_header(8000, 7000)),
        ("JPEG 65000×65000", jpeg_header(65_000, 65_000)),
        ("GIF 65535×65535", gif_header(65_535, 65_535)),
    ];
    for (what, bytes) in cases {
        match scan(&bytes) {
            Err(ScanError::TooLarge {
                width,
                height,
                limit,
            }) => {
                assert!(u64::from(width) * u64::from(height) > MAX_PIXELS, "{what}");
                assert_eq!(limit, 50);
            }
            other => panic!("{what}: {other:?}"),
        }
    }
    let message = scan(&png_header(100_000, 100_000)).unwrap_err().to_string();
    assert!(
        message.contains("100000×100000") && message.contains("50 megapixels"),
        "{message}"
    );
}

#[test]
fn errors_can_cross_threads_and_explain_themselves() {
    fn usable<E: std::error::Error + Send + Sync + 'static>(
        e: E,
    ) -> Box<dyn std::error::Error + Send + Sync> {
        Box::new(e)
    }
    let boxed = usable(scan(b"GIF89a").unwrap_err());
    assert!(
        boxed.to_string().contains("truncated or damaged"),
        "{boxed}"
    );
}
