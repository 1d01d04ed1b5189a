//! `unblocker`: the command line. Each command parses its arguments and
//! calls the libraries; nothing here knows how to solve a puzzle.

mod analyze;
mod batch;
mod bench;
mod color;
mod compare;
mod db;
mod input;
mod list;
mod pack;
mod play;
mod render;
mod scan;
mod serve;
mod solve;
mod text;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Exit code for a failed `--check`.
const EXIT_CHECK_FAILED: u8 = 1;
/// Exit code for bad input (the message goes to stderr).
const EXIT_BAD_INPUT: u8 = 2;

#[derive(Parser)]
#[command(
    name = "unblocker",
    version,
    about = "Solve Rush Hour / Unblock Me and Klotski sliding-block puzzles optimally",
    long_about = "Solve Rush Hour / Unblock Me and Klotski (华容道) sliding-block puzzles optimally.\n\n\
        A PUZZLE is a bundled name (see `unblocker list`), a board string such as\n\
        IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM or BAAC/BAAC/DEEF/DGHF/I..J, a Klotski\n\
        CommonCode such as 1A9BF0C00, a file holding one board in any supported format\n\
        (one-line, rows, framed grid, COS402 jams, JSON), or - for stdin.\n\n\
        Exit codes: 0 success, 1 --check found mismatches, 2 bad input.",
    after_help = "Examples:\n  unblocker solve hardest\n  unblocker solve card1 --metric steps --json\n  \
        unblocker analyze largest-component\n  unblocker batch rush1000.txt --check\n  unblocker list\n  \
        unblocker solve 横刀立马"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Solve(solve::Args),
    Analyze(analyze::Args),
    Batch(batch::Args),
    List(list::Args),
    Convert(input::ConvertArgs),
    Bench(bench::Args),
    Db(db::Args),
    Serve(serve::Args),
    Scan(scan::Args),
    Compare(compare::Args),
    Render(render::Args),
}

fn main() -> ExitCode {
    restore_default_sigpipe();
    return_large_blocks_to_the_system();
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Solve(args) => solve::run(args),
        Command::Analyze(args) => analyze::run(args),
        Command::Batch(args) => batch::run(args),
        Command::List(args) => list::run(args),
        Command::Convert(args) => input::convert(args),
        Command::Bench(args) => bench::run(args),
        Command::Db(args) => db::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Scan(args) => scan::run(args),
        Command::Compare(args) => compare::run(args),
        Command::Render(args) => render::run(args),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(message) => {
            eprintln!("unblocker: {message}");
            ExitCode::from(EXIT_BAD_INPUT)
        }
    }
}

/// Prints `value` as one line of JSON; the exit code of success.
fn print_json(value: &impl serde::Serialize) -> Result<u8, String> {
    println!(
        "{}",
        serde_json::to_string(value).map_err(|e| e.to_string())?
    );
    Ok(0)
}

/// Let `unblocker … | head` end quietly instead of panicking on a closed pipe.
fn restore_default_sigpipe() {
    #[cfg(unix)]
    // SAFETY: called first thing in main, before any other thread exists.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// Memory caps are checked against the blocks searches allocate: has every
/// block of 1 MiB or more mapped on its own, so that freeing it gives it back
/// to the system at once. (glibc otherwise raises that threshold as large
/// blocks are freed, up to 32 MiB, and keeps the freed ones in its heap,
/// where they still count in the resident size.)
fn return_large_blocks_to_the_system() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: called first thing in main, before any other thread exists;
    // mallopt only changes the allocator's settings.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 1 << 20);
    }
}
