//! The moves of a unit split by one cell of the board: those that *touch*
//! it (the sliding car covers the cell at some point of the slide) and
//! those that do not. A wall on the cell forbids exactly the moves that
//! touch it, so the unit's moves that avoid the cell, between its positions
//! where the cell is empty, are the moves of the units with a wall there
//! (what `repair` builds on).

use super::columns::Columns;
use super::Unit;

/// A cell of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    pub row: u8,
    pub column: u8,
}

/// Which moves an expansion keeps ([`Unit::expand_moves`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moves {
    All,
    /// The moves that touch the cell.
    Touching(Cell),
    /// The moves that do not.
    Avoiding(Cell),
}

/// Which positions of the expanded fiber a group of moved positions came
/// from ([`Unit::expand_moves`]), and the cells the move touches (bit
/// `row × size + column`; for moves inside the fiber they differ from bit
/// to bit: [`Unit::touched_within`]).
#[derive(Clone, Copy, Debug)]
pub enum Source<'a> {
    /// The same bits (the fiber moved as a whole by a slide).
    Same(u64),
    /// The same bits, the fiber moved as a whole by a vertical move of
    /// column `c` (an axis of the block other than its fiber's) from digit
    /// `d` to digit `j`: `(c, d, j)`. Its cells are left to the reader
    /// ([`Unit::touched_across`]): the distance search never asks.
    Across(u8, u8, u8),
    /// Bit `x` moved to bit `map[x]` (`NONE`: it cannot move).
    Map(&'a [u8; 32], u64),
    /// The one bit `x` (the fibers' axes differ: each bit lands in a fiber
    /// of its own).
    Bit(u8, u64),
    /// Moves inside the fiber: each bit to its neighbours on the fiber axis.
    Within,
}

impl Moves {
    /// Of the `targets` of column `c`'s digit `d` (rows covering
    /// `occupied`), the digits this keeps.
    #[inline(always)]
    pub(super) fn column(
        self,
        columns: &Columns,
        occupied: u8,
        c: usize,
        d: u8,
        targets: u32,
    ) -> u32 {
        match self {
            Moves::All => targets,
            Moves::Touching(cell) if cell.column as usize == c => {
                targets & columns.touching[occupied as usize][d as usize][cell.row as usize]
            }
            Moves::Touching(_) => 0,
            Moves::Avoiding(cell) if cell.column as usize == c => {
                targets & !columns.touching[occupied as usize][d as usize][cell.row as usize]
            }
            Moves::Avoiding(_) => targets,
        }
    }

    /// Whether this keeps a horizontal slide of `row` whose car covers
    /// `columns` (a bit per column) at some point.
    #[inline(always)]
    pub(super) fn slide(self, row: u8, columns: u8) -> bool {
        let touches = |cell: Cell| cell.row == row && columns >> cell.column & 1 != 0;
        match self {
            Moves::All => true,
            Moves::Touching(cell) => touches(cell),
            Moves::Avoiding(cell) => !touches(cell),
        }
    }

    /// The positions of a fiber of `block` one kept move from `bits`
    /// without leaving the fiber.
    #[inline(always)]
    pub fn within(self, unit: &Unit, block: usize, bits: u32) -> u32 {
        let fc = unit.fiber_column[block] as usize;
        let occupied = unit.occupied[block][fc];
        let near = &unit.columns.neighbours[occupied as usize];
        let mut inside = 0u32;
        let mut rest = bits;
        while rest != 0 {
            let d = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            inside |= self.column(unit.columns, occupied, fc, d, near[d as usize]);
        }
        inside
    }
}
