//! API errors: a status code and `{"error": "message"}`, plus any extra
//! fields (the scanner's debug overlay). And [`ServeError`]: why the server
//! could not start, or stopped.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{Map, Value};
use std::fmt;
use std::io;
use unblocker_db::DbError;

/// The longest error message an answer carries, in characters.
pub const MAX_MESSAGE_CHARS: usize = 300;

/// An error answer of the API.
#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub message: String,
    /// More keys for the JSON body, beside `error`.
    pub extra: Map<String, Value>,
}

impl ApiError {
    /// The message is cut at 300 characters: whatever a message
    /// quotes of a request, the answer stays short.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        let mut message = message.into();
        if let Some((cut, _)) = message.char_indices().nth(MAX_MESSAGE_CHARS) {
            message.truncate(cut);
            message.push('…');
        }
        ApiError {
            status,
            message,
            extra: Map::new(),
        }
    }

    /// 400: the request or the puzzle in it is wrong.
    pub fn bad_request(message: impl fmt::Display) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message.to_string())
    }

    pub fn with(mut self, key: &str, value: Value) -> ApiError {
        self.extra.insert(key.to_string(), value);
        self
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut body = self.extra;
        body.insert("error".to_string(), Value::String(self.message));
        (self.status, Json(Value::Object(body))).into_response()
    }
}

/// Why the server could not start, or stopped.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error("cannot open the puzzle database: {0}")]
    Database(#[source] DbError),
    #[error("cannot start the server runtime: {0}")]
    Runtime(#[source] io::Error),
    #[error("cannot listen on {host}:{port}: {source}")]
    Listen {
        host: String,
        port: u16,
        source: io::Error,
    },
    #[error("cannot read the listening address: {0}")]
    Address(#[source] io::Error),
    #[error("the server stopped: {0}")]
    Stopped(#[source] io::Error),
}
