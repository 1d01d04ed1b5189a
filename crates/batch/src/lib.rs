//! Solving and checking lists of puzzles in order ([`batch`]), and the text
//! answers the command line prints ([`text`]). The puzzles are read by
//! `unblocker_input` and searched by `unblocker_solve`, which reads no
//! files.

pub mod batch;
mod ordered;
pub mod text;
