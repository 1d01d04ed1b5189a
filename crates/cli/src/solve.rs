//! `unblocker solve`: the optimal solution, move by move, and the statistics.

use crate::input::{load, metric_for, PuzzleArgs};
use crate::render::{draw, ColorChoice};
use std::time::Duration;
use unblocker_model::{format, Game, Metric};
use unblocker_solve::json::SolveJson;
use unblocker_solve::{replay, Control, Report, SolveOptions, Solver, Stats, Verdict};

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
    /// Give up after this many seconds.
    #[arg(long, value_name = "SECONDS")]
    pub timeout: Option<f64>,
    /// Give up after examining this many positions.
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// Use colours: auto, always or never.
    #[arg(long, value_enum, default_value = "auto")]
    pub color: ColorChoice,
}

pub fn run(args: Args) -> Result<u8, String> {
    let puzzle = load(&args.target.puzzle, &args.target.options)?;
    let board = puzzle.board;
    let control = Control {
        max_nodes: args.max_nodes,
        timeout: match args.timeout {
            Some(t) if t.is_finite() && t > 0.0 => Some(Duration::from_secs_f64(t)),
            Some(t) => {
                return Err(format!(
                    "--timeout must be a positive number of seconds, not {t}"
                ))
            }
            None => None,
        },
        ..Control::default()
    };
    let options = SolveOptions {
        metric: metric_for(&board, args.target.metric),
        control,
        explore_component: false,
    };
    let report = Solver::new()
        .solve(&board, &options)
        .map_err(|e| e.to_string())?;
    if args.target.json {
        let json = SolveJson::new(&board, &report);
        println!(
            "{}",
            serde_json::to_string(&json).map_err(|e| e.to_string())?
        );
        return Ok(0);
    }
    let color = args.color.enabled();
    if args.play && report.verdict == Verdict::Solved {
        return crate::play::run(&board, &report, color);
    }
    print_text(
        puzzle.name.as_deref(),
        &board,
        &report,
        !args.no_boards,
        color,
    );
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
            let optimal = match report.metric {
                Metric::Step => "optimal in steps",
                _ => "optimal in moves, then fewest steps",
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
            report.stats.per_level.len().saturating_sub(1)
        ),
    }
    println!();
    print_stats(&report.stats);
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
    for row in cells.chunks(3) {
        println!("    {}", row.join("   "));
    }
}
