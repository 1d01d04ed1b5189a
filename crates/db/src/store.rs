//! The SQLite file: its schema, opening and creating it, and what it
//! records of the generation that made it (settings, work done), written
//! with the puzzles in one transaction ([`Database::commit`]). What is read
//! and written through it: queries, import and export (`queries.rs`),
//! merging shard files (`merge.rs`). The generator that fills it
//! (`unblocker-gen`) keeps its own state in files of its own and writes
//! here only through [`Database::commit`] and the settings.

use crate::queries::RecordError;
use rusqlite::{params, Connection, OpenFlags, OptionalExtension, Transaction};
use std::path::{Path, PathBuf};
use unblocker_input::{InputError, RowError};
use unblocker_model::Record;

/// Refuses a path that exists but is not a regular file (a directory, a
/// device), or whose folder does not exist.
fn check_path(path: &Path) -> Result<(), DbError> {
    match std::fs::metadata(path) {
        Ok(m) if !m.is_file() => Err(DbError::NotAFile(path.to_path_buf())),
        Ok(_) => Ok(()),
        Err(_) => match path.parent().filter(|p| !p.as_os_str().is_empty()) {
            Some(parent) if !parent.is_dir() => Err(DbError::NoFolder(parent.to_path_buf())),
            _ => Ok(()),
        },
    }
}

