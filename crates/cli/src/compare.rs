//! `unblocker compare`: every search algorithm (and heuristic) on sets of
//! puzzles, as tables per category relative to breadth-first search, SVG
//! charts, and `compare.md` beside the FEUP study's own measurements.

use crate::input::read_file;
use crate::solve::SearchArgs;
use plotters::prelude::*;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use unblocker_model::format::{self, ParseOptions};
use unblocker_model::{Board, Metric};
use unblocker_solve::{Algorithm, Heuristic, Report, Solver, Verdict};

/// The environment variable naming the data directory (as in the tests).
const DATA_VAR: &str = "UNBLOCKER_DATA";

/// The study's puzzle set and the ThinkFun cards, in the data directory.
const DEFAULT_FILES: [&str; 2] = [
    "puzzles/rush/feup_group19_verified.txt",
    "puzzles/rush/thinkfun40_verified.txt",
];

#[derive(clap::Args)]
#[command(
    about = "Compare the search algorithms and heuristics on sets of puzzles (tables, SVG charts, compare.md)",
    long_about = "Solve every puzzle of the files with every algorithm (and every heuristic of the \
        informed ones), one run at a time on one thread, and print a table per category: solved \
        puzzles, mean answer length, time and expanded nodes, each also relative to BFS on the same \
        puzzles. Categories are the FEUP levels' name prefixes (easy, medium, hard, long) and, \
        for other rows, the file's name. The --out directory receives one SVG chart per measure \
        and category and compare.md, which sets the figures beside the FEUP study's own \
        measurements (feup_measurements/*.json next to the FEUP file) and recommends an algorithm.",
    after_help = "Examples:\n  UNBLOCKER_DATA=../shared unblocker compare\n  \
        UNBLOCKER_DATA=../shared unblocker compare --algorithms bfs,astar \
        --heuristics blockers,blockers2 --out /tmp/cmp\n  \
        unblocker compare ../shared/puzzles/rush/feup_group19_verified.txt --metric steps"
)]
pub struct Args {
    /// Puzzle files, in any format `batch` reads (default: the FEUP levels
    /// and the 40 ThinkFun cards in $UNBLOCKER_DATA/puzzles/rush; one or the
    /// other must be given).
    pub files: Vec<PathBuf>,
    /// Algorithms to run, comma-separated (default: all).
    #[arg(long, value_delimiter = ',')]
    pub algorithms: Vec<Algorithm>,
    /// Heuristics for astar, idastar and greedy, comma-separated (default:
    /// blockers, feup2, blockers2; blockers, blockers2, distance for steps).
    #[arg(long, value_delimiter = ',')]
    pub heuristics: Vec<Heuristic>,
    /// What one move is (default: slide).
    #[arg(long)]
    pub metric: Option<Metric>,
    /// Directory for the charts and compare.md.
    #[arg(long, default_value = "compare")]
    pub out: PathBuf,
    /// Stop a run after expanding this many positions (keeps DFS and IDDFS
    /// from running away); such runs count as cut.
    #[arg(long, value_name = "N", default_value_t = 1_000_000)]
    pub max_nodes: u64,
    /// Stop a run after this many seconds.
    #[arg(long, value_name = "SECONDS")]
    pub timeout: Option<f64>,
    /// The FEUP study's measurements (default: feup_measurements beside the
    /// first file).
    #[arg(long, value_name = "DIR")]
    pub measurements: Option<PathBuf>,
}

/// An algorithm with its heuristic, as one column of the study.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Variant {
    algorithm: Algorithm,
    heuristic: Option<Heuristic>,
}

impl Variant {
    fn label(&self) -> String {
        match self.heuristic {
            Some(h) => format!("{}-{h}", self.algorithm),
            None => self.algorithm.to_string(),
        }
    }

    /// The study's name for the same search, if it ran it.
    fn study_name(&self) -> Option<&'static str> {
        Some(match (self.algorithm, self.heuristic) {
            (Algorithm::Bfs, _) => "breadth",
            (Algorithm::Dfs, _) => "depth",
            (Algorithm::Iddfs, _) => "p-depth",
            (Algorithm::Greedy, Some(Heuristic::Blockers)) => "greedy-bpieces",
            (Algorithm::Astar, Some(Heuristic::Blockers)) => "a*-bpieces",
            (Algorithm::Greedy, Some(Heuristic::Feup2)) => "greedy-wbpieces",
            (Algorithm::Astar, Some(Heuristic::Feup2)) => "a*-wbpieces",
            _ => return None,
        })
    }
}

