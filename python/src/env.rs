//! The core of the Gymnasium environments: N boards stepped in one call,
//! their observations, action masks and optimal distances written into
//! NumPy arrays; and the random puzzles they start from.

use crate::board::{PyBoard, PyMove};
use crate::component::{Distances, UNREACHED};
use crate::errors::{board_error, database_error, value_error};
use numpy::{IntoPyArray, PyArray1, PyArrayMethods, PyReadonlyArray1, PyUntypedArrayMethods};
use pyo3::prelude::*;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use unblocker_db::{Database, Filter, Record};
use unblocker_model::format::{self, ParseOptions};
use unblocker_model::{catalog, Board, Content, Direction, Game, Goal, Side, Slide};

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<EnvCore>()?;
    m.add_function(wrap_pyfunction!(random_puzzle, m)?)?;
    Ok(())
}

/// The embedded sample of the 6x6 database, read once: each record with
/// its board.
fn sample() -> PyResult<&'static [(Record, Board)]> {
    static SAMPLE: OnceLock<Vec<(Record, Board)>> = OnceLock::new();
    if let Some(s) = SAMPLE.get() {
        return Ok(s);
    }
    let records = Database::sample()
        .and_then(|db| db.query(&Filter::default()))
        .map_err(database_error)?;
    let boards = with_boards(records)?;
    Ok(SAMPLE.get_or_init(|| boards))
}

fn with_boards(records: Vec<Record>) -> PyResult<Vec<(Record, Board)>> {
    records
        .into_iter()
        .map(|r| {
            let board = format::parse(&r.board, ParseOptions::default()).map_err(board_error)?;
            Ok((r, board))
        })
        .collect()
}

/// The distance table of `board`'s component, shared by every environment
/// (at most [`KEPT_TABLES`] are kept).
fn table_of(board: &Board) -> PyResult<Arc<Distances>> {
    static TABLES: OnceLock<Mutex<HashMap<Board, Arc<Distances>>>> = OnceLock::new();
    let tables = TABLES.get_or_init(Mutex::default);
    if let Some(t) = tables.lock().unwrap_or_else(|e| e.into_inner()).get(board) {
        return Ok(t.clone());
    }
    let table = Arc::new(Distances::new(board).map_err(value_error)?);
    let mut tables = tables.lock().unwrap_or_else(|e| e.into_inner());
    if tables.len() >= KEPT_TABLES {
        tables.clear();
    }
    tables.insert(board.clone(), table.clone());
    Ok(table)
}

/// A small fast generator (SplitMix64), seeded by the caller so that
/// episodes repeat.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// Where starts come from: candidate boards (the components they open),
/// and the distance range a start must have.
pub struct Source {
    candidates: Vec<Board>,
    range: (u32, u32),
}

/// At most this many distance tables are kept.
const KEPT_TABLES: usize = 256;

impl Source {
    /// Rush Hour components of the embedded sample (or of a database file)
    /// with `walls` walls and at least `range.0` moves; Klotski layouts of
    /// the bundled catalogue of the given size.
    pub fn new(
        game: Game,
        range: (u32, u32),
        walls: (u32, u32),
        size: Option<(usize, usize)>,
        database: Option<&str>,
        components: Option<usize>,
    ) -> PyResult<Source> {
        if range.0 > range.1 {
            return Err(value_error(format!(
                "the move range {}..{} is empty",
                range.0, range.1
            )));
        }
        let candidates: Vec<Board> = match game {
            Game::RushHour => {
                let from_file;
                let records: &[(Record, Board)] = match database {
                    Some(path) => {
                        let db = Database::open_existing(std::path::Path::new(path))
                            .map_err(database_error)?;
                        from_file = with_boards(
                            db.query(&Filter {
                                min_moves: Some(range.0),
                                random: true,
                                limit: Some(20_000),
                                ..Filter::default()
                            })
                            .map_err(database_error)?,
                        )?;
                        &from_file
                    }
                    None => sample()?,
                };
                records
                    .iter()
                    .filter(|(r, _)| r.moves >= range.0 && (walls.0..=walls.1).contains(&r.walls))
                    .map(|(_, b)| b.clone())
                    .collect()
            }
            Game::Klotski => catalog::bundled()
                .iter()
                .filter(|b| b.game == "klotski")
                .filter_map(|b| format::parse(b.board, ParseOptions::default()).ok())
                .filter(|b| walls.0 <= b.walls().len() as u32 && b.walls().len() as u32 <= walls.1)
                .collect(),
        };
        let mut candidates: Vec<Board> = candidates
            .into_iter()
            .filter(|b| size.is_none_or(|s| (b.width(), b.height()) == s))
            .collect();
        if let Some(k) = components.filter(|&k| k < candidates.len()) {
            // The same components every time: a fixed set to train on.
            let mut rng = Rng(0x5EED);
            for i in 0..k {
                let j = i + (rng.next() % (candidates.len() - i) as u64) as usize;
                candidates.swap(i, j);
            }
            candidates.truncate(k.max(1));
        }
        if candidates.is_empty() {
            return Err(value_error(
                "no puzzle matches these moves and walls (the embedded sample has 6x6 Rush Hour puzzles of 1 to 60 moves with 0 to 2 walls)",
            ));
        }
        Ok(Source { candidates, range })
    }

