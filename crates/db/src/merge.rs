//! Merging shard files into a database: every shard is checked first (a
//! whole SQLite file, an unblocker database, the same generation as the
//! other shards and the target, every unit of its part committed), then all
//! of them are added in one transaction, so a bad shard leaves the target as
//! it was.

use crate::shard::Shard;
use crate::store::{Database, DbError};
use rusqlite::types::Value;
use rusqlite::{params, params_from_iter, Connection, OpenFlags, OptionalExtension, Transaction};
use std::path::{Path, PathBuf};

/// Why a shard file cannot be merged.
#[derive(Debug, thiserror::Error)]
pub enum ShardFileError {
    #[error("no such file")]
    Missing,
    #[error("not a whole SQLite database ({0}): truncated, damaged or still being copied")]
    Damaged(String),
    #[error("not an unblocker database (it has no {0} table)")]
    Foreign(&'static str),
    #[error(
        "part {shard} holds {done} of its {expected} units: it is still being written, or its \
         run was stopped; finish it (generating part {shard} into this file again, with the \
         same settings, resumes it), then merge"
    )]
    Incomplete {
        shard: Shard,
        done: u64,
        expected: u64,
    },
    #[error(
        "part {shard} holds all its units but was stopped before its last phase was decided; \
         generate part {shard} into this file again, with the same settings, then merge"
    )]
    Undecided { shard: Shard },
    #[error("its meta table is damaged ({0})")]
    Meta(String),
    #[error("holds {key} = {theirs}, but {other} holds {key} = {ours}: parts of different generations cannot be merged")]
    Settings {
        key: String,
        theirs: String,
        ours: String,
        other: String,
    },
}

/// What one merged shard added.
#[derive(Clone, Debug)]
pub struct MergedShard {
    pub path: PathBuf,
    /// The part it holds (`None` for files generated before parts were
    /// recorded, and for imported or Klotski files).
    pub shard: Option<Shard>,
    pub units: u64,
    pub new_puzzles: u64,
}

/// How much of its generation a file holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completion {
    /// Units committed.
    pub done: u64,
    /// Units of the whole generation, as recorded.
    pub total: String,
}

impl Completion {
    /// Every unit of the generation is in the file.
    pub fn is_complete(&self) -> bool {
        self.total.parse() == Ok(self.done)
    }
}

/// A shard file that passed its checks, open for reading.
struct Checked {
    path: PathBuf,
    conn: Connection,
    /// The generation's settings (`meta` without the per-file `shard`).
    settings: Vec<(String, String)>,
    shard: Option<Shard>,
    units: u64,
}

/// The `meta` key of the part a file was generated as: a file's own, not
/// the generation's, so it is neither compared nor merged.
pub const SHARD_KEY: &str = "shard";

/// The `meta` key of the number of units in a file's part, where the
/// generator records it (a part that is a set of families of units, not
/// the units of one remainder): a file's own, as [`SHARD_KEY`].
pub const PART_UNITS_KEY: &str = "part_units";

/// The `meta` key of the order a generation decides its units in: parts
/// merge only with parts of the same order (one that lacks it decided
/// its units one by one).
const ORDER_KEY: &str = "order";

/// Whether a `meta` key is a file's own (not the generation's).
fn own_key(key: &str) -> bool {
    key == SHARD_KEY || key == PART_UNITS_KEY
}

fn shard_error(path: &Path, error: ShardFileError) -> DbError {
    DbError::Shard {
        path: path.to_path_buf(),
        error,
    }
}

