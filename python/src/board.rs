//! `Board` and `Move`: reading and printing boards in every format, legal
//! moves and applying them.

use crate::errors::{board_error, move_error, value_error};
use crate::search::{analyze_board, solve_board, PyAnalysis, PySolution};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use unblocker_model::format::{self, Format, ParseOptions};
use unblocker_model::{
    drawing, index_of_label, label_of, puzzle, Direction, Game, Goal, Mobility, Slide, MAX_PIECES,
};

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyBoard>()?;
    m.add_class::<PyMove>()?;
    m.add_function(wrap_pyfunction!(bundled_names, m)?)?;
    Ok(())
}

/// A puzzle position (Rush Hour or Klotski); immutable and hashable.
/// Pieces are numbered from 0 (the target, letter ``A``) and keep their
/// numbers through :meth:`apply`.
#[pyclass(name = "Board", module = "unblocker", frozen)]
#[derive(Clone)]
pub struct PyBoard {
    pub board: unblocker_model::Board,
}

pub fn game_name(game: Game) -> &'static str {
    game.name()
}

fn parse_game(game: Option<&str>) -> PyResult<Option<Game>> {
    match game.map(|g| g.to_ascii_lowercase()) {
        None => Ok(None),
        Some(g) if g == "rush" || g == "rushhour" || g == "rush_hour" => Ok(Some(Game::RushHour)),
        Some(g) if g == "klotski" => Ok(Some(Game::Klotski)),
        Some(g) => Err(value_error(format!(
            "unknown game '{g}' (expected rush or klotski)"
        ))),
    }
}

pub fn parse_direction(text: &str) -> PyResult<Direction> {
    Direction::ALL
        .iter()
        .copied()
        .find(|d| d.name() == text.to_ascii_lowercase())
        .ok_or_else(|| {
            value_error(format!(
                "unknown direction '{text}' (expected up, down, left or right)"
            ))
        })
}

impl PyBoard {
    pub fn new(board: unblocker_model::Board) -> PyBoard {
        PyBoard { board }
    }

    fn options(game: Option<&str>, goal: Option<(u8, u8)>) -> PyResult<ParseOptions> {
        Ok(ParseOptions {
            game: parse_game(game)?,
            goal,
        })
    }

    /// A board from a `Board` or from text in any format.
    pub fn from_object(object: &Bound<'_, PyAny>) -> PyResult<unblocker_model::Board> {
        if let Ok(board) = object.cast::<PyBoard>() {
            return Ok(board.get().board.clone());
        }
        let text: String = object.extract().map_err(|_| {
            pyo3::exceptions::PyTypeError::new_err(format!(
                "expected a Board or a board's text, not {}",
                object
                    .get_type()
                    .name()
                    .map_or("?".into(), |n| n.to_string())
            ))
        })?;
        puzzle::resolve(&text, ParseOptions::default())
            .map(|p| p.board)
            .map_err(board_error)
    }
}

#[pymethods]
impl PyBoard {
    /// Reads a board in any format the command line reads: a bundled name
    /// (``"hardest"``, ``"card1"``, ``"klotski"``), one line
    /// (``"IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM"``, optional ``WxH:`` prefix
    /// and ``:L2`` exit suffix), rows (``"BB...C/D..E.C/…"``), a framed grid,
    /// COS402 jams, JSON or a Klotski CommonCode. ``game`` ("rush" or
    /// "klotski") and ``goal`` (the Klotski target's top-left ``(row, col)``)
    /// settle what the text may not. Raises :class:`BoardError`.
    #[staticmethod]
    #[pyo3(signature = (text, *, game=None, goal=None))]
    fn parse(text: &str, game: Option<&str>, goal: Option<(u8, u8)>) -> PyResult<PyBoard> {
        let options = PyBoard::options(game, goal)?;
        puzzle::resolve(text, options)
            .map(|p| PyBoard::new(p.board))
            .map_err(board_error)
    }

    /// Reads a board from its JSON form, a ``str`` or a ``dict``
    /// (``{"width": 6, "height": 6, "pieces": [...], "walls": [...], "exit": {...}}``).
    #[staticmethod]
    fn from_json(py: Python<'_>, json: &Bound<'_, PyAny>) -> PyResult<PyBoard> {
        let text: String = if json.is_instance_of::<PyString>() {
            json.extract()?
        } else if json.is_instance_of::<PyDict>() {
            py.import("json")?
                .call_method1("dumps", (json,))?
                .extract()?
        } else {
            return Err(pyo3::exceptions::PyTypeError::new_err(
                "from_json takes a str or a dict",
            ));
        };
        format::parse_as(&text, Format::Json, ParseOptions::default())
            .map(PyBoard::new)
            .map_err(board_error)
    }

