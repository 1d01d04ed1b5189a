//! The local server's safety against other web pages: each refusal (a
//! foreign Host name, a cross-origin request, a body type a cross-site form
//! can send) and the security headers, against a real server.

use crate::common::*;
use serde_json::Value;
use std::io::{Read, Write};

/// Sends `head` (request line and headers, without the blank line) and
/// `body` over a plain socket, so that every header is exactly as written;
/// returns the status and the answer's body.
fn raw(base: &str, head: &str, body: &str) -> (u16, String) {
    let address = base.trim_start_matches("http://");
    let mut socket = std::net::TcpStream::connect(address).unwrap();
    let request = format!(
        "{head}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    socket.write_all(request.as_bytes()).unwrap();
    let mut answer = String::new();
    socket.read_to_string(&mut answer).unwrap();
    let status = answer[9..12].parse().unwrap();
    let body = answer.split("\r\n\r\n").nth(1).unwrap_or("").to_string();
    (status, body)
}

fn host(base: &str) -> &str {
    base.trim_start_matches("http://")
}

const CARD1: &str = r#"{"puzzle":"card1"}"#;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_foreign_host_name_gets_421_on_loopback() {
    let base = start_default().await;
    let port = host(&base).rsplit(':').next().unwrap().to_string();
    for name in ["attacker.example", "127.0.0.1.nip.io", "localhost"] {
        let head = format!("GET /api/health HTTP/1.1\r\nHost: {name}:{port}");
        let expected = if name == "localhost" { 200 } else { 421 };
        let (status, body) = raw(&base, &head, "");
        assert_eq!(status, expected, "{name}: {body}");
        // The page itself is refused too: a rebound name cannot read it.
        let head = format!("GET / HTTP/1.1\r\nHost: {name}:{port}");
        assert_eq!(raw(&base, &head, "").0, expected, "{name} /");
    }
    // Another port on the right name, and no Host at all.
    assert_eq!(raw(&base, "GET / HTTP/1.1\r\nHost: 127.0.0.1:1", "").0, 421);
    let (status, body) = raw(&base, "GET / HTTP/1.0", "");
    assert_eq!(status, 421, "{body}");
    let answer: Value = serde_json::from_str(&body).unwrap();
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .contains(&format!("localhost:{port}")),
        "{answer}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cross_origin_state_changing_requests_get_403() {
    let base = start_default().await;
    let own = host(&base).to_string();
    let json = "Content-Type: application/json";
    for (headers, expected) in [
        ("Sec-Fetch-Site: cross-site".to_string(), 403),
        ("Sec-Fetch-Site: same-site".to_string(), 403),
        ("Origin: https://attacker.example".to_string(), 403),
        ("Origin: null".to_string(), 403),
        (format!("Origin: http://{own}.attacker.example"), 403),
        (
            format!("Origin: http://{own}\r\nSec-Fetch-Site: cross-site"),
            403,
        ),
        // The page's own requests, and a request from no page (curl).
        (
            format!("Origin: http://{own}\r\nSec-Fetch-Site: same-origin"),
            200,
        ),
        (format!("Origin: http://{own}"), 200),
        (String::new(), 200),
    ] {
        for path in ["/api/board", "/api/solve"] {
            let mut head = format!("POST {path} HTTP/1.1\r\nHost: {own}\r\n{json}");
            if !headers.is_empty() {
                head = format!("{head}\r\n{headers}");
            }
            let (status, body) = raw(&base, &head, CARD1);
            assert_eq!(status, expected, "{path} with {headers:?}: {body}");
            if expected == 403 {
                assert!(body.contains("cross-origin requests are refused"), "{body}");
            }
        }
    }
    // Nothing was solved for the refused requests: three solves ran.
    let counts = get(&base, "/api/health").await.1["solves"].clone();
    assert_eq!(counts["finished"], 3, "{counts}");
    // Reading is not state-changing: a cross-site GET of the page is served
    // (the browser keeps its content from the other site).
    let head = format!("GET / HTTP/1.1\r\nHost: {own}\r\nSec-Fetch-Site: cross-site");
    assert_eq!(raw(&base, &head, "").0, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bodies_a_cross_site_form_can_send_get_415() {
    let base = start_default().await;
    let own = host(&base).to_string();
    for content_type in [
        "",
        "Content-Type: text/plain",
        "Content-Type: text/plain; charset=utf-8",
        "Content-Type: application/x-www-form-urlencoded",
        "Content-Type: multipart/form-data; boundary=x",
    ] {
        for path in [
            "/api/board",
            "/api/solve",
            "/api/solve/stream",
            "/api/analyze",
        ] {
            let mut head = format!("POST {path} HTTP/1.1\r\nHost: {own}");
            if !content_type.is_empty() {
                head = format!("{head}\r\n{content_type}");
            }
            let (status, body) = raw(&base, &head, CARD1);
            assert_eq!(status, 415, "{path} {content_type:?}: {body}");
            assert!(body.contains("application/json"), "{body}");
        }
    }
    // JSON with parameters and in any case is JSON.
    let head = format!(
        "POST /api/board HTTP/1.1\r\nHost: {own}\r\nContent-Type: Application/JSON; charset=utf-8"
    );
    assert_eq!(raw(&base, &head, CARD1).0, 200);
    // A scan takes an image or a form, not text.
    let head = format!("POST /api/scan HTTP/1.1\r\nHost: {own}\r\nContent-Type: text/plain");
    let (status, body) = raw(&base, &head, "not a picture");
    assert_eq!(status, 415, "{body}");
    assert!(body.contains("image"), "{body}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_scan_reads_an_image_body_or_a_multipart_form() {
    let base = start_default().await;
    let index = unblocker_testdata::read_to_string("screenshots/INDEX.tsv");
    let name = index
        .lines()
        .find(|l| l.starts_with("unblocker/Puzzle-E-29.jpg"))
        .unwrap()
        .split('\t')
        .next()
        .unwrap();
    let bytes = std::fs::read(unblocker_testdata::path("screenshots").join(name)).unwrap();
    let as_body = client()
        .post(format!("{base}/api/scan"))
        .header("content-type", "image/jpeg")
        .body(bytes.clone())
        .send()
        .await
        .unwrap();
    assert_eq!(as_body.status().as_u16(), 200);
    let as_body: Value = as_body.json().await.unwrap();
    let form = reqwest::multipart::Form::new().part(
        "image",
        reqwest::multipart::Part::bytes(bytes).file_name("shot.jpg"),
    );
    let as_form = client()
        .post(format!("{base}/api/scan"))
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(as_form.status().as_u16(), 200);
    let as_form: Value = as_form.json().await.unwrap();
    assert_eq!(as_form["board"], as_body["board"]);
    // A form without a file says what to send.
    let empty = client()
        .post(format!("{base}/api/scan"))
        .multipart(reqwest::multipart::Form::new())
        .send()
        .await
        .unwrap();
    assert_eq!(empty.status().as_u16(), 400);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_answer_carries_the_security_headers() {
    let base = start_default().await;
    for (method, path) in [
        ("GET", "/"),
        ("GET", "/js/main.js"),
        ("GET", "/api/health"),
        ("GET", "/api/nothing"),
        ("POST", "/api/board"),
    ] {
        let response = client()
            .request(method.parse().unwrap(), format!("{base}{path}"))
            .header("content-type", "text/plain")
            .body(CARD1)
            .send()
            .await
            .unwrap();
        let headers = response.headers();
        let csp = headers["content-security-policy"].to_str().unwrap();
        for directive in [
            "default-src 'none'",
            "script-src 'self'",
            "connect-src 'self'",
            "frame-ancestors 'none'",
        ] {
            assert!(csp.contains(directive), "{path}: {csp}");
        }
        assert_eq!(headers["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(headers["referrer-policy"], "no-referrer", "{path}");
    }
}
