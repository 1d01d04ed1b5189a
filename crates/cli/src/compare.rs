//! `unblocker compare`: every search algorithm (and heuristic) on sets of
//! puzzles, as tables per category relative to breadth-first search, SVG
//! charts, and `compare.md` beside the FEUP study's own measurements (all
//! in `unblocker-report`).

use std::path::PathBuf;
use unblocker_model::Metric;
use unblocker_report::study;
use unblocker_report::{variants, Comparison};
use unblocker_solve::{Algorithm, Heuristic, MemoryBudget, SolveOptions};

#[derive(clap::Args)]
#[command(
    about = "Compare the search algorithms and heuristics on sets of puzzles (tables, SVG charts, compare.md)",
    long_about = "Solve every puzzle of the files with every algorithm (and every heuristic of the \
        informed ones), one run at a time on one thread, and print a table per category: solved \
        puzzles, mean answer length, time and expanded nodes, each also relative to BFS on the same \
        puzzles. Categories are the FEUP levels' name prefixes (easy, medium, hard, long) and, \
        for other rows, the file's name. The --out directory receives the overview (overview.svg and \
        overview.png: positions expanded against answer length, one point per search, per \
        category), one SVG bar chart per measure \
        and category and compare.md, which sets the figures beside the FEUP study's own \
        measurements (feup_measurements/*.json next to the FEUP file) and recommends an algorithm.",
    after_help = "Examples:\n  UNBLOCKER_DATA=../shared unblocker compare\n  \
        UNBLOCKER_DATA=../shared unblocker compare --algorithms bfs,astar \
        --heuristics blockers,obstructed --out /tmp/cmp\n  \
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
    /// blockers, stuck, obstructed; blockers, obstructed, distance for steps).
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

pub fn run(args: Args) -> Result<u8, String> {
    let metric = args.metric.unwrap_or(Metric::Slide);
    let data = std::env::var_os(study::DATA_VAR);
    let files = study::files(args.files, data.as_deref()).map_err(|e| e.to_string())?;
    let puzzles = study::read_puzzles(&files).map_err(|e| e.to_string())?;
    let variants = variants(&args.algorithms, &args.heuristics, metric);
    let memory = MemoryBudget::for_searches(None);
    let (timeout, max_nodes) = (args.timeout, Some(args.max_nodes));
    let options = SolveOptions::new(metric, Algorithm::Bfs, None, timeout, max_nodes, &memory)
        .map_err(|e| format!("--{e}"))?;
    let comparison = Comparison::run(&puzzles, variants, options, |variant| {
        eprintln!("running {} on {} puzzles", variant.label(), puzzles.len())
    })
    .map_err(|e| e.to_string())?;
    print!("{}", comparison.text());
    let measurements = args
        .measurements
        .unwrap_or_else(|| study::measurements_beside(&files[0]));
    let path = comparison
        .write(&args.out, &measurements)
        .map_err(|e| e.to_string())?;
    println!("wrote {} and the charts", path.display());
    Ok(0)
}
