//! Klotski move generation as set operations on the key: the corners of each
//! class, the cells they cover, the empty cells as each direction of step
//! sees them, and the pieces that can step, slide or travel.

use super::{Class, KlotskiKey, KlotskiSpace, FIELD_BITS, FIELD_MASK, MAX_CLASSES};
use unblocker_model::Metric;

/// Indices into per-direction arrays, in the order of
/// [`Direction::ALL`](unblocker_model::Direction::ALL);
/// `dir ^ 1` is the opposite direction.
const UP: usize = 0;
const DOWN: usize = 1;
const LEFT: usize = 2;
const RIGHT: usize = 3;

/// The empty cells of a position, as the four kinds of step see them.
struct Gaps<K> {
    empty: K,
    /// Empty cells outside the last column: a step left into one of them
    /// never wraps round from the row below.
    left: K,
    /// Empty cells outside the first column, for steps right.
    right: K,
}

impl<K: KlotskiKey> KlotskiSpace<K> {
    /// [`Space::expand_into`](crate::Space::expand_into), writing each neighbour through `map` (so
    /// that a wrapper such as [`super::mirror`] can reuse it for its own
    /// state type without a second buffer).
    ///
    /// The pieces that can step at all are found for all classes at once;
    /// then each of them (usually two or three) emits its moves, the four
    /// steps of the step metric without branching.
    #[inline(always)]
    pub(crate) fn expand_mapped<T>(
        &self,
        key: K,
        metric: Metric,
        out: &mut [(T, u32)],
        map: impl Fn(K) -> T,
    ) -> usize {
        let (corners, occupied) = self.corners(key);
        let gaps = self.gaps(occupied);
        let mut can = [K::ZERO; 4];
        for (class, &here) in self.classes.iter().zip(&corners) {
            let steps = self.steps(class, &gaps);
            for (can, steps) in can.iter_mut().zip(steps) {
                *can = *can | (here & steps);
            }
        }
        let offsets = [UP, DOWN, LEFT, RIGHT].map(|dir| self.step_bits(dir));
        let mut n = 0;
        let mut movable = can[UP] | can[DOWN] | can[LEFT] | can[RIGHT];
        while movable != K::ZERO {
            let bit = movable.trailing_zeros();
            movable = movable & (movable - K::from_u32(1));
            let number = (key >> bit).low_u32() & FIELD_MASK;
            let unit = K::from_u32(number);
            let class = &self.classes[number as usize - 1];
            // The key without the piece: add it back at its destination.
            let base = key - (unit << bit);
            match metric {
                Metric::Step => {
                    for (&offset, &can) in offsets.iter().zip(&can) {
                        // Written for every direction, kept only where the
                        // piece can step, so the sum may wrap for the others.
                        let moved = unit.wrapping_shl(bit.wrapping_add_signed(offset));
                        out[n] = (map(base.wrapping_add(moved)), 1);
                        n += (can >> bit).low_u32() as usize & 1;
                    }
                }
                Metric::Slide => {
                    let steps = self.steps(class, &gaps);
                    for (&offset, &steps) in offsets.iter().zip(&steps) {
                        let (mut at, mut cells) = (bit, 0);
                        while (steps >> at).low_u32() & 1 != 0 {
                            at = at.wrapping_add_signed(offset);
                            cells += 1;
                            out[n] = (map(base + (unit << at)), cells);
                            n += 1;
                        }
                    }
                }
                Metric::Piece => {
                    let start = K::from_u32(1) << bit;
                    let free = self.free_corners(class, start, occupied);
                    let (mut seen, mut frontier, mut cells) = (start, start, 0);
                    loop {
                        frontier = self.neighbours(frontier, free) & !seen;
                        if frontier == K::ZERO {
                            break;
                        }
                        seen = seen | frontier;
                        cells += 1;
                        // (`for_each_bit` with a closure here is not inlined.)
                        let mut reached = frontier;
                        while reached != K::ZERO {
                            let to = reached.trailing_zeros();
                            reached = reached & (reached - K::from_u32(1));
                            out[n] = (map(base + (unit << to)), cells);
                            n += 1;
                        }
                    }
                }
            }
        }
        n
    }

