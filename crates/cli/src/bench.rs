//! `unblocker bench`: the standard speed figures of the solvers on bundled
//! puzzles, measured on the user's own machine (single thread, best and
//! median of several runs, positions per second).

use serde::Serialize;
use std::time::Instant;
use unblocker_model::{puzzle, Metric};
use unblocker_solve::{SolveOptions, Solver, Verdict};

#[derive(clap::Args)]
#[command(
    about = "Measure the solvers on the standard benchmark puzzles",
    long_about = "Measure the solvers on the standard benchmark puzzles: the hardest Rush Hour \
        puzzle with and without walls, full exploration of the largest Rush Hour component, and \
        the Klotski classics 横刀立马 and 峰回路转. Each case runs once to warm up, then \
        --runs times on one thread; the table gives the best and the median time and the \
        positions examined per second. Release builds only give meaningful figures.",
    after_help = "Examples:\n  unblocker bench\n  unblocker bench --runs 20 --json\n  \
        unblocker bench --only klotski"
)]
pub struct Args {
    /// Timed runs per case (after one warm-up run).
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub runs: u32,
    /// Only the cases whose name contains this text.
    #[arg(long, value_name = "TEXT")]
    pub only: Option<String>,
    /// Print the results as JSON.
    #[arg(long)]
    pub json: bool,
}

/// One benchmark: a bundled puzzle and what to do with it.
struct Case {
    name: &'static str,
    puzzle: &'static str,
    metric: Metric,
    /// Explore the whole component (counting positions and levels, no
    /// solution) instead of solving.
    explore: bool,
}

const CASES: [Case; 6] = [
    Case {
        name: "rush/hardest",
        puzzle: "hardest",
        metric: Metric::Slide,
        explore: false,
    },
    Case {
        name: "rush/hardest-nowalls",
        puzzle: "hardest-nowalls",
        metric: Metric::Slide,
        explore: false,
    },
    Case {
        name: "rush/largest-component (explore)",
        puzzle: "largest-component",
        metric: Metric::Slide,
        explore: true,
    },
    Case {
        name: "klotski/横刀立马",
        puzzle: "横刀立马",
        metric: Metric::Piece,
        explore: false,
    },
    Case {
        name: "klotski/峰回路转",
        puzzle: "峰回路转",
        metric: Metric::Piece,
        explore: false,
    },
    Case {
        name: "klotski/横刀立马 (explore)",
        puzzle: "横刀立马",
        metric: Metric::Piece,
        explore: true,
    },
];

/// What one case measured.
#[derive(Serialize)]
struct Outcome {
    name: &'static str,
    metric: Metric,
    /// The optimum found (the same on every run).
    moves: Option<u32>,
    /// Positions examined per run.
    examined: u64,
    best_ms: f64,
    median_ms: f64,
    /// Positions examined per second at the median time.
    positions_per_second: f64,
}

pub fn run(args: Args) -> Result<u8, String> {
    let cases: Vec<&Case> = CASES
        .iter()
        .filter(|c| {
            args.only
                .as_deref()
                .is_none_or(|text| c.name.contains(text))
        })
        .collect();
    if cases.is_empty() {
        let names: Vec<&str> = CASES.iter().map(|c| c.name).collect();
        return Err(format!(
            "--only matches no benchmark; they are: {}",
            names.join(", ")
        ));
    }
    if cfg!(debug_assertions) && !args.json {
        eprintln!("note: this is a debug build; build with --release for meaningful figures");
    }
    let mut solver = Solver::new();
    if !args.json {
        println!(
            "{:<34} {:>6} {:>10} {:>10} {:>10} {:>14}",
            "benchmark", "moves", "positions", "best", "median", "positions/s"
        );
    }
    let mut outcomes = Vec::new();
    for case in cases {
        let outcome = measure(&mut solver, case, args.runs)?;
        if !args.json {
            println!(
                "{} {:>6} {:>10} {:>10} {:>10} {:>14}",
                pad(outcome.name, 34),
                outcome.moves.map_or("-".into(), |m| m.to_string()),
                outcome.examined,
                format_ms(outcome.best_ms),
                format_ms(outcome.median_ms),
                format!("{:.2} M", outcome.positions_per_second / 1e6),
            );
        }
        outcomes.push(outcome);
    }
    if args.json {
        println!(
            "{}",
            serde_json::to_string_pretty(&outcomes).map_err(|e| e.to_string())?
        );
    }
    Ok(0)
}

fn measure(solver: &mut Solver, case: &Case, runs: u32) -> Result<Outcome, String> {
    let board = puzzle::resolve(case.puzzle, Default::default())
        .map_err(|e| e.to_string())?
        .board;
    let options = SolveOptions {
        metric: case.metric,
        ..SolveOptions::default()
    };
    // One run: its time, the optimum and the positions examined.
    let mut run = || -> Result<(f64, Option<u32>, u64), String> {
        let started = Instant::now();
        let (optimum, examined) = if case.explore {
            let walk = solver
                .explore(&board, case.metric, &options.control)
                .map_err(|e| e.to_string())?;
            (
                walk.goal_depth.filter(|_| walk.exhausted),
                walk.stats.examined,
            )
        } else {
            let report = solver.solve(&board, &options).map_err(|e| e.to_string())?;
            let solved = report.verdict == Verdict::Solved;
            (report.length.filter(|_| solved), report.stats.examined)
        };
        Ok((started.elapsed().as_secs_f64() * 1e3, optimum, examined))
    };
    let (_, moves, examined) = run()?;
    if moves.is_none() {
        return Err(format!("benchmark {} did not solve", case.name));
    }
    let mut times = Vec::with_capacity(runs as usize);
    for _ in 0..runs {
        times.push(run()?.0);
    }
    times.sort_by(f64::total_cmp);
    let median_ms = times[times.len() / 2];
    Ok(Outcome {
        name: case.name,
        metric: case.metric,
        moves,
        examined,
        best_ms: times[0],
        median_ms,
        positions_per_second: examined as f64 / (median_ms / 1e3),
    })
}

/// Milliseconds with sensible precision.
fn format_ms(ms: f64) -> String {
    if ms < 10.0 {
        format!("{ms:.3} ms")
    } else {
        format!("{ms:.1} ms")
    }
}

/// `text` padded with spaces to `columns` terminal columns (CJK characters
/// take two).
fn pad(text: &str, columns: usize) -> String {
    let width: usize = text
        .chars()
        .map(|c| if c >= '\u{2E80}' { 2 } else { 1 })
        .sum();
    format!("{text}{}", " ".repeat(columns.saturating_sub(width)))
}
