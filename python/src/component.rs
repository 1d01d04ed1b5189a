//! The optimal distance to the goal of every position of a start's
//! component, keyed as the environments step boards ([`Layout`]): what they
//! report as `optimal_remaining`, and where starts of a chosen difficulty
//! come from.
//!
//! The distances come from the library's exhaustive breadth-first searches
//! (a [`Sweep`] over Rush Hour's dense index, a [`Workspace`] otherwise),
//! as `analyze` runs them: from the start over its whole component, then
//! from all the component's goal positions at once (moves can be undone,
//! so the graph is undirected). The positions' keys are then kept sorted,
//! beside their distances: 24 bytes a position, a quarter of a hash
//! table's, so that the tables of many components share the caches.

use crate::layout::{Layout, MAX_CELLS};
use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, OnceLock, Weak};
use unblocker_engine::klotski::{KlotskiKey, KlotskiSpace};
use unblocker_engine::rush::RushSpace;
use unblocker_engine::{Indexed, Space};
use unblocker_model::{Board, Game, Metric, Mobility, Piece};
use unblocker_solve::{BfsOutcome, Control, StopAt, StopReason, Sweep, Workspace};

/// The largest component the environments tabulate.
pub const MAX_POSITIONS: u64 = 2_000_000;

/// The distance of a position no goal can be reached from.
pub const UNREACHED: u32 = u32::MAX;

/// Why a component could not be tabulated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    #[error("{0}")]
    Engine(String),
    #[error("the component has more than {MAX_POSITIONS} positions, too many to tabulate")]
    TooLarge,
    #[error("the board has {cells} cells; the environments take at most {MAX_CELLS}")]
    TooManyCells { cells: usize },
    #[error("the board has {shapes} piece shapes, the target's counted; the environments take at most 7")]
    TooManyShapes { shapes: usize },
    #[error("tabulating the component was cancelled")]
    Cancelled,
}

/// Every position of one component with its distance to the goal.
pub struct Component {
    layout: Layout,
    /// Every position's key, in increasing order.
    keys: Vec<u128>,
    /// The distance of each key ([`UNREACHED`] in a component without a
    /// goal).
    distances: Vec<u32>,
    /// The positions that reach a goal (as indices into `keys`), nearest
    /// first.
    by_distance: Vec<u32>,
    /// Where each distance's positions start in `by_distance` (one more
    /// entry than distances).
    level_start: Vec<usize>,
}

impl Component {
    /// Tabulates `board`'s component (`cancel` stops it from another
    /// thread).
    pub fn tabulate(board: &Board, cancel: Option<Arc<AtomicBool>>) -> Result<Self, TableError> {
        let layout = Layout::new(board)?;
        let control = Control {
            cancel,
            max_nodes: Some(MAX_POSITIONS),
            ..Control::default()
        };
        // Each search starts with fresh memory and frees it: a thread that
        // tabulates holds none of it between components.
        let (keys, levels) = match board.game() {
            Game::RushHour => {
                let space = RushSpace::new(board).map_err(engine_error)?;
                // The keys from the cars' offsets (the same as from
                // `space.board`, without making boards).
                let classes = layout.classes_of(board);
                let key = |state| {
                    let cars = classes.iter().zip(board.pieces()).enumerate();
                    layout.key_with(cars.map(|(car, (&class, &piece))| {
                        let at = space.offset(state, car);
                        match piece.mobility {
                            Mobility::Horizontal => (class, Piece { col: at, ..piece }),
                            _ => (class, Piece { row: at, ..piece }),
                        }
                    }))
                };
                if space.index_bound().is_some() {
                    measure(&space, key, &mut Sweep::default(), &control)
                } else {
                    measure(&space, key, &mut Workspace::default(), &control)
                }
            }
            Game::Klotski if board.width() * board.height() <= <u64 as KlotskiKey>::CELLS => {
                let space = KlotskiSpace::<u64>::new(board).map_err(engine_error)?;
                let key = |state| layout.key_of(&space.board(state));
                measure(&space, key, &mut Workspace::default(), &control)
            }
            Game::Klotski => {
                let space = KlotskiSpace::<u128>::new(board).map_err(engine_error)?;
                let key = |state| layout.key_of(&space.board(state));
                measure(&space, key, &mut Workspace::default(), &control)
            }
        }?;
        Ok(Component::sorted(layout, keys, levels))
    }

