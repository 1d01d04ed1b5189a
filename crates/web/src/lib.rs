//! `unblocker serve`: one page that loads, edits, solves, replays and plays
//! sliding-block puzzles, and the JSON API behind it.
//!
//! Everything is in the binary: the page's HTML, CSS and JavaScript modules
//! are embedded with `include_bytes!` ([`assets`]), so the page works
//! offline. The API ([`api`]) answers with the same JSON objects as the
//! command line (`unblocker_solve::json`). Solves run on blocking threads
//! under [`Limits`]: a time and node cap, at most a few at once, cancelled
//! when the client goes away ([`jobs`]). Every request passes [`guard`]:
//! the Host check against DNS rebinding, the same-origin and content-type
//! rules against cross-site requests, and the security headers. [`lan`]
//! finds the address to serve a phone on the same network.

pub mod api;
mod assets;
mod body;
mod error;
pub mod guard;
pub mod jobs;
pub mod lan;
mod limits;
mod request;

pub use error::{ApiError, ServeError};
pub use guard::Hosts;
pub use limits::{Config, Limits, LimitsError};

use axum::{middleware, Router};
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::net::TcpListener;

/// The whole application: the API under `/api`, the page everywhere else,
/// behind [`guard`]. Random puzzles come from the configured database, or
/// the embedded sample without one. Fails when the database cannot be opened.
pub fn router(config: Config) -> Result<Router, ServeError> {
    let source = match config.database.as_deref() {
        Some(path) => api::random::Source::open(path),
        None => api::random::Source::sample(),
    }
    .map_err(ServeError::Database)?;
    let state = Arc::new(jobs::Jobs::new(config.limits));
    Ok(api::routes(state, Arc::new(source))
        .merge(assets::routes())
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

/// Binds `host:port`, tells `ready` the address it got (port 0 picks a free
/// one), then serves on a multi-threaded runtime until the process ends,
/// answering to the names of that address ([`Hosts::served_at`]).
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
        let listener =
            TcpListener::bind((host, port))
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
    let app = router(config)?;
    ready(address);
    axum::serve(listener, app)
        .await
        .map_err(ServeError::Stopped)
}
