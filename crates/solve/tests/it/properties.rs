//! Solutions of random boards replay legally, reach the goal, and lead back
//! to the start when reversed; the two metrics agree with each other.

use proptest::prelude::*;
use unblocker_model::replay;
use unblocker_model::{random, Metric};
use unblocker_solve::{SolveOptions, Solver, Verdict};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn solutions_replay_and_reverse(seed in any::<u64>()) {
        let board = random::rush_board(seed, 10);
        let mut solver = Solver::new();
        let slide = solver.solve(&board, &SolveOptions::default()).unwrap();
        let step = solver.solve(&board, &SolveOptions { metric: Metric::Step, ..Default::default() }).unwrap();
        prop_assert_eq!(slide.verdict == Verdict::Solved, step.verdict == Verdict::Solved);
        if slide.verdict != Verdict::Solved {
            // Unsolvable means every reachable position was seen.
            let analysis = solver.analyze(&board, Metric::Slide, &Default::default()).unwrap();
            prop_assert_eq!(analysis.goal_states, 0);
            prop_assert_eq!(slide.stats.enqueued, analysis.reachable_states);
            return Ok(());
        }
        let boards = replay(&board, &slide.moves).unwrap();
        prop_assert!(boards.last().unwrap().is_solved());
        prop_assert_eq!(slide.moves.len() as u32, slide.length.unwrap());
        // Reversed, the moves lead from the goal back to the start.
        let mut back = boards.last().unwrap().clone();
        for m in slide.moves.iter().rev() {
            for s in m.slides().collect::<Vec<_>>().into_iter().rev() {
                back = back.apply(s.reversed()).unwrap();
            }
        }
        prop_assert_eq!(&back, &board);
        // Steps: optimal in steps is never more than the slide solution's steps,
        // and the slide optimum never more than the step solution's moves.
        prop_assert!(step.length.unwrap() <= slide.steps);
        prop_assert!(slide.length.unwrap() <= step.moves.len() as u32);
        prop_assert_eq!(step.steps, step.length.unwrap());
        let analysis = solver.analyze(&board, Metric::Slide, &Default::default()).unwrap();
        prop_assert_eq!(analysis.optimal, slide.length);
        prop_assert!(analysis.farthest.unwrap() >= slide.length.unwrap());
    }
}

#[test]
fn cancellation_and_limits_stop_the_search() {
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;
    use unblocker_solve::{Control, StopReason};
    let board =
        unblocker_model::format::parse("BBoCoooDoCEEoDAAFGHoIIFGHoJKKoLLJooo", Default::default())
            .unwrap();
    let mut solver = Solver::new();
    let explore = |control: Control| SolveOptions {
        control,
        explore_component: true,
        ..Default::default()
    };
    let cancelled = Arc::new(AtomicBool::new(true));
    let r = solver
        .solve(&board, &explore(Control::cancellable(cancelled)))
        .unwrap();
    assert_eq!(r.verdict, Verdict::Stopped(StopReason::Cancelled));
    assert!(r.stats.examined < 10_000);
    // The 60-move puzzle's goal lies at the far end of its 2,332 positions.
    let hardest =
        unblocker_model::format::parse("IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM", Default::default())
            .unwrap();
    let limit = SolveOptions {
        control: Control {
            max_nodes: Some(1024),
            ..Default::default()
        },
        ..Default::default()
    };
    let r = solver.solve(&hardest, &limit).unwrap();
    assert_eq!(r.verdict, Verdict::Stopped(StopReason::NodeLimit));
    assert_eq!(r.stats.examined, 1024);
    let r = solver
        .solve(
            &board,
            &explore(Control {
                timeout: Some(std::time::Duration::ZERO),
                ..Default::default()
            }),
        )
        .unwrap();
    assert_eq!(r.verdict, Verdict::Stopped(StopReason::Timeout));
}

#[test]
fn statistics_add_up() {
    let board =
        unblocker_model::format::parse("IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM", Default::default())
            .unwrap();
    let r = Solver::new()
        .solve(
            &board,
            &SolveOptions {
                explore_component: true,
                ..Default::default()
            },
        )
        .unwrap();
    assert_eq!(r.length, Some(60));
    assert_eq!(r.reachable_states, Some(2332));
    let levels = &r.stats.per_level;
    assert_eq!(
        levels.iter().map(|l| l.enqueued).sum::<u64>(),
        r.stats.enqueued
    );
    assert_eq!(
        levels.iter().map(|l| l.examined).sum::<u64>(),
        r.stats.examined
    );
    assert_eq!(r.stats.examined, 2332);
    assert!(r.stats.max_frontier >= levels.iter().map(|l| l.enqueued).max().unwrap());
}
