//! The levels, the daily puzzle and a game's review, and their refusals.

use http::StatusCode;
use serde_json::Value;
use std::time::Duration;
use unblocker_api::{json_body, Budget, ReviewRequest, MAX_REVIEW_SLIDES};
use unblocker_solve::{Control, Solver};

const BUDGET: Budget = Budget {
    timeout: Duration::from_secs(60),
    max_nodes: 10_000_000,
};

/// The review's answer to a request, or its refusal's status and message.
fn review(body: &str) -> Result<Value, (u16, String)> {
    json_body::<ReviewRequest>(body.as_bytes())
        .and_then(|r| r.job(&BUDGET))
        .and_then(|job| {
            let budget = job.job.budget;
            let control = Control {
                timeout: Some(budget.timeout),
                max_nodes: Some(budget.max_nodes),
                ..Control::default()
            };
            unblocker_api::review(&mut Solver::new(), &job, &control)
        })
        .map_err(|e| (e.status.as_u16(), e.message))
}

#[test]
fn the_levels_are_listed_and_opened_by_their_address() {
    let all = unblocker_api::levels();
    let bands: Vec<&str> = all["bands"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["band"].as_str().unwrap())
        .collect();
    assert_eq!(
        bands,
        [
            "beginner",
            "intermediate",
            "advanced",
            "expert",
            "cards",
            "klotski"
        ]
    );
    assert_eq!(all["bands"][0]["difficulty"], "15 to 20 moves and 0 walls");
    assert_eq!(all["bands"][4]["levels"][0]["name"], "card1");
    let first = &all["bands"][0]["levels"][0];
    assert_eq!(first["number"], 1);
    let opened = unblocker_api::level("beginner/1").unwrap();
    assert_eq!(opened["level"]["title"], "Beginner 1");
    assert_eq!(opened["level"]["id"], "beginner/1");
    assert_eq!(opened["level"]["optimum"], first["optimum"]);
    assert_eq!(opened["puzzle"]["line"], first["line"]);
    assert_eq!(opened["puzzle"]["solved"], false);
    let card = unblocker_api::level("cards/1").unwrap();
    assert_eq!(card["level"]["title"], "Card 1");
    assert_eq!(card["puzzle"]["name"], "card1");
    let klotski = unblocker_api::level("klotski/1").unwrap();
    assert_eq!(klotski["puzzle"]["game"], "klotski");
    assert_eq!(klotski["level"]["optimum"], 81);
    let refused = |address: &str| {
        let e = unblocker_api::level(address).unwrap_err();
        (e.status, e.message)
    };
    assert_eq!(refused("cards/41").0, StatusCode::NOT_FOUND);
    assert_eq!(refused("hard/1").0, StatusCode::BAD_REQUEST);
    assert_eq!(refused("").0, StatusCode::BAD_REQUEST);
}

#[test]
fn the_daily_puzzle_is_the_dates_level() {
    let today = unblocker_api::daily("2025-03-10").unwrap();
    assert_eq!(today["date"], "2025-03-10");
    assert_eq!(today["weekday"], "Monday");
    assert_eq!(today["difficulty"], "15 to 17 moves and 0 walls");
    assert_eq!(today, unblocker_api::daily("2025-03-10").unwrap());
    let opened = unblocker_api::level(today["level"]["id"].as_str().unwrap()).unwrap();
    assert_eq!(opened["puzzle"], today["puzzle"]);
    let sunday = unblocker_api::daily("2025-03-16").unwrap();
    assert!(sunday["level"]["optimum"].as_u64().unwrap() >= 38);
    let refused = unblocker_api::daily("10/03/2025").unwrap_err();
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        refused.message,
        "a date is YYYY-MM-DD, such as 2025-03-14, not '10/03/2025'"
    );
}

