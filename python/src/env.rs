//! The core of the Gymnasium environments: N boards stepped in one call,
//! split over the shared thread pool, writing observations, action masks,
//! rewards, episode flags and optimal distances into NumPy arrays made
//! once. Starts come from a [`Supply`], so a reset draws from tables built
//! ahead on another thread.

use crate::board::{PyBoard, PyMove};
use crate::errors::value_error;
use crate::pool::pool;
use crate::source::{parse_game, seeded, DrawError, Source, Wanted};
use crate::step::{Board, Call, Out, Rules, GRAIN};
use crate::supply::Supply;
use numpy::{
    PyArray1, PyArray2, PyArray4, PyArrayMethods, PyReadonlyArray1, PyUntypedArrayMethods,
};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use rayon::prelude::*;
use std::sync::Arc;
use unblocker_model::random::Rng;
use unblocker_model::{Direction, Game, Slide};

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<EnvCore>()?;
    Ok(())
}

/// The largest window of components (their tables are in memory at once).
const MAX_COMPONENTS: usize = 1024;

/// The arrays a call writes, made once.
struct Arrays {
    obs: Py<PyArray4<u8>>,
    mask: Py<PyArray2<i8>>,
    reward: Py<PyArray1<f32>>,
    terminated: Py<PyArray1<bool>>,
    truncated: Py<PyArray1<bool>>,
    optimal: Py<PyArray1<i32>>,
    illegal: Py<PyArray1<bool>>,
}

impl Arrays {
    /// Every array's data, to write.
    fn out<'a>(&'a mut self, py: Python<'a>) -> PyResult<Out<'a>> {
        let reshaped = |_| value_error("the environment's arrays were made non-contiguous");
        // SAFETY: the arrays are made by `EnvCore::new` and their data is
        // borrowed only here, through `&mut self`, so by one `Out` at a
        // time; Python code may hold views of them (the environments return
        // them), as of any array a NumPy routine fills.
        unsafe {
            Ok(Out {
                obs: self.obs.bind(py).as_slice_mut().map_err(reshaped)?,
                mask: self.mask.bind(py).as_slice_mut().map_err(reshaped)?,
                reward: self.reward.bind(py).as_slice_mut().map_err(reshaped)?,
                terminated: self.terminated.bind(py).as_slice_mut().map_err(reshaped)?,
                truncated: self.truncated.bind(py).as_slice_mut().map_err(reshaped)?,
                optimal: self.optimal.bind(py).as_slice_mut().map_err(reshaped)?,
                illegal: self.illegal.bind(py).as_slice_mut().map_err(reshaped)?,
            })
        }
    }
}

/// N environments of one game and board size, stepped together.
#[pyclass(name = "EnvCore", module = "unblocker")]
pub struct EnvCore {
    source: Arc<Source>,
    rules: Rules,
    /// Components in the window, and steps between its moves.
    components: usize,
    refresh: u64,
    /// `None` until the first reset.
    supply: Option<Supply>,
    boards: Vec<Board>,
    num_envs: usize,
    /// Steps taken over every board since the seeded reset.
    steps: u64,
    shape: (usize, usize, usize),
    arrays: Arrays,
}

impl EnvCore {
    /// Does `call` to every board, into the arrays.
    fn run(&mut self, py: Python<'_>, call: Call<'_>) -> PyResult<()> {
        let supply = self
            .supply
            .as_mut()
            .filter(|_| !self.boards.is_empty())
            .ok_or_else(|| value_error("reset the environment before stepping it"))?;
        supply.advance(self.steps);
        let supply = &*supply;
        let out = self.arrays.out(py)?;
        let (rules, boards) = (&self.rules, &mut self.boards);
        let result = if boards.len() <= GRAIN {
            rules.all(boards, call, supply, out)
        } else {
            py.detach(|| pool().install(|| rules.all(boards, call, supply, out)))
        };
        result.map_err(value_error)
    }

    fn rush_or_klotski_size(game: Game) -> (usize, usize) {
        match game {
            Game::RushHour => (6, 6),
            Game::Klotski => (4, 5),
        }
    }
}

