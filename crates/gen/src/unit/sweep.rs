//! A block expanded as a whole: word operations over all of its fibers, for
//! the blocks whose fibers mostly hold frontier positions.

use super::columns::map_bits;
use super::layout::Plan;
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

/// A slide out of a block, ready to apply: its plan, and per axis of the
/// block the `(source, target)` offsets of the digits that have an image
/// ([`Unit::slide_offsets`]) and their counts.
#[derive(Clone, Copy)]
struct Slide<'a> {
    block: usize,
    plan: &'a Plan,
    offsets: &'a [[(u32, u32); 32]; 5],
    counts: &'a [usize],
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
    /// image (the others' positions cannot make it). The steps are inlined
    /// into one loop nest (this is the distance search's inner work).
    pub(super) fn sweep(&self, block: usize, front: &[u32], next: &mut [u32]) {
        let start = self.fiber_start[block] as usize;
        let n = self.fiber_start[block + 1] as usize - start;
        let front = &front[start..start + n];
        // Vertical moves on the fiber axis stay in the fiber.
        for (f, &bits) in front.iter().enumerate() {
            if bits != 0 {
                next[start + f] |= self.within(block, bits);
            }
        }
        self.sweep_across_fibers(block, front, &mut next[start..start + n]);
        let axes = self.axes_of(block);
        let mut offsets = [[(0u32, 0u32); 32]; 5];
        let mut counts = [0usize; 5];
        for plan in
            &self.plans[self.plan_start[block] as usize..self.plan_start[block + 1] as usize]
        {
            if !self.slide_offsets(block, plan, &mut offsets, &mut counts) {
                continue;
            }
            let slide = Slide {
                block,
                plan,
                offsets: &offsets,
                counts: &counts[..axes.len()],
            };
            if self.fiber_column[plan.to as usize] == self.fiber_column[block] {
                self.slide_along(&slide, front, next);
            } else {
                self.slide_across(&slide, front, next);
            }
        }
    }

    /// Vertical moves on the block's other axes: all the fibers with digit
    /// `d` move to those with digit `j`, a run of fibers at a time (`front`
    /// and `next` are the block's own fibers).
    #[inline(always)]
    fn sweep_across_fibers(&self, block: usize, front: &[u32], next: &mut [u32]) {
        let occ = &self.occupied[block];
        let n = front.len();
        for (c, run, period) in self.axis_runs(block) {
            for (d, &near) in self.columns.neighbours[occ[c] as usize].iter().enumerate() {
                let mut targets = near;
                while targets != 0 {
                    let j = targets.trailing_zeros() as usize;
                    targets &= targets - 1;
                    for (from, to) in digit_runs(n, (run, period), d, j) {
                        let from = &front[from..][..run];
                        let to = &mut next[to..][..run];
                        for (t, &f) in to.iter_mut().zip(from) {
                            *t |= f;
                        }
                    }
                }
            }
        }
    }

    /// A slide's `(source, target)` fiber offsets, per axis of the block,
    /// of the digits that have an image (on the target's fiber axis, whose
    /// stride is 0, the target bit instead), and their counts; false when
    /// some axis has none (no position makes the slide).
    #[inline(always)]
    fn slide_offsets(
        &self,
        block: usize,
        plan: &Plan,
        offsets: &mut [[(u32, u32); 32]; 5],
        counts: &mut [usize; 5],
    ) -> bool {
        let columns = self.columns;
        let (occ, s) = (&self.occupied[block], &self.strides[block]);
        let to = plan.to as usize;
        let (s2, fc2) = (&self.strides[to], self.fiber_column[to] as usize);
        for (k, &c) in self.axes_of(block).iter().enumerate() {
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
                return false;
            }
        }
        true
    }

    /// A slide into a block with the same fiber axis: every choice of a
    /// digit with an image on axes 1.., axis 0 innermost, moves a whole
    /// fiber (its bits mapped when the slide changes the fiber axis's
    /// column).
    #[inline(always)]
    fn slide_along(&self, slide: &Slide, front: &[u32], next: &mut [u32]) {
        let Slide {
            block,
            plan,
            offsets,
            counts,
        } = *slide;
        let fc = self.fiber_column[block] as usize;
        let target = self.fiber_start[plan.to as usize] as usize;
        let fiber_map = match plan.maps[fc] {
            u16::MAX => None,
            map => Some(&self.columns.maps[map as usize]),
        };
        let mut pick = [0usize; 5];
        loop {
            let (mut from, mut into) = (0u32, 0u32);
            for k in 1..counts.len() {
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
            if !odometer(&mut pick, counts, 1) {
                return;
            }
        }
    }

    /// A slide into a block whose fiber axis is an axis here: this fiber's
    /// bits are digits there, so each bit lands in its own fiber.
    #[inline(always)]
    fn slide_across(&self, slide: &Slide, front: &[u32], next: &mut [u32]) {
        let (block, plan) = (slide.block, slide.plan);
        let (offsets, counts) = (slide.offsets, slide.counts);
        let (fc, to) = (self.fiber_column[block] as usize, plan.to as usize);
        let (s2, fc2) = (&self.strides[to], self.fiber_column[to] as usize);
        let target = self.fiber_start[to] as usize;
        let kb = self
            .axes_of(block)
            .iter()
            .position(|&c| c as usize == fc2)
            .expect("the target's fiber axis is one of this block's axes");
        let mut into_fiber = [u32::MAX; 32];
        for (x, into) in into_fiber
            .iter_mut()
            .enumerate()
            .take(self.fiber_len[block] as usize)
        {
            let d = plan.image(self.columns, fc, x as u8);
            if d != NONE {
                *into = d as u32 * s2[fc];
            }
        }
        let mut pick = [0usize; 5];
        loop {
            let (mut from, mut into, mut bit) = (0u32, 0u32, 0u32);
            for k in 1..counts.len() {
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
            if !odometer(&mut pick, counts, 1) {
                return;
            }
        }
    }
}
