#![doc = include_str!("../README.md")]

mod cells;
#[cfg(feature = "decode")]
mod decode;
mod error;
mod exit;
#[cfg(feature = "decode")]
mod files;
mod font;
mod locate;
mod marks;
mod overlay;
mod pieces;
mod pixels;
mod raster;

#[cfg(feature = "decode")]
pub use decode::{peak_bytes, DECODER_BYTES};
pub use error::ScanError;
#[cfg(feature = "decode")]
pub use files::{debug_overlay, scan, scan_image, scan_until};
#[cfg(feature = "decode")]
pub use image::DynamicImage;
pub use pixels::{check_size, Picture, Pixels, MAX_PIXELS};

use cells::CellGroup;
use locate::{Grid, Well, SIDE};
use overlay::Canvas;
use raster::Raster;
use serde::Serialize;
use unblocker_model::{format, Board, Exit, Goal};

/// A board read from a picture.
#[derive(Clone, Debug, PartialEq)]
pub struct Scan {
    /// The board, with the exit found in the frame (or assumed).
    pub board: Board,
    /// How clear the reading was, from 0 (a guess) to 1 (every decision clear-cut).
    pub confidence: f32,
    /// True when no frame was visible (a board-only crop) and the exit was
    /// assumed to be right of the prisoner's row.
    pub exit_assumed: bool,
    /// Where the 6×6 cells are in the picture.
    pub bounds: Bounds,
}

/// A rectangle of the picture, in its pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    pub x: u32,
    pub y: u32,
    pub width: u32,
    pub height: u32,
}

/// The JSON form of a scan, shared by the command line and the web API:
/// `{"board": "…", "exit": {"side": "right", "row": 2}, "confidence": 0.97, "exit_assumed": false}`.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ScanJson {
    /// The canonical one-line form (with a `:L2`-style suffix for a non-default exit).
    pub board: String,
    pub exit: Exit,
    pub confidence: f32,
    pub exit_assumed: bool,
}

impl Scan {
    pub fn exit(&self) -> Exit {
        match self.board.goal() {
            Goal::Exit(exit) => exit,
            Goal::Place { .. } => unreachable!("a scanned board is always Rush Hour"),
        }
    }

    /// The scan in words: `Board`, `Exit` (said when assumed) and
    /// `Confidence` lines.
    pub fn text(&self) -> String {
        let assumed = if self.exit_assumed {
            " (assumed: no frame in the picture)"
        } else {
            ""
        };
        format!(
            "Board       {}\nExit        {}{assumed}\nConfidence  {:.2}\n",
            format::to_line(&self.board),
            self.exit(),
            self.confidence
        )
    }

    pub fn json(&self) -> ScanJson {
        ScanJson {
            board: format::to_line(&self.board),
            exit: self.exit(),
            confidence: (self.confidence * 100.0).round() / 100.0,
            exit_assumed: self.exit_assumed,
        }
    }
}

/// Reads the board in decoded pixels, asking `stop` between its stages
/// (sampling, each step of each reading): once it says true, the scan ends
/// with [`ScanError::Stopped`].
pub fn scan_pixels(pixels: Pixels, stop: &dyn Fn() -> bool) -> Result<Scan, ScanError> {
    read(&Raster::new(pixels), stop).result
}

/// [`ScanError::Stopped`] once `stop` says so.
fn checkpoint(stop: &dyn Fn() -> bool) -> Result<(), ScanError> {
    if stop() {
        Err(ScanError::Stopped)
    } else {
        Ok(())
    }
}

/// An RGBA copy of `pixels` with what the scanner saw drawn over it: the
/// board outline (blue), the lattice (cyan), every piece outlined and
/// labelled (green wood, magenta prisoner, grey fixed blocks) and the exit
/// (yellow, hollow when assumed). On a failed scan it shows whatever was
/// found.
pub fn debug_overlay_pixels(pixels: Pixels) -> Picture {
    let reading = read(&Raster::new(pixels), &|| false);
    let (width, height) = (pixels.width(), pixels.height());
    let mut rgba = pixels.to_rgba();
    overlay::draw(&mut Canvas::new(&mut rgba, width, height, 4), &reading);
    Picture {
        width,
        height,
        rgba,
    }
}

/// Everything the scanner found, as far as it got.
pub(crate) struct Reading {
    /// Picture pixels per working pixel (the readings are in working pixels).
    pub scale: f32,
    pub well: Option<Well>,
    pub grid: Option<Grid>,
    pub groups: Vec<CellGroup>,
    pub exit: Option<(Exit, bool)>,
    pub result: Result<Scan, ScanError>,
}

