//! Shared helpers for the scanner's tests: the real screenshots listed in
//! the data's `screenshots/INDEX.tsv` (see `unblocker-testdata`), picture transforms and encoders, and the
//! synthetic screenshot renderer.

#![allow(dead_code)]

pub mod annotate;
pub mod render;

use image::codecs::jpeg::JpegEncoder;
use image::{DynamicImage, ImageFormat};
use std::io::Cursor;
use unblocker_scan::{Scan, ScanError};

/// A small deterministic pseudo-random generator (xorshift); the seed must
/// not be 0.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

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
pub fn exit_code(scan: &Scan) -> String {
    let exit = scan.exit();
    format!("{}{}", exit.side.letter(), exit.index)
}

/// The board of a scan as 36 cells (no exit suffix).
pub fn cells(scan: &Scan) -> String {
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

/// Whether `result`, a scan of `shot` (or of a picture made from it, `what`),
/// reads its board and exit as transcribed (or refuses a picture without a
/// board); with `exit_visible`, whether the exit was found rather than
/// assumed (but in the board-only crops, `sample*`).
pub fn check(
    shot: &Shot,
    result: Result<Scan, ScanError>,
    what: &str,
    exit_visible: bool,
) -> Result<(), String> {
    match (&shot.board, result) {
        (None, Ok(scan)) => Err(format!(
            "{} ({what}): read {} but shows no board",
            shot.file,
            cells(&scan)
        )),
        (None, Err(_)) => Ok(()),
        (Some(_), Err(e)) => Err(format!("{} ({what}): {e}", shot.file)),
        (Some(board), Ok(scan)) => {
            let exit = exit_code(&scan);
            if &cells(&scan) != board || Some(&exit) != shot.exit.as_ref() {
                return Err(format!(
                    "{} ({what}): read {} {exit}, expected {board} {:?}",
                    shot.file,
                    cells(&scan),
                    shot.exit
                ));
            }
            if exit_visible && scan.exit_assumed && !shot.file.contains("/sample") {
                return Err(format!(
                    "{} ({what}): the exit notch was not found",
                    shot.file
                ));
            }
            Ok(())
        }
    }
}

/// Fails with every failure, counted out of `total` cases.
pub fn report(failures: Vec<String>, total: usize) {
    assert!(
        failures.is_empty(),
        "{} of {total} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
