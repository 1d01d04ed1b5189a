//! Solving and analysing boards: `Board.solve`, `Board.analyze`, batch
//! solving into NumPy arrays, and `scan` for screenshots.

use crate::board::{PyBoard, PyMove};
use crate::errors::{scan_error, search_error, value_error};
use crate::pool::{cancellable, in_pool, with_solver};
use numpy::{IntoPyArray, PyArray1};
use pyo3::exceptions::PyOSError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use rayon::prelude::*;
use std::sync::atomic::Ordering;
use unblocker_model::{Board, Metric};
use unblocker_solve::memory::parse_bytes;
use unblocker_solve::{Algorithm, Control, MemoryBudget, SolveOptions, Verdict};

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PySolution>()?;
    m.add_class::<PyAnalysis>()?;
    m.add_function(wrap_pyfunction!(solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(scan, m)?)?;
    Ok(())
}

/// The metric named `metric`, else the game's own.
pub fn metric_of(board: &Board, metric: Option<&str>) -> PyResult<Metric> {
    match metric {
        Some(m) => m.parse().map_err(value_error),
        None => Ok(board.game().default_metric()),
    }
}

/// A memory limit in bytes, given as a number or as text such as "512M".
fn memory_of(max_memory: Option<&Bound<'_, PyAny>>) -> PyResult<MemoryBudget> {
    let limit = match max_memory {
        None => None,
        Some(m) => Some(match m.extract::<u64>() {
            Ok(0) => return Err(value_error("max_memory must be at least 1 byte")),
            Ok(bytes) => bytes,
            Err(_) => parse_bytes(&m.extract::<String>().map_err(|_| {
                value_error("max_memory is a number of bytes or a size such as '512M'")
            })?)
            .map_err(value_error)?,
        }),
    };
    Ok(MemoryBudget::for_searches(limit))
}

/// What a solve found.
#[pyclass(name = "Solution", module = "unblocker", frozen)]
pub struct PySolution {
    /// ``"solved"``, ``"unsolvable"``, ``"timeout"``, ``"cancelled"``,
    /// ``"memory_limit"`` or ``"node_limit"``.
    #[pyo3(get)]
    status: &'static str,
    /// The solution's length in ``metric`` (the optimum when ``optimal``);
    /// ``None`` without a solution.
    #[pyo3(get)]
    length: Option<u32>,
    /// One-cell steps of the solution.
    #[pyo3(get)]
    steps: u32,
    /// The metric: ``"slide"``, ``"step"`` or ``"piece"``.
    #[pyo3(get)]
    metric: &'static str,
    #[pyo3(get)]
    algorithm: &'static str,
    /// True when the algorithm guarantees that ``length`` is the optimum.
    #[pyo3(get)]
    optimal: bool,
    moves: Vec<PyMove>,
    start: Board,
    stats: serde_json::Value,
}

#[pymethods]
impl PySolution {
    /// True when a solution was found.
    #[getter]
    fn solved(&self) -> bool {
        self.status == "solved"
    }

    /// The moves, in order.
    #[getter]
    fn moves(&self) -> Vec<PyMove> {
        self.moves.clone()
    }

    /// The search's statistics: ``examined``, ``enqueued``, ``generated``,
    /// ``max_frontier``, ``memory_bytes``, ``elapsed_ms`` and ``per_level``.
    #[getter]
    fn statistics(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        json_to_python(py, &self.stats)
    }

    /// The boards from the start to the goal, one after each move.
    fn boards(&self, py: Python<'_>) -> PyResult<Vec<PyBoard>> {
        let mut board = PyBoard::new(self.start.clone());
        let mut boards = vec![board.clone()];
        for m in &self.moves {
            board = board.apply(Bound::new(py, m.clone())?.as_any())?;
            boards.push(board.clone());
        }
        Ok(boards)
    }

    fn __len__(&self) -> usize {
        self.moves.len()
    }

    fn __repr__(&self) -> String {
        match self.length {
            Some(n) => format!(
                "Solution({}, length={n}, metric={})",
                self.status, self.metric
            ),
            None => format!("Solution({})", self.status),
        }
    }
}

