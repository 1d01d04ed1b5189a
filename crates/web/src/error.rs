//! Why the server could not start, or stopped ([`ServeError`]). The API's
//! error answers are [`unblocker_api::ApiError`].

use std::io;
use unblocker_db::DbError;

/// Why the server could not start, or stopped.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error("cannot open the puzzle database: {0}")]
    Database(#[source] DbError),
    #[error(transparent)]
    Site(crate::SiteError),
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
