//! A block expanded as a whole: word operations over all of its fibers, for
//! the blocks whose fibers mostly hold frontier positions. The walk over
//! the block's moves is shared ([`Unit::sweep_with`]): the distance
//! search ORs the moved positions into the next level ([`Spread`]), and
//! the unavoidable cells' pass also reads each move that reaches the level
//! below (`unavoidable`).

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
fn odometer(pick: &mut [usize; 5], counts: &[usize], first: usize) -> bool {
    for k in first..counts.len() {
        pick[k] += 1;
        if pick[k] < counts[k] {
            return true;
        }
        pick[k] = 0;
    }
    false
}

/// A slide out of a block, ready to apply: its plan, the cells its car
/// touches (bit `row × size + column`), and per axis of the block the
/// `(source, target)` offsets of the digits that have an image
/// ([`Unit::slide_offsets`]) and their counts.
#[derive(Clone, Copy)]
struct Slide<'a> {
    block: usize,
    plan: &'a Plan,
    touched: u64,
    offsets: &'a [[(u32, u32); 32]; 5],
    counts: &'a [usize],
}

/// A move of the car of column `column` (its rows covering `occupied`)
/// from digit `from` to digit `to` of the column's fillings.
#[derive(Clone, Copy)]
pub(super) struct ColumnStep {
    pub column: usize,
    pub occupied: u8,
    pub from: usize,
    pub to: usize,
}

impl ColumnStep {
    /// The cells the car touches on the way (bit `row × size + column`).
    #[inline(always)]
    pub fn touched(self, unit: &Unit) -> u64 {
        unit.columns
            .touched(self.occupied, self.column, self.from, self.to)
    }
}

/// What a sweep of a block does with each group of moves it walks
/// ([`Unit::sweep_with`]); fibers are the unit's (not the block's) indices.
pub(super) trait Visit {
    /// The positions `bits` of `fiber` move on the fiber axis, column `c`
    /// (its rows covering `occupied`): bit `x` to the bits `near[x]`.
    fn within(&mut self, unit: &Unit, fiber: usize, bits: u32, c: usize, occupied: u8);
    /// A column's car moves (`step`): the fibers from `from` on, holding
    /// the positions `front`, move whole to the fibers from `to` on.
    fn run(&mut self, unit: &Unit, front: &[u32], from: usize, to: usize, step: ColumnStep);
    /// A slide moves the positions `bits` of fiber `from` to fiber `to`,
    /// bit `x` to bit `map[x]` (the same bit without a map), touching the
    /// cells `touched`.
    fn along(&mut self, from: usize, bits: u32, to: usize, map: Option<&[u8; 32]>, touched: u64);
    /// A slide moves bit `x` of fiber `from` to bit `bit` of fiber `to`.
    fn across(&mut self, from: usize, x: u32, to: usize, bit: u32, touched: u64);
}

/// The distance search's sweep: the moved positions ORed into `next`.
pub(super) struct Spread<'a>(pub(super) &'a mut [u32]);

