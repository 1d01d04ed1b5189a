//! `POST /api/scan`: the image as the body (`Content-Type: image/…`) or as
//! the first file of a multipart form; the answer is `scan --json`'s object
//! (`board`, `exit`, `confidence`, `exit_assumed`), or 422 with the reason
//! and the scanner's debug overlay (a base64 PNG) when no board could be read.
//! The decoded picture is charged to the memory budget for the whole scan.

use crate::jobs::{finish, Jobs};
use axum::body::Bytes;
use axum::extract::{FromRequest, Multipart, Request, State};
use axum::http::{header, StatusCode};
use axum::Json;
use serde_json::Value;
use std::sync::Arc;
use std::time::Instant;
use unblocker_api::ApiError;
use unblocker_solve::memory::Charge;
use unblocker_solve::{Control, SearchProgress, StopReason};

pub async fn scan(
    State(jobs): State<Arc<Jobs>>,
    request: Request,
) -> Result<Json<Value>, ApiError> {
    let bytes = image_of(request).await?;
    if bytes.is_empty() {
        return Err(ApiError::bad_request(
            "send the screenshot's bytes (PNG, JPEG, GIF or WebP) as the request body",
        ));
    }
    let charge = charge_decoding(&jobs, &bytes)?;
    // Scans share the solve slots: both are CPU work off the runtime.
    let budget = jobs.limits.budget();
    // The scan stops between its stages when the client leaves (the drop
    // guard raises the cancel flag) or its time runs out.
    let (handle, _cancel_on_drop) = jobs
        .start(budget, None, move |control| {
            // Held until the scan's thread ends, even when its client left.
            let _charge = charge;
            let started = Instant::now();
            let stop = || stopped(control, started).is_some();
            read(&bytes, &stop).map_err(|e| match stopped(control, started) {
                Some(reason) if e.status == StatusCode::SERVICE_UNAVAILABLE => ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    format!("the scan was stopped: {reason}"),
                ),
                _ => e,
            })
        })
        .await?;
    finish(handle).await.map(Json)
}

/// Charges the decoding of `bytes` to the server's memory budget: 413 when
/// the whole budget could not hold it, 503 when it cannot now. The decoder's
/// own bytes are charged first, since reading the header may take them.
fn charge_decoding(jobs: &Jobs, bytes: &[u8]) -> Result<Charge, ApiError> {
    let budget = jobs.memory();
    let mut charge = Charge::new(&budget);
    let mut hold = |need: u64| {
        if need > budget.limit() {
            return Err(ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!(
                    "the picture takes {need} bytes decoded, over the server's memory budget ({} bytes)",
                    budget.limit()
                ),
            ));
        }
        if !charge.hold(need) {
            return Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "the server's memory budget cannot hold this picture decoded ({need} bytes) now; try again shortly"
                ),
            ));
        }
        Ok(())
    };
    hold(unblocker_scan::DECODER_BYTES)?;
    hold(unblocker_scan::peak_bytes(bytes))?;
    Ok(charge)
}

/// The body, or the first part of a multipart form (empty when it has none).
async fn image_of(request: Request) -> Result<Bytes, ApiError> {
    let multipart = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|t| t.to_ascii_lowercase().starts_with("multipart/form-data"));
    if !multipart {
        return Bytes::from_request(request, &())
            .await
            .map_err(|e| ApiError::new(e.status(), e.body_text()));
    }
    let mut form = Multipart::from_request(request, &())
        .await
        .map_err(|e| ApiError::new(e.status(), e.body_text()))?;
    let unreadable =
        |e: axum::extract::multipart::MultipartError| ApiError::new(e.status(), e.body_text());
    match form.next_field().await.map_err(unreadable)? {
        Some(field) => field.bytes().await.map_err(unreadable),
        None => Ok(Bytes::new()),
    }
}

/// Why `control` stops a scan begun at `started`, if it does.
fn stopped(control: &Control, started: Instant) -> Option<StopReason> {
    let idle = SearchProgress {
        examined: 0,
        enqueued: 0,
        depth: 0,
    };
    control.check(started, idle)
}

fn read(bytes: &[u8], stop: &dyn Fn() -> bool) -> Result<Value, ApiError> {
    unblocker_api::scanned(unblocker_scan::scan_until(bytes, stop)).map_err(|failure| {
        // No overlay for a scan that was stopped, or that is being stopped.
        if failure.status != StatusCode::UNPROCESSABLE_ENTITY {
            return failure;
        }
        if stop() {
            return ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "{}; the scan was stopped before its overlay",
                    failure.message
                ),
            );
        }
        match unblocker_scan::debug_overlay(bytes) {
            Ok(png) => unblocker_api::with_overlay(failure, &png),
            Err(_) => failure,
        }
    })
}