impl Checked {
    /// Opens `path` without creating or changing it and checks it;
    /// `thorough` adds SQLite's structural check of every page.
    fn open(path: &Path, thorough: bool) -> Result<Checked, DbError> {
        let fail = |error| shard_error(path, error);
        let damaged = |e: rusqlite::Error| fail(ShardFileError::Damaged(e.to_string()));
        if !path.is_file() {
            return Err(fail(ShardFileError::Missing));
        }
        // Read-write (never written: `query_only`) so that closing the last
        // connection removes the WAL files a read-only one would leave.
        let conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(damaged)?;
        conn.execute_batch("PRAGMA query_only = 1; BEGIN")
            .map_err(damaged)?;
        if thorough {
            let verdict: String = conn
                .query_row("PRAGMA quick_check", [], |r| r.get(0))
                .map_err(damaged)?;
            if verdict != "ok" {
                return Err(fail(ShardFileError::Damaged(verdict)));
            }
        }
        for table in ["meta", "puzzles", "units"] {
            let found: Option<String> = conn
                .query_row(
                    "SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?1",
                    [table],
                    |r| r.get(0),
                )
                .optional()
                .map_err(damaged)?;
            if found.is_none() {
                return Err(fail(ShardFileError::Foreign(table)));
            }
        }
        let mut settings: Vec<(String, String)> = {
            let mut stmt = conn
                .prepare("SELECT key, value FROM meta ORDER BY key")
                .map_err(damaged)?;
            let rows = stmt
                .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
                .map_err(damaged)?;
            rows.collect::<Result<_, _>>().map_err(damaged)?
        };
        let value = |key: &str| settings.iter().find(|(k, _)| k == key).map(|(_, v)| v);
        let shard = value(SHARD_KEY)
            .map(|v| v.parse::<Shard>())
            .transpose()
            .map_err(|e| fail(ShardFileError::Meta(e.to_string())))?;
        let total = value("units")
            .map(|v| v.parse::<u64>())
            .transpose()
            .map_err(|e| fail(ShardFileError::Meta(format!("units: {e}"))))?;
        let part_units = value(PART_UNITS_KEY)
            .map(|v| v.parse::<u64>())
            .transpose()
            .map_err(|e| fail(ShardFileError::Meta(format!("{PART_UNITS_KEY}: {e}"))))?;
        let (units, in_part): (u64, u64) = match shard {
            Some(_) if part_units.is_some() => {
                conn.query_row("SELECT count(*), count(*) FROM units", [], |r| {
                    Ok((r.get(0)?, r.get(1)?))
                })
            }
            Some(s) => conn.query_row(
                "SELECT count(*), count(*) FILTER (WHERE id % ?1 = ?2 AND id < ?3) FROM units",
                params![s.count, s.index - 1, total.map_or(i64::MAX, |t| t as i64)],
                |r| Ok((r.get(0)?, r.get(1)?)),
            ),
            None => conn.query_row("SELECT count(*), 0 FROM units", [], |r| {
                Ok((r.get(0)?, r.get(1)?))
            }),
        }
        .map_err(damaged)?;
        if let (Some(shard), Some(total)) = (shard, total) {
            let expected = part_units.unwrap_or_else(|| shard.units_of(total));
            if in_part < expected {
                return Err(fail(ShardFileError::Incomplete {
                    shard,
                    done: in_part,
                    expected,
                }));
            }
        }
        // A Rush Hour generation decides its last candidates when its last
        // phase ends (`next_phase` = `done`).
        if let (Some(shard), Some("rush")) = (shard, value("game").map(String::as_str)) {
            if value("next_phase").map(String::as_str) != Some("done") {
                return Err(fail(ShardFileError::Undecided { shard }));
            }
        }
        settings.retain(|(k, _)| !own_key(k));
        Ok(Checked {
            path: path.to_path_buf(),
            conn,
            settings,
            shard,
            units,
        })
    }
}

/// Checks every shard (thoroughly) and that they are of one generation;
/// returns their settings.
fn check_all(shards: &[PathBuf]) -> Result<Vec<(String, String)>, DbError> {
    let mut first: Option<Checked> = None;
    for path in shards {
        let checked = Checked::open(path, true)?;
        match &first {
            Some(f) => agree(
                &checked.settings,
                &f.settings,
                &f.path.display().to_string(),
            )
            .map_err(|e| shard_error(path, e))?,
            None => first = Some(checked),
        }
    }
    Ok(first.map(|f| f.settings).unwrap_or_default())
}

/// Settings present in both must be equal, and the order the units were
/// decided in the same (present in both or in neither, where the other
/// holds a generation).
fn agree(
    theirs: &[(String, String)],
    ours: &[(String, String)],
    other: &str,
) -> Result<(), ShardFileError> {
    let order = |settings: &[(String, String)]| {
        settings
            .iter()
            .find(|(k, _)| k == ORDER_KEY)
            .map_or("units one by one".to_string(), |(_, v)| v.clone())
    };
    let generation = |settings: &[(String, String)]| settings.iter().any(|(k, _)| k == "units");
    if generation(theirs) && generation(ours) && order(theirs) != order(ours) {
        return Err(ShardFileError::Settings {
            key: ORDER_KEY.to_string(),
            theirs: order(theirs),
            ours: order(ours),
            other: other.to_string(),
        });
    }
    for (key, value) in theirs {
        if let Some((_, mine)) = ours.iter().find(|(k, _)| k == key) {
            if mine != value {
                return Err(ShardFileError::Settings {
                    key: key.clone(),
                    theirs: value.clone(),
                    ours: mine.clone(),
                    other: other.to_string(),
                });
            }
        }
    }
    Ok(())
}