struct Puzzle {
    name: String,
    category: String,
    board: Board,
}

/// One run's outcome.
#[derive(Clone, Copy)]
struct Run {
    solved: bool,
    length: f64,
    ms: f64,
    expanded: f64,
}

/// Mean answer length, time and expanded nodes over some puzzles.
#[derive(Clone, Copy, Default)]
struct Means {
    length: f64,
    ms: f64,
    expanded: f64,
}

pub fn run(args: Args) -> Result<u8, String> {
    let metric = args.metric.unwrap_or(Metric::Slide);
    let files = if args.files.is_empty() {
        default_files()?
    } else {
        args.files.clone()
    };
    let mut puzzles = Vec::new();
    for file in &files {
        puzzles.extend(read_puzzles(file)?);
    }
    if puzzles.is_empty() {
        return Err("the files hold no puzzles".into());
    }
    let variants = variants(&args, metric);
    let search = SearchArgs {
        max_nodes: Some(args.max_nodes),
        timeout: args.timeout,
        ..SearchArgs::default()
    };
    let budget = search.memory.budget();
    let mut solver = Solver::new();
    // One untimed pass first, so that no variant pays for growing the
    // solver's memory.
    for puzzle in &puzzles {
        let _ = solver.solve(&puzzle.board, &search.options(metric, &budget)?);
    }
    // runs[variant][puzzle]
    let mut runs = vec![Vec::with_capacity(puzzles.len()); variants.len()];
    for (v, variant) in variants.iter().enumerate() {
        eprintln!("running {} on {} puzzles", variant.label(), puzzles.len());
        for puzzle in &puzzles {
            let options = SearchArgs {
                algorithm: variant.algorithm,
                heuristic: variant.heuristic,
                ..search.clone()
            }
            .options(metric, &budget)?;
            let report = solver
                .solve(&puzzle.board, &options)
                .map_err(|e| format!("{}: {e}", puzzle.name))?;
            runs[v].push(outcome(&report));
        }
    }
    let categories = categories(&puzzles);
    let bfs = variants.iter().position(|v| v.algorithm == Algorithm::Bfs);
    let mut markdown = String::new();
    let cut_note = format!(
        "Runs are cut after {} expanded positions{}; means are over the puzzles a run solved, \
         and each ratio divides them by BFS's means over the same puzzles.",
        args.max_nodes,
        args.timeout.map_or(String::new(), |t| format!(" or {t} s"))
    );
    std::fs::create_dir_all(&args.out)
        .map_err(|e| format!("cannot create {}: {e}", args.out.display()))?;
    for (category, members) in &categories {
        let table = category_table(&variants, &runs, members, bfs);
        println!(
            "\n## {category} ({} puzzles, metric {metric})\n\n{table}",
            members.len()
        );
        let _ = write!(
            markdown,
            "\n### {category} ({} puzzles)\n\n{table}",
            members.len()
        );
        write_charts(&args.out, category, &variants, &runs, members)?;
    }
    println!("\n{cut_note}");
    let study = study_section(&args, &files, &puzzles, &variants, &runs)?;
    let text = format!(
        "# Unblocker's search algorithms on the FEUP levels and the ThinkFun cards\n\n\
         Produced by `unblocker compare` (metric {metric}; release build, one thread). {cut_note}\n\
         Charts: `<measure>-<category>.svg` in this directory (logarithmic scales).\n\
         {markdown}\n{study}\n{}",
        recommendation(&variants, &runs, &categories, bfs)
    );
    let path = args.out.join("compare.md");
    std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    println!("wrote {} and the charts", path.display());
    Ok(0)
}

