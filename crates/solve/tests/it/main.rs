//! The integration tests of unblocker-solve, one test binary
//! (`cargo test -p unblocker-solve --test it`), a module per subject.

mod algorithms;
mod common;
mod heuristics;
mod klotski_ground_truth;
mod properties;
mod review;
mod rush_ground_truth;
mod sweep;
