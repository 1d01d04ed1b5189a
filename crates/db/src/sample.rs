//! The sample embedded in the binary: a few puzzles of every move count,
//! drawn from the database our own generator builds, so that random puzzles
//! work before anyone has generated anything (`db query`, `/api/random` and
//! the web page fall back to it and say so).
//!
//! `sample/rush6.txt` is regenerated with (see the crate README):
//! `unblocker db generate --size 6 --max-walls 2 --db full.sqlite` then
//! `unblocker db export --db full.sqlite --per-moves 200 -o crates/db/sample/rush6.txt`.

use crate::store::{Database, DbError};

/// The embedded `MOVES BOARD CLUSTER` lines.
const LINES: &str = include_str!("../sample/rush6.txt");

/// How the sample names itself where an answer says where it came from.
pub const SAMPLE_NAME: &str = "the embedded sample of the full 6x6 database";

impl Database {
    /// The embedded sample, as an in-memory database (queried like a file).
    pub fn sample() -> Result<Database, DbError> {
        let mut db = Database::in_memory()?;
        db.import(LINES.as_bytes())?;
        Ok(db)
    }
}