/// Merges `shards` into the database at `target`, which is opened (or
/// created) only after every shard passed its checks; nothing is written
/// unless all of them can be merged.
pub fn merge_into(target: &Path, shards: &[PathBuf]) -> Result<Vec<MergedShard>, DbError> {
    check_all(shards)?;
    Database::open(target)?.merge_checked(shards, "the target database")
}

impl Database {
    /// Adds another database's puzzles and committed units (a shard of the
    /// same generation); returns the number of new puzzles. The shard is
    /// checked as by [`merge_into`].
    pub fn merge(&mut self, other: &Path) -> Result<u64, DbError> {
        let shards = [other.to_path_buf()];
        check_all(&shards)?;
        let merged = self.merge_checked(&shards, "this database")?;
        Ok(merged.iter().map(|m| m.new_puzzles).sum())
    }

    /// The units committed and the generation's total (`None` for a file
    /// that records no total, such as an imported one).
    pub fn completion(&self) -> Result<Option<Completion>, DbError> {
        let done = self.work_done()?.0;
        Ok(self
            .meta()?
            .into_iter()
            .find(|(k, _)| k == "units")
            .map(|(_, total)| Completion { done, total }))
    }

    /// One transaction: the shards' settings against the database's, then
    /// every shard's rows.
    fn merge_checked(
        &mut self,
        shards: &[PathBuf],
        name: &str,
    ) -> Result<Vec<MergedShard>, DbError> {
        let tx = self.conn.transaction()?;
        let mut merged = Vec::new();
        for path in shards {
            let shard = Checked::open(path, false)?;
            let ours = meta(&tx)?;
            agree(&shard.settings, &ours, name).map_err(|e| shard_error(path, e))?;
            for (key, value) in &shard.settings {
                tx.execute(
                    "INSERT OR IGNORE INTO meta (key, value) VALUES (?1, ?2)",
                    params![key, value],
                )?;
            }
            merged.push(MergedShard {
                path: path.clone(),
                shard: shard.shard,
                units: shard.units,
                new_puzzles: copy_rows(path, &shard.conn, &tx)?,
            });
        }
        // The database now holds more than one part.
        for key in [SHARD_KEY, PART_UNITS_KEY] {
            tx.execute("DELETE FROM meta WHERE key = ?1", [key])?;
        }
        tx.commit()?;
        Ok(merged)
    }
}

fn meta(tx: &Transaction) -> Result<Vec<(String, String)>, DbError> {
    let mut stmt = tx.prepare("SELECT key, value FROM meta")?;
    let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
    let rows: Vec<(String, String)> = rows.collect::<Result<_, _>>()?;
    Ok(rows.into_iter().filter(|(k, _)| !own_key(k)).collect())
}

/// Copies a shard's puzzles (those not already present) and units; returns
/// the number of new puzzles.
fn copy_rows(path: &Path, from: &Connection, tx: &Transaction) -> Result<u64, DbError> {
    let added = copy_table(
        path,
        from,
        tx,
        "puzzles",
        "moves, board, cluster, walls, pieces, histogram",
    )?;
    copy_table(
        path,
        from,
        tx,
        "units",
        "id, phase, positions, components, puzzles, seconds",
    )?;
    Ok(added)
}

/// Copies the rows of `table` that the target lacks; returns how many.
/// Read errors are the shard's (a damaged file), write errors the target's.
fn copy_table(
    path: &Path,
    from: &Connection,
    tx: &Transaction,
    table: &str,
    columns: &str,
) -> Result<u64, DbError> {
    let damaged = |e: rusqlite::Error| shard_error(path, ShardFileError::Damaged(e.to_string()));
    let width = columns.split(',').count();
    let slots: Vec<String> = (1..=width).map(|i| format!("?{i}")).collect();
    let mut insert = tx.prepare(&format!(
        "INSERT OR IGNORE INTO {table} ({columns}) VALUES ({})",
        slots.join(", ")
    ))?;
    let mut read = from
        .prepare(&format!("SELECT {columns} FROM {table}"))
        .map_err(damaged)?;
    let mut rows = read.query([]).map_err(damaged)?;
    let mut added = 0;
    while let Some(row) = rows.next().map_err(damaged)? {
        let values = (0..width)
            .map(|i| row.get::<_, Value>(i))
            .collect::<Result<Vec<_>, _>>()
            .map_err(damaged)?;
        added += insert.execute(params_from_iter(values))? as u64;
    }
    Ok(added)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn completion_compares_the_units_done_with_the_total() {
        let db = Database::in_memory().unwrap();
        assert_eq!(db.completion().unwrap(), None, "no generation recorded");
        let done = |total: &str| Completion {
            done: 3,
            total: total.to_string(),
        };
        assert!(done("3").is_complete());
        assert!(!done("4").is_complete());
    }
}
