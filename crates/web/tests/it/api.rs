//! The JSON API against a real server on an ephemeral port: every endpoint,
//! every error code, limits, queueing and cancellation.

use crate::common::*;
use serde_json::{json, Value};
use std::io::Write;
use std::time::Duration;
use unblocker_model::format::ParseOptions;
use unblocker_model::puzzle;
use unblocker_solve::json::SolveJson;
use unblocker_solve::{SolveOptions, Solver};

/// Rows of `thinkfun40_verified.txt`: card number, slide and step optima, board.
fn thinkfun_cards() -> Vec<(u32, u32, u32, String)> {
    unblocker_testdata::read_to_string("puzzles/rush/thinkfun40_verified.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (
                f[0].parse().unwrap(),
                f[1].parse().unwrap(),
                f[2].parse().unwrap(),
                f[3].to_string(),
            )
        })
        .collect()
}

/// 横刀立马's row of Klotski's `classic.tsv`: piece optimum and component.
fn hengdao_lima() -> (String, u32, u64) {
    let text = unblocker_testdata::read_to_string("puzzles/klotski/classic.tsv");
    let row = text
        .lines()
        .find(|l| l.starts_with("横刀立马"))
        .expect("横刀立马 row");
    let f: Vec<&str> = row.split('\t').collect();
    (
        f[1].to_string(),
        f[5].parse().unwrap(),
        f[6].parse().unwrap(),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_reports_status_limits_and_counts() {
    let base = start_default().await;
    let (status, health) = get(&base, "/api/health").await;
    assert_eq!(status, 200);
    assert_eq!(health["status"], "ok");
    assert_eq!(health["limits"]["max_body_bytes"], 20 << 20);
    assert_eq!(health["solves"]["running"], 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn puzzles_lists_both_games_with_the_published_optima() {
    let base = start_default().await;
    let (status, list) = get(&base, "/api/puzzles").await;
    assert_eq!(status, 200);
    let list = list.as_array().expect("an array");
    let cards = thinkfun_cards();
    for (number, slides, _, board) in &cards {
        let row = list
            .iter()
            .find(|p| p["name"] == format!("card{number}"))
            .unwrap_or_else(|| panic!("card{number} missing"));
        assert_eq!(row["optimum"], *slides, "card{number}");
        assert_eq!(row["board"], board.as_str(), "card{number}");
    }
    let (_, klotski_optimum, _) = hengdao_lima();
    let klotski = list
        .iter()
        .find(|p| p["name"] == "横刀立马")
        .expect("横刀立马");
    assert_eq!(klotski["game"], "klotski");
    assert_eq!(klotski["optimum"], klotski_optimum);
    assert_eq!(list.iter().filter(|p| p["game"] == "klotski").count(), 40);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn solve_answers_the_cli_object_with_the_ground_truth_optimum() {
    let base = start_default().await;
    for (number, slides, steps, board) in thinkfun_cards().into_iter().step_by(7) {
        let (status, answer) =
            post(&base, "/api/solve", &json!({"puzzle": board}).to_string()).await;
        assert_eq!(status, 200, "card{number}: {answer}");
        assert_eq!(answer["status"], "solved");
        assert_eq!(answer["moves"], slides, "card{number}");
        assert_eq!(answer["length"], slides, "card{number}");
        let (_, in_steps) = post(
            &base,
            "/api/solve",
            &json!({"puzzle": board, "metric": "steps"}).to_string(),
        )
        .await;
        assert_eq!(in_steps["metric"], "step");
        assert_eq!(in_steps["steps"], steps, "card{number} in steps");
        assert_eq!(in_steps["length"], steps, "card{number} in steps");
    }
    // The same object as `unblocker solve --json`, key for key.
    let board = puzzle::resolve("card1", ParseOptions::default())
        .unwrap()
        .board;
    let report = Solver::new()
        .solve(&board, &SolveOptions::default())
        .unwrap();
    let mut expected = serde_json::to_value(SolveJson::new(&board, &report)).unwrap();
    let (_, mut answer) = post(&base, "/api/solve", r#"{"puzzle": "card1"}"#).await;
    for object in [&mut expected, &mut answer] {
        object["stats"]["elapsed_ms"] = Value::Null;
        object["stats"]["memory_bytes"] = Value::Null;
    }
    assert_eq!(answer, expected);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn solve_handles_klotski_and_bundled_names() {
    let base = start_default().await;
    let (grid, piece_moves, _) = hengdao_lima();
    let (status, answer) = post(
        &base,
        "/api/solve",
        &json!({"puzzle": grid, "goal": "3,1"}).to_string(),
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["game"], "klotski");
    assert_eq!(answer["metric"], "piece");
    assert_eq!(answer["moves"], piece_moves);
    let (_, by_name) = post(&base, "/api/solve", r#"{"puzzle": "hengdao-lima"}"#).await;
    assert_eq!(by_name["moves"], piece_moves);
    // A JSON board object works as well as its text.
    let object = json!({"puzzle": {"width": 6, "height": 6, "pieces": [
        {"label": "A", "row": 2, "col": 0, "width": 2, "height": 1},
        {"label": "B", "row": 1, "col": 3, "width": 1, "height": 3}]}});
    let (status, answer) = post(&base, "/api/solve", &object.to_string()).await;
    assert_eq!(
        (status, answer["moves"].clone()),
        (200, json!(2)),
        "{answer}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn solve_takes_an_algorithm_and_refuses_unknown_names() {
    let base = start_default().await;
    let (status, answer) = post(
        &base,
        "/api/solve",
        r#"{"puzzle": "card1", "algorithm": "astar"}"#,
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["moves"], 8);
    let (status, answer) = post(
        &base,
        "/api/solve",
        r#"{"puzzle": "card1", "algorithm": "quantum"}"#,
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(
        answer["error"],
        "quantum"
            .parse::<unblocker_solve::Algorithm>()
            .unwrap_err()
            .to_string()
    );
    let (status, answer) = post(
        &base,
        "/api/solve",
        r#"{"puzzle": "card1", "heuristic": "psychic"}"#,
    )
    .await;
    assert_eq!(status, 400);
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .contains("unknown heuristic"),
        "{answer}"
    );
    // The heuristics' former names are still read; the answer names them anew.
    for (former, name) in [("blockers2", "obstructed"), ("feup2", "stuck")] {
        let body =
            format!(r#"{{"puzzle": "card1", "algorithm": "astar", "heuristic": "{former}"}}"#);
        let (status, answer) = post(&base, "/api/solve", &body).await;
        assert_eq!(status, 200, "{former}: {answer}");
        assert_eq!(answer["heuristic"], name, "{former}");
        assert_eq!(answer["length"], 8, "{former}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_requests_get_400_with_the_model_message() {
    let base = start_default().await;
    let message = |text: &str| {
        puzzle::resolve(text, ParseOptions::default())
            .unwrap_err()
            .to_string()
    };
    for path in [
        "/api/solve",
        "/api/analyze",
        "/api/board",
        "/api/solve/stream",
    ] {
        for (body, expected) in [
            (r#"{"puzzle": "card99"}"#.to_string(), message("card99")),
            (r#"{"puzzle": "AAB/CC"}"#.to_string(), message("AAB/CC")),
            (
                r#"{"puzzle": "BBoooCDooEoCDAAEoCDooEooFoooGGFoHHHoo"}"#.to_string(),
                message("BBoooCDooEoCDAAEoCDooEooFoooGGFoHHHoo"),
            ),
        ] {
            let (status, answer) = post(&base, path, &body).await;
            assert_eq!(status, 400, "{path} {body}");
            assert_eq!(answer["error"], expected.as_str(), "{path} {body}");
        }
        for body in [
            "{",
            "",
            "[]",
            "null",
            r#"{"puzzle": 12}"#,
            r#"{"board": "card1"}"#,
            r#"{"puzzle": "card1", "colour": 1}"#,
        ] {
            let (status, answer) = post(&base, path, body).await;
            assert_eq!(status, 400, "{path} {body}");
            assert!(
                answer["error"]
                    .as_str()
                    .unwrap()
                    .starts_with("bad request JSON"),
                "{answer}"
            );
        }
    }
    let (status, answer) = post(
        &base,
        "/api/solve",
        r#"{"puzzle": "card1", "metric": "hops"}"#,
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(
        answer["error"],
        "hops"
            .parse::<unblocker_model::Metric>()
            .unwrap_err()
            .to_string()
    );
    let (status, answer) = post(&base, "/api/solve", r#"{"puzzle": "klotski", "goal": "3"}"#).await;
    assert_eq!(status, 400);
    assert_eq!(
        answer["error"],
        puzzle::parse_goal("3").unwrap_err().to_string()
    );
    let (status, answer) = post(&base, "/api/solve", r#"{"puzzle": "card1", "timeout": -1}"#).await;
    assert_eq!(status, 400);
    assert!(answer["error"]
        .as_str()
        .unwrap()
        .contains("timeout must be a positive"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bodies_over_the_limit_get_413() {
    let base = start_default().await;
    let mut body = br#"{"puzzle": ""#.to_vec();
    body.resize(21 << 20, b'o');
    body.extend_from_slice(br#""}"#);
    for path in ["/api/solve", "/api/board", "/api/analyze"] {
        let response = client()
            .post(format!("{base}{path}"))
            .header("content-type", "application/json")
            .body(body.clone())
            .send()
            .await
            .unwrap();
        assert_eq!(response.status().as_u16(), 413, "{path}");
        let answer: Value = response.json().await.unwrap();
        assert!(
            answer["error"].as_str().unwrap().contains("size limit"),
            "{answer}"
        );
    }
    // Just under the limit is read (and then refused as a board).
    let mut body = br#"{"puzzle": ""#.to_vec();
    body.resize(1 << 20, b'o');
    body.extend_from_slice(br#""}"#);
    let response = client()
        .post(format!("{base}/api/board"))
        .header("content-type", "application/json")
        .body(body)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 400);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unknown_routes_get_404_and_wrong_methods_405() {
    let base = start_default().await;
    assert_eq!(get(&base, "/api/nothing").await.0, 404);
    assert_eq!(get(&base, "/nothing.js").await.0, 404);
    assert_eq!(get(&base, "/api/solve").await.0, 405);
    assert_eq!(post(&base, "/api/health", "{}").await.0, 405);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn limits_stop_a_search_and_say_why() {
    let base = start_default().await;
    let (status, answer) = post(
        &base,
        "/api/solve",
        r#"{"puzzle": "largest-component", "max_nodes": 1000}"#,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(answer["status"], "node_limit");
    assert_eq!(answer["solvable"], Value::Null);
    let body = json!({"puzzle": ENDLESS, "timeout": 0.3}).to_string();
    let started = std::time::Instant::now();
    let (status, answer) = post(&base, "/api/solve", &body).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["status"], "timeout");
    assert!(started.elapsed() < Duration::from_secs(5));
    // An analysis that hits a limit has no answer at all: 422.
    let (status, answer) = post(
        &base,
        "/api/analyze",
        r#"{"puzzle": "largest-component", "max_nodes": 1000}"#,
    )
    .await;
    assert_eq!(status, 422, "{answer}");
    assert!(answer["error"].as_str().unwrap().contains("node limit"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unsolvable_puzzles_are_reported_as_such() {
    let base = start_default().await;
    let (status, answer) = post(&base, "/api/solve", r#"{"puzzle": "走投无路"}"#).await;
    assert_eq!(status, 200);
    assert_eq!(answer["status"], "unsolvable");
    assert_eq!(answer["solvable"], false);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn analyze_answers_the_component() {
    let base = start_default().await;
    let (_, optimum, component) = hengdao_lima();
    let (status, answer) = post(&base, "/api/analyze", r#"{"puzzle": "横刀立马"}"#).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["reachable_states"], component);
    assert_eq!(answer["optimal_moves"], optimum);
    assert_eq!(answer["length"], optimum);
    assert_eq!(answer["common_code"], "1A9BF0C00");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn board_gives_the_json_board_and_its_legal_moves() {
    let base = start_default().await;
    let (status, answer) = post(&base, "/api/board", r#"{"puzzle": "card1"}"#).await;
    assert_eq!(status, 200);
    let board = puzzle::resolve("card1", ParseOptions::default())
        .unwrap()
        .board;
    assert_eq!(answer["line"], unblocker_model::format::to_line(&board));
    assert_eq!(answer["name"], "card1");
    assert_eq!(answer["solved"], false);
    assert_eq!(
        answer["moves"].as_array().unwrap().len(),
        board.legal_slides().len()
    );
    assert_eq!(
        answer["board"]["pieces"].as_array().unwrap().len(),
        board.pieces().len()
    );
    // The target at the exit: solved.
    let (_, solved) = post(
        &base,
        "/api/board",
        r#"{"puzzle": "oooooo/oooooo/ooooAA/oooooo/oooooo/oooooo"}"#,
    )
    .await;
    assert_eq!(solved["solved"], true);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_stream_reports_progress_then_the_answer() {
    let base = start_default().await;
    let body = json!({"puzzle": ENDLESS, "timeout": 0.6}).to_string();
    let text = client()
        .post(format!("{base}/api/solve/stream"))
        .header("content-type", "application/json")
        .body(body)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let progress: Vec<u64> = lines
        .iter()
        .filter_map(|l| l["progress"]["examined"].as_u64())
        .collect();
    assert!(progress.len() >= 2, "{text}");
    assert!(
        progress.windows(2).all(|w| w[0] <= w[1]),
        "examined counts grow: {progress:?}"
    );
    let last = lines.last().unwrap();
    assert_eq!(last["result"]["status"], "timeout");
    assert!(last["result"]["stats"]["examined"].as_u64().unwrap() >= *progress.last().unwrap());
    // A quick solve: just the answer.
    let text = client()
        .post(format!("{base}/api/solve/stream"))
        .header("content-type", "application/json")
        .body(r#"{"puzzle":"card1"}"#)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let last: Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    assert_eq!(last["result"]["moves"], 8);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn busy_slots_give_503_and_closing_the_stream_cancels() {
    let base = start(one_slot()).await;
    let body = json!({"puzzle": ENDLESS}).to_string();
    let stream = client()
        .post(format!("{base}/api/solve/stream"))
        .header("content-type", "application/json")
        .body(body.clone())
        .send()
        .await
        .unwrap();
    assert_eq!(stream.status().as_u16(), 200);
    let counts = wait_for_counts(&base, |c| c["running"] == 1).await;
    assert_eq!(counts["running"], 1);
    let (status, answer) = post(&base, "/api/solve", r#"{"puzzle": "card1"}"#).await;
    assert_eq!(status, 503, "{answer}");
    assert!(answer["error"].as_str().unwrap().contains("busy"));
    drop(stream);
    let counts = wait_for_counts(&base, |c| c["cancelled"] == 1 && c["running"] == 0).await;
    assert_eq!(
        (counts["cancelled"].clone(), counts["rejected"].clone()),
        (json!(1), json!(1)),
        "{counts}"
    );
    // The slot is free again.
    assert_eq!(
        post(&base, "/api/solve", r#"{"puzzle": "card1"}"#).await.0,
        200
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_hangs_up_cancels_its_solve() {
    let base = start(one_slot()).await;
    let address = base.trim_start_matches("http://").to_string();
    let body = json!({"puzzle": ENDLESS}).to_string();
    let request = format!(
        "POST /api/solve HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let mut socket = std::net::TcpStream::connect(&address).unwrap();
    socket.write_all(request.as_bytes()).unwrap();
    let counts = wait_for_counts(&base, |c| c["running"] == 1).await;
    assert_eq!(counts["running"], 1);
    drop(socket);
    let counts = wait_for_counts(&base, |c| c["cancelled"] == 1 && c["running"] == 0).await;
    assert_eq!(counts["cancelled"], 1, "{counts}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_and_its_modules_are_served_from_the_binary() {
    let base = start_default().await;
    let page = client().get(format!("{base}/")).send().await.unwrap();
    assert_eq!(page.headers()["content-type"], "text/html; charset=utf-8");
    let html = page.text().await.unwrap();
    assert!(html.contains(r#"<script type="module" src="js/main.js">"#));
    // Every module of the page but the engine's worker, which only the
    // static site has (`cargo xtask web`).
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("static/js");
    let modules: Vec<String> = std::fs::read_dir(folder)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name != "worker.js")
        .collect();
    assert!(modules.len() >= 14, "{modules:?}");
    for module in modules {
        let response = client()
            .get(format!("{base}/js/{module}"))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status().as_u16(), 200, "{module}");
        assert_eq!(
            response.headers()["content-type"],
            "text/javascript; charset=utf-8"
        );
    }
    assert!(
        !html.contains("http://") && !html.contains("https://"),
        "no CDN"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn random_picks_a_database_puzzle_of_the_chosen_difficulty() {
    // Without a database: the embedded sample, which says so.
    let without = start_default().await;
    let health = get(&without, "/api/health").await.1;
    assert_eq!(health["database"], false);
    assert_eq!(health["random_source"], unblocker_db::SAMPLE_NAME);
    for (min, max) in [(1, 5), (20, 30), (45, 60)] {
        let (status, puzzle) = get(&without, &format!("/api/random?min={min}&max={max}")).await;
        assert_eq!(status, 200, "{puzzle}");
        assert_eq!(puzzle["source"], unblocker_db::SAMPLE_NAME);
        let moves = puzzle["moves"].as_u64().unwrap();
        assert!((min..=max).contains(&moves), "{moves} moves");
    }

    // A database of fogleman/rush's first thousand puzzles.
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("puzzles.sqlite");
    let lines = unblocker_testdata::read_to_string("puzzles/rush/rush1000.txt");
    unblocker_db::Database::open(&path)
        .unwrap()
        .import(lines.as_bytes())
        .unwrap();
    let base = start_with(unblocker_web::Config {
        database: Some(path.clone()),
        ..Default::default()
    })
    .await;
    assert_eq!(get(&base, "/api/health").await.1["database"], true);
    for _ in 0..5 {
        let (status, puzzle) = get(&base, "/api/random?min=40&max=45").await;
        assert_eq!(status, 200, "{puzzle}");
        assert_eq!(puzzle["source"], path.display().to_string(), "provenance");
        let moves = puzzle["moves"].as_u64().unwrap();
        assert!((40..=45).contains(&moves), "{puzzle}");
        let line = format!(
            "{moves} {} {}",
            puzzle["board"].as_str().unwrap(),
            puzzle["cluster"]
        );
        assert!(
            lines.lines().any(|l| l.trim() == line),
            "{line} is in the file"
        );
    }
    assert_eq!(get(&base, "/api/random?min=70&max=80").await.0, 404);
    assert_eq!(get(&base, "/api/random?min=30&max=20").await.0, 400);
    assert_eq!(get(&base, "/api/random?min=hard").await.0, 400);
    // Unblock Me's kind: no walls.
    for _ in 0..5 {
        let (status, puzzle) = get(&without, "/api/random?min=15&max=20&walls=0").await;
        assert_eq!(status, 200, "{puzzle}");
        assert_eq!(puzzle["walls"], 0, "{puzzle}");
        assert!(!puzzle["board"].as_str().unwrap().contains('x'), "{puzzle}");
    }
    assert_eq!(get(&base, "/api/random?walls=none").await.0, 400);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn levels_the_daily_puzzle_and_a_review_are_served_as_the_engine_answers_them() {
    let base = start_default().await;
    let (status, levels) = get(&base, "/api/levels").await;
    assert_eq!(status, 200);
    assert_eq!(levels, unblocker_api::levels());
    let (status, level) = get(&base, "/api/level?id=beginner/1").await;
    assert_eq!(status, 200);
    assert_eq!(level, unblocker_api::level("beginner/1").unwrap());
    assert_eq!(get(&base, "/api/level?id=beginner/100000").await.0, 404);
    assert_eq!(get(&base, "/api/level?id=nope").await.0, 400);
    assert_eq!(get(&base, "/api/level").await.0, 400);
    assert_eq!(get(&base, "/api/level?id=cards/1&id=cards/2").await.0, 400);
    let (status, daily) = get(&base, "/api/daily?date=2025-03-14").await;
    assert_eq!(status, 200);
    assert_eq!(daily, unblocker_api::daily("2025-03-14").unwrap());
    assert_eq!(get(&base, "/api/daily?date=2025-02-30").await.0, 400);
    let game = r#"{"puzzle":"card1","moves":[{"piece":"B","direction":"right","distance":1}]}"#;
    let (status, review) = post(&base, "/api/review", game).await;
    assert_eq!(status, 200, "{review}");
    assert_eq!(review["moves"][0]["mark"], "optimal");
    assert_eq!(
        (
            review["optimum"].as_u64(),
            review["moves"][0]["after"].as_u64()
        ),
        (Some(8), Some(7))
    );
    let illegal = r#"{"puzzle":"card1","moves":[{"piece":"A","direction":"up","distance":1}]}"#;
    assert_eq!(post(&base, "/api/review", illegal).await.0, 400);
    // The server's node limit holds for a review as for an analysis.
    let capped = r#"{"puzzle":"largest-component","moves":[],"max_nodes":1000}"#;
    let (status, answer) = post(&base, "/api/review", capped).await;
    assert_eq!(status, 422, "{answer}");
}
