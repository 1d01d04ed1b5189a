//! The Rush Hour generator: every interesting puzzle of a square board, as
//! fogleman/rush defines it.
//!
//! The work is split into *units* (`units`): one class per row. Moves
//! never change a row's class, so a unit is closed under moves and is
//! searched as a whole ([`search`]): distances from all goal positions at
//! once, then the components that can hold a minimal puzzle, each giving a
//! *candidate* (its farthest position that comes first in fogleman/rush's
//! order, `position`) and *queries* (removal tests) into units of the next
//! lower *phase*. Units are decided by *families* (`family`): a wall-free
//! unit with its units of one wall, searched, and of two walls, decided
//! from those without being searched (`two_walls`).
//! [`crate::generate()`] runs the families by phase from the most row
//! items down, so a unit answers the queries into it when its family is
//! decided, and a candidate becomes a puzzle when every query has
//! answered.

mod ancestor;
mod family;
mod lists;
mod position;
mod relevance;
mod search;
mod stages;
mod two_walls;
mod units;
mod walls;

pub use ancestor::{Ancestor, Keys};
pub use family::{Decided, Families, FamilyScratch};
pub use lists::{with_wall, ChildLists, WallTables};
pub use position::Position;
pub use relevance::Relevance;
pub use search::{search, Candidate, CandidateId, Component, RemovalTest, Scratch, UnitOutcome};
#[cfg(feature = "research")]
pub use stages::StageTimes;
pub use two_walls::{Flood, Flooded, Known, PositionSet, Side, TwoWalls};
pub use units::{target_row, Units};
pub use walls::Wall;

use crate::GenError;
use std::collections::HashMap;
use std::sync::OnceLock;
use unblocker_engine::line::Item;
use unblocker_model::Record;

/// The generator for one board size and wall limit.
#[derive(Debug)]
pub struct Generator {
    units: Units,
    /// Whether searches leave out what static pruning rules out.
    prune: bool,
    /// Where a wall may be added (for the lists of units with one wall).
    tables: WallTables,
    /// Every unit's family, found when first asked for.
    families: OnceLock<Families>,
}

impl Generator {
    /// The generator of `size`×`size` boards with at most `max_walls`
    /// walls; sizes 3 to 6 ([`GenError::Size`] otherwise).
    pub fn new(size: usize, max_walls: usize) -> Result<Generator, GenError> {
        if !(3..=6).contains(&size) {
            return Err(GenError::Size(size));
        }
        let units = Units::new(size, max_walls);
        Ok(Generator {
            tables: WallTables::new(&units),
            units,
            prune: true,
            families: OnceLock::new(),
        })
    }

    /// The same generator searching every solvable position of a unit (no
    /// static pruning): the same puzzles, more work.
    pub fn without_pruning(self) -> Generator {
        Generator {
            prune: false,
            ..self
        }
    }

    /// How many units the work is split into.
    pub fn units(&self) -> usize {
        self.units.len()
    }

    /// A unit's phase: how many items its rows hold besides the target
    /// (its removal tests land in units of the phase below).
    pub fn phase(&self, unit: usize) -> usize {
        self.units.phase(unit)
    }

    /// How many walls a unit's rows hold.
    pub fn walls(&self, unit: usize) -> usize {
        self.units.walls(unit)
    }

    /// Searches one unit, answering the queries into it.
    pub fn search(
        &self,
        unit: usize,
        incoming: &[RemovalTest],
        scratch: &mut Scratch,
    ) -> UnitOutcome {
        search(&self.units, unit, incoming, scratch, self.prune)
    }

    /// Every unit's family (a wall-free unit and its units with walls).
    pub fn families(&self) -> &Families {
        self.families.get_or_init(|| Families::new(&self.units))
    }

    /// Decides the family whose units are `members` ([`Families::members`]),
    /// answering the removal tests `incoming` into them (by unit).
    pub fn decide(
        &self,
        members: &[u32],
        incoming: &HashMap<u32, Vec<RemovalTest>>,
        scratch: &mut FamilyScratch,
    ) -> Vec<Decided> {
        family::decide(
            &self.units,
            &self.tables,
            self.prune,
            members,
            incoming,
            scratch,
        )
    }

    /// Answers queries into a unit without searching it (one solve each):
    /// the candidates they reject.
    pub fn answer(
        &self,
        unit: usize,
        incoming: &[RemovalTest],
        scratch: &mut Scratch,
    ) -> Vec<CandidateId> {
        search::answer_only(&self.units, unit, incoming, scratch)
    }

    /// The puzzle a candidate stands for.
    pub fn puzzle(&self, c: &Candidate) -> Record {
        let (walls, pieces) = c.position.walls_and_cars(&self.units);
        Record {
            moves: c.moves as u32,
            board: c.position.board_text(&self.units),
            cluster: c.cluster,
            walls,
            pieces,
            histogram: c.histogram.clone(),
        }
    }

    /// The unit that holds a board in fogleman/rush's one-line form (`o` or
    /// `.` empty, `x` wall, letters cars), if the board follows the rules.
    pub fn unit_of(&self, board: &str) -> Option<usize> {
        let size = self.units.size;
        let cells: Vec<char> = board.chars().collect();
        if cells.len() != size * size {
            return None;
        }
        let classes: Option<Vec<u32>> = (0..size)
            .map(|r| {
                let row = &cells[r * size..(r + 1) * size];
                let mut items = Vec::new();
                let mut c = 0;
                while c < size {
                    let ch = row[c];
                    let len = row[c..].iter().take_while(|&&d| d == ch).count();
                    if ch == 'x' {
                        items.push(Item {
                            start: c as u8,
                            len: 1,
                            wall: true,
                        });
                        c += 1;
                    } else if ch.is_ascii_uppercase() && len > 1 {
                        items.push(Item {
                            start: c as u8,
                            len: len as u8,
                            wall: false,
                        });
                        c += len;
                    } else {
                        c += 1;
                    }
                }
                let fillings = &self.units.rows[r];
                let filling = fillings.find(&items)?;
                Some(fillings.class_of[filling as usize])
            })
            .collect();
        self.units.find(&classes?)
    }
}
