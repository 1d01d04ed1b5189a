//! Solving every puzzle of a list (`unblocker batch`): the entries of a
//! puzzle file solved on a pool of threads, each checked against the file's
//! own answers, and the run summed up.

use crate::json::SolveJson;
use crate::{Algorithm, Report, SolveError, SolveOptions, Solver, Verdict};
use rayon::prelude::*;
use rayon::ThreadPoolBuildError;
use serde_json::{json, Value};
use std::time::Instant;
use unblocker_model::collection::{Entry, EntryError};
use unblocker_model::{format, Board, Metric};

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

/// A whole run: every entry's outcome, in order, and the time it took.
pub struct Batch {
    pub outcomes: Vec<Result<Answer, Failure>>,
    /// Wall-clock seconds for all of them.
    pub seconds: f64,
    /// The threads that solved them.
    pub threads: usize,
}

impl Batch {
    /// Solves `entries` on `threads` threads (0: one per core), a reused
    /// [`Solver`] each.
    pub fn run(
        entries: &[Entry],
        options: &BatchOptions,
        threads: usize,
    ) -> Result<Batch, ThreadPoolBuildError> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()?;
        let started = Instant::now();
        let outcomes = pool.install(|| {
            entries
                .par_iter()
                .map_init(Solver::new, |solver, entry| {
                    solve_entry(solver, entry, options)
                })
                .collect()
        });
        Ok(Batch {
            outcomes,
            seconds: started.elapsed().as_secs_f64(),
            threads: pool.current_num_threads(),
        })
    }

    /// True when some entry could not be read or solved.
    pub fn failed(&self) -> bool {
        self.outcomes.iter().any(Result::is_err)
    }

    /// `N puzzles: S solved, U unsolvable, E unreadable; …` with the time,
    /// the rate, the threads and the metrics used, after an empty line.
    pub fn summary(&self) -> String {
        let n = self.outcomes.len();
        let answers = || self.outcomes.iter().flatten();
        let solved = answers().filter(|a| a.solved()).count();
        let unsolvable = answers().filter(|a| a.unsolvable()).count();
        let errors = n - answers().count();
        let mut metrics: Vec<&str> = answers().map(|a| a.metric.name()).collect();
        metrics.sort_unstable();
        metrics.dedup();
        let elapsed = self.seconds;
        format!(
            "\n{n} puzzles: {solved} solved, {unsolvable} unsolvable, {errors} unreadable; \
             {:.3} s in all, {:.3} ms per puzzle, {:.1} puzzles/s ({} threads, metric {})",
            elapsed,
            elapsed * 1000.0 / n as f64,
            n as f64 / elapsed,
            self.threads,
            metrics.join(" and ")
        )
    }
}

/// What a listing shows of one entry: its result line, its JSON object,
/// its mismatch with the file and its error.
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

/// What a listing of a run shows: each entry, then the summary lines.
pub struct Listing {
    pub entries: Vec<Shown>,
    /// The run's summary and, with the check, its verdict: `check: all N
    /// answers match the file`, or `check: M mismatches` and each of them.
    pub summary: Vec<String>,
    /// How many entries disagree with the file.
    pub mismatches: usize,
}

impl Batch {
    /// The listing of this run of `entries`, failures in the words of
    /// `explain` (see [`Shown::of`]).
    pub fn listing(
        &self,
        entries: &[Entry],
        check: bool,
        explain: impl Fn(&Failure) -> String,
    ) -> Listing {
        let shown: Vec<Shown> = (entries.iter().zip(&self.outcomes))
            .map(|(entry, outcome)| Shown::of(&entry.label, outcome, check, &explain))
            .collect();
        let mismatches: Vec<&String> = shown.iter().flat_map(|s| &s.mismatch).collect();
        let mut summary = vec![self.summary()];
        if check && mismatches.is_empty() {
            let n = entries.len();
            summary.push(format!("check: all {n} answers match the file"));
        } else if check {
            summary.push(format!("check: {} mismatches", mismatches.len()));
            summary.extend(mismatches.iter().map(|m| format!("  {m}")));
        }
        Listing {
            mismatches: mismatches.len(),
            entries: shown,
            summary,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use unblocker_model::collection;

    const BOARD: &str = "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM";

    fn run(text: &str) -> Batch {
        let options = BatchOptions {
            metric: None,
            search: SolveOptions::default(),
            check: true,
        };
        let entries = collection::read(text, Default::default()).unwrap();
        Batch::run(&entries, &options, 1).unwrap()
    }

    #[test]
    fn answers_are_checked_against_the_file() {
        let wrong = run(&format!("1 {BOARD} 2\nnot a board\n"));
        let answer = wrong.outcomes[0].as_ref().unwrap();
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
        assert!(matches!(wrong.outcomes[1], Err(Failure::Unreadable(_))));
        assert!(wrong.failed());
        assert!(wrong
            .summary()
            .starts_with("\n2 puzzles: 1 solved, 0 unsolvable, 1 unreadable; "));

        let (moves, component) = (
            answer.report.length.unwrap(),
            answer.report.reachable_states,
        );
        let right = run(&format!("{moves} {BOARD} {}\n", component.unwrap()));
        let answer = right.outcomes[0].as_ref().unwrap();
        assert_eq!(answer.mismatch(), None);
        assert_eq!(answer.json()["label"], "line 1");
        assert!(!right.failed());
    }
}
