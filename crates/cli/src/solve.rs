//! `unblocker solve`: the optimal solution, move by move, and the statistics.

use crate::color::ColorChoice;
use crate::input::{load, metric_for, PuzzleArgs};
use crate::text::SolutionText;
use unblocker_model::Metric;
use unblocker_solve::json::SolveJson;
use unblocker_solve::memory::{self, MemoryBudget};
use unblocker_solve::{
    Algorithm, Heuristic, HeuristicError, SolveError, SolveOptions, Solver, Verdict,
};

#[derive(clap::Args, Default)]
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
    /// Estimate for astar, idastar and greedy: zero, blockers, obstructed,
    /// distance (step metric) or stuck (not admissible); the former names
    /// blockers2 and feup2 are read as obstructed and stuck. Default:
    /// distance for steps, obstructed otherwise.
    #[arg(long)]
    pub heuristic: Option<Heuristic>,
    /// Give up after this many seconds.
    #[arg(long, value_name = "SECONDS")]
    pub timeout: Option<f64>,
    /// Give up after examining this many positions.
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    #[command(flatten)]
    pub memory: MemoryArgs,
}

/// `--max-memory` (`solve`, `analyze`, `batch`, `compare`, `serve`).
#[derive(clap::Args, Clone, Debug, Default)]
pub struct MemoryArgs {
    /// The most memory the searches may take, all together (a batch's
    /// threads, a server's concurrent solves): bytes, or with K, M, G or T
    /// (powers of 1024), such as 512M or 4G. The process's own memory at the
    /// start is counted in it, so its peak resident size stays under this.
    /// Default: half of the machine's memory.
    #[arg(long, value_name = "BYTES", value_parser = memory::parse_bytes)]
    pub max_memory: Option<u64>,
}

impl SearchArgs {
    /// The solve options for `metric`, its searches charged to `memory`.
    pub fn options(&self, metric: Metric, memory: &MemoryBudget) -> Result<SolveOptions, String> {
        SolveOptions::new(
            metric,
            self.algorithm,
            self.heuristic,
            self.timeout,
            self.max_nodes,
            memory,
        )
        .map_err(|e| format!("--{e}"))
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
    let budget = MemoryBudget::for_searches(args.search.memory.max_memory);
    let options = args
        .search
        .options(metric_for(board, args.target.metric), &budget)?;
    let report = Solver::new()
        .solve(board, &options)
        .map_err(|e| solve_message(&e))?;
    if args.target.json {
        return crate::print_json(&SolveJson::new(board, &report));
    }
    let color = args.color.enabled();
    if args.play && report.verdict == Verdict::Solved {
        return crate::play::run(board, &report, color);
    }
    print!(
        "{}",
        SolutionText {
            name,
            board,
            report: &report,
            boards: !args.no_boards,
            color,
        }
    );
    Ok(0)
}

/// A solve's error with the command line's advice: the flag of the metric a
/// heuristic needs.
pub(crate) fn solve_message(error: &SolveError) -> String {
    match error {
        SolveError::Heuristic(HeuristicError::NeedsStep { .. }) => {
            format!("{error}, or --metric step")
        }
        _ => error.to_string(),
    }
}
