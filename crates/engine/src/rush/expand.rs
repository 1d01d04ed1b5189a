//! Expanding a Rush Hour position: per line, one look-up of its run of
//! moves and a fixed-size copy of them, each move one 16-byte addition to
//! the position's `[key, cells]` or `[key, index]` pair.

use super::tables::{HotLine, LineMove, MAX_STRIDE};
use super::{field, RushSpace};
use unblocker_model::Metric;

impl RushSpace {
    /// The lines' cars with walls as the crossing lines see them: the rows'
    /// cars in the column-major bitboard (what the columns read) and the
    /// columns' cars in the row-major one (what the rows read).
    #[inline(always)]
    fn crossings(&self, key: u64) -> (u64, u64) {
        let (rows, columns) = self.hot.split_at(self.rows);
        let cells = |walls: u64, lines: &[HotLine]| {
            lines.iter().fold(walls, |acc, line| {
                acc | line.crossing_cells[field(key, line.key_shift) as usize]
            })
        };
        (cells(self.walls_t, rows), cells(self.walls, columns))
    }

    /// Writes `base + move` for every move of `key` to `out`, one 16-byte
    /// pair per neighbour, from the move table `moves` (`self.moves` or
    /// `self.index_moves`, whose runs are laid out alike), copying `STRIDE`
    /// moves per line (at least `self.stride`); returns how many moves it
    /// wrote.
    ///
    /// # Safety
    /// `out` must be valid for `self.max_neighbors + MAX_STRIDE` writes.
    #[inline(always)]
    unsafe fn expand_fixed<const STRIDE: usize>(
        &self,
        key: u64,
        base: [u64; 2],
        metric: Metric,
        moves: &[LineMove],
        out: *mut [u64; 2],
    ) -> usize {
        assert!(
            self.stride <= STRIDE && moves.len() == self.moves.len(),
            "a move table of this space, copied in blocks as long as its longest run"
        );
        let (across_columns, across_rows) = self.crossings(key);
        let (rows, columns) = self.hot.split_at(self.rows);
        let mut n = 0;
        let mut expand_line = |line: &HotLine, crossed: u64| {
            let first = line.run_base[field(key, line.key_shift) as usize];
            let crossing = (crossed >> line.cell_shift) & line.cell_mask;
            // SAFETY: `first` starts the runs of an arrangement of the line,
            // which has one for each `crossing` below `1 << len`; every run
            // starts at most `MAX_STRIDE` before the end of `moves` (its
            // padding); `n` is at most the sum of the earlier lines' largest
            // runs, so `n + STRIDE` is at most `max_neighbors + MAX_STRIDE`,
            // the room the caller guarantees.
            unsafe {
                let run = *self.runs.get_unchecked(first as usize + crossing as usize);
                let from = moves.as_ptr().add(run.start as usize);
                let slots = out.add(n);
                for k in 0..STRIDE {
                    *slots.add(k) = add_pair(base, *from.add(k));
                }
                n += if metric == Metric::Step {
                    run.steps
                } else {
                    run.all
                } as usize;
            }
        };
        for line in rows {
            expand_line(line, across_rows);
        }
        for line in columns {
            expand_line(line, across_columns);
        }
        n
    }

    /// [`RushSpace::expand_fixed`] with the copy length suited to the space
    /// (a constant, so that the copy unrolls) into `out`, whose elements
    /// must be laid out as `[u64; 2]` (the callers check it).
    #[inline(always)]
    pub(super) fn expand_pairs<T>(
        &self,
        key: u64,
        base: [u64; 2],
        metric: Metric,
        moves: &[LineMove],
        out: &mut [T],
    ) -> usize {
        assert!(
            out.len() >= self.max_neighbors + MAX_STRIDE && std::mem::size_of::<T>() == 16,
            "expand_into needs max_neighbors slots"
        );
        let out = out.as_mut_ptr().cast::<[u64; 2]>();
        // SAFETY: `out` holds `max_neighbors + MAX_STRIDE` elements of 16
        // bytes (checked above).
        unsafe {
            match self.stride {
                0..=4 => self.expand_fixed::<4>(key, base, metric, moves, out),
                _ => self.expand_fixed::<MAX_STRIDE>(key, base, metric, moves, out),
            }
        }
    }
}

/// `base + delta` for both halves at once: the next key and its cells or
/// its index (one SSE2 addition on x86-64, where copying moves is most of an
/// expansion).
#[inline(always)]
fn add_pair(base: [u64; 2], delta: LineMove) -> [u64; 2] {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_add_epi64, _mm_loadu_si128, _mm_storeu_si128};
        let mut sum = [0u64; 2];
        // SAFETY: SSE2 is part of x86-64; the loads and the store read and
        // write two 16-byte arrays.
        unsafe {
            let v = _mm_add_epi64(
                _mm_loadu_si128(base.as_ptr().cast()),
                _mm_loadu_si128(delta.as_ptr().cast()),
            );
            _mm_storeu_si128(sum.as_mut_ptr().cast(), v);
        }
        sum
    }
    #[cfg(not(target_arch = "x86_64"))]
    [
        base[0].wrapping_add_signed(delta[0]),
        base[1].wrapping_add_signed(delta[1]),
    ]
}
