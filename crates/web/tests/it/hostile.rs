//! Requests a hostile client sends, over raw loopback connections: request
//! smuggling (a body framed two ways, two lengths, a transfer coding that
//! does not end in `chunked`) and path traversal. Each gets one JSON error
//! with the security headers, and nothing behind it is answered or served.

use crate::common;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Everything the server sends back on a fresh connection to `raw`, until
/// it closes the connection.
async fn exchange(address: &str, raw: &str) -> String {
    let mut stream = TcpStream::connect(address).await.unwrap();
    stream.write_all(raw.as_bytes()).await.unwrap();
    let mut text = Vec::new();
    let read = stream.read_to_end(&mut text);
    tokio::time::timeout(std::time::Duration::from_secs(20), read)
        .await
        .expect("the server closes the connection")
        .unwrap();
    String::from_utf8_lossy(&text).into_owned()
}

/// One answer with `status`, JSON and the security headers, and nothing
/// after its body.
fn assert_one_guarded_answer(text: &str, status: &str) {
    assert!(text.starts_with(&format!("HTTP/1.1 {status} ")), "{text}");
    let (head, body) = text.split_once("\r\n\r\n").unwrap();
    let head = head.to_ascii_lowercase();
    assert!(
        head.contains("\r\nx-content-type-options: nosniff"),
        "{head}"
    );
    assert!(
        head.contains("\r\ncontent-type: application/json"),
        "{head}"
    );
    let length = head
        .split("\r\n")
        .find_map(|line| line.strip_prefix("content-length: "))
        .and_then(|n| n.parse::<usize>().ok());
    assert_eq!(length, Some(body.len()), "one answer only: {text}");
    let json: serde_json::Value =
        serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {body}"));
    assert!(json["error"].is_string(), "{json}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_framed_two_ways_is_refused_and_nothing_behind_it_is_answered() {
    let base = common::start_default().await;
    let address = base.trim_start_matches("http://");
    let host = format!("host: {address}\r\n");
    let post = format!("POST /api/board HTTP/1.1\r\n{host}content-type: application/json\r\n");
    let smuggled = format!("GET /api/health HTTP/1.1\r\n{host}\r\n");
    // Content-Length and chunked at once: the chunked body (empty) is read,
    // the request refused, and the connection closed before the request
    // hidden behind it.
    let both =
        format!("{post}content-length: 4\r\ntransfer-encoding: chunked\r\n\r\n0\r\n\r\n{smuggled}");
    assert_one_guarded_answer(&exchange(address, &both).await, "400");
    // Two lengths, and a transfer coding that does not end in chunked: the
    // HTTP layer refuses the head.
    let lengths = format!("{post}content-length: 4\r\ncontent-length: 5\r\n\r\nabcde{smuggled}");
    assert_one_guarded_answer(&exchange(address, &lengths).await, "400");
    let coding = format!("{post}transfer-encoding: chunked, identity\r\n\r\n0\r\n\r\n{smuggled}");
    assert_one_guarded_answer(&exchange(address, &coding).await, "400");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_path_out_of_the_page_gets_404_and_no_file() {
    let base = common::start_default().await;
    let address = base.trim_start_matches("http://");
    for path in [
        "/../../etc/passwd",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/app.js/..%2f..%2fCargo.toml",
        "//etc/passwd",
        "/static/../../../Cargo.toml",
        "/api/../../etc/passwd",
        "/index.html%00.png",
    ] {
        let request =
            format!("GET {path} HTTP/1.1\r\nhost: {address}\r\nconnection: close\r\n\r\n");
        let text = exchange(address, &request).await;
        let status = text.get(9..12).unwrap_or_default();
        assert!(["400", "404"].contains(&status), "{path}: {text}");
        assert_one_guarded_answer(&text, status);
        assert!(
            !text.contains("root:") && !text.contains("[workspace"),
            "{path}: {text}"
        );
    }
}
