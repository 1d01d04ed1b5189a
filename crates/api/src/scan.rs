//! The scan answer: `scan --json`'s object, or why no board was read.

use crate::error::ApiError;
use crate::search::to_json;
use http::StatusCode;
use serde_json::Value;
use unblocker_scan::{Scan, ScanError};

/// `scan --json`'s object (`board`, `exit`, `confidence`, `exit_assumed`);
/// 503 for a scan that was stopped, 422 when no board could be read (the
/// caller adds the debug overlay it can draw).
pub fn scanned(result: Result<Scan, ScanError>) -> Result<Value, ApiError> {
    match result {
        Ok(scan) => to_json(&scan.json()),
        Err(reason @ ScanError::Stopped) => Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            reason.to_string(),
        )),
        Err(reason) => Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            reason.to_string(),
        )),
    }
}
