//! The sample built into the binary ([`unblocker_model::sample::embedded`]:
//! a few puzzles of every move count of the full 6×6 database, in a compact
//! file) as a database, so that random puzzles work before anyone has
//! generated anything (`db query`, `/api/random` and the web page fall back
//! to it and say so); and that file written from a database.
//!
//! The file, `crates/model/data/rush6.sample`, is regenerated from a full
//! database (see the crate README):
//! `UNBLOCKER_FULL_DB=full.sqlite UNBLOCKER_WRITE_SAMPLE=1 cargo test -p
//! unblocker-db --test it sample -- --ignored`.

use crate::queries::parse_board;
use crate::store::{Database, DbError};
use unblocker_model::sample::{embedded, Entry, Sample};
use unblocker_model::Record;

pub use unblocker_model::sample::SAMPLE_NAME;

impl Database {
    /// The embedded sample, as an in-memory database (queried like a
    /// file). Its boards are in the canonical one-line form (`A` the
    /// target, then the other pieces by first cell).
    pub fn sample() -> Result<Database, DbError> {
        let mut db = Database::in_memory()?;
        let records: Vec<Record> = embedded().entries().iter().map(Record::from).collect();
        db.commit(&records, &[], &[])?;
        Ok(db)
    }

    /// The puzzles [`Database::export_sample`] picks (at most `per_moves` of
    /// each move count) as a compact sample file
    /// ([`unblocker_model::sample`]). Refused when a puzzle is not one the
    /// file can hold (it holds 6×6 Rush Hour boards only).
    pub fn compact_sample(&self, per_moves: u64) -> Result<Vec<u8>, DbError> {
        let mut entries = Vec::new();
        self.each_sampled(per_moves, |moves, board, cluster| {
            let board = parse_board(&board).map_err(DbError::Stored)?;
            entries.push(Entry {
                moves,
                board,
                cluster,
            });
            Ok(())
        })?;
        Ok(Sample::new(entries).encode()?)
    }
}
