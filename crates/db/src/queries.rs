//! What users read and write: the puzzles a filter selects, a random one,
//! counts by moves, pieces and walls, and fogleman/rush's `MOVES BOARD
//! CLUSTER` text, imported and exported.

use crate::store::{puzzle_from_row, Database, DbError, COLUMNS, ORDER, TIES};
use rusqlite::{params, params_from_iter, OptionalExtension};
use std::io::{BufRead, Write};
use std::path::Path;
use unblocker_input::{read_row, RowError, MAX_ROW_BYTES};
use unblocker_model::Difficulty;
use unblocker_model::Record;

/// Which puzzles a query selects: those of a difficulty (every one by
/// default), of a piece count when given.
#[derive(Clone, Debug, Default)]
pub struct Filter {
    pub difficulty: Difficulty,
    pub pieces: Option<u32>,
    /// Random order instead of hardest first.
    pub random: bool,
    pub limit: Option<u64>,
}

impl Database {
    /// The number of stored puzzles.
    pub fn count(&self) -> Result<u64, DbError> {
        Ok(self
            .conn
            .query_row("SELECT count(*) FROM puzzles", [], |r| r.get(0))?)
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

    /// One puzzle chosen uniformly among those of `difficulty` (what the web
    /// UI's "random puzzle of a chosen difficulty" calls).
    pub fn random(&self, difficulty: &Difficulty) -> Result<Option<Record>, DbError> {
        if difficulty.walls.is_some() {
            let filter = Filter {
                difficulty: *difficulty,
                random: true,
                limit: Some(1),
                ..Filter::default()
            };
            return Ok(self.query(&filter)?.pop());
        }
        let (min_moves, max_moves) = (difficulty.min_moves, difficulty.max_moves);
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
        let sql = format!("SELECT {COLUMNS} FROM puzzles ORDER BY cluster DESC, {TIES} LIMIT 1");
        Ok(self.conn.query_row(&sql, [], puzzle_from_row).optional()?)
    }

    /// [`Database::import`] of the file `input` into the database at `path`
    /// (created if need be, once the file is open).
    pub fn import_file(path: &Path, input: &Path) -> Result<u64, DbError> {
        let file = unblocker_input::open(input)?;
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
        let count = self.each_sampled(per_moves, |moves, board, cluster| {
            Ok(writeln!(out, "{moves:02} {board} {cluster}")?)
        })?;
        out.flush()?;
        Ok(count)
    }

    /// Calls `each` with (moves, board, cluster) for at most `per_moves`
    /// puzzles of each move count, hardest first, evenly spaced through
    /// that move count's listing; returns how many.
    pub(crate) fn each_sampled(
        &self,
        per_moves: u64,
        mut each: impl FnMut(u32, String, u64) -> Result<(), DbError>,
    ) -> Result<u64, DbError> {
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
                each(moves, board, cluster)?;
                count += 1;
                taken += 1;
            }
            rank += 1;
        }
        Ok(count)
    }
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
    // An end of the range that excludes nothing adds no term.
    let d = &q.difficulty;
    for (term, value) in [
        ("moves >= ?", Some(d.min_moves).filter(|&m| m > 0)),
        ("moves <= ?", Some(d.max_moves).filter(|&m| m < u32::MAX)),
        ("walls = ?", d.walls),
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

/// Why a `MOVES BOARD CLUSTER` line (a [`Record`] as text) was not read.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
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

/// A board in fogleman/rush's one-line form (or ours).
pub(crate) fn parse_board(board: &str) -> Result<unblocker_model::Board, RecordError> {
    unblocker_model::format::parse_as(
        board,
        unblocker_model::format::Format::Line,
        Default::default(),
    )
    .map_err(|error| RecordError::Board {
        board: board.to_string(),
        error,
    })
}

/// One `MOVES BOARD CLUSTER` line.
fn parse_line(text: &str) -> Result<Record, RecordError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let [moves, board, cluster] = fields[..] else {
        return Err(RecordError::Fields(fields.len()));
    };
    let moves: u32 = moves
        .parse()
        .map_err(|_| RecordError::Moves(moves.to_string()))?;
    let cluster: u64 = cluster
        .parse()
        .map_err(|_| RecordError::Cluster(cluster.to_string()))?;
    let parsed = parse_board(board)?;
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
    fn a_puzzle_line_is_moves_board_cluster() {
        let puzzle = Record {
            moves: 7,
            board: "BBoooCDooEoCDAAEoCDooEooFoooGGFoHHHo".into(),
            cluster: 123,
            walls: 0,
            pieces: 8,
            histogram: Vec::new(),
        };
        assert_eq!(
            puzzle.to_string(),
            "07 BBoooCDooEoCDAAEoCDooEooFoooGGFoHHHo 123"
        );
        assert_eq!(parse_line(&puzzle.to_string()).unwrap(), puzzle);
    }

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
