//! The removal tests' state between phases, a SQLite file per phase and
//! kind in `<database>.pending/`: attached to the database's connection
//! while the run needs it and removed whole when its phase ends, so that
//! ending a phase deletes files instead of rows scattered over the database
//! (which read pages all over a file of gigabytes).
//!
//! A phase's `waiting` file holds the candidates its units wait to have
//! tested (with the tests), read when the phase below ends; its `answered`
//! file holds the candidates the tests into its units rejected. A unit
//! writes into them before it is committed to the database, so a committed
//! unit never lacks them, and a unit a stop cut off in between is searched
//! again and replaces what it wrote. The database's `meta` lists the files
//! (`pending_files`), so a stopped run copied without them is refused
//! rather than resumed without their candidates. A database in memory
//! keeps them in memory.

use crate::error::GenError;
use rusqlite::{params, Connection, OptionalExtension};
use std::collections::{BTreeSet, HashSet};
use std::path::{Path, PathBuf};
use unblocker_db::{Database, DbError};

/// A kind of pending state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A phase's candidates waiting for removal tests: `waiting (unit, data)`.
    Waiting,
    /// The candidates the tests into a phase's units rejected:
    /// `answered (unit, rejected)`.
    Answered,
}

impl Kind {
    fn name(self) -> &'static str {
        self.table_and_column().0
    }

    /// The table in the kind's files and its column besides `unit`.
    pub(crate) fn table_and_column(self) -> (&'static str, &'static str) {
        match self {
            Kind::Waiting => ("waiting", "data"),
            Kind::Answered => ("answered", "rejected"),
        }
    }

    fn create(self, schema: &str) -> String {
        let (table, column) = self.table_and_column();
        format!("CREATE TABLE IF NOT EXISTS {schema}.{table} (unit INTEGER PRIMARY KEY, {column} BLOB NOT NULL)")
    }

    /// Whether the state of `phase` is still needed when `next` is the
    /// phase to run: a phase's waiting candidates until the phase below
    /// ends, its answers until it ends itself.
    fn live(self, phase: usize, next: usize) -> bool {
        match self {
            Kind::Waiting => phase <= next + 1,
            Kind::Answered => phase <= next,
        }
    }
}

/// The pending files of one database (see the module documentation).
pub(crate) struct PhaseFiles {
    /// `<database>.pending`, or `None` in memory.
    dir: Option<PathBuf>,
    /// The schemas attached so far.
    attached: HashSet<String>,
    /// The files created and not yet removed (`waiting-7`), as the
    /// database's `meta` records them (`pending_files`), so that a run
    /// resumed without them stops instead of losing their candidates.
    recorded: BTreeSet<String>,
}

/// The `meta` key listing the pending files.
const RECORD_KEY: &str = "pending_files";

impl PhaseFiles {
    /// The pending files of `db`, for a run whose next phase is `next`
    /// (`None`: the generation is complete). Files no longer needed (a stop
    /// between a phase's end and their removal) are removed, and so is the
    /// folder of a complete generation. State an older generator kept in
    /// the database's own tables moves into the files.
    ///
    /// A file the database records and the run still needs must be there
    /// ([`GenError::PendingMissing`] otherwise: a stopped run copied
    /// without its folder).
    pub(crate) fn open(db: &Database, next: Option<usize>) -> Result<PhaseFiles, GenError> {
        let mut files = PhaseFiles::adopt(db)?;
        let Some(next) = next else {
            files.remove_all(db)?;
            return Ok(files);
        };
        files.detach_stale(db, next)?;
        let Some(dir) = files.dir.clone() else {
            return Ok(files);
        };
        for name in files.recorded.clone() {
            match parse(&name, '-') {
                Some((kind, phase)) if kind.live(phase, next) => {
                    let file = file_path(&dir, kind, phase);
                    if !file.exists() {
                        return Err(GenError::PendingMissing(file));
                    }
                }
                _ => {
                    files.recorded.remove(&name);
                }
            }
        }
        files.save_record(db.connection())?;
        std::fs::create_dir_all(&dir).map_err(|e| write_error(&dir, e))?;
        for entry in std::fs::read_dir(&dir).map_err(|e| write_error(&dir, e))? {
            let path = entry.map_err(|e| write_error(&dir, e))?.path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            let stale = parse(name, '-').is_some_and(|(kind, phase)| !kind.live(phase, next));
            if stale {
                remove(&path)?;
            }
        }
        files.move_older_state(db)?;
        Ok(files)
    }

