//! The integration tests of unblocker-fuzz, one test binary
//! (`cargo test -p unblocker-fuzz --test it`), a module per subject.

mod api;
mod batch;
mod boards;
mod corpus;
mod images;
