//! The server's connections, each bounded in time and in number: an accept
//! loop that holds at most `max_connections` at once (at the cap, the
//! oldest idle one is closed for a new one; a new one waits only while
//! every held one is busy: [`crate::held`]), hyper's HTTP/1 connections
//! with a timer so that a request's header must arrive within
//! `header_timeout` (which also closes an idle keep-alive connection), a
//! request body that stalls for `body_timeout` fails, and a response the
//! client does not read for `write_timeout` ends its connection.
//!
//! hyper reads a request's head within [`HEAD_BYTES`] and [`MAX_HEADERS`]
//! header lines, above the guard's own limits ([`crate::guard`]), so that a
//! long URI or header gets the guard's JSON 414 or 431 with the security
//! headers. What hyper refuses by itself (a head it cannot parse, one past
//! these limits, a URI past its fixed 65,534 bytes) gets the same kind of
//! answer from [`crate::unparsed`].

use crate::exchange::Watched;
use crate::held::{Activity, Held};
use crate::unparsed::Unparsed;
use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::AsyncWrite;
use tokio::net::TcpListener;
use tokio::time::Sleep;
use tower_http::timeout::RequestBodyTimeout;

/// The most bytes hyper reads of a request's head (request line and
/// headers).
pub const HEAD_BYTES: usize = 64 * 1024;
/// The most header lines hyper reads in a request.
pub const MAX_HEADERS: usize = 100;

/// What one connection may hold besides the request bodies and answers
/// charged to the budget: hyper's read buffer (at most [`HEAD_BYTES`]) and
/// room for its state and write queue. The connections' share of
/// `--max-memory` is set aside at start ([`Connections::capped_by_memory`]).
pub const CONNECTION_BYTES: u64 = 96 << 10;

/// How long a connection may take and how many there may be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Connections {
    /// Connections held at once; at the cap, the oldest idle one is closed
    /// for a new one, which waits only while every held one is busy.
    pub max_connections: usize,
    /// A request's header (and, on a kept-alive connection, the next
    /// request) must arrive within this.
    pub header_timeout: Duration,
    /// A request body may stall this long between two pieces.
    pub body_timeout: Duration,
    /// A response may wait this long for the client to read it.
    pub write_timeout: Duration,
}

impl Default for Connections {
    fn default() -> Self {
        Connections {
            max_connections: 4096,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
            write_timeout: Duration::from_secs(30),
        }
    }
}

impl Connections {
    /// At most `max_connections`, and no more than the descriptors the
    /// process may open leave room for (64 kept for files and the listener).
    pub fn capped_by_descriptors(self) -> Connections {
        let open = open_files_allowed().unwrap_or(usize::MAX);
        Connections {
            max_connections: self.max_connections.min(open.saturating_sub(64)).max(1),
            ..self
        }
    }
}

impl Connections {
    /// At most as many connections as a quarter of `max_memory` holds at
    /// [`CONNECTION_BYTES`] each, and the bytes they are given.
    pub fn capped_by_memory(self, max_memory: u64) -> (Connections, u64) {
        let fit = usize::try_from(max_memory / 4 / CONNECTION_BYTES).unwrap_or(usize::MAX);
        let max_connections = self.max_connections.min(fit).max(1);
        let connections = Connections {
            max_connections,
            ..self
        };
        (connections, max_connections as u64 * CONNECTION_BYTES)
    }
}

/// How many files and sockets the process may hold open at once, where the
/// system sets a number (Unix's `RLIMIT_NOFILE`; Windows has no such
/// count for sockets).
#[cfg(unix)]
fn open_files_allowed() -> Option<usize> {
    // SAFETY: getrlimit only fills the struct.
    let mut limit: libc::rlimit = unsafe { std::mem::zeroed() };
    (unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } == 0)
        .then(|| usize::try_from(limit.rlim_cur).unwrap_or(usize::MAX))
}

#[cfg(not(unix))]
fn open_files_allowed() -> Option<usize> {
    None
}

