#![doc = include_str!("../README.md")]

pub mod board;
pub mod pack;
pub mod palette;
pub mod raster;
pub mod solution;
pub mod svg;

pub use board::BoardStyle;

/// Why a picture could not be made.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// The SVG we drew could not be read back (a bug, reported rather than
    /// panicking).
    #[error("cannot read the drawing back: {0}")]
    Svg(String),
    #[error("a picture of {width}x{height} pixels is too large or empty")]
    Size { width: u32, height: u32 },
    #[error("cannot encode the picture: {0}")]
    Encode(String),
    #[error("cannot make the PDF: {0}")]
    Pdf(String),
    #[error("the solution does not replay: {0}")]
    Replay(#[from] unblocker_model::MoveError),
    #[error("'{0}' is not a paper size: a4 or letter")]
    UnknownPaper(String),
}
