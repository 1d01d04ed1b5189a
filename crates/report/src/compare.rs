//! Every search algorithm (the informed ones once per heuristic) on the
//! study's puzzles: the runs, their means per category and the totals the
//! recommendation picks from.

use crate::study::{StudyError, StudyPuzzle};
use unblocker_model::{Game, Metric};
use unblocker_solve::{Algorithm, Heuristic, Report, SolveOptions, Solver, Verdict};

/// An algorithm with its heuristic, as one column of the study.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Variant {
    pub algorithm: Algorithm,
    pub heuristic: Option<Heuristic>,
}

impl Variant {
    /// `astar-obstructed`, `bfs`.
    pub fn label(&self) -> String {
        match self.heuristic {
            Some(h) => format!("{}-{h}", self.algorithm),
            None => self.algorithm.to_string(),
        }
    }

    /// The FEUP study's name for the same search, if it ran it.
    pub(crate) fn study_name(&self) -> Option<&'static str> {
        Some(match (self.algorithm, self.heuristic) {
            (Algorithm::Bfs, _) => "breadth",
            (Algorithm::Dfs, _) => "depth",
            (Algorithm::Iddfs, _) => "p-depth",
            (Algorithm::Greedy, Some(Heuristic::Blockers)) => "greedy-bpieces",
            (Algorithm::Astar, Some(Heuristic::Blockers)) => "a*-bpieces",
            (Algorithm::Greedy, Some(Heuristic::Stuck)) => "greedy-wbpieces",
            (Algorithm::Astar, Some(Heuristic::Stuck)) => "a*-wbpieces",
            _ => return None,
        })
    }

    /// Whether it always finds a shortest answer.
    fn is_optimal(&self) -> bool {
        self.algorithm
            .is_optimal(self.heuristic.unwrap_or(Heuristic::Zero))
    }
}

/// Every one of `algorithms` (all if empty), the informed ones once per
/// heuristic of `heuristics` that suits the metric (if empty: blockers,
/// stuck and obstructed; blockers, obstructed and distance for steps).
pub fn variants(
    algorithms: &[Algorithm],
    heuristics: &[Heuristic],
    metric: Metric,
) -> Vec<Variant> {
    let algorithms = if algorithms.is_empty() {
        Algorithm::ALL
    } else {
        algorithms
    };
    let heuristics = if !heuristics.is_empty() {
        heuristics
    } else if metric == Metric::Step {
        &[
            Heuristic::Blockers,
            Heuristic::Obstructed,
            Heuristic::Distance,
        ][..]
    } else {
        &[Heuristic::Blockers, Heuristic::Stuck, Heuristic::Obstructed][..]
    };
    let suits = |h: &&Heuristic| h.check(Game::RushHour, metric).is_ok();
    algorithms
        .iter()
        .flat_map(|&algorithm| {
            if algorithm.is_informed() {
                heuristics
                    .iter()
                    .filter(suits)
                    .map(|&h| Variant {
                        algorithm,
                        heuristic: Some(h),
                    })
                    .collect()
            } else {
                vec![Variant {
                    algorithm,
                    heuristic: None,
                }]
            }
        })
        .collect()
}

/// One run's outcome.
#[derive(Clone, Copy)]
pub(crate) struct VariantRun {
    pub solved: bool,
    pub length: f64,
    pub ms: f64,
    pub expanded: f64,
}

impl VariantRun {
    fn of(report: &Report) -> VariantRun {
        VariantRun {
            solved: report.verdict == Verdict::Solved,
            length: report.length.unwrap_or(0) as f64,
            ms: report.stats.elapsed_ms,
            expanded: report.stats.examined as f64,
        }
    }
}

/// Mean answer length, time and expanded nodes over some puzzles.
#[derive(Clone, Copy, Default)]
pub(crate) struct Means {
    pub length: f64,
    pub ms: f64,
    pub expanded: f64,
}

/// Every variant's runs on every puzzle.
pub struct Comparison {
    /// The options of every run but its algorithm and heuristic.
    pub(crate) options: SolveOptions,
    pub(crate) variants: Vec<Variant>,
    /// `runs[variant][puzzle]`.
    runs: Vec<Vec<VariantRun>>,
    /// Puzzle indices per category, in order of first appearance.
    pub(crate) categories: Vec<(String, Vec<usize>)>,
}

