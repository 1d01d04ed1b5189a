//! Reading the puzzles a user names — a file, standard input, a bundled
//! name or board text, within bounded sizes ([`input`]) — solving and
//! checking lists of them in order ([`batch`]), and the text answers the
//! command line prints ([`text`]). The search itself is
//! `unblocker_solve`'s, which reads no files.

pub mod batch;
pub mod input;
mod ordered;
pub mod text;