/// Refuses an SQLite file of another program: one with tables but not our
/// `meta` and `puzzles` (an empty file is ours to fill when
/// `empty_is_ours`).
fn refuse_foreign(conn: &Connection, path: &Path, empty_is_ours: bool) -> Result<(), DbError> {
    let tables: Vec<String> = conn
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")?
        .query_map([], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    let ours = if tables.is_empty() {
        empty_is_ours
    } else {
        ["meta", "puzzles"]
            .iter()
            .all(|name| tables.iter().any(|t| t == name))
    };
    if ours {
        Ok(())
    } else {
        Err(DbError::Foreign(path.to_path_buf()))
    }
}

/// Why a database operation failed.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    #[error("database: {0}")]
    Sqlite(rusqlite::Error),
    #[error(
        "the disk is full (or the file reached its size cap): nothing of the unit being \
         written was kept; free some space and run the same command again to carry on"
    )]
    Full,
    #[error("{0}")]
    Io(#[from] std::io::Error),
    #[error("line {line}: {error}")]
    Import { line: usize, error: RecordError },
    /// A stored puzzle whose board does not read (a damaged file).
    #[error("a stored puzzle: {0}")]
    Stored(RecordError),
    /// A puzzle a compact sample file cannot hold.
    #[error(transparent)]
    Encode(#[from] unblocker_model::sample::EncodeError),
    /// A row that is no text or too long to be a puzzle's.
    #[error("line {line}: {error}")]
    Row { line: usize, error: RowError },
    /// A file that cannot be opened or is a directory.
    #[error(transparent)]
    Input(#[from] InputError),
    #[error("no database at {}", .0.display())]
    Missing(PathBuf),
    #[error("{} is not a regular file", .0.display())]
    NotAFile(PathBuf),
    #[error("the folder {} does not exist", .0.display())]
    NoFolder(PathBuf),
    #[error("{} is not an unblocker database (another program's SQLite file, or empty)", .0.display())]
    Foreign(PathBuf),
    #[error("cannot read {}: {source}", path.display())]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot write {}: {source}", path.display())]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    /// What is wrong with the contents of the file at `path`.
    #[error("{}: {error}", path.display())]
    InFile { path: PathBuf, error: Box<DbError> },
    #[error("{} has schema version {found}; this unblocker reads version {SCHEMA_VERSION}", path.display())]
    Schema { path: PathBuf, found: String },
    #[error("{}: {error}", path.display())]
    Shard {
        path: PathBuf,
        error: crate::merge::ShardFileError,
    },
}

impl From<rusqlite::Error> for DbError {
    fn from(error: rusqlite::Error) -> DbError {
        match error.sqlite_error_code() {
            Some(rusqlite::ErrorCode::DiskFull) => DbError::Full,
            _ => DbError::Sqlite(error),
        }
    }
}

/// The schema's version, kept in `meta` (`schema`): a file of another
/// version is refused by the generator.
const SCHEMA_VERSION: &str = "2";

/// The schema (documented in the crate README).
const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS puzzles (
    id INTEGER PRIMARY KEY,
    moves INTEGER NOT NULL,
    board TEXT NOT NULL UNIQUE,
    cluster INTEGER NOT NULL,
    walls INTEGER NOT NULL,
    pieces INTEGER NOT NULL,
    histogram TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS puzzles_moves ON puzzles (moves);
CREATE INDEX IF NOT EXISTS puzzles_pieces ON puzzles (pieces);
CREATE INDEX IF NOT EXISTS puzzles_walls ON puzzles (walls);
CREATE TABLE IF NOT EXISTS units (
    id INTEGER PRIMARY KEY,
    phase INTEGER NOT NULL,
    positions INTEGER NOT NULL,
    components INTEGER NOT NULL,
    puzzles INTEGER NOT NULL,
    seconds REAL NOT NULL
);
";

/// How puzzles that tie on everything else are ordered: board text
/// descending in the collation `board_order` (the function below).
macro_rules! board_order {
    () => {
        "board COLLATE board_order DESC"
    };
}

/// The collation `board_order`: board text with an empty cell (`o`) below
/// every other character, as fogleman/rush's `rush1000.txt` orders it (its
/// boards wrote empty cells as `.`; all 40 of its ties of moves and component
/// size follow this rule). A collation compares only the rows that tie; an
/// expression would be computed for every row sorted.
fn board_order(a: &str, b: &str) -> std::cmp::Ordering {
    let key = |c: u8| if c == b'o' { b'.' } else { c };
    a.bytes().map(key).cmp(b.bytes().map(key))
}

/// The order of listings: hardest first, then larger components, then
/// the board order above.
pub(crate) const ORDER: &str = concat!("ORDER BY moves DESC, cluster DESC, ", board_order!());

/// The order of puzzles that tie on everything else.
pub(crate) const TIES: &str = board_order!();

/// Creates the tables a connection lacks and registers the `board_order`
/// collation its listings use.
fn set_up(conn: &Connection) -> rusqlite::Result<()> {
    conn.execute_batch(SCHEMA)?;
    conn.create_collation("board_order", board_order)
}

/// An open puzzle database.
pub struct Database {
    pub(crate) conn: Connection,
    /// The file (`None` in memory).
    path: Option<PathBuf>,
}

/// A unit of work committed with the puzzles it found
/// ([`Database::commit`]): a row of `units`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Unit {
    pub id: u64,
    /// The generator's phase of the unit.
    pub phase: usize,
    /// Positions explored.
    pub positions: u64,
    /// Components searched.
    pub components: u64,
    /// Puzzles it decided when it was committed.
    pub puzzles: u64,
    pub seconds: f64,
}

pub(crate) const COLUMNS: &str = "moves, board, cluster, walls, pieces, histogram";

pub(crate) fn puzzle_from_row(row: &rusqlite::Row) -> rusqlite::Result<Record> {
    let histogram: String = row.get(5)?;
    Ok(Record {
        moves: row.get(0)?,
        board: row.get(1)?,
        cluster: row.get(2)?,
        walls: row.get(3)?,
        pieces: row.get(4)?,
        histogram: histogram
            .split(',')
            .filter_map(|n| n.parse().ok())
            .collect(),
    })
}

fn histogram_text(histogram: &[u64]) -> String {
    histogram
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

impl Database {
    /// The default file: `unblocker/puzzles.sqlite` in the user's data
    /// directory.
    pub fn default_path() -> Option<PathBuf> {
        dirs::data_dir().map(|d| d.join("unblocker").join("puzzles.sqlite"))
    }

    /// The default file ([`Database::default_path`]), if it exists.
    pub fn existing_default_path() -> Option<PathBuf> {
        Database::default_path().filter(|path| path.exists())
    }

    /// Opens (creating if needed) the database at `path`; its folder must
    /// exist. A path that is not a regular file and an SQLite file of
    /// another program (one with tables but not ours) are refused.
    pub fn open(path: &Path) -> Result<Database, DbError> {
        check_path(path)?;
        let conn = Connection::open(path)?;
        refuse_foreign(&conn, path, true)?;
        let units_columns: Vec<String> = conn
            .prepare("SELECT name FROM pragma_table_info('units')")?
            .query_map([], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        if !units_columns.is_empty() && !units_columns.iter().any(|c| c == "phase") {
            // A file of the first schema: its puzzles are read as they are;
            // its committed units (phase -1) cannot be resumed by this
            // generator (`unblocker-gen` refuses them).
            conn.execute_batch("ALTER TABLE units ADD COLUMN phase INTEGER NOT NULL DEFAULT -1")?;
        }
        conn.execute_batch("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;")?;
        set_up(&conn)?;
        conn.execute(
            "INSERT OR IGNORE INTO meta (key, value) VALUES ('schema', ?1)",
            [SCHEMA_VERSION],
        )?;
        let version: String =
            conn.query_row("SELECT value FROM meta WHERE key = 'schema'", [], |r| {
                r.get(0)
            })?;
        if version != SCHEMA_VERSION {
            return Err(DbError::Schema {
                path: path.to_path_buf(),
                found: version,
            });
        }
        Ok(Database {
            conn,
            path: Some(path.to_path_buf()),
        })
    }

    /// An empty database in memory (the embedded sample's home; benchmarks).
    pub fn in_memory() -> Result<Database, DbError> {
        let conn = Connection::open_in_memory()?;
        set_up(&conn)?;
        Ok(Database { conn, path: None })
    }

    /// Caps the file at about `bytes` (SQLite's `max_page_count`, for this
    /// connection): a write past it fails as on a full disk ([`DbError::Full`]).
    pub fn cap_size(&self, bytes: u64) -> Result<(), DbError> {
        let page: u64 = self.conn.query_row("PRAGMA page_size", [], |r| r.get(0))?;
        let pages = (bytes / page).max(1);
        self.conn
            .query_row(&format!("PRAGMA max_page_count = {pages}"), [], |_| Ok(()))?;
        Ok(())
    }

    /// Opens an existing database read-only (a read-only file will do); a
    /// missing file is an error rather than a new empty database, and so is
    /// a file that is not ours.
    pub fn open_existing(path: &Path) -> Result<Database, DbError> {
        if !path.exists() {
            return Err(DbError::Missing(path.to_path_buf()));
        }
        check_path(path)?;
        let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let conn = Connection::open_with_flags(path, flags)?;
        refuse_foreign(&conn, path, false)?;
        let version: Option<String> = conn
            .query_row("SELECT value FROM meta WHERE key = 'schema'", [], |r| {
                r.get(0)
            })
            .optional()?;
        // The first schema had no version; its puzzles read as they are.
        if let Some(found) = version.filter(|v| v != SCHEMA_VERSION) {
            let path = path.to_path_buf();
            return Err(DbError::Schema { path, found });
        }
        conn.create_collation("board_order", board_order)?;
        Ok(Database {
            conn,
            path: Some(path.to_path_buf()),
        })
    }
}

impl Database {
    /// The file, or `None` for a database in memory.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// Stores `puzzles` (leaving out the boards already stored), the
    /// settings given (`meta`) and the `units` of work that found them, all
    /// or nothing: a stop leaves none of them.
    pub fn commit(
        &mut self,
        puzzles: &[Record],
        settings: &[(&str, &str)],
        units: &[Unit],
    ) -> Result<(), DbError> {
        let tx = self.conn.transaction()?;
        insert_puzzles(&tx, puzzles)?;
        for (key, value) in settings {
            set_setting(&tx, key, value)?;
        }
        {
            let mut insert = tx.prepare_cached(
                "INSERT OR REPLACE INTO units (id, phase, positions, components, puzzles, seconds)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            )?;
            for u in units {
                insert.execute(params![
                    u.id,
                    u.phase,
                    u.positions,
                    u.components,
                    u.puzzles,
                    u.seconds
                ])?;
            }
        }
        tx.commit()?;
        Ok(())
    }

    /// The units committed, each with its phase (-1: committed by the
    /// generator of the first schema, which had none).
    pub fn units(&self) -> Result<Vec<(u64, i64)>, DbError> {
        let mut stmt = self.conn.prepare("SELECT id, phase FROM units")?;
        let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The stored setting `key` (`meta`), if there is one.
    pub fn setting(&self, key: &str) -> Result<Option<String>, DbError> {
        Ok(self
            .conn
            .query_row("SELECT value FROM meta WHERE key = ?1", [key], |r| r.get(0))
            .optional()?)
    }

    /// Stores the setting `key` (replacing its value), or removes it when
    /// `value` is `None`.
    pub fn set_setting(&self, key: &str, value: Option<&str>) -> Result<(), DbError> {
        match value {
            Some(value) => set_setting(&self.conn, key, value),
            None => {
                self.conn
                    .execute("DELETE FROM meta WHERE key = ?1", [key])?;
                Ok(())
            }
        }
    }

    /// The stored settings of the generation (`meta`), by key.
    pub fn meta(&self) -> Result<Vec<(String, String)>, DbError> {
        let mut stmt = self
            .conn
            .prepare("SELECT key, value FROM meta ORDER BY key")?;
        let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The generator's work committed: units, positions explored and
    /// seconds spent.
    pub fn work_done(&self) -> Result<(u64, u64, f64), DbError> {
        Ok(self.conn.query_row(
            "SELECT count(*), coalesce(sum(positions), 0), coalesce(sum(seconds), 0) FROM units",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )?)
    }
}

/// Stores the setting `key`, replacing its value.
fn set_setting(conn: &Connection, key: &str, value: &str) -> Result<(), DbError> {
    conn.execute(
        "INSERT OR REPLACE INTO meta (key, value) VALUES (?1, ?2)",
        params![key, value],
    )?;
    Ok(())
}

/// Adds `puzzles` in `tx`, leaving out the boards already stored.
pub(crate) fn insert_puzzles(tx: &Transaction, puzzles: &[Record]) -> Result<(), DbError> {
    let mut insert = tx.prepare_cached(
        "INSERT OR IGNORE INTO puzzles (moves, board, cluster, walls, pieces, histogram)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?;
    for p in puzzles {
        insert.execute(params![
            p.moves,
            p.board,
            p.cluster,
            p.walls,
            p.pieces,
            histogram_text(&p.histogram)
        ])?;
    }
    Ok(())
}
