//! Image bytes for the scanner (`unblocker scan`, `POST /api/scan`): PNG,
//! JPEG, GIF and WebP headers claiming any size (zero, tiny, huge) with
//! arbitrary bodies; small pictures really encoded in each format and then
//! mutated; and real screenshots with bytes changed or cut off.

use crate::mutate;
use image::codecs::gif::GifEncoder;
use image::codecs::jpeg::JpegEncoder;
use image::codecs::png::PngEncoder;
use image::codecs::webp::WebPEncoder;
use image::{ExtendedColorType, ImageEncoder, RgbImage};
use proptest::prelude::*;
use std::sync::OnceLock;

/// Widths and heights around the limits the decoders and the scanner care
/// about.
fn dimension() -> BoxedStrategy<u32> {
    prop_oneof![
        3 => 0u32..70,
        2 => proptest::sample::select(&[0u32, 1, 199, 200, 640, 641, 4096, 7071, 16383, 16384, 65535, 65536, 100_000, 0xFF_FFFF, u32::MAX][..]),
        1 => any::<u32>(),
    ]
    .boxed()
}

fn png_chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut chunk = (data.len() as u32).to_be_bytes().to_vec();
    chunk.extend_from_slice(kind);
    chunk.extend_from_slice(data);
    let mut crc = crc32fast::Hasher::new();
    crc.update(kind);
    crc.update(data);
    chunk.extend_from_slice(&crc.finalize().to_be_bytes());
    chunk
}

/// A PNG whose header (with a correct checksum) claims `width`×`height`.
fn png_header(width: u32, height: u32, depth: u8, colour: u8, body: &[u8]) -> Vec<u8> {
    let mut bytes = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut ihdr = width.to_be_bytes().to_vec();
    ihdr.extend_from_slice(&height.to_be_bytes());
    ihdr.extend_from_slice(&[depth, colour, 0, 0, 0]);
    bytes.extend(png_chunk(b"IHDR", &ihdr));
    bytes.extend(png_chunk(b"IDAT", body));
    bytes.extend(png_chunk(b"IEND", &[]));
    bytes
}

/// A baseline JPEG frame header claiming `width`×`height`.
fn jpeg_header(width: u32, height: u32, components: u8, body: &[u8]) -> Vec<u8> {
    let mut bytes = vec![0xFF, 0xD8, 0xFF, 0xE0, 0, 16];
    bytes.extend_from_slice(b"JFIF\0\x01\x01\0\0\x01\0\x01\0\0");
    let length = 8 + 3 * components as u16;
    bytes.extend_from_slice(&[0xFF, 0xC0]);
    bytes.extend_from_slice(&length.to_be_bytes());
    bytes.push(8);
    bytes.extend_from_slice(&(height as u16).to_be_bytes());
    bytes.extend_from_slice(&(width as u16).to_be_bytes());
    bytes.push(components);
    for c in 0..components {
        bytes.extend_from_slice(&[c + 1, 0x11, 0]);
    }
    bytes.extend_from_slice(&[0xFF, 0xDA, 0, 8, 1, 1, 0, 0, 0x3F, 0]);
    bytes.extend_from_slice(body);
    bytes.extend_from_slice(&[0xFF, 0xD9]);
    bytes
}

/// A GIF whose screen and image claim `width`×`height`.
fn gif_header(width: u32, height: u32, body: &[u8]) -> Vec<u8> {
    let (w, h) = ((width as u16).to_le_bytes(), (height as u16).to_le_bytes());
    let mut bytes = b"GIF89a".to_vec();
    bytes.extend_from_slice(&w);
    bytes.extend_from_slice(&h);
    bytes.extend_from_slice(&[0x80, 0, 0, 0, 0, 0, 255, 255, 255]);
    bytes.extend_from_slice(&[0x2C, 0, 0, 0, 0]);
    bytes.extend_from_slice(&w);
    bytes.extend_from_slice(&h);
    bytes.extend_from_slice(&[0, 2]);
    for block in body.chunks(255) {
        bytes.push(block.len() as u8);
        bytes.extend_from_slice(block);
    }
    bytes.extend_from_slice(&[0, 0x3B]);
    bytes
}

/// A WebP (lossy, lossless or extended) claiming `width`×`height`.
fn webp_header(width: u32, height: u32, kind: u8, body: &[u8]) -> Vec<u8> {
    let (w1, h1) = (width.wrapping_sub(1), height.wrapping_sub(1));
    let (fourcc, mut payload): (&[u8; 4], Vec<u8>) = match kind % 3 {
        0 => {
            let mut p = vec![0x10, 0x02, 0x00, 0x9D, 0x01, 0x2A];
            p.extend_from_slice(&(width as u16 & 0x3FFF).to_le_bytes());
            p.extend_from_slice(&(height as u16 & 0x3FFF).to_le_bytes());
            (b"VP8 ", p)
        }
        1 => {
            let bits = (w1 & 0x3FFF) | ((h1 & 0x3FFF) << 14);
            let mut p = vec![0x2F];
            p.extend_from_slice(&bits.to_le_bytes());
            (b"VP8L", p)
        }
        _ => {
            let mut p = vec![0, 0, 0, 0];
            p.extend_from_slice(&w1.to_le_bytes()[..3]);
            p.extend_from_slice(&h1.to_le_bytes()[..3]);
            (b"VP8X", p)
        }
    };
    payload.extend_from_slice(body);
    let mut chunk = fourcc.to_vec();
    chunk.extend_from_slice(&(payload.len() as u32).to_le_bytes());
    chunk.extend_from_slice(&payload);
    let mut bytes = b"RIFF".to_vec();
    bytes.extend_from_slice(&(chunk.len() as u32 + 4).to_le_bytes());
    bytes.extend_from_slice(b"WEBP");
    bytes.extend(chunk);
    bytes
}

