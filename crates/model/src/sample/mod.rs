//! A sample of 6×6 Rush Hour puzzles, each with its optimum and the size of
//! its component: kept sorted by moves ([`Sample`]) so that a random puzzle
//! of a chosen difficulty is drawn at once ([`Sample::draw`]), stored in a
//! compact file ([`Sample::encode`], [`Sample::decode`]; the format is
//! described in the `codec` module's source), and one such file built in:
//! [`embedded`], a sample of the full 6×6 database.

mod bits;
mod codec;
mod draw;

pub use codec::{BoardProblem, DecodeError, EncodeError, Part, Unsupported, FORMAT_VERSION, MAGIC};
pub use draw::Drawn;

use crate::Board;
use std::sync::OnceLock;

/// One puzzle of a sample.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The optimum: a move slides one car any distance.
    pub moves: u32,
    /// The starting position, canonical (target `A`, then the other pieces
    /// by first cell).
    pub board: Board,
    /// Positions in the puzzle's connected component.
    pub cluster: u64,
}

/// Puzzles sorted by moves, then by component size (then by board, so the
/// order does not depend on the input's).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sample {
    entries: Vec<Entry>,
}

impl Sample {
    /// The entries in the sample's order. Any boards are kept; only
    /// [`Sample::encode`] asks for the kind the file holds.
    pub fn new(mut entries: Vec<Entry>) -> Sample {
        entries.sort_by_cached_key(|e| (e.moves, e.cluster, crate::format::to_line(&e.board)));
        Sample { entries }
    }

    /// Every entry: moves, then component size, never decreasing.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The entries with `min..=max` moves (found by binary search).
    pub fn with_moves(&self, min: u32, max: u32) -> &[Entry] {
        let start = self.entries.partition_point(|e| e.moves < min);
        let end = self.entries.partition_point(|e| e.moves <= max);
        &self.entries[start..end.max(start)]
    }
}

/// How the embedded sample names itself where an answer says where a
/// random puzzle came from.
pub const SAMPLE_NAME: &str = "the embedded sample of the full 6x6 database";

/// The compact file of [`embedded`] (`data/rush6.sample`).
const EMBEDDED: &[u8] = include_bytes!("../../data/rush6.sample");

/// The sample built into the binary: at most 200 puzzles of every optimum
/// of the full 6×6 database (0–2 walls, 1 to 60 moves), all of them where
/// there are fewer, evenly spread through each move count's listing.
/// Decoded once, on the first call.
pub fn embedded() -> &'static Sample {
    static SAMPLE: OnceLock<Sample> = OnceLock::new();
    SAMPLE.get_or_init(|| {
        Sample::decode(EMBEDDED).expect("the embedded sample decodes (checked by the tests)")
    })
}
