//! The unit as a [`Fibered`] space: its blocks and fibers, the moves of a
//! fiber's positions and of a whole block, and its cells (the positions of
//! a block whose columns stay in given classes).

use super::columns::map_bits;
use super::sweep::SPARSE;
use super::touch::{Moves, Source};
use super::{FiberAt, Unit, NONE};
use crate::Fibered;
use std::ops::Range;

impl Unit<'_> {
    /// A cell's class in each column.
    fn cell_classes(&self, block: usize, cell: u32) -> [u8; 6] {
        let cs = &self.cell_strides[block];
        let fc = self.fiber_column[block] as usize;
        let mut local = cell - self.cell_start[block];
        let mut classes = [0u8; 6];
        for &c in self.axes_of(block).iter().rev() {
            let c = c as usize;
            classes[c] = (local / cs[c]) as u8;
            local %= cs[c];
        }
        classes[fc] = local as u8;
        classes
    }

    /// Calls `emit(at, bits)` for each fiber of `block` that holds
    /// positions of `cell`, with those positions.
    pub fn cell_fibers(&self, block: usize, cell: u32, mut emit: impl FnMut(&FiberAt, u32)) {
        let classes = self.cell_classes(block, cell);
        let columns = self.columns;
        let occ = &self.occupied[block];
        let class_of = |c: usize| &columns.class[occ[c] as usize];
        let fc = self.fiber_column[block] as usize;
        let bits = (0..columns.list[occ[fc] as usize].len())
            .filter(|&x| class_of(fc)[x] == classes[fc])
            .fold(0u32, |m, x| m | 1 << x);
        let axes = self.axes_of(block);
        let mut digits = [[0u8; 32]; 5];
        let mut counts = [0usize; 5];
        for (k, &c) in axes.iter().enumerate() {
            let c = c as usize;
            for d in 0..columns.list[occ[c] as usize].len() {
                if class_of(c)[d] == classes[c] {
                    digits[k][counts[k]] = d as u8;
                    counts[k] += 1;
                }
            }
        }
        let s = &self.strides[block];
        let mut pick = [0usize; 5];
        let mut at = self.first(block);
        loop {
            at.fiber = self.fiber_start[block] as usize;
            for (k, &c) in axes.iter().enumerate() {
                let d = digits[k][pick[k]];
                at.digits[c as usize] = d;
                at.fiber += d as usize * s[c as usize] as usize;
            }
            emit(&at, bits);
            let mut k = 0;
            loop {
                if k == axes.len() {
                    return;
                }
                pick[k] += 1;
                if pick[k] < counts[k] {
                    break;
                }
                pick[k] = 0;
                k += 1;
            }
        }
    }

    /// The cells touched by the vertical move of column `c` of `block` (an
    /// axis other than its fiber's) from digit `d` to digit `j`
    /// ([`Source::Across`]).
    #[inline(always)]
    pub fn touched_across(&self, block: usize, c: u8, d: u8, j: u8) -> u64 {
        let c = c as usize;
        self.columns
            .touched(self.occupied[block][c], c, d as usize, j as usize)
    }

    /// The cells touched by the move of bit `x` of a fiber of `block` to
    /// bit `y` of the same fiber (a vertical move on the fiber axis).
    #[inline(always)]
    pub fn touched_within(&self, block: usize, x: usize, y: usize) -> u64 {
        let fc = self.fiber_column[block] as usize;
        self.columns.touched(self.occupied[block][fc], fc, x, y)
    }

    /// [`Fibered::expand`] by the moves `moves` keeps only, each group of
    /// moved positions emitted with the [`Source`] of its bits.
    #[inline(always)]
    pub fn expand_moves(
        &self,
        at: &FiberAt,
        bits: u32,
        moves: Moves,
        mut emit: impl FnMut(&FiberAt, u32, Source),
    ) {
        let columns = self.columns;
        let b = at.block;
        let occ = &self.occupied[b];
        let s = &self.strides[b];
        let fc = self.fiber_column[b] as usize;
        // Vertical moves on the fiber axis stay in the fiber.
        let inside = match moves {
            Moves::All => self.within(b, bits),
            _ => moves.within(self, b, bits),
        };
        if inside != 0 {
            emit(at, inside, Source::Within);
        }
        // Vertical moves on the other axes move the whole fiber.
        for &c in self.axes_of(b) {
            let c = c as usize;
            let d = at.digits[c];
            let mut targets = moves.column(
                columns,
                occ[c],
                c,
                d,
                columns.neighbours[occ[c] as usize][d as usize],
            );
            while targets != 0 {
                let j = targets.trailing_zeros() as u8;
                targets &= targets - 1;
                let mut to = *at;
                to.digits[c] = j;
                to.fiber = (at.fiber as isize + (j as isize - d as isize) * s[c] as isize) as usize;
                emit(&to, bits, Source::Across(c as u8, d, j));
            }
        }
        // Horizontal moves change the block.
        let plans = self.plan_start[b] as usize..self.plan_start[b + 1] as usize;
        'plans: for (plan, &(row, cells)) in self.plans[plans.clone()]
            .iter()
            .zip(&self.plan_cells[plans])
        {
            if !moves.slide(row, cells) {
                continue;
            }
            let touched = (cells as u64) << (row as usize * self.size);
            let to_block = plan.to as usize;
            let s2 = &self.strides[to_block];
            let fc2 = self.fiber_column[to_block] as usize;
            let mut to = FiberAt {
                fiber: self.fiber_start[to_block] as usize,
                block: to_block,
                digits: [0; 6],
            };
            for &c in self.axes_of(b) {
                let c = c as usize;
                let d = plan.image(columns, c, at.digits[c]);
                if d == NONE {
                    continue 'plans;
                }
                to.digits[c] = d;
                to.fiber += d as usize * s2[c] as usize;
            }
            if fc2 == fc {
                let (moved, source) = match plan.maps[fc] {
                    u16::MAX => (bits, Source::Same(touched)),
                    map => {
                        let map = &columns.maps[map as usize];
                        (map_bits(map, bits), Source::Map(map, touched))
                    }
                };
                if moved != 0 {
                    emit(&to, moved, source);
                }
            } else {
                // The target's fiber axis is a digit here, and this fiber's
                // bits are digits there: each bit lands in its own fiber.
                // (Its stride is 0: the digit added nothing to the fiber.)
                let bit = to.digits[fc2];
                to.digits[fc2] = 0;
                let mut rest = bits;
                while rest != 0 {
                    let x = rest.trailing_zeros() as u8;
                    rest &= rest - 1;
                    let d = plan.image(columns, fc, x);
                    if d != NONE {
                        let mut one = to;
                        one.digits[fc] = d;
                        one.fiber += d as usize * s2[fc] as usize;
                        emit(&one, 1 << bit, Source::Bit(x, touched));
                    }
                }
            }
        }
    }
}

