//! The integration tests of unblocker-engine, one test binary
//! (`cargo test -p unblocker-engine --test it`), a module per subject.

mod klotski_movegen;
mod movegen;