    /// The component of positions `keys`, nearest the goal first, each
    /// distance's starting where `levels` says (`None`: no goal).
    fn sorted(layout: Layout, keys: Vec<u128>, levels: Option<Vec<usize>>) -> Component {
        let mut distance = vec![UNREACHED; keys.len()];
        for (d, level) in levels.iter().flat_map(|l| l.windows(2)).enumerate() {
            distance[level[0]..level[1]].fill(d as u32);
        }
        let mut order: Vec<u32> = (0..keys.len() as u32).collect();
        order.sort_unstable_by_key(|&i| keys[i as usize]);
        let mut by_distance = vec![0; if levels.is_some() { keys.len() } else { 0 }];
        for (sorted, &i) in order.iter().enumerate() {
            if let Some(place) = by_distance.get_mut(i as usize) {
                *place = sorted as u32;
            }
        }
        Component {
            layout,
            distances: order.iter().map(|&i| distance[i as usize]).collect(),
            keys: order.iter().map(|&i| keys[i as usize]).collect(),
            by_distance,
            level_start: levels.unwrap_or_else(|| vec![0]),
        }
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The distance of the position `key`; `None` when it is not in the
    /// component.
    #[inline]
    pub fn distance(&self, key: u128) -> Option<u32> {
        let i = self.keys.binary_search(&key).ok()?;
        Some(self.distances[i])
    }

    /// The positions whose distance is in `range`, as indices for
    /// [`Component::key`].
    pub fn at_distance(&self, range: (u32, u32)) -> &[u32] {
        let levels = self.level_start.len() - 1;
        let start = self.level_start[(range.0 as usize).min(levels)];
        let end = self.level_start[(range.1 as usize).saturating_add(1).min(levels)];
        &self.by_distance[start..end]
    }

    /// The key of position `index`.
    pub fn key(&self, index: u32) -> u128 {
        self.keys[index as usize]
    }
}

/// The components some environment or draw still holds, by the board they
/// were tabulated from: whoever meets a component again shares its table
/// instead of tabulating it anew, and a table no one holds is freed.
pub fn shared(
    board: &Board,
    cancel: Option<Arc<AtomicBool>>,
) -> Result<Arc<Component>, TableError> {
    static LIVE: OnceLock<Mutex<HashMap<Board, Weak<Component>>>> = OnceLock::new();
    let live = LIVE.get_or_init(Mutex::default);
    let held = |live: &Mutex<HashMap<Board, Weak<Component>>>| {
        let live = live.lock().unwrap_or_else(|e| e.into_inner());
        live.get(board).and_then(Weak::upgrade)
    };
    if let Some(component) = held(live) {
        return Ok(component);
    }
    let component = Arc::new(Component::tabulate(board, cancel)?);
    let mut live = live.lock().unwrap_or_else(|e| e.into_inner());
    if live.len() >= 1024 {
        live.retain(|_, c| c.strong_count() > 0);
    }
    live.insert(board.clone(), Arc::downgrade(&component));
    Ok(component)
}

fn engine_error(e: impl std::fmt::Display) -> TableError {
    TableError::Engine(e.to_string())
}

/// The library's two exhaustive searches, seen alike: a walk from roots to
/// the end of their component, then the states it reached in
/// breadth-first order.
trait Exhaustive<S: Space> {
    fn explore(&mut self, space: &S, roots: &[S::State], control: &Control) -> BfsOutcome;
    fn reached(&self) -> impl Iterator<Item = S::State> + '_;
}

impl<S: Indexed> Exhaustive<S> for Sweep<S::State> {
    fn explore(&mut self, space: &S, roots: &[S::State], control: &Control) -> BfsOutcome {
        self.run(space, roots, Metric::Slide, StopAt::Exhaustion, control)
            .expect("a sweep is chosen only for a space with a dense index")
    }

    fn reached(&self) -> impl Iterator<Item = S::State> + '_ {
        Sweep::reached(self)
    }
}

impl<S: Space> Exhaustive<S> for Workspace<S::State> {
    fn explore(&mut self, space: &S, roots: &[S::State], control: &Control) -> BfsOutcome {
        self.bfs(
            space,
            roots,
            Metric::Slide,
            StopAt::Exhaustion,
            false,
            control,
        )
    }

    fn reached(&self) -> impl Iterator<Item = S::State> + '_ {
        self.nodes().iter().map(|n| n.state)
    }
}

fn stopped(walk: &BfsOutcome) -> Result<(), TableError> {
    match walk.stopped {
        None => Ok(()),
        Some(StopReason::Cancelled) => Err(TableError::Cancelled),
        Some(_) => Err(TableError::TooLarge),
    }
}

/// What [`measure`] finds: the keys of the component's positions, nearest
/// the goal first, and where each distance's start among them (`None`
/// when no position is a goal).
type Measured = (Vec<u128>, Option<Vec<usize>>);

/// Measures the distances of `space`'s component in the slide metric (one
/// move slides one piece any distance in a straight line: an environment's
/// action), keying each state with `key`.
fn measure<S: Space>(
    space: &S,
    key: impl Fn(S::State) -> u128,
    search: &mut impl Exhaustive<S>,
    control: &Control,
) -> Result<Measured, TableError> {
    let forward = search.explore(space, &[space.start()], control);
    stopped(&forward)?;
    let goals: Vec<S::State> = search.reached().filter(|&s| space.is_goal(s)).collect();
    if goals.is_empty() {
        return Ok((search.reached().map(key).collect(), None));
    }
    let backward = search.explore(space, &goals, control);
    stopped(&backward)?;
    let mut level_start = vec![0];
    for level in &backward.stats.per_level {
        level_start.push(level_start[level_start.len() - 1] + level.enqueued as usize);
    }
    Ok((search.reached().map(key).collect(), Some(level_start)))
}
