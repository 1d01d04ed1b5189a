//! Why a generation stops: the database file's errors, and the generator's
//! own.

use crate::rush::GeneratorError;
use unblocker_db::DbError;

/// Why a generation failed.
#[derive(Debug, thiserror::Error)]
pub enum GenError {
    #[error(transparent)]
    Db(#[from] DbError),
    #[error("{0}")]
    Generator(#[from] GeneratorError),
    #[error("cannot start threads: {0}")]
    Threads(rayon::ThreadPoolBuildError),
}
