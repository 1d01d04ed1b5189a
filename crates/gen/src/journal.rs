//! The generator's journal: what a generation holds (the database's
//! settings: `game`, `size`, …), the units it committed (with their
//! puzzles, through [`Database::commit`]), where the run stands
//! (`next_phase`), and, in the pending files beside the database
//! (`phase_files`, the generator's own SQLite files), the candidates waiting
//! for removal tests between phases and the answers to them. A rerun reads
//! it to resume where the last one stopped; a second generator on the same
//! file is kept out by a lock ([`WriterLock`]).

use crate::error::GenError;
pub(crate) use crate::phase_files::Kind;
use crate::phase_files::PhaseFiles;
use rusqlite::params;
use std::collections::HashSet;
use std::path::PathBuf;
use unblocker_db::{Database, Unit};
use unblocker_model::Record;

/// Held while a generator writes into a database file: an advisory lock on
/// `<file>.lock` (not on the file itself, whose locks are SQLite's), so that
/// a second generator on the same file stops instead of repeating the
/// first one's work. The lock goes with the process; the empty lock file
/// stays.
pub struct WriterLock {
    _file: std::fs::File,
}

/// Takes `db`'s [`WriterLock`] ([`GenError::Busy`] if another process
/// holds it); `None` for a database in memory.
pub fn lock_writer(db: &Database) -> Result<Option<WriterLock>, GenError> {
    let Some(path) = db.path() else {
        return Ok(None);
    };
    let lock = PathBuf::from(format!("{}.lock", path.display()));
    let cannot = |source| GenError::Write {
        path: lock.clone(),
        source,
    };
    let file = std::fs::File::options()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&lock)
        .map_err(cannot)?;
    match file.try_lock() {
        Ok(()) => Ok(Some(WriterLock { _file: file })),
        Err(std::fs::TryLockError::WouldBlock) => Err(GenError::Busy(path.to_path_buf())),
        Err(std::fs::TryLockError::Error(source)) => Err(cannot(source)),
    }
}

/// True when the file holds units committed by the first schema's
/// generator (phase -1), which this one cannot carry on.
pub(crate) fn older_progress(db: &Database) -> Result<bool, GenError> {
    Ok(db.units()?.iter().any(|&(_, phase)| phase < 0))
}

/// Records what the file holds (e.g. `game=rush size=6 max_walls=2`),
/// or checks that it matches what it already holds.
pub(crate) fn claim(db: &Database, settings: &[(&str, String)]) -> Result<(), GenError> {
    for (key, value) in settings {
        match db.setting(key)? {
            Some(stored) if stored != *value => {
                return Err(GenError::Holds {
                    key: key.to_string(),
                    stored,
                    wanted: value.clone(),
                })
            }
            Some(_) => {}
            None => db.set_setting(key, Some(value))?,
        }
    }
    Ok(())
}

/// The `meta` key of the order the generator decides units in, and its
/// value: by families (`crate::rush`), phase by phase of their roots.
const ORDER: &str = "order";
const FAMILIES: &str = "families";

/// Records that the generation decides its units by families, or checks
/// that it does: a generation with walls that a generator deciding units
/// one by one began and left unfinished kept its pending state by the
/// units' phases, which families do not follow ([`GenError::UnitOrder`]).
/// (Without walls a family is one unit, and its phase the unit's.)
pub(crate) fn claim_order(db: &Database) -> Result<(), GenError> {
    match db.setting(ORDER)? {
        Some(order) if order == FAMILIES => Ok(()),
        Some(order) => Err(GenError::Holds {
            key: ORDER.to_string(),
            stored: order,
            wanted: FAMILIES.to_string(),
        }),
        None => {
            let walls = db.setting("max_walls")?.is_some_and(|w| w != "0");
            let unfinished = matches!(next_phase(db)?, Some(Some(_)));
            if walls && unfinished && !db.units()?.is_empty() {
                return Err(GenError::UnitOrder);
            }
            db.set_setting(ORDER, Some(FAMILIES))?;
            Ok(())
        }
    }
}

/// The units already committed.
pub(crate) fn done_units(db: &Database) -> Result<HashSet<u64>, GenError> {
    Ok(db.units()?.into_iter().map(|(id, _)| id).collect())
}

/// Stores the puzzles some units decided and marks them done, atomically.
/// Their pending state ([`commit_pending`]) goes first.
pub(crate) fn commit_units(
    db: &mut Database,
    units: &[Unit],
    puzzles: &[Record],
) -> Result<(), GenError> {
    Ok(db.commit(puzzles, &[], units)?)
}

