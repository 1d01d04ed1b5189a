//! Reading the ground-truth puzzle files (found by `unblocker-testdata`).

#![allow(dead_code)]

use unblocker_model::{format, Board, Metric};
use unblocker_solve::json::{AnalyzeJson, SolveJson};
use unblocker_solve::{Control, Report, Solver};

/// Fails listing every failure, if there are any, out of `total` checks.
pub fn assert_all(failures: Vec<String>, total: usize) {
    assert!(
        failures.is_empty(),
        "{} of {total} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

pub fn read(path: &str) -> String {
    unblocker_testdata::read_to_string(path)
}

pub fn board(text: &str) -> Board {
    format::parse(text, Default::default()).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// `MOVES BOARD CLUSTER` lines.
pub fn database_lines(path: &str) -> Vec<(u32, String, u64)> {
    read(path)
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (
                f[0].parse().unwrap(),
                f[1].to_string(),
                f[2].parse().unwrap(),
            )
        })
        .collect()
}

/// Rows of `ground_truth.tsv`: board, slide optimum, step optimum, component.
pub fn ground_truth() -> Vec<(String, u32, u32, Option<u64>)> {
    read("puzzles/rush/ground_truth.tsv")
        .lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (
                f[0].to_string(),
                f[1].parse().unwrap(),
                f[2].parse().unwrap(),
                f[3].parse().ok(),
            )
        })
        .collect()
}

/// A row of `klotski/classic.tsv`; the optima are `None` when unsolvable.
pub struct KlotskiRow {
    pub name: String,
    pub board: Board,
    pub step: Option<u32>,
    pub straight: Option<u32>,
    pub piece: Option<u32>,
    pub reachable: u64,
}

/// Every row of `klotski/classic.tsv`.
pub fn klotski_classic() -> Vec<KlotskiRow> {
    read("puzzles/klotski/classic.tsv")
        .lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let (row, col) = f[2].split_once(',').unwrap();
            let options = format::ParseOptions {
                goal: Some((row.parse().unwrap(), col.parse().unwrap())),
                ..Default::default()
            };
            KlotskiRow {
                name: f[0].to_string(),
                board: format::parse(f[1], options).unwrap_or_else(|e| panic!("{}: {e}", f[0])),
                step: f[3].parse().ok(),
                straight: f[4].parse().ok(),
                piece: f[5].parse().ok(),
                reachable: f[6].parse().unwrap(),
            }
        })
        .collect()
}

/// The solution of a solved report replays legally from `board` to the goal
/// and has the reported length `want` in `metric`.
pub fn check_solution(
    name: &str,
    board: &Board,
    report: &unblocker_solve::Report,
    metric: unblocker_model::Metric,
    want: u32,
) -> Result<(), String> {
    let boards =
        unblocker_model::replay(board, &report.moves).map_err(|e| format!("{name}: {e}"))?;
    if !boards.last().expect("the start is there").is_solved() {
        return Err(format!("{name}: the solution does not reach the goal"));
    }
    let counted = match metric {
        unblocker_model::Metric::Step => report.steps,
        _ => report.moves.len() as u32,
    };
    if counted != want {
        return Err(format!(
            "{name} {metric}: the solution has {counted}, reported {want}"
        ));
    }
    Ok(())
}

/// `length` as a script reads it: from `solve --json`'s object (`null`
/// when there is no solution).
pub fn solve_json_length(board: &Board, report: &Report) -> Option<u32> {
    json_length(serde_json::to_value(SolveJson::new(board, report)).expect("serialises"))
}

/// `length` of `analyze --json`'s object for `board` in `metric`.
pub fn analyze_json_length(board: &Board, metric: Metric) -> Result<Option<u32>, String> {
    let analysis = Solver::new()
        .analyze(board, metric, &Control::default())
        .map_err(|e| e.to_string())?;
    Ok(json_length(
        serde_json::to_value(AnalyzeJson::new(board, &analysis)).expect("serialises"),
    ))
}

fn json_length(object: serde_json::Value) -> Option<u32> {
    let length = &object["length"];
    assert!(
        length.is_null() || length.is_u64(),
        "length is a number or null: {object}"
    );
    length.as_u64().map(|n| n as u32)
}
