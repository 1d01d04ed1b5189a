//! Every position of a Rush Hour *unit*, numbered densely and grouped in
//! fibers of bits for whole-unit searches ([`Fibered`](crate::Fibered)).
//!
//! A unit is one choice of class per row of a square board (the cars and
//! walls of each row, in order). Moves never change a row's class, and a
//! column may hold any filling, so a unit is closed under moves: the
//! database generator explores it as a whole.
//!
//! **Layout.** A *block* is one tuple of row fillings (mixed radix over the
//! rows). Within a block each column is an axis ranging over the column
//! fillings that avoid the block's cells in that column (its *list*, in
//! filling order), so every index is a position (full fill). One column per
//! block, its *fiber axis* (its longest list, so the fewest fibers), is the
//! bit inside a `u32` *fiber*; the other columns number the block's fibers
//! in mixed radix, the longest fastest. A position's index is
//! `block start + fiber in block × fiber length + bit`.
//!
//! **Moves.** A vertical move changes one column's digit: on the fiber axis
//! it maps bits inside the fiber (a neighbour mask per bit), on another axis
//! it moves the whole fiber by a multiple of that axis's stride. A
//! horizontal move changes the block; the columns it sweeps keep only the
//! fillings that avoid the swept cells, and the lists of the columns whose
//! cells it fills or vacates shrink or grow: a *plan* per block and slide
//! holds, per column, the map of digits (and, on the fiber axis, of bits).
//! When the two blocks' fiber axes differ, each position of a fiber lands
//! in a fiber of its own (its bit becomes a digit, and a digit the bit).
//! A block whose fibers mostly hold frontier positions is expanded as a
//! whole: a vertical move ORs runs of fibers into runs of fibers, and a
//! slide visits only the fibers whose digits all have an image.
//!
//! **Cells.** Within a block the columns move independently, so the digits
//! of a column that its slides connect form a *class*, and the positions of
//! a block whose columns stay in given classes form a *cell*: connected by
//! the block's own moves, on average some 15 positions. Cells are numbered
//! densely (mixed radix over the class of each column, the fiber axis
//! first), and a horizontal slide maps a column's class to the classes its
//! digits' images fall in, so a component is found by a search over cells
//! instead of positions.
//!
//! The parts: the column tables ([`Columns`], in `columns`), the dense
//! index and its layout ([`Unit`], in `layout`), the sweep of a whole block
//! (`sweep`) and the unit as a [`Fibered`](crate::Fibered) space, its moves and its cells
//! (`fibered`), the moves split by whether they touch a cell ([`Moves`],
//! in `touch`), and, for research (the `research` feature), the distances
//! of a unit with one more wall derived from the unit's own (`Repair`, in
//! `repair`) and the cells every optimal solution of a position touches,
//! which decide where such a wall lengthens the optimum (`Unavoidable`, in
//! `unavoidable`).

use crate::retrograde::UNREACHED;

mod columns;
mod fibered;
mod layout;
#[cfg(any(test, feature = "research"))]
mod repair;
mod sweep;
mod touch;
#[cfg(any(test, feature = "research"))]
mod unavoidable;

pub use columns::Columns;
pub use layout::{FiberAt, RowClass, Unit};
#[cfg(any(test, feature = "research"))]
pub use repair::{Repair, Repaired};
pub use touch::{Cell, Moves, Source};
#[cfg(any(test, feature = "research"))]
pub use unavoidable::Unavoidable;

/// A digit that has no image (the column filling covers a swept cell).
const NONE: u8 = u8::MAX;

/// An axis past the board's columns.
const NO_COLUMN: u8 = u8::MAX;

/// Where the runs of digit `d` and of digit `j` of one axis begin, run
/// against run, in a block of `fibers` fibers ([`Unit::axis_runs`]).
#[inline(always)]
pub fn digit_runs(
    fibers: usize,
    (run, period): (usize, usize),
    d: usize,
    j: usize,
) -> impl Iterator<Item = (usize, usize)> {
    (0..fibers)
        .step_by(period)
        .map(move |outer| (outer + d * run, outer + j * run))
}

/// The 32 distances from `at` (past the end of `dist`, [`UNREACHED`]): a
/// fiber's positions and, past its length, whatever follows (masked off by
/// its caller).
#[inline(always)]
pub fn window(dist: &[u8], at: usize) -> [u8; 32] {
    match dist.get(at..at + 32) {
        Some(bytes) => bytes.try_into().expect("32 bytes"),
        None => {
            let mut bytes = [UNREACHED; 32];
            bytes[..dist.len() - at].copy_from_slice(&dist[at..]);
            bytes
        }
    }
}

/// A bit per byte where `a` and `b` hold the same value.
#[inline(always)]
pub fn equal_bytes(a: &[u8; 32], b: &[u8; 32]) -> u32 {
    let mut mask = 0u32;
    for i in 0..32 {
        mask |= ((a[i] == b[i]) as u32) << i;
    }
    mask
}
