//! `length`, the answer in the chosen metric, in every JSON object the
//! command prints (`solve`, `analyze`, `batch --json`), and the text line
//! that names the metric first.

use crate::common::{json, unblocker};
use serde_json::Value;

/// The objects `batch FILE --json --metric METRIC` prints, one per line.
fn batch_json(file: &str, metric: &str) -> Vec<Value> {
    let out = unblocker()
        .args([
            "batch",
            &unblocker_testdata::arg(file),
            "--json",
            "--metric",
            metric,
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains(" puzzles: "), "the summary is on stderr");
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// The rows of a tab-separated ground-truth file, header skipped.
fn rows(file: &str) -> Vec<Vec<String>> {
    unblocker_testdata::read_to_string(file)
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect()
}

/// `length` is the optimum (or null) in every metric, for every puzzle.
fn assert_lengths(objects: &[Value], want: &[Option<u64>], metric: &str) {
    assert_eq!(objects.len(), want.len(), "{metric}");
    let wrong: Vec<String> = objects
        .iter()
        .zip(want)
        .filter(|(o, w)| o["length"].as_u64() != **w || o["metric"] != metric)
        .map(|(o, w)| format!("{}: length {}, want {w:?}", o["label"], o["length"]))
        .collect();
    assert!(wrong.is_empty(), "{metric}: {}", wrong.join("\n"));
}

#[test]
fn batch_json_length_on_every_klotski_layout_in_every_metric() {
    let rows = rows("puzzles/klotski/classic.tsv");
    assert_eq!(rows.len(), 40);
    for (metric, column) in [("step", 3), ("slide", 4), ("piece", 5)] {
        let want: Vec<Option<u64>> = rows.iter().map(|r| r[column].parse().ok()).collect();
        assert_lengths(
            &batch_json("puzzles/klotski/classic.tsv", metric),
            &want,
            metric,
        );
    }
}

#[test]
fn batch_json_length_on_every_ground_truth_board_in_both_metrics() {
    let rows = rows("puzzles/rush/ground_truth.tsv");
    assert_eq!(rows.len(), 748);
    for (metric, column) in [("slide", 1), ("step", 2)] {
        let want: Vec<Option<u64>> = rows.iter().map(|r| r[column].parse().ok()).collect();
        assert_lengths(
            &batch_json("puzzles/rush/ground_truth.tsv", metric),
            &want,
            metric,
        );
    }
}

#[test]
fn solve_json_length_is_the_optimum_in_the_metric() {
    // 横刀立马 in steps: the optimum is 116 steps, made of 106 slides.
    let v = json(&["solve", "横刀立马", "--metric", "step", "--json"]);
    assert_eq!(
        (&v["length"], &v["steps"], &v["moves"]),
        (&Value::from(116), &Value::from(116), &Value::from(106))
    );
    let v = json(&["solve", "横刀立马", "--json"]);
    assert_eq!((&v["metric"], &v["length"]), (&"piece".into(), &81.into()));
    assert_eq!(v["length"], v["moves"]);
    let v = json(&["solve", "card1", "--json"]);
    assert_eq!((&v["length"], &v["steps"]), (&8.into(), &16.into()));
    let v = json(&["solve", "走投无路", "--json"]);
    assert_eq!(
        (&v["status"], &v["length"]),
        (&"unsolvable".into(), &Value::Null)
    );
    let v = json(&["analyze", "横刀立马", "--metric", "step", "--json"]);
    assert_eq!(v["length"], 116);
}

#[test]
fn the_text_line_says_the_metric_first() {
    for (args, line) in [
        (
            &["solve", "横刀立马", "--metric", "step"][..],
            "Solved in 116 steps (106 moves): optimal in steps.",
        ),
        (
            &["solve", "横刀立马"][..],
            "piece moves, then fewest steps.",
        ),
        (
            &["solve", "card1"][..],
            "Solved in 8 moves (16 steps): optimal in moves, then fewest steps.",
        ),
    ] {
        let out = unblocker()
            .args(args)
            .args(["--no-boards", "--color", "never"])
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.contains(line), "{args:?}: {text}");
    }
    let out = unblocker()
        .args(["solve", "横刀立马", "--no-boards", "--color", "never"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Solved in 81 piece moves ("), "{text}");
}
