//! The integration tests of unblocker-db, one test binary
//! (`cargo test -p unblocker-db --test it`), a module per subject.

mod files;
mod full_database;
mod sample;
