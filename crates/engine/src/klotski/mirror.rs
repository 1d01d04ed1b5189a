//! Left-right mirror symmetry for Klotski: when the walls and the goal are
//! symmetric, a position and its mirror image are the same puzzle, so a
//! search needs to visit only one of each pair. This roughly halves the
//! work of an optimal solve (横刀立马: 11,925 states expanded instead of
//! 23,792) and of exploring a component; the statistics still count
//! positions ([`Space::multiplicity`]: a pair stands for two).
//!
//! [`MirroredKlotski`] wraps a [`KlotskiSpace`]. Its state is the key of a
//! pair's representative (the smaller of the two keys) plus one spare bit
//! above the key's fields saying whether the position actually reached is
//! the representative's mirror image. Equality and hashing ignore that bit,
//! so every search treats the pair as one position, while the bit, set
//! relative to the parent that generated the state, lets a path be replayed
//! on the real board: consecutive states of a path are always real moves.

use super::{KlotskiKey, KlotskiSpace, FIELD_BITS, TARGET};
use crate::{Heuristic, Space, State};
use unblocker_model::{Board, Cell, Direction, Metric};

/// A Klotski position up to mirroring: see the module documentation.
#[derive(Clone, Copy, Debug)]
pub struct Mirrored<K>(K);

impl<K: KlotskiKey> Mirrored<K> {
    /// The spare bit above every cell's field: the position reached is the
    /// representative's mirror image.
    #[inline(always)]
    fn flag() -> K {
        K::from_u32(1) << (K::CELLS as u32 * FIELD_BITS)
    }

    /// The top bit of the last cell's field, which a board with fewer cells
    /// than the key holds never uses: the position is its own mirror image
    /// (one position, not a pair).
    #[inline(always)]
    fn symmetric() -> K {
        K::from_u32(1) << (K::CELLS as u32 * FIELD_BITS - 1)
    }

    /// The representative's key.
    #[inline(always)]
    fn key(self) -> K {
        self.0 & !(Self::flag() | Self::symmetric())
    }

    #[inline(always)]
    fn is_flipped(self) -> bool {
        self.0 & Self::flag() != K::ZERO
    }

    #[inline(always)]
    fn is_symmetric(self) -> bool {
        self.0 & Self::symmetric() != K::ZERO
    }
}

impl<K: KlotskiKey> PartialEq for Mirrored<K> {
    #[inline(always)]
    fn eq(&self, other: &Self) -> bool {
        self.key() == other.key()
    }
}

impl<K: KlotskiKey> Eq for Mirrored<K> {}

impl<K: KlotskiKey> State for Mirrored<K> {
    /// All ones: every field of class 7 and no empty cell, which no position
    /// of a movable puzzle has.
    const EMPTY: Self = Mirrored(K::EMPTY);

    #[inline(always)]
    fn hash64(self) -> u64 {
        self.key().hash64()
    }
}

/// The positions of a mirror-symmetric Klotski puzzle, one per mirror pair.
#[derive(Clone, Debug)]
pub struct MirroredKlotski<K: KlotskiKey> {
    inner: KlotskiSpace<K>,
    /// `class * 3 * cells + bit` -> the bit of the mirrored corner's field
    /// (from `KlotskiSpace::mirror_corners`, indexed by bit to save a
    /// division).
    field_bits: Vec<u8>,
    cells: usize,
}

impl<K: KlotskiKey> MirroredKlotski<K> {
    /// The mirrored search of `space`, or `None` when its walls or goal are
    /// not symmetric (mirror images would not be the same puzzle) or when
    /// the board fills every cell of the key (no spare bit for the mark of
    /// a position that is its own mirror image: 21 cells in a `u64`, 42 in a
    /// `u128`).
    pub fn new(space: &KlotskiSpace<K>) -> Option<Self> {
        if space.cells() >= K::CELLS {
            return None;
        }
        let corners = space.mirror_corners()?;
        let field_bits = corners
            .iter()
            .flat_map(|&corner| {
                let bit = corner.saturating_mul(FIELD_BITS as u8);
                [bit; FIELD_BITS as usize]
            })
            .collect();
        Some(MirroredKlotski {
            cells: space.cells(),
            inner: space.clone(),
            field_bits,
        })
    }

    /// The mirrored field position (bit index) of a piece of class `class`
    /// whose corner's field starts at bit `bit`.
    #[inline(always)]
    fn mirror_bit(&self, class: u32, bit: u32) -> u32 {
        self.field_bits[class as usize * self.cells * FIELD_BITS as usize + bit as usize] as u32
    }