    /// The board as text: ``"line"`` (the canonical one-line form),
    /// ``"rows"``, ``"grid"``, ``"jams"``, ``"json"`` or ``"code"`` (a Klotski
    /// CommonCode). Raises ``ValueError`` when the format would lose part
    /// of the board.
    #[pyo3(signature = (format="line"))]
    fn to_text(&self, format: &str) -> PyResult<String> {
        if format.eq_ignore_ascii_case("code") {
            return format::common_code(&self.board).ok_or_else(|| {
                value_error("a CommonCode holds only 4x5 Klotski boards of the classic pieces")
            });
        }
        let format: Format = format.parse().map_err(value_error)?;
        if let Some(why) = format::loses(&self.board, format) {
            return Err(value_error(why));
        }
        Ok(format::print(&self.board, format))
    }

    /// The board as a ``dict`` (the JSON form).
    fn to_dict(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let text = format::print(&self.board, Format::Json);
        Ok(py.import("json")?.call_method1("loads", (text,))?.unbind())
    }

    /// Columns.
    #[getter]
    fn width(&self) -> usize {
        self.board.width()
    }

    /// Rows.
    #[getter]
    fn height(&self) -> usize {
        self.board.height()
    }

    /// ``"rush"`` or ``"klotski"``.
    #[getter]
    fn game(&self) -> &'static str {
        game_name(self.board.game())
    }

    /// The pieces as ``(label, row, col, width, height, mobility)`` tuples,
    /// the target first; mobility is ``"horizontal"``, ``"vertical"`` or
    /// ``"free"``.
    #[getter]
    fn pieces(&self) -> Vec<(String, u8, u8, u8, u8, &'static str)> {
        self.board
            .pieces()
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let mobility = match p.mobility {
                    Mobility::Horizontal => "horizontal",
                    Mobility::Vertical => "vertical",
                    Mobility::Free => "free",
                };
                (
                    label_of(i).to_string(),
                    p.row,
                    p.col,
                    p.width,
                    p.height,
                    mobility,
                )
            })
            .collect()
    }

    /// The walls' ``(row, col)`` cells.
    #[getter]
    fn walls(&self) -> Vec<(u8, u8)> {
        self.board.walls().to_vec()
    }

    /// The goal: ``{"exit": side, "index": n}`` for Rush Hour,
    /// ``{"row": r, "col": c}`` (the target's top-left cell) for Klotski.
    #[getter]
    fn goal<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        match self.board.goal() {
            Goal::Exit(exit) => {
                let side = format!("{:?}", exit.side).to_lowercase();
                dict.set_item("exit", side)?;
                dict.set_item("index", exit.index)?;
            }
            Goal::Place { row, col } => {
                dict.set_item("row", row)?;
                dict.set_item("col", col)?;
            }
        }
        Ok(dict)
    }

    /// True when the target has reached the goal.
    #[getter]
    fn is_solved(&self) -> bool {
        self.board.is_solved()
    }

    /// Every legal slide (one piece, one direction, any free distance).
    fn moves(&self) -> Vec<PyMove> {
        self.board
            .legal_slides()
            .into_iter()
            .map(PyMove::from_slide)
            .collect()
    }

    /// The board after ``move``: a :class:`Move` or a ``(piece, direction,
    /// distance)`` tuple (piece a letter or an index). A Klotski move along
    /// a path applies each segment. Raises :class:`MoveError`.
    pub fn apply(&self, r#move: &Bound<'_, PyAny>) -> PyResult<PyBoard> {
        let segments = PyMove::segments_of(r#move)?;
        let mut board = self.board.clone();
        for slide in segments {
            board = board.apply(slide).map_err(move_error)?;
        }
        Ok(PyBoard::new(board))
    }

    /// Solves the board: optimally with ``algorithm="bfs"`` (the default;
    /// fewest steps among the optimal solutions), or with ``astar``,
    /// ``idastar``, ``iddfs``, ``bidir``, ``dfs`` or ``greedy``. ``metric``
    /// is ``"slide"`` (Rush Hour's default), ``"piece"`` (Klotski's) or
    /// ``"step"``. ``timeout`` (seconds), ``max_memory`` (bytes, or text
    /// such as ``"512M"``) and ``max_nodes`` stop a long search: the
    /// solution's ``status`` says why. The GIL is released while it runs;
    /// Ctrl+C stops it with ``KeyboardInterrupt``.
    #[pyo3(signature = (*, metric=None, algorithm="bfs", timeout=None, max_memory=None, max_nodes=None))]
    fn solve(
        &self,
        py: Python<'_>,
        metric: Option<&str>,
        algorithm: &str,
        timeout: Option<f64>,
        max_memory: Option<&Bound<'_, PyAny>>,
        max_nodes: Option<u64>,
    ) -> PyResult<PySolution> {
        solve_board(
            py,
            &self.board,
            metric,
            algorithm,
            timeout,
            max_memory,
            max_nodes,
        )
    }

    /// Explores the board's whole component: its size, goal positions, the
    /// optimum, the hardest start and the distance histogram.
    #[pyo3(signature = (*, metric=None, timeout=None, max_memory=None))]
    fn analyze(
        &self,
        py: Python<'_>,
        metric: Option<&str>,
        timeout: Option<f64>,
        max_memory: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyAnalysis> {
        analyze_board(py, &self.board, metric, timeout, max_memory)
    }

    /// The same position with pieces renumbered in canonical order.
    fn canonical(&self) -> PyBoard {
        PyBoard::new(self.board.canonical())
    }

    fn __str__(&self) -> String {
        drawing::draw(&self.board, None, false, "")
    }

    fn __repr__(&self) -> String {
        format!("Board({:?})", format::to_line(&self.board))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyBoard>()
            .is_ok_and(|o| o.get().board == self.board)
    }

    fn __hash__(&self) -> u64 {
        let mut hasher = DefaultHasher::new();
        self.board.hash(&mut hasher);
        hasher.finish()
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let json = format::print(&slf.get().board, Format::Json);
        Ok((slf.get_type().getattr("from_json")?, (json,)))
    }
}

/// One move: a piece going ``distance`` cells towards ``direction`` (a
/// Klotski move in the piece metric may follow a ``path`` of several
/// segments; ``direction`` and ``distance`` are its first one).
#[pyclass(name = "Move", module = "unblocker", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyMove {
    /// The piece's index (0 is the target).
    #[pyo3(get)]
    index: u8,
    path: Vec<(Direction, u8)>,
}

