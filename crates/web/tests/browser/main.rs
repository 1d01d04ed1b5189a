//! The page in headless Chromium: every view's flow on a desktop, the layout
//! at phone sizes with touch, keyboard use and an axe-core audit, the
//! animations, and searches and drags that must not go stale. Screenshots
//! are saved in the target directory (`CARGO_TARGET_TMPDIR`).
//!
//! A test binary of its own, built only with the `browser` feature
//! (`cargo test -p unblocker-web --features browser --test browser --
//! --include-ignored`), so that `cargo test` from a clone builds no browser
//! driver. It starts servers as the `it` binary's tests do.

#[path = "../it/common/mod.rs"]
mod common;

mod access;
mod flows;
mod host;
mod journey;
mod layout;
mod levels;
mod motion;
mod page;
mod pool;
mod same;
mod searches;
mod site;
mod visit;