    /// The key of the mirror image of `key`.
    fn mirror(&self, key: K) -> K {
        let mut mirrored = K::ZERO;
        let mut corners = key.nonzero_fields();
        while corners != K::ZERO {
            let bit = corners.trailing_zeros();
            corners = corners & (corners - K::from_u32(1));
            let class = (key >> bit).low_u32() & 7;
            mirrored = mirrored | K::from_u32(class) << self.mirror_bit(class, bit);
        }
        mirrored
    }

    /// A pair's state for the real position `key`.
    fn state_of(&self, key: K) -> Mirrored<K> {
        let mirrored = self.mirror(key);
        if mirrored < key {
            Mirrored(mirrored | Mirrored::<K>::flag())
        } else if mirrored == key {
            Mirrored(key | Mirrored::<K>::symmetric())
        } else {
            Mirrored(key)
        }
    }

    /// The real position a state stands for.
    fn real(&self, state: Mirrored<K>) -> K {
        if state.is_flipped() {
            self.mirror(state.key())
        } else {
            state.key()
        }
    }
}

impl<K: KlotskiKey> Space for MirroredKlotski<K> {
    type State = Mirrored<K>;

    fn start(&self) -> Mirrored<K> {
        self.state_of(self.inner.start())
    }

    #[inline(always)]
    fn is_goal(&self, state: Mirrored<K>) -> bool {
        // The goal is symmetric, so either image will do.
        self.inner.is_goal(state.key())
    }

    const MERGES_POSITIONS: bool = true;

    /// A pair stands for two positions; a position that is its own mirror
    /// image, for one.
    #[inline(always)]
    fn multiplicity(&self, state: Mirrored<K>) -> u64 {
        if state.is_symmetric() {
            1
        } else {
            2
        }
    }

    fn max_neighbors(&self) -> usize {
        self.inner.max_neighbors()
    }

    /// Expands the representative, then turns each neighbour into its pair's
    /// state. A move changes two fields (the corner left and the corner
    /// reached), so the neighbour's mirror image follows from the
    /// representative's in a few operations.
    #[inline(always)]
    fn expand_into(
        &self,
        state: Mirrored<K>,
        metric: Metric,
        out: &mut [(Mirrored<K>, u32)],
    ) -> usize {
        let key = state.key();
        let flag = if state.is_flipped() {
            Mirrored::<K>::flag()
        } else {
            K::ZERO
        };
        let n = self.inner.expand_mapped(key, metric, out, Mirrored);
        let mirrored = self.mirror(key);
        for (next, _) in &mut out[..n] {
            let changed = (key ^ next.0).nonzero_fields();
            let first = changed.trailing_zeros();
            let second = (changed & (changed - K::from_u32(1))).trailing_zeros();
            // The piece's class is in the field it left (in `key`) or the
            // field it reached (in `next`): the same number either way.
            let class = ((key | next.0) >> first).low_u32() & 7;
            let (left, reached) = if (key >> first).low_u32() & 7 != 0 {
                (first, second)
            } else {
                (second, first)
            };
            let unit = K::from_u32(class);
            let next_mirrored = mirrored - (unit << self.mirror_bit(class, left))
                + (unit << self.mirror_bit(class, reached));
            // The real position is `next` in the representative's frame;
            // the parent's flag carries it into the real one.
            *next = if next_mirrored < next.0 {
                Mirrored(next_mirrored | (flag ^ Mirrored::<K>::flag()))
            } else if next_mirrored == next.0 {
                Mirrored(next.0 | flag | Mirrored::<K>::symmetric())
            } else {
                Mirrored(next.0 | flag)
            };
        }
        n
    }

    fn move_between(&self, from: Mirrored<K>, to: Mirrored<K>) -> (Cell, Vec<(Direction, u8)>) {
        self.inner.move_between(self.real(from), self.real(to))
    }

    fn board(&self, state: Mirrored<K>) -> Board {
        self.inner.board(self.real(state))
    }

    fn estimate(&self, state: Mirrored<K>, heuristic: Heuristic, metric: Metric) -> u32 {
        // Heuristics of a symmetric goal are symmetric too.
        self.inner.estimate(state.key(), heuristic, metric)
    }
}

