//! The integration tests of unblocker-web, one test binary
//! (`cargo test -p unblocker-web --test it`), a module per subject.

mod answers;
mod api;
mod assets;
mod cancel;
mod common;
mod connections;
mod guard;
mod hostile;
mod icons;
mod load;
mod modules;
mod requests;
