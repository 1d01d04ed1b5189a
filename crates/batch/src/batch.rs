//! Solving every puzzle of a list (`unblocker batch`): the entries of a
//! puzzle file solved on a pool of threads, each checked against the file's
//! own answers and shown in file order as soon as it is ready, and the run
//! summed up.

use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::time::Instant;
use unblocker_model::collection::{Entry, EntryError};
use unblocker_model::{format, Board, Metric};
use unblocker_solve::json::SolveJson;
use unblocker_solve::{Algorithm, Report, SolveError, SolveOptions, Solver, Verdict};

/// How to solve and check the entries.
#[derive(Clone)]
pub struct BatchOptions {
    /// The metric; `None`: each board's game's own.
    pub metric: Option<Metric>,
    /// The search and its limits (its metric gives way to each puzzle's).
    pub search: SolveOptions,
    /// Compare with the file's own answers: the optimum (only solvability
    /// when the algorithm is not optimal) and, with breadth-first search,
    /// the component's size.
    pub check: bool,
}

/// Why an entry has no answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Failure {
    /// The row gives no board.
    #[error(transparent)]
    Unreadable(#[from] EntryError),
    /// The search refused the board.
    #[error(transparent)]
    Solve(#[from] SolveError),
}

/// One entry's search: its verdict, time, and what disagrees with the file.
#[derive(Debug)]
pub struct Answer {
    /// The entry's label.
    pub label: String,
    pub board: Board,
    pub metric: Metric,
    pub report: Report,
    /// The search's time in milliseconds.
    pub ms: f64,
    /// What disagrees with the file's answers (only with `check`).
    pub problems: Vec<String>,
}

impl Answer {
    /// The answer in words: `N slides` (in the metric's unit), `unsolvable`,
    /// or why the search stopped.
    fn answer(&self) -> String {
        match self.report.verdict {
            Verdict::Solved => format!(
                "{:>3} {}",
                self.report.length.unwrap_or(0),
                self.metric.unit()
            ),
            Verdict::Unsolvable => "unsolvable".to_string(),
            Verdict::Stopped(r) => r.to_string(),
        }
    }

    /// The result line: label, answer, board, component size (when
    /// explored), time, and `MISMATCH` when the file disagrees.
    pub fn line(&self) -> String {
        let component = self
            .report
            .reachable_states
            .map_or(String::new(), |c| format!("  component {c}"));
        let mark = if self.problems.is_empty() {
            ""
        } else {
            "  MISMATCH"
        };
        format!(
            "{:>10}  {}  {}{component}  {:.3} ms{mark}",
            self.label,
            self.answer(),
            format::to_line(&self.board),
            self.ms
        )
    }

    /// `LABEL BOARD: expected …; …` when the file disagrees.
    pub fn mismatch(&self) -> Option<String> {
        (!self.problems.is_empty()).then(|| {
            format!(
                "{} {}: expected {}",
                self.label,
                format::to_line(&self.board),
                self.problems.join("; ")
            )
        })
    }

    /// `solve --json`'s object with the entry's `label` (and `mismatch`).
    pub fn json(&self) -> Value {
        let mut json = serde_json::to_value(SolveJson::new(&self.board, &self.report))
            .expect("a solve object always serialises");
        json["label"] = json!(self.label);
        if let Some(m) = self.mismatch() {
            json["mismatch"] = json!(m);
        }
        json
    }

    pub fn solved(&self) -> bool {
        self.report.verdict == Verdict::Solved
    }

    pub fn unsolvable(&self) -> bool {
        self.report.verdict == Verdict::Unsolvable
    }
}

/// Solves one entry with `solver` and checks it as `options` ask.
pub fn solve_entry(
    solver: &mut Solver,
    entry: &Entry,
    options: &BatchOptions,
) -> Result<Answer, Failure> {
    let board = entry.board.as_ref().map_err(Clone::clone)?;
    let metric = options
        .metric
        .unwrap_or_else(|| board.game().default_metric());
    let search = SolveOptions {
        metric,
        explore_component: options.check
            && entry.expected.component.is_some()
            && options.search.algorithm == Algorithm::Bfs,
        ..options.search.clone()
    };
    let started = Instant::now();
    let report = solver.solve(board, &search)?;
    let mut answer = Answer {
        label: entry.label.clone(),
        board: board.clone(),
        metric,
        report,
        ms: started.elapsed().as_secs_f64() * 1000.0,
        problems: Vec::new(),
    };
    if options.check {
        answer.problems = problems(&answer, entry, search.explore_component);
    }
    Ok(answer)
}

/// Where `answer` disagrees with the entry's expected optimum and, when
/// `component` was explored, its component size.
fn problems(answer: &Answer, entry: &Entry, component: bool) -> Vec<String> {
    let (report, metric) = (&answer.report, answer.metric);
    let mut problems = Vec::new();
    if let Some(want) = entry.expected.optimum(metric) {
        let got = match report.verdict {
            // A solution not known to be optimal only shows that the
            // puzzle is solvable.
            Verdict::Solved if !report.optimal => Some(want.or(report.length)),
            Verdict::Solved => Some(report.length),
            Verdict::Unsolvable => Some(None),
            Verdict::Stopped(_) => None,
        };
        if got != Some(want) {
            let want = want.map_or("unsolvable".into(), |w| format!("{w} {}", metric.unit()));
            problems.push(format!("{want}, got {}", answer.answer()));
        }
    }
    if let Some(want) = entry.expected.component.filter(|_| component) {
        if report.reachable_states != Some(want) {
            problems.push(format!(
                "component {want}, got {}",
                report
                    .reachable_states
                    .map_or("-".into(), |c| c.to_string())
            ));
        }
    }
    problems
}

/// A whole run summed up: what its entries came to, and the time it took.
/// Each entry is shown as it is solved and then dropped, so a run of any
/// length holds constant memory.
#[derive(Debug, Default)]
pub struct Batch {
    /// The entries read.
    pub count: usize,
    pub solved: usize,
    pub unsolvable: usize,
    /// The entries that could not be read or solved.
    pub failures: usize,
    /// The metrics used, by name.
    pub metrics: BTreeSet<&'static str>,
    /// How many entries disagree with the file.
    pub mismatches: usize,
    /// The first [`LISTED_MISMATCHES`] of them.
    pub listed: Vec<String>,
    /// Wall-clock seconds for all of them.
    pub seconds: f64,
    /// The threads that solved them.
    pub threads: usize,
}

/// How many mismatches the summary lists (all are counted, and each is
/// marked on its entry's line).
pub const LISTED_MISMATCHES: usize = 1000;

/// Entries read ahead of the one shown next, per thread: room for the
/// others to go on while one puzzle takes long.
const WINDOW_PER_THREAD: usize = 16;

impl Batch {
    /// Solves `entries` on `threads` threads (0: one per core), a reused
    /// [`Solver`] each, and gives each entry's [`Shown`] to `show` in input
    /// order as soon as it and all before it are solved (failures in the
    /// words of `explain`, see [`Shown::of`]). Reading stops at the first
    /// error of `entries`, which is returned once the entries before it
    /// are shown.
    pub fn run<E: Send>(
        entries: impl Iterator<Item = Result<Entry, E>> + Send,
        options: &BatchOptions,
        threads: usize,
        explain: impl Fn(&Failure) -> String + Sync,
        mut show: impl FnMut(&Shown),
    ) -> Result<Batch, E> {
        let threads = match threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        };
        let started = Instant::now();
        let mut error = None;
        let entries = entries.map_while(|entry| entry.map_err(|e| error = Some(e)).ok());
        let mut batch = Batch {
            threads,
            ..Batch::default()
        };
        crate::ordered::map(
            entries,
            threads,
            threads * WINDOW_PER_THREAD,
            Solver::new,
            |solver, entry| {
                let outcome = solve_entry(solver, &entry, options);
                let shown = Shown::of(&entry.label, &outcome, options.check, &explain);
                let kind = outcome
                    .as_ref()
                    .map(|a| (a.solved(), a.unsolvable(), a.metric.name()));
                (kind.map_err(drop), shown)
            },
            |(kind, shown)| {
                batch.count += 1;
                match kind {
                    Ok((solved, unsolvable, metric)) => {
                        batch.solved += usize::from(solved);
                        batch.unsolvable += usize::from(unsolvable);
                        batch.metrics.insert(metric);
                    }
                    Err(()) => batch.failures += 1,
                }
                if let Some(m) = &shown.mismatch {
                    batch.mismatches += 1;
                    if batch.listed.len() < LISTED_MISMATCHES {
                        batch.listed.push(m.clone());
                    }
                }
                show(&shown);
            },
        );
        batch.seconds = started.elapsed().as_secs_f64();
        match error {
            Some(e) => Err(e),
            None => Ok(batch),
        }
    }

    /// True when some entry could not be read or solved.
    pub fn failed(&self) -> bool {
        self.failures > 0
    }

    /// `N puzzles: S solved, U unsolvable, E unreadable; …` with the time,
    /// the rate, the threads and the metrics used, after an empty line.
    pub fn summary(&self) -> String {
        let n = self.count;
        let metrics: Vec<&str> = self.metrics.iter().copied().collect();
        let elapsed = self.seconds;
        format!(
            "\n{n} puzzles: {} solved, {} unsolvable, {} unreadable; \
             {:.3} s in all, {:.3} ms per puzzle, {:.1} puzzles/s ({} threads, metric {})",
            self.solved,
            self.unsolvable,
            self.failures,
            elapsed,
            elapsed * 1000.0 / n as f64,
            n as f64 / elapsed,
            self.threads,
            metrics.join(" and ")
        )
    }

    /// The run's summary and, with the check, its verdict: `check: all N
    /// answers match the file`, or `check: M mismatches` and each of them
    /// (the first [`LISTED_MISMATCHES`]).
    pub fn summary_lines(&self, check: bool) -> Vec<String> {
        let mut summary = vec![self.summary()];
        if check && self.mismatches == 0 {
            summary.push(format!("check: all {} answers match the file", self.count));
        } else if check {
            summary.push(format!("check: {} mismatches", self.mismatches));
            summary.extend(self.listed.iter().map(|m| format!("  {m}")));
            let more = self.mismatches - self.listed.len();
            if more > 0 {
                summary.push(format!("  … and {more} more, marked MISMATCH above"));
            }
        }
        summary
    }
}

