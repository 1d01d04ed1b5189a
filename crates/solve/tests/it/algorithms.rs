//! Every algorithm on the FEUP levels, the 40 ThinkFun cards and Klotski's
//! classic layouts: the optimal ones find the published optimum in each
//! metric, the others a legal solution; limits stop runaway searches.

use crate::common;

use rayon::prelude::*;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;
use unblocker_model::{Board, Metric};
use unblocker_solve::json::SolveJson;
use unblocker_solve::{
    Algorithm, Control, Heuristic, HeuristicError, Report, SolveError, SolveOptions, Solver,
    StopReason, Verdict, CHECK_EVERY,
};

/// A puzzle with its published optima.
struct Level {
    name: String,
    board: Board,
    slide: u32,
    step: u32,
}

impl Level {
    fn optimum(&self, metric: Metric) -> u32 {
        if metric == Metric::Step {
            self.step
        } else {
            self.slide
        }
    }
}

/// The FEUP levels (`NAME SLIDE STEP COMPONENT BOARD | …`) and the ThinkFun
/// cards (`CARD SLIDE STEP BOARD`).
fn rush_levels() -> Vec<Level> {
    let rows = |path: &str, board_at: usize, prefix: &str| -> Vec<Level> {
        common::read(path)
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| {
                let f: Vec<&str> = l.split_whitespace().collect();
                Level {
                    name: format!("{prefix}{}", f[0]),
                    board: common::board(f[board_at]),
                    slide: f[1].parse().unwrap(),
                    step: f[2].parse().unwrap(),
                }
            })
            .collect()
    };
    let mut levels = rows("puzzles/rush/feup_group19_verified.txt", 4, "");
    levels.extend(rows("puzzles/rush/thinkfun40_verified.txt", 3, "card"));
    assert_eq!(levels.len(), 31 + 40);
    levels
}

fn options(metric: Metric, algorithm: Algorithm, heuristic: Option<Heuristic>) -> SolveOptions {
    SolveOptions {
        metric,
        algorithm,
        heuristic,
        ..SolveOptions::default()
    }
}

/// Solves and checks the verdict, the optimality flag, the length (equal to
/// `optimum` when the algorithm is optimal, at least it otherwise) and that
/// the solution replays to the goal.
fn check(
    name: &str,
    board: &Board,
    options: &SolveOptions,
    optimum: u32,
) -> Result<Report, String> {
    let label = format!("{name} {} {}", options.algorithm, options.metric);
    let report = Solver::new()
        .solve(board, options)
        .map_err(|e| format!("{label}: {e}"))?;
    if report.verdict != Verdict::Solved {
        return Err(format!("{label}: {:?}", report.verdict));
    }
    let length = report.length.expect("solved");
    if report.optimal != options.is_optimal() {
        return Err(format!("{label}: optimal flag {}", report.optimal));
    }
    if report.optimal && length != optimum || length < optimum {
        return Err(format!("{label}: length {length}, optimum {optimum}"));
    }
    common::check_solution(&label, board, &report, options.metric, length)?;
    Ok(report)
}