    /// The corners of each class's pieces, and the occupied cells (walls
    /// included).
    #[inline(always)]
    pub(super) fn corners(&self, key: K) -> ([K; MAX_CLASSES], K) {
        let mut corners = [K::ZERO; MAX_CLASSES];
        let mut occupied = self.walls;
        for (class, corners) in self.classes.iter().zip(&mut corners) {
            // Fields equal to the class number are zero after the xor.
            let differ = key ^ class.pattern;
            *corners = self.board_cells & !(differ | differ >> 1 | differ >> 2);
            occupied = occupied | self.cover(class, *corners);
        }
        (corners, occupied)
    }

    /// The cells covered by pieces of `class` with these corners.
    #[inline(always)]
    pub(super) fn cover(&self, class: &Class<K>, corners: K) -> K {
        corners.wrapping_mul(class.shape)
    }

    /// The gaps of a position whose occupied cells are `occupied`.
    #[inline(always)]
    fn gaps(&self, occupied: K) -> Gaps<K> {
        let empty = self.board_cells & !occupied;
        Gaps {
            empty,
            left: empty & !self.last_column,
            right: empty & !self.first_column,
        }
    }

    /// The cells that start `length` cells of `cells` in a row, `stride`
    /// bits apart (rightwards or downwards).
    #[inline(always)]
    fn run(cells: K, length: u32, stride: u32) -> K {
        match length {
            1 => cells,
            2 => cells & cells >> stride,
            _ => (1..length).fold(cells, |acc, k| acc & cells >> (k * stride)),
        }
    }

    /// For each direction, the corners from which a piece of `class`
    /// (standing where it fits) can step that way: the cells ahead are on
    /// the board, in line with it, and empty.
    #[inline(always)]
    fn steps(&self, class: &Class<K>, gaps: &Gaps<K>) -> [K; 4] {
        let line = self.width * FIELD_BITS;
        let across = Self::run(gaps.empty, class.width, FIELD_BITS);
        let left = Self::run(gaps.left, class.height, line);
        let right = Self::run(gaps.right, class.height, line);
        [
            across << line,
            across >> class.below,
            left << FIELD_BITS,
            right >> class.beside,
        ]
    }

    /// A set of corners moved one cell in direction `dir`; those that would
    /// leave the board drop out (up, left, right) or land past its last cell
    /// (down) and must be masked off by the caller.
    #[inline(always)]
    pub(super) fn shift(&self, corners: K, dir: usize) -> K {
        match dir {
            UP => corners >> (self.width * FIELD_BITS),
            DOWN => corners << (self.width * FIELD_BITS),
            LEFT => (corners & !self.first_column) >> FIELD_BITS,
            _ => (corners & !self.last_column) << FIELD_BITS,
        }
    }

    /// The bit offset of one step in direction `dir`.
    #[inline(always)]
    fn step_bits(&self, dir: usize) -> i32 {
        let line = (self.width * FIELD_BITS) as i32;
        [-line, line, -(FIELD_BITS as i32), FIELD_BITS as i32][dir]
    }

    /// Every corner one step from `corners` within `free`.
    #[inline(always)]
    pub(super) fn neighbours(&self, corners: K, free: K) -> K {
        (self.shift(corners, UP)
            | self.shift(corners, DOWN)
            | self.shift(corners, LEFT)
            | self.shift(corners, RIGHT))
            & free
    }

    /// The corners a piece of `class` standing at `corner` may occupy with
    /// the rest of the board (`occupied`, which includes it) fixed.
    #[inline(always)]
    pub(super) fn free_corners(&self, class: &Class<K>, corner: K, occupied: K) -> K {
        let room = self.board_cells & !(occupied & !self.cover(class, corner));
        let across = Self::run(room, class.width, FIELD_BITS);
        class.fits & Self::run(across, class.height, self.width * FIELD_BITS)
    }
}
