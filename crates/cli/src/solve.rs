//! `unblocker solve`: the optimal solution, move by move, and the statistics.

use crate::input::{load, metric_for, PuzzleArgs};
use crate::render::{draw, ColorChoice};
use std::time::Duration;
use unblocker_model::{format, Game, Metric};
use unblocker_solve::json::SolveJson;
use unblocker_solve::{
    replay, Algorithm, Control, Heuristic, Report, SolveOptions, Solver, Stats, Verdict,
};

#[derive(clap::Args)]
#[command(
    about = "Solve a puzzle optimally and print the moves",
    long_about = "Solve a puzzle optimally (breadth-first search) and print the moves with the board \
        after each, then the search statistics.\n\nBy default a Rush Hour move slides one piece any \
        distance (Unblock Me, ThinkFun, fogleman/rush) and a Klotski move takes one piece any distance \
        along any path (the Chinese count: 横刀立马 in 81); among the optimal solutions the one with \
        the fewest one-cell steps is chosen. With --metric steps every one-cell step counts; --metric \
        slide makes a Klotski move go straight.",
    after_help = "Examples:\n  unblocker solve hardest\n  unblocker solve card40 --metric steps\n  \
        unblocker solve IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM --json\n  unblocker solve card12 --play\n  \
        echo GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo | unblocker solve -\n  \
        unblocker solve klotski\n  unblocker solve 1A9BF0C00 --metric slide\n  \
        unblocker solve 'AABB/AACC/DE../FGHH/FGII' --goal 3,0"
)]
pub struct Args {
    #[command(flatten)]
    pub target: PuzzleArgs,
    /// Step through the solution in the terminal (Enter: next, b: back, q: quit).
    #[arg(long, conflicts_with = "json")]
    pub play: bool,
    /// List the moves without drawing the board after each.
    #[arg(long)]
    pub no_boards: bool,
    #[command(flatten)]
    pub search: SearchArgs,
    /// Use colours: auto, always or never.
    #[arg(long, value_enum, default_value = "auto")]
    pub color: ColorChoice,
}

/// The search algorithm and its limits (`solve`, `batch` and `compare`).
#[derive(clap::Args, Clone, Debug, Default)]
pub struct SearchArgs {
    /// Search algorithm: bfs (optimal, the default), astar, idastar, iddfs,
    /// bidir (optimal), greedy or dfs (fast or simple, not optimal).
    #[arg(long, default_value = "bfs")]
    pub algorithm: Algorithm,
    /// Estimate for astar, idastar and greedy: zero, blockers, blockers2,
    /// distance (step metric) or feup2 (not admissible). Default: distance
    /// for steps, blockers2 otherwise.
    #[arg(long)]
    pub heuristic: Option<Heuristic>,
    /// Give up after this many seconds.
    #[arg(long, value_name = "SECONDS")]
    pub timeout: Option<f64>,
    /// Give up after examining this many positions.
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
}

impl SearchArgs {
    /// The solve options for `metric`.
    pub fn options(&self, metric: Metric) -> Result<SolveOptions, String> {
        let timeout = match self.timeout {
            Some(t) if t.is_finite() && t > 0.0 => Some(Duration::from_secs_f64(t)),
            Some(t) => {
                return Err(format!(
                    "--timeout must be a positive number of seconds, not {t}"
                ))
            }
            None => None,
        };
        if self.heuristic.is_some() && !self.algorithm.is_informed() {
            return Err(format!(
                "--heuristic is for astar, idastar and greedy; {} uses none",
                self.algorithm
            ));
        }
        Ok(SolveOptions {
            metric,
            control: Control {
                max_nodes: self.max_nodes,
                timeout,
                ..Control::default()
            },
            explore_component: false,
            algorithm: self.algorithm,
            heuristic: self.heuristic,
        })
    }
}

pub fn run(args: Args) -> Result<u8, String> {
    let puzzle = load(&args.target.puzzle, &args.target.options)?;
    solve_board(puzzle.name.as_deref(), &puzzle.board, &args)
}

