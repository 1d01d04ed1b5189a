//! `unblocker db`: generate, query, summarise, import, export and merge the
//! puzzle database (a SQLite file).

use indicatif::{ProgressBar, ProgressStyle};
use std::io::{BufWriter, IsTerminal};
use std::path::{Path, PathBuf};
use unblocker_db::stats::DatabaseStats;
use unblocker_db::{
    merge_into, Completion, Database, DbError, Filter, MergedShard, ShardFileError,
};
use unblocker_gen::klotski::generate_klotski;
use unblocker_gen::progress::{Eta, ProgressLines};
use unblocker_gen::scheduler::{DetectedShard, SchedulerError, ShardSpec};
use unblocker_gen::{generate, GenError, GenerateOptions};
use unblocker_model::Difficulty;
use unblocker_report::charts::stats_chart;

#[derive(clap::Args)]
#[command(
    about = "The database of every interesting puzzle: generate, query, stats, import, export, merge",
    after_help = "Examples:\n  unblocker db generate --size 6 --max-walls 0 --threads 2\n  \
        unblocker db generate --shard 1/4 --db part1.sqlite\n  \
        unblocker db generate --shard auto --db part.sqlite   (in a Slurm array task)\n  \
        unblocker db generate --game klotski --db klotski.sqlite\n  \
        unblocker db merge part1.sqlite part2.sqlite part3.sqlite part4.sqlite\n  \
        unblocker db query --min-moves 40 --max-moves 60 --walls 0 --limit 5\n  \
        unblocker db query --moves 20 --random --limit 1 --format json\n  \
        unblocker db stats --svg stats.svg\n  unblocker db import rush.txt\n  unblocker db export > rush.txt\n  \
        unblocker db export --per-moves 200 -o sample.txt\n\n\
        Without a database file, `db query` reads the sample built into unblocker (at most 200 \
        puzzles of each move count of the full 6x6 database) and says so."
)]
pub struct Args {
    /// The database file (default: unblocker/puzzles.sqlite in the user's data directory).
    #[arg(long, global = true)]
    db: Option<PathBuf>,
    #[command(subcommand)]
    command: DbCommand,
}

#[derive(clap::Subcommand)]
enum DbCommand {
    /// Enumerate every position and store each component's interesting puzzle
    /// (resumes an interrupted run).
    Generate(GenerateArgs),
    /// Print puzzles as `MOVES BOARD CLUSTER` lines (hardest first) or JSON
    /// (from the embedded sample when there is no database file).
    Query(QueryArgs),
    /// Puzzles by moves, pieces, walls and component size; the largest component.
    Stats(StatsArgs),
    /// Add `MOVES BOARD CLUSTER` lines (fogleman/rush's rush.txt).
    Import { file: PathBuf },
    /// Write every puzzle as a `MOVES BOARD CLUSTER` line, hardest first.
    Export {
        /// Write to this file instead of standard output.
        #[arg(long, short)]
        output: Option<PathBuf>,
        /// At most this many puzzles of each move count, evenly spaced
        /// through its listing (how the embedded sample is made).
        #[arg(long, value_name = "N")]
        per_moves: Option<u64>,
    },
    /// Add the puzzles and units of finished shard databases (all are
    /// checked first: a bad or unfinished one changes nothing).
    Merge {
        #[arg(required = true)]
        shards: Vec<PathBuf>,
    },
}

#[derive(clap::Args)]
struct GenerateArgs {
    /// `rush` (Rush Hour) or `klotski` (every 4x5 layout, about a minute,
    /// one thread; --size, --max-walls and --shard are for Rush Hour only).
    #[arg(long, default_value = "rush", value_parser = ["rush", "klotski"])]
    game: String,
    /// Board size (3 to 6; default 6).
    #[arg(long)]
    size: Option<usize>,
    /// Walls per puzzle, at most (default 2).
    #[arg(long)]
    max_walls: Option<usize>,
    /// Worker threads (default: one per core; Klotski runs on one).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Run part K of N (e.g. 3/8) of the work; merge the parts with `db merge`.
    /// `auto`: the part of this Slurm array task (`sbatch --array=1-N`) or
    /// Kubernetes Indexed Job pod (with UNBLOCKER_SHARDS=N).
    #[arg(long, value_name = "K/N|auto")]
    shard: Option<ShardSpec>,
    /// No progress bar (nor progress lines, when stderr is not a terminal).
    #[arg(long)]
    quiet: bool,
}

#[derive(clap::Args)]
struct QueryArgs {
    /// Exactly this many moves.
    #[arg(long, conflicts_with_all = ["min_moves", "max_moves"])]
    moves: Option<u32>,
    #[arg(long)]
    min_moves: Option<u32>,
    #[arg(long)]
    max_moves: Option<u32>,
    /// Exactly this many walls.
    #[arg(long)]
    walls: Option<u32>,
    /// Exactly this many cars (the target included).
    #[arg(long)]
    pieces: Option<u32>,
    /// Random order instead of hardest first.
    #[arg(long)]
    random: bool,
    #[arg(long)]
    limit: Option<u64>,
    /// `line` (MOVES BOARD CLUSTER) or `json` (one object per line).
    #[arg(long, default_value = "line", value_parser = ["line", "json"])]
    format: String,
}

