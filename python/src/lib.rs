//! The `unblocker._unblocker` extension module: boards, moves, optimal
//! solving, screenshots, the puzzle database and the environments' core,
//! over the Rust libraries (the Python package `unblocker` wraps it).

mod board;
mod component;
mod database;
mod env;
mod errors;
mod layout;
mod pool;
mod search;
mod source;
mod step;
mod supply;

use pyo3::prelude::*;

#[pymodule]
fn _unblocker(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    board::register(m)?;
    search::register(m)?;
    database::register(m)?;
    env::register(m)?;
    source::register(m)?;
    Ok(())
}
