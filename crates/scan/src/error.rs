//! Why a picture could not be read as a board: each message says what was
//! not found or what was wrong, in words a player understands.

use thiserror::Error;

/// A failed scan.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ScanError {
    #[error("the file is empty")]
    Empty,
    #[error("not a picture: the file is not a PNG, JPEG, GIF or WebP image")]
    UnknownFormat,
    #[error("the picture is {width}×{height} pixels, over the limit of {limit} megapixels")]
    TooLarge { width: u32, height: u32, limit: u64 },
    /// Pixels handed in ([`Pixels`](crate::Pixels)) whose samples do not
    /// fill their size.
    #[error("the pixels are not a {width}×{height} picture: {len} bytes, where {channels} bytes a pixel make {expected}")]
    PixelCount {
        width: u32,
        height: u32,
        channels: usize,
        expected: u64,
        len: usize,
    },
    #[error("the picture could not be decoded (truncated or damaged file): {0}")]
    Damaged(String),
    #[error("no Unblock Me board found: {0}")]
    NoBoard(String),
    #[error("the scanned board breaks the rules: {0}")]
    BadBoard(String),
    /// The caller stopped the scan (its client left, or its time ran out).
    #[error("the scan was stopped")]
    Stopped,
}