#[pymethods]
impl EnvCore {
    /// ``n`` environments of ``game`` whose starts are ``min_moves`` to
    /// ``max_moves`` slides from the goal, with ``min_walls`` to
    /// ``max_walls`` walls (or all at ``start``, a ``Board``). Reward: -1 a
    /// move plus ``shaping`` times the drop in optimal distance.
    /// ``max_steps`` > 0 truncates episodes; ``autoreset`` restarts a
    /// finished board on its next step. Starts come from a window of
    /// ``components`` components that moves on by one every ``refresh``
    /// steps (0: never).
    #[new]
    #[pyo3(signature = (game="rush", n=1, *, min_moves=1, max_moves=60, min_walls=0, max_walls=2, shaping=0.0, max_steps=0, autoreset=false, database=None, components=64, refresh=20_000, start=None))]
    #[allow(
        clippy::too_many_arguments,
        reason = "each keyword argument of the Python signature is a parameter"
    )]
    fn new(
        py: Python<'_>,
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
        components: usize,
        refresh: u64,
        start: Option<PyRef<'_, PyBoard>>,
    ) -> PyResult<EnvCore> {
        let game = parse_game(game)?;
        if !(1..=1_000_000).contains(&n) {
            return Err(value_error(format!(
                "n must be 1 to 1000000 environments, not {n}"
            )));
        }
        if !(1..=MAX_COMPONENTS).contains(&components) {
            return Err(value_error(format!(
                "components must be 1 to {MAX_COMPONENTS} (each is a table in memory), not {components}"
            )));
        }
        let source = match start {
            Some(board) => {
                let board = board.board.clone();
                if board.game() != game {
                    return Err(value_error(
                        "the start board is not of this environment's game",
                    ));
                }
                // Its layout, checked now rather than at the first reset.
                crate::layout::Layout::new(&board).map_err(value_error)?;
                Source::fixed(board)
            }
            None => Source::new(&Wanted {
                game,
                moves: (min_moves, max_moves),
                walls: (min_walls, max_walls),
                size: Some(Self::rush_or_klotski_size(game)),
                database,
            })?,
        };
        let first = &source.candidates()[0];
        let (width, height) = (first.width(), first.height());
        let pieces = source
            .candidates()
            .iter()
            .map(|b| b.pieces().len())
            .max()
            .unwrap_or(1);
        let rules = Rules {
            pieces,
            reach: width.max(height) - 1,
            shaping,
            max_steps,
            autoreset,
        };
        let shape = (height, width, pieces + 2);
        let arrays = Arrays {
            obs: PyArray4::zeros(py, [n, shape.0, shape.1, shape.2], false).unbind(),
            mask: PyArray2::zeros(py, [n, rules.actions()], false).unbind(),
            reward: PyArray1::zeros(py, n, false).unbind(),
            terminated: PyArray1::zeros(py, n, false).unbind(),
            truncated: PyArray1::zeros(py, n, false).unbind(),
            optimal: PyArray1::zeros(py, n, false).unbind(),
            illegal: PyArray1::zeros(py, n, false).unbind(),
        };
        Ok(EnvCore {
            source: Arc::new(source),
            rules,
            components,
            refresh,
            supply: None,
            boards: Vec::new(),
            num_envs: n,
            steps: 0,
            shape,
            arrays,
        })
    }

    /// ``(height, width, channels)``: a channel per piece, then walls, then
    /// the goal.
    #[getter]
    fn observation_shape(&self) -> (usize, usize, usize) {
        self.shape
    }

    /// The number of actions: pieces × 4 directions × distances.
    #[getter]
    fn n_actions(&self) -> usize {
        self.rules.actions()
    }

    #[getter]
    fn num_envs(&self) -> usize {
        self.num_envs
    }

    /// The arrays every call writes (the same arrays each time):
    /// ``(observations, action_masks, rewards, terminated, truncated,
    /// optimal_remaining, illegal)``.
    #[getter]
    fn arrays<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let a = &self.arrays;
        let arrays = [
            a.obs.bind(py).as_any(),
            a.mask.bind(py).as_any(),
            a.reward.bind(py).as_any(),
            a.terminated.bind(py).as_any(),
            a.truncated.bind(py).as_any(),
            a.optimal.bind(py).as_any(),
            a.illegal.bind(py).as_any(),
        ];
        PyTuple::new(py, arrays)
    }

    /// Restarts every board: with ``seed``, the components and every
    /// board's draws start afresh from it (the first reset is seeded, with
    /// 0 if no seed is given); without, they go on.
    #[pyo3(signature = (seed=None))]
    fn reset(&mut self, py: Python<'_>, seed: Option<u64>) -> PyResult<()> {
        let mut old = None;
        let rngs: Vec<Rng> = match (seed, &self.supply) {
            (None, Some(_)) => self.boards.drain(..).map(|b| b.rng).collect(),
            _ => {
                let mut master = seeded(seed.unwrap_or(0));
                let supply = Supply::new(
                    self.source.clone(),
                    master.next_u64(),
                    self.components,
                    self.refresh,
                );
                // The old supply's tables stay shared until the new one has
                // drawn from them.
                old = self.supply.replace(supply);
                self.steps = 0;
                (0..self.num_envs)
                    .map(|_| Rng::new(master.next_u64()))
                    .collect()
            }
        };
        let supply = self.supply.as_mut().expect("made above");
        supply.advance(self.steps);
        let (rules, supply) = (&self.rules, &*supply);
        let boards = if rngs.len() <= GRAIN {
            rngs.into_iter()
                .map(|rng| rules.start(supply, rng))
                .collect()
        } else {
            py.detach(|| {
                pool().install(|| {
                    rngs.into_par_iter()
                        .map(|rng| rules.start(supply, rng))
                        .collect::<Result<Vec<Board>, DrawError>>()
                })
            })
        };
        self.boards = boards.map_err(value_error)?;
        drop(old);
        self.run(py, Call::Show)
    }

    /// Steps every board with its action (an ``int64`` array of length
    /// ``num_envs``), into the arrays. An action the mask forbids leaves the
    /// board as it is (reward -1, ``illegal`` set).
    fn step(&mut self, py: Python<'_>, actions: PyReadonlyArray1<'_, i64>) -> PyResult<()> {
        let n = self.num_envs;
        if actions.len() != n {
            return Err(value_error(format!(
                "expected {n} actions, got {}",
                actions.len()
            )));
        }
        let actions = actions.as_slice()?;
        self.run(py, Call::Step(actions))?;
        self.steps += n as u64;
        Ok(())
    }

    /// Steps the only board with ``action``: returns ``(reward,
    /// terminated, truncated, optimal_remaining, illegal)`` (the
    /// observation and mask are in the arrays).
    fn step_one(&mut self, py: Python<'_>, action: i64) -> PyResult<(f32, bool, bool, i32, bool)> {
        if self.num_envs != 1 {
            return Err(value_error("step_one steps an environment of one board"));
        }
        self.run(py, Call::Step(&[action]))?;
        self.steps += 1;
        let out = self.arrays.out(py)?;
        Ok((
            out.reward[0],
            out.terminated[0],
            out.truncated[0],
            out.optimal[0],
            out.illegal[0],
        ))
    }

    /// What the tables' supply has done since the seeded reset:
    /// ``tabulated`` components and ``tabulating_seconds`` (all threads),
    /// ``stalls`` (draws whose component was not ready) and
    /// ``stalled_seconds`` (the stepping threads' time on them).
    fn stats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        if let Some(supply) = &self.supply {
            let stats = supply.stats();
            dict.set_item("tabulated", stats.tabulated)?;
            dict.set_item("tabulating_seconds", stats.tabulating_seconds)?;
            dict.set_item("stalls", stats.stalls)?;
            dict.set_item("stalled_seconds", stats.stalled_seconds)?;
        }
        Ok(dict)
    }

    /// The current boards.
    fn boards(&self) -> Vec<PyBoard> {
        self.boards
            .iter()
            .map(|b| PyBoard::new(b.position.board(b.component.layout())))
            .collect()
    }

    /// The move of an action, or ``None`` for an action out of range.
    fn move_of(&self, action: i64) -> Option<PyMove> {
        self.rules.decode(action).map(|(p, direction, distance)| {
            PyMove::from_slide(Slide {
                piece: p as u8,
                direction,
                distance: distance as u8,
            })
        })
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
        if s.piece as usize >= self.rules.pieces || s.distance as usize > self.rules.reach {
            return Err(value_error(format!(
                "{} is outside the action space",
                PyMove::from_slide(s).repr()
            )));
        }
        Ok(((s.piece as usize * 4 + d) * self.rules.reach + s.distance as usize - 1) as i64)
    }
}
