//! The comparison as markdown: a table per category relative to
//! breadth-first search, and `compare.md` with the charts beside it, our
//! figures beside the FEUP study's and which algorithm to use.

use crate::charts::{category_charts, overview_svg, write_chart, OVERVIEW};
use crate::compare::Comparison;
use crate::study::{read_measurements, StudyError};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

impl Comparison {
    /// What `compare` prints: a table per category (solved puzzles, mean
    /// answer length, time and expanded nodes, each also relative to BFS on
    /// the same puzzles) under its heading, then how the runs were limited.
    pub fn text(&self) -> String {
        let metric = self.options.metric;
        let mut text = String::new();
        for (category, members) in &self.categories {
            let (n, table) = (members.len(), self.category_table(members));
            let _ = writeln!(
                text,
                "\n## {category} ({n} puzzles, metric {metric})\n\n{table}"
            );
        }
        let _ = writeln!(text, "\n{}", self.cut_note());
        text
    }

    fn category_table(&self, members: &[usize]) -> String {
        let mut t = String::from(
            "| algorithm | solved | answer length | ×BFS | time (ms) | ×BFS | expanded nodes | ×BFS |\n\
             |---|---|---|---|---|---|---|---|\n",
        );
        for (v, variant) in self.variants.iter().enumerate() {
            let solved = self.solved(v, members);
            let ours = self.means(v, &solved);
            let base = self
                .bfs()
                .map(|b| self.means(b, &solved))
                .unwrap_or_default();
            let _ = writeln!(
                t,
                "| {} | {}/{} | {:.1} | {} | {:.3} | {} | {} | {} |",
                variant.label(),
                solved.len(),
                members.len(),
                ours.length,
                ratio(ours.length, base.length),
                ours.ms,
                ratio(ours.ms, base.ms),
                thousands(ours.expanded),
                ratio(ours.expanded, base.expanded),
            );
        }
        t
    }

    /// How the runs were limited and what the means and ratios are over.
    fn cut_note(&self) -> String {
        let control = &self.options.control;
        let limits: Vec<String> = [
            control.max_nodes.map(|n| format!("{n} expanded positions")),
            control.timeout.map(|t| format!("{} s", t.as_secs_f64())),
        ]
        .into_iter()
        .flatten()
        .collect();
        let cut = if limits.is_empty() {
            "Runs are not cut".to_string()
        } else {
            format!("Runs are cut after {}", limits.join(" or "))
        };
        format!(
            "{cut}; means are over the puzzles a run solved, and each ratio divides them by \
             BFS's means over the same puzzles."
        )
    }

    /// Writes the charts and `compare.md` into `out` (created if need be),
    /// with our figures beside the study's measurements in `measurements`;
    /// returns the path of `compare.md`.
    pub fn write(&self, out: &Path, measurements: &Path) -> Result<PathBuf, StudyError> {
        std::fs::create_dir_all(out).map_err(|source| StudyError::CreateDir {
            path: out.to_path_buf(),
            source,
        })?;
        let overview = overview_svg(self)?;
        write_chart(&out.join(OVERVIEW), &overview)?;
        let png = Path::new(OVERVIEW).with_extension("png");
        write_chart(&out.join(&png), &overview)?;
        let mut tables = String::new();
        for (category, members) in &self.categories {
            let _ = write!(
                tables,
                "\n### {category} ({} puzzles)\n\n{}",
                members.len(),
                self.category_table(members)
            );
            category_charts(out, self, category, members)?;
        }
        let text = format!(
            "# Unblocker's search algorithms on the FEUP levels and the ThinkFun cards\n\n\
             ![Positions expanded against answer length, one point per search, per category]({})\n\n\
             The overview above ([SVG]({OVERVIEW})): lower is fewer positions expanded, further \
             left shorter answers; one point per search, its means over the puzzles it solved.\n\n\
             Produced by `unblocker compare` (metric {}; release build, one thread). {}\n\
             Charts per category: `<measure>-<category>.svg` in this directory (answer-length, \
             time, expanded-nodes; logarithmic scales, bars the means, lines the spread).\n\
             {tables}\n{}\n{}",
            png.display(),
            self.metric(),
            self.cut_note(),
            self.study_section(measurements)?,
            self.recommendation()
        );
        let path = out.join("compare.md");
        std::fs::write(&path, text).map_err(|source| StudyError::Write {
            path: path.clone(),
            source,
        })?;
        Ok(path)
    }

