//! A puzzle of a database as it is stored and answered: a component's
//! hardest position with its optimum, its component's size and its counts
//! ([`Record`]); and the random puzzle the server and the page's engine
//! answer with ([`RandomPuzzle`]), whichever source it came from.

use crate::sample::Entry;
use serde::Serialize;
use std::fmt;

/// One puzzle of a database (a row of `unblocker-db`'s store, a puzzle of
/// the embedded sample): a component's hardest position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Record {
    /// Optimal number of moves (a move slides one piece any distance).
    pub moves: u32,
    /// fogleman/rush's one-line form (`o` empty, `x` wall, `A` the target).
    pub board: String,
    /// Positions in the puzzle's connected component.
    pub cluster: u64,
    pub walls: u32,
    /// Pieces, the target included.
    pub pieces: u32,
    /// Positions of the component at each distance from the goal (empty for
    /// imported puzzles and the sample's).
    pub histogram: Vec<u64>,
}

/// A sample's puzzle as a record (it keeps no distance histogram).
impl From<&Entry> for Record {
    fn from(entry: &Entry) -> Record {
        Record {
            moves: entry.moves,
            board: crate::format::to_line(&entry.board),
            cluster: entry.cluster,
            walls: entry.board.walls().len() as u32,
            pieces: entry.board.pieces().len() as u32,
            histogram: Vec::new(),
        }
    }
}

/// The `MOVES BOARD CLUSTER` line of fogleman/rush's `rush.txt` (moves in
/// two digits), as `db query` and `db export` print it.
impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:02} {} {}", self.moves, self.board, self.cluster)
    }
}

/// The answer of `GET /api/random`, from the server or the page's engine:
/// `{"moves","board","cluster","walls","pieces","histogram","source"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RandomPuzzle {
    #[serde(flatten)]
    pub record: Record,
    /// Where it came from: a database file, or
    /// [`SAMPLE_NAME`](crate::sample::SAMPLE_NAME).
    pub source: String,
}
