//! `unblocker batch`: solve every puzzle of a file, optionally checking the
//! file's own answers. The file formats are `unblocker_model::collection`'s,
//! the solving and checking `unblocker_batch::batch`'s.

use crate::input::{board_message, PuzzleOptions};
use crate::solve::solve_message;
use std::path::PathBuf;
use unblocker_batch::batch::{Batch, BatchOptions, Failure, Shown};
use unblocker_input::entries;
use unblocker_model::collection::EntryError;
use unblocker_model::Metric;
use unblocker_solve::MemoryBudget;

#[derive(clap::Args)]
#[command(
    about = "Solve every puzzle of a file, one result line each, then a summary",
    after_help = "Examples:\n  unblocker batch ../shared/puzzles/rush/rush1000.txt --check\n  \
        unblocker batch ../shared/puzzles/rush/ground_truth.tsv --check --metric steps\n  \
        unblocker batch ../shared/puzzles/rush/cos402_jams.txt --threads 1\n  \
        unblocker batch ../shared/puzzles/rush/ground_truth.tsv --json > answers.ndjson\n  \
        unblocker batch ../shared/puzzles/klotski/classic.tsv --check --metric slide"
)]
pub struct Args {
    /// The puzzle file.
    pub file: PathBuf,
    /// Compare with the file's own answers (optimum and component size) and
    /// exit 1 listing every mismatch.
    #[arg(long)]
    pub check: bool,
    /// What one move is: slide (alias moves), step (alias steps), or piece
    /// (a Klotski piece going any distance along any path). Default: slide
    /// for Rush Hour, piece for Klotski.
    #[arg(long)]
    pub metric: Option<Metric>,
    /// Worker threads (default: all cores).
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
    /// Print only the summary and the mismatches.
    #[arg(long, short)]
    pub quiet: bool,
    /// Print one JSON object per puzzle, a line each, in file order: `solve
    /// --json`'s object with the puzzle's `label` (and `mismatch` when
    /// --check disagrees), or `label` and `error` for an unreadable one. The
    /// summary and the mismatches go to stderr.
    #[arg(long, conflicts_with = "quiet")]
    pub json: bool,
    /// With --check and an algorithm that is not optimal (dfs, greedy, or a
    /// heuristic that is not admissible), only solvability is checked; the
    /// component size only with bfs.
    #[command(flatten)]
    pub search: crate::solve::SearchArgs,
    #[command(flatten)]
    pub options: PuzzleOptions,
}

pub fn run(args: Args) -> Result<u8, String> {
    let entries = entries(&args.file, args.options.parse_options()).map_err(|e| e.to_string())?;
    // One memory budget for every thread; bad search options refused once,
    // before any puzzle.
    let budget = MemoryBudget::for_searches(args.search.memory.max_memory);
    let options = BatchOptions {
        metric: args.metric,
        search: args.search.options(Metric::default(), &budget)?,
        check: args.check,
    };
    if args.threads == Some(0) {
        return Err("--threads must be at least 1".into());
    }
    let show = |shown: &Shown| {
        if args.json {
            println!("{}", shown.json);
        } else if !args.quiet {
            println!("{}", shown.line);
        }
        if let Some(e) = &shown.error {
            eprintln!("unblocker: {e}");
        }
    };
    let threads = args.threads.unwrap_or(0);
    let batch =
        Batch::run(entries, &options, threads, failure_message, show).map_err(|e| e.to_string())?;
    // With --json, stdout holds only the objects.
    for line in batch.summary_lines(args.check) {
        if args.json {
            eprintln!("{line}");
        } else {
            println!("{line}");
        }
    }
    Ok(if batch.mismatches > 0 {
        crate::EXIT_CHECK_FAILED
    } else if batch.failed() {
        crate::EXIT_BAD_INPUT
    } else {
        0
    })
}

/// An entry's failure with the command line's advice.
fn failure_message(failure: &Failure) -> String {
    match failure {
        Failure::Unreadable(EntryError::Board(e)) => board_message(e),
        Failure::Solve(e) => solve_message(e),
        e => e.to_string(),
    }
}
