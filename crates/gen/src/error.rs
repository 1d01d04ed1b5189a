//! Why a generation stops: the database file's errors, and the generator's
//! own.

use unblocker_db::DbError;

/// Why a generation (or a generator) failed.
#[derive(Debug, thiserror::Error)]
pub enum GenError {
    #[error(transparent)]
    Db(#[from] DbError),
    #[error("board size {0} is not supported (3 to 6)")]
    Size(usize),
    #[error("cannot start threads: {0}")]
    Threads(rayon::ThreadPoolBuildError),
    #[error(
        "{} is missing: this stopped generation kept candidates waiting for removal tests \
         there (a stopped run is its database file and the .pending folder beside it: copy \
         both to resume it, or generate into a new file)",
        .0.display()
    )]
    PendingMissing(std::path::PathBuf),
}