fn assert_all(failures: Vec<String>) {
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Runs `variants` on every Rush Hour level in both metrics (in steps only
/// up to `max_steps`).
fn on_every_level(
    variants: &[(Algorithm, Option<Heuristic>)],
    wanted: impl Fn(&Level, Metric) -> bool + Sync,
) {
    let levels = rush_levels();
    let cases: Vec<(&Level, Metric, Algorithm, Option<Heuristic>)> = levels
        .iter()
        .flat_map(|l| {
            [Metric::Slide, Metric::Step]
                .into_iter()
                .flat_map(move |m| variants.iter().map(move |&(a, h)| (l, m, a, h)))
        })
        .filter(|&(l, m, _, h)| {
            h.is_none_or(|h| h.check(unblocker_model::Game::RushHour, m).is_ok()) && wanted(l, m)
        })
        .collect();
    let failures = cases
        .par_iter()
        .filter_map(|&(l, m, a, h)| check(&l.name, &l.board, &options(m, a, h), l.optimum(m)).err())
        .collect();
    assert_all(failures);
}

#[test]
fn astar_and_bidir_find_the_optimum_on_every_level() {
    on_every_level(
        &[
            (Algorithm::Astar, None),
            (Algorithm::Astar, Some(Heuristic::Blockers)),
            (Algorithm::Astar, Some(Heuristic::Zero)),
            (Algorithm::Bidir, None),
        ],
        |_, _| true,
    );
}

/// IDA* re-expands positions at every bound: the levels up to 40 moves in
/// moves, and up to 40 steps in steps.
#[test]
fn idastar_finds_the_optimum_on_every_level() {
    on_every_level(&[(Algorithm::Idastar, None)], |l, m| match m {
        Metric::Step => l.step <= 40,
        _ => l.slide <= 40,
    });
}

/// The levels longer than 40 moves, in moves: 7 s of two cores, left to the
/// full suite.
#[test]
#[ignore = "7 s of two cores: the full suite runs it (cargo test -p unblocker-solve -- --ignored idastar)"]
fn idastar_finds_the_optimum_on_the_longest_levels() {
    on_every_level(&[(Algorithm::Idastar, None)], |l, m| {
        m == Metric::Slide && l.slide > 40
    });
}

#[test]
fn greedy_and_dfs_find_legal_solutions_on_every_level() {
    on_every_level(
        &[
            (Algorithm::Greedy, None),
            (Algorithm::Greedy, Some(Heuristic::Stuck)),
            (Algorithm::Astar, Some(Heuristic::Stuck)),
            (Algorithm::Dfs, None),
        ],
        |_, _| true,
    );
}

#[test]
fn iddfs_finds_the_optimum_on_short_levels() {
    let levels: Vec<Level> = rush_levels()
        .into_iter()
        .filter(|l| l.slide <= 10)
        .collect();
    assert!(levels.len() >= 20);
    let failures = levels
        .par_iter()
        .filter_map(|l| {
            check(
                &l.name,
                &l.board,
                &options(Metric::Slide, Algorithm::Iddfs, None),
                l.slide,
            )
            .err()
        })
        .collect();
    assert_all(failures);
}

#[test]
fn every_algorithm_solves_klotski_in_every_metric() {
    let rows: Vec<common::KlotskiRow> = common::klotski_classic()
        .into_iter()
        .filter(|r| r.piece.is_some_and(|p| p <= 40))
        .collect();
    assert!(rows.len() >= 5);
    let cases: Vec<(&common::KlotskiRow, Metric, Algorithm)> = rows
        .iter()
        .flat_map(|r| {
            [Metric::Step, Metric::Slide, Metric::Piece]
                .into_iter()
                .flat_map(move |m| Algorithm::ALL.iter().map(move |&a| (r, m, a)))
        })
        .collect();
    let failures = cases
        .par_iter()
        .filter_map(|&(r, m, a)| {
            let optimum = match m {
                Metric::Step => r.step,
                Metric::Slide => r.straight,
                Metric::Piece => r.piece,
            }
            .expect("solvable");
            check(&r.name, &r.board, &options(m, a, None), optimum).err()
        })
        .collect();
    assert_all(failures);
}

#[test]
fn limits_stop_runaway_searches_and_say_how_far_they_got() {
    let long = common::board("oJoxCCoJDDMooAALMoxoKLFFIoKGGNIoHHoN"); // long-3, 46 moves
    for &algorithm in Algorithm::ALL {
        let mut o = options(Metric::Step, algorithm, None);
        o.control.max_nodes = Some(2_000);
        let report = Solver::new().solve(&long, &o).unwrap();
        assert_eq!(
            report.verdict,
            Verdict::Stopped(StopReason::NodeLimit),
            "{algorithm}"
        );
        let examined = report.stats.examined;
        assert!(
            (2_000..2_000 + 2 * CHECK_EVERY).contains(&examined),
            "{algorithm}: {examined}"
        );
        assert!(report.moves.is_empty() && report.length.is_none());
        assert!(
            !report.stats.per_level.is_empty(),
            "{algorithm}: the depth reached"
        );
    }
    let mut o = options(Metric::Step, Algorithm::Iddfs, None);
    o.control.timeout = Some(Duration::from_millis(20));
    let report = Solver::new()
        .solve(&common::board("IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM"), &o)
        .unwrap();
    assert_eq!(report.verdict, Verdict::Stopped(StopReason::Timeout));
    assert!(report.stats.per_level.last().unwrap().depth > 0);
    let cancelled = Arc::new(AtomicBool::new(true));
    for algorithm in [
        Algorithm::Dfs,
        Algorithm::Astar,
        Algorithm::Idastar,
        Algorithm::Greedy,
    ] {
        let mut o = options(Metric::Step, algorithm, None);
        o.control = Control::cancellable(cancelled.clone());
        let report = Solver::new().solve(&long, &o).unwrap();
        assert_eq!(
            report.verdict,
            Verdict::Stopped(StopReason::Cancelled),
            "{algorithm}"
        );
    }
}

#[test]
fn json_names_the_algorithm_and_whether_it_is_optimal() {
    let board = common::board("BBoooCDooEoCDAAEoCDooEooFoooGGFoHHHo"); // card 1
    let greedy = Solver::new()
        .solve(&board, &options(Metric::Slide, Algorithm::Greedy, None))
        .unwrap();
    let json = serde_json::to_value(SolveJson::new(&board, &greedy)).unwrap();
    assert_eq!(json["algorithm"], "greedy");
    assert_eq!(json["heuristic"], "obstructed");
    assert_eq!(json["optimal"], false);
    let astar = Solver::new()
        .solve(&board, &options(Metric::Step, Algorithm::Astar, None))
        .unwrap();
    let json = serde_json::to_value(SolveJson::new(&board, &astar)).unwrap();
    assert_eq!(
        (json["algorithm"].as_str(), json["heuristic"].as_str()),
        (Some("astar"), Some("distance"))
    );
    assert_eq!(
        (json["optimal"].as_bool(), json["steps"].as_u64()),
        (Some(true), Some(16))
    );
    let bfs = Solver::new()
        .solve(&board, &SolveOptions::default())
        .unwrap();
    let json = serde_json::to_value(SolveJson::new(&board, &bfs)).unwrap();
    assert_eq!(json["algorithm"], "bfs");
    assert!(json.get("heuristic").is_none());
}

#[test]
fn heuristics_that_do_not_fit_are_refused() {
    let card = common::board("BBoooCDooEoCDAAEoCDooEooFoooGGFoHHHo");
    let o = options(Metric::Slide, Algorithm::Astar, Some(Heuristic::Distance));
    assert_eq!(
        Solver::new().solve(&card, &o).unwrap_err(),
        SolveError::Heuristic(HeuristicError::NeedsStep {
            metric: Metric::Slide
        })
    );
    let klotski = common::klotski_classic().remove(0).board;
    let o = options(Metric::Piece, Algorithm::Greedy, Some(Heuristic::Stuck));
    assert_eq!(
        Solver::new().solve(&klotski, &o).unwrap_err(),
        SolveError::Heuristic(HeuristicError::RushHourOnly)
    );
}

/// Bidirectional search against breadth-first search on random Rush Hour
/// and Klotski boards in every metric: the same optimum, or both find none.
#[test]
fn bidir_agrees_with_bfs_on_random_boards() {
    let cases: Vec<(u64, Metric)> = (0..300u64)
        .flat_map(|seed| [Metric::Slide, Metric::Step].map(|m| (seed, m)))
        .collect();
    let failures = cases
        .par_iter()
        .filter_map(|&(seed, metric)| {
            let board = if seed % 3 == 0 {
                unblocker_model::random::klotski_board(seed, 6)
            } else {
                unblocker_model::random::rush_board(seed, 8)
            };
            let limited = |algorithm| SolveOptions {
                control: Control {
                    max_nodes: Some(200_000),
                    ..Control::default()
                },
                ..options(metric, algorithm, None)
            };
            let solve = |algorithm| Solver::new().solve(&board, &limited(algorithm)).unwrap();
            let (bfs, bidir) = (solve(Algorithm::Bfs), solve(Algorithm::Bidir));
            if matches!(bfs.verdict, Verdict::Stopped(_)) {
                return None;
            }
            (bfs.verdict != bidir.verdict || bfs.length != bidir.length).then(|| {
                format!(
                    "seed {seed} {metric:?}: bfs {:?} {:?}, bidir {:?} {:?}",
                    bfs.verdict, bfs.length, bidir.verdict, bidir.length
                )
            })
        })
        .collect();
    assert_all(failures);
}

/// An easy board with a vast component: bidir examines no more than a few
/// times what breadth-first search does, not the 16.9 million positions of
/// the component.
#[test]
fn bidir_on_an_easy_board_with_a_vast_component_stays_near_bfs() {
    let board =
        common::board("BB....CC/DD....EE/.......F/AA.....F/.......F/GG....HH/II....JJ/KK....LL");
    let solve = |algorithm| {
        Solver::new()
            .solve(&board, &options(Metric::Slide, algorithm, None))
            .unwrap()
    };
    let (bfs, bidir) = (solve(Algorithm::Bfs), solve(Algorithm::Bidir));
    assert_eq!((bfs.length, bidir.length), (Some(4), Some(4)));
    assert!(
        bidir.stats.examined <= 3 * bfs.stats.examined,
        "bidir {} examined, bfs {}",
        bidir.stats.examined,
        bfs.stats.examined
    );
    assert!(
        bidir.stats.memory_bytes < 16 << 20,
        "{}",
        bidir.stats.memory_bytes
    );
}