/// Solves `board` and prints the answer as `args` ask (the puzzle argument
/// itself is not used; `scan --solve` calls this with a scanned board).
pub(crate) fn solve_board(
    name: Option<&str>,
    board: &unblocker_model::Board,
    args: &Args,
) -> Result<u8, String> {
    let options = args.search.options(metric_for(board, args.target.metric))?;
    let report = Solver::new()
        .solve(board, &options)
        .map_err(|e| e.to_string())?;
    if args.target.json {
        let json = SolveJson::new(board, &report);
        println!(
            "{}",
            serde_json::to_string(&json).map_err(|e| e.to_string())?
        );
        return Ok(0);
    }
    let color = args.color.enabled();
    if args.play && report.verdict == Verdict::Solved {
        return crate::play::run(board, &report, color);
    }
    print_text(name, board, &report, !args.no_boards, color);
    Ok(0)
}

fn print_text(
    name: Option<&str>,
    board: &unblocker_model::Board,
    report: &Report,
    boards: bool,
    color: bool,
) {
    let line = format::to_line(board);
    match name {
        Some(name) => println!("Puzzle {name}: {line}"),
        None => println!("Puzzle {line}"),
    }
    print!("{}", draw(board, None, color, "  "));
    match &report.verdict {
        Verdict::Solved => {
            let moves = report.moves.len();
            let unit = match report.metric {
                Metric::Step => format!("{} steps ({moves} moves)", report.steps),
                _ => format!("{moves} moves ({} steps)", report.steps),
            };
            let optimal = match (report.optimal, report.algorithm, report.metric) {
                (false, ..) => "not guaranteed optimal",
                (true, _, Metric::Step) => "optimal in steps",
                (true, Algorithm::Bfs, _) => "optimal in moves, then fewest steps",
                (true, ..) => "optimal in moves",
            };
            println!("\nSolved in {unit}: {optimal}.\n");
            let states = replay(board, &report.moves).expect("solver moves are legal");
            for (i, (m, after)) in report.moves.iter().zip(&states[1..]).enumerate() {
                println!("{:>3}. {m}", i + 1);
                if boards {
                    print!("{}", draw(after, Some(m.piece as usize), color, "     "));
                }
            }
        }
        Verdict::Unsolvable => println!(
            "\nUnsolvable: all {} reachable positions were seen and none has the target at the {}.",
            report.stats.enqueued,
            match board.game() {
                Game::RushHour => "exit",
                Game::Klotski => "goal",
            }
        ),
        Verdict::Stopped(reason) => println!(
            "\nNo answer: {reason} after {} positions (depth {}).",
            report.stats.examined,
            report.stats.per_level.last().map_or(0, |l| l.depth)
        ),
    }
    println!();
    println!("{}", algorithm_line(report));
    print_stats(&report.stats);
}

/// `Algorithm: astar (heuristic blockers2), optimal` and the like.
pub fn algorithm_line(report: &Report) -> String {
    let heuristic = report
        .heuristic
        .map_or(String::new(), |h| format!(" (heuristic {h})"));
    let optimal = if report.optimal {
        "optimal"
    } else {
        "not optimal: the solution may be longer than necessary"
    };
    format!("Algorithm: {}{heuristic}, {optimal}", report.algorithm)
}

/// The "Additional stats" block.
pub fn print_stats(stats: &Stats) {
    println!("Statistics");
    println!("  positions examined  {:>12}", stats.examined);
    println!("  positions enqueued  {:>12}", stats.enqueued);
    println!("  moves generated     {:>12}", stats.generated);
    println!("  peak queue          {:>12}", stats.max_frontier);
    println!(
        "  memory              {:>9.1} MiB",
        stats.memory_bytes as f64 / (1 << 20) as f64
    );
    println!("  time                {:>9.3} ms", stats.elapsed_ms);
    println!(
        "  rate                {:>9.2} M positions/s",
        stats.rate() / 1e6
    );
    println!("  per level (depth: examined / enqueued)");
    let cells: Vec<String> = stats
        .per_level
        .iter()
        .map(|l| format!("{:>3}: {:>7} / {:<7}", l.depth, l.examined, l.enqueued))
        .collect();
    // Depth-first searches can go thousands of levels deep: show the ends.
    const SHOWN_ROWS: usize = 20;
    let rows: Vec<String> = cells.chunks(3).map(|row| row.join("   ")).collect();
    for (i, row) in rows.iter().enumerate() {
        if rows.len() <= SHOWN_ROWS || i < SHOWN_ROWS / 2 || i >= rows.len() - SHOWN_ROWS / 2 {
            println!("    {row}");
        } else if i == SHOWN_ROWS / 2 {
            println!("    … {} more rows …", rows.len() - SHOWN_ROWS);
        }
    }
}
