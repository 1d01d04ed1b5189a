//! The package's exceptions, and the library errors turned into them with
//! the library's message.

use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyRuntimeError, PyValueError};
use pyo3::prelude::*;

create_exception!(
    _unblocker,
    BoardError,
    PyValueError,
    "A board that cannot be read or is not a valid position."
);
create_exception!(
    _unblocker,
    MoveError,
    PyValueError,
    "A move that the board does not allow."
);
create_exception!(
    _unblocker,
    ScanError,
    PyValueError,
    "A picture in which no board could be read."
);
create_exception!(
    _unblocker,
    DatabaseError,
    PyRuntimeError,
    "A puzzle database that cannot be opened or read."
);
create_exception!(
    _unblocker,
    SearchError,
    PyException,
    "A search that cannot run on this board or with these settings."
);

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("BoardError", py.get_type::<BoardError>())?;
    m.add("MoveError", py.get_type::<MoveError>())?;
    m.add("ScanError", py.get_type::<ScanError>())?;
    m.add("DatabaseError", py.get_type::<DatabaseError>())?;
    m.add("SearchError", py.get_type::<SearchError>())?;
    Ok(())
}

/// A bad board: [`BoardError`] with the library's message.
pub fn board_error(error: impl std::fmt::Display) -> PyErr {
    BoardError::new_err(error.to_string())
}

pub fn move_error(error: impl std::fmt::Display) -> PyErr {
    MoveError::new_err(error.to_string())
}

pub fn search_error(error: impl std::fmt::Display) -> PyErr {
    SearchError::new_err(error.to_string())
}

pub fn database_error(error: impl std::fmt::Display) -> PyErr {
    DatabaseError::new_err(error.to_string())
}

pub fn scan_error(error: impl std::fmt::Display) -> PyErr {
    ScanError::new_err(error.to_string())
}

/// A bad argument (a name, a number out of range): `ValueError`.
pub fn value_error(error: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(error.to_string())
}
