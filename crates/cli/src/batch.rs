//! `unblocker batch`: solve every puzzle of a file, optionally checking the
//! file's own answers. The file formats are `unblocker_model::collection`'s.

use crate::input::{board_message, metric_for, read_file, PuzzleOptions};
use crate::solve::solve_message;
use rayon::prelude::*;
use serde_json::{json, Value};
use std::path::PathBuf;
use std::time::Instant;
use unblocker_model::collection::{self, Entry, EntryError};
use unblocker_model::format;
use unblocker_model::Metric;
use unblocker_solve::json::SolveJson;
use unblocker_solve::{Algorithm, MemoryBudget, Solver, Verdict};

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

struct Outcome {
    line: String,
    /// The metric it was solved in (none when unreadable).
    metric: Option<Metric>,
    solved: bool,
    unsolvable: bool,
    mismatch: Option<String>,
    error: Option<String>,
    /// The `--json` line.
    json: Value,
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
    let budget = args.search.memory.budget();
    args.search.options(Metric::default(), &budget)?;
    let threads = args.threads.unwrap_or(0);
    if args.threads == Some(0) {
        return Err("--threads must be at least 1".into());
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| e.to_string())?;
    let started = Instant::now();
    let outcomes: Vec<Outcome> = pool.install(|| {
        entries
            .par_iter()
            .map_init(Solver::new, |solver, entry| {
                solve_one(solver, entry, &args, &budget)
            })
            .collect()
    });
    let elapsed = started.elapsed().as_secs_f64();
    let mut mismatches = Vec::new();
    let mut errors = 0;
    for o in &outcomes {
        if args.json {
            println!("{}", o.json);
        } else if !args.quiet {
            println!("{}", o.line);
        }
        if let Some(m) = &o.mismatch {
            mismatches.push(m.clone());
        }
        if let Some(e) = &o.error {
            eprintln!("unblocker: {e}");
            errors += 1;
        }
    }
    let n = outcomes.len();
    let solved = outcomes.iter().filter(|o| o.solved).count();
    let unsolvable = outcomes.iter().filter(|o| o.unsolvable).count();
    let mut metrics: Vec<&str> = outcomes
        .iter()
        .filter_map(|o| o.metric.map(Metric::name))
        .collect();
    metrics.sort_unstable();
    metrics.dedup();
    // With --json, stdout holds only the objects.
    let say = |text: String| {
        if args.json {
            eprintln!("{text}");
        } else {
            println!("{text}");
        }
    };
    say(format!(
        "\n{n} puzzles: {solved} solved, {unsolvable} unsolvable, {errors} unreadable; \
         {:.3} s in all, {:.3} ms per puzzle, {:.1} puzzles/s ({} threads, metric {})",
        elapsed,
        elapsed * 1000.0 / n as f64,
        n as f64 / elapsed,
        pool.current_num_threads(),
        metrics.join(" and ")
    ));
    if args.check {
        if mismatches.is_empty() {
            say(format!("check: all {n} answers match the file"));
        } else {
            say(format!("check: {} mismatches", mismatches.len()));
            for m in &mismatches {
                say(format!("  {m}"));
            }
            return Ok(crate::EXIT_CHECK_FAILED);
        }
    }
    Ok(if errors > 0 { crate::EXIT_BAD_INPUT } else { 0 })
}

