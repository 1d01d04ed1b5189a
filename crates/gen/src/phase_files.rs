//! The removal tests' state between phases, a SQLite file per phase and
//! kind in `<database>.pending/`: the generator's own files (their schema
//! is here), open while the run needs them and removed whole when their
//! phase ends, so that ending a phase deletes files instead of rows
//! scattered over the database (which read pages all over a file of
//! gigabytes).
//!
//! A phase's `waiting` file holds the candidates its units wait to have
//! tested (with the tests), read when the phase below ends; its `answered`
//! file holds the candidates the tests into its units rejected. A unit
//! writes into them before it is committed to the database, so a committed
//! unit never lacks them, and a unit a stop cut off in between is searched
//! again and replaces what it wrote. The database's `meta` lists the files
//! (`pending_files`), so a stopped run copied without them is refused
//! rather than resumed without their candidates. A database in memory
//! keeps them in memory, for the run that made them.

use crate::error::GenError;
use rusqlite::{params, Connection};
use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use unblocker_db::Database;

/// A kind of pending state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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

    /// The schema of the kind's files.
    fn create(self) -> String {
        let (table, column) = self.table_and_column();
        format!(
            "CREATE TABLE IF NOT EXISTS {table} (unit INTEGER PRIMARY KEY, {column} BLOB NOT NULL)"
        )
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
    /// The files open so far, by kind and phase.
    open: HashMap<(Kind, usize), Connection>,
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
    /// without its folder; [`GenError::PendingInMemory`] for a database in
    /// memory, whose files ended with the run that made them).
    pub(crate) fn open(db: &Database, next: Option<usize>) -> Result<PhaseFiles, GenError> {
        let mut files = PhaseFiles {
            dir: db
                .path()
                .map(|p| PathBuf::from(format!("{}.pending", p.display()))),
            open: HashMap::new(),
            recorded: db
                .setting(RECORD_KEY)?
                .map(|list| list.split_whitespace().map(String::from).collect())
                .unwrap_or_default(),
        };
        let Some(next) = next else {
            files.remove_all(db)?;
            return Ok(files);
        };
        for name in files.recorded.clone() {
            match parse(&name) {
                Some((kind, phase)) if kind.live(phase, next) => {
                    let Some(dir) = &files.dir else {
                        return Err(GenError::PendingInMemory);
                    };
                    let file = file_path(dir, kind, phase);
                    if !file.exists() {
                        return Err(GenError::PendingMissing(file));
                    }
                }
                _ => {
                    files.recorded.remove(&name);
                }
            }
        }
        files.save_record(db)?;
        let Some(dir) = files.dir.clone() else {
            return Ok(files);
        };
        std::fs::create_dir_all(&dir).map_err(|e| write_error(&dir, e))?;
        for entry in std::fs::read_dir(&dir).map_err(|e| write_error(&dir, e))? {
            let path = entry.map_err(|e| write_error(&dir, e))?.path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            let stale = parse(name).is_some_and(|(kind, phase)| !kind.live(phase, next));
            if stale {
                remove(&path)?;
            }
        }
        files.move_older_state(db)?;
        Ok(files)
    }

    /// Moves the rows of the database's own `waiting` and `answered`
    /// tables (where an older generator kept them, with a `phase` column)
    /// into the files, through a connection of the generator's own to the
    /// database file.
    fn move_older_state(&mut self, db: &Database) -> Result<(), GenError> {
        let Some(path) = db.path() else {
            return Ok(());
        };
        let main = Connection::open(path)?;
        for kind in [Kind::Waiting, Kind::Answered] {
            let (table, column) = kind.table_and_column();
            let present: bool = main.query_row(
                "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1)",
                [table],
                |r| r.get(0),
            )?;
            if !present {
                continue;
            }
            let phases: Vec<usize> = main
                .prepare(&format!("SELECT DISTINCT phase FROM {table}"))?
                .query_map([], |r| r.get(0))?
                .collect::<Result<_, _>>()?;
            for phase in phases {
                let file = self.file(db, kind, phase)?;
                let mut insert = file.prepare(&format!(
                    "INSERT OR REPLACE INTO {table} (unit, {column}) VALUES (?1, ?2)"
                ))?;
                let mut read = main.prepare(&format!(
                    "SELECT unit, {column} FROM {table} WHERE phase = ?1"
                ))?;
                let mut rows = read.query([phase])?;
                while let Some(row) = rows.next()? {
                    let blob: Vec<u8> = row.get(1)?;
                    insert.execute(params![row.get::<_, u64>(0)?, blob])?;
                }
            }
            // Copied first: a stop in between copies them again.
            main.execute(&format!("DELETE FROM {table}"), [])?;
        }
        Ok(())
    }

    /// `kind`'s file for `phase`, open (and created, and recorded in the
    /// database) if it was not.
    pub(crate) fn file(
        &mut self,
        db: &Database,
        kind: Kind,
        phase: usize,
    ) -> Result<&Connection, GenError> {
        if !self.open.contains_key(&(kind, phase)) {
            let file = match &self.dir {
                Some(dir) => {
                    let file = Connection::open(file_path(dir, kind, phase))?;
                    file.execute_batch("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;")?;
                    file
                }
                None => Connection::open_in_memory()?,
            };
            file.execute(&kind.create(), [])?;
            self.open.insert((kind, phase), file);
            if self.recorded.insert(format!("{}-{phase}", kind.name())) {
                self.save_record(db)?;
            }
        }
        Ok(&self.open[&(kind, phase)])
    }

    /// Closes `kind`'s file for `phase` and removes it.
    pub(crate) fn drop_file(
        &mut self,
        db: &Database,
        kind: Kind,
        phase: usize,
    ) -> Result<(), GenError> {
        self.open.remove(&(kind, phase));
        if let Some(dir) = &self.dir {
            remove(&file_path(dir, kind, phase))?;
        }
        if self.recorded.remove(&format!("{}-{phase}", kind.name())) {
            self.save_record(db)?;
        }
        Ok(())
    }

    /// Closes every file and removes the folder (the generation is
    /// complete).
    pub(crate) fn remove_all(&mut self, db: &Database) -> Result<(), GenError> {
        self.open.clear();
        self.recorded.clear();
        self.save_record(db)?;
        match &self.dir {
            Some(dir) => match std::fs::remove_dir_all(dir) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(write_error(dir, e)),
                _ => Ok(()),
            },
            None => Ok(()),
        }
    }

    /// Writes the list of files into `meta` (none: no key).
    fn save_record(&self, db: &Database) -> Result<(), GenError> {
        let list: Vec<&str> = self.recorded.iter().map(String::as_str).collect();
        let value = (!list.is_empty()).then(|| list.join(" "));
        Ok(db.set_setting(RECORD_KEY, value.as_deref())?)
    }
}

