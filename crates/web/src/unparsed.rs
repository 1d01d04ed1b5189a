//! Our answer, instead of hyper's, to a request hyper cannot read. hyper
//! answers a head it cannot parse (400), one past its limits (431) and a URI
//! past its fixed 65,534 bytes (414) by itself, before any service sees the
//! request, with an empty body and none of the security headers. This
//! stream wrapper recognises such an answer as it is written (a 400, 414 or
//! 431 head without the headers every answer of ours carries) and writes
//! ours in its place: the JSON error with the security headers and
//! `connection: close` (hyper closes the connection after it).

use crate::guard::SECURITY_HEADERS;
use axum::body::Bytes;
use axum::http::{header, StatusCode};
use std::io;
use std::pin::Pin;
use std::task::{ready, Context, Poll};
use tokio::io::AsyncWrite;

/// A stream whose hyper-made 400, 414 and 431 answers are replaced by ours.
pub(crate) struct Unparsed<S> {
    stream: S,
    /// What is left to write of an answer of ours.
    ours: Bytes,
}

impl<S> Unparsed<S> {
    pub(crate) fn new(stream: S) -> Self {
        Unparsed {
            stream,
            ours: Bytes::new(),
        }
    }
}

impl<S: AsyncWrite + Unpin> Unparsed<S> {
    /// Writes what is left of our answer.
    fn poll_ours(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while !self.ours.is_empty() {
            let n = ready!(Pin::new(&mut self.stream).poll_write(cx, &self.ours))?;
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            self.ours = self.ours.slice(n..);
        }
        Poll::Ready(Ok(()))
    }

    /// When `bytes` begin with hyper's own answer: takes it in place of
    /// that answer's head and returns the head's length.
    fn replace(&mut self, bytes: &[u8]) -> Option<usize> {
        let (length, status) = hypers_own(bytes)?;
        self.ours = answer(status);
        Some(length)
    }
}

/// The length and status of the answer head `bytes` begin with, when it is
/// one of hyper's own refusals.
fn hypers_own(bytes: &[u8]) -> Option<(usize, StatusCode)> {
    let status = match bytes.get(..12)? {
        b"HTTP/1.1 400" | b"HTTP/1.0 400" => StatusCode::BAD_REQUEST,
        b"HTTP/1.1 414" | b"HTTP/1.0 414" => StatusCode::URI_TOO_LONG,
        b"HTTP/1.1 431" | b"HTTP/1.0 431" => StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
        _ => return None,
    };
    let length = bytes.windows(4).position(|w| w == b"\r\n\r\n")? + 4;
    let head = bytes[..length].to_ascii_lowercase();
    let ours = header::X_CONTENT_TYPE_OPTIONS.as_str().as_bytes();
    let marked = head.windows(ours.len()).any(|w| w == ours);
    (!marked).then_some((length, status))
}

/// Our whole answer for `status`.
fn answer(status: StatusCode) -> Bytes {
    let error = match status {
        StatusCode::URI_TOO_LONG => format!(
            "the URI is over {} bytes, the longest the server reads",
            u16::MAX - 1
        ),
        StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE => format!(
            "the request's head is over {} bytes or {} header lines, the most the server reads",
            crate::HEAD_BYTES,
            crate::connections::MAX_HEADERS
        ),
        _ => "the request is not HTTP/1.1 the server can read".to_string(),
    };
    let body = serde_json::json!({ "error": error }).to_string();
    let mut head = format!(
        "HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n",
        body.len()
    );
    for (name, value) in SECURITY_HEADERS {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    Bytes::from(head + "\r\n" + &body)
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Unparsed<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        ready!(self.poll_ours(cx))?;
        if let Some(taken) = self.replace(buf) {
            return Poll::Ready(Ok(taken));
        }
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        ready!(self.poll_ours(cx))?;
        if let Some(first) = bufs.iter().find(|b| !b.is_empty()) {
            if let Some(taken) = self.replace(first) {
                return Poll::Ready(Ok(taken));
            }
        }
        Pin::new(&mut self.stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.poll_ours(cx))?;
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.poll_ours(cx))?;
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_hypers_own_refusals_are_recognised() {
        let hyper =
            b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\ndate: x\r\n\r\n";
        assert_eq!(
            hypers_own(hyper),
            Some((hyper.len(), StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE))
        );
        let ours = b"HTTP/1.1 431 Request Header Fields Too Large\r\nX-Content-Type-Options: nosniff\r\n\r\n{}";
        assert_eq!(hypers_own(ours), None);
        assert_eq!(hypers_own(b"HTTP/1.1 200 OK\r\n\r\n"), None);
        assert_eq!(
            hypers_own(b"HTTP/1.1 400 Bad Req"),
            None,
            "an unfinished head"
        );
        let text = String::from_utf8(answer(StatusCode::BAD_REQUEST).to_vec()).unwrap();
        assert!(text.starts_with("HTTP/1.1 400 Bad Request\r\n"), "{text}");
        assert!(
            text.contains("\r\nx-content-type-options: nosniff\r\n"),
            "{text}"
        );
        let body = text.split("\r\n\r\n").nth(1).unwrap();
        let length = format!("\r\ncontent-length: {}\r\n", body.len());
        assert!(text.contains(&length), "{text}");
        let json: serde_json::Value = serde_json::from_str(body).unwrap();
        assert!(json["error"].as_str().unwrap().contains("HTTP/1.1"));
    }
}
