//! `unblocker analyze`: the shape of a position's component.

use crate::input::{load, metric_for, PuzzleArgs};
use crate::solve::MemoryArgs;
use unblocker_solve::json::AnalyzeJson;
use unblocker_solve::{Control, Solver};

#[derive(clap::Args)]
#[command(
    about = "Explore a position's whole component: its size, goal positions, optimum and hardest start",
    after_help = "Examples:\n  unblocker analyze largest-component\n  unblocker analyze card40 --json\n  \
        unblocker analyze hardest --metric steps\n  unblocker analyze hengdao-lima\n  \
        unblocker analyze 1A9BF0C00"
)]
pub struct Args {
    #[command(flatten)]
    pub target: PuzzleArgs,
    #[command(flatten)]
    pub memory: MemoryArgs,
}

pub fn run(args: Args) -> Result<u8, String> {
    let puzzle = load(&args.target.puzzle, &args.target.options)?;
    let metric = metric_for(&puzzle.board, args.target.metric);
    let control = Control {
        memory: Some(args.memory.budget()),
        ..Control::default()
    };
    let analysis = Solver::new()
        .analyze(&puzzle.board, metric, &control)
        .map_err(|e| e.to_string())?;
    let json = AnalyzeJson::new(&puzzle.board, &analysis);
    if args.target.json {
        println!(
            "{}",
            serde_json::to_string(&json).map_err(|e| e.to_string())?
        );
        return Ok(0);
    }
    let unit = metric.unit();
    let show = |v: Option<u32>| v.map_or("unsolvable".to_string(), |v| format!("{v} {unit}"));
    println!("Puzzle            {}", json.puzzle);
    if let Some(code) = &json.common_code {
        println!("CommonCode        {code}");
    }
    println!("Reachable states  {}", json.reachable_states);
    println!("Goal states       {}", json.goal_states);
    println!("Optimum           {}", show(json.optimal_moves));
    println!("Farthest          {}", show(json.farthest_moves));
    if let Some(b) = &json.farthest_board {
        println!("Hardest start     {b}");
    }
    if !json.distance_histogram.is_empty() {
        println!("Positions by distance to the goal:");
        let max = *json.distance_histogram.iter().max().unwrap_or(&1) as f64;
        for (d, &n) in json.distance_histogram.iter().enumerate() {
            let bar = "#".repeat(((n as f64 / max) * 40.0).ceil() as usize);
            println!("  {d:>3} {n:>8} {bar}");
        }
    }
    println!("Time              {:.2} ms", json.elapsed_ms);
    Ok(0)
}
