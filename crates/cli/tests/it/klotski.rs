//! The `unblocker` binary on Klotski: names, metrics, CommonCode, goals and
//! `batch --check` on the shared table.

use crate::common::{json, unblocker};

#[test]
fn solve_klotski_json_counts_piece_moves() {
    let v = json(&["solve", "klotski", "--json"]);
    assert_eq!(v["game"], "klotski");
    assert_eq!(v["metric"], "piece");
    assert_eq!(v["moves"], 81);
    assert_eq!(v["solution"].as_array().unwrap().len(), 81);
    // Some piece moves turn a corner and carry their path.
    let turns = v["solution"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["path"].as_array().is_some_and(|p| p.len() > 1))
        .count();
    assert!(turns > 0);
    let slide = json(&["solve", "hengdao-lima", "--metric", "slide", "--json"]);
    assert_eq!(slide["moves"], 90);
    let step = json(&["solve", "1A9BF0C00", "--metric", "steps", "--json"]);
    assert_eq!(step["steps"], 116);
}

#[test]
fn analyze_prints_the_common_code() {
    let v = json(&["analyze", "hengdao-lima", "--json"]);
    assert_eq!(v["common_code"], "1A9BF0C00");
    assert_eq!(v["reachable_states"], 25955);
    assert_eq!(v["goal_states"], 964);
    assert_eq!(v["optimal_moves"], 81);
    let out = unblocker().args(["analyze", "横刀立马"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("CommonCode        1A9BF0C00"), "{text}");
    assert!(text.contains("Reachable states  25955"), "{text}");
    // Rush Hour boards have no code.
    assert!(json(&["analyze", "card1", "--json"])["common_code"].is_null());
}

#[test]
fn text_output_shows_paths_and_the_goal() {
    let out = unblocker()
        .args(["solve", "klotski", "--color", "never"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Solved in 81 piece moves ("), "{text}");
    assert!(text.contains(", "), "a move along a path: {text}");
    // The goal is a gap under the bottom-centre columns.
    assert!(text.contains("+--    ---+"), "{text}");
}

#[test]
fn goal_option_and_unsolvable_layouts() {
    let v = json(&[
        "solve",
        "AABB/AACC/DE../FGHH/FGII",
        "--goal",
        "3,0",
        "--json",
    ]);
    assert_eq!(v["moves"], 59);
    let v = json(&["solve", "走投无路", "--json"]);
    assert_eq!(v["solvable"], false);
    assert_eq!(v["stats"]["enqueued"], 7462);
    for (args, message) in [
        (vec!["solve", "klotski", "--goal", "3"], "ROW,COL"),
        (vec!["solve", "klotski", "--goal", "4,3"], "does not fit"),
        (vec!["solve", "123456789"], "bad CommonCode"),
        (
            vec!["convert", "pennant", "--to", "jams"],
            "Rush Hour boards only",
        ),
        (
            vec!["convert", "klotski", "--goal", "0,1", "--to", "grid"],
            "bottom edge",
        ),
    ] {
        let out = unblocker().args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(message), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn batch_checks_the_classic_table() {
    for metric in ["piece", "slide"] {
        let out = unblocker()
            .args([
                "batch",
                &unblocker_testdata::arg("puzzles/klotski/classic.tsv"),
                "--check",
                "--metric",
                metric,
                "-q",
            ])
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        assert_eq!(out.status.code(), Some(0), "{text}");
        assert!(text.contains("39 solved, 1 unsolvable"), "{text}");
        assert!(
            text.contains("check: all 40 answers match the file"),
            "{text}"
        );
    }
}

#[test]
fn list_shows_both_games() {
    let v = json(&["list", "--json"]);
    let all = v.as_array().unwrap();
    let game = |name: &str| {
        all.iter()
            .find(|p| p["name"] == name)
            .map(|p| p["game"].as_str().unwrap().to_string())
    };
    assert_eq!(game("hardest").as_deref(), Some("rush"));
    assert_eq!(game("横刀立马").as_deref(), Some("klotski"));
    let classic = all.iter().find(|p| p["name"] == "横刀立马").unwrap();
    assert_eq!(classic["optimum"], 81);
    assert!(classic["aliases"]
        .as_array()
        .unwrap()
        .iter()
        .any(|a| a == "hengdao-lima"));
}
