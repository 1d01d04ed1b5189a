//! The generator's journal in the database file: what a generation holds
//! (`meta`), the units it committed, where the run stands, and (in the
//! pending files beside it, `phase_files`) the candidates waiting for
//! removal tests between phases and the answers to them. A rerun reads it
//! to resume where the last one stopped. The tables are the file's
//! (`unblocker_db` creates them with the others); only the generator
//! writes them.

pub(crate) use crate::phase_files::Kind;
use crate::phase_files::PhaseFiles;
use rusqlite::{params, OptionalExtension};
use std::collections::HashSet;
use unblocker_db::{insert_puzzles, Database, DbError, Record};

/// True when the file holds units committed by the first schema's
/// generator, which this one cannot carry on.
pub(crate) fn older_progress(db: &Database) -> Result<bool, DbError> {
    Ok(db.connection().query_row(
        "SELECT EXISTS (SELECT 1 FROM units WHERE phase < 0)",
        [],
        |r| r.get(0),
    )?)
}

/// Records what the file holds (e.g. `game=rush size=6 max_walls=2`),
/// or checks that it matches what it already holds.
pub(crate) fn claim(db: &Database, settings: &[(&str, String)]) -> Result<(), DbError> {
    let conn = db.connection();
    for (key, value) in settings {
        let stored: Option<String> = conn
            .query_row("SELECT value FROM meta WHERE key = ?1", [key], |r| r.get(0))
            .optional()?;
        match stored {
            Some(s) if s != *value => {
                return Err(DbError::Holds {
                    key: key.to_string(),
                    stored: s,
                    wanted: value.clone(),
                })
            }
            Some(_) => {}
            None => {
                conn.execute(
                    "INSERT INTO meta (key, value) VALUES (?1, ?2)",
                    params![key, value],
                )?;
            }
        }
    }
    Ok(())
}

/// The units already committed.
pub(crate) fn done_units(db: &Database) -> Result<HashSet<u64>, DbError> {
    let mut stmt = db.connection().prepare("SELECT id FROM units")?;
    let ids = stmt.query_map([], |r| r.get(0))?;
    Ok(ids.collect::<Result<_, _>>()?)
}

/// Stores the puzzles a unit decided and marks it done, atomically. Its
/// pending state ([`commit_pending`]) goes first.
pub(crate) fn commit_unit(
    db: &mut Database,
    unit: u64,
    phase: usize,
    positions: u64,
    components: u64,
    puzzles: &[Record],
    seconds: f64,
) -> Result<(), DbError> {
    let tx = db.transaction()?;
    insert_puzzles(&tx, puzzles)?;
    tx.execute(
        "INSERT OR REPLACE INTO units (id, phase, positions, components, puzzles, seconds)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![unit, phase, positions, components, puzzles.len(), seconds],
    )?;
    tx.commit()?;
    Ok(())
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
) -> Result<(), DbError> {
    let s = files.attach(db, kind, phase)?;
    let (table, column) = kind.table_and_column();
    db.connection().execute(
        &format!("INSERT OR REPLACE INTO {s}.{table} (unit, {column}) VALUES (?1, ?2)"),
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
    mut each: impl FnMut(u32, &[u8]) -> Result<(), DbError>,
) -> Result<(), DbError> {
    let s = files.attach(db, Kind::Waiting, phase)?;
    let mut stmt = db
        .connection()
        .prepare(&format!("SELECT unit, data FROM {s}.waiting ORDER BY unit"))?;
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
) -> Result<HashSet<u32>, DbError> {
    let s = files.attach(db, Kind::Answered, phase)?;
    let mut stmt = db
        .connection()
        .prepare(&format!("SELECT unit FROM {s}.answered"))?;
    let rows = stmt.query_map([], |r| r.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The rejections recorded in `phase`.
pub(crate) fn rejections(
    db: &Database,
    files: &mut PhaseFiles,
    phase: usize,
) -> Result<Vec<Vec<u8>>, DbError> {
    let s = files.attach(db, Kind::Answered, phase)?;
    let mut stmt = db
        .connection()
        .prepare(&format!("SELECT rejected FROM {s}.answered"))?;
    let rows = stmt.query_map([], |r| r.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

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
) -> Result<(), DbError> {
    let tx = db.transaction()?;
    insert_puzzles(&tx, puzzles)?;
    let value = next.map_or("done".to_string(), |p| p.to_string());
    tx.execute(
        "INSERT OR REPLACE INTO meta (key, value) VALUES ('next_phase', ?1)",
        [value],
    )?;
    tx.commit()?;
    files.drop_file(db, Kind::Waiting, phase + 1)?;
    files.drop_file(db, Kind::Answered, phase)?;
    if next.is_none() {
        files.remove_all(db)?;
    }
    Ok(())
}

/// Where the generation stands: `None` before it starts, `Some(None)`
/// when it is complete, `Some(Some(p))` when phase `p` is next.
pub(crate) fn next_phase(db: &Database) -> Result<Option<Option<usize>>, DbError> {
    let value: Option<String> = db
        .connection()
        .query_row("SELECT value FROM meta WHERE key = 'next_phase'", [], |r| {
            r.get(0)
        })
        .optional()?;
    match value.as_deref() {
        None => Ok(None),
        Some("done") => Ok(Some(None)),
        Some(v) => v
            .parse()
            .map(|p| Some(Some(p)))
            .map_err(|_| DbError::Damaged),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_damaged_saved_state_is_refused() {
        let db = Database::in_memory().unwrap();
        let set = |value: &str| {
            db.connection()
                .execute(
                    "INSERT OR REPLACE INTO meta (key, value) VALUES ('next_phase', ?1)",
                    [value],
                )
                .unwrap();
        };
        assert_eq!(next_phase(&db).unwrap(), None);
        set("done");
        assert_eq!(next_phase(&db).unwrap(), Some(None));
        set("7");
        assert_eq!(next_phase(&db).unwrap(), Some(Some(7)));
        set("seven");
        assert!(matches!(next_phase(&db), Err(DbError::Damaged)));
    }
}
