//! `unblocker scan`: read a board from a screenshot, print it (or its JSON),
//! optionally write the debug picture and go on to solve it.

use crate::color::ColorChoice;
use std::path::PathBuf;
use unblocker_input::read_file_bytes;
use unblocker_model::drawing::draw;
use unblocker_model::Metric;

#[derive(clap::Args)]
#[command(
    about = "Read an Unblock Me board from a screenshot (PNG, JPEG, GIF, WebP)",
    long_about = "Read an Unblock Me board from a screenshot (PNG, JPEG, GIF or WebP, up to 50 \
        megapixels) of any phone, tablet or emulator, at any resolution and in any wood theme, \
        or a picture cropped to the board. Prints the board in the canonical one-line form, the \
        exit (from the notch in the frame; assumed right of the prisoner's row when the frame \
        is not in the picture, which is said) and a confidence from 0 to 1.\n\nA picture that \
        is not a puzzle, or whose board breaks the rules, is refused with the reason (exit \
        code 2). --debug writes the picture with what was found drawn over it, in both cases.",
    after_help = "Examples:\n  unblocker scan screenshot.png\n  unblocker scan screenshot.jpg --json\n  \
        unblocker scan screenshot.png --solve --no-boards\n  unblocker scan photo.png --debug seen.png"
)]
pub struct Args {
    /// The picture.
    pub image: PathBuf,
    /// Print one JSON object: {"board", "exit", "confidence", "exit_assumed"}
    /// (with --solve, the solve command's JSON object follows on a second line).
    #[arg(long)]
    pub json: bool,
    /// Go on to solve the board, as `unblocker solve` does.
    #[arg(long)]
    pub solve: bool,
    /// Write the picture with the board outline, grid and pieces found to this PNG file.
    #[arg(long, value_name = "OUT.png")]
    pub debug: Option<PathBuf>,
    /// With --solve: what one move is (slide, step).
    #[arg(long, requires = "solve")]
    pub metric: Option<Metric>,
    /// With --solve: list the moves without drawing the board after each.
    #[arg(long, requires = "solve")]
    pub no_boards: bool,
    /// Use colours: auto, always or never.
    #[arg(long, value_enum, default_value = "auto")]
    pub color: ColorChoice,
}

pub fn run(args: Args) -> Result<u8, String> {
    let name = args.image.display().to_string();
    let bytes = read_file_bytes(&args.image).map_err(|e| e.to_string())?;
    if let Some(out) = &args.debug {
        let picture = unblocker_scan::debug_overlay(&bytes).map_err(|e| format!("{name}: {e}"))?;
        std::fs::write(out, picture).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    }
    let scan = unblocker_scan::scan(&bytes).map_err(|e| format!("{name}: {e}"))?;
    if args.json {
        crate::print_json(&scan.json())?;
    } else {
        // The board drawn unless the solution (which draws it) follows.
        print!("{}", scan.text());
        if !args.solve {
            print!("{}", draw(&scan.board, None, args.color.enabled(), "  "));
        }
    }
    if !args.solve {
        return Ok(0);
    }
    if !args.json {
        println!();
    }
    let mut solve = crate::solve::Args::default();
    (solve.target.metric, solve.target.json) = (args.metric, args.json);
    (solve.no_boards, solve.color) = (args.no_boards, args.color);
    crate::solve::solve_board(Some(&name), &scan.board, &solve)
}
