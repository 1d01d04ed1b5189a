//! The PUZZLE argument (bundled name, board text, file or `-`) and its
//! options, read by `unblocker_input` with the command line's advice
//! on errors, and the `convert` command.

use clap::builder::{PossibleValuesParser, TypedValueParser};
use unblocker_input::InputError;
use unblocker_model::format::{self, Format, ParseOptions};
use unblocker_model::puzzle::{self, Puzzle, PuzzleError};
use unblocker_model::{Board, BoardError, Game, Metric};

/// Options every puzzle-reading command shares.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct PuzzleOptions {
    /// Force the game instead of detecting it from the board.
    #[arg(long, value_parser = PossibleValuesParser::new(["rush", "klotski"])
        .map(|game| if game == "rush" { Game::RushHour } else { Game::Klotski }))]
    pub game: Option<Game>,
    /// Klotski goal: the cell ROW,COL (from 0) the target's top-left corner
    /// must reach, instead of the board's own or the bottom centre.
    #[arg(long, value_name = "ROW,COL", value_parser = puzzle::parse_goal)]
    pub goal: Option<(u8, u8)>,
}

impl PuzzleOptions {
    pub fn parse_options(&self) -> ParseOptions {
        let (game, goal) = (self.game, self.goal);
        ParseOptions { game, goal }
    }
}

/// The arguments `solve` and `analyze` share.
#[derive(clap::Args, Default)]
pub struct PuzzleArgs {
    /// Bundled name, board string, file, or - for stdin.
    pub puzzle: String,
    /// What one move is: slide (alias moves), step (alias steps), or piece
    /// (a Klotski piece going any distance along any path). Default: slide
    /// for Rush Hour, piece for Klotski.
    #[arg(long)]
    pub metric: Option<Metric>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub options: PuzzleOptions,
}

/// The metric asked for, or the board's game's own.
pub fn metric_for(board: &Board, asked: Option<Metric>) -> Metric {
    asked.unwrap_or(board.game().default_metric())
}

/// Resolves a PUZZLE argument (`unblocker_input::load`), its error
/// with the command line's advice.
pub fn load(arg: &str, options: &PuzzleOptions) -> Result<Puzzle, String> {
    unblocker_input::load(arg, options.parse_options()).map_err(|error| match error {
        InputError::Puzzle(error) => with_advice(error),
        _ => error.to_string(),
    })
}

/// A PUZZLE's error with the command line's advice: the flag that reads a
/// board as Klotski, and where the bundled names are listed.
fn with_advice(error: PuzzleError) -> String {
    let klotski = error.board_error().map_or("", klotski_advice);
    match &error {
        PuzzleError::NotNameOrBoard { text, error } => format!(
            "'{text}' is not a bundled puzzle (see `unblocker list`) or a board: {error}{klotski}"
        ),
        _ => format!("{error}{klotski}"),
    }
}

/// A board's error with the command line's advice.
pub fn board_message(error: &BoardError) -> String {
    format!("{error}{}", klotski_advice(error))
}

/// The flag for a board that is Klotski, when it was read as Rush Hour.
fn klotski_advice(error: &BoardError) -> &'static str {
    match error {
        BoardError::SingleCellPiece { .. } => "; for Klotski use --game klotski",
        _ => "",
    }
}

/// `unblocker convert`: print a puzzle in another format.
#[derive(clap::Args)]
#[command(
    about = "Print a puzzle in another format (line, rows, grid, jams, json)",
    after_help = "Examples:\n  unblocker convert card1 --to grid\n  unblocker convert 'BBoooCDooEoCDAAEoCDooEooFoooGGFoHHHo' --to json"
)]
pub struct ConvertArgs {
    /// Bundled name, board string, file, or - for stdin.
    pub puzzle: String,
    /// Output format.
    #[arg(long, default_value = "grid")]
    pub to: Format,
    #[command(flatten)]
    pub options: PuzzleOptions,
}

pub fn convert(args: ConvertArgs) -> Result<u8, String> {
    let puzzle = load(&args.puzzle, &args.options)?;
    if let Some(why) = format::loses(&puzzle.board, args.to) {
        return Err(format!("cannot write this board as {}: {why}", args.to));
    }
    let text = format::print(&puzzle.board, args.to);
    let end = if text.ends_with('\n') { "" } else { "\n" };
    print!("{text}{end}");
    Ok(0)
}
