#![doc = include_str!("../README.md")]

mod board;
pub mod catalog;
pub mod collection;
pub mod daily;
mod difficulty;
pub mod drawing;
mod error;
pub mod format;
mod goal;
mod label;
pub mod level;
mod metric;
mod moves;
pub mod puzzle;
pub mod random;
mod record;
pub mod sample;

pub use board::{Board, Cell, Content, Game, Mobility, Piece, MAX_SIDE};
pub use difficulty::{Difficulty, DifficultyError};
pub use error::{quote, BoardError, MoveError, UnknownName, QUOTED_CHARS};
pub use goal::{Exit, Goal, Side};
pub use label::{index_of_label, label_of, MAX_PIECES};
pub use metric::Metric;
pub use moves::{moves_of, replay, Direction, Move, Slide};
pub use record::{RandomPuzzle, Record};
