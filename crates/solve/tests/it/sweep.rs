//! The dense-index exploration ([`Sweep`]) against the published component
//! sizes and against the hash-table search, level by level.

use crate::common;

use rayon::prelude::*;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use unblocker_engine::rush::RushSpace;
use unblocker_engine::{Indexed, Space};
use unblocker_model::Metric;
use unblocker_solve::{analyze, Control, StopAt, StopReason, Sweep, Workspace};

/// A sweep and the hash-table search from the same roots, compared on
/// everything both report.
fn compare(board_text: &str, metric: Metric, stop_at: StopAt) -> Result<(), String> {
    let space = RushSpace::new(&common::board(board_text)).map_err(|e| e.to_string())?;
    let roots = [space.start()];
    let control = Control::default();
    let sweep = Sweep::default()
        .run(&space, &roots, metric, stop_at, &control)
        .ok_or_else(|| format!("{board_text}: no dense index"))?;
    let bfs = Workspace::default().bfs(&space, &roots, metric, stop_at, false, &control);
    let what = format!("{board_text} {metric} {stop_at:?}");
    if stop_at == StopAt::FirstGoal {
        // The hash-table search without tie-breaking stops the moment it
        // generates a goal, the sweep at the end of the level before: the
        // levels up to that one agree.
        let whole = |w: &unblocker_solve::BfsOutcome| {
            let levels = &w.stats.per_level;
            format!(
                "{:?} {:?}",
                w.goal_depth,
                &levels[..levels.len().saturating_sub(2)]
            )
        };
        let (got, want) = (whole(&sweep), whole(&bfs));
        return (got == want)
            .then_some(())
            .ok_or_else(|| format!("{what}: {got}, hash-table search {want}"));
    }
    let pairs = [
        (
            "levels",
            format!("{:?}", sweep.stats.per_level),
            format!("{:?}", bfs.stats.per_level),
        ),
        (
            "examined",
            sweep.stats.examined.to_string(),
            bfs.stats.examined.to_string(),
        ),
        (
            "enqueued",
            sweep.stats.enqueued.to_string(),
            bfs.stats.enqueued.to_string(),
        ),
        (
            "generated",
            sweep.stats.generated.to_string(),
            bfs.stats.generated.to_string(),
        ),
        (
            "goal depth",
            format!("{:?}", sweep.goal_depth),
            format!("{:?}", bfs.goal_depth),
        ),
        (
            "goal positions",
            sweep.goal_states.to_string(),
            bfs.goal_states.to_string(),
        ),
        (
            "exhausted",
            sweep.exhausted.to_string(),
            bfs.exhausted.to_string(),
        ),
    ];
    for (name, got, want) in pairs {
        if got != want {
            return Err(format!("{what}: {name} {got}, hash-table search {want}"));
        }
    }
    Ok(())
}

#[test]
fn every_rush1000_component_has_its_published_size_and_optimum() {
    let lines = common::database_lines("puzzles/rush/rush1000.txt");
    let failures: Vec<String> = lines
        .par_iter()
        .map_init(
            unblocker_solve::Solver::new,
            |solver, (moves, board, cluster)| {
                let walk = solver
                    .explore(&common::board(board), Metric::Slide, &Control::default())
                    .map_err(|e| e.to_string())?;
                let got = (walk.exhausted, walk.stats.enqueued, walk.goal_depth);
                let want = (true, *cluster, Some(*moves));
                (got == want)
                    .then_some(())
                    .ok_or_else(|| format!("{board}: got {got:?}, want {want:?}"))
            },
        )
        .filter_map(Result::err)
        .collect();
    common::assert_all(failures, lines.len());
}

#[test]
fn sweeps_count_what_the_hash_table_search_counts() {
    let mut boards: Vec<String> = common::database_lines("puzzles/rush/rush1000.txt")
        .into_iter()
        .step_by(10)
        .map(|(_, board, _)| board)
        .collect();
    boards.extend(common::ground_truth().into_iter().step_by(15).map(|r| r.0));
    let cases: Vec<(&String, Metric, StopAt)> = boards
        .iter()
        .flat_map(|b| {
            [Metric::Slide, Metric::Step]
                .into_iter()
                .flat_map(move |m| [StopAt::Exhaustion, StopAt::FirstGoal].map(|s| (b, m, s)))
        })
        .collect();
    let failures: Vec<String> = cases
        .par_iter()
        .filter_map(|&(board, metric, stop_at)| compare(board, metric, stop_at).err())
        .collect();
    common::assert_all(failures, cases.len());
}

