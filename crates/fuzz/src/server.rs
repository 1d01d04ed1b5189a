//! The API's check: a server in this process on a loopback port, with small
//! limits so that every request answers quickly, and a count of every panic
//! in the process (in a handler, in a solve's thread, anywhere), so that a
//! panic the server swallowed still fails the check.

use crate::requests::Request;
use crate::Finding;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;
use std::time::Duration;
use unblocker_web::{Config, Limits};

/// The server and a client for it.
pub struct Server {
    runtime: tokio::runtime::Runtime,
    base: String,
    client: reqwest::Client,
}

static PANICS: AtomicUsize = AtomicUsize::new(0);

/// Panics anywhere in this process since the server started.
pub fn panics() -> usize {
    PANICS.load(Ordering::SeqCst)
}

/// The limits the fuzzed server runs under: a request never waits long.
pub fn limits() -> Limits {
    Limits {
        max_body_bytes: 1 << 20,
        max_solves: 2,
        queue_wait: Duration::from_secs(10),
        timeout: Duration::from_secs(1),
        max_nodes: 2000,
        max_memory: 256 << 20,
    }
}

/// The one server of this process (started, and the panic count installed,
/// on first use).
pub fn server() -> &'static Server {
    static SERVER: OnceLock<Server> = OnceLock::new();
    SERVER.get_or_init(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            PANICS.fetch_add(1, Ordering::SeqCst);
            default(info);
        }));
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("a runtime");
        let listener = runtime
            .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
            .expect("a loopback port");
        let base = format!("http://{}", listener.local_addr().expect("an address"));
        runtime.spawn(unblocker_web::serve(
            listener,
            Config {
                limits: limits(),
                ..Config::default()
            },
        ));
        Server {
            runtime,
            base,
            client: reqwest::Client::new(),
        }
    })
}

impl Server {
    /// Sends `request`; its status and body, or why no answer came.
    pub fn send(&self, request: &Request) -> Result<(u16, Vec<u8>), Finding> {
        let url = format!("{}{}", self.base, request.path);
        let content_type = if request.path == "/api/scan" {
            // The server takes scans as images (any image type) or forms.
            "image/png"
        } else {
            "application/json"
        };
        self.runtime.block_on(async {
            let builder = if request.post {
                self.client
                    .post(&url)
                    .header("content-type", content_type)
                    .body(request.body.clone())
            } else {
                self.client.get(&url)
            };
            let response = builder.send().await.map_err(|error| Finding::NoAnswer {
                path: request.path.clone(),
                error,
            })?;
            let status = response.status().as_u16();
            let body = response.bytes().await.map_err(|error| Finding::BrokeOff {
                path: request.path.clone(),
                error,
            })?;
            Ok((status, body.to_vec()))
        })
    }
}

/// A request gets an answer (never a dropped connection) that is not a
/// server error (503, unavailable, aside), and nothing in the process panics meanwhile.
pub fn api_request(request: &Request) -> Result<(), Finding> {
    let server = server();
    let before = panics();
    let (status, body) = server.send(request)?;
    if panics() != before {
        return Err(Finding::Panicked {
            path: request.path.clone(),
        });
    }
    // 503 is an honest answer (no puzzle database, every solve slot busy).
    if status >= 500 && status != 503 {
        return Err(Finding::ServerError {
            path: request.path.clone(),
            status,
            body: String::from_utf8_lossy(&body).into_owned(),
        });
    }
    Ok(())
}
