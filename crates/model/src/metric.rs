//! How the length of a solution is counted.

use crate::UnknownName;
use serde::{Deserialize, Serialize};

/// The three ways people count moves in sliding-block puzzles.
///
/// For Rush Hour `Slide` and `Piece` coincide (a car can only go straight).
///
/// Names (any case on input): `step` (`steps`), `slide` (`slides`, `move`,
/// `moves`), `piece` (`pieces`); printed and in JSON without the aliases.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    Default,
    strum::Display,
    strum::EnumString,
    strum::IntoStaticStr,
    strum::VariantArray,
)]
#[serde(rename_all = "lowercase")]
#[strum(ascii_case_insensitive, parse_err_ty = UnknownName, parse_err_fn = unknown)]
pub enum Metric {
    /// One piece moves one cell (alias `steps`).
    #[strum(to_string = "step", serialize = "steps")]
    Step,
    /// One piece moves any distance in a straight line (alias `moves`): the
    /// count of Unblock Me, ThinkFun and fogleman/rush.
    #[default]
    #[strum(
        to_string = "slide",
        serialize = "slides",
        serialize = "move",
        serialize = "moves"
    )]
    Slide,
    /// One piece moves any number of cells along any path (the Chinese Klotski
    /// convention).
    #[strum(to_string = "piece", serialize = "pieces")]
    Piece,
}

fn unknown(name: &str) -> UnknownName {
    UnknownName::Metric(name.to_string())
}

impl Metric {
    /// Every metric, in declaration order.
    pub const ALL: &'static [Metric] = <Metric as strum::VariantArray>::VARIANTS;

    /// The canonical name used in JSON and on the command line.
    pub fn name(self) -> &'static str {
        self.into()
    }

    /// What a count in this metric is called in text: `steps`, `moves`
    /// (slides) or `piece moves`.
    pub fn unit(self) -> &'static str {
        match self {
            Metric::Step => "steps",
            Metric::Slide => "moves",
            Metric::Piece => "piece moves",
        }
    }
}
