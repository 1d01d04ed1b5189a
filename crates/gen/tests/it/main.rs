//! The integration tests of unblocker-gen, one test binary
//! (`cargo test -p unblocker-gen --test it`), a module per subject.

mod full_size;
mod generate;
mod klotski;
mod merge;
