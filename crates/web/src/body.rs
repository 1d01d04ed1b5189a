//! Request bodies, read whole before a handler runs, within
//! [`Limits::max_body_bytes`](crate::Limits::max_body_bytes), and answers:
//! both charged to the server's memory budget while they are held.
//!
//! An answer of known length stays charged until the connection has taken
//! all of it (it is handed over in [`ANSWER_PIECE`] pieces, so a client that
//! does not read keeps it charged); an answer the budget cannot hold becomes
//! a 503. Streamed answers (`/api/solve/stream`) are produced only as fast
//! as the client reads them.
//!
//! A body over the limit gets 413, but only after the rest of it has been
//! read and dropped (up to [`DRAIN_BYTES`] more): a server that answers and
//! closes while the client is still sending leaves unread data in its
//! socket, and the system then resets the connection, which can destroy the
//! 413 before the client reads it.

use axum::body::{Body, Bytes, HttpBody};
use axum::extract::{Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use futures_util::StreamExt;
use std::pin::Pin;
use std::task::{Context, Poll};
use unblocker_api::ApiError;
use unblocker_solve::memory::Charge;
use unblocker_solve::MemoryBudget;

/// How much past the limit an oversized body is read (and dropped) so that
/// its sender gets the 413; a longer one is cut off.
pub const DRAIN_BYTES: usize = 64 << 20;

/// Middleware: buffers the body (≤ `limit` bytes) for the handler, charged
/// to the server's memory `budget` until the handler has answered (503 when
/// the budget cannot hold it), or answers 413 once the oversized body has
/// been drained; then charges the answer ([`charge_answer`]).
pub async fn read_whole(
    State((limit, budget)): State<(usize, MemoryBudget)>,
    request: Request,
    next: Next,
) -> Response {
    let (parts, body) = request.into_parts();
    let declared = parts
        .headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    let mut charge = Charge::new(&budget);
    match read(body, limit, declared, &mut charge).await {
        Ok(bytes) => {
            let response = next
                .run(Request::from_parts(parts, Body::from(bytes)))
                .await;
            drop(charge);
            charge_answer(response, &budget).await
        }
        Err(error) => charge_answer(error.into_response(), &budget).await,
    }
}

/// The size of the pieces an answer is handed to the connection in: the
/// connection asks for the next one only when its buffer has room.
pub const ANSWER_PIECE: usize = 16 << 10;

/// `response` with its body (when its length is known) charged to `budget`
/// until the connection has taken all of it, or a 503 when the budget cannot
/// hold it now.
async fn charge_answer(response: Response, budget: &MemoryBudget) -> Response {
    let Some(length) = response.body().size_hint().exact() else {
        return response;
    };
    let mut charge = Charge::new(budget);
    if !charge.hold(length) {
        return ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the server's memory budget cannot hold this answer ({length} bytes) now; try again shortly"
            ),
        )
        .into_response();
    }
    let (parts, body) = response.into_parts();
    // A body of known length is already in memory: this only joins its pieces.
    match axum::body::to_bytes(body, usize::MAX).await {
        Ok(rest) => Response::from_parts(
            parts,
            Body::new(Charged {
                rest,
                _charge: charge,
            }),
        ),
        Err(e) => ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the answer could not be read: {e}"),
        )
        .into_response(),
    }
}

/// An answer handed out in [`ANSWER_PIECE`] pieces, charged until dropped.
struct Charged {
    rest: Bytes,
    /// Given back when the connection drops the body.
    _charge: Charge,
}

impl HttpBody for Charged {
    type Data = Bytes;
    type Error = std::convert::Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        _: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<Bytes>, Self::Error>>> {
        if self.rest.is_empty() {
            return Poll::Ready(None);
        }
        let n = self.rest.len().min(ANSWER_PIECE);
        Poll::Ready(Some(Ok(http_body::Frame::data(self.rest.split_to(n)))))
    }

    fn is_end_stream(&self) -> bool {
        self.rest.is_empty()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        http_body::SizeHint::with_exact(self.rest.len() as u64)
    }
}

async fn read(
    body: Body,
    limit: usize,
    declared: Option<u64>,
    charge: &mut Charge,
) -> Result<Bytes, ApiError> {
    let no_room = || {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server's memory budget cannot hold this request now; try again shortly",
        )
    };
    let too_large = || {
        ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the request body is over the server's size limit ({limit} bytes)"),
        )
    };
    // Too large to drain: answer at once (the client may see a reset).
    if declared.is_some_and(|n| n > (limit + DRAIN_BYTES) as u64) {
        return Err(too_large());
    }
    let mut stream = body.into_data_stream();
    let mut kept = Vec::new();
    let mut seen = 0usize;
    // Past the budget, the body is drained like one past the limit, so
    // that its sender gets the 503.
    let mut refused = false;
    while let Some(chunk) = stream.next().await {
        let chunk = chunk
            .map_err(|e| ApiError::bad_request(format!("cannot read the request body: {e}")))?;
        seen = seen.saturating_add(chunk.len());
        if seen <= limit && !refused {
            // Charged before it is kept: what the body will take in all
            // when its length is declared (reserved at once), else room for
            // the buffer to double.
            let need = match declared {
                Some(n) => (n as usize).min(limit).max(seen),
                None => seen.saturating_mul(2),
            };
            if charge.hold(need.max(kept.capacity()) as u64) {
                if declared.is_some() {
                    kept.reserve_exact(need - kept.len());
                }
                kept.extend_from_slice(&chunk);
            } else {
                refused = true;
                kept = Vec::new();
                charge.hold(0);
            }
        } else if seen > limit + DRAIN_BYTES {
            break;
        } else if !kept.is_empty() {
            kept = Vec::new();
            charge.hold(0);
        }
    }
    if seen > limit {
        return Err(too_large());
    }
    if refused {
        return Err(no_room());
    }
    Ok(Bytes::from(kept))
}
