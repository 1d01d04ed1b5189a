#![doc = include_str!("../README.md")]

mod board;
pub mod catalog;
pub mod collection;
pub mod drawing;
mod error;
pub mod format;
mod goal;
mod label;
mod metric;
mod moves;
pub mod puzzle;
pub mod random;
pub mod sample;

pub use board::{Board, Cell, Content, Game, Mobility, Piece, MAX_SIDE};
pub use error::{quote, BoardError, MoveError, UnknownName, QUOTED_CHARS};
pub use goal::{Exit, Goal, Side};
pub use label::{index_of_label, label_of, MAX_PIECES};
pub use metric::Metric;
pub use moves::{Direction, Slide};
