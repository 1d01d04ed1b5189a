//! A plain static host for the static site (`cargo xtask web`): the
//! folder's files as they are, gzip- or brotli-compressed as GitHub Pages
//! and most hosts send them, with a count of the bytes sent; stopping it
//! closes every connection, as a server that is gone. Sites are published
//! under a path of the host (`/unblocker/`), as a project's Pages site is.

use axum::body::Body;
use axum::extract::Request;
use axum::middleware::Next;
use axum::response::Response;
use axum::Router;
use http_body_util::BodyExt;
use hyper_util::rt::{TokioExecutor, TokioIo};
use hyper_util::service::TowerToHyperService;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use tokio::net::TcpListener;
use tokio::task::JoinSet;
use tower_http::compression::CompressionLayer;
use tower_http::services::ServeDir;

/// The static site the browser tests use: `$UNBLOCKER_SITE`, else
/// `target/site` (`.ci/run` builds it with `cargo xtask web --out target/site`).
pub fn site_folder() -> PathBuf {
    let folder = std::env::var_os("UNBLOCKER_SITE").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/site"),
        PathBuf::from,
    );
    assert!(
        folder.join("sw.js").is_file() && folder.join("engine").is_dir(),
        "no static site at {}: build it with `cargo xtask web --out target/site` (or set UNBLOCKER_SITE)",
        folder.display()
    );
    folder
}

pub struct Host {
    pub base: String,
    /// The folder served: the published sites, each under its path.
    _root: tempfile::TempDir,
    sent: Arc<AtomicU64>,
    /// Each request answered: "path status".
    log: Arc<Mutex<Vec<String>>>,
    server: tokio::task::JoinHandle<()>,
    /// What it serves, for [`Host::serve_again`].
    app: Router,
}

impl Host {
    /// Serves the site `folder` under `/unblocker/` on a free loopback port;
    /// `base` is that path's address (`http://127.0.0.1:PORT/unblocker`).
    pub async fn serve(folder: &Path) -> Host {
        let mut host = Host::serve_under(&[("unblocker", folder)]).await;
        host.base.push_str("/unblocker");
        host
    }

    /// Serves each site folder under its path (`("a", folder)`: `/a/`);
    /// `base` is the host's address.
    pub async fn serve_under(sites: &[(&str, &Path)]) -> Host {
        let root = tempfile::tempdir().unwrap();
        for (path, folder) in sites {
            std::os::unix::fs::symlink(folder, root.path().join(path)).unwrap();
        }
        let folder = root.path().to_path_buf();
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let sent = Arc::new(AtomicU64::new(0));
        let counted = sent.clone();
        let log = Arc::new(Mutex::new(Vec::new()));
        let logged = log.clone();
        let app = Router::new()
            .fallback_service(ServeDir::new(&folder))
            .layer(CompressionLayer::new())
            .layer(axum::middleware::map_response(move |response: Response| {
                let counted = counted.clone();
                async move { count(response, counted) }
            }))
            .layer(axum::middleware::from_fn(
                move |request: Request, next: Next| {
                    let logged = logged.clone();
                    async move {
                        let path = request.uri().to_string();
                        let response = next.run(request).await;
                        logged
                            .lock()
                            .unwrap()
                            .push(format!("{path} {}", response.status().as_u16()));
                        response
                    }
                },
            ));
        let server = accept(listener, app.clone());
        Host {
            base,
            _root: root,
            sent,
            log,
            server,
            app,
        }
    }

    /// Bytes sent so far: each answer's head (as hyper writes it, about)
    /// and its body as sent (compressed where it was).
    pub fn bytes_sent(&self) -> u64 {
        self.sent.load(Ordering::SeqCst)
    }

    /// The requests answered so far ("path status").
    pub fn requests(&self) -> Vec<String> {
        self.log.lock().unwrap().clone()
    }

    /// The server is gone: its port refuses connections, and the ones open are closed.
    pub fn stop(&self) {
        self.server.abort();
    }

    /// The server is back after [`Host::stop`], at the same address (the
    /// same origin, so the pages keep what they stored).
    pub async fn serve_again(&mut self) {
        let address = self.base.trim_start_matches("http://");
        let address = address.split('/').next().unwrap().to_string();
        let listener = TcpListener::bind(&address).await.unwrap();
        self.server = accept(listener, self.app.clone());
    }
}

/// Serves `app` on every connection `listener` accepts, until aborted.
fn accept(listener: TcpListener, app: Router) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        // Every connection's task lives in this set: aborting the
        // server drops the set, which aborts them all.
        let mut connections = JoinSet::new();
        loop {
            let (stream, _) = listener.accept().await.unwrap();
            let service = TowerToHyperService::new(app.clone());
            connections.spawn(async move {
                let _ = hyper_util::server::conn::auto::Builder::new(TokioExecutor::new())
                    .serve_connection(TokioIo::new(stream), service)
                    .await;
            });
        }
    })
}

impl Drop for Host {
    fn drop(&mut self) {
        self.server.abort();
    }
}

/// Counts an answer's head and, as it is sent, its body.
fn count(response: Response, sent: Arc<AtomicU64>) -> Response {
    let head: usize = response
        .headers()
        .iter()
        .map(|(name, value)| name.as_str().len() + value.len() + 4)
        .sum::<usize>()
        + "HTTP/1.1 200 OK\r\n\r\n".len();
    sent.fetch_add(head as u64, Ordering::SeqCst);
    response.map(|body| {
        Body::new(body.map_frame(move |frame| {
            if let Some(data) = frame.data_ref() {
                sent.fetch_add(data.len() as u64, Ordering::SeqCst);
            }
            frame
        }))
    })
}
