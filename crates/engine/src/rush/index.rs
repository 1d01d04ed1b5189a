//! The dense index of a Rush Hour space ([`Indexed`]): the lines'
//! arrangement indices read as one mixed-radix number, so that an
//! exploration can mark visited positions in a bitmap.

use super::{field, RushSpace};
use crate::Indexed;
use unblocker_model::Metric;

/// The largest dense index space offered (a visited bitmap of 256 MiB).
pub(super) const MAX_INDEX_BOUND: u64 = 1 << 31;

impl Indexed for RushSpace {
    fn index_bound(&self) -> Option<u64> {
        self.index_bound
    }

    #[inline(always)]
    fn index_of(&self, key: u64) -> u64 {
        self.lines.iter().fold(0, |index, line| {
            index + field(key, line.key_shift) * line.index_stride
        })
    }

    #[inline(always)]
    fn expand_indexed(
        &self,
        key: u64,
        index: u64,
        metric: Metric,
        out: &mut [(u64, u64)],
    ) -> usize {
        const {
            assert!(std::mem::size_of::<(u64, u64)>() == 16);
            assert!(std::mem::offset_of!((u64, u64), 0) == 0);
        }
        self.expand_pairs(key, [key, index], metric, &self.index_moves, out)
    }
}