fn file_path(dir: &Path, kind: Kind, phase: usize) -> PathBuf {
    dir.join(format!("{}-{phase}.sqlite", kind.name()))
}

/// The kind and phase of a pending file's name (`waiting-7.sqlite`, its
/// `-wal` and `-shm` companions included) or of its record (`waiting-7`).
fn parse(name: &str) -> Option<(Kind, usize)> {
    let stem = name.split(".sqlite").next()?;
    let (kind, phase) = stem.split_once('-')?;
    let kind = match kind {
        "waiting" => Kind::Waiting,
        "answered" => Kind::Answered,
        _ => return None,
    };
    Some((kind, phase.parse().ok()?))
}

/// Removes a file and SQLite's companions of it.
fn remove(path: &Path) -> Result<(), GenError> {
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

fn write_error(path: &Path, source: std::io::Error) -> GenError {
    GenError::Write {
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
            assert_eq!(parse(name), Some((kind, 7)));
            assert_eq!(parse(&format!("{name}-wal")), Some((kind, 7)));
            assert_eq!(parse(&format!("{}-7", kind.name())), Some((kind, 7)));
        }
        assert_eq!(parse("notes.txt"), None);
        assert_eq!(parse("waiting-seven.sqlite"), None);
        assert_eq!(parse("main"), None);
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