/// A number, or Python's `None`.
fn none_or(n: Option<u32>) -> String {
    n.map_or("None".to_string(), |n| n.to_string())
}

pub fn json_to_python(py: Python<'_>, value: &serde_json::Value) -> PyResult<Py<PyAny>> {
    let json = py.import("json")?;
    Ok(json.call_method1("loads", (value.to_string(),))?.unbind())
}

/// Solves `board` (`Board.solve`).
pub fn solve_board(
    py: Python<'_>,
    board: &Board,
    metric: Option<&str>,
    algorithm: &str,
    timeout: Option<f64>,
    max_memory: Option<&Bound<'_, PyAny>>,
    max_nodes: Option<u64>,
) -> PyResult<PySolution> {
    let metric = metric_of(board, metric)?;
    let algorithm: Algorithm = algorithm.parse().map_err(value_error)?;
    let memory = memory_of(max_memory)?;
    let options = SolveOptions::new(metric, algorithm, None, timeout, max_nodes, &memory)
        .map_err(value_error)?;
    let control = options.control.clone();
    let report = cancellable(py, control, |control| {
        let options = SolveOptions {
            control: control.clone(),
            ..options.clone()
        };
        with_solver(|solver| solver.solve(board, &options))
    })?
    .map_err(search_error)?;
    Ok(PySolution {
        status: report.verdict.status(),
        length: report.length,
        steps: report.steps,
        metric: report.metric.name(),
        algorithm: report.algorithm.name(),
        optimal: report.optimal,
        moves: report.moves.iter().map(PyMove::from_move).collect(),
        start: board.clone(),
        stats: serde_json::to_value(&report.stats).unwrap_or_default(),
    })
}

/// The shape of a position's component.
#[pyclass(name = "Analysis", module = "unblocker", frozen, get_all)]
pub struct PyAnalysis {
    /// The metric of the distances.
    metric: &'static str,
    /// Positions reachable from the start (its connected component).
    reachable_states: u64,
    /// Positions of the component where the target is at the goal.
    goal_states: u64,
    /// The optimum from the start; ``None`` when unsolvable.
    optimal: Option<u32>,
    /// The largest distance to the goal in the component: its hardest start.
    farthest: Option<u32>,
    /// A position at that distance.
    farthest_board: Option<PyBoard>,
    /// Positions at each distance from the goal (index = distance).
    distance_histogram: Vec<u64>,
    elapsed_ms: f64,
}

#[pymethods]
impl PyAnalysis {
    fn __repr__(&self) -> String {
        format!(
            "Analysis(reachable_states={}, optimal={}, farthest={})",
            self.reachable_states,
            none_or(self.optimal),
            none_or(self.farthest)
        )
    }
}