/// Every requested algorithm, the informed ones once per heuristic that
/// suits the metric.
fn variants(args: &Args, metric: Metric) -> Vec<Variant> {
    let algorithms = if args.algorithms.is_empty() {
        Algorithm::ALL.to_vec()
    } else {
        args.algorithms.clone()
    };
    let heuristics = if !args.heuristics.is_empty() {
        args.heuristics.clone()
    } else if metric == Metric::Step {
        vec![
            Heuristic::Blockers,
            Heuristic::Blockers2,
            Heuristic::Distance,
        ]
    } else {
        vec![Heuristic::Blockers, Heuristic::Feup2, Heuristic::Blockers2]
    };
    let suits = |h: &Heuristic| h.check(unblocker_model::Game::RushHour, metric).is_ok();
    algorithms
        .into_iter()
        .flat_map(|algorithm| {
            if algorithm.is_informed() {
                heuristics
                    .iter()
                    .filter(|h| suits(h))
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

fn outcome(report: &Report) -> Run {
    Run {
        solved: report.verdict == Verdict::Solved,
        length: report.length.unwrap_or(0) as f64,
        ms: report.stats.elapsed_ms,
        expanded: report.stats.examined as f64,
    }
}

/// The puzzles of a file: one per line with a board (`#` comments), named
/// by their first field, in the category of the name's prefix before `-`
/// (`hard-3` is `hard`) or else of the file.
/// The default files in the data directory named by `UNBLOCKER_DATA`.
fn default_files() -> Result<Vec<PathBuf>, String> {
    let Some(dir) = std::env::var_os(DATA_VAR).filter(|v| !v.is_empty()) else {
        return Err(format!(
            "no puzzle files: name them, or set {DATA_VAR} to the data directory holding \
             {} and {} (e.g. {DATA_VAR}=../shared)",
            DEFAULT_FILES[0], DEFAULT_FILES[1]
        ));
    };
    let files: Vec<PathBuf> = DEFAULT_FILES
        .iter()
        .map(|f| Path::new(&dir).join(f))
        .collect();
    if let Some(missing) = files.iter().find(|f| !f.is_file()) {
        return Err(format!(
            "{}: no such file ({DATA_VAR}={})",
            missing.display(),
            Path::new(&dir).display()
        ));
    }
    Ok(files)
}

fn read_puzzles(path: &Path) -> Result<Vec<Puzzle>, String> {
    let text = read_file(path)?;
    let stem = path.file_stem().map_or("puzzles".into(), |s| {
        s.to_string_lossy().replace("_verified", "")
    });
    let mut puzzles = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split(['#', '|']).next().unwrap_or("").trim();
        let fields: Vec<&str> = line.split_whitespace().collect();
        let Some(at) = crate::batch::board_field(&fields) else {
            continue;
        };
        let name = if at == 0 {
            format!("line {}", i + 1)
        } else {
            fields[0].to_string()
        };
        let board = format::parse(fields[at], ParseOptions::default())
            .map_err(|e| format!("{} line {}: {e}", path.display(), i + 1))?;
        let category = match name.split_once('-') {
            Some((prefix, _)) if prefix.chars().all(|c| c.is_ascii_alphabetic()) => {
                prefix.to_string()
            }
            _ => stem.clone(),
        };
        puzzles.push(Puzzle {
            name,
            category,
            board,
        });
    }
    Ok(puzzles)
}

/// Puzzle indices per category, in order of first appearance.
fn categories(puzzles: &[Puzzle]) -> Vec<(String, Vec<usize>)> {
    let mut out: Vec<(String, Vec<usize>)> = Vec::new();
    for (i, p) in puzzles.iter().enumerate() {
        match out.iter_mut().find(|(c, _)| *c == p.category) {
            Some((_, members)) => members.push(i),
            None => out.push((p.category.clone(), vec![i])),
        }
    }
    out
}

/// The means of `runs` over `members`.
fn means(runs: &[Run], members: &[usize]) -> Means {
    let n = members.len().max(1) as f64;
    let sum = |f: fn(&Run) -> f64| members.iter().map(|&i| f(&runs[i])).sum::<f64>() / n;
    Means {
        length: sum(|r| r.length),
        ms: sum(|r| r.ms),
        expanded: sum(|r| r.expanded),
    }
}

fn ratio(ours: f64, base: f64) -> String {
    if base > 0.0 {
        format!("{:.2}", ours / base)
    } else {
        "-".into()
    }
}

/// The markdown table of one category.
fn category_table(
    variants: &[Variant],
    runs: &[Vec<Run>],
    members: &[usize],
    bfs: Option<usize>,
) -> String {
    let mut t = String::from(
        "| algorithm | solved | answer length | ×BFS | time (ms) | ×BFS | expanded nodes | ×BFS |\n\
         |---|---|---|---|---|---|---|---|\n",
    );
    for (v, variant) in variants.iter().enumerate() {
        let solved: Vec<usize> = members
            .iter()
            .copied()
            .filter(|&i| runs[v][i].solved)
            .collect();
        let ours = means(&runs[v], &solved);
        let base = bfs.map(|b| means(&runs[b], &solved)).unwrap_or_default();
        let _ = writeln!(
            t,
            "| {} | {}/{} | {:.1} | {} | {:.3} | {} | {:.0} | {} |",
            variant.label(),
            solved.len(),
            members.len(),
            ours.length,
            ratio(ours.length, base.length),
            ours.ms,
            ratio(ours.ms, base.ms),
            ours.expanded,
            ratio(ours.expanded, base.expanded),
        );
    }
    t
}

/// One bar chart per measure for a category: each variant's mean over the
/// puzzles it solved.
fn write_charts(
    out: &Path,
    category: &str,
    variants: &[Variant],
    runs: &[Vec<Run>],
    members: &[usize],
) -> Result<(), String> {
    let per_variant: Vec<(String, Means)> = variants
        .iter()
        .enumerate()
        .map(|(v, variant)| {
            let solved: Vec<usize> = members
                .iter()
                .copied()
                .filter(|&i| runs[v][i].solved)
                .collect();
            (variant.label(), means(&runs[v], &solved))
        })
        .collect();
    let measures: [(&str, &str, Measure); 3] = [
        ("answer-length", "mean answer length (moves)", |m| m.length),
        ("time", "mean execution time (ms)", |m| m.ms),
        ("expanded-nodes", "mean expanded nodes", |m| m.expanded),
    ];
    for (file, title, value) in measures {
        let bars: Vec<(String, f64)> = per_variant
            .iter()
            .map(|(label, m)| (label.clone(), value(m)))
            .collect();
        let path = out.join(format!("{file}-{category}.svg"));
        bar_chart(&path, &format!("{category}: {title}"), &bars)
            .map_err(|e| format!("cannot draw {}: {e}", path.display()))?;
    }
    Ok(())
}

/// Picks one mean out of [`Means`].
type Measure = fn(&Means) -> f64;

/// A bar per label on a logarithmic scale.
fn bar_chart(
    path: &Path,
    title: &str,
    bars: &[(String, f64)],
) -> Result<(), Box<dyn std::error::Error>> {
    let root = SVGBackend::new(path, (960, 540)).into_drawing_area();
    root.fill(&WHITE)?;
    let floor = 0.01;
    let top = bars.iter().map(|b| b.1).fold(1.0, f64::max) * 2.0;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 22))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(80)
        .build_cartesian_2d((0..bars.len()).into_segmented(), (floor..top).log_scale())?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(bars.len())
        .x_label_formatter(&|v| match v {
            SegmentValue::CenterOf(i) => bars.get(*i).map_or(String::new(), |b| b.0.clone()),
            _ => String::new(),
        })
        .x_label_style(("sans-serif", 11))
        .draw()?;
    chart.draw_series(bars.iter().enumerate().map(|(i, (_, value))| {
        let colour = Palette99::pick(i).filled();
        let mut bar = Rectangle::new(
            [
                (SegmentValue::Exact(i), floor),
                (SegmentValue::Exact(i + 1), value.max(floor)),
            ],
            colour,
        );
        bar.set_margin(0, 0, 6, 6);
        bar
    }))?;
    root.present()?;
    Ok(())
}

/// The study's mean answer length, expanded nodes and time (seconds) per
/// category and algorithm, from `feup_measurements/<category>.json`.
type StudyMeans = BTreeMap<(String, String), (f64, f64, f64)>;

fn read_study(dir: &Path, categories: &[String]) -> Result<StudyMeans, String> {
    let mut out = StudyMeans::new();
    for category in categories {
        let path = dir.join(format!("{category}.json"));
        if !path.is_file() {
            continue;
        }
        let json: serde_json::Value = serde_json::from_str(&read_file(&path)?)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let Some(levels) = json.as_object() else {
            return Err(format!("{}: expected an object of levels", path.display()));
        };
        let mut sums: BTreeMap<String, (f64, f64, f64, f64)> = BTreeMap::new();
        for algorithms in levels.values().filter_map(|v| v.as_object()) {
            for (name, m) in algorithms {
                let get = |k: &str| m.get(k).and_then(|v| v.as_f64());
                if let (Some(l), Some(n), Some(t)) = (
                    get("answerLength"),
                    get("expandedNodes"),
                    get("executionTime"),
                ) {
                    let s = sums.entry(name.clone()).or_default();
                    *s = (s.0 + l, s.1 + n, s.2 + t, s.3 + 1.0);
                }
            }
        }
        for (name, (l, n, t, count)) in sums {
            out.insert((category.clone(), name), (l / count, n / count, t / count));
        }
    }
    Ok(out)
}

/// Our means beside the study's, on the study's levels and algorithms.
fn study_section(
    args: &Args,
    files: &[PathBuf],
    puzzles: &[Puzzle],
    variants: &[Variant],
    runs: &[Vec<Run>],
) -> Result<String, String> {
    let dir = match &args.measurements {
        Some(d) => d.clone(),
        None => files[0]
            .parent()
            .unwrap_or(Path::new("."))
            .join("feup_measurements"),
    };
    let categories = categories(puzzles);
    let names: Vec<String> = categories.iter().map(|(c, _)| c.clone()).collect();
    let study = read_study(&dir, &names)?;
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
    for (category, members) in &categories {
        for (v, variant) in variants.iter().enumerate() {
            let Some(name) = variant.study_name() else {
                continue;
            };
            let Some(&(length, expanded, seconds)) =
                study.get(&(category.clone(), name.to_string()))
            else {
                continue;
            };
            let solved: Vec<usize> = members
                .iter()
                .copied()
                .filter(|&i| runs[v][i].solved)
                .collect();
            let ours = means(&runs[v], &solved);
            let _ = writeln!(
                s,
                "| {category} | {} ({name}) | {length:.1} | {:.1} ({}/{}) | {expanded:.0} | {:.0} | {:.1} | {:.3} | {:.0}× |",
                variant.label(),
                ours.length,
                solved.len(),
                members.len(),
                ours.expanded,
                seconds * 1000.0,
                ours.ms,
                seconds * 1000.0 / ours.ms.max(1e-6),
            );
        }
    }
    Ok(s)
}

/// Which algorithm to use, from the measurements.
fn recommendation(
    variants: &[Variant],
    runs: &[Vec<Run>],
    categories: &[(String, Vec<usize>)],
    bfs: Option<usize>,
) -> String {
    let all: Vec<usize> = categories.iter().flat_map(|(_, m)| m.clone()).collect();
    let total = |v: usize, f: fn(&Run) -> f64| all.iter().map(|&i| f(&runs[v][i])).sum::<f64>();
    let complete = |v: usize| all.iter().all(|&i| runs[v][i].solved);
    // The fastest optimal variant that solved everything.
    let fastest = (0..variants.len())
        .filter(|&v| {
            let h = variants[v].heuristic.unwrap_or(Heuristic::Zero);
            variants[v].algorithm.is_optimal(h) && complete(v)
        })
        .min_by(|&a, &b| total(a, |r| r.ms).total_cmp(&total(b, |r| r.ms)));
    let fewest = (0..variants.len())
        .filter(|&v| {
            let h = variants[v].heuristic.unwrap_or(Heuristic::Zero);
            variants[v].algorithm.is_optimal(h) && complete(v)
        })
        .min_by(|&a, &b| total(a, |r| r.expanded).total_cmp(&total(b, |r| r.expanded)));
    let mut s = String::from("## Which algorithm to use\n\n");
    if let Some(f) = fastest {
        let _ = writeln!(
            s,
            "- For the shortest answer, use **{}**: of the optimal algorithms that solved every \
             puzzle it took the least time in all ({:.1} ms for {} puzzles).",
            variants[f].label(),
            total(f, |r| r.ms),
            all.len()
        );
    }
    if let (Some(f), Some(b)) = (fewest, bfs) {
        let time = total(f, |r| r.ms) / total(b, |r| r.ms).max(1e-9);
        let verdict = if time < 1.0 {
            "so the heuristic pays for itself"
        } else {
            "so with a move generator this fast the heuristic costs more than the expansions \
             it saves"
        };
        let _ = writeln!(
            s,
            "- Of the optimal algorithms, **{}** expands the fewest positions ({:.0} against \
             BFS's {:.0}, ×{}) in ×{time:.2} BFS's time, {verdict}.",
            variants[f].label(),
            total(f, |r| r.expanded),
            total(b, |r| r.expanded),
            ratio(total(f, |r| r.expanded), total(b, |r| r.expanded)),
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
