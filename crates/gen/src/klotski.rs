//! The Klotski (华容道) database: every valid 4×5 layout enumerated
//! ([`Layouts`]), grouped into components under the piece metric, and each
//! solvable component's hardest layout stored with its optimum
//! ([`generate_klotski`]).
//!
//! The whole run is one transaction (unit 0 of the `units` table): it takes
//! seconds, so it is not split for resuming; a rerun into a finished file has
//! nothing to do.

mod components;
mod layouts;
mod rank;

pub use components::{census, Census, ComponentExplorer, Hardest, KlotskiComponent, UNSOLVABLE};
pub use layouts::{Layouts, RankWalk, GOAL, HEIGHT, SHAPES, WIDTH};

use crate::error::GenError;
use crate::journal;
use std::time::Instant;
use unblocker_db::{Database, Filter, Unit};
use unblocker_model::Record;

/// The steps of a run, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Listing every layout and building the index.
    Enumerate,
    /// Exploring the components and measuring distances to the goal.
    Components,
    /// Writing the puzzles.
    Store,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::Enumerate => "enumerate",
            Phase::Components => "components",
            Phase::Store => "store",
        }
    }
}

/// What a run did.
#[derive(Clone, Debug, Default)]
pub struct KlotskiSummary {
    /// False when the file already held the database (nothing was done).
    pub generated: bool,
    pub layouts: u64,
    pub components: u64,
    pub solvable_components: u64,
    /// Layouts in solvable components.
    pub solvable_layouts: u64,
    pub puzzles: u64,
    /// The stored puzzle with the most moves (ties: the larger component,
    /// then the board text first in alphabetical order).
    pub hardest: Option<Record>,
    pub enumerate_seconds: f64,
    pub seconds: f64,
}

/// The stored row of a solvable component.
pub fn puzzle(layouts: &Layouts, component: &KlotskiComponent) -> Option<Record> {
    let hardest = component.hardest?;
    Some(Record {
        moves: hardest.moves,
        board: layouts.grid(hardest.layout),
        cluster: component.size as u64,
        walls: 0,
        pieces: component.pieces,
        histogram: component.histogram.clone(),
    })
}

/// What a store writes besides the puzzles: totals of the census.
#[derive(Clone, Copy, Debug)]
pub struct Totals {
    pub layouts: u64,
    pub components: u64,
    /// Seconds spent before storing (recorded with the unit).
    pub seconds: f64,
}

/// Generates the Klotski database into `db` (refused if it holds another
/// game); `progress(phase, done, total)` reports each phase's advance.
pub fn generate_klotski(
    db: &mut Database,
    mut progress: impl FnMut(Phase, u64, u64),
) -> Result<KlotskiSummary, GenError> {
    claim(db)?;
    if journal::done_units(db)?.contains(&0) {
        return Ok(KlotskiSummary::default());
    }
    let start = Instant::now();
    progress(Phase::Enumerate, 0, 1);
    let layouts = Layouts::enumerate();
    let enumerate_seconds = start.elapsed().as_secs_f64();
    let total = layouts.len() as u64;
    progress(Phase::Enumerate, 1, 1);
    let census = census(&layouts, |done| progress(Phase::Components, done, total));
    let totals = Totals {
        layouts: total,
        components: census.components.len() as u64,
        seconds: start.elapsed().as_secs_f64(),
    };
    let mut summary = store(db, &layouts, &census.components, totals, |done, all| {
        progress(Phase::Store, done, all)
    })?;
    summary.enumerate_seconds = enumerate_seconds;
    summary.seconds = start.elapsed().as_secs_f64();
    Ok(summary)
}

/// Records that `db` holds the Klotski database (or checks that it does).
/// A file with puzzles but no record of what they are (imported Rush Hour
/// puzzles) is refused too.
fn claim(db: &Database) -> Result<(), GenError> {
    let recorded = db.meta()?.iter().any(|(key, _)| key == "game");
    let first = Filter {
        limit: Some(1),
        ..Filter::default()
    };
    if !recorded && !db.query(&first)?.is_empty() {
        return Err(GenError::OtherPuzzles);
    }
    journal::claim(
        db,
        &[
            ("game", "klotski".to_string()),
            ("size", format!("{WIDTH}x{HEIGHT}")),
            ("units", "1".to_string()),
        ],
    )
}

/// Stores the puzzle of each solvable component among `components` in one
/// transaction (as unit 0) and records `totals` in `meta`;
/// `progress(done, total)` counts the puzzles prepared. The summary's
/// times are left at 0.
pub fn store(
    db: &mut Database,
    layouts: &Layouts,
    components: &[KlotskiComponent],
    totals: Totals,
    mut progress: impl FnMut(u64, u64),
) -> Result<KlotskiSummary, GenError> {
    claim(db)?;
    let start = Instant::now();
    let solvable: Vec<&KlotskiComponent> =
        components.iter().filter(|c| c.hardest.is_some()).collect();
    let positions = solvable.iter().map(|c| c.size as u64).sum();
    let mut puzzles = Vec::with_capacity(solvable.len());
    for (done, component) in solvable.iter().enumerate() {
        puzzles.extend(puzzle(layouts, component));
        if done % 1024 == 0 {
            progress(done as u64, solvable.len() as u64);
        }
    }
    journal::claim(
        db,
        &[
            ("layouts", totals.layouts.to_string()),
            ("components", totals.components.to_string()),
            ("solvable_components", solvable.len().to_string()),
        ],
    )?;
    let components = solvable.len() as u64;
    let unit = Unit {
        id: 0,
        phase: 0,
        positions,
        components,
        puzzles: puzzles.len() as u64,
        seconds: totals.seconds + start.elapsed().as_secs_f64(),
    };
    journal::commit_units(db, &[unit], &puzzles)?;
    progress(solvable.len() as u64, solvable.len() as u64);
    let hardest = puzzles
        .iter()
        .max_by(|a, b| {
            (a.moves, a.cluster)
                .cmp(&(b.moves, b.cluster))
                .then_with(|| b.board.cmp(&a.board))
        })
        .cloned();
    Ok(KlotskiSummary {
        generated: true,
        layouts: totals.layouts,
        components: totals.components,
        solvable_components: components,
        solvable_layouts: positions,
        puzzles: puzzles.len() as u64,
        hardest,
        enumerate_seconds: 0.0,
        seconds: 0.0,
    })
}