#[derive(clap::Args)]
struct StatsArgs {
    #[arg(long)]
    json: bool,
    /// Also draw the chart into this file: SVG, or PNG when it ends in .png.
    #[arg(long)]
    svg: Option<PathBuf>,
}

pub fn run(args: Args) -> Result<u8, String> {
    let given = args.db.is_some();
    let path = match args.db {
        Some(p) => p,
        None => Database::default_path()
            .ok_or("no data directory for the default database; pass --db FILE")?,
    };
    let writes = matches!(
        args.command,
        DbCommand::Generate(_) | DbCommand::Import { .. } | DbCommand::Merge { .. }
    );
    if writes && !given {
        // The default file's folder is ours to make; a --db file's is not.
        if let Some(folder) = path.parent() {
            std::fs::create_dir_all(folder)
                .map_err(|e| format!("cannot create {}: {e}", folder.display()))?;
        }
    }
    match args.command {
        DbCommand::Generate(g) => run_generate(&path, g),
        DbCommand::Query(q) if !given && !path.exists() => {
            eprintln!(
                "no database at {}: reading {} (`unblocker db generate` builds the whole one)",
                path.display(),
                unblocker_db::SAMPLE_NAME
            );
            let db = Database::sample().map_err(advice)?;
            run_query(&db, q)
        }
        DbCommand::Query(q) => run_query(&Database::open_existing(&path).map_err(advice)?, q),
        DbCommand::Stats(s) => run_stats(&path, s),
        DbCommand::Import { file } => {
            let added = Database::import_file(&path, &file).map_err(advice)?;
            eprintln!("imported {added} new puzzles into {}", path.display());
            Ok(0)
        }
        DbCommand::Export { output, per_moves } => {
            let db = Database::open_existing(&path).map_err(advice)?;
            let per_moves = per_moves.unwrap_or(u64::MAX);
            let count = match output {
                Some(file) => db.export_sample_file(&file, per_moves),
                None => db.export_sample(BufWriter::new(std::io::stdout().lock()), per_moves),
            }
            .map_err(advice)?;
            eprintln!("exported {count} puzzles");
            Ok(0)
        }
        DbCommand::Merge { shards } => run_merge(&path, &shards),
    }
}

/// `db merge`: every shard is checked before the target is touched.
fn run_merge(path: &Path, shards: &[PathBuf]) -> Result<u8, String> {
    for merged in merge_into(path, shards).map_err(advice)? {
        eprintln!("{}", merged_line(&merged));
    }
    let db = Database::open_existing(path).map_err(advice)?;
    if let Some(completion) = db.completion().map_err(advice)? {
        eprintln!("{}", completion_line(&completion, path));
    }
    Ok(0)
}

/// `PATH: part K/N, U units, P new puzzles`.
fn merged_line(merged: &MergedShard) -> String {
    let part = merged
        .shard
        .map_or(String::new(), |s| format!("part {s}, "));
    format!(
        "{}: {part}{} units, {} new puzzles",
        merged.path.display(),
        merged.units,
        merged.new_puzzles
    )
}

/// `PATH holds D of T units: complete`, or what is left to do.
fn completion_line(completion: &Completion, path: &Path) -> String {
    let verdict = if completion.is_complete() {
        "complete"
    } else {
        "merge the other parts into it (or generate into it again, with the same \
         settings) to complete it"
    };
    let path = path.display();
    format!(
        "{path} holds {} of {} units: {verdict}",
        completion.done, completion.total
    )
}

fn run_generate(path: &Path, args: GenerateArgs) -> Result<u8, String> {
    if args.game == "klotski" {
        return run_generate_klotski(path, &args);
    }
    let env = |name: &str| std::env::var(name).ok();
    let (shard, found) = ShardSpec::resolve(args.shard, env).map_err(auto_shard_advice)?;
    if let Some(found) = found {
        eprintln!("{}", detected_line(&found));
    }
    let mut db = Database::open(path).map_err(advice)?;
    // Said once the run holds the file (its first progress), so that a
    // second generator on a busy file says only that it is busy.
    let mut resume_note = resume_line(&db, path).map_err(advice)?;
    let options = GenerateOptions {
        size: args.size.unwrap_or(6),
        max_walls: args.max_walls.unwrap_or(2),
        threads: args.threads,
        shard,
        max_units: None,
    };
    let terminal = std::io::stderr().is_terminal();
    let shown = terminal && !args.quiet;
    // The ETA is the run's own (gen::progress::Eta): the bar's would count
    // the units a resumed file already holds as done at once.
    let template = "{elapsed_precise} [{bar:40}] {pos}/{len} units, ETA {msg}";
    let bar = progress_bar(!shown, template);
    let mut lines =
        (!args.quiet && !terminal).then(|| ProgressLines::new(format!("shard {shard}")));
    let eta = Eta::new();
    let summary = generate(&mut db, &options, |p| {
        if let Some(note) = resume_note.take() {
            bar.suspend(|| eprintln!("{note}"));
        }
        bar.set_length(p.units_total);
        bar.set_position(p.units_done);
        if let Some(line) = lines.as_mut().and_then(|lines| lines.update(&p)) {
            eprintln!("{line}");
        }
        if shown {
            bar.set_message(eta.message(&p));
        }
    })
    .map_err(generation_advice)?;
    bar.finish();
    eprintln!("{}", summary.line(shard, path));
    Ok(0)
}

