#![doc = include_str!("../README.md")]

pub mod api;
mod assets;
mod body;
mod connections;
mod error;
mod exchange;
pub mod guard;
mod held;
pub mod jobs;
pub mod lan;
mod limits;
mod unparsed;

pub use assets::SiteError;
pub use connections::{Connections, CONNECTION_BYTES, HEAD_BYTES};
pub use error::ServeError;
pub use guard::Hosts;
pub use limits::{Config, Limits, LimitsError};
pub use unblocker_api::ApiError;

use axum::{middleware, Router};
use held::Held;
use std::io;
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::net::{TcpListener, TcpSocket};

/// How many connections the system holds for the server until it accepts
/// them (the backlog of `listen`), capped by the system's own limit
/// (`net.core.somaxconn` on Linux, 4096 since Linux 5.4).
///
/// Tokio's `TcpListener::bind` asks for 128, as the standard library does.
/// When more connections than that arrive at once (the load test opens 500)
/// while the server is busy, Linux drops handshakes and answers new ones
/// with SYN cookies; a client whose completing handshake was dropped still
/// believes it is connected, and if its body takes several packets, those
/// after the first fail the cookie check and the system resets the
/// connection. The server never saw that request, so no answer can reach
/// the client (draining a body before its 413 cannot help).
pub const LISTEN_BACKLOG: u32 = 1024;

/// Binds `host:port` (port 0 picks a free one) with [`LISTEN_BACKLOG`],
/// trying each address the host name resolves to in turn, as
/// `TcpListener::bind` does.
pub async fn bind(host: &str, port: u16) -> io::Result<TcpListener> {
    let mut last = None;
    for address in tokio::net::lookup_host((host, port)).await? {
        match listen(address) {
            Ok(listener) => return Ok(listener),
            Err(error) => last = Some(error),
        }
    }
    Err(last.unwrap_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            "the host name resolves to no address",
        )
    }))
}

fn listen(address: SocketAddr) -> io::Result<TcpListener> {
    let socket = match address {
        SocketAddr::V4(_) => TcpSocket::new_v4()?,
        SocketAddr::V6(_) => TcpSocket::new_v6()?,
    };
    // As `TcpListener::bind` does (not on Windows, where it would let
    // another program take the port).
    #[cfg(not(windows))]
    socket.set_reuseaddr(true)?;
    socket.bind(address)?;
    socket.listen(LISTEN_BACKLOG)
}

/// The whole application: the API under `/api`, the page everywhere else
/// (the embedded one, or the configured site folder), behind [`guard`].
/// Random puzzles come from the configured database, or the embedded sample
/// without one. Fails when the database or the site cannot be read.
pub fn router(config: Config) -> Result<Router, ServeError> {
    let held = Held::new(config.connections.max_connections);
    app(config, held)
}

/// [`router`], whose `/api/health` reports the connections in `held`.
fn app(config: Config, held: Arc<Held>) -> Result<Router, ServeError> {
    let source = match config.database.as_deref() {
        Some(path) => api::random::Source::open(path).map_err(ServeError::Database)?,
        None => api::random::Source::sample(),
    };
    let files = match config.site.as_deref() {
        Some(folder) => assets::Files::site(folder).map_err(ServeError::Site)?,
        None => assets::Files::embedded(),
    };
    let state = Arc::new(jobs::Jobs::new(config.limits));
    Ok(api::routes(state, Arc::new(source), held)
        .merge(assets::routes(files))
        .layer(middleware::from_fn_with_state(
            Arc::new(config.hosts),
            guard::guard,
        )))
}

/// Serves on `listener` until the process ends, answering to the names of
/// its address ([`Hosts::served_at`]).
pub async fn serve(listener: TcpListener, config: Config) -> Result<(), ServeError> {
    serve_ready(listener, config, |_| ()).await
}

/// Binds `host:port` ([`bind`]), tells `ready` the address it got (port 0
/// picks a free one), then serves on a multi-threaded runtime until the
/// process ends, answering to the names of that address
/// ([`Hosts::served_at`]).
pub fn run(
    host: &str,
    port: u16,
    config: Config,
    ready: impl FnOnce(SocketAddr),
) -> Result<(), ServeError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(ServeError::Runtime)?;
    runtime.block_on(async {
        let listener = bind(host, port)
            .await
            .map_err(|source| ServeError::Listen {
                host: host.to_string(),
                port,
                source,
            })?;
        serve_ready(listener, config, ready).await
    })
}

/// [`serve`], telling `ready` the address once the application is built.
async fn serve_ready(
    listener: TcpListener,
    mut config: Config,
    ready: impl FnOnce(SocketAddr),
) -> Result<(), ServeError> {
    let address = listener.local_addr().map_err(ServeError::Address)?;
    config.hosts = Hosts::served_at(address);
    // The connections' buffers come out of the memory budget first.
    let (connections, held) = config
        .connections
        .capped_by_descriptors()
        .capped_by_memory(config.limits.max_memory);
    config.limits.max_memory = config.limits.max_memory.saturating_sub(held).max(1);
    let held = Held::new(connections.max_connections);
    let app = app(config, held.clone())?;
    ready(address);
    connections::serve(listener, app, connections, held)
        .await
        .map_err(ServeError::Stopped)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn bind_resolves_a_name_and_listens() {
        let listener = bind("localhost", 0).await.expect("bind");
        let address = listener.local_addr().expect("address");
        assert!(address.ip().is_loopback(), "{address}");
        tokio::net::TcpStream::connect(address)
            .await
            .expect("connect");
        listener.accept().await.expect("accept");
        // A port with a listener is refused (the reuse flag does not share it).
        let ip = address.ip().to_string();
        assert!(bind(&ip, address.port()).await.is_err());
    }
}
