//! The pixel entry point, as a browser uses it: every screenshot of the
//! test data's `screenshots/INDEX.tsv` decoded to RGBA reads exactly as its
//! file does (the same `Scan`, the same debug picture), and still reads its
//! board and exit when the pixels carry noise (the anti-fingerprinting of
//! private browsing modes, another browser's JPEG decoder) or went through
//! a canvas that loses the colour of transparent pixels.

use crate::common::{cells, check, exit_code, index, report, Rng, Shot};
use unblocker_scan::{
    debug_overlay, debug_overlay_pixels, scan, scan_pixels, Pixels, Scan, ScanError,
};

/// A screenshot decoded to RGBA, as a canvas's `getImageData` gives it.
struct Decoded {
    width: u32,
    height: u32,
    rgba: Vec<u8>,
}

impl Decoded {
    fn of(shot: &Shot) -> Decoded {
        let image = shot.image().into_rgba8();
        Decoded {
            width: image.width(),
            height: image.height(),
            rgba: image.into_raw(),
        }
    }

    /// `rgba` (these pixels, or others of the same size) as `Pixels`.
    fn pixels<'a>(&self, rgba: &'a [u8]) -> Pixels<'a> {
        Pixels::rgba(self.width, self.height, rgba).expect("RGBA of the screenshot's size")
    }
}

/// Asks `check` about every screenshot (its place in the index, the shot,
/// its pixels) and fails with every message it returns.
fn check_every_shot(check: impl Fn(usize, &Shot, &Decoded) -> Option<String>) {
    let shots = index();
    let failures: Vec<String> = shots
        .iter()
        .enumerate()
        .filter_map(|(i, shot)| check(i, shot, &Decoded::of(shot)))
        .collect();
    report(failures, shots.len());
}

#[test]
fn pixels_read_exactly_as_the_file() {
    check_every_shot(|_, shot, decoded| {
        let from_pixels = scan_pixels(decoded.pixels(&decoded.rgba), &|| false);
        let from_file = scan(&shot.bytes());
        (from_pixels != from_file)
            .then(|| format!("{}: pixels {from_pixels:?}, file {from_file:?}", shot.file))
    });
}

#[test]
fn the_debug_picture_of_pixels_is_that_of_the_file() {
    check_every_shot(|_, shot, decoded| {
        let drawn = debug_overlay_pixels(decoded.pixels(&decoded.rgba));
        assert_eq!((drawn.width, drawn.height), (decoded.width, decoded.height));
        if shot.board.is_some() {
            assert_ne!(drawn.rgba, decoded.rgba, "{}: nothing drawn", shot.file);
        }
        // The PNG has no alpha channel; the pixels keep theirs.
        let png = debug_overlay(&shot.bytes()).unwrap();
        let from_file = image::load_from_memory(&png).unwrap().into_rgb8();
        let colours: Vec<u8> = drawn
            .rgba
            .chunks_exact(4)
            .flat_map(|p| [p[0], p[1], p[2]])
            .collect();
        (colours != from_file.into_raw()).then(|| format!("{}: the pictures differ", shot.file))
    });
}

/// The RGBA a browser's canvas gives back for `rgba`: it keeps colours
/// multiplied by their alpha (so a transparent pixel's colour is lost, and
/// a translucent one's rounded) and divides them again in `getImageData`.
fn through_a_canvas(rgba: &[u8]) -> Vec<u8> {
    rgba.chunks_exact(4)
        .flat_map(|p| {
            let a = u32::from(p[3]);
            let channel = |c: u8| {
                let kept = (u32::from(c) * a + 127) / 255;
                (kept * 255 + a / 2)
                    .checked_div(a)
                    .map_or(0, |c| c.min(255) as u8)
            };
            [channel(p[0]), channel(p[1]), channel(p[2]), p[3]]
        })
        .collect()
}

#[test]
fn transparent_pixels_read_as_in_the_file() {
    let translucent = std::cell::Cell::new(0);
    check_every_shot(|_, shot, decoded| {
        let canvas = through_a_canvas(&decoded.rgba);
        translucent.set(translucent.get() + usize::from(canvas != decoded.rgba));
        let read = |scan: Result<Scan, ScanError>| {
            scan.map(|s| (cells(&s), exit_code(&s), s.exit_assumed, s.bounds))
                .map_err(|e| e.to_string())
        };
        let seen = read(scan_pixels(decoded.pixels(&canvas), &|| false));
        let from_file = read(scan(&shot.bytes()));
        (seen != from_file).then(|| {
            format!(
                "{}: through a canvas {seen:?}, file {from_file:?}",
                shot.file
            )
        })
    });
    assert!(translucent.get() > 0, "no picture has transparent pixels");
}

/// Moves each channel of the chosen pixels by `amplitude` up or down, at
/// random (clamped to 0..=255); `share` of the pixels are chosen, at random.
/// The alpha channel is left alone.
fn noisy(rgba: &[u8], amplitude: u8, share: f64, seed: u64) -> Vec<u8> {
    let mut rng = Rng(seed);
    let chosen = (share * 1000.0).round() as u64;
    let mut out = rgba.to_vec();
    for pixel in out.chunks_exact_mut(4) {
        if rng.below(1000) >= chosen {
            continue;
        }
        let signs = rng.next();
        for (channel, sample) in pixel[..3].iter_mut().enumerate() {
            *sample = if signs >> channel & 1 == 0 {
                sample.saturating_add(amplitude)
            } else {
                sample.saturating_sub(amplitude)
            };
        }
    }
    out
}

/// Every screenshot with noise added reads as transcribed: its board, its
/// exit found (not assumed) wherever the frame shows, and a picture without
/// a board still refused.
fn noise_reads_the_same(amplitude: u8, share: f64) {
    check_every_shot(|i, shot, decoded| {
        let rgba = noisy(&decoded.rgba, amplitude, share, 0x5EED + i as u64);
        assert_ne!(rgba, decoded.rgba, "{}: no noise added", shot.file);
        let what = format!("±{amplitude} on {}% of the pixels", share * 100.0);
        check(
            shot,
            scan_pixels(decoded.pixels(&rgba), &|| false),
            &what,
            true,
        )
        .err()
    });
}

#[test]
fn two_levels_of_noise_on_every_channel_read_the_same() {
    noise_reads_the_same(2, 1.0);
}

#[test]
fn eight_levels_of_noise_on_a_tenth_of_the_pixels_read_the_same() {
    noise_reads_the_same(8, 0.1);
}
