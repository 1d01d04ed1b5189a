#![doc = include_str!("../README.md")]

use serde::Serialize;
use std::fmt::{self, Display, Formatter};
use std::time::Instant;
use unblocker_db::shard::{Shard, ShardError};
use unblocker_db::{Database, DbError};
use unblocker_gen::{generate, GenError, GenerateOptions};
use unblocker_model::puzzle::{self, PuzzleError};
use unblocker_model::{Board, Metric};
use unblocker_solve::{Control, SolveError, SolveOptions, Solver, Verdict};

/// Why a benchmark could not be measured.
#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    #[error(transparent)]
    Puzzle(#[from] PuzzleError),
    #[error(transparent)]
    Solve(#[from] SolveError),
    #[error(transparent)]
    Db(#[from] DbError),
    #[error(transparent)]
    Generate(#[from] GenError),
    #[error(transparent)]
    Shard(#[from] ShardError),
    /// The first run found no optimum (or stored no puzzle).
    #[error("benchmark {0} found nothing")]
    FoundNothing(&'static str),
}

/// What a benchmark does.
pub enum Work {
    /// Solve a bundled puzzle.
    Solve(&'static str, Metric),
    /// Explore a bundled puzzle's whole component (counting positions and
    /// levels, no solution).
    Explore(&'static str, Metric),
    /// Generate part `part` of `parts` of the Rush Hour database of `size`
    /// with at most `max_walls` walls, on one thread, into memory.
    Generate {
        size: usize,
        max_walls: usize,
        part: u64,
        parts: u64,
    },
}

/// One benchmark.
pub struct Case {
    pub name: &'static str,
    pub work: Work,
}

/// The suite, in the order of its table.
pub const CASES: [Case; 7] = [
    Case {
        name: "rush/hardest",
        work: Work::Solve("hardest", Metric::Slide),
    },
    Case {
        name: "rush/hardest-nowalls",
        work: Work::Solve("hardest-nowalls", Metric::Slide),
    },
    Case {
        name: "rush/largest-component (explore)",
        work: Work::Explore("largest-component", Metric::Slide),
    },
    Case {
        name: "klotski/横刀立马",
        work: Work::Solve("横刀立马", Metric::Piece),
    },
    Case {
        name: "klotski/峰回路转",
        work: Work::Solve("峰回路转", Metric::Piece),
    },
    Case {
        name: "klotski/横刀立马 (explore)",
        work: Work::Explore("横刀立马", Metric::Piece),
    },
    Case {
        name: "db/generate 6x6 no walls, part 1/2000",
        work: Work::Generate {
            size: 6,
            max_walls: 0,
            part: 1,
            parts: 2000,
        },
    },
];

/// What one case measured.
#[derive(Debug, Serialize)]
pub struct Outcome {
    pub name: &'static str,
    /// The metric of a solve or exploration (none for a generation).
    pub metric: Option<Metric>,
    /// The optimum found (the same on every run; none for a generation).
    pub moves: Option<u32>,
    /// Puzzles a generation stored (none for a solve or exploration).
    pub puzzles: Option<u64>,
    /// Positions examined per run.
    pub examined: u64,
    pub best_ms: f64,
    pub median_ms: f64,
    /// Positions examined per second at the median time.
    pub positions_per_second: f64,
}

/// The header of the results table, one [`Outcome`] a row below it.
pub fn header() -> String {
    format!(
        "{:<38} {:>7} {:>10} {:>10} {:>10} {:>14}",
        "benchmark", "moves", "positions", "best", "median", "positions/s"
    )
}

/// The outcome's row of the results table: name, optimum (or puzzles
/// stored), positions, best and median time, positions per second.
impl Display for Outcome {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {:>7} {:>10} {:>10} {:>10} {:>14}",
            pad(self.name, 38),
            match (self.moves, self.puzzles) {
                (Some(m), _) => m.to_string(),
                (None, Some(p)) => format!("{p} puz"),
                (None, None) => "-".into(),
            },
            self.examined,
            format_ms(self.best_ms),
            format_ms(self.median_ms),
            format!("{:.2} M", self.positions_per_second / 1e6),
        )
    }
}

/// Milliseconds with sensible precision.
fn format_ms(ms: f64) -> String {
    if ms < 10.0 {
        format!("{ms:.3} ms")
    } else {
        format!("{ms:.1} ms")
    }
}

/// `text` padded with spaces to `columns` terminal columns (CJK characters
/// take two).
fn pad(text: &str, columns: usize) -> String {
    let width: usize = text
        .chars()
        .map(|c| if c >= '\u{2E80}' { 2 } else { 1 })
        .sum();
    format!("{text}{}", " ".repeat(columns.saturating_sub(width)))
}

/// The cases whose name contains `only` (all of them without it).
pub fn cases(only: Option<&str>) -> Vec<&'static Case> {
    CASES
        .iter()
        .filter(|c| only.is_none_or(|text| c.name.contains(text)))
        .collect()
}

/// Every case's name, comma-separated (to say what there is to choose).
pub fn names() -> String {
    let names: Vec<&str> = CASES.iter().map(|c| c.name).collect();
    names.join(", ")
}

/// One run of a case: what it found (the optimum, or the puzzles stored)
/// and the positions it examined.
pub struct CaseRun {
    pub moves: Option<u32>,
    pub puzzles: Option<u64>,
    pub examined: u64,
}

/// A case ready to run: its work, with the bundled puzzle it names read.
pub struct Prepared {
    job: Job,
}

enum Job {
    Solve(Board, Metric),
    Explore(Board, Metric),
    Generate {
        size: usize,
        max_walls: usize,
        shard: Shard,
    },
}

impl Case {
    /// Reads the bundled puzzle of a solve or an exploration, or the part
    /// of a generation.
    pub fn prepare(&self) -> Result<Prepared, BenchError> {
        let board = |name| Ok::<_, BenchError>(puzzle::resolve(name, Default::default())?.board);
        let job = match self.work {
            Work::Solve(name, metric) => Job::Solve(board(name)?, metric),
            Work::Explore(name, metric) => Job::Explore(board(name)?, metric),
            Work::Generate {
                size,
                max_walls,
                part,
                parts,
            } => Job::Generate {
                size,
                max_walls,
                shard: Shard::new(part, parts)?,
            },
        };
        Ok(Prepared { job })
    }
}

impl Prepared {
    /// Runs the case once with `solver`.
    pub fn run(&self, solver: &mut Solver) -> Result<CaseRun, BenchError> {
        Ok(match self.job {
            Job::Solve(ref board, metric) => {
                let options = SolveOptions {
                    metric,
                    ..SolveOptions::default()
                };
                let report = solver.solve(board, &options)?;
                let solved = report.verdict == Verdict::Solved;
                CaseRun {
                    moves: report.length.filter(|_| solved),
                    puzzles: None,
                    examined: report.stats.examined,
                }
            }
            Job::Explore(ref board, metric) => {
                let walk = solver.explore(board, metric, &Control::default())?;
                CaseRun {
                    moves: walk.goal_depth.filter(|_| walk.exhausted),
                    puzzles: None,
                    examined: walk.stats.examined,
                }
            }
            Job::Generate {
                size,
                max_walls,
                shard,
            } => {
                let mut db = Database::in_memory()?;
                let options = GenerateOptions {
                    size,
                    max_walls,
                    threads: 1,
                    shard,
                    max_units: None,
                };
                let summary = generate(&mut db, &options, |_| {})?;
                CaseRun {
                    moves: None,
                    puzzles: Some(summary.puzzles),
                    examined: summary.positions,
                }
            }
        })
    }
}

/// Measures `case`: one warm-up run, then `runs` timed runs with `solver`.
pub fn measure(solver: &mut Solver, case: &Case, runs: u32) -> Result<Outcome, BenchError> {
    let metric = match case.work {
        Work::Solve(_, metric) | Work::Explore(_, metric) => Some(metric),
        Work::Generate { .. } => None,
    };
    let prepared = case.prepare()?;
    // One run: its time and what it found.
    let mut timed = || -> Result<(f64, CaseRun), BenchError> {
        let started = Instant::now();
        let run = prepared.run(solver)?;
        Ok((started.elapsed().as_secs_f64() * 1e3, run))
    };
    let (_, first) = timed()?;
    if first.moves.is_none() && first.puzzles.is_none_or(|n| n == 0) {
        return Err(BenchError::FoundNothing(case.name));
    }
    let mut times = Vec::with_capacity(runs as usize);
    for _ in 0..runs {
        times.push(timed()?.0);
    }
    times.sort_by(f64::total_cmp);
    let median_ms = times[times.len() / 2];
    Ok(Outcome {
        name: case.name,
        metric,
        moves: first.moves,
        puzzles: first.puzzles,
        examined: first.examined,
        best_ms: times[0],
        median_ms,
        positions_per_second: first.examined as f64 / (median_ms / 1e3),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cases_are_chosen_by_name_and_measured() {
        let klotski: Vec<&str> = cases(Some("klotski/")).iter().map(|c| c.name).collect();
        assert_eq!(klotski.len(), 3, "{klotski:?}");
        assert!(cases(Some("no such benchmark")).is_empty());
        assert!(names().starts_with("rush/hardest, rush/hardest-nowalls, "));
        assert_eq!(cases(None).len(), CASES.len());
        let case = cases(Some("rush/hardest-nowalls"))[0];
        let outcome = measure(&mut Solver::new(), case, 2).unwrap();
        assert_eq!(outcome.metric, Some(Metric::Slide));
        assert!(outcome.moves.is_some() && outcome.puzzles.is_none());
        assert!(outcome.examined > 0 && outcome.best_ms <= outcome.median_ms);
        let row = outcome.to_string();
        assert!(row.starts_with("rush/hardest-nowalls "), "{row}");
        assert!(header().starts_with("benchmark "));
    }

    #[test]
    fn wide_characters_take_two_columns() {
        assert_eq!(pad("横刀", 6), "横刀  ");
        assert_eq!(pad("abc", 2), "abc");
        assert_eq!(
            (format_ms(1.5), format_ms(12.25)),
            ("1.500 ms".into(), "12.2 ms".into())
        );
    }
}