#[test]
fn analysis_by_sweep_equals_analysis_by_hash_table() {
    let boards: Vec<String> = common::database_lines("puzzles/rush/rush1000.txt")
        .into_iter()
        .step_by(25)
        .map(|(_, board, _)| board)
        .collect();
    let failures: Vec<String> = boards
        .par_iter()
        .flat_map(|b| [Metric::Slide, Metric::Step].map(|m| (b, m)))
        .filter_map(|(text, metric)| {
            let board = common::board(text);
            let space = RushSpace::new(&board).unwrap();
            let control = Control::default();
            let by_sweep = unblocker_solve::Solver::new()
                .analyze(&board, metric, &control)
                .unwrap();
            let by_table = analyze(&space, metric, &control, &mut Workspace::default()).unwrap();
            let shape = |a: &unblocker_solve::Analysis| {
                let farthest = a
                    .farthest_board
                    .as_ref()
                    .map(unblocker_model::format::to_line);
                let counts = (a.reachable_states, a.goal_states, a.optimal, a.farthest);
                format!("{counts:?} {:?} {farthest:?}", a.distance_histogram)
            };
            let (got, want) = (shape(&by_sweep), shape(&by_table));
            (got != want).then(|| format!("{text} {metric}: {got}, hash table {want}"))
        })
        .collect();
    common::assert_all(failures, boards.len() * 2);
}

#[test]
fn a_sweep_stops_when_cancelled_or_over_its_node_limit() {
    let space = RushSpace::new(&common::board("BBoCoooDoCEEoDAAFGHoIIFGHoJKKoLLJooo")).unwrap();
    let roots = [space.start()];
    let mut sweep = Sweep::default();
    let limited = Control {
        max_nodes: Some(10_000),
        ..Control::default()
    };
    let walk = sweep
        .run(&space, &roots, Metric::Slide, StopAt::Exhaustion, &limited)
        .unwrap();
    assert_eq!(walk.stopped, Some(StopReason::NodeLimit));
    assert!(!walk.exhausted);
    assert!(walk.stats.examined < 20_000, "{}", walk.stats.examined);
    let cancelled = Control {
        cancel: Some(Arc::new(AtomicBool::new(true))),
        ..Control::default()
    };
    let walk = sweep
        .run(
            &space,
            &roots,
            Metric::Slide,
            StopAt::Exhaustion,
            &cancelled,
        )
        .unwrap();
    assert_eq!(walk.stopped, Some(StopReason::Cancelled));
    // The stopped sweeps left bits behind; the next one clears them.
    let full = sweep
        .run(
            &space,
            &roots,
            Metric::Slide,
            StopAt::Exhaustion,
            &Control::default(),
        )
        .unwrap();
    assert_eq!(full.stats.enqueued, 541_934);
    assert!(full.exhausted);
}

#[test]
fn a_board_without_a_dense_index_is_explored_by_the_hash_table_search() {
    // 8×8, a 2-car on every row and on six columns: 7^14 index values,
    // more than a bitmap is allowed.
    let rows = [
        "BBCDEFGH", "IICDEFGH", "AAoooooo", "JJoooooo", "KKoooooo", "LLoooooo", "MMoooooo",
        "NNoooooo",
    ];
    let board = common::board(&rows.concat());
    let space = RushSpace::new(&board).unwrap();
    assert_eq!(space.index_bound(), None);
    let roots = [space.start()];
    let control = Control::default();
    assert!(Sweep::default()
        .run(&space, &roots, Metric::Slide, StopAt::FirstGoal, &control)
        .is_none());
    let limited = Control {
        max_nodes: Some(5_000),
        ..Control::default()
    };
    let walk = unblocker_solve::Solver::new()
        .explore(&board, Metric::Slide, &limited)
        .unwrap();
    assert_eq!(walk.stopped, Some(StopReason::NodeLimit));
    assert!(walk.stats.enqueued > 5_000);
}