/// What a listing shows of one entry: its result line, its JSON object,
/// its mismatch with the file and its error.
#[derive(Clone)]
pub struct Shown {
    pub line: String,
    pub json: Value,
    pub mismatch: Option<String>,
    pub error: Option<String>,
}

impl Shown {
    /// The entry `label`'s `outcome`, a failure in the words of `explain`
    /// (which may add the caller's advice); with `check`, an unreadable
    /// entry is a mismatch too.
    pub fn of(
        label: &str,
        outcome: &Result<Answer, Failure>,
        check: bool,
        explain: impl FnOnce(&Failure) -> String,
    ) -> Shown {
        let failure = match outcome {
            Ok(answer) => {
                return Shown {
                    line: answer.line(),
                    json: answer.json(),
                    mismatch: answer.mismatch(),
                    error: None,
                }
            }
            Err(failure) => failure,
        };
        let e = explain(failure);
        let unreadable = matches!(failure, Failure::Unreadable(_));
        Shown {
            line: format!("{label:>10}  error: {e}"),
            json: json!({"label": label, "error": e}),
            mismatch: (check && unreadable).then(|| format!("{label}: unreadable: {e}")),
            error: Some(format!("{label}: {e}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use unblocker_model::collection;

    const BOARD: &str = "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM";

    fn options() -> BatchOptions {
        BatchOptions {
            metric: None,
            search: SolveOptions::default(),
            check: true,
        }
    }

    /// The run of `text` and what it showed, in order.
    fn run(text: &str) -> (Batch, Vec<Shown>) {
        let entries = collection::read(text, Default::default()).unwrap();
        let mut shown = Vec::new();
        let batch = Batch::run(
            entries.into_iter().map(Ok::<Entry, ()>),
            &options(),
            2,
            |f| f.to_string(),
            |s| shown.push(s.clone()),
        )
        .unwrap();
        (batch, shown)
    }

    /// The answer to `text`'s only entry.
    fn answer(text: &str) -> Answer {
        let entries = collection::read(text, Default::default()).unwrap();
        solve_entry(&mut Solver::new(), &entries[0], &options()).unwrap()
    }

    #[test]
    fn answers_are_checked_against_the_file() {
        let wrong = format!("1 {BOARD} 2\nnot a board\n");
        let answer = answer(&wrong);
        assert!(answer.solved());
        assert_eq!(answer.problems.len(), 2, "{:?}", answer.problems);
        assert!(
            answer.line().ends_with(" ms  MISMATCH"),
            "{}",
            answer.line()
        );
        let mismatch = answer.mismatch().unwrap();
        assert!(
            mismatch.starts_with(&format!(
                "line 1 {}: expected 1 moves, got ",
                format::to_line(&answer.board)
            )),
            "{mismatch}"
        );
        assert_eq!(answer.json()["mismatch"], mismatch.as_str());
        let (batch, shown) = run(&wrong);
        assert_eq!(shown.len(), 2);
        assert_eq!(shown[0].mismatch.as_ref(), Some(&mismatch));
        assert!(shown[1].line.starts_with("    line 2  error: no board"));
        assert!(batch.failed());
        assert_eq!(batch.mismatches, 2);
        assert!(batch
            .summary()
            .starts_with("\n2 puzzles: 1 solved, 0 unsolvable, 1 unreadable; "));
        assert_eq!(batch.summary_lines(true)[1], "check: 2 mismatches");

        let (moves, component) = (
            answer.report.length.unwrap(),
            answer.report.reachable_states,
        );
        let right = format!("{moves} {BOARD} {}\n", component.unwrap());
        let answer = self::answer(&right);
        assert_eq!(answer.mismatch(), None);
        assert_eq!(answer.json()["label"], "line 1");
        let (batch, _) = run(&right);
        assert!(!batch.failed());
        assert_eq!(
            batch.summary_lines(true)[1],
            "check: all 1 answers match the file"
        );
    }

    /// A run shows its entries in file order, and stops at the first
    /// unreadable part of the file after showing those before it.
    #[test]
    fn entries_are_shown_in_order_and_a_read_error_ends_the_run() {
        let text: String = (0..40)
            .map(|i| format!("{}\n", ["card1", BOARD][i % 2]))
            .collect();
        let (batch, shown) = run(&text.replace("card1", "BBoooCDooEoCDAAEoCDooEooFoooGGFoHHHo"));
        assert_eq!(batch.count, 40);
        let labels: Vec<String> = shown.iter().map(|s| s.json["label"].to_string()).collect();
        let want: Vec<String> = (1..=40).map(|i| format!("\"line {i}\"")).collect();
        assert_eq!(labels, want);
        let entries = collection::read(&text, Default::default()).unwrap();
        let mut count = 0;
        let stopped = Batch::run(
            entries.into_iter().take(3).map(Ok).chain([Err("broken")]),
            &options(),
            2,
            |f| f.to_string(),
            |_| count += 1,
        );
        assert_eq!((stopped.unwrap_err(), count), ("broken", 3));
    }
}