    /// Our means beside the study's, on the study's levels and algorithms.
    fn study_section(&self, dir: &Path) -> Result<String, StudyError> {
        let names: Vec<&str> = self.categories.iter().map(|(c, _)| c.as_str()).collect();
        let study = read_measurements(dir, &names)?;
        if study.is_empty() {
            return Ok(format!(
                "## Beside the FEUP study\n\nNo measurements found in {}.\n",
                dir.display()
            ));
        }
        let mut s = String::from(
            "## Beside the FEUP study\n\n\
             The study's figures are its own (Python on PyPy 3.6; `executionTime` read as seconds), \
             averaged over the same levels. `speed-up` is the study's mean time over ours; the node \
             columns compare expanded positions.\n\n\
             | category | algorithm | study length | our length | study expanded | our expanded | \
             study time (ms) | our time (ms) | speed-up |\n|---|---|---|---|---|---|---|---|---|\n",
        );
        for (category, members) in &self.categories {
            for (v, variant) in self.variants.iter().enumerate() {
                let Some(name) = variant.study_name() else {
                    continue;
                };
                let Some(&(length, expanded, seconds)) =
                    study.get(&(category.clone(), name.to_string()))
                else {
                    continue;
                };
                let solved = self.solved(v, members);
                let ours = self.means(v, &solved);
                let _ = writeln!(
                    s,
                    "| {category} | {} ({name}) | {length:.1} | {:.1} ({}/{}) | {} | {} | {:.1} | {:.3} | {:.0}× |",
                    variant.label(),
                    ours.length,
                    solved.len(),
                    members.len(),
                    thousands(expanded),
                    thousands(ours.expanded),
                    seconds * 1000.0,
                    ours.ms,
                    seconds * 1000.0 / ours.ms.max(1e-6),
                );
            }
        }
        Ok(s)
    }

    /// Which algorithm to use, from the measurements.
    fn recommendation(&self) -> String {
        let mut s = String::from("## Which algorithm to use\n\n");
        if let Some(f) = self.least_optimal(|r| r.ms) {
            let _ = writeln!(
                s,
                "- For the shortest answer, use **{}**: of the optimal algorithms that solved every \
                 puzzle it took the least time in all ({:.1} ms for {} puzzles).",
                self.variants[f].label(),
                self.total(f, |r| r.ms),
                self.all().len()
            );
        }
        if let (Some(f), Some(b)) = (self.least_optimal(|r| r.expanded), self.bfs()) {
            let expanded = |v| self.total(v, |r| r.expanded);
            let time = self.total(f, |r| r.ms) / self.total(b, |r| r.ms).max(1e-9);
            let verdict = if time < 1.0 {
                "so the heuristic pays for itself"
            } else {
                "so with a move generator this fast the heuristic costs more than the expansions \
                 it saves"
            };
            let _ = writeln!(
                s,
                "- Of the optimal algorithms, **{}** expands the fewest positions ({} against \
                 BFS's {}, ×{}) in ×{time:.2} BFS's time, {verdict}.",
                self.variants[f].label(),
                thousands(expanded(f)),
                thousands(expanded(b)),
                ratio(expanded(f), expanded(b)),
            );
        }
        s.push_str(
            "- `bfs` is also the only one that breaks ties towards the fewest steps, and the one \
             `analyze` and `batch --check` build on. Use `astar` or `idastar` when memory matters \
             (IDA* keeps a fixed 1 MiB table), `greedy` for a quick answer that may be long, and \
             `dfs`/`iddfs` only to study them: DFS answers are hundreds of moves long and IDDFS \
             re-expands the same positions at every depth.\n",
        );
        s
    }
}

/// A count rounded and written with thousands separators: `1,234,567`.
fn thousands(v: f64) -> String {
    let digits = format!("{:.0}", v.max(0.0));
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `ours` as a multiple of `base`, to two decimals.
fn ratio(ours: f64, base: f64) -> String {
    if base > 0.0 {
        format!("{:.2}", ours / base)
    } else {
        "-".into()
    }
}

#[cfg(test)]
mod tests {
    use super::thousands;

    #[test]
    fn counts_have_thousands_separators() {
        assert_eq!(thousands(85.4), "85");
        assert_eq!(thousands(1234.0), "1,234");
        assert_eq!(thousands(590_040.0), "590,040");
        assert_eq!(thousands(2_577_412.0), "2,577,412");
    }
}
