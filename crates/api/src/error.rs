//! The API's error answer: a status code and `{"error": "message"}`, plus
//! any extra fields (the scanner's debug overlay).

use http::StatusCode;
use serde_json::{Map, Value};
use std::fmt;

/// The longest error message an answer carries, in characters.
pub const MAX_MESSAGE_CHARS: usize = 300;

/// An error answer of the API.
#[derive(Debug, Clone, PartialEq)]
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

    /// 500: an answer that could not be written.
    pub fn internal(message: impl fmt::Display) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, message.to_string())
    }

    pub fn with(mut self, key: &str, value: Value) -> ApiError {
        self.extra.insert(key.to_string(), value);
        self
    }

    /// The JSON body: `{"error": message, …extra}`.
    pub fn body(&self) -> Value {
        let mut body = self.extra.clone();
        body.insert("error".to_string(), Value::String(self.message.clone()));
        Value::Object(body)
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{} ({})", self.message, self.status.as_u16())
    }
}

impl std::error::Error for ApiError {}

#[cfg(feature = "axum")]
impl axum::response::IntoResponse for ApiError {
    fn into_response(self) -> axum::response::Response {
        (self.status, axum::Json(self.body())).into_response()
    }
}