    /// A start at a distance in range, with its component's table (its
    /// pieces numbered as in the table's board, which the look-ups need).
    fn draw(&self, rng: &mut Rng) -> PyResult<(Board, u32, Arc<Distances>)> {
        for _ in 0..64 {
            let i = (rng.next() % self.candidates.len() as u64) as usize;
            let table = table_of(&self.candidates[i])?;
            if let Some((board, d)) = table.pick(self.range, rng.next()) {
                return Ok((board, d, table));
            }
        }
        Err(value_error(format!(
            "no start of {} to {} moves found in 64 components",
            self.range.0, self.range.1
        )))
    }
}

fn parse_game(game: &str) -> PyResult<Game> {
    match game.to_ascii_lowercase().as_str() {
        "rush" | "rushhour" | "rush_hour" => Ok(Game::RushHour),
        "klotski" => Ok(Game::Klotski),
        _ => Err(value_error(format!(
            "unknown game '{game}' (expected rush or klotski)"
        ))),
    }
}

/// A random puzzle whose optimum (in slides) is in ``min_moves..=max_moves``,
/// with ``min_walls..=max_walls`` walls: Rush Hour positions from the
/// components of the embedded sample of the 6x6 database (or of the
/// database file ``database``), Klotski positions from the components of
/// the bundled layouts. Returns ``(board, optimal_slides)``.
#[pyfunction]
#[pyo3(signature = (*, game="rush", min_moves=1, max_moves=60, min_walls=0, max_walls=2, seed=0, database=None))]
#[allow(clippy::too_many_arguments)]
fn random_puzzle(
    py: Python<'_>,
    game: &str,
    min_moves: u32,
    max_moves: u32,
    min_walls: u32,
    max_walls: u32,
    seed: u64,
    database: Option<&str>,
) -> PyResult<(PyBoard, u32)> {
    let game = parse_game(game)?;
    let source = Source::new(
        game,
        (min_moves, max_moves),
        (min_walls, max_walls),
        None,
        database,
        None,
    )?;
    let mut rng = Rng(seed);
    let (board, d, _) = py.detach(|| source.draw(&mut rng))?;
    Ok((PyBoard::new(board.canonical()), d))
}

struct Slot {
    board: Board,
    table: Arc<Distances>,
    remaining: u32,
    steps: u32,
    done: bool,
}

/// N environments of one game and board size, stepped together.
#[pyclass(name = "EnvCore", module = "unblocker")]
pub struct EnvCore {
    source: Source,
    width: usize,
    height: usize,
    /// Piece channels (and pieces in the action space).
    pieces: usize,
    /// Distances of the action space: 1..=reach.
    reach: usize,
    shaping: f32,
    max_steps: u32,
    autoreset: bool,
    rng: Rng,
    slots: Vec<Slot>,
}

