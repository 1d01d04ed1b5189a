//! The `unblocker` binary end to end: output, JSON keys and exit codes.

use crate::common::{json, unblocker};

#[test]
fn solve_json_has_the_documented_keys() {
    let v = json(&["solve", "hardest", "--json"]);
    assert_eq!(v["solvable"], true);
    assert_eq!(v["moves"], 60);
    assert_eq!(v["metric"], "slide");
    assert_eq!(v["solution"].as_array().unwrap().len(), 60);
    let first = &v["solution"][0];
    assert!(
        first["piece"].is_string() && first["direction"].is_string() && first["distance"].is_u64()
    );
    for key in [
        "examined",
        "enqueued",
        "max_frontier",
        "per_level",
        "elapsed_ms",
    ] {
        assert!(!v["stats"][key].is_null(), "stats.{key} missing");
    }
    let steps = json(&["solve", "card1", "--metric", "steps", "--json"]);
    assert_eq!(steps["steps"], 16);
    assert_eq!(steps["metric"], "step");
}

#[test]
fn solve_text_lists_moves_and_boards() {
    let out = unblocker()
        .args(["solve", "card1", "--color", "never"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Solved in 8 moves (16 steps)"), "{text}");
    assert!(text.contains("  8. A right 3"), "{text}");
    assert!(text.contains("positions examined"), "{text}");
    assert_eq!(
        text.matches("+-------------+").count(),
        2 * 9,
        "start board plus one per move, two borders each"
    );
}

#[test]
fn analyze_reports_the_component() {
    let v = json(&["analyze", "hardest-nowalls", "--json"]);
    assert_eq!(v["reachable_states"], 4780);
    assert_eq!(v["optimal_moves"], 51);
    assert_eq!(v["farthest_moves"], 51);
    // The hardest start of its own component, picked by the smallest key.
    assert_eq!(v["farthest_board"], v["puzzle"]);
    assert!(v["goal_states"].as_u64().unwrap() > 0);
}

#[test]
fn unsolvable_is_reported_with_the_count() {
    let v = json(&["solve", "BBoooCDooEoCDAAEoCDooEooFoooGGFoHHHx", "--json"]);
    assert_eq!(v["solvable"], false);
    assert_eq!(v["status"], "unsolvable");
    assert_eq!(v["stats"]["enqueued"], 640);
    let a = json(&["analyze", "BBoooCDooEoCDAAEoCDooEooFoooGGFoHHHx", "--json"]);
    assert!(a["optimal_moves"].is_null());
    assert_eq!(a["reachable_states"], 640);
}

#[test]
fn bad_input_exits_2_with_a_message() {
    // The command line adds its advice to the library's messages.
    for (args, message) in [
        (
            &["nosuchpuzzle"][..],
            "'nosuchpuzzle' is not a bundled puzzle (see `unblocker list`) or a board: ",
        ),
        (
            &["ooooooooooooAAooooooooooooooooooooo?"],
            "unknown character '?' at row 5, column 5",
        ),
        (
            &["ooooooooooooAAooBooooooooooooooooooo"],
            "single cell: in Rush Hour only walls (x) are 1×1; for Klotski use --game klotski",
        ),
        (
            &["card1", "--algorithm", "astar", "--heuristic", "distance"],
            "needs the step metric (not slide); use obstructed for slide, or --metric step",
        ),
    ] {
        let out = unblocker().arg("solve").args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(message), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    let out = unblocker()
        .args(["batch", "/nonexistent/file"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn stdin_and_files_are_read() {
    let out = unblocker()
        .args(["solve", "-", "--json"])
        .write_stdin(
            "+------+\n|BB...C|\n|D..E.C|\n|DAAE.C\n|D..E..|\n|F...GG|\n|F.HHH.|\n+------+\n",
        )
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["moves"], 8);
}

#[test]
fn batch_check_passes_on_the_cards_and_fails_on_a_wrong_answer() {
    unblocker()
        .args([
            "batch",
            &unblocker_testdata::arg("puzzles/rush/thinkfun40_verified.txt"),
            "--check",
            "--metric",
            "steps",
            "-q",
        ])
        .assert()
        .success();
    unblocker()
        .args([
            "batch",
            &unblocker_testdata::arg("puzzles/rush/cos402_jams.txt"),
            "-q",
        ])
        .assert()
        .success();
    let dir = std::env::temp_dir().join(format!("unblocker-batch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("wrong.txt");
    std::fs::write(&file, "# one right, one wrong\n08 BBoooCDooEoCDAAEoCDooEooFoooGGFoHHHo 1247\n09 BooCCCBooDoEAAoDFEGGGoFEooHoIIJJHKKo 5\n").unwrap();
    let out = unblocker()
        .args(["batch", file.to_str().unwrap(), "--check"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("check: 1 mismatches"), "{text}");
    assert!(text.contains("line 3"), "{text}");
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn list_shows_every_bundled_puzzle() {
    let v = json(&["list", "--json"]);
    let names: Vec<&str> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    for name in ["hardest", "hardest-nowalls", "card1", "card40"] {
        assert!(names.contains(&name), "{name}");
    }
}

#[test]
fn every_command_has_help_with_examples() {
    for cmd in ["solve", "analyze", "batch", "list", "convert"] {
        let out = unblocker().args([cmd, "--help"]).output().unwrap();
        assert!(out.status.success());
        assert!(
            String::from_utf8(out.stdout).unwrap().contains("Example"),
            "{cmd}"
        );
    }
}

#[test]
fn bench_reports_each_case_with_its_optimum_and_rate() {
    let v = json(&["bench", "--runs", "1", "--only", "hardest", "--json"]);
    let cases = v.as_array().expect("a list of cases");
    let moves: Vec<(&str, u64)> = cases
        .iter()
        .map(|c| (c["name"].as_str().unwrap(), c["moves"].as_u64().unwrap()))
        .collect();
    assert_eq!(
        moves,
        [("rush/hardest", 60), ("rush/hardest-nowalls", 51)],
        "{v}"
    );
    for case in cases {
        assert!(case["positions_per_second"].as_f64().unwrap() > 0.0);
        assert!(case["best_ms"].as_f64().unwrap() <= case["median_ms"].as_f64().unwrap());
    }
    let out = unblocker()
        .args(["bench", "--only", "no-such-case"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("rush/hardest"));
}