impl Visit for Spread<'_> {
    #[inline(always)]
    fn within(&mut self, unit: &Unit, fiber: usize, bits: u32, c: usize, occupied: u8) {
        let near = &unit.columns.neighbours[occupied as usize];
        let _ = c;
        let mut inside = 0u32;
        let mut rest = bits;
        while rest != 0 {
            inside |= near[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        self.0[fiber] |= inside;
    }

    #[inline(always)]
    fn run(&mut self, _: &Unit, front: &[u32], _: usize, to: usize, _: ColumnStep) {
        let to = &mut self.0[to..][..front.len()];
        for (t, &f) in to.iter_mut().zip(front) {
            *t |= f;
        }
    }

    #[inline(always)]
    fn along(&mut self, _: usize, bits: u32, to: usize, map: Option<&[u8; 32]>, _: u64) {
        self.0[to] |= map.map_or(bits, |map| map_bits(map, bits));
    }

    #[inline(always)]
    fn across(&mut self, _: usize, _: u32, to: usize, bit: u32, _: u64) {
        self.0[to] |= 1 << bit;
    }
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
        self.sweep_with(block, front, &mut Spread(next));
    }

    /// Walks the moves of the positions `front` (indexed by fiber) holds in
    /// `block`, group by group, handing each to `visit`. The steps are
    /// inlined into one loop nest (this is the distance search's inner
    /// work).
    #[inline(always)]
    pub(super) fn sweep_with(&self, block: usize, front: &[u32], visit: &mut impl Visit) {
        let start = self.fiber_start[block] as usize;
        let n = self.fiber_start[block + 1] as usize - start;
        let front = &front[start..start + n];
        // Vertical moves on the fiber axis stay in the fiber.
        let fc = self.fiber_column[block] as usize;
        let occupied = self.occupied[block][fc];
        for (f, &bits) in front.iter().enumerate() {
            if bits != 0 {
                visit.within(self, start + f, bits, fc, occupied);
            }
        }
        self.sweep_across_fibers(block, front, visit);
        let axes = self.axes_of(block);
        let mut offsets = [[(0u32, 0u32); 32]; 5];
        let mut counts = [0usize; 5];
        let plans = self.plan_start[block] as usize..self.plan_start[block + 1] as usize;
        for (plan, &(row, cells)) in self.plans[plans.clone()]
            .iter()
            .zip(&self.plan_cells[plans])
        {
            if !self.slide_offsets(block, plan, &mut offsets, &mut counts) {
                continue;
            }
            let slide = Slide {
                block,
                plan,
                touched: (cells as u64) << (row as usize * self.size),
                offsets: &offsets,
                counts: &counts[..axes.len()],
            };
            if self.fiber_column[plan.to as usize] == self.fiber_column[block] {
                self.slide_along(&slide, front, visit);
            } else {
                self.slide_across(&slide, front, visit);
            }
        }
    }

    /// Vertical moves on the block's other axes: all the fibers with digit
    /// `d` move to those with digit `j`, a run of fibers at a time (`front`
    /// is the block's own fibers).
    #[inline(always)]
    fn sweep_across_fibers(&self, block: usize, front: &[u32], visit: &mut impl Visit) {
        let start = self.fiber_start[block] as usize;
        let occ = &self.occupied[block];
        let n = front.len();
        for (c, run, period) in self.axis_runs(block) {
            for (d, &near) in self.columns.neighbours[occ[c] as usize].iter().enumerate() {
                let mut targets = near;
                while targets != 0 {
                    let j = targets.trailing_zeros() as usize;
                    targets &= targets - 1;
                    for (from, to) in digit_runs(n, (run, period), d, j) {
                        let run = &front[from..][..run];
                        let step = ColumnStep {
                            column: c,
                            occupied: occ[c],
                            from: d,
                            to: j,
                        };
                        visit.run(self, run, start + from, start + to, step);
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
    fn slide_along(&self, slide: &Slide, front: &[u32], visit: &mut impl Visit) {
        let Slide {
            block,
            plan,
            touched,
            offsets,
            counts,
        } = *slide;
        let start = self.fiber_start[block] as usize;
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
                    let (from, to) = (start + (from + a) as usize, target + (into + b) as usize);
                    visit.along(from, bits, to, fiber_map, touched);
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
    fn slide_across(&self, slide: &Slide, front: &[u32], visit: &mut impl Visit) {
        let (block, plan, touched) = (slide.block, slide.plan, slide.touched);
        let (offsets, counts) = (slide.offsets, slide.counts);
        let start = self.fiber_start[block] as usize;
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
                    let x = rest.trailing_zeros();
                    rest &= rest - 1;
                    if into_fiber[x as usize] != u32::MAX {
                        let to = target + (into + into_fiber[x as usize]) as usize;
                        visit.across(start + (from + a) as usize, x, to, bit, touched);
                    }
                }
            }
            if !odometer(&mut pick, counts, 1) {
                return;
            }
        }
    }
}
