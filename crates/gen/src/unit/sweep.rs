//! A block expanded as a whole: word operations over all of its fibers, for
//! the blocks whose fibers mostly hold frontier positions.

use super::columns::map_bits;
use super::{digit_runs, Unit, NONE};

/// A block is expanded fiber by fiber ([`crate::fibered::expand_each`])
/// when fewer than one fiber in `SPARSE` holds frontier positions, and
/// swept as a whole ([`Unit::sweep`]) otherwise.
pub(super) const SPARSE: usize = 8;

/// Steps `pick` (one digit per axis from `first` on, each below its
/// count) to the next choice, the lowest axis fastest; false after the last.
#[inline(always)]
pub(super) fn odometer(pick: &mut [usize; 5], counts: &[usize], first: usize) -> bool {
    for k in first..counts.len() {
        pick[k] += 1;
        if pick[k] < counts[k] {
            return true;
        }
        pick[k] = 0;
    }
    false
}

impl Unit<'_> {
    /// The positions of the fiber `at` one move from `bits` without
    /// leaving the fiber (the part of an expansion that stays in it).
    #[inline(always)]
    pub(super) fn within(&self, block: usize, bits: u32) -> u32 {
        let fc = self.fiber_column[block] as usize;
        let near = &self.columns.neighbours[self.occupied[block][fc] as usize];
        let mut inside = 0u32;
        let mut rest = bits;
        while rest != 0 {
            inside |= near[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        inside
    }

    /// [`Fibered::expand_block`](crate::Fibered::expand_block) as word operations over the whole block:
    /// a vertical move on a non-fiber axis ORs runs of fibers into runs of
    /// fibers, and a slide visits only the fibers whose digits all have an
    /// image (the others' positions cannot make it).
    pub(super) fn sweep(&self, block: usize, front: &[u32], next: &mut [u32]) {
        let columns = self.columns;
        let occ = &self.occupied[block];
        let s = &self.strides[block];
        let fc = self.fiber_column[block] as usize;
        let start = self.fiber_start[block] as usize;
        let n = self.fiber_start[block + 1] as usize - start;
        let front = &front[start..start + n];
        // Vertical moves on the fiber axis stay in the fiber.
        for (f, &bits) in front.iter().enumerate() {
            if bits != 0 {
                next[start + f] |= self.within(block, bits);
            }
        }
        // Vertical moves on the other axes: all the fibers with digit `d`
        // move to those with digit `j`, a run of fibers at a time.
        for (c, run, period) in self.axis_runs(block) {
            for (d, &near) in columns.neighbours[occ[c] as usize].iter().enumerate() {
                let mut targets = near;
                while targets != 0 {
                    let j = targets.trailing_zeros() as usize;
                    targets &= targets - 1;
                    for (from, to) in digit_runs(n, (run, period), d, j) {
                        let from = &front[from..][..run];
                        let to = &mut next[start + to..][..run];
                        for (t, &f) in to.iter_mut().zip(from) {
                            *t |= f;
                        }
                    }
                }
            }
        }
        let axes = self.axes_of(block);
        // Slides: per axis, the (source, target) fiber offsets of the
        // digits that have an image (on the target's fiber axis, whose
        // stride is 0, the target bit instead).
        let mut offsets = [[(0u32, 0u32); 32]; 5];
        let mut counts = [0usize; 5];
        'plans: for plan in
            &self.plans[self.plan_start[block] as usize..self.plan_start[block + 1] as usize]
        {
            let to = plan.to as usize;
            let s2 = &self.strides[to];
            let fc2 = self.fiber_column[to] as usize;
            for (k, &c) in axes.iter().enumerate() {
                let c = c as usize;
                counts[k] = 0;
                for d in 0..columns.list[occ[c] as usize].len() {
                    let image = plan.image(columns, c, d as u8);
                    if image != NONE {
                        let into = if c == fc2 {
                            image as u32
                        } else {
                            image as u32 * s2[c]
                        };
                        offsets[k][counts[k]] = (d as u32 * s[c], into);
                        counts[k] += 1;
                    }
                }
                if counts[k] == 0 {
                    continue 'plans;
                }
            }
            let target = self.fiber_start[to] as usize;
            if fc2 == fc {
                let fiber_map = match plan.maps[fc] {
                    u16::MAX => None,
                    map => Some(&columns.maps[map as usize]),
                };
                // Every choice of a digit with an image on axes 1.., axis 0
                // innermost.
                let mut pick = [0usize; 5];
                loop {
                    let (mut from, mut into) = (0u32, 0u32);
                    for k in 1..axes.len() {
                        let (a, b) = offsets[k][pick[k]];
                        from += a;
                        into += b;
                    }
                    for &(a, b) in &offsets[0][..counts[0]] {
                        let bits = front[(from + a) as usize];
                        if bits != 0 {
                            let moved = fiber_map.map_or(bits, |map| map_bits(map, bits));
                            next[target + (into + b) as usize] |= moved;
                        }
                    }
                    if !odometer(&mut pick, &counts[..axes.len()], 1) {
                        continue 'plans;
                    }
                }
            }
            // The target's fiber axis is an axis here, and this fiber's bits
            // are digits there: each bit lands in its own fiber.
            let kb = axes
                .iter()
                .position(|&c| c as usize == fc2)
                .expect("the target's fiber axis is one of this block's axes");
            let mut into_fiber = [u32::MAX; 32];
            for (x, into) in into_fiber
                .iter_mut()
                .enumerate()
                .take(self.fiber_len[block] as usize)
            {
                let d = plan.image(columns, fc, x as u8);
                if d != NONE {
                    *into = d as u32 * s2[fc];
                }
            }
            let mut pick = [0usize; 5];
            loop {
                let (mut from, mut into, mut bit) = (0u32, 0u32, 0u32);
                for k in 1..axes.len() {
                    let (a, b) = offsets[k][pick[k]];
                    from += a;
                    if k == kb {
                        bit = b;
                    } else {
                        into += b;
                    }
                }
                for &(a, b) in &offsets[0][..counts[0]] {
                    let (into, bit) = if kb == 0 { (into, b) } else { (into + b, bit) };
                    let mut rest = front[(from + a) as usize];
                    while rest != 0 {
                        let x = rest.trailing_zeros() as usize;
                        rest &= rest - 1;
                        if into_fiber[x] != u32::MAX {
                            next[target + (into + into_fiber[x]) as usize] |= 1 << bit;
                        }
                    }
                }
                if !odometer(&mut pick, &counts[..axes.len()], 1) {
                    continue 'plans;
                }
            }
        }
    }
}
