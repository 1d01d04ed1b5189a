//! Starting the server on an ephemeral port.

#![allow(dead_code)]

use std::time::Duration;
use tokio::net::TcpListener;
use unblocker_web::{Config, Limits};

/// A 6×7 Klotski board with nine small pieces: its component is far too
/// large to search in a test, so every solve of it runs until a limit or a
/// cancellation stops it.
pub const ENDLESS: &str = "AA..../AA..../....../B.C.D./B.C.D./EFGHIJ/......";

/// Serves on 127.0.0.1 with an ephemeral port; returns `http://127.0.0.1:PORT`.
pub async fn start(limits: Limits) -> String {
    start_with(Config {
        limits,
        ..Config::default()
    })
    .await
}

/// Serves `config` on 127.0.0.1 with an ephemeral port, answering to the
/// names of that address (as `unblocker serve` does).
pub async fn start_with(config: Config) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let address = listener.local_addr().expect("address");
    // A database that cannot be opened fails here, not in the spawned task.
    let _ = unblocker_web::router(config.clone()).expect("the server starts");
    tokio::spawn(unblocker_web::serve(listener, config));
    format!("http://{address}")
}

pub async fn start_default() -> String {
    start(Limits::default()).await
}

/// Limits for the tests of queueing and cancellation: one slot, a short wait.
pub fn one_slot() -> Limits {
    Limits {
        max_solves: 1,
        queue_wait: Duration::from_millis(200),
        ..Limits::default()
    }
}

pub fn client() -> reqwest::Client {
    reqwest::Client::new()
}

/// POSTs `body` (JSON text) and returns the status and the parsed answer.
pub async fn post(base: &str, path: &str, body: &str) -> (u16, serde_json::Value) {
    let response = client()
        .post(format!("{base}{path}"))
        .header("content-type", "application/json")
        .body(body.to_string())
        .send()
        .await
        .expect("request");
    answer(response).await
}

/// Scans `png` (sent as `image/png`).
pub async fn scan(base: &str, png: Vec<u8>) -> reqwest::Response {
    client()
        .post(format!("{base}/api/scan"))
        .header("content-type", "image/png")
        .body(png)
        .send()
        .await
        .expect("request")
}

pub async fn get(base: &str, path: &str) -> (u16, serde_json::Value) {
    let response = client()
        .get(format!("{base}{path}"))
        .send()
        .await
        .expect("request");
    answer(response).await
}

/// The status and the body as JSON (or as a JSON string when it is not JSON).
async fn answer(response: reqwest::Response) -> (u16, serde_json::Value) {
    let status = response.status().as_u16();
    let text = response.text().await.expect("body");
    let json = serde_json::from_str(&text).unwrap_or(serde_json::Value::String(text));
    (status, json)
}

/// Polls `/api/health` until `done` holds for its `solves` counts (or 10 s).
pub async fn wait_for_counts(
    base: &str,
    done: impl Fn(&serde_json::Value) -> bool,
) -> serde_json::Value {
    let mut last = serde_json::Value::Null;
    for _ in 0..200 {
        last = get(base, "/api/health").await.1["solves"].clone();
        if done(&last) {
            return last;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    last
}
