//! Every published optimum and component size in `../shared/puzzles/rush`,
//! read from the JSON objects' `length` as a script would.

use crate::common;

use rayon::prelude::*;
use unblocker_model::Metric;
use unblocker_solve::{SolveOptions, Solver, Verdict};

/// Solves with full exploration and checks length, component size and that
/// the solution replays to the goal.
fn check(
    board_text: &str,
    metric: Metric,
    length: u32,
    component: Option<u64>,
) -> Result<(), String> {
    let board = common::board(board_text);
    let mut solver = Solver::new();
    let options = SolveOptions {
        metric,
        explore_component: component.is_some(),
        ..Default::default()
    };
    let report = solver.solve(&board, &options).map_err(|e| e.to_string())?;
    if report.verdict != Verdict::Solved {
        return Err(format!("{board_text}: {:?}", report.verdict));
    }
    let answer = common::solve_json_length(&board, &report);
    if answer != Some(length) {
        return Err(format!(
            "{board_text} {metric}: length {answer:?}, want {length}"
        ));
    }
    if component.is_some() && report.reachable_states != component {
        return Err(format!(
            "{board_text}: component {:?}, want {component:?}",
            report.reachable_states
        ));
    }
    common::check_solution(board_text, &board, &report, metric, length)
}

/// Every `MOVES BOARD CLUSTER` line of a database file.
fn check_database_file(path: &str, count: usize) {
    let lines = common::database_lines(path);
    assert_eq!(lines.len(), count);
    let failures: Vec<String> = lines
        .par_iter()
        .filter_map(|(moves, board, cluster)| {
            check(board, Metric::Slide, *moves, Some(*cluster)).err()
        })
        .collect();
    common::assert_all(failures, lines.len());
}

#[test]
fn rush1000_optimum_and_component() {
    check_database_file("puzzles/rush/rush1000.txt", 1000);
}

#[test]
#[ignore = "18,068 searches, 12 s of two cores in the fast suite's build: the full suite runs it (cargo test -p unblocker-solve -- --ignored rush_18k)"]
fn rush_18k_optimum_and_component() {
    check_database_file("puzzles/rush/rush_18k.txt", 18_068);
}

/// `analyze --json`'s `length` is the optimum too.
fn check_analysis(board_text: &str, metric: Metric, length: u32) -> Result<(), String> {
    let answer = common::analyze_json_length(&common::board(board_text), metric)?;
    if answer != Some(length) {
        return Err(format!(
            "{board_text} {metric}: analysis length {answer:?}, want {length}"
        ));
    }
    Ok(())
}

#[test]
fn ground_truth_both_metrics() {
    let rows = common::ground_truth();
    assert_eq!(rows.len(), 748);
    let failures: Vec<String> = rows
        .par_iter()
        .flat_map(|(board, slide, step, component)| {
            [
                check(board, Metric::Slide, *slide, *component).err(),
                check(board, Metric::Step, *step, *component).err(),
                check_analysis(board, Metric::Slide, *slide).err(),
                check_analysis(board, Metric::Step, *step).err(),
            ]
        })
        .flatten()
        .collect();
    common::assert_all(failures, rows.len() * 4);
}
