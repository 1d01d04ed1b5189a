//! What the database's commands report, in words: a merged shard, a
//! puzzle's line, a part found in the environment, a resumed run, and how
//! much of a generation a file holds.

use crate::shard::DetectedShard;
use crate::store::{Database, DbError};
use crate::{MergedShard, Record};
use std::fmt::{self, Display, Formatter};
use std::path::Path;

/// `shard K/N from SOURCE`.
impl Display for DetectedShard {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "shard {} from {}", self.shard, self.source)
    }
}

/// `PATH: part K/N, U units, P new puzzles`.
impl Display for MergedShard {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let part = self.shard.map_or(String::new(), |s| format!("part {s}, "));
        write!(
            f,
            "{}: {part}{} units, {} new puzzles",
            self.path.display(),
            self.units,
            self.new_puzzles
        )
    }
}

/// The `MOVES BOARD CLUSTER` line of `db query` and `db export`
/// (fogleman/rush's `rush.txt`).
impl Display for Record {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "{:02} {} {}", self.moves, self.board, self.cluster)
    }
}

/// How much of its generation a file holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completion {
    /// Units committed.
    pub done: u64,
    /// Units of the whole generation, as recorded.
    pub total: String,
}

impl Completion {
    /// `PATH holds D of T units: complete`, or what is left to do.
    pub fn line(&self, path: &Path) -> String {
        let verdict = if self.is_complete() {
            "complete"
        } else {
            "merge the other parts into it (or generate into it again, with the same \
             settings) to complete it"
        };
        let path = path.display();
        format!(
            "{path} holds {} of {} units: {verdict}",
            self.done, self.total
        )
    }

    /// Every unit of the generation is in the file.
    pub fn is_complete(&self) -> bool {
        self.total.parse() == Ok(self.done)
    }
}

impl Database {
    /// `PATH: resuming, N units already committed`, when some are.
    pub fn resume_note(&self, path: &Path) -> Result<Option<String>, DbError> {
        let committed = self.work_done()?.0;
        let path = path.display();
        Ok((committed > 0)
            .then(|| format!("{path}: resuming, {committed} units already committed")))
    }

    /// The units committed and the generation's total (`None` for a file
    /// that records no total, such as an imported one).
    pub fn completion(&self) -> Result<Option<Completion>, DbError> {
        let done = self.work_done()?.0;
        Ok(self
            .meta()?
            .into_iter()
            .find(|(k, _)| k == "units")
            .map(|(_, total)| Completion { done, total }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn completion_compares_the_units_done_with_the_total() {
        let db = Database::in_memory().unwrap();
        assert_eq!(db.completion().unwrap(), None, "no generation recorded");
        let done = |total: &str| Completion {
            done: 3,
            total: total.to_string(),
        };
        assert!(done("3").is_complete());
        assert!(!done("4").is_complete());
    }

    #[test]
    fn a_puzzle_line_is_moves_board_cluster() {
        let puzzle = Record {
            moves: 7,
            board: "BBoooCDooEoCDAAEoCDooEooFoooGGFoHHHo".into(),
            cluster: 123,
            walls: 0,
            pieces: 8,
            histogram: Vec::new(),
        };
        assert_eq!(
            puzzle.to_string(),
            "07 BBoooCDooEoCDAAEoCDooEooFoooGGFoHHHo 123"
        );
    }
}
