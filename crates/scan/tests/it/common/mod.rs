//! Shared helpers for the scanner's tests: the real screenshots listed in
//! the data's `screenshots/INDEX.tsv` (see `unblocker-testdata`), picture transforms and encoders, and the
//! synthetic screenshot renderer.

#![allow(dead_code)]

pub mod annotate;
pub mod render;

use image::codecs::jpeg::JpegEncoder;
use image::{DynamicImage, ImageFormat};
use std::io::Cursor;

/// One row of INDEX.tsv.
pub struct Shot {
    pub file: String,
    /// The 36-cell board, or `None` for a picture with no board.
    pub board: Option<String>,
    /// `R2` style, or `None`.
    pub exit: Option<String>,
}

impl Shot {
    pub fn bytes(&self) -> Vec<u8> {
        let path = unblocker_testdata::path("screenshots").join(&self.file);
        std::fs::read(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
    }

    pub fn image(&self) -> DynamicImage {
        image::load_from_memory(&self.bytes()).unwrap_or_else(|e| panic!("{}: {e}", self.file))
    }
}

pub fn index() -> Vec<Shot> {
    let path = unblocker_testdata::path("screenshots/INDEX.tsv");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("a header").split('\t').collect();
    let column = |name: &str| {
        header
            .iter()
            .position(|h| *h == name)
            .unwrap_or_else(|| panic!("no column {name}"))
    };
    let (file, board, exit) = (column("file"), column("board36"), column("exit"));
    lines
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let given = |i: usize| (f[i] != "-").then(|| f[i].to_string());
            Shot {
                file: f[file].to_string(),
                board: given(board),
                exit: given(exit),
            }
        })
        .collect()
}

/// The exit of a scan in INDEX.tsv's notation (`R2`).
pub fn exit_code(scan: &unblocker_scan::Scan) -> String {
    let exit = scan.exit();
    format!("{}{}", exit.side.letter(), exit.index)
}

/// The board of a scan as 36 cells (no exit suffix).
pub fn cells(scan: &unblocker_scan::Scan) -> String {
    let line = unblocker_model::format::to_line(&scan.board);
    line.split(':').next().unwrap_or_default().to_string()
}

pub fn png(image: &DynamicImage) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    image
        .to_rgb8()
        .write_to(&mut out, ImageFormat::Png)
        .expect("PNG encoding");
    out.into_inner()
}

pub fn jpeg(image: &DynamicImage, quality: u8) -> Vec<u8> {
    let mut out = Vec::new();
    JpegEncoder::new_with_quality(&mut out, quality)
        .encode_image(&image.to_rgb8())
        .expect("JPEG encoding");
    out
}
