//! The integers a Klotski key can be: one 3-bit field per cell, packed in a
//! `u64` (up to 21 cells) or a `u128` (up to 42), each also a set of cells.

use super::{FIELD_BITS, FIELD_MASK};
use crate::State;
use std::ops::{Add, BitAnd, BitOr, BitXor, Not, Shl, Shr, Sub};

/// An integer that packs one 3-bit field per cell, and also serves as a set
/// of cells (bit `3 × cell`).
pub trait KlotskiKey:
    State
    + Ord
    + Add<Output = Self>
    + Sub<Output = Self>
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// How many cells fit.
    const CELLS: usize;
    const ZERO: Self;
    /// Bit 0 of every field: `0b…001001`.
    const FIELD_LOWS: Self;
    fn from_u32(v: u32) -> Self;
    fn low_u32(self) -> u32;
    fn trailing_zeros(self) -> u32;
    /// `self << (n mod bits)`: never overflows.
    fn wrapping_shl(self, n: u32) -> Self;
    fn wrapping_mul(self, other: Self) -> Self;
    fn wrapping_add(self, other: Self) -> Self;

    /// The class in the field of `cell`.
    #[inline(always)]
    fn field(self, cell: usize) -> u32 {
        (self >> (cell as u32 * FIELD_BITS)).low_u32() & FIELD_MASK
    }

    /// The set of cells whose field is not 0.
    #[inline(always)]
    fn nonzero_fields(self) -> Self {
        (self | self >> 1 | self >> 2) & Self::FIELD_LOWS
    }

    /// The set with `cell` added.
    #[inline(always)]
    fn with_cell(self, cell: usize) -> Self {
        self | Self::from_u32(1) << (cell as u32 * FIELD_BITS)
    }

    /// True if `cell` is in the set.
    #[inline(always)]
    fn has_cell(self, cell: usize) -> bool {
        self.field(cell) & 1 != 0
    }
}

macro_rules! klotski_key {
    ($int:ty, $cells:expr) => {
        impl KlotskiKey for $int {
            const CELLS: usize = $cells;
            const ZERO: Self = 0;
            const FIELD_LOWS: Self = ((1 << (FIELD_BITS as usize * $cells)) - 1) / 7;
            #[inline(always)]
            fn from_u32(v: u32) -> Self {
                v as $int
            }
            #[inline(always)]
            fn low_u32(self) -> u32 {
                self as u32
            }
            #[inline(always)]
            fn trailing_zeros(self) -> u32 {
                <$int>::trailing_zeros(self)
            }
            #[inline(always)]
            fn wrapping_shl(self, n: u32) -> Self {
                <$int>::wrapping_shl(self, n)
            }
            #[inline(always)]
            fn wrapping_mul(self, other: Self) -> Self {
                <$int>::wrapping_mul(self, other)
            }
            #[inline(always)]
            fn wrapping_add(self, other: Self) -> Self {
                <$int>::wrapping_add(self, other)
            }
        }
    };
}

klotski_key!(u64, 21);
klotski_key!(u128, 42);
