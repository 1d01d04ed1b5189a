//! The heuristics: estimates of the moves left, for the informed searches
//! (A*, IDA*, greedy best-first), what each one computes and why it is
//! admissible. Each game computes them in its own `estimate` module
//! (`rush/estimate.rs`, `klotski/estimate.rs`), which uses the definitions
//! here; this module uses neither game.
//!
//! A heuristic `h` is *admissible* when it never exceeds the true distance
//! to the goal, and *consistent* when one move changes it by at most one
//! (every move costs one in its own metric: a step, a slide or a piece move).
//! A* and IDA* return optimal solutions with an admissible heuristic, and A*
//! never reopens a position with a consistent one. `tests/heuristics.rs` in
//! `unblocker-solve` checks both properties on every reachable position of
//! the FEUP levels and the 40 ThinkFun cards.
//!
//! # Rush Hour
//!
//! The *path* is the line of cells between the target and the exit; a
//! *blocker* is a car covering a path cell (a crossing car, or a car in the
//! target's own line, which can never leave it). A blocker *escapes* by
//! moving along its line until it no longer covers the target's line, on
//! either side, when the board is long enough; an escape is *free* when the
//! cells it needs are empty now.
//!
//! - [`Heuristic::Blockers`] (the FEUP study's h1, plus one for the target):
//!   `1 + blockers`, 0 at the goal. Admissible: every blocker and the target
//!   must move at least once, and one move moves one car. Consistent: a move
//!   of the target only adds or removes empty path cells (it cannot pass a
//!   blocker) until its last move, which takes `h` from 1 to 0; any other
//!   move enters or leaves the path with at most one car.
//! - [`Heuristic::Stuck`] (the study's h2, once named `feup2`): `1 + Σ (1
//!   per blocker that can move now, 2 per blocker that is stuck)`. **Not admissible**: one move can
//!   free two blocked blockers at once (a car standing below both), which
//!   the heuristic charges twice. Kept for comparison; the tests count its
//!   violations.
//! - [`Heuristic::Obstructed`] (once named `blockers2`): `1 + blockers +
//!   [some blocker is obstructed: it has no free escape]`. Admissible: the cells a blocker's escapes need lie in its own
//!   line, away from the target's line, so they are held by walls or by cars
//!   that are neither blockers nor the target (a blocker crosses the target's
//!   line; the only other car of its line cannot). If no escape of blocker
//!   `B` is free, then in any solution either `B` moves twice (its first move
//!   cannot clear the line) or a car holding one of its escape cells moves
//!   first; either way one move more than the `1 + blockers` moves of
//!   distinct cars that `Blockers` counts. Consistent: whether `B` has a free
//!   escape does not change when `B` itself moves (a step or slide only
//!   vacates cells behind it or fills cells it needed empty anyway, so the
//!   cells an escape still needs keep their occupants) and a blocker that
//!   enters or leaves the path did so by a free escape (its reverse), so it
//!   never carries the bonus; the bonus changes only by moves of cars that
//!   leave the blocker count alone, and the count only by moves that leave
//!   the bonus alone.
//! - [`Heuristic::Distance`] (step metric only): the cells the target still
//!   has to travel, plus for each blocker the fewest cells it must move to
//!   escape (over the escapes the board has room for), plus the same bonus
//!   of one when some blocker has no free escape. Admissible since one step
//!   moves one car by one cell and each term counts the steps of a different
//!   car (the bonus: a car that is no blocker and not the target); consistent
//!   since a step changes the target's distance, or one blocker's escape
//!   distance, or the bonus, by at most one, and only one of them (by the
//!   argument above). At least as strong as `Obstructed` in steps.
//!
//! # Klotski
//!
//! The target's goal rectangle must be emptied of every other piece, and each
//! such piece moves at least once. `Blockers` is `[target not at the goal] +
//! pieces covering a goal cell`; `Obstructed` (and `Distance`, step metric)
//! replaces the first term by the moves the target itself needs in the
//! metric: its Manhattan distance in steps, 0/1/2 slides (at the goal, in
//! its row or column, elsewhere) for slides, 0/1 piece moves. Both are
//! admissible (each term counts moves of a different piece) and consistent
//! (one move changes one term by at most one). `Stuck` is Rush Hour only.