/// Observations, action masks and optimal distances of every slot.
type State<'py> = (
    Bound<'py, PyAny>,
    Bound<'py, PyAny>,
    Bound<'py, PyArray1<i32>>,
);

/// What one step of every environment returns.
type Arrays<'py> = (
    Bound<'py, PyAny>,
    Bound<'py, PyArray1<f32>>,
    Bound<'py, PyArray1<bool>>,
    Bound<'py, PyArray1<bool>>,
    Bound<'py, PyAny>,
    Bound<'py, PyArray1<i32>>,
    Bound<'py, PyArray1<bool>>,
);

impl EnvCore {
    fn actions(&self) -> usize {
        self.pieces * 4 * self.reach
    }

    fn channels(&self) -> usize {
        self.pieces + 2
    }

    fn decode(&self, action: i64) -> Option<Slide> {
        let a = usize::try_from(action)
            .ok()
            .filter(|&a| a < self.actions())?;
        Some(Slide {
            piece: (a / (4 * self.reach)) as u8,
            direction: Direction::ALL[(a / self.reach) % 4],
            distance: (a % self.reach + 1) as u8,
        })
    }

    fn reset_slot(&mut self, i: usize) -> PyResult<()> {
        let (board, remaining, table) = self.source.draw(&mut self.rng)?;
        self.slots[i] = Slot {
            board,
            table,
            remaining,
            steps: 0,
            done: false,
        };
        Ok(())
    }

    /// Writes slot `i`'s observation and action mask.
    fn observe(&self, i: usize, obs: &mut [u8], mask: &mut [i8]) {
        let (w, c) = (self.width, self.channels());
        let board = &self.slots[i].board;
        let contents = board.contents();
        for (cell, content) in contents.iter().enumerate() {
            let channel = match *content {
                Content::Empty => None,
                Content::Piece(p) => Some(p),
                Content::Wall => Some(self.pieces),
            };
            if let Some(ch) = channel {
                obs[cell * c + ch] = 1;
            }
        }
        for (r, col) in goal_cells(board) {
            obs[(r * w + col) * c + self.pieces + 1] = 1;
        }
        for (p, piece) in board.pieces().iter().enumerate() {
            for (d, &direction) in Direction::ALL.iter().enumerate() {
                if !piece.mobility.allows(direction) {
                    continue;
                }
                let free = reach(board, &contents, p, direction).min(self.reach);
                let base = (p * 4 + d) * self.reach;
                mask[base..base + free].fill(1);
            }
        }
    }

    /// Observations, masks and optimal distances of every slot.
    fn arrays<'py>(&self, py: Python<'py>) -> PyResult<State<'py>> {
        let n = self.slots.len();
        let cells = self.width * self.height * self.channels();
        let mut obs = vec![0u8; n * cells];
        let mut mask = vec![0i8; n * self.actions()];
        for i in 0..n {
            self.observe(
                i,
                &mut obs[i * cells..(i + 1) * cells],
                &mut mask[i * self.actions()..(i + 1) * self.actions()],
            );
        }
        let optimal: Vec<i32> = self
            .slots
            .iter()
            .map(|s| {
                if s.remaining == UNREACHED {
                    -1
                } else {
                    s.remaining as i32
                }
            })
            .collect();
        let obs = obs
            .into_pyarray(py)
            .reshape([n, self.height, self.width, self.channels()])?;
        let mask = mask.into_pyarray(py).reshape([n, self.actions()])?;
        Ok((obs.into_any(), mask.into_any(), optimal.into_pyarray(py)))
    }
}

/// The cells the target covers at its goal (Klotski), or the cell by the
/// exit (Rush Hour).
fn goal_cells(board: &Board) -> Vec<(usize, usize)> {
    let (w, h) = (board.width(), board.height());
    match board.goal() {
        Goal::Exit(exit) => {
            let i = exit.index as usize;
            vec![match exit.side {
                Side::Left => (i, 0),
                Side::Right => (i, w - 1),
                Side::Top => (0, i),
                Side::Bottom => (h - 1, i),
            }]
        }
        Goal::Place { row, col } => {
            let t = board.target();
            let (r, c) = (row as usize, col as usize);
            (r..r + t.height as usize)
                .flat_map(|r| (c..c + t.width as usize).map(move |c| (r, c)))
                .collect()
        }
    }
}