/// Stores a unit's pending state of `kind` in its phase's file: its
/// candidates waiting for removal tests with the tests ([`Kind::Waiting`]),
/// or the candidates its answers reject ([`Kind::Answered`]; the unit may
/// be another shard's, searched only for the removal tests landing in it).
pub(crate) fn commit_pending(
    db: &Database,
    files: &mut PhaseFiles,
    kind: Kind,
    unit: u64,
    phase: usize,
    blob: &[u8],
) -> Result<(), GenError> {
    let (table, column) = kind.table_and_column();
    files.file(db, kind, phase)?.execute(
        &format!("INSERT OR REPLACE INTO {table} (unit, {column}) VALUES (?1, ?2)"),
        params![unit, blob],
    )?;
    Ok(())
}

/// Calls `each` with every unit of `phase` whose candidates wait for
/// removal tests and its saved state, one row at a time (the full run's
/// phases keep gigabytes of them).
pub(crate) fn each_waiting(
    db: &Database,
    files: &mut PhaseFiles,
    phase: usize,
    mut each: impl FnMut(u32, &[u8]) -> Result<(), GenError>,
) -> Result<(), GenError> {
    let file = files.file(db, Kind::Waiting, phase)?;
    let mut stmt = file.prepare("SELECT unit, data FROM waiting ORDER BY unit")?;
    let mut rows = stmt.query([])?;
    while let Some(row) = rows.next()? {
        let data: Vec<u8> = row.get(1)?;
        each(row.get(0)?, &data)?;
    }
    Ok(())
}

/// The units that answered their removal tests in `phase`.
pub(crate) fn answered_units(
    db: &Database,
    files: &mut PhaseFiles,
    phase: usize,
) -> Result<HashSet<u32>, GenError> {
    let file = files.file(db, Kind::Answered, phase)?;
    let mut stmt = file.prepare("SELECT unit FROM answered")?;
    let rows = stmt.query_map([], |r| r.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The rejections recorded in `phase`.
pub(crate) fn rejections(
    db: &Database,
    files: &mut PhaseFiles,
    phase: usize,
) -> Result<Vec<Vec<u8>>, GenError> {
    let file = files.file(db, Kind::Answered, phase)?;
    let mut stmt = file.prepare("SELECT rejected FROM answered")?;
    let rows = stmt.query_map([], |r| r.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The setting that says where a generation stands.
const NEXT_PHASE: &str = "next_phase";

/// Ends a phase: stores the decided puzzles and records the next phase
/// (`None` when the generation is complete) atomically, then removes the
/// pending files they were decided from (a stop before that leaves them to
/// [`PhaseFiles::open`] to remove).
pub(crate) fn finish_phase(
    db: &mut Database,
    files: &mut PhaseFiles,
    phase: usize,
    puzzles: &[Record],
    next: Option<usize>,
) -> Result<(), GenError> {
    let value = next.map_or("done".to_string(), |p| p.to_string());
    db.commit(puzzles, &[(NEXT_PHASE, &value)], &[])?;
    files.drop_file(db, Kind::Waiting, phase + 1)?;
    files.drop_file(db, Kind::Answered, phase)?;
    if next.is_none() {
        files.remove_all(db)?;
    }
    Ok(())
}

/// Where the generation stands: `None` before it starts, `Some(None)`
/// when it is complete, `Some(Some(p))` when phase `p` is next.
pub(crate) fn next_phase(db: &Database) -> Result<Option<Option<usize>>, GenError> {
    match db.setting(NEXT_PHASE)?.as_deref() {
        None => Ok(None),
        Some("done") => Ok(Some(None)),
        Some(v) => v
            .parse()
            .map(|p| Some(Some(p)))
            .map_err(|_| GenError::Damaged),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_damaged_saved_state_is_refused() {
        let db = Database::in_memory().unwrap();
        let set = |value: &str| db.set_setting(NEXT_PHASE, Some(value)).unwrap();
        assert_eq!(next_phase(&db).unwrap(), None);
        set("done");
        assert_eq!(next_phase(&db).unwrap(), Some(None));
        set("7");
        assert_eq!(next_phase(&db).unwrap(), Some(Some(7)));
        set("seven");
        assert!(matches!(next_phase(&db), Err(GenError::Damaged)));
    }
}