/// Explores `board`'s whole component (`Board.analyze`).
pub fn analyze_board(
    py: Python<'_>,
    board: &Board,
    metric: Option<&str>,
    timeout: Option<f64>,
    max_memory: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyAnalysis> {
    let metric = metric_of(board, metric)?;
    let memory = memory_of(max_memory)?;
    let options = SolveOptions::new(metric, Algorithm::Bfs, None, timeout, None, &memory)
        .map_err(value_error)?;
    let analysis = cancellable(py, options.control, |control| {
        with_solver(|solver| solver.analyze(board, metric, control))
    })?
    .map_err(search_error)?;
    Ok(PyAnalysis {
        metric: analysis.metric.name(),
        reachable_states: analysis.reachable_states,
        goal_states: analysis.goal_states,
        optimal: analysis.optimal,
        farthest: analysis.farthest,
        farthest_board: analysis.farthest_board.map(PyBoard::new),
        distance_histogram: analysis.distance_histogram,
        elapsed_ms: analysis.elapsed_ms,
    })
}

/// The optimum of every board (a list of `Board`s or of texts), solved on
/// the shared thread pool with the GIL released: a NumPy ``int32`` array,
/// -1 where a board is unsolvable. Raises on the first unreadable board.
#[pyfunction]
#[pyo3(signature = (boards, *, metric=None, max_memory=None))]
fn solve_many<'py>(
    py: Python<'py>,
    boards: &Bound<'py, PyAny>,
    metric: Option<&str>,
    max_memory: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray1<i32>>> {
    let boards: Vec<Board> = boards
        .try_iter()?
        .map(|b| PyBoard::from_object(&b?))
        .collect::<PyResult<_>>()?;
    let metrics: Vec<Metric> = boards
        .iter()
        .map(|b| metric_of(b, metric))
        .collect::<PyResult<_>>()?;
    let memory = memory_of(max_memory)?;
    let answers = in_pool(py, |flag| {
        let control = Control {
            cancel: Some(flag.clone()),
            memory: Some(memory.clone()),
            ..Control::default()
        };
        boards
            .par_iter()
            .zip(&metrics)
            .map(|(board, &metric)| {
                if flag.load(Ordering::Relaxed) {
                    return Ok(None);
                }
                let options = SolveOptions {
                    metric,
                    control: control.clone(),
                    ..SolveOptions::default()
                };
                let report = with_solver(|s| s.solve(board, &options))?;
                Ok(match report.verdict {
                    Verdict::Solved => Some(report.length.map_or(-1, |l| l as i32)),
                    Verdict::Unsolvable => Some(-1),
                    Verdict::Stopped(reason) => {
                        return Err(unblocker_solve::SolveError::Stopped(reason))
                    }
                })
            })
            .collect::<Result<Vec<Option<i32>>, _>>()
    })?
    .map_err(search_error)?;
    let answers: Vec<i32> = answers.into_iter().map(|a| a.unwrap_or(-1)).collect();
    Ok(answers.into_pyarray(py))
}

/// Reads the board in a screenshot: ``source`` is the picture's bytes, a
/// path to a PNG, JPEG, GIF or WebP file, or a binary file object. A file
/// or stream is read within the library's bound (64 MiB): a longer one (a
/// device such as ``/dev/zero``) raises ``OSError`` instead of being read
/// forever. Returns ``(board, info)`` with ``info`` holding ``confidence``
/// and ``exit_assumed``. Raises :class:`ScanError` when no board can be
/// read.
#[pyfunction]
fn scan<'py>(
    py: Python<'py>,
    source: &Bound<'py, PyAny>,
) -> PyResult<(PyBoard, Bound<'py, PyDict>)> {
    let bytes: Vec<u8> = if let Ok(b) = source.cast::<PyBytes>() {
        b.as_bytes().to_vec()
    } else if let Ok(b) = source.extract::<Vec<u8>>() {
        b
    } else if source.hasattr("read")? {
        read_stream(source)?
    } else {
        let path: std::path::PathBuf = source.extract()?;
        py.detach(|| unblocker_input::read_file_bytes(&path))
            .map_err(|e| PyOSError::new_err(e.to_string()))?
    };
    let scanned = py
        .detach(|| unblocker_scan::scan(&bytes))
        .map_err(scan_error)?;
    let info = PyDict::new(py);
    info.set_item("confidence", scanned.confidence)?;
    info.set_item("exit_assumed", scanned.exit_assumed)?;
    let b = scanned.bounds;
    info.set_item("bounds", (b.x, b.y, b.width, b.height))?;
    Ok((PyBoard::new(scanned.board), info))
}

/// The bytes of a binary file object, read until its end but never past
/// [`unblocker_input::MAX_INPUT_BYTES`]: a longer stream raises `OSError`.
fn read_stream(stream: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    let limit = unblocker_input::MAX_INPUT_BYTES;
    let mut bytes = Vec::new();
    loop {
        let wanted = (limit + 1 - bytes.len() as u64).min(1 << 20);
        let chunk = stream.call_method1("read", (wanted,))?;
        let chunk = chunk.cast::<PyBytes>()?.as_bytes();
        if chunk.is_empty() {
            return Ok(bytes);
        }
        bytes.extend_from_slice(chunk);
        if bytes.len() as u64 > limit {
            return Err(PyOSError::new_err(format!(
                "the stream holds more than {limit} bytes, the limit"
            )));
        }
    }
}
