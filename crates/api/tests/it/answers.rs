//! Board, solve and scan answers and their refusals.

use http::StatusCode;
use serde_json::Value;
use std::time::Duration;
use unblocker_api::{json_body, ApiError, Budget, PuzzleRequest, MAX_MESSAGE_CHARS};
use unblocker_solve::{Control, Solver};

const BUDGET: Budget = Budget {
    timeout: Duration::from_secs(60),
    max_nodes: 10_000_000,
};

fn request(json: &str) -> PuzzleRequest {
    json_body(json.as_bytes()).expect("a valid request")
}

#[test]
fn the_board_answer_has_the_canonical_line_and_the_legal_moves() {
    let answer = unblocker_api::board(&request(r#"{"puzzle":"card1"}"#)).unwrap();
    assert_eq!(answer["name"], "card1");
    assert_eq!(answer["game"], "rush");
    assert_eq!(answer["line"], "BBoooCDooEoCDAAEoCDooEooFoooGGFoHHHo");
    assert_eq!(answer["solved"], false);
    let moves: Vec<String> = answer["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            format!(
                "{}{}{}",
                m["piece"].as_str().unwrap(),
                m["direction"],
                m["distance"]
            )
        })
        .collect();
    // card 1's first optimal move is B right 1; D, between B and F, cannot move.
    assert!(moves.contains(&"B\"right\"1".to_string()), "{moves:?}");
    assert!(!moves.iter().any(|m| m.starts_with('D')), "{moves:?}");
}

#[test]
fn a_solve_answers_the_optimum_in_each_metric() {
    let mut solver = Solver::new();
    for (puzzle, metric, length) in [
        ("card1", None, 8),
        ("card1", Some("step"), 16),
        ("hardest", None, 60),
        ("横刀立马", None, 81),
    ] {
        let text = match metric {
            Some(m) => format!(r#"{{"puzzle":"{puzzle}","metric":"{m}"}}"#),
            None => format!(r#"{{"puzzle":"{puzzle}"}}"#),
        };
        let job = request(&text).job(&BUDGET).unwrap();
        let answer = unblocker_api::solve(&mut solver, &job, &Control::default()).unwrap();
        assert_eq!(answer["status"], "solved", "{puzzle}");
        assert_eq!(answer["length"], length, "{puzzle} {metric:?}");
        assert_eq!(
            answer["solution"].as_array().unwrap().len(),
            answer["moves"].as_u64().unwrap() as usize,
            "{puzzle}: one entry a move"
        );
    }
}

#[test]
fn a_job_keeps_to_the_callers_budget() {
    let job = request(r#"{"puzzle":"card1","timeout":1000,"max_nodes":99999999999}"#)
        .job(&BUDGET)
        .unwrap();
    assert_eq!(job.budget, BUDGET);
    let job = request(r#"{"puzzle":"card1","timeout":0.5,"max_nodes":10}"#)
        .job(&BUDGET)
        .unwrap();
    assert_eq!(job.budget.timeout, Duration::from_millis(500));
    assert_eq!(job.budget.max_nodes, 10);
    let stopped =
        unblocker_api::solve(&mut Solver::new(), &job, &job_control(&job.budget)).unwrap();
    assert_eq!(stopped["status"], "node_limit");
}

fn job_control(budget: &Budget) -> Control {
    Control {
        max_nodes: Some(budget.max_nodes),
        timeout: Some(budget.timeout),
        ..Control::default()
    }
}

#[test]
fn bad_requests_are_refused_with_the_command_lines_messages() {
    let refused = |json: &str| -> ApiError {
        match json_body::<PuzzleRequest>(json.as_bytes()) {
            Err(e) => e,
            Ok(r) => r.job(&BUDGET).err().expect("refused"),
        }
    };
    let e = refused(r#"{"puzzle":"nonsense"}"#);
    assert_eq!(e.status, StatusCode::BAD_REQUEST);
    assert!(e.message.contains("not a bundled puzzle"), "{}", e.message);
    let e = refused(r#"{"puzzle":"card1","metric":"nope"}"#);
    assert_eq!(e.status, StatusCode::BAD_REQUEST);
    let e = refused(r#"{"puzzle":"card1","extra":1}"#);
    assert!(e.message.starts_with("bad request JSON"), "{}", e.message);
    let e = refused(r#"{"puzzle":{"width":6,"width":6}}"#);
    assert!(e.message.contains("duplicate key 'width'"), "{}", e.message);
    let e = refused(r#"{"puzzle":"card1","timeout":-1}"#);
    assert!(e.message.contains("timeout"), "{}", e.message);
}

#[test]
fn an_error_message_is_cut_and_its_body_carries_the_extra_fields() {
    let long = "x".repeat(1000);
    let e = ApiError::bad_request(&long).with("overlay", Value::from("…"));
    assert_eq!(e.message.chars().count(), MAX_MESSAGE_CHARS + 1);
    assert!(e.message.ends_with('…'));
    let body = e.body();
    assert_eq!(body["error"], Value::from(e.message.clone()));
    assert_eq!(body["overlay"], "…");
}

#[test]
fn an_analysis_stopped_by_a_limit_is_unprocessable() {
    let job = request(r#"{"puzzle":"横刀立马","max_nodes":100}"#)
        .job(&BUDGET)
        .unwrap();
    let e =
        unblocker_api::analyze(&mut Solver::new(), &job, &job_control(&job.budget)).unwrap_err();
    assert_eq!(e.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", e.message);
    let job = request(r#"{"puzzle":"card1"}"#).job(&BUDGET).unwrap();
    let answer = unblocker_api::analyze(&mut Solver::new(), &job, &Control::default()).unwrap();
    assert_eq!(answer["optimal_moves"], 8, "{answer}");
}
