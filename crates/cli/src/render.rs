//! `unblocker render`: a board, its solution (a strip of steps or an
//! animated GIF) or a printable pack of puzzles from the database (chosen
//! by `pack`), as pictures (the `unblocker-render` crate draws them).

use crate::input::{load, metric_for, PuzzleOptions};
use crate::pack::select;
use std::path::{Path, PathBuf};
use unblocker_db::Database;
use unblocker_model::{Difficulty, Metric};
use unblocker_render::pack::{self, Paper};
use unblocker_render::{board, raster, solution, BoardStyle};
use unblocker_solve::memory::MemoryBudget;
use unblocker_solve::{Algorithm, SolveOptions, Solver, Verdict};

#[derive(clap::Args)]
#[command(
    about = "Draw a board, its solution or a printable puzzle pack (SVG, PNG, GIF, PDF)",
    long_about = "Draw a board as SVG or PNG (the web page's colours: the target red, walls dark grey, \
        the exit a gap in the frame with an arrow, a Klotski goal a dashed outline). With --solution, \
        the optimal solution as a strip of numbered steps (SVG or PNG) or an animated GIF. With \
        --pack, a printable PDF of puzzles from the database (or the embedded sample), numbered and \
        easiest first, with the optimum and the solutions at the back.",
    after_help = "Examples:\n  unblocker render card1 -o card1.svg\n  unblocker render hardest -o hardest.png --no-labels\n  \
        unblocker render card1 --solution -o card1-steps.png\n  unblocker render klotski --solution -o klotski.gif\n  \
        unblocker render --pack --count 12 --min-moves 20 --max-moves 40 -o pack.pdf\n  \
        unblocker render --pack --walls 0 --paper letter -o pack.pdf"
)]
pub struct Args {
    /// Bundled name, board string, file, or - for stdin (not with --pack).
    #[arg(required_unless_present = "pack", conflicts_with = "pack")]
    puzzle: Option<String>,
    /// The file to write: .svg, .png, .gif (with --solution) or .pdf (with --pack).
    #[arg(long, short)]
    output: PathBuf,
    /// Draw the optimal solution: a strip of steps (.svg, .png) or an animation (.gif).
    #[arg(long)]
    solution: bool,
    /// Leave the pieces' letters off.
    #[arg(long)]
    no_labels: bool,
    /// The side of a cell in pixels (default 60 for a board, 28 for a strip, 48 for a GIF).
    #[arg(long, value_name = "PX", value_parser = clap::value_parser!(u16).range(8..=400))]
    cell: Option<u16>,
    /// What one move is, for --solution (default: the game's own).
    #[arg(long)]
    metric: Option<Metric>,
    #[command(flatten)]
    options: PuzzleOptions,
    /// A printable PDF of puzzles from the database.
    #[arg(long, conflicts_with = "solution")]
    pack: bool,
    /// With --pack: how many puzzles.
    #[arg(long, default_value_t = 12, requires = "pack", value_parser = clap::value_parser!(u32).range(1..=500))]
    count: u32,
    /// With --pack: the fewest optimal moves.
    #[arg(long, default_value_t = 1, requires = "pack")]
    min_moves: u32,
    /// With --pack: the most optimal moves.
    #[arg(long, default_value_t = 60, requires = "pack")]
    max_moves: u32,
    /// With --pack: exactly this many walls (0: puzzles without walls).
    #[arg(long, requires = "pack")]
    walls: Option<u32>,
    /// With --pack: a4 or letter.
    #[arg(long, default_value = "a4", requires = "pack")]
    paper: Paper,
    /// With --pack: the database file (default: the user's database, else the embedded sample).
    #[arg(long, requires = "pack")]
    db: Option<PathBuf>,
}

/// The output's kind, from its extension.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Svg,
    Png,
    Gif,
    Pdf,
}

fn kind(path: &Path) -> Result<Kind, String> {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    Ok(match ext.as_str() {
        "svg" => Kind::Svg,
        "png" => Kind::Png,
        "gif" => Kind::Gif,
        "pdf" => Kind::Pdf,
        _ => {
            return Err(format!(
                "{}: the output must end in .svg, .png, .gif or .pdf",
                path.display()
            ))
        }
    })
}

pub fn run(args: Args) -> Result<u8, String> {
    let kind = kind(&args.output)?;
    let bytes = if args.pack {
        if kind != Kind::Pdf {
            return Err("a pack is a PDF: name the output FILE.pdf".into());
        }
        make_pack(&args)?
    } else {
        draw(&args, kind)?
    };
    std::fs::write(&args.output, bytes)
        .map_err(|e| format!("cannot write {}: {e}", args.output.display()))?;
    eprintln!("written to {}", args.output.display());
    Ok(0)
}

/// A board or its solution.
fn draw(args: &Args, kind: Kind) -> Result<Vec<u8>, String> {
    let puzzle = load(args.puzzle.as_deref().unwrap_or("-"), &args.options)?;
    let board = &puzzle.board;
    let default_cell = match (args.solution, kind) {
        (false, _) => 60,
        (true, Kind::Gif) => 48,
        (true, _) => 28,
    };
    let style = BoardStyle {
        cell: args.cell.unwrap_or(default_cell) as f64,
        labels: !args.no_labels,
    };
    let svg = match (args.solution, kind) {
        (_, Kind::Pdf) => {
            return Err("a PDF is a pack: add --pack (a board is .svg or .png)".into())
        }
        (false, Kind::Gif) => return Err("a GIF is the animated solution: add --solution".into()),
        (false, _) => board::svg(board, &style),
        (true, _) => {
            let metric = metric_for(board, args.metric);
            let budget = MemoryBudget::for_searches(None);
            let options = SolveOptions::new(metric, Algorithm::Bfs, None, None, None, &budget)
                .map_err(|e| format!("--{e}"))?;
            let report = Solver::new()
                .solve(board, &options)
                .map_err(|e| crate::solve::solve_message(&e))?;
            if report.verdict != Verdict::Solved {
                return Err("the puzzle has no solution to draw".into());
            }
            if kind == Kind::Gif {
                return solution::gif(board, &report.moves, &style, 700).map_err(|e| e.to_string());
            }
            let name = puzzle.name.as_deref().unwrap_or("puzzle");
            let length = report.length.unwrap_or(report.moves.len() as u32);
            let unit = if metric == Metric::Step {
                "steps"
            } else {
                "moves"
            };
            let title = format!("{name}: solved in {length} {unit} (optimal)");
            solution::strip_svg(board, &report.moves, &style, &title).map_err(|e| e.to_string())?
        }
    };
    match kind {
        Kind::Png => raster::png(&svg, 1.0).map_err(|e| e.to_string()),
        _ => Ok(svg.into_bytes()),
    }
}

/// The pack's PDF.
fn make_pack(args: &Args) -> Result<Vec<u8>, String> {
    let path = args.db.clone().or_else(Database::existing_default_path);
    let db = match &path {
        Some(path) => Database::open_existing(path).map_err(|e| e.to_string())?,
        None => {
            eprintln!(
                "no database file: taking the puzzles from {}",
                unblocker_db::SAMPLE_NAME
            );
            Database::sample().map_err(|e| e.to_string())?
        }
    };
    let difficulty = Difficulty::new(args.min_moves, args.max_moves, args.walls)
        .map_err(|e| format!("--min-moves and --max-moves: {e}"))?;
    let puzzles = select(&db, args.count, &difficulty)?;
    pack::pdf(&puzzles, args.paper, !args.no_labels).map_err(|e| e.to_string())
}
