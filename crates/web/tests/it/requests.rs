//! Requests the server will not take: a URI or headers too long get the
//! guard's JSON 414 or 431 with the security headers, and the page's files
//! answer a method other than GET or HEAD with a JSON 405 naming `Allow`.
//! Past the HTTP layer's own limits, and on a request it cannot parse, the
//! answer is the same kind: JSON with the security headers.

use crate::common;
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use unblocker_web::guard::{MAX_HEADER_BYTES, MAX_URI_BYTES};
use unblocker_web::HEAD_BYTES;

/// The status, the headers and the body (JSON) of `request`.
async fn answer(request: reqwest::RequestBuilder) -> (u16, reqwest::header::HeaderMap, Value) {
    let answer = request.send().await.unwrap();
    let status = answer.status().as_u16();
    let headers = answer.headers().clone();
    let text = answer.text().await.unwrap();
    let json = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    (status, headers, json)
}

/// A JSON error answer carrying the page's security headers.
fn assert_guarded_error(headers: &reqwest::header::HeaderMap, json: &Value) {
    assert_eq!(headers["content-type"], "application/json");
    assert_eq!(headers["x-content-type-options"], "nosniff");
    assert_eq!(headers["x-frame-options"], "DENY");
    assert!(headers.contains_key("content-security-policy"));
    assert!(json["error"].is_string(), "{json}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_uri_or_header_gets_a_guarded_json_answer() {
    let base = common::start_default().await;
    let client = reqwest::Client::new();
    let long_query = "x".repeat(MAX_URI_BYTES);
    let (status, headers, json) =
        answer(client.get(format!("{base}/api/health?{long_query}"))).await;
    assert_eq!(status, 414, "{json}");
    assert_guarded_error(&headers, &json);

    let (status, headers, json) = answer(
        client
            .get(format!("{base}/api/health"))
            .header("x-padding", "y".repeat(MAX_HEADER_BYTES)),
    )
    .await;
    assert_eq!(status, 431, "{json}");
    assert_guarded_error(&headers, &json);

    // Just under both limits is answered.
    let (status, _, json) = answer(
        client
            .get(format!(
                "{base}/api/health?{}",
                "x".repeat(MAX_URI_BYTES / 2)
            ))
            .header("x-padding", "y".repeat(MAX_HEADER_BYTES / 2)),
    )
    .await;
    assert_eq!(status, 200, "{json}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_takes_get_and_head_only() {
    let base = common::start_default().await;
    let client = reqwest::Client::new();
    for path in [
        "/",
        "/index.html",
        "/app.css",
        "/js/main.js",
        "/icon-192.png",
    ] {
        for method in ["POST", "PUT", "DELETE", "PATCH"] {
            let (status, headers, json) = answer(
                client
                    .request(method.parse().unwrap(), format!("{base}{path}"))
                    .header("content-type", "application/json")
                    .body("{}"),
            )
            .await;
            assert_eq!(status, 405, "{method} {path}: {json}");
            assert_eq!(headers["allow"], "GET, HEAD", "{method} {path}");
            assert_guarded_error(&headers, &json);
        }
        let page = client.get(format!("{base}{path}")).send().await.unwrap();
        assert_eq!(page.status().as_u16(), 200, "GET {path}");
        let head = client.head(format!("{base}{path}")).send().await.unwrap();
        assert_eq!(head.status().as_u16(), 200, "HEAD {path}");
    }
    let (status, headers, json) = answer(client.get(format!("{base}/nothing.js"))).await;
    assert_eq!(status, 404);
    assert_guarded_error(&headers, &json);
}

/// What the server sends back on a fresh connection to `raw` bytes.
async fn raw_answer(address: &str, raw: &[u8]) -> String {
    let mut stream = TcpStream::connect(address).await.unwrap();
    stream.write_all(raw).await.unwrap();
    let mut text = Vec::new();
    // hyper closes the connection after its own answer.
    let _ = stream.read_to_end(&mut text).await;
    String::from_utf8_lossy(&text).into_owned()
}

/// Past hyper's own limits (a head over `HEAD_BYTES` or 100 header lines)
/// or on a request line it cannot parse, the
/// answer is still a JSON error with the security headers, and the
/// connection closes after it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn past_the_http_layers_limits_the_answer_is_still_ours() {
    let base = common::start_default().await;
    let address = base.trim_start_matches("http://");
    let padding = "y".repeat(HEAD_BYTES);
    let long_head =
        format!("GET /api/health HTTP/1.1\r\nhost: {address}\r\nx-padding: {padding}\r\n\r\n");
    let lines: String = (0..101).map(|i| format!("x-{i}: 1\r\n")).collect();
    let many_lines = format!("GET /api/health HTTP/1.1\r\nhost: {address}\r\n{lines}\r\n");
    let long_uri = format!(
        "GET /api/health?{} HTTP/1.1\r\nhost: {address}\r\n\r\n",
        "q".repeat(65_535)
    );
    let cases = [
        (
            long_head,
            "431 Request Header Fields Too Large",
            "65536 bytes",
        ),
        (
            many_lines,
            "431 Request Header Fields Too Large",
            "100 header lines",
        ),
        // hyper's 414 needs a URI over 65,534 bytes, whose head is over
        // `HEAD_BYTES`: it gets the 431.
        (
            long_uri,
            "431 Request Header Fields Too Large",
            "65536 bytes",
        ),
        (
            "NOT A REQUEST\r\n\r\n".to_string(),
            "400 Bad Request",
            "HTTP/1.1",
        ),
    ];
    for (request, status, says) in cases {
        let text = raw_answer(address, request.as_bytes()).await;
        let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
        let head = format!("{head}\r\n");
        assert!(
            head.starts_with(&format!("HTTP/1.1 {status}\r\n")),
            "{head}"
        );
        for line in [
            "x-content-type-options: nosniff",
            "x-frame-options: DENY",
            "content-type: application/json",
            "connection: close",
        ] {
            assert!(
                head.contains(&format!("\r\n{line}\r\n")),
                "{line} in {head}"
            );
        }
        assert!(
            head.contains(&format!("\r\ncontent-length: {}\r\n", body.len())),
            "{head}"
        );
        let json: Value = serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {body}"));
        let error = json["error"].as_str().unwrap_or_default();
        assert!(error.contains(says), "{status}: {error}");
    }
}
