//! `unblocker batch`: solve every puzzle of a file, optionally checking the
//! file's own answers. The file formats are `unblocker_model::collection`'s,
//! the solving and checking `unblocker_solve::batch`'s.

use crate::input::{board_message, read_file, PuzzleOptions};
use crate::solve::solve_message;
use serde_json::{json, Value};
use std::path::PathBuf;
use unblocker_model::collection::{self, EntryError};
use unblocker_model::Metric;
use unblocker_solve::batch::{Answer, Batch, BatchOptions, Failure};
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
    let text = read_file(&args.file)?;
    let entries =
        collection::read(&text, args.options.parse_options()).map_err(|e| e.to_string())?;
    if entries.is_empty() {
        return Err(format!("{} holds no puzzles", args.file.display()));
    }
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
    let batch =
        Batch::run(&entries, &options, args.threads.unwrap_or(0)).map_err(|e| e.to_string())?;
    let mut mismatches = Vec::new();
    for (entry, outcome) in entries.iter().zip(&batch.outcomes) {
        let shown = Shown::of(&entry.label, outcome, args.check);
        if args.json {
            println!("{}", shown.json);
        } else if !args.quiet {
            println!("{}", shown.line);
        }
        mismatches.extend(shown.mismatch);
        if let Some(e) = &shown.error {
            eprintln!("unblocker: {e}");
        }
    }
    // With --json, stdout holds only the objects.
    let say = |text: String| {
        if args.json {
            eprintln!("{text}");
        } else {
            println!("{text}");
        }
    };
    say(batch.summary());
    if args.check {
        if mismatches.is_empty() {
            say(format!(
                "check: all {} answers match the file",
                entries.len()
            ));
        } else {
            say(format!("check: {} mismatches", mismatches.len()));
            for m in &mismatches {
                say(format!("  {m}"));
            }
            return Ok(crate::EXIT_CHECK_FAILED);
        }
    }
    let failed = batch.outcomes.iter().any(Result::is_err);
    Ok(if failed { crate::EXIT_BAD_INPUT } else { 0 })
}

/// What is shown of one entry: its line, its `--json` object, its
/// mismatch, and its error with the command line's advice.
struct Shown {
    line: String,
    json: Value,
    mismatch: Option<String>,
    error: Option<String>,
}

impl Shown {
    fn of(label: &str, outcome: &Result<Answer, Failure>, check: bool) -> Shown {
        let e = match outcome {
            Ok(answer) => {
                return Shown {
                    line: answer.line(),
                    json: answer.json(),
                    mismatch: answer.mismatch(),
                    error: None,
                }
            }
            Err(Failure::Unreadable(EntryError::Board(e))) => board_message(e.clone()),
            Err(Failure::Solve(e)) => solve_message(e.clone()),
            Err(e) => e.to_string(),
        };
        let unreadable = matches!(outcome, Err(Failure::Unreadable(_)));
        Shown {
            line: format!("{label:>10}  error: {e}"),
            json: json!({"label": label, "error": e}),
            mismatch: (check && unreadable).then(|| format!("{label}: unreadable: {e}")),
            error: Some(format!("{label}: {e}")),
        }
    }
}

/// Batch files of every kind, generated and mutated, through the reader and
/// every entry's solve and check (`--check --json`), in process; and the
/// batch files of the regression corpus.
#[cfg(test)]
mod fuzz {
    use super::*;
    use crate::solve::SearchArgs;
    use unblocker_fuzz::corpus::{self, Kind};
    use unblocker_solve::batch::solve_entry;
    use unblocker_solve::{MemoryBudget, Solver};

    fn check(bytes: &[u8]) -> Result<(), String> {
        let text = String::from_utf8_lossy(bytes);
        let Ok(entries) = collection::read(&text, PuzzleOptions::default().parse_options()) else {
            return Ok(());
        };
        let search = SearchArgs {
            max_nodes: Some(300),
            ..SearchArgs::default()
        };
        let options = BatchOptions {
            metric: None,
            search: search.options(Metric::default(), &MemoryBudget::new(64 << 20))?,
            check: true,
        };
        let mut solver = Solver::new();
        for entry in &entries {
            let outcome = solve_entry(&mut solver, entry, &options);
            if Shown::of(&entry.label, &outcome, true).json["label"] != entry.label.as_str() {
                return Err(format!("{}: the JSON line lost its label", entry.label));
            }
        }
        Ok(())
    }

    #[test]
    fn batch_files_of_every_kind() {
        unblocker_fuzz::fuzz(
            "batch",
            Kind::Batch,
            2000,
            unblocker_fuzz::batch::file(),
            Clone::clone,
            |bytes| check(bytes),
        );
    }

    #[test]
    fn the_batch_corpus() {
        for (name, bytes) in corpus::files(Kind::Batch) {
            check(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
    }
}
