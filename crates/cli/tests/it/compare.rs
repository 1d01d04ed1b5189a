//! `unblocker compare` end to end on the FEUP levels.

use crate::common;
use crate::common::unblocker;

#[test]
fn compare_tables_charts_and_study() {
    let out = tempfile::tempdir().unwrap();
    let feup = unblocker_testdata::arg("puzzles/rush/feup_group19_verified.txt");
    let result = unblocker()
        .args(["compare", &feup, "--algorithms", "bfs,astar,greedy"])
        // `blockers2` is `obstructed`'s former name, still read.
        .args(["--heuristics", "blockers,blockers2", "--out"])
        .arg(out.path())
        .output()
        .unwrap();
    assert!(
        result.status.success(),
        "{}",
        String::from_utf8_lossy(&result.stderr)
    );
    let stdout = String::from_utf8(result.stdout).unwrap();
    for category in [
        "easy (8 puzzles",
        "medium (10 puzzles",
        "hard (8 puzzles",
        "long (5 puzzles",
    ] {
        assert!(stdout.contains(category), "{category} missing:\n{stdout}");
    }
    // BFS and A* both find the optimum: 20 moves on every hard level.
    let hard = stdout.split("## hard").nth(1).unwrap();
    assert!(hard.contains("| bfs | 8/8 | 20.0 | 1.00 |"), "{hard}");
    assert!(
        hard.contains("| astar-obstructed | 8/8 | 20.0 | 1.00 |"),
        "{hard}"
    );
    let md = std::fs::read_to_string(out.path().join("compare.md")).unwrap();
    assert!(md.contains("## Beside the FEUP study"));
    // The study's own BFS answer length on the hard levels is 20 as well.
    assert!(
        md.contains("| hard | bfs (breadth) | 20.0 | 20.0 (8/8) |"),
        "{md}"
    );
    assert!(md.contains("astar-blockers (a*-bpieces)"));
    assert!(md.contains("## Which algorithm to use"));
    for measure in ["answer-length", "time", "expanded-nodes"] {
        let svg = std::fs::read_to_string(out.path().join(format!("{measure}-hard.svg"))).unwrap();
        assert!(
            svg.starts_with("<svg") && svg.contains("astar-obstructed"),
            "{measure}"
        );
    }
}

#[test]
fn compare_refuses_unknown_algorithms() {
    let out = unblocker()
        .args(["compare", "--algorithms", "quick"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown algorithm 'quick'"));
}

#[test]
fn solve_with_another_algorithm_says_whether_it_is_optimal() {
    let json = common::json(&["solve", "card1", "--algorithm", "greedy", "--json"]);
    assert_eq!(
        (json["algorithm"].as_str(), json["optimal"].as_bool()),
        (Some("greedy"), Some(false))
    );
    let text = unblocker()
        .args([
            "solve",
            "card1",
            "--algorithm",
            "astar",
            "--heuristic",
            "obstructed",
            "--no-boards",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.contains("Solved in 8 moves"), "{text}");
    assert!(
        text.contains("Algorithm: astar (heuristic obstructed), optimal"),
        "{text}"
    );
    let bad = unblocker()
        .args([
            "solve",
            "card1",
            "--algorithm",
            "bfs",
            "--heuristic",
            "blockers",
        ])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn former_heuristic_names_are_read_and_the_new_ones_printed() {
    for (former, name, optimal) in [("blockers2", "obstructed", true), ("feup2", "stuck", false)] {
        let json = common::json(&[
            "solve",
            "card1",
            "--algorithm",
            "astar",
            "--heuristic",
            former,
            "--json",
        ]);
        assert_eq!(
            (json["heuristic"].as_str(), json["optimal"].as_bool()),
            (Some(name), Some(optimal)),
            "{former}"
        );
        assert_eq!(json["length"], 8, "{former}");
    }
}