impl PyMove {
    pub fn from_slide(slide: Slide) -> PyMove {
        PyMove {
            index: slide.piece,
            path: vec![(slide.direction, slide.distance)],
        }
    }

    pub fn from_move(m: &unblocker_model::Move) -> PyMove {
        PyMove {
            index: m.piece,
            path: m.path.clone(),
        }
    }

    /// The slides of a `Move` or a `(piece, direction, distance)` tuple.
    pub fn segments_of(object: &Bound<'_, PyAny>) -> PyResult<Vec<Slide>> {
        if let Ok(m) = object.cast::<PyMove>() {
            let m = m.get();
            return Ok(m
                .path
                .iter()
                .map(|&(direction, distance)| Slide {
                    piece: m.index,
                    direction,
                    distance,
                })
                .collect());
        }
        let tuple = object.cast::<PyTuple>().map_err(|_| {
            pyo3::exceptions::PyTypeError::new_err(
                "a move is a Move or a (piece, direction, distance) tuple",
            )
        })?;
        let (piece, direction, distance): (Bound<'_, PyAny>, String, i64) = tuple.extract()?;
        let index = piece_index(&piece)?;
        let direction = parse_direction(&direction)?;
        let distance = u8::try_from(distance)
            .ok()
            .filter(|&d| d >= 1)
            .ok_or_else(|| move_error(format!("a move's distance is 1 to 255, not {distance}")))?;
        Ok(vec![Slide {
            piece: index,
            direction,
            distance,
        }])
    }
}

/// A piece given as a letter or an index.
fn piece_index(piece: &Bound<'_, PyAny>) -> PyResult<u8> {
    if let Ok(label) = piece.extract::<String>() {
        let mut chars = label.chars();
        return match (chars.next(), chars.next()) {
            (Some(c), None) => index_of_label(c)
                .map(|i| i as u8)
                .ok_or_else(|| move_error(format!("'{label}' is no piece letter"))),
            _ => Err(move_error(format!("'{label}' is no piece letter"))),
        };
    }
    let index: i64 = piece.extract()?;
    usize::try_from(index)
        .ok()
        .filter(|&i| i < MAX_PIECES)
        .map(|i| i as u8)
        .ok_or_else(|| move_error(format!("there is no piece {index}")))
}

#[pymethods]
impl PyMove {
    #[new]
    fn py_new(piece: &Bound<'_, PyAny>, direction: &str, distance: u8) -> PyResult<PyMove> {
        if distance == 0 {
            return Err(move_error("a move must have a distance of at least 1"));
        }
        Ok(PyMove {
            index: piece_index(piece)?,
            path: vec![(parse_direction(direction)?, distance)],
        })
    }

    /// The piece's letter (``"A"`` is the target).
    #[getter]
    fn piece(&self) -> String {
        label_of(self.index as usize).to_string()
    }

    /// ``"up"``, ``"down"``, ``"left"`` or ``"right"`` (of the first segment).
    #[getter]
    fn direction(&self) -> &'static str {
        self.path[0].0.name()
    }

    /// Cells moved (by the first segment).
    #[getter]
    fn distance(&self) -> u8 {
        self.path[0].1
    }

    /// The segments as ``(direction, distance)`` pairs.
    #[getter]
    fn path(&self) -> Vec<(&'static str, u8)> {
        self.path.iter().map(|&(d, n)| (d.name(), n)).collect()
    }

    /// One-cell steps the move takes.
    #[getter]
    fn steps(&self) -> u32 {
        self.path.iter().map(|&(_, n)| n as u32).sum()
    }

    fn __repr__(&self) -> String {
        self.repr()
    }
}

impl PyMove {
    /// `Move(B down 2)`.
    pub fn repr(&self) -> String {
        let path: Vec<String> = self.path.iter().map(|(d, n)| format!("{d} {n}")).collect();
        format!("Move({} {})", self.piece(), path.join(", "))
    }
}

/// The names of the bundled puzzles (Rush Hour, then Klotski).
#[pyfunction]
fn bundled_names() -> Vec<&'static str> {
    unblocker_model::catalog::bundled()
        .iter()
        .map(|b| b.name)
        .collect()
}
