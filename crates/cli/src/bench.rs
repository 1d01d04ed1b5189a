//! `unblocker bench`: the standard speed figures of the solvers on bundled
//! puzzles, measured on the user's own machine (single thread, best and
//! median of several runs, positions per second).

use serde::Serialize;
use std::time::Instant;
use unblocker_db::shard::Shard;
use unblocker_db::{generate, Database, GenerateOptions};
use unblocker_model::{puzzle, Board, Metric};
use unblocker_solve::{Control, SolveOptions, Solver, Verdict};

#[derive(clap::Args)]
#[command(
    about = "Measure the solvers on the standard benchmark puzzles",
    long_about = "Measure the solvers on the standard benchmark puzzles: the hardest Rush Hour \
        puzzle with and without walls, full exploration of the largest Rush Hour component, and \
        the Klotski classics 横刀立马 and 峰回路转, and the database generator on a fixed part \
        of the wall-free 6x6 database (4 units, into memory). Each case runs once to warm up, \
        then --runs times on one thread; the table gives the best and the median time and the \
        positions examined per second (for the generator: the puzzles it stored). Release \
        builds only give meaningful figures.",
    after_help = "Examples:\n  unblocker bench\n  unblocker bench --runs 20 --json\n  \
        unblocker bench --only klotski\n  unblocker bench --only db/ --runs 3"
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

/// What a benchmark does.
enum Work {
    /// Solve a bundled puzzle.
    Solve(&'static str, Metric),
    /// Explore a bundled puzzle's whole component (counting positions and
    /// levels, no solution).
    Explore(&'static str, Metric),
    /// Generate part `part` of `parts` of the Rush Hour database of `size`
    /// with at most `max_walls` walls, on one thread, into memory.
    Generate {
        size: usize,
        max_walls: usize,
        part: u64,
        parts: u64,
    },
}

/// One benchmark.
struct Case {
    name: &'static str,
    work: Work,
}

const CASES: [Case; 7] = [
    Case {
        name: "rush/hardest",
        work: Work::Solve("hardest", Metric::Slide),
    },
    Case {
        name: "rush/hardest-nowalls",
        work: Work::Solve("hardest-nowalls", Metric::Slide),
    },
    Case {
        name: "rush/largest-component (explore)",
        work: Work::Explore("largest-component", Metric::Slide),
    },
    Case {
        name: "klotski/横刀立马",
        work: Work::Solve("横刀立马", Metric::Piece),
    },
    Case {
        name: "klotski/峰回路转",
        work: Work::Solve("峰回路转", Metric::Piece),
    },
    Case {
        name: "klotski/横刀立马 (explore)",
        work: Work::Explore("横刀立马", Metric::Piece),
    },
    Case {
        name: "db/generate 6x6 no walls, part 1/2000",
        work: Work::Generate {
            size: 6,
            max_walls: 0,
            part: 1,
            parts: 2000,
        },
    },
];

/// What one case measured.
#[derive(Serialize)]
struct Outcome {
    name: &'static str,
    /// The metric of a solve or exploration (none for a generation).
    metric: Option<Metric>,
    /// The optimum found (the same on every run; none for a generation).
    moves: Option<u32>,
    /// Puzzles a generation stored (none for a solve or exploration).
    puzzles: Option<u64>,
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
            "{:<38} {:>7} {:>10} {:>10} {:>10} {:>14}",
            "benchmark", "moves", "positions", "best", "median", "positions/s"
        );
    }
    let mut outcomes = Vec::new();
    for case in cases {
        let outcome = measure(&mut solver, case, args.runs)?;
        if !args.json {
            println!(
                "{} {:>7} {:>10} {:>10} {:>10} {:>14}",
                pad(outcome.name, 38),
                match (outcome.moves, outcome.puzzles) {
                    (Some(m), _) => m.to_string(),
                    (None, Some(p)) => format!("{p} puz"),
                    (None, None) => "-".into(),
                },
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

/// One run of a case: what it found (the optimum, or the puzzles stored)
/// and the positions it examined.
struct Run {
    moves: Option<u32>,
    puzzles: Option<u64>,
    examined: u64,
}

fn run_once(solver: &mut Solver, work: &Work, board: Option<&Board>) -> Result<Run, String> {
    let board = || board.ok_or("a solve needs its board".to_string());
    Ok(match *work {
        Work::Solve(_, metric) => {
            let options = SolveOptions {
                metric,
                ..SolveOptions::default()
            };
            let report = solver
                .solve(board()?, &options)
                .map_err(|e| e.to_string())?;
            let solved = report.verdict == Verdict::Solved;
            Run {
                moves: report.length.filter(|_| solved),
                puzzles: None,
                examined: report.stats.examined,
            }
        }
        Work::Explore(_, metric) => {
            let walk = solver
                .explore(board()?, metric, &Control::default())
                .map_err(|e| e.to_string())?;
            Run {
                moves: walk.goal_depth.filter(|_| walk.exhausted),
                puzzles: None,
                examined: walk.stats.examined,
            }
        }
        Work::Generate {
            size,
            max_walls,
            part,
            parts,
        } => {
            let mut db = Database::in_memory().map_err(|e| e.to_string())?;
            let options = GenerateOptions {
                size,
                max_walls,
                threads: 1,
                shard: Shard::new(part, parts).map_err(|e| e.to_string())?,
                max_units: None,
            };
            let summary = generate(&mut db, &options, |_| {}).map_err(|e| e.to_string())?;
            Run {
                moves: None,
                puzzles: Some(summary.puzzles),
                examined: summary.positions,
            }
        }
    })
}

fn measure(solver: &mut Solver, case: &Case, runs: u32) -> Result<Outcome, String> {
    let (puzzle, metric) = match case.work {
        Work::Solve(puzzle, metric) | Work::Explore(puzzle, metric) => (Some(puzzle), Some(metric)),
        Work::Generate { .. } => (None, None),
    };
    let board = match puzzle {
        Some(name) => Some(
            puzzle::resolve(name, Default::default())
                .map_err(|e| e.to_string())?
                .board,
        ),
        None => None,
    };
    // One run: its time and what it found.
    let mut timed = || -> Result<(f64, Run), String> {
        let started = Instant::now();
        let run = run_once(solver, &case.work, board.as_ref())?;
        Ok((started.elapsed().as_secs_f64() * 1e3, run))
    };
    let (_, first) = timed()?;
    if first.moves.is_none() && first.puzzles.is_none_or(|n| n == 0) {
        return Err(format!("benchmark {} found nothing", case.name));
    }
    let mut times = Vec::with_capacity(runs as usize);
    for _ in 0..runs {
        times.push(timed()?.0);
    }
    times.sort_by(f64::total_cmp);
    let median_ms = times[times.len() / 2];
    Ok(Outcome {
        name: case.name,
        metric,
        moves: first.moves,
        puzzles: first.puzzles,
        examined: first.examined,
        best_ms: times[0],
        median_ms,
        positions_per_second: first.examined as f64 / (median_ms / 1e3),
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
