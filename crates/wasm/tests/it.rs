//! The engine's functions called natively: each answers JSON text in the
//! worker's shape (`{"answer"}` or `{"status", "body"}`), with the API's
//! objects and messages. In the browser the same functions are checked
//! against the native engine by `unblocker-web`'s browser suite.

use serde_json::{json, Value};

fn parse(text: String) -> Value {
    serde_json::from_str(&text).expect("JSON text")
}

const GIB: f64 = 1_073_741_824.0;

#[test]
fn a_board_is_answered_with_its_legal_moves() {
    let reply = parse(unblocker_wasm::board(r#"{"puzzle":"card1"}"#));
    assert_eq!(
        reply["answer"]["line"],
        "BBoooCDooEoCDAAEoCDooEooFoooGGFoHHHo"
    );
    assert_eq!(reply["answer"]["moves"].as_array().unwrap().len(), 11);
}

#[test]
fn a_bad_request_is_the_apis_refusal() {
    let reply = parse(unblocker_wasm::board(r#"{"puzzle":"nonsense"}"#));
    assert_eq!(reply["status"], 400);
    let message = reply["body"]["error"].as_str().unwrap();
    assert!(
        message.contains("'nonsense' is not a bundled puzzle"),
        "{message}"
    );
    let reply = parse(unblocker_wasm::solve("{", GIB, None));
    assert_eq!(reply["status"], 400);
    assert!(reply["body"]["error"]
        .as_str()
        .unwrap()
        .starts_with("bad request JSON"));
}

#[test]
fn solves_and_analyses_are_optimal_and_keep_their_memory_cap() {
    let reply = parse(unblocker_wasm::solve(r#"{"puzzle":"hardest"}"#, GIB, None));
    assert_eq!(reply["answer"]["length"], 60);
    let reply = parse(unblocker_wasm::solve(
        r#"{"puzzle":"横刀立马","metric":"step"}"#,
        GIB,
        None,
    ));
    assert_eq!(reply["answer"]["length"], 116);
    let reply = parse(unblocker_wasm::analyze(r#"{"puzzle":"card1"}"#, GIB, None));
    assert_eq!(reply["answer"]["optimal_moves"], 8);
    // 64 KiB cannot hold 横刀立马's search: it stops, it does not fail.
    let reply = parse(unblocker_wasm::solve(
        r#"{"puzzle":"横刀立马"}"#,
        65536.0,
        None,
    ));
    assert_eq!(reply["answer"]["status"], "memory_limit", "{reply}");
}

#[test]
fn random_puzzles_keep_to_the_difficulty_asked() {
    let mut boards = std::collections::HashSet::new();
    for random in 0..50 {
        let reply = parse(unblocker_wasm::random(
            r#"{"query":"min=31&max=40&walls=0"}"#,
            random,
        ));
        let answer = &reply["answer"];
        let moves = answer["moves"].as_u64().unwrap();
        assert!((31..=40).contains(&moves), "{answer}");
        assert_eq!(answer["walls"], 0);
        assert!(!answer["board"].as_str().unwrap().contains('x'), "{answer}");
        boards.insert(answer["board"].to_string());
    }
    assert!(boards.len() > 40, "50 draws gave {} puzzles", boards.len());
    let reply = parse(unblocker_wasm::random(r#"{"query":"min=61"}"#, 7));
    assert_eq!(reply["status"], 404);
    // The server's messages: the query is read by the same function.
    for (query, error) in [
        ("min=9&max=3", "min (9) is more than max (3)"),
        ("min=hard", "min must be a number of moves, not 'hard'"),
        (
            "min=1&min=2",
            "the query does not read: duplicate field `min`",
        ),
    ] {
        let request = json!({ "query": query }).to_string();
        let reply = parse(unblocker_wasm::random(&request, 7));
        assert_eq!(reply["status"], 400, "{query}");
        assert_eq!(reply["body"]["error"], error, "{query}");
        assert_eq!(unblocker_api::difficulty(query).unwrap_err().message, error);
    }
    let reply = parse(unblocker_wasm::random(r#"{"query":"min=1","level":3}"#, 7));
    assert_eq!(reply["status"], 400);
}

#[test]
fn the_bundled_puzzles_are_listed() {
    let reply = parse(unblocker_wasm::puzzles());
    let list = reply["answer"].as_array().unwrap();
    assert!(list.iter().any(|p| p["name"] == json!("横刀立马")));
    assert!(list.iter().any(|p| p["name"] == json!("card40")));
}

#[test]
fn pixels_are_scanned_into_the_transcribed_board() {
    let picture = image::open(unblocker_testdata::path(
        "screenshots/unblocker/Puzzle-I-4.png",
    ))
    .unwrap()
    .to_rgba8();
    let (width, height) = picture.dimensions();
    let reply = parse(unblocker_wasm::scan(picture.as_raw(), width, height));
    assert_eq!(
        reply["answer"]["board"], "ooBCCCDoBEFFDAAEGooHooGIoHJJGIoKKLLo",
        "{reply}"
    );
    // A picture with no board: 422, and an overlay of the same size.
    let blank = vec![255; 64 * 48 * 4];
    let reply = parse(unblocker_wasm::scan(&blank, 64, 48));
    assert_eq!(reply["status"], 422, "{reply}");
    assert_eq!(
        unblocker_wasm::scan_overlay(&blank, 64, 48).len(),
        blank.len()
    );
    // Samples that do not fill the size, and a picture over the cap.
    assert_eq!(parse(unblocker_wasm::scan(&blank, 64, 49))["status"], 400);
    let reply = parse(unblocker_wasm::scan(&[], 100_000, 100_000));
    assert_eq!(reply["status"], 413, "{reply}");
    assert!(unblocker_wasm::scan_overlay(&blank, 64, 49).is_empty());
    // The size is checked before the pixels are read, with the same answer.
    assert_eq!(parse(unblocker_wasm::check_size(100_000, 100_000)), reply);
    let message = "the picture is 100000×100000 pixels, over the limit of 50 megapixels";
    assert_eq!(reply["body"]["error"], message);
    assert_eq!(
        parse(unblocker_wasm::check_size(64, 48)),
        json!({ "answer": null })
    );
}

#[test]
fn levels_the_daily_puzzle_and_a_review_answer_as_the_api() {
    let levels = parse(unblocker_wasm::levels());
    assert_eq!(levels["answer"], unblocker_api::levels());
    let level = parse(unblocker_wasm::level(r#"{"id":"cards/40"}"#));
    assert_eq!(level["answer"]["level"]["title"], "Card 40");
    assert_eq!(level["answer"]["puzzle"]["name"], "card40");
    let missing = parse(unblocker_wasm::level(r#"{"id":"cards/41"}"#));
    assert_eq!(missing["status"], 404);
    assert_eq!(missing["body"]["error"], "cards has levels 1 to 40, not 41");
    let daily = parse(unblocker_wasm::daily(r#"{"date":"2025-03-14"}"#));
    assert_eq!(daily["answer"], unblocker_api::daily("2025-03-14").unwrap());
    assert_eq!(
        parse(unblocker_wasm::daily(r#"{"date":"x"}"#))["status"],
        400
    );
    let request = r#"{"puzzle":"card1","moves":[{"piece":"B","direction":"right","distance":1}]}"#;
    let review = parse(unblocker_wasm::review(request, GIB));
    assert_eq!(review["answer"]["moves"][0]["mark"], "optimal");
    assert_eq!(review["answer"]["moves"][0]["after"], 7);
    // Kept to the memory cap: a search that cannot fit stops, as an analysis does.
    let starved = parse(unblocker_wasm::review(request, 1.0));
    assert_eq!(starved["status"], 422);
}