    /// The files of `db`'s connection as an earlier run on it may have
    /// left them attached (in memory, they are its state), and the files
    /// its `meta` records.
    fn adopt(db: &Database) -> Result<PhaseFiles, DbError> {
        let conn = db.connection();
        let dir = conn
            .path()
            .filter(|p| !p.is_empty())
            .map(|p| PathBuf::from(format!("{p}.pending")));
        let attached: HashSet<String> = conn
            .prepare("SELECT name FROM pragma_database_list")?
            .query_map([], |r| r.get::<_, String>(0))?
            .filter(|name| name.as_ref().map_or(true, |n| parse(n, '_').is_some()))
            .collect::<Result<_, _>>()?;
        let recorded: BTreeSet<String> = conn
            .query_row("SELECT value FROM meta WHERE key = ?1", [RECORD_KEY], |r| {
                r.get::<_, String>(0)
            })
            .optional()?
            .map(|list| list.split_whitespace().map(String::from).collect())
            .unwrap_or_default();
        Ok(PhaseFiles {
            dir,
            attached,
            recorded,
        })
    }

    /// Detaches the attached files the run no longer needs.
    fn detach_stale(&mut self, db: &Database, next: usize) -> Result<(), DbError> {
        let stale: Vec<String> = self
            .attached
            .iter()
            .filter(|n| parse(n, '_').is_some_and(|(kind, phase)| !kind.live(phase, next)))
            .cloned()
            .collect();
        for schema in stale {
            self.attached.remove(&schema);
            db.connection().execute("DETACH DATABASE ?1", [&schema])?;
        }
        Ok(())
    }

    /// Moves the rows of the database's own `waiting` and `answered`
    /// tables (where an older generator kept them) into the files.
    fn move_older_state(&mut self, db: &Database) -> Result<(), DbError> {
        let conn = db.connection();
        for kind in [Kind::Waiting, Kind::Answered] {
            let (table, column) = kind.table_and_column();
            let phases: Vec<usize> = conn
                .prepare(&format!("SELECT DISTINCT phase FROM main.{table}"))?
                .query_map([], |r| r.get(0))?
                .collect::<Result<_, _>>()?;
            for phase in phases {
                let s = self.attach(db, kind, phase)?;
                conn.execute(
                    &format!(
                        "INSERT OR REPLACE INTO {s}.{table} (unit, {column})
                         SELECT unit, {column} FROM main.{table} WHERE phase = ?1"
                    ),
                    [phase],
                )?;
            }
            // Copied first: a stop in between copies them again.
            conn.execute(&format!("DELETE FROM main.{table}"), [])?;
        }
        Ok(())
    }

    /// The schema name of `kind`'s file for `phase`, attached to `db`'s
    /// connection (and created) if it was not. Not inside a transaction.
    pub(crate) fn attach(
        &mut self,
        db: &Database,
        kind: Kind,
        phase: usize,
    ) -> Result<String, DbError> {
        let schema = format!("{}_{phase}", kind.name());
        if self.attached.contains(&schema) {
            return Ok(schema);
        }
        let conn = db.connection();
        let file = match &self.dir {
            Some(dir) => file_path(dir, kind, phase).to_string_lossy().into_owned(),
            None => ":memory:".to_string(),
        };
        conn.execute("ATTACH DATABASE ?1 AS ?2", params![file, schema])?;
        if self.dir.is_some() {
            conn.execute_batch(&format!(
                "PRAGMA {schema}.journal_mode = WAL; PRAGMA {schema}.synchronous = NORMAL;"
            ))?;
        }
        conn.execute(&kind.create(&schema), [])?;
        self.attached.insert(schema.clone());
        if self.dir.is_some() && self.recorded.insert(format!("{}-{phase}", kind.name())) {
            self.save_record(conn)?;
        }
        Ok(schema)
    }

