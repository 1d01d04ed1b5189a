//! The integration tests of unblocker-scan, one test binary
//! (`cargo test -p unblocker-scan --test it`), a module per subject.

mod annotated;
mod common;
mod pixels;
mod rejects;
mod screenshots;
mod synthetic;
