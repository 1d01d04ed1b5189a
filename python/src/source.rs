//! What episodes and random puzzles start from: the candidate components
//! (Rush Hour records of the embedded sample or of a database file, the
//! bundled Klotski layouts, or one given board) and the distances a start
//! must have; and `random_puzzle`, one draw from them.

use crate::board::PyBoard;
use crate::component::{self, Component, TableError};
use crate::errors::{board_error, database_error, value_error};
use pyo3::prelude::*;
use std::sync::{Arc, OnceLock};
use unblocker_db::{Database, Filter};
use unblocker_model::format::{self, ParseOptions};
use unblocker_model::random::Rng;
use unblocker_model::{catalog, Board, Difficulty, Game, Record};

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(random_puzzle, m)?)?;
    Ok(())
}

/// How many components a draw tries before it reports that none has a
/// position at the distances asked for.
pub const TRIES: usize = 64;

/// Why no start could be drawn.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DrawError {
    #[error(transparent)]
    Table(#[from] TableError),
    #[error("no start of {0} found in {TRIES} components")]
    NoStart(String),
}

/// Where starts come from.
pub struct Source {
    /// Boards whose components starts are drawn from.
    candidates: Vec<Board>,
    starts: Starts,
}

/// Which positions of a component are starts.
#[derive(Clone, Debug)]
pub enum Starts {
    /// Those whose optimal distance is in this range.
    Distance(u32, u32),
    /// This board (the only candidate) and no other.
    Fixed(Board),
}

/// What a [`Source`] is asked for.
pub struct Wanted<'a> {
    pub game: Game,
    pub moves: (u32, u32),
    pub walls: (u32, u32),
    /// The board size, when it is fixed.
    pub size: Option<(usize, usize)>,
    pub database: Option<&'a str>,
}

impl Source {
    /// Rush Hour components of the embedded sample (or of a database file)
    /// with `walls` walls whose hardest position is at least `moves.0`
    /// moves away; Klotski layouts of the bundled catalogue.
    pub fn new(wanted: &Wanted<'_>) -> PyResult<Source> {
        let (low, high) = wanted.moves;
        if low > high {
            return Err(value_error(format!(
                "the move range {low}..{high} is empty"
            )));
        }
        let walls = wanted.walls.0..=wanted.walls.1;
        let candidates: Vec<Board> = match wanted.game {
            Game::RushHour => {
                let from_file;
                let records: &[(Record, Board)] = match wanted.database {
                    Some(path) => {
                        let db = Database::open_existing(std::path::Path::new(path))
                            .map_err(database_error)?;
                        from_file = with_boards(
                            db.query(&Filter {
                                difficulty: Difficulty {
                                    min_moves: low,
                                    ..Difficulty::ANY
                                },
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
                    .filter(|(r, _)| r.moves >= low && walls.contains(&r.walls))
                    .filter(|(r, _)| r.cluster <= component::MAX_POSITIONS)
                    .map(|(_, b)| b.clone())
                    .collect()
            }
            Game::Klotski => catalog::bundled()
                .iter()
                .filter(|b| b.game == "klotski")
                .filter_map(|b| format::parse(b.board, ParseOptions::default()).ok())
                .filter(|b| walls.contains(&(b.walls().len() as u32)))
                .collect(),
        };
        let candidates: Vec<Board> = candidates
            .into_iter()
            .filter(|b| wanted.size.is_none_or(|s| (b.width(), b.height()) == s))
            .collect();
        if candidates.is_empty() {
            return Err(value_error(
                "no puzzle matches these moves and walls (the embedded sample has 6x6 Rush Hour puzzles of 1 to 60 moves with 0 to 2 walls)",
            ));
        }
        Ok(Source {
            candidates,
            starts: Starts::Distance(low, high),
        })
    }

    /// Every start at `board`.
    pub fn fixed(board: Board) -> Source {
        Source {
            candidates: vec![board.clone()],
            starts: Starts::Fixed(board),
        }
    }

    pub fn candidates(&self) -> &[Board] {
        &self.candidates
    }

    /// A start in `component` (tabulated from one of the candidates), as
    /// a key: `None` when it has no position at the distances asked for.
    pub fn start_in(&self, component: &Component, rng: &mut Rng) -> Option<u128> {
        match &self.starts {
            Starts::Distance(low, high) => {
                let found = component.at_distance((*low, *high));
                (!found.is_empty()).then(|| component.key(found[rng.below(found.len())]))
            }
            Starts::Fixed(board) => Some(component.layout().key_of(board)),
        }
    }

    /// The error when [`TRIES`] components had no start.
    pub fn no_start(&self) -> DrawError {
        DrawError::NoStart(match &self.starts {
            Starts::Distance(low, high) => format!("{low} to {high} moves"),
            Starts::Fixed(board) => format::to_line(board),
        })
    }

    /// One draw: a candidate uniformly, then a start of its component
    /// uniformly (another candidate when it has none, [`TRIES`] times).
    fn draw(&self, rng: &mut Rng) -> Result<(Arc<Component>, u128), DrawError> {
        for _ in 0..TRIES {
            let candidate = &self.candidates[rng.below(self.candidates.len())];
            let component = component::shared(candidate, None)?;
            if let Some(key) = self.start_in(&component, rng) {
                return Ok((component, key));
            }
        }
        Err(self.no_start())
    }
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

/// The generator of a seed: every seed below 2^63 gives its own sequence
/// (`Rng::new` merges seeds that differ only in the lowest bit).
pub fn seeded(seed: u64) -> Rng {
    Rng::new(seed.rotate_left(1))
}

pub fn parse_game(game: &str) -> PyResult<Game> {
    match game.to_ascii_lowercase().as_str() {
        "rush" | "rushhour" | "rush_hour" => Ok(Game::RushHour),
        "klotski" => Ok(Game::Klotski),
        _ => Err(value_error(format!(
            "unknown game '{game}' (expected rush or klotski)"
        ))),
    }
}

/// A random puzzle whose optimum (in slides) is in ``min_moves..=max_moves``,
/// with ``min_walls..=max_walls`` walls: a component drawn uniformly from
/// the embedded sample of the 6x6 database (or from the database file
/// ``database``) or from the bundled Klotski layouts, then one of its
/// positions at that distance, uniformly. Returns ``(board,
/// optimal_slides)``.
#[pyfunction]
#[pyo3(signature = (*, game="rush", min_moves=1, max_moves=60, min_walls=0, max_walls=2, seed=0, database=None))]
#[allow(
    clippy::too_many_arguments,
    reason = "each keyword argument of the Python signature is a parameter"
)]
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
    let source = Source::new(&Wanted {
        game: parse_game(game)?,
        moves: (min_moves, max_moves),
        walls: (min_walls, max_walls),
        size: None,
        database,
    })?;
    let mut rng = seeded(seed);
    let (component, key) = py.detach(|| source.draw(&mut rng)).map_err(value_error)?;
    let distance = component.distance(key).unwrap_or(component::UNREACHED);
    let board = component.layout().position(key).board(component.layout());
    Ok((PyBoard::new(board.canonical()), distance))
}
