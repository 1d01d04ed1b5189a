//! The SQLite file: schema, the generator's per-unit and per-phase commits
//! (what makes a rerun resume), queries, import and export (merging shard
//! files: `merge.rs`).

use crate::rush::UnitOutcome;
use crate::Record;
use rusqlite::{params, params_from_iter, Connection, OpenFlags, OptionalExtension};
use std::collections::HashSet;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use unblocker_solve::input::{read_row, InputError, RowError, MAX_ROW_BYTES};

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
    Import { line: usize, error: BadLine },
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
    #[error("this database holds {key} = {stored}, not {wanted}")]
    Holds {
        key: String,
        stored: String,
        wanted: String,
    },
    #[error("this database already holds other puzzles")]
    OtherPuzzles,
    #[error(
        "this file holds a generation in progress by an older version of unblocker, \
         which cannot be resumed; generate into a new file"
    )]
    OlderProgress,
    #[error("the generator's saved state in this database is damaged")]
    Damaged,
    #[error(
        "another process is generating into {} (it holds {}.lock); wait for it to finish \
         or stop it, then run the same command again to carry on",
        .0.display(),
        .0.display()
    )]
    Busy(PathBuf),
    #[error("{0}")]
    Generator(#[from] crate::rush::GeneratorError),
    #[error("cannot start threads: {0}")]
    Threads(rayon::ThreadPoolBuildError),
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
CREATE TABLE IF NOT EXISTS waiting (
    unit INTEGER PRIMARY KEY,
    phase INTEGER NOT NULL,
    data BLOB NOT NULL
);
CREATE INDEX IF NOT EXISTS waiting_phase ON waiting (phase);
CREATE TABLE IF NOT EXISTS answered (
    unit INTEGER PRIMARY KEY,
    phase INTEGER NOT NULL,
    rejected BLOB NOT NULL
);
CREATE INDEX IF NOT EXISTS answered_phase ON answered (phase);
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
const ORDER: &str = concat!("ORDER BY moves DESC, cluster DESC, ", board_order!());

/// Creates the tables a connection lacks and registers the `board_order`
/// collation its listings use.
fn set_up(conn: &Connection) -> rusqlite::Result<()> {
    conn.execute_batch(SCHEMA)?;
    conn.create_collation("board_order", board_order)
}

/// Which puzzles a query selects.
#[derive(Clone, Debug, Default)]
pub struct Filter {
    pub min_moves: Option<u32>,
    pub max_moves: Option<u32>,
    pub walls: Option<u32>,
    pub pieces: Option<u32>,
    /// Random order instead of hardest first.
    pub random: bool,
    pub limit: Option<u64>,
}

/// An open puzzle database.
pub struct Database {
    pub(crate) conn: Connection,
}

const COLUMNS: &str = "moves, board, cluster, walls, pieces, histogram";

fn puzzle_from_row(row: &rusqlite::Row) -> rusqlite::Result<Record> {
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

/// Held while a generator writes into a database file: an advisory lock on
/// `<file>.lock` (not on the file itself, whose locks are SQLite's), so that
/// a second generator on the same file stops instead of repeating the
/// first one's work. The lock goes with the process; the empty lock file
/// stays.
pub struct WriterLock {
    _file: std::fs::File,
}

impl Database {
    /// Takes the file's [`WriterLock`] ([`DbError::Busy`] if another process
    /// holds it); `None` for a database in memory.
    pub fn lock_writer(&self) -> Result<Option<WriterLock>, DbError> {
        let Some(path) = self.conn.path().filter(|p| !p.is_empty()) else {
            return Ok(None);
        };
        let lock = PathBuf::from(format!("{path}.lock"));
        let cannot = |source| DbError::Write {
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
            Err(std::fs::TryLockError::WouldBlock) => Err(DbError::Busy(path.into())),
            Err(std::fs::TryLockError::Error(source)) => Err(cannot(source)),
        }
    }

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
            // generator ([`Database::older_progress`]).
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
        Ok(Database { conn })
    }

    /// An empty database in memory (the embedded sample's home; benchmarks).
    pub fn in_memory() -> Result<Database, DbError> {
        let conn = Connection::open_in_memory()?;
        set_up(&conn)?;
        Ok(Database { conn })
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

    /// True when the file holds units committed by the first schema's
    /// generator, which this one cannot carry on.
    pub fn older_progress(&self) -> Result<bool, DbError> {
        Ok(self.conn.query_row(
            "SELECT EXISTS (SELECT 1 FROM units WHERE phase < 0)",
            [],
            |r| r.get(0),
        )?)
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
        Ok(Database { conn })
    }

    /// Records what the file holds (e.g. `game=rush size=6 max_walls=2`),
    /// or checks that it matches what it already holds.
    pub fn claim(&self, settings: &[(&str, String)]) -> Result<(), DbError> {
        for (key, value) in settings {
            let stored: Option<String> = self
                .conn
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
                    self.conn.execute(
                        "INSERT INTO meta (key, value) VALUES (?1, ?2)",
                        params![key, value],
                    )?;
                }
            }
        }
        Ok(())
    }

    /// The stored settings.
    pub fn meta(&self) -> Result<Vec<(String, String)>, DbError> {
        let mut stmt = self
            .conn
            .prepare("SELECT key, value FROM meta ORDER BY key")?;
        let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The units already committed.
    pub fn done_units(&self) -> Result<HashSet<u64>, DbError> {
        let mut stmt = self.conn.prepare("SELECT id FROM units")?;
        let ids = stmt.query_map([], |r| r.get(0))?;
        Ok(ids.collect::<Result<_, _>>()?)
    }

    /// Stores one unit's results and marks it done, atomically: the puzzles
    /// it decided, its candidates waiting for removal tests (if any) and the
    /// candidates its answers reject.
    #[allow(clippy::too_many_arguments)]
    pub fn commit_unit(
        &mut self,
        unit: u64,
        phase: usize,
        found: &UnitOutcome,
        puzzles: &[Record],
        waiting: Option<&[u8]>,
        rejected: Option<&[u8]>,
        seconds: f64,
    ) -> Result<(), DbError> {
        let tx = self.conn.transaction()?;
        insert_puzzles(&tx, puzzles)?;
        tx.execute(
            "INSERT OR REPLACE INTO units (id, phase, positions, components, puzzles, seconds)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![
                unit,
                phase,
                found.positions,
                found.components,
                puzzles.len(),
                seconds
            ],
        )?;
        if let Some(data) = waiting {
            tx.execute(
                "INSERT OR REPLACE INTO waiting (unit, phase, data) VALUES (?1, ?2, ?3)",
                params![unit, phase, data],
            )?;
        }
        if let Some(rejected) = rejected {
            tx.execute(
                "INSERT OR REPLACE INTO answered (unit, phase, rejected) VALUES (?1, ?2, ?3)",
                params![unit, phase, rejected],
            )?;
        }
        tx.commit()?;
        Ok(())
    }

    /// Stores the answers of a unit of another shard (searched only for the
    /// removal tests landing in it).
    pub fn commit_answers(
        &mut self,
        unit: u64,
        phase: usize,
        rejected: &[u8],
    ) -> Result<(), DbError> {
        self.conn.execute(
            "INSERT OR REPLACE INTO answered (unit, phase, rejected) VALUES (?1, ?2, ?3)",
            params![unit, phase, rejected],
        )?;
        Ok(())
    }

    /// Calls `each` with every unit of `phase` whose candidates wait for
    /// removal tests and its saved state, one row at a time (the full run's
    /// phases keep gigabytes of them).
    pub fn each_waiting(
        &self,
        phase: usize,
        mut each: impl FnMut(u32, &[u8]) -> Result<(), DbError>,
    ) -> Result<(), DbError> {
        let mut stmt = self
            .conn
            .prepare("SELECT unit, data FROM waiting WHERE phase = ?1 ORDER BY unit")?;
        let mut rows = stmt.query([phase])?;
        while let Some(row) = rows.next()? {
            let data: Vec<u8> = row.get(1)?;
            each(row.get(0)?, &data)?;
        }
        Ok(())
    }

    /// The units that answered their removal tests in `phase`.
    pub fn answered_units(&self, phase: usize) -> Result<HashSet<u32>, DbError> {
        let mut stmt = self
            .conn
            .prepare("SELECT unit FROM answered WHERE phase = ?1")?;
        let rows = stmt.query_map([phase], |r| r.get(0))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The rejections recorded in `phase`.
    pub fn rejections(&self, phase: usize) -> Result<Vec<Vec<u8>>, DbError> {
        let mut stmt = self
            .conn
            .prepare("SELECT rejected FROM answered WHERE phase = ?1")?;
        let rows = stmt.query_map([phase], |r| r.get(0))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Ends a phase atomically: stores the decided puzzles, forgets the
    /// state they were decided from, and records the next phase (`None`
    /// when the generation is complete).
    pub fn finish_phase(
        &mut self,
        phase: usize,
        puzzles: &[Record],
        next: Option<usize>,
    ) -> Result<(), DbError> {
        let tx = self.conn.transaction()?;
        insert_puzzles(&tx, puzzles)?;
        tx.execute("DELETE FROM waiting WHERE phase = ?1", [phase + 1])?;
        tx.execute("DELETE FROM answered WHERE phase = ?1", [phase])?;
        let value = next.map_or("done".to_string(), |p| p.to_string());
        tx.execute(
            "INSERT OR REPLACE INTO meta (key, value) VALUES ('next_phase', ?1)",
            [value],
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Where the generation stands: `None` before it starts, `Some(None)`
    /// when it is complete, `Some(Some(p))` when phase `p` is next.
    pub fn next_phase(&self) -> Result<Option<Option<usize>>, DbError> {
        let value: Option<String> = self
            .conn
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

    /// The number of stored puzzles.
    pub fn count(&self) -> Result<u64, DbError> {
        Ok(self
            .conn
            .query_row("SELECT count(*) FROM puzzles", [], |r| r.get(0))?)
    }

    /// Total positions explored and seconds spent over the committed units.
    pub fn work_done(&self) -> Result<(u64, u64, f64), DbError> {
        Ok(self.conn.query_row(
            "SELECT count(*), coalesce(sum(positions), 0), coalesce(sum(seconds), 0) FROM units",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )?)
    }

    /// The puzzles a query selects.
    pub fn query(&self, q: &Filter) -> Result<Vec<Record>, DbError> {
        let (filter, values) = where_clause(q);
        let order = if q.random { "ORDER BY random()" } else { ORDER };
        let limit = q.limit.map_or(String::new(), |l| format!("LIMIT {l}"));
        let sql = format!("SELECT {COLUMNS} FROM puzzles {filter} {order} {limit}");
        let mut stmt = self.conn.prepare(&sql)?;
        let rows = stmt.query_map(params_from_iter(values), puzzle_from_row)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// One puzzle chosen uniformly among those with `min..=max` moves (what
    /// the web UI's "random puzzle of a chosen difficulty" calls).
    pub fn random(&self, min_moves: u32, max_moves: u32) -> Result<Option<Record>, DbError> {
        let range = "FROM puzzles WHERE moves BETWEEN ?1 AND ?2";
        let count: i64 = self.conn.query_row(
            &format!("SELECT count(*) {range}"),
            params![min_moves, max_moves],
            |r| r.get(0),
        )?;
        if count == 0 {
            return Ok(None);
        }
        let sql = format!("SELECT {COLUMNS} {range} LIMIT 1 OFFSET (SELECT abs(random()) % ?3)");
        Ok(self
            .conn
            .query_row(&sql, params![min_moves, max_moves, count], puzzle_from_row)
            .optional()?)
    }

    /// Counts of puzzles grouped by one column (`moves`, `pieces` or
    /// `walls`), with the average moves of each group.
    pub fn histogram(&self, column: Grouping) -> Result<Vec<(u64, u64, f64)>, DbError> {
        let c = column.column();
        let sql =
            format!("SELECT {c}, count(*), avg(moves) FROM puzzles GROUP BY {c} ORDER BY {c}");
        let mut stmt = self.conn.prepare(&sql)?;
        let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Puzzles, average and largest moves by component size, in powers of 2
    /// (`bucket` b holds components of 2^b to 2^(b+1) - 1 positions).
    pub fn by_component_size(&self) -> Result<Vec<(u32, u64, f64, u32)>, DbError> {
        let mut stmt = self.conn.prepare("SELECT cluster, moves FROM puzzles")?;
        let mut buckets: Vec<(u64, f64, u32)> = Vec::new();
        let rows = stmt.query_map([], |r| Ok((r.get::<_, u64>(0)?, r.get::<_, u32>(1)?)))?;
        for row in rows {
            let (cluster, moves) = row?;
            let b = (63 - cluster.max(1).leading_zeros()) as usize;
            if buckets.len() <= b {
                buckets.resize(b + 1, (0, 0.0, 0));
            }
            let entry = &mut buckets[b];
            entry.0 += 1;
            entry.1 += moves as f64;
            entry.2 = entry.2.max(moves);
        }
        Ok(buckets
            .into_iter()
            .enumerate()
            .filter(|(_, (n, _, _))| *n > 0)
            .map(|(b, (n, sum, max))| (b as u32, n, sum / n as f64, max))
            .collect())
    }

    /// The puzzle with the largest component.
    pub fn largest_component(&self) -> Result<Option<Record>, DbError> {
        let order = concat!("ORDER BY cluster DESC, ", board_order!());
        let sql = format!("SELECT {COLUMNS} FROM puzzles {order} LIMIT 1");
        Ok(self.conn.query_row(&sql, [], puzzle_from_row).optional()?)
    }

    /// [`Database::import`] of the file `input` into the database at `path`
    /// (created if need be, once the file is open).
    pub fn import_file(path: &Path, input: &Path) -> Result<u64, DbError> {
        let file = unblocker_solve::input::open(input)?;
        let in_file = |error| DbError::InFile {
            path: input.to_path_buf(),
            error: Box::new(error),
        };
        let mut db = Database::open(path)?;
        db.import(std::io::BufReader::new(file)).map_err(in_file)
    }

    /// Reads `MOVES BOARD CLUSTER` lines (fogleman/rush's `rush.txt`; `#`
    /// comments and blank lines skipped); returns how many were new.
    pub fn import(&mut self, mut input: impl BufRead) -> Result<u64, DbError> {
        let tx = self.conn.transaction()?;
        let mut added = 0;
        {
            let mut insert = tx.prepare_cached(
                "INSERT OR IGNORE INTO puzzles (moves, board, cluster, walls, pieces, histogram)
                 VALUES (?1, ?2, ?3, ?4, ?5, '')",
            )?;
            let mut n = 0;
            loop {
                n += 1;
                let line = match read_row(&mut input, MAX_ROW_BYTES) {
                    Ok(Some(line)) => line,
                    Ok(None) => break,
                    Err(RowError::Io(e)) => return Err(e.into()),
                    Err(error) => return Err(DbError::Row { line: n, error }),
                };
                let text = line.trim();
                if text.is_empty() || text.starts_with('#') {
                    continue;
                }
                let p = parse_line(text).map_err(|error| DbError::Import { line: n, error })?;
                added +=
                    insert.execute(params![p.moves, p.board, p.cluster, p.walls, p.pieces])? as u64;
            }
        }
        tx.commit()?;
        Ok(added)
    }

    /// Writes every puzzle as a `MOVES BOARD CLUSTER` line, hardest first.
    pub fn export(&self, out: impl Write) -> Result<u64, DbError> {
        self.export_sample(out, u64::MAX)
    }

    /// [`Database::export_sample`] into the file at `path` (created, or
    /// emptied first).
    pub fn export_sample_file(&self, path: &Path, per_moves: u64) -> Result<u64, DbError> {
        let cannot = |source| DbError::Write {
            path: path.to_path_buf(),
            source,
        };
        let file = std::fs::File::create(path).map_err(cannot)?;
        // A write that fails later (a full disk) names the file too.
        match self.export_sample(std::io::BufWriter::new(file), per_moves) {
            Err(DbError::Io(source)) => Err(cannot(source)),
            result => result,
        }
    }

    /// Writes at most `per_moves` puzzles of each move count as `MOVES BOARD
    /// CLUSTER` lines, hardest first: evenly spaced through that move
    /// count's listing (so from large and small components alike), the same
    /// lines on every run.
    pub fn export_sample(&self, mut out: impl Write, per_moves: u64) -> Result<u64, DbError> {
        let mut sizes = self
            .conn
            .prepare("SELECT moves, COUNT(*) FROM puzzles GROUP BY moves")?;
        let sizes: std::collections::HashMap<u32, u64> = sizes
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<Result<_, _>>()?;
        let mut stmt = self.conn.prepare(&format!(
            "SELECT moves, board, cluster FROM puzzles {ORDER}"
        ))?;
        let mut rows = stmt.query([])?;
        let (mut count, mut current, mut rank, mut taken) = (0, u32::MAX, 0u64, 0u64);
        while let Some(r) = rows.next()? {
            let (moves, board, cluster): (u32, String, u64) = (r.get(0)?, r.get(1)?, r.get(2)?);
            if moves != current {
                (current, rank, taken) = (moves, 0, 0);
            }
            // Take the rank-th line when it reaches the next of `per_moves`
            // evenly spaced points of this move count's `total` lines.
            let total = sizes.get(&moves).copied().unwrap_or(1);
            if taken < per_moves
                && rank as u128 * per_moves as u128 >= taken as u128 * total as u128
            {
                writeln!(out, "{moves:02} {board} {cluster}")?;
                count += 1;
                taken += 1;
            }
            rank += 1;
        }
        out.flush()?;
        Ok(count)
    }
}

fn insert_puzzles(tx: &rusqlite::Transaction, puzzles: &[Record]) -> Result<(), DbError> {
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

/// A column puzzles are grouped by.
#[derive(Clone, Copy, Debug)]
pub enum Grouping {
    Moves,
    Pieces,
    Walls,
}

impl Grouping {
    fn column(self) -> &'static str {
        match self {
            Grouping::Moves => "moves",
            Grouping::Pieces => "pieces",
            Grouping::Walls => "walls",
        }
    }
}

fn where_clause(q: &Filter) -> (String, Vec<u32>) {
    let mut terms = Vec::new();
    let mut values = Vec::new();
    for (term, value) in [
        ("moves >= ?", q.min_moves),
        ("moves <= ?", q.max_moves),
        ("walls = ?", q.walls),
        ("pieces = ?", q.pieces),
    ] {
        if let Some(v) = value {
            terms.push(term);
            values.push(v);
        }
    }
    if terms.is_empty() {
        (String::new(), values)
    } else {
        (format!("WHERE {}", terms.join(" AND ")), values)
    }
}

/// Why a `MOVES BOARD CLUSTER` line was not read.
#[derive(Debug, thiserror::Error)]
pub enum BadLine {
    #[error("expected `MOVES BOARD CLUSTER`, found {0} fields")]
    Fields(usize),
    #[error("moves `{0}` is not a number")]
    Moves(String),
    #[error("cluster `{0}` is not a number")]
    Cluster(String),
    #[error("board `{board}`: {error}")]
    Board {
        board: String,
        error: unblocker_model::BoardError,
    },
}

/// One `MOVES BOARD CLUSTER` line.
fn parse_line(text: &str) -> Result<Record, BadLine> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let [moves, board, cluster] = fields[..] else {
        return Err(BadLine::Fields(fields.len()));
    };
    let moves: u32 = moves
        .parse()
        .map_err(|_| BadLine::Moves(moves.to_string()))?;
    let cluster: u64 = cluster
        .parse()
        .map_err(|_| BadLine::Cluster(cluster.to_string()))?;
    let parsed = unblocker_model::format::parse_as(
        board,
        unblocker_model::format::Format::Line,
        Default::default(),
    )
    .map_err(|error| BadLine::Board {
        board: board.to_string(),
        error,
    })?;
    Ok(Record {
        moves,
        board: board.replace('.', "o"),
        cluster,
        walls: parsed.walls().len() as u32,
        pieces: parsed.pieces().len() as u32,
        histogram: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sample_file_holds_what_the_sample_writes() {
        let db = Database::sample().unwrap();
        let mut lines = Vec::new();
        let count = db.export_sample(&mut lines, 2).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sample.txt");
        assert_eq!(db.export_sample_file(&path, 2).unwrap(), count);
        assert_eq!(std::fs::read(&path).unwrap(), lines);
        let nowhere = dir.path().join("missing").join("sample.txt");
        let error = db.export_sample_file(&nowhere, 2).unwrap_err();
        let prefix = format!("cannot write {}: ", nowhere.display());
        assert!(error.to_string().starts_with(&prefix), "{error}");
        // A disk that fills up after the file is created.
        #[cfg(target_os = "linux")]
        {
            let full = Path::new("/dev/full");
            let error = db.export_sample_file(full, u64::MAX).unwrap_err();
            let prefix = "cannot write /dev/full: ";
            assert!(error.to_string().starts_with(prefix), "{error}");
        }
    }
}
