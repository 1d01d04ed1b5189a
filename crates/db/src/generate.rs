//! Running the generator into a database: the shard's units in parallel,
//! each committed in its own transaction as it finishes, units already in the
//! file skipped (so an interrupted run resumes without losing or repeating
//! anything).

use crate::merge::SHARD_KEY;
use crate::rush::{Generator, Scratch, UnitOutput};
use crate::store::{Database, DbError};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Instant;

/// What to generate.
#[derive(Clone, Copy, Debug)]
pub struct GenerateOptions {
    pub size: usize,
    pub max_walls: usize,
    /// Worker threads (0: one per core).
    pub threads: usize,
    /// `(k, n)`: run only units `u` with `u % n == k - 1` (1-based `k`).
    pub shard: (u64, u64),
    /// Stop after this many units (tests use it to simulate an interruption).
    pub max_units: Option<usize>,
}

/// Progress after each committed unit.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    pub units_done: u64,
    pub units_total: u64,
    pub positions: u64,
    pub puzzles: u64,
}

/// Totals of one run.
#[derive(Clone, Copy, Debug, Default)]
pub struct Summary {
    pub units_run: u64,
    pub units_skipped: u64,
    pub positions: u64,
    pub puzzles: u64,
    pub seconds: f64,
}

/// Generates the shard's missing units into `db`.
pub fn generate(
    db: &mut Database,
    options: &GenerateOptions,
    mut progress: impl FnMut(Progress),
) -> Result<Summary, DbError> {
    let (k, n) = options.shard;
    if n == 0 || k == 0 || k > n {
        return Err(DbError::Mismatch(format!(
            "shard {k}/{n}: expected K/N with 1 <= K <= N"
        )));
    }
    let generator = Generator::new(options.size, options.max_walls)
        .map_err(|e| DbError::Mismatch(e.to_string()))?;
    db.claim(&[
        ("game", "rush".to_string()),
        ("size", options.size.to_string()),
        ("max_walls", options.max_walls.to_string()),
        ("units", generator.units().to_string()),
        (SHARD_KEY, format!("{k}/{n}")),
    ])?;
    let done = db.done_units()?;
    let shard: Vec<u64> = (0..generator.units() as u64)
        .filter(|u| u % n == k - 1)
        .collect();
    let mut pending: Vec<u64> = shard
        .iter()
        .copied()
        .filter(|u| !done.contains(u))
        .collect();
    if let Some(max) = options.max_units {
        pending.truncate(max);
    }
    let mut summary = Summary {
        units_skipped: (shard.len() - pending.len()) as u64,
        ..Summary::default()
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads)
        .build()
        .map_err(|e| DbError::Mismatch(format!("cannot start threads: {e}")))?;
    let start = Instant::now();
    let failed = AtomicBool::new(false);
    let (sender, receiver) = mpsc::channel::<(u64, UnitOutput, f64)>();
    let mut result = Ok(());
    std::thread::scope(|scope| {
        let (generator, pending, failed) = (&generator, &pending, &failed);
        scope.spawn(move || {
            pool.install(|| {
                pending
                    .par_iter()
                    .for_each_init(Scratch::default, |scratch, &unit| {
                        if failed.load(Ordering::Relaxed) {
                            return;
                        }
                        let t = Instant::now();
                        let output = generator.run_unit(unit as usize, scratch);
                        // The receiver only hangs up after a failure.
                        let _ = sender.send((unit, output, t.elapsed().as_secs_f64()));
                    })
            });
        });
        for (unit, output, seconds) in receiver {
            if let Err(e) = db.commit_unit(unit, &output, seconds) {
                failed.store(true, Ordering::Relaxed);
                result = Err(e);
                break;
            }
            summary.units_run += 1;
            summary.positions += output.positions;
            summary.puzzles += output.puzzles.len() as u64;
            progress(Progress {
                units_done: summary.units_skipped + summary.units_run,
                units_total: shard.len() as u64,
                positions: summary.positions,
                puzzles: summary.puzzles,
            });
        }
    });
    result?;
    summary.seconds = start.elapsed().as_secs_f64();
    Ok(summary)
}
