//! Batch files of every kind, generated and mutated, through the reader and
//! every entry's solve and check, shown as `unblocker batch --check --json`
//! shows them; and the batch files of the regression corpus.

use unblocker_batch::batch::{solve_entry, BatchOptions, Shown};
use unblocker_fuzz::corpus::{self, Kind};
use unblocker_model::collection;
use unblocker_solve::{Algorithm, MemoryBudget, SolveOptions, Solver};

fn check(bytes: &[u8]) -> Result<(), String> {
    let text = String::from_utf8_lossy(bytes);
    let Ok(entries) = collection::read(&text, Default::default()) else {
        return Ok(());
    };
    let memory = MemoryBudget::new(64 << 20);
    let search = SolveOptions::new(
        Default::default(),
        Algorithm::Bfs,
        None,
        None,
        Some(300),
        &memory,
    )
    .map_err(|e| e.to_string())?;
    let options = BatchOptions {
        metric: None,
        search,
        check: true,
    };
    let mut solver = Solver::new();
    for entry in &entries {
        let outcome = solve_entry(&mut solver, entry, &options);
        let shown = Shown::of(&entry.label, &outcome, true, |f| f.to_string());
        if shown.json["label"] != entry.label.as_str() {
            return Err(format!("{}: the JSON line lost its label", entry.label));
        }
    }
    Ok(())
}

#[test]
fn batch_files_of_every_kind() {
    unblocker_fuzz::fuzz(
        "batch",
        Kind::Batch,
        1000,
        unblocker_fuzz::batch::file(),
        Clone::clone,
        |bytes| check(bytes),
    );
}

#[test]
fn the_batch_corpus() {
    for (name, bytes) in corpus::files(Kind::Batch) {
        check(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}
