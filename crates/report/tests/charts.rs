//! Every chart drawn from a real comparison and from the database's sample,
//! read back: no two text boxes overlap (measured from the SVG's own
//! coordinates), log axes are ticked 1, 10, 100, 1k…, and `compare.md`
//! shows the overview first.

use std::path::{Path, PathBuf};
use unblocker_db::stats::DatabaseStats;
use unblocker_db::Database;
use unblocker_model::Metric;
use unblocker_report::charts::stats_chart;
use unblocker_report::charts::style::text_width;
use unblocker_report::study::{measurements_beside, read_puzzles};
use unblocker_report::{variants, Comparison};
use unblocker_solve::memory::MemoryBudget;
use unblocker_solve::{Algorithm, SolveOptions};

/// A text element's box: left, top, right, bottom, and its text.
type TextBox = (f64, f64, f64, f64, String);

fn attr(tag: &str, name: &str) -> Option<String> {
    let start = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    let len = tag[start..].find('"')?;
    Some(tag[start..start + len].to_string())
}

/// Every `<text>` of an SVG with the box its glyphs take: the width
/// estimated from its characters, the height its font size, placed by its
/// anchor, vertical offset and rotation.
fn text_boxes(svg: &str) -> Vec<TextBox> {
    let mut boxes = Vec::new();
    for piece in svg.split("<text").skip(1) {
        let (tag, rest) = piece.split_once('>').unwrap();
        let text = rest.split("</text>").next().unwrap().trim();
        let text = text
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&amp;", "&");
        if text.is_empty() {
            continue;
        }
        let num = |name| attr(tag, name).and_then(|v| v.parse::<f64>().ok());
        let (x, y, size) = (
            num("x").unwrap(),
            num("y").unwrap(),
            num("font-size").unwrap(),
        );
        let w = text_width(&text, size);
        let (left, right) = match attr(tag, "text-anchor").as_deref() {
            Some("middle") => (-w / 2.0, w / 2.0),
            Some("end") => (-w, 0.0),
            _ => (0.0, w),
        };
        let (top, bottom) = match attr(tag, "dy").as_deref() {
            Some("0.76em") => (0.0, size),
            Some("0.5ex") => (-size / 2.0, size / 2.0),
            Some("-0.5ex") => (-size, 0.0),
            _ => (-0.76 * size, 0.24 * size),
        };
        let (l, t, r, b) = match attr(tag, "transform") {
            // A quarter turn back around its point: (dx, dy) -> (dy, -dx).
            Some(t) if t.starts_with("rotate(270") => (top, -right, bottom, -left),
            Some(t) if t.starts_with("rotate(90") => (-bottom, left, -top, right),
            _ => (left, top, right, bottom),
        };
        boxes.push((x + l, y + t, x + r, y + b, text));
    }
    boxes
}

/// The pairs of text boxes that overlap (by more than half a pixel).
fn overlaps(svg: &str) -> Vec<(String, String)> {
    let boxes = text_boxes(svg);
    let mut out = Vec::new();
    for (i, a) in boxes.iter().enumerate() {
        for b in &boxes[i + 1..] {
            let e = 0.5;
            if a.0 + e < b.2 && b.0 + e < a.2 && a.1 + e < b.3 && b.1 + e < a.3 {
                out.push((a.4.clone(), b.4.clone()));
            }
        }
    }
    out
}

/// Numbers on the charts read 1, 10, 100, 1k or 1.5: never 100000.0 or 1e5.
fn check_numbers(name: &str, svg: &str) {
    for (.., text) in text_boxes(svg) {
        let numeric = text
            .chars()
            .all(|c| c.is_ascii_digit() || c == '.' || c == 'e' || c == '-');
        if numeric {
            assert!(
                !text.contains('e') && !text.ends_with(".0"),
                "{name}: {text:?}"
            );
        }
    }
}