use unblocker_model::{Game, Metric};

/// The estimates an informed search can use, named in lower case (any case
/// on input; the former names `feup2` and `blockers2` are read too, and
/// never printed).
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    strum::Display,
    strum::EnumString,
    strum::IntoStaticStr,
    strum::VariantArray,
)]
#[strum(
    serialize_all = "lowercase",
    ascii_case_insensitive,
    parse_err_ty = HeuristicError,
    parse_err_fn = unknown
)]
pub enum Heuristic {
    /// Always 0: A* becomes uniform-cost search (BFS order).
    Zero,
    /// The study's h1: 1 + the blockers between the target and the exit.
    Blockers,
    /// The study's h2: 1 per movable blocker, 2 per stuck one (plus the
    /// target). Not admissible. Read from `feup2` too (its former name).
    #[strum(to_string = "stuck", serialize = "feup2")]
    Stuck,
    /// Blockers plus one when some blocker is obstructed (cannot escape in
    /// one move): admissible and consistent. Read from `blockers2` too (its
    /// former name).
    #[strum(to_string = "obstructed", serialize = "blockers2")]
    Obstructed,
    /// Cells the target and the blockers must still move (step metric).
    Distance,
}

impl Heuristic {
    /// Every heuristic, in declaration order.
    pub const ALL: &'static [Heuristic] = <Heuristic as strum::VariantArray>::VARIANTS;

    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        self.into()
    }

    /// Never above the true distance, so A* and IDA* stay optimal.
    pub fn is_admissible(self) -> bool {
        self != Heuristic::Stuck
    }

    /// The strongest admissible heuristic for a metric: `distance` for
    /// steps, `obstructed` otherwise.
    pub fn best_for(metric: Metric) -> Heuristic {
        if metric == Metric::Step {
            Heuristic::Distance
        } else {
            Heuristic::Obstructed
        }
    }

    /// Whether this heuristic is defined for `game` in `metric`, and why not.
    pub fn check(self, game: Game, metric: Metric) -> Result<(), HeuristicError> {
        match (self, game) {
            (Heuristic::Distance, _) if metric != Metric::Step => {
                Err(HeuristicError::NeedsStep { metric })
            }
            (Heuristic::Stuck, Game::Klotski) => Err(HeuristicError::RushHourOnly),
            _ => Ok(()),
        }
    }
}

fn unknown(name: &str) -> HeuristicError {
    HeuristicError::Unknown(name.to_ascii_lowercase())
}

/// Why a name is no heuristic, or a heuristic does not suit a game or a
/// metric.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HeuristicError {
    #[error("unknown heuristic '{}' (expected zero, blockers, stuck, obstructed or distance)", unblocker_model::quote(.0))]
    Unknown(String),
    /// `distance` in the slide or piece metric.
    #[error(
        "the distance heuristic counts cells, so it needs the step metric (not {metric}); \
         use obstructed for {metric}"
    )]
    NeedsStep { metric: Metric },
    /// `stuck` on a Klotski board.
    #[error(
        "stuck is the FEUP study's Rush Hour heuristic; Klotski has zero, blockers, \
         obstructed and distance"
    )]
    RushHourOnly,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_reads_back() {
        for &h in Heuristic::ALL {
            assert_eq!(h.name().parse(), Ok(h));
            assert_eq!(h.name().to_uppercase().parse(), Ok(h));
        }
    }

    #[test]
    fn feup2_is_read_as_stuck() {
        assert_eq!("feup2".parse(), Ok(Heuristic::Stuck));
        assert_eq!("FEUP2".parse(), Ok(Heuristic::Stuck));
        assert_eq!(Heuristic::Stuck.to_string(), "stuck");
    }

    #[test]
    fn blockers2_is_read_as_obstructed() {
        assert_eq!("blockers2".parse(), Ok(Heuristic::Obstructed));
        assert_eq!(Heuristic::Obstructed.to_string(), "obstructed");
    }

    #[test]
    fn unknown_names_list_the_current_ones() {
        let error = "psychic".parse::<Heuristic>().unwrap_err().to_string();
        assert_eq!(
            error,
            "unknown heuristic 'psychic' (expected zero, blockers, stuck, obstructed or distance)"
        );
    }
}
