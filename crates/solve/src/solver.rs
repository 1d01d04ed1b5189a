//! [`Solver`]: the engine a board needs (Rush Hour, Klotski with a narrow or
//! a wide key, the mirrored Klotski space where the board allows it), with
//! search memory kept from one puzzle to the next.

use crate::algorithm::Algorithm;
use crate::analysis::{analyze, analyze_with, Analysis};
use crate::bfs::{BfsOutcome, StopAt, Workspace};
use crate::control::{Control, StopReason};
use crate::review::{self, review_in, Review, ReviewError};
use crate::search::{solve, Report, SolveOptions};
use crate::sweep::Sweep;
use unblocker_engine::klotski::mirror::{Mirrored, MirroredKlotski};
use unblocker_engine::klotski::{KlotskiError, KlotskiKey, KlotskiSpace};
use unblocker_engine::rush::{RushError, RushSpace};
use unblocker_engine::{HeuristicError, Indexed, Space};
use unblocker_model::{Board, Game, Metric, Move};

/// Why a board could not be searched, or an algorithm's name is none.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    #[error(transparent)]
    Rush(#[from] RushError),
    #[error(transparent)]
    Klotski(#[from] KlotskiError),
    #[error("search stopped: {0}")]
    Stopped(StopReason),
    /// A heuristic that does not suit the game or the metric.
    #[error(transparent)]
    Heuristic(#[from] HeuristicError),
    #[error("unknown algorithm '{}' (expected bfs, astar, idastar, iddfs, dfs, greedy or bidir)", unblocker_model::quote(.0))]
    UnknownAlgorithm(String),
}

/// Search memory for every engine, reused from one puzzle to the next: one
/// workspace per state type, shared by the games.
#[derive(Default)]
pub struct Solver {
    narrow: Workspace<u64>,
    wide: Workspace<u128>,
    mirrored_narrow: Workspace<Mirrored<u64>>,
    mirrored_wide: Workspace<Mirrored<u128>>,
    /// For Rush Hour explorations (see [`Sweep`]).
    sweep: Sweep<u64>,
}

impl Solver {
    pub fn new() -> Solver {
        Solver::default()
    }

    /// Solves `board` in `options.metric` with `options.algorithm`
    /// (optimally by default).
    pub fn solve(&mut self, board: &Board, options: &SolveOptions) -> Result<Report, SolveError> {
        if let Some(heuristic) = options.heuristic_used() {
            heuristic.check(board.game(), options.metric)?;
        }
        Ok(match Engine::for_board(board) {
            Engine::Rush => solve(&RushSpace::new(board)?, options, &mut self.narrow),
            Engine::KlotskiNarrow => solve_klotski(
                KlotskiSpace::<u64>::new(board)?,
                options,
                &mut self.narrow,
                &mut self.mirrored_narrow,
            ),
            Engine::KlotskiWide => solve_klotski(
                KlotskiSpace::<u128>::new(board)?,
                options,
                &mut self.wide,
                &mut self.mirrored_wide,
            ),
        })
    }

    /// Explores the whole component of `board`'s position: positions per
    /// level, goal positions and the optimum (the first level holding a
    /// goal), without a solution. Rush Hour boards take a [`Sweep`] when
    /// their space has a dense index; Klotski boards visit one position of
    /// each mirror pair where they can, as [`Solver::solve`] does.
    pub fn explore(
        &mut self,
        board: &Board,
        metric: Metric,
        control: &Control,
    ) -> Result<BfsOutcome, SolveError> {
        let exhaustion = StopAt::Exhaustion;
        Ok(match Engine::for_board(board) {
            Engine::Rush => {
                let space = RushSpace::new(board)?;
                let roots = [space.start()];
                match self.sweep.run(&space, &roots, metric, exhaustion, control) {
                    Some(walk) => walk,
                    None => self
                        .narrow
                        .bfs(&space, &roots, metric, exhaustion, false, control),
                }
            }
            Engine::KlotskiNarrow => {
                let space = KlotskiSpace::<u64>::new(board)?;
                explore_klotski(
                    &space,
                    metric,
                    control,
                    &mut self.narrow,
                    &mut self.mirrored_narrow,
                )
            }
            Engine::KlotskiWide => {
                let space = KlotskiSpace::<u128>::new(board)?;
                explore_klotski(
                    &space,
                    metric,
                    control,
                    &mut self.wide,
                    &mut self.mirrored_wide,
                )
            }
        })
    }

    /// The size of `board`'s component, its goal positions, its optimum and
    /// its farthest distance to the goal.
    pub fn analyze(
        &mut self,
        board: &Board,
        metric: Metric,
        control: &Control,
    ) -> Result<Analysis, SolveError> {
        let (narrow, wide) = (&mut self.narrow, &mut self.wide);
        let result = match Engine::for_board(board) {
            Engine::Rush => {
                let space = RushSpace::new(board)?;
                if space.index_bound().is_some() {
                    analyze_with(&space, metric, control, &mut self.sweep, &[])
                        .map(|(analysis, _)| analysis)
                } else {
                    analyze(&space, metric, control, narrow)
                }
            }
            Engine::KlotskiNarrow => {
                analyze(&KlotskiSpace::<u64>::new(board)?, metric, control, narrow)
            }
            Engine::KlotskiWide => {
                analyze(&KlotskiSpace::<u128>::new(board)?, metric, control, wide)
            }
        };
        result.map_err(SolveError::Stopped)
    }

    /// The review of a game: the moves `played` from `board` (as `metric`
    /// counts them: see [`unblocker_model::moves_of`]), each with the
    /// distance to the goal before and after it and, where it was not
    /// optimal, an optimal move from there; from one analysis of `board`'s
    /// component (as [`Solver::analyze`] makes it), under `control`.
    pub fn review(
        &mut self,
        board: &Board,
        played: &[Move],
        metric: Metric,
        control: &Control,
    ) -> Result<Review, ReviewError> {
        let boards = review::positions(board, played)?;
        let result = match Engine::for_board(board) {
            Engine::Rush => {
                let space = RushSpace::new(board).map_err(SolveError::from)?;
                let states: Vec<u64> = boards.iter().map(|b| space.key_of(b)).collect();
                let game = (&boards[..], &states[..]);
                if space.index_bound().is_some() {
                    review_in(&space, game, played, metric, control, &mut self.sweep)
                } else {
                    review_in(&space, game, played, metric, control, &mut self.narrow)
                }
            }
            Engine::KlotskiNarrow => {
                let space = KlotskiSpace::<u64>::new(board).map_err(SolveError::from)?;
                review_klotski(&space, &boards, played, metric, control, &mut self.narrow)
            }
            Engine::KlotskiWide => {
                let space = KlotskiSpace::<u128>::new(board).map_err(SolveError::from)?;
                review_klotski(&space, &boards, played, metric, control, &mut self.wide)
            }
        };
        result.map_err(|reason| SolveError::Stopped(reason).into())
    }
}

/// [`review_in`] for a Klotski game, whose positions all have the start's
/// shapes.
fn review_klotski<K: KlotskiKey>(
    space: &KlotskiSpace<K>,
    boards: &[Board],
    played: &[Move],
    metric: Metric,
    control: &Control,
    workspace: &mut Workspace<K>,
) -> Result<Review, StopReason> {
    let states: Vec<K> = boards
        .iter()
        .map(|b| space.key_of(b).expect("the moves keep the start's pieces"))
        .collect();
    review_in(space, (boards, &states), played, metric, control, workspace)
}

/// Explores a Klotski component, one state per mirror pair when the board
/// allows it (its counts are still of positions).
fn explore_klotski<K: KlotskiKey>(
    space: &KlotskiSpace<K>,
    metric: Metric,
    control: &Control,
    plain: &mut Workspace<K>,
    mirrored: &mut Workspace<Mirrored<K>>,
) -> BfsOutcome {
    let exhaustion = StopAt::Exhaustion;
    match MirroredKlotski::new(space) {
        Some(pairs) => mirrored.bfs(&pairs, &[pairs.start()], metric, exhaustion, false, control),
        None => plain.bfs(space, &[space.start()], metric, exhaustion, false, control),
    }
}

/// Solves a Klotski puzzle. Breadth-first search visits one position of each
/// mirror pair when the board is symmetric (about half the work; its
/// statistics still count positions). The other algorithms search the plain
/// space, so that their figures compare with each other.
fn solve_klotski<K: KlotskiKey>(
    space: KlotskiSpace<K>,
    options: &SolveOptions,
    plain: &mut Workspace<K>,
    mirrored: &mut Workspace<Mirrored<K>>,
) -> Report {
    match MirroredKlotski::new(&space) {
        Some(pairs) if options.algorithm == Algorithm::Bfs => solve(&pairs, options, mirrored),
        _ => solve(&space, options, plain),
    }
}

/// Which engine and key width a board needs.
enum Engine {
    /// Every Rush Hour board fits a `u64` key.
    Rush,
    KlotskiNarrow,
    KlotskiWide,
}

impl Engine {
    fn for_board(board: &Board) -> Engine {
        match board.game() {
            Game::RushHour => Engine::Rush,
            Game::Klotski if board.width() * board.height() <= <u64 as KlotskiKey>::CELLS => {
                Engine::KlotskiNarrow
            }
            Game::Klotski => Engine::KlotskiWide,
        }
    }
}
