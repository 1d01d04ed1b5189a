//! `POST /api/scan`: the image as the body (`Content-Type: image/…`) or as
//! the first file of a multipart form; the answer is `scan --json`'s object
//! (`board`, `exit`, `confidence`, `exit_assumed`), or 422 with the reason
//! and the scanner's debug overlay (a base64 PNG) when no board could be read.

use crate::error::ApiError;
use crate::jobs::{finish, Budget, Jobs};
use axum::body::Bytes;
use axum::extract::{FromRequest, Multipart, Request, State};
use axum::http::{header, StatusCode};
use axum::Json;
use base64::Engine;
use serde_json::Value;
use std::sync::Arc;

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
    // Scans share the solve slots: both are CPU work off the runtime.
    let budget = Budget {
        timeout: jobs.limits.timeout,
        max_nodes: jobs.limits.max_nodes,
    };
    let (handle, _cancel_on_drop) = jobs.start(budget, None, move |_| read(&bytes)).await?;
    finish(handle).await.map(Json)
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

/// The largest debug overlay an answer carries (as PNG, before base64).
pub const MAX_OVERLAY_BYTES: usize = 2 << 20;

fn read(bytes: &[u8]) -> Result<Value, ApiError> {
    match unblocker_scan::scan(bytes) {
        Ok(scan) => serde_json::to_value(scan.json())
            .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string())),
        Err(reason) => {
            let failure = ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, reason.to_string());
            Err(match unblocker_scan::debug_overlay(bytes) {
                Ok(png) if png.len() <= MAX_OVERLAY_BYTES => failure.with(
                    "overlay",
                    Value::String(base64::engine::general_purpose::STANDARD.encode(png)),
                ),
                // A huge picture's overlay would make a huge answer.
                Ok(png) => failure.with(
                    "overlay_omitted",
                    Value::String(format!(
                        "the overlay is {} bytes; at most {MAX_OVERLAY_BYTES} are sent",
                        png.len()
                    )),
                ),
                Err(_) => failure,
            })
        }
    }
}