/// Serves `app` on `listener` within `limits`, holding the connections in
/// `held`, until accepting fails for good.
pub(crate) async fn serve(
    listener: TcpListener,
    app: Router,
    limits: Connections,
    held: Arc<Held>,
) -> io::Result<()> {
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            // Out of descriptors or a connection reset before it was
            // taken: wait a little rather than spin.
            Err(e) if is_transient(&e) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
            Err(e) => return Err(e),
        };
        let ticket = held.admit().await;
        let service = Watched {
            inner: TowerToHyperService::new(RequestBodyTimeout::new(
                app.clone(),
                limits.body_timeout,
            )),
            activity: ticket.activity.clone(),
        };
        // Reads go straight to the socket; writes pass the deadline and
        // have hyper's own refusals replaced.
        let (reads, writes) = stream.into_split();
        let writes = WriteDeadline::new(writes, limits.write_timeout, ticket.activity.clone());
        let io = TokioIo::new(tokio::io::join(reads, Unparsed::new(writes)));
        tokio::spawn(async move {
            let connection = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(limits.header_timeout)
                .max_header_size(HEAD_BYTES)
                .max_buf_size(HEAD_BYTES)
                .max_headers(MAX_HEADERS)
                .serve_connection(io, service);
            // A connection's failure (a timeout, a reset) is its own; one
            // shed for a new connection is idle, and is dropped.
            tokio::select! {
                _ = connection => {}
                () = ticket.shed() => {}
            }
            drop(ticket);
        });
    }
}

/// An accept error that passes (no descriptor free, a connection aborted).
fn is_transient(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
            | io::ErrorKind::Interrupted
            | io::ErrorKind::WouldBlock
    ) || e.raw_os_error().is_some_and(out_of_resources)
}

/// An OS error of running out of descriptors or buffers.
#[cfg(unix)]
fn out_of_resources(code: i32) -> bool {
    matches!(
        code,
        libc::EMFILE | libc::ENFILE | libc::ENOBUFS | libc::ENOMEM
    )
}

#[cfg(windows)]
fn out_of_resources(code: i32) -> bool {
    use windows_sys::Win32::Networking::WinSock::{WSAEMFILE, WSAENOBUFS};
    matches!(code, WSAEMFILE | WSAENOBUFS)
}

#[cfg(not(any(unix, windows)))]
fn out_of_resources(_: i32) -> bool {
    false
}

/// A stream whose writes fail with `TimedOut` once one has waited `limit`
/// for the peer to take the bytes; its connection's `activity` knows while
/// one waits (the connection is then not idle).
struct WriteDeadline<S> {
    stream: S,
    limit: Duration,
    /// Running while a write waits.
    deadline: Option<Pin<Box<Sleep>>>,
    activity: Arc<Activity>,
}

impl<S> WriteDeadline<S> {
    fn new(stream: S, limit: Duration, activity: Arc<Activity>) -> Self {
        WriteDeadline {
            stream,
            limit,
            deadline: None,
            activity,
        }
    }

    /// What a waiting write becomes: `TimedOut` past the deadline.
    fn waiting<T>(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<T>> {
        let (limit, activity) = (self.limit, &self.activity);
        let deadline = self.deadline.get_or_insert_with(|| {
            activity.set_writing(true);
            Box::pin(tokio::time::sleep(limit))
        });
        match deadline.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(io::ErrorKind::TimedOut.into())),
            Poll::Pending => Poll::Pending,
        }
    }

    /// A write's outcome: progress ends the wait.
    fn settle<T>(
        &mut self,
        cx: &mut Context<'_>,
        poll: Poll<io::Result<T>>,
    ) -> Poll<io::Result<T>> {
        match poll {
            Poll::Pending => self.waiting(cx),
            done => {
                if self.deadline.take().is_some() {
                    self.activity.set_writing(false);
                }
                done
            }
        }
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for WriteDeadline<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let poll = Pin::new(&mut self.stream).poll_write(cx, buf);
        self.settle(cx, poll)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let poll = Pin::new(&mut self.stream).poll_write_vectored(cx, bufs);
        self.settle(cx, poll)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let poll = Pin::new(&mut self.stream).poll_flush(cx);
        self.settle(cx, poll)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let poll = Pin::new(&mut self.stream).poll_shutdown(cx);
        self.settle(cx, poll)
    }
}
