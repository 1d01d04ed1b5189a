//! The speed of a generation into a database: one part of the 6x6 work on
//! two threads, with its units, positions, puzzles, time and positions per
//! second.
//!
//! ```text
//! cargo run --release -p unblocker-gen --example sample_run -- 2 400 0
//! ```
//!
//! The arguments are the part K of N (default 2 of 400) and the most walls
//! (default 0); the database is a temporary file.

use unblocker_db::shard::Shard;
use unblocker_db::Database;
use unblocker_gen::{generate, GenerateOptions};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse())
        .collect::<Result<_, _>>()?;
    let arg = |i: usize, default: u64| args.get(i).copied().unwrap_or(default);
    let dir = tempfile::tempdir()?;
    let mut db = Database::open(&dir.path().join("sample.sqlite"))?;
    let options = GenerateOptions {
        size: 6,
        max_walls: arg(2, 0) as usize,
        threads: 2,
        shard: Shard::new(arg(0, 2), arg(1, 400))?,
        max_units: None,
    };
    let s = generate(&mut db, &options, |_| {})?;
    println!(
        "{} units, {} positions, {} puzzles in {:.1} s: {:.2} M positions/s",
        s.units_run,
        s.positions,
        s.puzzles,
        s.seconds,
        s.positions as f64 / s.seconds / 1e6
    );
    Ok(())
}
