//! `Database`: a puzzle database file written by `unblocker db generate`
//! (or the embedded sample), queried from Python.

use crate::board::PyBoard;
use crate::errors::{board_error, database_error, value_error};
use pyo3::prelude::*;
use unblocker_db::{Database, Filter};
use unblocker_model::format::{self, ParseOptions};
use unblocker_model::{Difficulty, Record};

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyDatabase>()?;
    m.add_class::<PyRecord>()?;
    Ok(())
}

/// An open puzzle database (SQLite). ``Database(path)`` opens a file made by
/// ``unblocker db generate``; ``Database.sample()`` the embedded sample.
#[pyclass(name = "Database", module = "unblocker", unsendable)]
pub struct PyDatabase {
    db: Database,
}

/// One stored puzzle: a component's hardest position.
#[pyclass(name = "Record", module = "unblocker", frozen, get_all)]
pub struct PyRecord {
    /// Optimal number of moves (slides).
    moves: u32,
    /// The one-line form.
    line: String,
    /// Positions in the puzzle's component.
    cluster: u64,
    walls: u32,
    /// Cars, the target included.
    pieces: u32,
    /// Positions of the component at each distance from the goal (empty
    /// for imported puzzles).
    histogram: Vec<u64>,
}

#[pymethods]
impl PyRecord {
    /// The puzzle as a :class:`Board`.
    #[getter]
    fn board(&self) -> PyResult<PyBoard> {
        format::parse(&self.line, ParseOptions::default())
            .map(PyBoard::new)
            .map_err(board_error)
    }

    fn __repr__(&self) -> String {
        format!("Record(moves={}, line={:?})", self.moves, self.line)
    }
}

fn record(r: Record) -> PyRecord {
    PyRecord {
        moves: r.moves,
        line: r.board,
        cluster: r.cluster,
        walls: r.walls,
        pieces: r.pieces,
        histogram: r.histogram,
    }
}

#[pymethods]
impl PyDatabase {
    #[new]
    fn open(path: std::path::PathBuf) -> PyResult<PyDatabase> {
        Database::open_existing(&path)
            .map(|db| PyDatabase { db })
            .map_err(database_error)
    }

    /// The sample embedded in the package (a few puzzles of every move
    /// count of the full 6x6 database).
    #[staticmethod]
    fn sample() -> PyResult<PyDatabase> {
        Database::sample()
            .map(|db| PyDatabase { db })
            .map_err(database_error)
    }

    /// Puzzles by moves, walls and pieces, hardest first (or in random
    /// order), at most ``limit``.
    #[pyo3(signature = (*, min_moves=None, max_moves=None, walls=None, pieces=None, random=false, limit=None))]
    fn query(
        &self,
        min_moves: Option<u32>,
        max_moves: Option<u32>,
        walls: Option<u32>,
        pieces: Option<u32>,
        random: bool,
        limit: Option<u64>,
    ) -> PyResult<Vec<PyRecord>> {
        let difficulty =
            Difficulty::new(min_moves.unwrap_or(0), max_moves.unwrap_or(u32::MAX), walls)
                .map_err(value_error)?;
        let filter = Filter {
            difficulty,
            pieces,
            random,
            limit,
        };
        self.db
            .query(&filter)
            .map(|rs| rs.into_iter().map(record).collect())
            .map_err(database_error)
    }

    /// One puzzle chosen uniformly among those of ``min_moves`` to
    /// ``max_moves`` moves, or ``None``.
    fn random(&self, min_moves: u32, max_moves: u32) -> PyResult<Option<PyRecord>> {
        let difficulty = Difficulty::new(min_moves, max_moves, None).map_err(value_error)?;
        self.db
            .random(&difficulty)
            .map(|r| r.map(record))
            .map_err(database_error)
    }

    /// The number of puzzles.
    fn __len__(&self) -> PyResult<usize> {
        self.db.count().map(|n| n as usize).map_err(database_error)
    }
}