/// Reads the board with the floor alone, and if that fails with the
/// near-black pixels of drawn lines taken for floor too. When both fail,
/// the error of the one that got further (a board that breaks the rules
/// rather than none found).
fn read(raster: &Raster, stop: &dyn Fn() -> bool) -> Reading {
    let first = read_with(raster, false, stop);
    if first.result.is_ok() || matches!(first.result, Err(ScanError::Stopped)) {
        return first;
    }
    let second = read_with(raster, true, stop);
    let further = matches!(first.result, Err(ScanError::NoBoard(_)))
        && matches!(second.result, Err(ScanError::BadBoard(_)));
    if second.result.is_ok() || further {
        second
    } else {
        first
    }
}

fn read_with(raster: &Raster, ink: bool, stop: &dyn Fn() -> bool) -> Reading {
    let mut raster = raster.clone();
    let raster = &mut raster;
    let mut reading = Reading {
        scale: raster.scale,
        well: None,
        grid: None,
        groups: Vec::new(),
        exit: None,
        result: Err(ScanError::NoBoard(String::new())),
    };
    reading.result = read_into(raster, ink, &mut reading, stop);
    reading
}

fn read_into(
    raster: &mut Raster,
    ink: bool,
    reading: &mut Reading,
    stop: &dyn Fn() -> bool,
) -> Result<Scan, ScanError> {
    checkpoint(stop)?;
    let well = locate::find_well(raster, ink)?;
    reading.well = Some(well);
    checkpoint(stop)?;
    let grid = locate::fit_grid(raster, &well)?;
    reading.grid = Some(grid);
    checkpoint(stop)?;
    let lines = marks::find(raster, &grid);
    checkpoint(stop)?;
    let (kinds, mut margins) = cells::classify(raster, &grid);
    checkpoint(stop)?;
    let (groups, gap_margins) = cells::join(raster, &grid, &kinds, &lines)?;
    checkpoint(stop)?;
    margins.extend(gap_margins);
    reading.groups = groups.clone();
    if groups.is_empty() {
        return Err(ScanError::NoBoard(
            "a dark square was found but no blocks on it".into(),
        ));
    }
    let parts = pieces::Parts::of(&groups)?;
    let (exit, exit_assumed, exit_margin) = exit::find_exit(raster, &grid, &parts.target);
    reading.exit = Some((exit, exit_assumed));
    margins.push(exit_margin);
    let mut all = vec![parts.target];
    all.extend(parts.others);
    let board = Board::new(SIDE, SIDE, all, parts.walls, Goal::Exit(exit))
        .map_err(|e| ScanError::BadBoard(e.to_string()))?;
    Ok(Scan {
        board,
        confidence: confidence(grid.fit, &margins),
        exit_assumed,
        bounds: bounds(raster, &grid),
    })
}

/// The lattice's square in picture pixels.
fn bounds(raster: &Raster, grid: &Grid) -> Bounds {
    let px = |v: f32| (v * raster.scale).round().max(0.0) as u32;
    let side = px(grid.pitch * SIDE as f32);
    Bounds {
        x: px(grid.x0),
        y: px(grid.y0),
        width: side,
        height: side,
    }
}

/// Half the average clarity of all decisions plus half the least clear one,
/// scaled down when the lattice fitted the gaps poorly.
fn confidence(fit: f32, margins: &[f32]) -> f32 {
    let n = margins.len().max(1) as f32;
    let mean = margins.iter().sum::<f32>() / n;
    let least = margins.iter().copied().fold(1.0, f32::min);
    let lattice = (fit / 0.3).min(1.0);
    ((mean + least) / 2.0 * lattice).clamp(0.0, 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scan_asked_to_stop_ends_as_stopped() {
        let white = vec![255; 64 * 64 * 4];
        let pixels = Pixels::rgba(64, 64, &white).unwrap();
        assert_eq!(scan_pixels(pixels, &|| true), Err(ScanError::Stopped));
        let asked = std::cell::Cell::new(0);
        let counted = scan_pixels(pixels, &|| {
            asked.set(asked.get() + 1);
            false
        });
        assert!(matches!(counted, Err(ScanError::NoBoard(_))), "{counted:?}");
        assert!(asked.get() >= 2, "asked {} times", asked.get());
    }

    #[test]
    fn pictures_without_an_area_have_no_board() {
        for (width, height) in [(0, 0), (0, 5), (5, 0), (1, 1), (1, 2000)] {
            let samples = vec![90; (width * height * 4) as usize];
            let pixels = Pixels::rgba(width, height, &samples).unwrap();
            let scan = scan_pixels(pixels, &|| false);
            assert!(
                matches!(scan, Err(ScanError::NoBoard(_))),
                "{width}×{height}: {scan:?}"
            );
            let overlay = debug_overlay_pixels(pixels);
            assert_eq!((overlay.width, overlay.height), (width, height));
            assert_eq!(overlay.rgba, samples, "nothing found, nothing drawn");
        }
    }
}
