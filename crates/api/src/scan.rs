//! The scan answer: `scan --json`'s object, or why no board was read, with
//! the same status for the same mistake from the server and the page's
//! engine ([`refused`]), and a failed scan's debug overlay ([`with_overlay`]).

use crate::error::ApiError;
use crate::search::to_json;
use base64::Engine;
use http::StatusCode;
use serde_json::Value;
use unblocker_scan::{Scan, ScanError};

/// `scan --json`'s object (`board`, `exit`, `confidence`, `exit_assumed`),
/// or the scan's error as [`refused`] answers it.
pub fn scanned(result: Result<Scan, ScanError>) -> Result<Value, ApiError> {
    match result {
        Ok(scan) => to_json(&scan.json()),
        Err(reason) => Err(refused(reason)),
    }
}

/// A scan's error as an answer: 413 for a picture over
/// [`MAX_PIXELS`](unblocker_scan::MAX_PIXELS), 400 for pixels that do not
/// fill their size, 503 for a scan that was stopped, and 422 when no board
/// could be read (the caller adds the debug overlay it can draw).
pub fn refused(reason: ScanError) -> ApiError {
    let status = match reason {
        ScanError::TooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
        ScanError::PixelCount { .. } => StatusCode::BAD_REQUEST,
        ScanError::Stopped => StatusCode::SERVICE_UNAVAILABLE,
        _ => StatusCode::UNPROCESSABLE_ENTITY,
    };
    ApiError::new(status, reason.to_string())
}

/// The key of a failed scan's debug overlay in its answer (a PNG, base64).
pub const OVERLAY: &str = "overlay";

/// The largest debug overlay an answer carries (as PNG, before base64).
pub const MAX_OVERLAY_BYTES: usize = 2 << 20;

/// A failed scan's answer with what the scanner saw drawn over the picture
/// (`png`), under [`OVERLAY`]; an overlay over [`MAX_OVERLAY_BYTES`] is
/// left out (a huge picture's would make a huge answer), with
/// `overlay_omitted` saying so.
pub fn with_overlay(failure: ApiError, png: &[u8]) -> ApiError {
    if png.len() <= MAX_OVERLAY_BYTES {
        let base64 = base64::engine::general_purpose::STANDARD.encode(png);
        failure.with(OVERLAY, Value::String(base64))
    } else {
        failure.with(
            "overlay_omitted",
            Value::String(format!(
                "the overlay is {} bytes; at most {MAX_OVERLAY_BYTES} are sent",
                png.len()
            )),
        )
    }
}
