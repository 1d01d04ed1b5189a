//! The integration tests of unblocker-model, one test binary
//! (`cargo test -p unblocker-model --test it`), a module per subject.

mod formats;
mod klotski;
mod sample;