/// `shard K/N from SOURCE`.
fn detected_line(found: &DetectedShard) -> String {
    format!("shard {} from {}", found.shard, found.source)
}

/// `PATH: resuming, N units already committed`, when some are.
fn resume_line(db: &Database, path: &Path) -> Result<Option<String>, DbError> {
    let committed = db.work_done()?.0;
    let path = path.display();
    Ok((committed > 0).then(|| format!("{path}: resuming, {committed} units already committed")))
}

/// `db generate --game klotski`: one run over every 4x5 layout, a progress
/// bar per phase.
fn run_generate_klotski(path: &Path, args: &GenerateArgs) -> Result<u8, String> {
    let rush_only = [
        ("--size", args.size.is_some()),
        ("--max-walls", args.max_walls.is_some()),
        ("--shard", args.shard.is_some()),
    ];
    if let Some((flag, _)) = rush_only.iter().find(|(_, given)| *given) {
        return Err(format!(
            "{flag} is for Rush Hour: the Klotski database is every 4x5 layout, generated in one run"
        ));
    }
    let mut db = Database::open(path).map_err(advice)?;
    let template = "{elapsed_precise} {msg:>10} [{bar:40}] {pos}/{len}";
    let bar = progress_bar(args.quiet, template);
    let summary = generate_klotski(&mut db, |phase, done, total| {
        bar.set_message(phase.name());
        bar.set_length(total);
        bar.set_position(done);
    })
    .map_err(generation_advice)?;
    bar.finish_and_clear();
    eprintln!("{}", summary.report(path));
    Ok(0)
}

/// A progress bar drawn with `template`, or a hidden one.
fn progress_bar(hidden: bool, template: &str) -> ProgressBar {
    let bar = if hidden {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(0)
    };
    let style = ProgressStyle::with_template(template).expect("a valid template");
    bar.set_style(style.progress_chars("=> "));
    bar
}

fn run_query(db: &Database, args: QueryArgs) -> Result<u8, String> {
    let difficulty = Difficulty::new(
        args.moves.or(args.min_moves).unwrap_or(0),
        args.moves.or(args.max_moves).unwrap_or(u32::MAX),
        args.walls,
    )
    .map_err(|e| format!("--min-moves and --max-moves: {e}"))?;
    let filter = Filter {
        difficulty,
        pieces: args.pieces,
        random: args.random,
        limit: args.limit,
    };
    for p in db.query(&filter).map_err(advice)? {
        if args.format == "json" {
            crate::print_json(&p)?;
        } else {
            println!("{p}");
        }
    }
    Ok(0)
}

fn run_stats(path: &Path, args: StatsArgs) -> Result<u8, String> {
    let db = Database::open_existing(path).map_err(advice)?;
    let stats = DatabaseStats::of(&db).map_err(advice)?;
    if args.json {
        crate::print_json(&stats)?;
    } else {
        print!("{}", stats.text());
    }
    if let Some(svg) = args.svg {
        stats_chart(&stats, &svg).map_err(|e| e.to_string())?;
        eprintln!("chart written to {}", svg.display());
    }
    Ok(0)
}

/// A part `--shard auto` could not find (only `auto` is resolved), with
/// the way around a missing scheduler.
fn auto_shard_advice(error: SchedulerError) -> String {
    match error {
        SchedulerError::NoScheduler | SchedulerError::NotAnArray(_) | SchedulerError::Ambiguous => {
            format!("--shard auto: {error}; or give the part as --shard K/N")
        }
        _ => format!("--shard auto: {error}"),
    }
}

/// A generation's error as the command line says it: the file's with
/// [`advice`].
fn generation_advice(error: GenError) -> String {
    match error {
        GenError::Db(error) => advice(error),
        GenError::Holds { .. } | GenError::OtherPuzzles => {
            format!("{error}; use another --db file")
        }
        _ => error.to_string(),
    }
}

/// A database error as the command line says it: with what to do next.
fn advice(error: DbError) -> String {
    match error {
        DbError::Missing(_) => {
            format!("{error} (create it with `unblocker db generate` or `db import`)")
        }
        DbError::Shard {
            error: ShardFileError::Incomplete { shard, .. } | ShardFileError::Undecided { shard },
            ..
        } => format!(
            "{error} (`unblocker db generate --shard {shard}` with the part's own options, \
             --db naming this file)"
        ),
        _ => error.to_string(),
    }
}