#[test]
fn a_review_marks_each_move_by_its_distances() {
    // card 1's optimal first move is B right 1; C down 1 and back up wastes two.
    let answer = review(
        r#"{"puzzle":"card1","moves":[
            {"piece":"B","direction":"right","distance":1},
            {"piece":"C","direction":"down","distance":1},
            {"piece":"C","direction":"up","distance":1}]}"#,
    )
    .unwrap();
    assert_eq!(answer["metric"], "slide");
    assert_eq!(answer["optimum"], 8);
    assert_eq!(answer["solved"], false);
    let moves = answer["moves"].as_array().unwrap();
    let figures: Vec<(u64, u64, &str)> = moves
        .iter()
        .map(|m| {
            let n = |key: &str| m[key].as_u64().unwrap();
            (n("before"), n("after"), m["mark"].as_str().unwrap())
        })
        .collect();
    assert_eq!(figures[0], (8, 7, "optimal"));
    assert_eq!(answer["first_wasted"], 1);
    assert_ne!(figures[1].2, "optimal");
    assert_eq!(moves[1]["piece"], "C");
    assert!(moves[1]["better"]["piece"].is_string(), "{}", moves[1]);
    assert!(moves[0].get("better").is_none());
}

#[test]
fn a_review_counts_moves_in_the_metric_asked() {
    let body = |metric: &str| {
        format!(
            r#"{{"puzzle":"card1","metric":"{metric}","moves":[
                {{"piece":"B","direction":"right","distance":1}}]}}"#
        )
    };
    let steps = review(&body("step")).unwrap();
    assert_eq!(steps["metric"], "step");
    assert_eq!(steps["optimum"], 16);
    assert_eq!(steps["moves"][0]["before"], 16);
    // G down then right: one piece move in the Klotski count.
    let klotski = review(
        r#"{"puzzle":"横刀立马","moves":[{"piece":"G","direction":"down","distance":1},
            {"piece":"G","direction":"right","distance":1}]}"#,
    )
    .unwrap();
    assert_eq!(klotski["metric"], "piece");
    let moves = klotski["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0]["path"].as_array().unwrap().len(), 2);
    assert_eq!(moves[0]["before"], 81);
}

#[test]
fn bad_reviews_are_refused_with_the_reason() {
    let refused = |body: &str| review(body).unwrap_err();
    let (status, message) =
        refused(r#"{"puzzle":"card1","moves":[{"piece":"A","direction":"right","distance":1}]}"#);
    assert_eq!(status, 400);
    assert!(
        message.starts_with("move 1 (A right 1) cannot be played: "),
        "{message}"
    );
    let (status, message) =
        refused(r##"{"puzzle":"card1","moves":[{"piece":"#","direction":"up","distance":1}]}"##);
    assert_eq!(
        (status, message.as_str()),
        (400, "'#' is not a piece's letter")
    );
    let (status, message) = refused(r#"{"puzzle":"card1","moves":[],"algorithm":"astar"}"#);
    assert_eq!(status, 400);
    assert!(message.contains("unknown field `algorithm`"), "{message}");
    let (status, _) = refused(r#"{"puzzle":"card1"}"#);
    assert_eq!(status, 400);
    let (status, _) = refused(r#"{"puzzle":"card1","moves":[],"moves":[]}"#);
    assert_eq!(status, 400);
    let slide = r#"{"piece":"B","direction":"right","distance":1}"#;
    let many = vec![slide; MAX_REVIEW_SLIDES + 1].join(",");
    let (status, message) = refused(&format!(r#"{{"puzzle":"card1","moves":[{many}]}}"#));
    assert_eq!(status, 400);
    assert_eq!(
        message,
        format!("a review takes at most {MAX_REVIEW_SLIDES} moves, not 1001")
    );
    // A limit that stops the analysis: 422, as an analysis stopped.
    let (status, _) = refused(r#"{"puzzle":"横刀立马","moves":[],"max_nodes":10}"#);
    assert_eq!(status, 422);
}