/// The levels numbered 1 and 2 of each FEUP category and four ThinkFun
/// cards, each set in its own file.
fn small_study(dir: &Path) -> Vec<PathBuf> {
    let feup: String = unblocker_testdata::read_to_string("puzzles/rush/feup_group19_verified.txt")
        .lines()
        .filter(|l| {
            let name = l.split_whitespace().next().unwrap_or("");
            l.starts_with('#') || name.ends_with("-1") || name.ends_with("-2")
        })
        .map(|l| format!("{l}\n"))
        .collect();
    let cards: String = unblocker_testdata::read_to_string("puzzles/rush/thinkfun40_verified.txt")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .take(5)
        .map(|l| format!("{l}\n"))
        .collect();
    let (a, b) = (dir.join("feup_group19.txt"), dir.join("thinkfun40.txt"));
    std::fs::write(&a, feup).unwrap();
    std::fs::write(&b, cards).unwrap();
    vec![a, b]
}

#[test]
fn no_chart_has_overlapping_text_and_log_axes_read_in_powers_of_ten() {
    let dir = tempfile::tempdir().unwrap();
    let puzzles = read_puzzles(&small_study(dir.path())).unwrap();
    let budget = MemoryBudget::for_searches(None);
    let options = SolveOptions::new(
        Metric::Slide,
        Algorithm::Bfs,
        None,
        None,
        Some(200_000),
        &budget,
    )
    .unwrap();
    let all = variants(&[], &[], Metric::Slide);
    let comparison = Comparison::run(&puzzles, all, options, |_| {}).unwrap();
    let out = dir.path().join("out");
    let feup = unblocker_testdata::path("puzzles/rush/feup_group19_verified.txt");
    let md = comparison.write(&out, &measurements_beside(&feup)).unwrap();
    let md = std::fs::read_to_string(md).unwrap();
    // The overview is the first thing compare.md shows.
    let first = md.lines().find(|l| l.starts_with("![")).unwrap();
    assert!(first.ends_with("(overview.png)"), "{first}");
    assert!(md.find("![").unwrap() < md.find("###").unwrap());
    assert!(std::fs::read(out.join("overview.png"))
        .unwrap()
        .starts_with(b"\x89PNG"));
    let mut charts = Vec::new();
    for entry in std::fs::read_dir(&out).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "svg") {
            continue;
        }
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let svg = std::fs::read_to_string(&path).unwrap();
        assert_eq!(overlaps(&svg), Vec::<(String, String)>::new(), "{name}");
        check_numbers(&name, &svg);
        let texts: Vec<String> = text_boxes(&svg).into_iter().map(|b| b.4).collect();
        if name.starts_with("expanded-nodes") || name.starts_with("answer-length") {
            // Counts: no tick below 1.
            assert!(!texts.iter().any(|t| t.starts_with("0.")), "{name}");
        }
        if name == "overview.svg" {
            // Every search labelled in each of the 5 categories.
            for label in [
                "bfs",
                "dfs",
                "astar-obstructed",
                "greedy-stuck",
                "idastar-blockers",
            ] {
                let noted = |t: &String| {
                    t.strip_prefix("not solved: ")
                        .is_some_and(|list| list.split(", ").any(|l| l == label))
                };
                let n = texts.iter().filter(|t| *t == label || noted(t)).count();
                assert_eq!(n, 5, "{label} in the overview");
            }
        }
        charts.push(name);
    }
    // The overview and three measures for each of the 5 categories.
    assert_eq!(charts.len(), 16, "{charts:?}");
}

#[test]
fn the_database_chart_has_no_overlapping_text() {
    let stats = DatabaseStats::of(&Database::sample().unwrap()).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("stats.svg");
    stats_chart(&stats, &path).unwrap();
    let svg = std::fs::read_to_string(&path).unwrap();
    assert_eq!(overlaps(&svg), Vec::<(String, String)>::new());
    check_numbers("stats.svg", &svg);
    let texts: Vec<String> = text_boxes(&svg).into_iter().map(|b| b.4).collect();
    for tick in ["1", "10", "100", "1k", "10k"] {
        assert!(texts.iter().any(|t| t == tick), "tick {tick}");
    }
    let png = dir.path().join("stats.png");
    stats_chart(&stats, &png).unwrap();
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
}