impl Comparison {
    /// Solves every puzzle with every variant, one run at a time on one
    /// thread, after an untimed pass so that no variant pays for growing the
    /// solver's memory. `starting` hears of each variant before it runs.
    pub fn run(
        puzzles: &[StudyPuzzle],
        variants: Vec<Variant>,
        options: SolveOptions,
        mut starting: impl FnMut(&Variant),
    ) -> Result<Comparison, StudyError> {
        let mut solver = Solver::new();
        for puzzle in puzzles {
            let _ = solver.solve(&puzzle.board, &options);
        }
        let mut runs = vec![Vec::with_capacity(puzzles.len()); variants.len()];
        for (v, variant) in variants.iter().enumerate() {
            starting(variant);
            let options = SolveOptions {
                algorithm: variant.algorithm,
                heuristic: variant.heuristic,
                ..options.clone()
            };
            for puzzle in puzzles {
                let report =
                    solver
                        .solve(&puzzle.board, &options)
                        .map_err(|source| StudyError::Solve {
                            puzzle: puzzle.name.clone(),
                            source,
                        })?;
                runs[v].push(VariantRun::of(&report));
            }
        }
        Ok(Comparison {
            options,
            variants,
            runs,
            categories: categories(puzzles),
        })
    }

    /// The metric of every run.
    pub fn metric(&self) -> Metric {
        self.options.metric
    }

    /// The index of breadth-first search among the variants, the base of
    /// the ratios.
    pub(crate) fn bfs(&self) -> Option<usize> {
        self.variants
            .iter()
            .position(|v| v.algorithm == Algorithm::Bfs)
    }

    /// The puzzles of `members` that variant `v` solved.
    pub(crate) fn solved(&self, v: usize, members: &[usize]) -> Vec<usize> {
        members
            .iter()
            .copied()
            .filter(|&i| self.runs[v][i].solved)
            .collect()
    }

    /// Variant `v`'s means over `members`.
    pub(crate) fn means(&self, v: usize, members: &[usize]) -> Means {
        let n = members.len().max(1) as f64;
        let sum = |f: fn(&VariantRun) -> f64| {
            members.iter().map(|&i| f(&self.runs[v][i])).sum::<f64>() / n
        };
        Means {
            length: sum(|r| r.length),
            ms: sum(|r| r.ms),
            expanded: sum(|r| r.expanded),
        }
    }

    /// Variant `v`'s means over `members` as one run, for the charts'
    /// measures.
    pub(crate) fn mean_run(&self, v: usize, members: &[usize]) -> VariantRun {
        let m = self.means(v, members);
        VariantRun {
            solved: true,
            length: m.length,
            ms: m.ms,
            expanded: m.expanded,
        }
    }

    /// Variant `v`'s least and most of one measure over `members` (the
    /// spread its mean hides); `None` for no puzzles.
    pub(crate) fn spread(
        &self,
        v: usize,
        members: &[usize],
        f: fn(&VariantRun) -> f64,
    ) -> Option<(f64, f64)> {
        let values = members.iter().map(|&i| f(&self.runs[v][i]));
        let least = values.clone().fold(f64::INFINITY, f64::min);
        let most = values.fold(f64::NEG_INFINITY, f64::max);
        least.is_finite().then_some((least, most))
    }

    /// Every puzzle, category by category.
    pub(crate) fn all(&self) -> Vec<usize> {
        self.categories
            .iter()
            .flat_map(|(_, m)| m.iter().copied())
            .collect()
    }

    /// Variant `v`'s total of one measure over every puzzle (summed
    /// category by category).
    pub(crate) fn total(&self, v: usize, f: fn(&VariantRun) -> f64) -> f64 {
        self.all().iter().map(|&i| f(&self.runs[v][i])).sum()
    }

    /// The optimal variant that solved every puzzle with the least total of
    /// a measure.
    pub(crate) fn least_optimal(&self, f: fn(&VariantRun) -> f64) -> Option<usize> {
        (0..self.variants.len())
            .filter(|&v| self.variants[v].is_optimal() && self.runs[v].iter().all(|r| r.solved))
            .min_by(|&a, &b| self.total(a, f).total_cmp(&self.total(b, f)))
    }
}

/// Puzzle indices per category, in order of first appearance.
fn categories(puzzles: &[StudyPuzzle]) -> Vec<(String, Vec<usize>)> {
    let mut out: Vec<(String, Vec<usize>)> = Vec::new();
    for (i, p) in puzzles.iter().enumerate() {
        match out.iter_mut().find(|(c, _)| *c == p.category) {
            Some((_, members)) => members.push(i),
            None => out.push((p.category.clone(), vec![i])),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn informed_algorithms_run_once_per_heuristic_that_suits_the_metric() {
        let labels = |metric| -> Vec<String> {
            variants(&[Algorithm::Bfs, Algorithm::Astar], &[], metric)
                .iter()
                .map(Variant::label)
                .collect()
        };
        assert_eq!(
            labels(Metric::Slide),
            ["bfs", "astar-blockers", "astar-stuck", "astar-obstructed"]
        );
        assert_eq!(
            labels(Metric::Step),
            [
                "bfs",
                "astar-blockers",
                "astar-obstructed",
                "astar-distance"
            ]
        );
    }
}
