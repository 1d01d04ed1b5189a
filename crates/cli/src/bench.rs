//! `unblocker bench`: the standard speed figures of the solvers on bundled
//! puzzles, measured on the user's own machine (single thread, best and
//! median of several runs, positions per second; the suite and the timing
//! are `unblocker_bench`'s).

use unblocker_bench::{cases, header, measure, names};
use unblocker_solve::Solver;

#[derive(clap::Args)]
#[command(
    about = "Measure the solvers on the standard benchmark puzzles",
    long_about = "Measure the solvers on the standard benchmark puzzles: the hardest Rush Hour \
        puzzle with and without walls, full exploration of the largest Rush Hour component, and \
        the Klotski classics 横刀立马 and 峰回路转, and the database generator on a fixed part \
        of the wall-free 6x6 database (4 units, into memory). Each case runs once to warm up, \
        then --runs times on one thread; the table gives the best and the median time and the \
        positions examined per second (for the generator: the puzzles it stored). Release \
        builds only give meaningful figures.",
    after_help = "Examples:\n  unblocker bench\n  unblocker bench --runs 20 --json\n  \
        unblocker bench --only klotski\n  unblocker bench --only db/ --runs 3"
)]
pub struct Args {
    /// Timed runs per case (after one warm-up run).
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub runs: u32,
    /// Only the cases whose name contains this text.
    #[arg(long, value_name = "TEXT")]
    pub only: Option<String>,
    /// Print the results as JSON.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: Args) -> Result<u8, String> {
    let cases = cases(args.only.as_deref());
    if cases.is_empty() {
        return Err(format!(
            "--only matches no benchmark; they are: {}",
            names()
        ));
    }
    if cfg!(debug_assertions) && !args.json {
        eprintln!("note: this is a debug build; build with --release for meaningful figures");
    }
    let mut solver = Solver::new();
    if !args.json {
        println!("{}", header());
    }
    let mut outcomes = Vec::new();
    for case in cases {
        let outcome = measure(&mut solver, case, args.runs).map_err(|e| e.to_string())?;
        if !args.json {
            println!("{outcome}");
        }
        outcomes.push(outcome);
    }
    if args.json {
        println!(
            "{}",
            serde_json::to_string_pretty(&outcomes).map_err(|e| e.to_string())?
        );
    }
    Ok(0)
}