impl<K: KlotskiKey> KlotskiSpace<K> {
    /// For every class number and corner cell (index `class * cells +
    /// cell`), the corner of the same piece in the left-right mirror image of
    /// the board (`u8::MAX` where the class does not fit). `None` when mirror
    /// images are not equivalent puzzles: the walls or the goal are not
    /// symmetric.
    fn mirror_corners(&self) -> Option<Vec<u8>> {
        let width = self.width as usize;
        let mirror = |cell: usize, shape_width: usize| {
            let (row, col) = (cell / width, cell % width);
            row * width + (width - shape_width - col)
        };
        let walls_symmetric = (0..self.cells)
            .filter(|&cell| self.walls.has_cell(cell))
            .all(|cell| self.walls.has_cell(mirror(cell, 1)));
        let target_width = self.classes[TARGET as usize - 1].width as usize;
        if !walls_symmetric || mirror(self.goal_cell, target_width) != self.goal_cell {
            return None;
        }
        let mut table = vec![u8::MAX; (self.classes.len() + 1) * self.cells];
        for (number, class) in (1..).zip(&self.classes) {
            for cell in (0..self.cells).filter(|&cell| class.fits.has_cell(cell)) {
                table[number * self.cells + cell] = mirror(cell, class.width as usize) as u8;
            }
        }
        Some(table)
    }

    /// The cells of the board.
    fn cells(&self) -> usize {
        self.cells
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;
    use unblocker_model::{catalog, format, Content};

    fn space(name: &str) -> KlotskiSpace<u64> {
        let text = catalog::find(name).expect("bundled").board;
        let board = format::parse(text, Default::default()).expect("valid");
        KlotskiSpace::new(&board).expect("a Klotski board")
    }

    /// Every position of 横刀立马's component, by a plain search.
    fn component(plain: &KlotskiSpace<u64>, metric: Metric) -> HashSet<u64> {
        let mut seen = HashSet::from([plain.start()]);
        let mut queue = vec![plain.start()];
        while let Some(key) = queue.pop() {
            plain.expand(key, metric, |next, _| {
                if seen.insert(next) {
                    queue.push(next);
                }
            });
        }
        seen
    }

    /// Each cell's piece shape (width, height), row by row.
    fn shapes(board: &Board) -> Vec<Vec<Option<(u8, u8)>>> {
        let cells: Vec<_> = board
            .contents()
            .into_iter()
            .map(|content| match content {
                Content::Piece(i) => Some((board.pieces()[i].width, board.pieces()[i].height)),
                _ => None,
            })
            .collect();
        cells.chunks(board.width()).map(<[_]>::to_vec).collect()
    }

    #[test]
    fn mirror_images_are_boards_read_right_to_left() {
        let mirrored = MirroredKlotski::new(&space("峰回路转")).expect("symmetric rules");
        for key in component(&mirrored.inner, Metric::Step)
            .into_iter()
            .take(500)
        {
            let image = mirrored.mirror(key);
            assert_eq!(mirrored.mirror(image), key);
            let (board, flipped) = (mirrored.inner.board(key), mirrored.inner.board(image));
            let mut read_backwards = shapes(&board);
            read_backwards.iter_mut().for_each(|row| row.reverse());
            assert_eq!(read_backwards, shapes(&flipped));
        }
    }

    /// The mirrored expansion of any position, read back as real positions,
    /// is exactly the plain expansion, in every metric: the flag bit keeps
    /// every path a sequence of real moves.
    #[test]
    fn expansion_agrees_with_the_plain_space() {
        let plain = space("横刀立马");
        let mirrored = MirroredKlotski::new(&plain).expect("symmetric rules");
        for metric in [Metric::Step, Metric::Slide, Metric::Piece] {
            let positions = component(&plain, metric);
            assert_eq!(positions.len(), 25_955);
            let mut pairs = HashSet::new();
            for &key in &positions {
                let state = mirrored.state_of(key);
                assert_eq!(mirrored.real(state), key);
                pairs.insert(state.key());
                let mut expected = Vec::new();
                plain.expand(key, metric, |next, cells| expected.push((next, cells)));
                let mut got = Vec::new();
                mirrored.expand(state, metric, |next, cells| {
                    got.push((mirrored.real(next), cells))
                });
                expected.sort_unstable();
                got.sort_unstable();
                assert_eq!(got, expected);
            }
            // Each pair is one position, symmetric positions their own pair.
            let symmetric = positions
                .iter()
                .filter(|&&k| mirrored.mirror(k) == k)
                .count();
            assert_eq!(pairs.len(), (positions.len() + symmetric) / 2);
        }
    }

    #[test]
    fn asymmetric_goals_are_refused() {
        // Pennant's goal is the bottom-left corner.
        assert!(MirroredKlotski::new(&space("pennant")).is_none());
    }
}
