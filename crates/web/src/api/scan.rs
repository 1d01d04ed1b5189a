//! `POST /api/scan`: the image bytes as the body; the answer is `scan
//! --json`'s object (`board`, `exit`, `confidence`, `exit_assumed`), or 422
//! with the reason and the scanner's debug overlay (a base64 PNG) when no
//! board could be read.

use crate::error::ApiError;
use crate::jobs::{finish, Budget, Jobs};
use axum::body::Bytes;
use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use base64::Engine;
use serde_json::Value;
use std::sync::Arc;

pub async fn scan(State(jobs): State<Arc<Jobs>>, bytes: Bytes) -> Result<Json<Value>, ApiError> {
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

fn read(bytes: &[u8]) -> Result<Value, ApiError> {
    match unblocker_scan::scan(bytes) {
        Ok(scan) => serde_json::to_value(scan.json())
            .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string())),
        Err(reason) => {
            let failure = ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, reason.to_string());
            Err(match unblocker_scan::debug_overlay(bytes) {
                Ok(png) => failure.with(
                    "overlay",
                    Value::String(base64::engine::general_purpose::STANDARD.encode(png)),
                ),
                Err(_) => failure,
            })
        }
    }
}