fn solve_one(solver: &mut Solver, entry: &Entry, args: &Args, budget: &MemoryBudget) -> Outcome {
    let board = match &entry.board {
        Ok(b) => b,
        Err(e) => {
            let e = entry_message(e);
            return Outcome {
                line: format!("{:>10}  error: {e}", entry.label),
                metric: None,
                solved: false,
                unsolvable: false,
                mismatch: args
                    .check
                    .then(|| format!("{}: unreadable: {e}", entry.label)),
                error: Some(format!("{}: {e}", entry.label)),
                json: json!({"label": entry.label, "error": e}),
            };
        }
    };
    let metric = metric_for(board, args.metric);
    let mut options = args
        .search
        .options(metric, budget)
        .expect("checked before the first puzzle");
    options.explore_component =
        args.check && entry.expected.component.is_some() && options.algorithm == Algorithm::Bfs;
    let started = Instant::now();
    let result = solver.solve(board, &options);
    let ms = started.elapsed().as_secs_f64() * 1000.0;
    let line = format::to_line(board);
    match result {
        Err(e) => {
            let message = solve_message(e);
            Outcome {
                line: format!("{:>10}  error: {message}", entry.label),
                metric: None,
                solved: false,
                unsolvable: false,
                mismatch: None,
                error: Some(format!("{}: {message}", entry.label)),
                json: json!({"label": entry.label, "error": message}),
            }
        }
        Ok(report) => {
            let answer = match report.verdict {
                Verdict::Solved => {
                    format!("{:>3} {}", report.length.unwrap_or(0), metric.unit())
                }
                Verdict::Unsolvable => "unsolvable".to_string(),
                Verdict::Stopped(r) => r.to_string(),
            };
            let mut problems = Vec::new();
            if args.check {
                if let Some(want) = entry.expected.optimum(metric) {
                    let got = match report.verdict {
                        // A solution not known to be optimal only shows
                        // that the puzzle is solvable.
                        Verdict::Solved if !report.optimal => Some(want.or(report.length)),
                        Verdict::Solved => Some(report.length),
                        Verdict::Unsolvable => Some(None),
                        Verdict::Stopped(_) => None,
                    };
                    if got != Some(want) {
                        let want =
                            want.map_or("unsolvable".into(), |w| format!("{w} {}", metric.unit()));
                        problems.push(format!("{want}, got {answer}"));
                    }
                }
                if let Some(want) = entry
                    .expected
                    .component
                    .filter(|_| options.explore_component)
                {
                    if report.reachable_states != Some(want) {
                        problems.push(format!(
                            "component {want}, got {}",
                            report
                                .reachable_states
                                .map_or("-".into(), |c| c.to_string())
                        ));
                    }
                }
            }
            let component = report
                .reachable_states
                .map_or(String::new(), |c| format!("  component {c}"));
            let mark = if problems.is_empty() {
                ""
            } else {
                "  MISMATCH"
            };
            let mismatch = (!problems.is_empty())
                .then(|| format!("{} {line}: expected {}", entry.label, problems.join("; ")));
            let mut json = serde_json::to_value(SolveJson::new(board, &report))
                .expect("a solve object always serialises");
            json["label"] = json!(entry.label);
            if let Some(m) = &mismatch {
                json["mismatch"] = json!(m);
            }
            Outcome {
                line: format!(
                    "{:>10}  {answer}  {line}{component}  {ms:.3} ms{mark}",
                    entry.label
                ),
                metric: Some(metric),
                solved: report.verdict == Verdict::Solved,
                unsolvable: report.verdict == Verdict::Unsolvable,
                mismatch,
                error: None,
                json,
            }
        }
    }
}

/// An unreadable entry's message, with advice for a Klotski board read as
/// Rush Hour.
fn entry_message(error: &EntryError) -> String {
    match error {
        EntryError::Board(e) => board_message(e.clone()),
        e => e.to_string(),
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

    fn check(bytes: &[u8]) -> Result<(), String> {
        let text = String::from_utf8_lossy(bytes);
        let args = Args {
            file: PathBuf::new(),
            check: true,
            metric: None,
            threads: Some(1),
            quiet: false,
            json: true,
            search: SearchArgs {
                max_nodes: Some(300),
                ..SearchArgs::default()
            },
            options: PuzzleOptions::default(),
        };
        let budget = MemoryBudget::new(64 << 20);
        let Ok(entries) = collection::read(&text, args.options.parse_options()) else {
            return Ok(());
        };
        let mut solver = Solver::new();
        for entry in &entries {
            let outcome = solve_one(&mut solver, entry, &args, &budget);
            if outcome.json["label"] != entry.label.as_str() {
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
