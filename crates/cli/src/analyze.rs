//! `unblocker analyze`: the shape of a position's component.

use crate::input::{load, metric_for, PuzzleArgs};
use crate::solve::MemoryArgs;
use crate::text::AnalysisText;
use unblocker_solve::json::AnalyzeJson;
use unblocker_solve::{Control, MemoryBudget, Solver};

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
        memory: Some(MemoryBudget::for_searches(args.memory.max_memory)),
        ..Control::default()
    };
    let analysis = Solver::new()
        .analyze(&puzzle.board, metric, &control)
        .map_err(|e| e.to_string())?;
    let json = AnalyzeJson::new(&puzzle.board, &analysis);
    if args.target.json {
        return crate::print_json(&json);
    }
    print!("{}", AnalysisText(&json));
    Ok(0)
}
