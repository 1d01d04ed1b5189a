//! The board model shared by every part of Unblocker.
//!
//! A [`Board`] is a rectangle of at most 8×8 cells holding fixed 1×1 walls and
//! rectangular pieces. Each piece either slides along one axis (Rush Hour /
//! Unblock Me cars) or moves freely in all four directions (Klotski blocks).
//! Piece 0 is always the target, and the [`Goal`] says where it must go.
//!
//! Boards are always stored in canonical order: the target first (`A`), then
//! the other pieces in the order of their first cell read row by row (`B`,
//! `C`, …), so two boards that differ only by letters compare equal.
//!
//! This crate does no I/O: [`format`](mod@format) reads and prints text, [`drawing`]
//! draws boards for a terminal, [`Slide`] applies moves with a deliberately
//! simple reference implementation that the fast engines are tested against,
//! and [`sample`] reads and writes a compact file of puzzles and draws one
//! at random by difficulty (a sample of the 6×6 database is built in).

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