/// Headers of the four formats claiming any size, with arbitrary bodies.
pub fn headers() -> BoxedStrategy<Vec<u8>> {
    let body = proptest::collection::vec(any::<u8>(), 0..300);
    (
        0u8..4,
        dimension(),
        dimension(),
        any::<u8>(),
        any::<u8>(),
        body,
    )
        .prop_map(|(format, w, h, a, b, body)| match format {
            0 => png_header(
                w,
                h,
                [1, 2, 4, 8, 16, a][b as usize % 6],
                [0, 2, 3, 4, 6, b][a as usize % 6],
                &body,
            ),
            1 => jpeg_header(w, h, a % 5, &body),
            2 => gif_header(w, h, &body),
            _ => webp_header(w, h, a, &body),
        })
        .boxed()
}

/// A small picture: a few flat rectangles in the game's colours (or any),
/// so that some of them come near what the scanner looks for.
fn picture() -> impl Strategy<Value = RgbImage> {
    let colour = prop_oneof![
        Just([92u8, 64, 40]),
        Just([226, 150, 70]),
        Just([200, 20, 20]),
        Just([180, 180, 185]),
        Just([0, 0, 0]),
        any::<[u8; 3]>(),
    ];
    let rect = (0u32..64, 0u32..64, 1u32..40, 1u32..40, colour.clone());
    (
        1u32..64,
        1u32..64,
        colour,
        proptest::collection::vec(rect, 0..12),
    )
        .prop_map(|(w, h, background, rects)| {
            let mut image = RgbImage::from_pixel(w, h, image::Rgb(background));
            for (x, y, rw, rh, c) in rects {
                for py in y..(y + rh).min(h) {
                    for px in x..(x + rw).min(w) {
                        image.put_pixel(px, py, image::Rgb(c));
                    }
                }
            }
            image
        })
}

/// `image` encoded as PNG, JPEG, GIF or lossless WebP.
fn encode(image: &RgbImage, format: u8, quality: u8) -> Vec<u8> {
    let mut out = Vec::new();
    let (w, h) = image.dimensions();
    let raw = image.as_raw();
    let result = match format % 4 {
        0 => PngEncoder::new(&mut out).write_image(raw, w, h, ExtendedColorType::Rgb8),
        1 => JpegEncoder::new_with_quality(&mut out, quality.clamp(1, 100)).write_image(
            raw,
            w,
            h,
            ExtendedColorType::Rgb8,
        ),
        2 => GifEncoder::new(&mut out).encode(
            &image::DynamicImage::ImageRgb8(image.clone()).to_rgba8(),
            w,
            h,
            ExtendedColorType::Rgba8,
        ),
        _ => WebPEncoder::new_lossless(&mut out).write_image(raw, w, h, ExtendedColorType::Rgb8),
    };
    result.expect("encoding a small picture in memory");
    out
}

const IMAGE_ALPHABET: &[u8] = &[
    0, 1, 2, 0x7F, 0x80, 0xFE, 0xFF, 0xD8, 0xD9, 0xDA, 0xC0, 0x2C, 0x3B,
];

/// Small pictures encoded in each format, as they are or mutated.
pub fn encoded() -> BoxedStrategy<Vec<u8>> {
    let bytes = (picture(), any::<u8>(), 1u8..=100)
        .prop_map(|(p, f, q)| encode(&p, f, q))
        .boxed();
    prop_oneof![
        1 => bytes.clone(),
        3 => mutate::mutated(bytes, IMAGE_ALPHABET),
    ]
    .boxed()
}

/// Real screenshots (PNG and JPEG from the data's `screenshots`, found by
/// `unblocker-testdata`, and one re-encoded as GIF and WebP).
fn screenshots() -> &'static [Vec<u8>] {
    static SEEDS: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    SEEDS.get_or_init(|| {
        let read = |f: &str| unblocker_testdata::read(&format!("screenshots/{f}"));
        let png = read("unblocker/Puzzle-I-4.png");
        let picture = image::load_from_memory(&png)
            .expect("a real screenshot")
            .to_rgb8();
        vec![
            png,
            read("unblocker/Puzzle-E-29.jpg"),
            read("benletchford-prisoner/unblock.png"),
            encode(&picture, 2, 0),
            encode(&picture, 3, 0),
        ]
    })
}

/// Real screenshots with up to eight edits (bytes changed, cut off).
pub fn mutated_screenshots() -> BoxedStrategy<Vec<u8>> {
    let seed = (0..screenshots().len()).prop_map(|i| screenshots()[i].clone());
    mutate::mutated(seed, IMAGE_ALPHABET).boxed()
}

/// Any of the above, or arbitrary bytes.
pub fn bytes() -> BoxedStrategy<Vec<u8>> {
    prop_oneof![
        3 => headers(),
        3 => encoded(),
        1 => mutated_screenshots(),
        1 => proptest::collection::vec(any::<u8>(), 0..2048),
    ]
    .boxed()
}

/// A `side`×`side` grey PNG whose ICC profile, `profile` bytes of zeros,
/// is stored compressed: the file is about a thousandth of what a decoder
/// that inflates it allocates.
pub fn icc_bomb(side: u32, profile: usize) -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = PngEncoder::new(&mut out);
    encoder
        .set_icc_profile(vec![0; profile])
        .expect("a PNG takes an ICC profile");
    let grey = vec![200u8; side as usize * side as usize];
    encoder
        .write_image(&grey, side, side, ExtendedColorType::L8)
        .expect("encoding a small picture in memory");
    out
}