/// How many cells piece `p` can slide towards `direction` (`contents` is
/// the board's cells, row by row).
fn reach(board: &Board, contents: &[Content], p: usize, direction: Direction) -> usize {
    let piece = board.pieces()[p];
    let (w, h) = (board.width() as i32, board.height() as i32);
    let (dr, dc) = direction.delta();
    let (dr, dc) = (dr as i32, dc as i32);
    let mut free = 0;
    loop {
        let k = free as i32 + 1;
        let (top, left) = (piece.row as i32 + dr * k, piece.col as i32 + dc * k);
        let (bottom, right) = (top + piece.height as i32, left + piece.width as i32);
        if top < 0 || left < 0 || bottom > h || right > w {
            return free;
        }
        // The row or column the piece's leading edge enters.
        let (rows, cols) = match direction {
            Direction::Up => (top..top + 1, left..right),
            Direction::Down => (bottom - 1..bottom, left..right),
            Direction::Left => (top..bottom, left..left + 1),
            Direction::Right => (top..bottom, right - 1..right),
        };
        for r in rows {
            for c in cols.clone() {
                if contents[(r * w + c) as usize] != Content::Empty {
                    return free;
                }
            }
        }
        free += 1;
    }
}

#[pymethods]
impl EnvCore {
    /// ``n`` environments of ``game`` whose starts are ``min_moves`` to
    /// ``max_moves`` slides from the goal, with ``min_walls`` to
    /// ``max_walls`` walls. Reward: -1 a move plus ``shaping`` times the
    /// drop in optimal distance. ``max_steps`` > 0 truncates episodes;
    /// ``autoreset`` restarts a finished slot on its next step.
    /// ``components`` limits the starts to that many components (a fixed
    /// set, whose distance tables stay cached).
    #[new]
    #[pyo3(signature = (game="rush", n=1, *, min_moves=1, max_moves=60, min_walls=0, max_walls=2, shaping=0.0, max_steps=0, autoreset=false, database=None, components=None))]
    #[allow(clippy::too_many_arguments)]
    fn py_new(
        game: &str,
        n: usize,
        min_moves: u32,
        max_moves: u32,
        min_walls: u32,
        max_walls: u32,
        shaping: f32,
        max_steps: u32,
        autoreset: bool,
        database: Option<&str>,
        components: Option<usize>,
    ) -> PyResult<EnvCore> {
        let game = parse_game(game)?;
        if !(1..=1_000_000).contains(&n) {
            return Err(value_error(format!(
                "n must be 1 to 1000000 environments, not {n}"
            )));
        }
        let size = match game {
            Game::RushHour => (6, 6),
            Game::Klotski => (4, 5),
        };
        let source = Source::new(
            game,
            (min_moves, max_moves),
            (min_walls, max_walls),
            Some(size),
            database,
            components,
        )?;
        let pieces = source
            .candidates
            .iter()
            .map(|b| b.pieces().len())
            .max()
            .unwrap_or(1);
        let first = source.candidates[0].clone();
        let table = table_of(&first)?;
        let slots = (0..n)
            .map(|_| Slot {
                board: first.clone(),
                table: table.clone(),
                remaining: 0,
                steps: 0,
                done: false,
            })
            .collect();
        Ok(EnvCore {
            source,
            width: size.0,
            height: size.1,
            pieces,
            reach: size.0.max(size.1) - 1,
            shaping,
            max_steps,
            autoreset,
            rng: Rng(0),
            slots,
        })
    }

    /// ``(height, width, channels)``: a channel per piece, then walls, then
    /// the goal.
    #[getter]
    fn observation_shape(&self) -> (usize, usize, usize) {
        (self.height, self.width, self.channels())
    }

    /// The number of actions: pieces × 4 directions × distances.
    #[getter]
    fn n_actions(&self) -> usize {
        self.actions()
    }

    #[getter]
    fn num_envs(&self) -> usize {
        self.slots.len()
    }