impl Fibered for Unit<'_> {
    type At = FiberAt;

    fn blocks(&self) -> usize {
        self.blocks
    }

    fn fibers(&self) -> usize {
        self.fiber_start[self.blocks] as usize
    }

    fn positions(&self) -> u64 {
        self.position_start[self.blocks]
    }

    fn block_fibers(&self, block: usize) -> Range<usize> {
        self.fiber_start[block] as usize..self.fiber_start[block + 1] as usize
    }

    fn fiber_mask(&self, block: usize) -> u32 {
        (1u64 << self.fiber_len[block]).wrapping_sub(1) as u32
    }

    fn position_of(&self, block: usize, fiber: usize, bit: u32) -> u64 {
        self.position_start[block]
            + (fiber as u64 - self.fiber_start[block]) * self.fiber_len[block] as u64
            + bit as u64
    }

    fn is_goal_block(&self, block: usize) -> bool {
        self.goal[block]
    }

    fn block_neighbours(&self, block: usize) -> impl Iterator<Item = usize> + '_ {
        self.plans[self.plan_start[block] as usize..self.plan_start[block + 1] as usize]
            .iter()
            .map(|p| p.to as usize)
    }

    #[inline]
    fn first(&self, block: usize) -> FiberAt {
        FiberAt {
            fiber: self.fiber_start[block] as usize,
            block,
            digits: [0; 6],
        }
    }

    #[inline(always)]
    fn advance(&self, at: &mut FiberAt) {
        at.fiber += 1;
        let occ = &self.occupied[at.block];
        for &c in self.axes_of(at.block) {
            let c = c as usize;
            at.digits[c] += 1;
            if (at.digits[c] as usize) < self.columns.list[occ[c] as usize].len() {
                return;
            }
            at.digits[c] = 0;
        }
    }

    #[inline(always)]
    fn fiber(at: &FiberAt) -> usize {
        at.fiber
    }

    #[inline(always)]
    fn block(at: &FiberAt) -> usize {
        at.block
    }

    #[inline(always)]
    fn expand(&self, at: &FiberAt, bits: u32, mut emit: impl FnMut(&FiberAt, u32)) {
        self.expand_moves(at, bits, Moves::All, |to, moved, _| emit(to, moved));
    }

    fn expand_block(&self, block: usize, front: &[u32], next: &mut [u32]) {
        let fibers = self.block_fibers(block);
        let live = front[fibers.clone()]
            .iter()
            .filter(|&&bits| bits != 0)
            .count();
        if live * SPARSE < fibers.len() {
            crate::fibered::expand_each(self, block, front, next);
        } else {
            self.sweep(block, front, next);
        }
    }

    fn cells(&self) -> usize {
        self.cell_start[self.blocks] as usize
    }

    #[inline(always)]
    fn cell_of(&self, at: &FiberAt) -> impl Fn(u32) -> u32 + '_ {
        let b = at.block;
        let occ = &self.occupied[b];
        let cs = &self.cell_strides[b];
        let mut base = self.cell_start[b];
        for &c in self.axes_of(b) {
            let c = c as usize;
            base += self.columns.class[occ[c] as usize][at.digits[c] as usize] as u32 * cs[c];
        }
        let classes = &self.columns.class[occ[self.fiber_column[b] as usize] as usize];
        move |bit| base + classes[bit as usize] as u32
    }

    fn cell_neighbours(&self, block: usize, cell: u32, mut emit: impl FnMut(usize, u32)) {
        let columns = self.columns;
        let classes = self.cell_classes(block, cell);
        'plans: for plan in
            &self.plans[self.plan_start[block] as usize..self.plan_start[block + 1] as usize]
        {
            let to = plan.to as usize;
            let ts = &self.cell_strides[to];
            // The columns whose class has one image add to the base; the
            // others (`spread`, with their image classes) multiply it.
            let mut base = self.cell_start[to];
            let mut spread = [(0usize, 0u32); 6];
            let mut n = 0;
            for c in 0..self.size {
                let images = match plan.maps[c] {
                    u16::MAX => 1 << classes[c],
                    map => columns.class_image[map as usize][classes[c] as usize],
                };
                if images == 0 {
                    continue 'plans;
                }
                if images & (images - 1) == 0 {
                    base += images.trailing_zeros() * ts[c];
                } else {
                    spread[n] = (c, images);
                    n += 1;
                }
            }
            // Every choice of one image class per spread column.
            let mut pick = spread;
            loop {
                let target = base
                    + pick[..n]
                        .iter()
                        .map(|&(c, images)| images.trailing_zeros() * ts[c])
                        .sum::<u32>();
                emit(to, target);
                let mut i = 0;
                loop {
                    if i == n {
                        continue 'plans;
                    }
                    pick[i].1 &= pick[i].1 - 1;
                    if pick[i].1 != 0 {
                        break;
                    }
                    pick[i].1 = spread[i].1;
                    i += 1;
                }
            }
        }
    }
}
