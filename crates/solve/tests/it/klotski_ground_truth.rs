//! Every Klotski layout of `../shared/puzzles/klotski/classic.tsv` in all
//! three metrics: optimum (read from the JSON objects' `length`), component
//! size, and a legal replay of the solution.

use crate::common;

use crate::common::KlotskiRow;
use rayon::prelude::*;
use unblocker_model::Metric;
use unblocker_solve::{SolveOptions, Solver, Verdict};

fn check(row: &KlotskiRow, metric: Metric, want: Option<u32>) -> Result<(), String> {
    let name = &row.name;
    let options = SolveOptions {
        metric,
        explore_component: true,
        ..Default::default()
    };
    let report = Solver::new()
        .solve(&row.board, &options)
        .map_err(|e| format!("{name}: {e}"))?;
    if report.reachable_states != Some(row.reachable) {
        return Err(format!(
            "{name} {metric}: component {:?}, want {}",
            report.reachable_states, row.reachable
        ));
    }
    // A script reads the answer from `length` of both JSON objects.
    let solved = common::solve_json_length(&row.board, &report);
    let analysed = common::analyze_json_length(&row.board, metric)?;
    if (solved, analysed) != (want, want) {
        return Err(format!(
            "{name} {metric}: length {solved:?} (analysis {analysed:?}), want {want:?}"
        ));
    }
    let Some(want) = want else {
        return match report.verdict {
            Verdict::Unsolvable => Ok(()),
            v => Err(format!("{name} {metric}: {v:?}, want unsolvable")),
        };
    };
    if report.verdict != Verdict::Solved {
        return Err(format!("{name} {metric}: {:?}", report.verdict));
    }
    common::check_solution(name, &row.board, &report, metric, want)
}

#[test]
fn classic_layouts_in_every_metric() {
    let rows = common::klotski_classic();
    assert_eq!(rows.len(), 40);
    let failures: Vec<String> = rows
        .par_iter()
        .flat_map(|row| {
            [
                check(row, Metric::Step, row.step).err(),
                check(row, Metric::Slide, row.straight).err(),
                check(row, Metric::Piece, row.piece).err(),
            ]
        })
        .flatten()
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} failed:\n{}",
        failures.len(),
        rows.len() * 3,
        failures.join("\n")
    );
}

#[test]
fn the_unsolvable_layout_is_reported_with_its_component() {
    let rows = common::klotski_classic();
    let row = rows
        .iter()
        .find(|r| r.name == "走投无路")
        .expect("in the file");
    let report = Solver::new()
        .solve(&row.board, &SolveOptions::default())
        .expect("searchable");
    assert_eq!(report.verdict, Verdict::Unsolvable);
    assert_eq!(report.stats.enqueued, 7462);
    assert_eq!(report.reachable_states, Some(7462));
}

#[test]
fn analysis_of_the_classic_layout() {
    let board = common::board("BAAC/BAAC/DEEF/DGHF/I..J");
    let a = Solver::new()
        .analyze(&board, Metric::Piece, &Default::default())
        .expect("analyses");
    assert_eq!(a.reachable_states, 25_955);
    assert_eq!(a.goal_states, 964);
    assert_eq!(a.optimal, Some(81));
    assert!(a.farthest.unwrap() >= 81);
    assert_eq!(a.distance_histogram.iter().sum::<u64>(), 25_955);
}

/// dnomd343/klotski names `DAAF4CC00` and `DAA7F3000` as solutions of
/// `1A9BF0C00` (横刀立马): both are goal positions of its component.
#[test]
fn dnomd343_solution_codes_are_goals_of_the_classic_component() {
    use std::collections::HashSet;
    use unblocker_engine::klotski::KlotskiSpace;
    use unblocker_engine::Space;
    let classic = common::board("1A9BF0C00");
    assert_eq!(classic, common::board("BAAC/BAAC/DEEF/DGHF/I..J"));
    let space = KlotskiSpace::<u64>::new(&classic).expect("a 4×5 board");
    let mut seen = HashSet::from([space.start()]);
    let mut queue = vec![space.start()];
    while let Some(state) = queue.pop() {
        space.expand(state, Metric::Step, |next, _| {
            if seen.insert(next) {
                queue.push(next);
            }
        });
    }
    assert_eq!(seen.len(), 25_955);
    for code in ["DAAF4CC00", "DAA7F3000"] {
        let board = common::board(code);
        assert!(board.is_solved(), "{code}");
        let key = space.key_of(&board).expect("same pieces");
        assert!(seen.contains(&key), "{code} is not in the component");
    }
}

/// On a symmetric board the search visits one position of each mirror pair,
/// yet its statistics count positions: they equal the plain search's, level
/// by level, in every metric.
#[test]
fn mirrored_search_counts_the_same_positions_as_the_plain_one() {
    use unblocker_engine::klotski::mirror::MirroredKlotski;
    use unblocker_engine::klotski::KlotskiSpace;
    use unblocker_solve::{solve, Workspace};
    for layout in ["BAAC/BAAC/DEEF/DGHF/I..J", "BAAC/BAAC/DEEF/GHIJ/K..L"] {
        let space = KlotskiSpace::<u64>::new(&common::board(layout)).expect("Klotski");
        let pairs = MirroredKlotski::new(&space).expect("a symmetric board");
        for metric in [Metric::Step, Metric::Slide, Metric::Piece] {
            for explore_component in [false, true] {
                let options = SolveOptions {
                    metric,
                    explore_component,
                    ..SolveOptions::default()
                };
                let plain = solve(&space, &options, &mut Workspace::default());
                let mirrored = solve(&pairs, &options, &mut Workspace::default());
                let what = format!("{layout} {metric:?} explore={explore_component}");
                assert_eq!(mirrored.length, plain.length, "{what}");
                assert_eq!(mirrored.reachable_states, plain.reachable_states, "{what}");
                // A solve stops as soon as it meets a goal, at a moment that
                // depends on the order of the search: its last level and the
                // examined count of the one before differ.
                let enqueued = |r: &unblocker_solve::Report| {
                    let levels = &r.stats.per_level;
                    let last = levels.len() - usize::from(!explore_component);
                    levels[..last]
                        .iter()
                        .map(|l| l.enqueued)
                        .collect::<Vec<_>>()
                };
                assert_eq!(enqueued(&mirrored), enqueued(&plain), "{what}");
                if explore_component {
                    assert_eq!(mirrored.stats.per_level, plain.stats.per_level, "{what}");
                    assert_eq!(mirrored.stats.enqueued, plain.stats.enqueued, "{what}");
                    assert_eq!(mirrored.stats.examined, plain.stats.examined, "{what}");
                }
                assert!(
                    mirrored.stats.generated < plain.stats.generated * 2 / 3,
                    "{what}: the mirrored search does less work"
                );
            }
        }
    }
}