    /// Restarts every slot (``seed`` reseeds the draws first): returns
    /// ``(observations, masks, optimal_remaining)``.
    #[pyo3(signature = (seed=None))]
    fn reset<'py>(&mut self, py: Python<'py>, seed: Option<u64>) -> PyResult<State<'py>> {
        if let Some(seed) = seed {
            self.rng = Rng(seed);
        }
        for i in 0..self.slots.len() {
            self.reset_slot(i)?;
        }
        self.arrays(py)
    }

    /// Steps every slot with its action (an ``int64`` array of length
    /// ``num_envs``). An action the mask forbids leaves the board as it is
    /// (reward -1, ``illegal`` set). Returns ``(observations, rewards,
    /// terminated, truncated, masks, optimal_remaining, illegal)``.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: PyReadonlyArray1<'py, i64>,
    ) -> PyResult<Arrays<'py>> {
        let n = self.slots.len();
        if actions.len() != n {
            return Err(value_error(format!(
                "expected {n} actions, got {}",
                actions.len()
            )));
        }
        let actions = actions.as_slice()?.to_vec();
        let mut rewards = vec![0f32; n];
        let mut terminated = vec![false; n];
        let mut truncated = vec![false; n];
        let mut illegal = vec![false; n];
        for i in 0..n {
            if self.slots[i].done && self.autoreset {
                self.reset_slot(i)?;
                continue;
            }
            let slide = self.decode(actions[i]);
            let slot = &mut self.slots[i];
            let moved = slide.and_then(|s| {
                let legal = (s.piece as usize) < slot.board.pieces().len()
                    && slot.board.pieces()[s.piece as usize]
                        .mobility
                        .allows(s.direction)
                    && reach(
                        &slot.board,
                        &slot.board.contents(),
                        s.piece as usize,
                        s.direction,
                    ) >= s.distance as usize;
                legal.then(|| slot.board.apply(s).ok()).flatten()
            });
            rewards[i] = -1.0;
            match moved {
                Some(board) => {
                    let before = slot.remaining;
                    slot.board = board;
                    slot.remaining = slot.table.distance(&slot.board).unwrap_or(UNREACHED);
                    if before != UNREACHED && slot.remaining != UNREACHED {
                        rewards[i] += self.shaping * (before as f32 - slot.remaining as f32);
                    }
                }
                None => illegal[i] = true,
            }
            slot.steps += 1;
            terminated[i] = slot.board.is_solved();
            truncated[i] = !terminated[i] && self.max_steps > 0 && slot.steps >= self.max_steps;
            slot.done = terminated[i] || truncated[i];
        }
        let (obs, mask, optimal) = self.arrays(py)?;
        Ok((
            obs,
            rewards.into_pyarray(py),
            terminated.into_pyarray(py),
            truncated.into_pyarray(py),
            mask,
            optimal,
            illegal.into_pyarray(py),
        ))
    }

    /// The current boards.
    fn boards(&self) -> Vec<PyBoard> {
        self.slots
            .iter()
            .map(|s| PyBoard::new(s.board.clone()))
            .collect()
    }

    /// The move of an action, or ``None`` for an action out of range.
    fn move_of(&self, action: i64) -> Option<PyMove> {
        self.decode(action).map(PyMove::from_slide)
    }

    /// The action of a move (a ``Move`` or a ``(piece, direction,
    /// distance)`` tuple).
    fn action_of(&self, r#move: &Bound<'_, PyAny>) -> PyResult<i64> {
        let slides = PyMove::segments_of(r#move)?;
        let [s] = slides[..] else {
            return Err(value_error("an action is a single straight slide"));
        };
        let d = Direction::ALL
            .iter()
            .position(|&d| d == s.direction)
            .unwrap_or(0);
        if s.piece as usize >= self.pieces || s.distance as usize > self.reach {
            return Err(value_error(format!(
                "{} is outside the action space",
                PyMove::from_slide(s).repr()
            )));
        }
        Ok(((s.piece as usize * 4 + d) * self.reach + s.distance as usize - 1) as i64)
    }
}