    /// Detaches `kind`'s file for `phase` and removes it. Not inside a
    /// transaction.
    pub(crate) fn drop_file(
        &mut self,
        db: &Database,
        kind: Kind,
        phase: usize,
    ) -> Result<(), DbError> {
        let schema = format!("{}_{phase}", kind.name());
        if self.attached.remove(&schema) {
            db.connection().execute("DETACH DATABASE ?1", [&schema])?;
        }
        let Some(dir) = &self.dir else {
            return Ok(());
        };
        remove(&file_path(dir, kind, phase))?;
        if self.recorded.remove(&format!("{}-{phase}", kind.name())) {
            self.save_record(db.connection())?;
        }
        Ok(())
    }

    /// Detaches every file and removes the folder (the generation is
    /// complete).
    pub(crate) fn remove_all(&mut self, db: &Database) -> Result<(), DbError> {
        for schema in self.attached.drain() {
            db.connection().execute("DETACH DATABASE ?1", [&schema])?;
        }
        self.recorded.clear();
        self.save_record(db.connection())?;
        match &self.dir {
            Some(dir) => match std::fs::remove_dir_all(dir) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(write_error(dir, e)),
                _ => Ok(()),
            },
            None => Ok(()),
        }
    }

    /// Writes the list of files into `meta` (none: no key).
    fn save_record(&self, conn: &Connection) -> Result<(), DbError> {
        if self.recorded.is_empty() {
            conn.execute("DELETE FROM meta WHERE key = ?1", [RECORD_KEY])?;
        } else {
            let list: Vec<&str> = self.recorded.iter().map(String::as_str).collect();
            conn.execute(
                "INSERT OR REPLACE INTO meta (key, value) VALUES (?1, ?2)",
                params![RECORD_KEY, list.join(" ")],
            )?;
        }
        Ok(())
    }
}

fn file_path(dir: &Path, kind: Kind, phase: usize) -> PathBuf {
    dir.join(format!("{}-{phase}.sqlite", kind.name()))
}

/// The kind and phase of a pending file's name (`waiting-7.sqlite`, its
/// `-wal` and `-shm` companions included; `sep` '-') or of its schema
/// (`waiting_7`; `sep` '_').
fn parse(name: &str, sep: char) -> Option<(Kind, usize)> {
    let stem = name.split(".sqlite").next()?;
    let (kind, phase) = stem.split_once(sep)?;
    let kind = match kind {
        "waiting" => Kind::Waiting,
        "answered" => Kind::Answered,
        _ => return None,
    };
    Some((kind, phase.parse().ok()?))
}

/// Removes a file and SQLite's companions of it.
fn remove(path: &Path) -> Result<(), DbError> {
    for suffix in ["", "-wal", "-shm", "-journal"] {
        let file = PathBuf::from(format!("{}{suffix}", path.display()));
        match std::fs::remove_file(&file) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                return Err(write_error(&file, e))
            }
            _ => {}
        }
    }
    Ok(())
}

fn write_error(path: &Path, source: std::io::Error) -> DbError {
    DbError::Write {
        path: path.to_path_buf(),
        source,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_give_kind_and_phase() {
        let dir = Path::new("/x/full.sqlite.pending");
        for kind in [Kind::Waiting, Kind::Answered] {
            let path = file_path(dir, kind, 7);
            let name = path.file_name().unwrap().to_str().unwrap();
            assert_eq!(parse(name, '-'), Some((kind, 7)));
            assert_eq!(parse(&format!("{name}-wal"), '-'), Some((kind, 7)));
            assert_eq!(parse(&format!("{}_7", kind.name()), '_'), Some((kind, 7)));
        }
        assert_eq!(parse("notes.txt", '-'), None);
        assert_eq!(parse("waiting-seven.sqlite", '-'), None);
        assert_eq!(parse("main", '_'), None);
    }

    #[test]
    fn state_lives_until_its_phase_is_decided() {
        // Phase 5 running: phase 6's candidates wait for its answers.
        assert!(Kind::Waiting.live(6, 5));
        assert!(Kind::Waiting.live(5, 5));
        assert!(!Kind::Waiting.live(7, 5));
        assert!(Kind::Answered.live(5, 5));
        assert!(!Kind::Answered.live(6, 5));
    }
}
