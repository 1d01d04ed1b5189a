//! How the length of a solution is counted.

use crate::UnknownName;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The three ways people count moves in sliding-block puzzles.
///
/// For Rush Hour `Slide` and `Piece` coincide (a car can only go straight).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Metric {
    /// One piece moves one cell (alias `steps`).
    Step,
    /// One piece moves any distance in a straight line (alias `moves`): the
    /// count of Unblock Me, ThinkFun and fogleman/rush.
    #[default]
    Slide,
    /// One piece moves any number of cells along any path (the Chinese Klotski
    /// convention).
    Piece,
}

impl Metric {
    /// The canonical name used in JSON and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Metric::Step => "step",
            Metric::Slide => "slide",
            Metric::Piece => "piece",
        }
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

impl fmt::Display for Metric {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Metric {
    type Err = UnknownName;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "step" | "steps" => Ok(Metric::Step),
            "slide" | "slides" | "move" | "moves" => Ok(Metric::Slide),
            "piece" | "pieces" => Ok(Metric::Piece),
            _ => Err(UnknownName::Metric(s.to_string())),
        }
    }
}
