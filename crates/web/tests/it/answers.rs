//! Error answers: always JSON, never echoing a long input whole; a board
//! object refuses a key given twice and a wall listed twice, as the request
//! object does.

use crate::common;
use serde_json::Value;

/// `method path` with `body` (JSON): the status, the content type and the
/// body read as JSON.
async fn ask(method: &str, path: &str, body: Option<String>) -> (u16, String, Value) {
    let base = common::start_default().await;
    let client = reqwest::Client::new();
    let mut request = client.request(method.parse().unwrap(), format!("{base}{path}"));
    if let Some(body) = body {
        request = request
            .header("content-type", "application/json")
            .body(body);
    }
    let answer = request.send().await.unwrap();
    let status = answer.status().as_u16();
    let kind = answer.headers()["content-type"]
        .to_str()
        .unwrap()
        .to_string();
    let text = answer.text().await.unwrap();
    let json = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    (status, kind, json)
}

const CARD1: &str = "BBoooCDooEoCDAAEoCDooEooFoooGGFoHHHo";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_key_given_twice_and_a_wrong_method_answer_json() {
    let (status, kind, json) = ask("GET", "/api/random?min=1&min=60", None).await;
    assert_eq!((status, kind.as_str()), (400, "application/json"));
    assert!(
        json["error"].as_str().unwrap().contains("duplicate field"),
        "{json}"
    );
    for (method, path) in [
        ("GET", "/api/solve"),
        ("POST", "/api/health"),
        ("DELETE", "/api/random"),
    ] {
        let body = (method != "GET").then(|| "{}".to_string());
        let (status, kind, json) = ask(method, path, body).await;
        assert_eq!(
            (status, kind.as_str()),
            (405, "application/json"),
            "{method} {path}"
        );
        assert!(json["error"].is_string(), "{json}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_value_is_quoted_by_a_short_prefix() {
    let long = "x".repeat(1 << 20);
    let body = format!(r#"{{"puzzle":"{CARD1}","metric":"{long}"}}"#);
    let (status, _, json) = ask("POST", "/api/solve", Some(body)).await;
    assert_eq!(status, 400);
    let message = json["error"].as_str().unwrap();
    assert!(message.starts_with("unknown metric 'xxxx"), "{message}");
    assert!(
        message.chars().count() < 200,
        "{} characters",
        message.len()
    );
    // Whatever serde quotes of a request, the answer stays short.
    let body = format!(r#"{{"puzzle":{{"width":"{long}"}}}}"#);
    let (status, _, json) = ask("POST", "/api/solve", Some(body)).await;
    assert_eq!(status, 400);
    assert!(
        json["error"].as_str().unwrap().chars().count() <= 301,
        "{json}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_object_refuses_a_key_given_twice_and_a_wall_listed_twice() {
    let piece = r#"{"label":"A","row":2,"col":0,"width":2,"height":1}"#;
    let twice = format!(r#"{{"puzzle":{{"width":6,"width":7,"height":6,"pieces":[{piece}]}}}}"#);
    let (status, _, json) = ask("POST", "/api/board", Some(twice)).await;
    assert_eq!(status, 400);
    assert!(
        json["error"]
            .as_str()
            .unwrap()
            .contains("duplicate key 'width'"),
        "{json}"
    );
    let nested = r#"{"puzzle":{"width":6,"height":6,"pieces":[{"label":"A","row":2,"row":3,"col":0,"width":2,"height":1}]}}"#;
    let (status, _, json) = ask("POST", "/api/board", Some(nested.into())).await;
    assert_eq!(status, 400);
    assert!(
        json["error"]
            .as_str()
            .unwrap()
            .contains("duplicate key 'row'"),
        "{json}"
    );
    let walls = vec!["[0,3]"; 1_000_000].join(",");
    let many =
        format!(r#"{{"puzzle":{{"width":6,"height":6,"pieces":[{piece}],"walls":[{walls}]}}}}"#);
    let (status, _, json) = ask("POST", "/api/board", Some(many)).await;
    assert_eq!(status, 400);
    assert!(
        json["error"]
            .as_str()
            .unwrap()
            .contains("the wall at row 0, column 3 is listed more than once"),
        "{json}"
    );
    let once =
        format!(r#"{{"puzzle":{{"width":6,"height":6,"pieces":[{piece}],"walls":[[0,3]]}}}}"#);
    let (status, _, json) = ask("POST", "/api/board", Some(once)).await;
    assert_eq!(status, 200, "{json}");
}

/// A PNG of `width` × `height` white pixels.
fn white_png(width: u32, height: u32) -> Vec<u8> {
    let picture = image::GrayImage::from_pixel(width, height, image::Luma([255]));
    let mut png = std::io::Cursor::new(Vec::new());
    picture.write_to(&mut png, image::ImageFormat::Png).unwrap();
    png.into_inner()
}

/// A server whose memory budget is `max_memory` bytes.
async fn with_memory(max_memory: u64) -> String {
    common::start(unblocker_web::Limits {
        max_memory,
        ..unblocker_web::Limits::default()
    })
    .await
}

/// A failed scan carries its debug overlay when it is small, and says it
/// left it out when it is not (a long thin picture's overlay is megabytes).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_scan_carries_its_overlay_only_when_it_is_small() {
    let base = common::start_default().await;
    let small = common::scan(&base, white_png(64, 64)).await;
    assert_eq!(small.status(), 422);
    let json: Value = small.json().await.unwrap();
    assert!(json["overlay"].is_string(), "{json}");
    let tall = common::scan(&base, white_png(1, 4_000_000)).await;
    assert_eq!(tall.status(), 422);
    let text = tall.text().await.unwrap();
    assert!(text.len() < 4096, "{} bytes", text.len());
    let json: Value = serde_json::from_str(&text).unwrap();
    assert!(json["overlay"].is_null(), "{json}");
    assert!(json["overlay_omitted"]
        .as_str()
        .unwrap()
        .ends_with("at most 2097152 are sent"));
}

/// A scan keeps to the time limit: with none left, it stops at its first
/// checkpoint and frees its slot.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_scan_stops_at_its_time_limit() {
    let base = common::start(unblocker_web::Limits {
        timeout: std::time::Duration::ZERO,
        ..unblocker_web::Limits::default()
    })
    .await;
    for _ in 0..3 {
        let answer = common::scan(&base, white_png(640, 480)).await;
        assert_eq!(answer.status(), 503);
        let json: Value = answer.json().await.unwrap();
        assert_eq!(json["error"], "the scan was stopped: time limit reached");
    }
}

/// A request body is charged to the memory budget while it is handled: a
/// body the budget cannot hold gets 503, and the charge is given back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_body_is_charged_to_the_memory_budget() {
    let base = with_memory(1 << 20).await;
    let client = reqwest::Client::new();
    let padding = " ".repeat(2 << 20);
    let body = format!(r#"{{"puzzle":"{CARD1}"{padding}}}"#);
    let board = |body: String| {
        client
            .post(format!("{base}/api/board"))
            .header("content-type", "application/json")
            .body(body)
            .send()
    };
    let answer = board(body).await.unwrap();
    assert_eq!(answer.status(), 503);
    let small = format!(r#"{{"puzzle":"{CARD1}"}}"#);
    let answer = board(small).await.unwrap();
    assert_eq!(answer.status(), 200);
    let health: Value = reqwest::get(format!("{base}/api/health"))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(health["memory_in_use_bytes"], 0);
}

/// A scan charges its decoded picture to the memory budget, from the
/// picture's header before decoding, with what the decoder may hold besides
/// (`DECODER_BYTES`): a picture the whole budget cannot hold gets 413, a
/// small one is scanned, and the charge is given back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_scan_charges_its_decoded_picture_to_the_memory_budget() {
    let base = with_memory(24 << 20).await;
    // 2,000 × 2,000 grey pixels: 4 MB decoded plus 12 MB as RGB, from a
    // file of a few kilobytes.
    let large = white_png(2000, 2000);
    assert!(large.len() < 100_000, "{} bytes", large.len());
    let answer = common::scan(&base, large).await;
    assert_eq!(answer.status(), 413);
    let json: Value = answer.json().await.unwrap();
    let need = 16_000_000 + unblocker_scan::DECODER_BYTES;
    let (_, health) = common::get(&base, "/api/health").await;
    let budget = &health["limits"]["max_memory_bytes"];
    assert_eq!(
        json["error"],
        format!("the picture takes {need} bytes decoded, over the server's memory budget ({budget} bytes)")
    );
    let answer = common::scan(&base, white_png(64, 64)).await;
    assert_eq!(answer.status(), 422, "a small picture is scanned");
    let (_, health) = common::get(&base, "/api/health").await;
    assert_eq!(health["memory_in_use_bytes"], 0, "{health}");
}

/// An answer is charged to the memory budget until the connection has
/// taken it: one the budget cannot hold gets 503, a small one passes, and
/// nothing stays charged afterwards.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_answer_the_memory_budget_cannot_hold_gets_503() {
    let base = common::start_default().await;
    let (status, puzzles) = common::get(&base, "/api/puzzles").await;
    assert_eq!(status, 200);
    let size = puzzles.to_string().len() as u64;
    // The connection's own share comes out first (`CONNECTION_BYTES`).
    let base = with_memory(unblocker_web::CONNECTION_BYTES + size / 2).await;
    let (status, json) = common::get(&base, "/api/puzzles").await;
    assert_eq!(status, 503, "{json}");
    let error = json["error"].as_str().unwrap();
    assert!(
        error.starts_with("the server's memory budget cannot hold this answer"),
        "{error}"
    );
    let (status, health) = common::get(&base, "/api/health").await;
    assert_eq!(status, 200);
    assert_eq!(health["memory_in_use_bytes"], 0, "{health}");
}
