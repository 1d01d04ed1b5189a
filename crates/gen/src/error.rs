//! Why a generation stops: the database file's errors, and the generator's
//! own (its journal, its pending files, its lock).

use std::path::PathBuf;
use unblocker_db::DbError;

/// Why a generation (or a generator) failed.
#[derive(Debug, thiserror::Error)]
pub enum GenError {
    /// The database file's, and SQLite's on the pending files (a full disk
    /// is [`DbError::Full`] on either).
    #[error(transparent)]
    Db(#[from] DbError),
    #[error("board size {0} is not supported (3 to 6)")]
    Size(usize),
    #[error("cannot start threads: {0}")]
    Threads(rayon::ThreadPoolBuildError),
    #[error("this database holds {key} = {stored}, not {wanted}")]
    Holds {
        key: String,
        stored: String,
        wanted: String,
    },
    #[error("this database already holds other puzzles")]
    OtherPuzzles,
    #[error(
        "this file holds a generation in progress by an older version of unblocker, \
         which cannot be resumed; generate into a new file"
    )]
    OlderProgress,
    #[error(
        "this file holds a generation in progress by an older version of unblocker, which \
         decided the units one by one (this one decides them by families); finish it with \
         that version, or generate into a new file"
    )]
    UnitOrder,
    #[error("the generator's saved state in this database is damaged")]
    Damaged,
    #[error(
        "another process is generating into {} (it holds {}.lock); wait for it to finish \
         or stop it, then run the same command again to carry on",
        .0.display(),
        .0.display()
    )]
    Busy(PathBuf),
    #[error("cannot write {}: {source}", path.display())]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(
        "{} is missing: this stopped generation kept candidates waiting for removal tests \
         there (a stopped run is its database file and the .pending folder beside it: copy \
         both to resume it, or generate into a new file)",
        .0.display()
    )]
    PendingMissing(PathBuf),
    #[error(
        "this generation in memory was stopped with candidates waiting for removal tests, \
         which end with the run that kept them; generate into a new database"
    )]
    PendingInMemory,
}

/// SQLite's errors on the generator's own files read as the database's.
impl From<rusqlite::Error> for GenError {
    fn from(error: rusqlite::Error) -> GenError {
        GenError::Db(DbError::from(error))
    }
}
