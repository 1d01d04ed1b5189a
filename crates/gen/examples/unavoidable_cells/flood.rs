//! The components of a unit with two walls that meet `F`, explored and
//! given their distances without searching the unit: in a parent, or in the
//! unit's own layout.

use std::time::Instant;
use unblocker_gen::retrograde::{Retrograde, UNREACHED};
use unblocker_gen::rush::Units;
use unblocker_gen::unit::{equal_bytes, window, Cell, FiberAt, Moves, Unit};
use unblocker_gen::Fibered;

/// The positions of the fiber `at` whose byte in `bytes` is `value`.
fn equal_to(unit: &Unit, bytes: &[u8], at: &FiberAt, value: u8) -> u32 {
    let here = window(bytes, unit.position_of(at.block, at.fiber, 0) as usize);
    equal_bytes(&here, &[value; 32]) & unit.fiber_mask(at.block)
}

/// What a flood of the components meeting `F` found.
#[derive(Default, Clone, Copy)]
pub struct Flooded {
    pub components: u64,
    pub solvable_components: u64,
    pub positions: u64,
    pub solvable: u64,
    /// Fiber expansions: exploring, and searching the changed positions.
    pub expansions: [u64; 2],
}

impl std::ops::AddAssign for Flooded {
    fn add_assign(&mut self, other: Flooded) {
        self.components += other.components;
        self.solvable_components += other.solvable_components;
        self.positions += other.positions;
        self.solvable += other.solvable;
        self.expansions[0] += other.expansions[0];
        self.expansions[1] += other.expansions[1];
    }
}

/// The components of a unit with one wall more than `parent` (on `cell`),
/// explored from their positions in the parent, by the parent's moves that
/// do not touch the cell, with their distances: the parent's where the cell
/// is avoidable (the wall changes nothing there), the others searched again
/// from those, level by level, each position entering at its own distance
/// (as `unit::Repair` searches changed positions again); then each one's
/// size and histogram, as a run reads them.
#[derive(Default)]
pub struct Flood {
    /// Per fiber of the parent: its positions found, and those waiting to
    /// be expanded (all zero between runs).
    seen: Vec<u32>,
    waiting: Vec<u32>,
    /// The distances with the wall, in the parent's index ([`UNREACHED`]
    /// elsewhere, and between runs).
    pub dist: Vec<u8>,
    /// The fibers to expand, and the positions found, by fiber (a fiber may
    /// come more than once).
    queue: Vec<FiberAt>,
    found: Vec<(FiberAt, u32)>,
    levels: Vec<Vec<(FiberAt, u32)>>,
    histogram: Vec<u64>,
}

impl Flood {
    /// Floods the components of the positions `seeds` (indices in the
    /// parent, increasing); the distances stay in `self.dist` until
    /// [`Flood::clear`].
    pub fn run(
        &mut self,
        parent: &Unit,
        parent_dist: &[u8],
        parent_cells: &[u64],
        cell: Cell,
        seeds: &[u64],
    ) -> Flooded {
        let avoiding = Moves::Avoiding(cell);
        let x = cell.row as usize * parent.size() + cell.column as usize;
        if self.seen.len() < parent.fibers() {
            self.seen.resize(parent.fibers(), 0);
            self.waiting.resize(parent.fibers(), 0);
        }
        if self.dist.len() < parent_dist.len() {
            self.dist.resize(parent_dist.len(), UNREACHED);
        }
        self.found.clear();
        let mut flooded = Flooded::default();
        for &seed in seeds {
            let (at, bit) = parent.locate(seed);
            if self.seen[at.fiber] >> bit & 1 != 0 {
                continue;
            }
            // The component, a fiber's waiting positions expanded together.
            let first = self.found.len();
            let (seen, waiting, queue) = (&mut self.seen, &mut self.waiting, &mut self.queue);
            seen[at.fiber] |= 1 << bit;
            waiting[at.fiber] = 1 << bit;
            queue.clear();
            queue.push(at);
            let mut next = 0;
            while let Some(&at) = queue.get(next) {
                next += 1;
                let bits = std::mem::take(&mut waiting[at.fiber]);
                self.found.push((at, bits));
                flooded.expansions[0] += 1;
                parent.expand_moves(&at, bits, avoiding, |to, moved, _| {
                    let new = moved & !seen[to.fiber];
                    if new != 0 {
                        seen[to.fiber] |= new;
                        if waiting[to.fiber] == 0 {
                            queue.push(*to);
                        }
                        waiting[to.fiber] |= new;
                    }
                });
            }
            let members = &self.found[first..];
            // Its distances: the parent's where the cell is avoidable.
            for level in &mut self.levels {
                level.clear();
            }
            for &(at, bits) in members {
                let base = parent.position_of(at.block, at.fiber, 0) as usize;
                let bytes = window(parent_dist, base);
                let mut kept = bits & !equal_bytes(&bytes, &[UNREACHED; 32]);
                let mut rest = kept;
                while rest != 0 {
                    let b = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    if parent_cells[base + b] >> x & 1 != 0 {
                        kept &= !(1 << b);
                    }
                }
                while kept != 0 {
                    let d = bytes[kept.trailing_zeros() as usize];
                    let same = kept & equal_bytes(&bytes, &[d; 32]);
                    kept &= !same;
                    let mut rest = same;
                    while rest != 0 {
                        self.dist[base + rest.trailing_zeros() as usize] = d;
                        rest &= rest - 1;
                    }
                    if self.levels.len() <= d as usize {
                        self.levels.resize_with(d as usize + 1, Vec::new);
                    }
                    self.levels[d as usize].push((at, same));
                }
            }
            // The others from those, each level entering at its distance
            // (a fiber's positions of a level expanded together).
            let mut t = 0;
            while t < self.levels.len() {
                let level = std::mem::take(&mut self.levels[t]);
                let (waiting, queue, dist) = (&mut self.waiting, &mut self.queue, &mut self.dist);
                queue.clear();
                for &(at, bits) in &level {
                    if waiting[at.fiber] == 0 {
                        queue.push(at);
                    }
                    waiting[at.fiber] |= bits;
                }
                let mut up = Vec::new();
                flooded.expansions[1] += queue.len() as u64;
                for at in queue.iter() {
                    let bits = std::mem::take(&mut waiting[at.fiber]);
                    parent.expand_moves(at, bits, avoiding, |to, moved, _| {
                        let new = moved & equal_to(parent, dist, to, UNREACHED);
                        if new != 0 {
                            let base = parent.position_of(to.block, to.fiber, 0) as usize;
                            let mut rest = new;
                            while rest != 0 {
                                dist[base + rest.trailing_zeros() as usize] = (t + 1) as u8;
                                rest &= rest - 1;
                            }
                            up.push((*to, new));
                        }
                    });
                }
                self.levels[t] = level;
                if !up.is_empty() {
                    if self.levels.len() <= t + 1 {
                        self.levels.resize_with(t + 2, Vec::new);
                    }
                    self.levels[t + 1].extend(up);
                }
                t += 1;
            }
            // What a run reads of it.
            self.histogram.clear();
            let mut size = 0u64;
            for &(at, bits) in &self.found[first..] {
                let base = parent.position_of(at.block, at.fiber, 0) as usize;
                size += bits.count_ones() as u64;
                let mut rest = bits;
                while rest != 0 {
                    let d = self.dist[base + rest.trailing_zeros() as usize];
                    rest &= rest - 1;
                    if d != UNREACHED {
                        if self.histogram.len() <= d as usize {
                            self.histogram.resize(d as usize + 1, 0);
                        }
                        self.histogram[d as usize] += 1;
                    }
                }
            }
            let solvable: u64 = self.histogram.iter().sum();
            flooded.components += 1;
            flooded.positions += size;
            flooded.solvable += solvable;
            flooded.solvable_components += (solvable > 0) as u64;
        }
        flooded
    }

    /// Forgets the last run (only what it touched).
    pub fn clear(&mut self, parent: &Unit) {
        for &(at, bits) in &self.found {
            self.seen[at.fiber] = 0;
            let base = parent.position_of(at.block, at.fiber, 0) as usize;
            let mut rest = bits;
            while rest != 0 {
                self.dist[base + rest.trailing_zeros() as usize] = UNREACHED;
                rest &= rest - 1;
            }
        }
    }
}

/// The same components flooded in the unit's own layout instead: the unit
/// laid out, the components of `seeds` (its positions in `F`, increasing)
/// found over its cells, their distances searched from their goal
/// positions by the search's own kernel
/// ([`Retrograde::distances_from`]; the unsolvable ones are never
/// reached), then read as a run reads them (size, histogram). Returns what
/// it found (the components' positions: the solvable ones) and the seconds
/// of the layout and of the rest.
pub fn flood_in_unit(
    units: &Units,
    unit: usize,
    search: &mut Retrograde,
    seeds: &[u64],
    dist: &mut Vec<u8>,
) -> (Flooded, f64, f64) {
    let started = Instant::now();
    let index = units.index(unit);
    let layout = started.elapsed().as_secs_f64();
    let started = Instant::now();
    search.clear_components(&index);
    let mut label = vec![u32::MAX; index.cells()];
    let mut labels = 0u32;
    for &p in seeds {
        let (at, bit) = index.locate(p);
        let cell = index.cell_of(&at)(bit);
        if !search.is_found(cell) {
            for &(_, c) in search.component(&index, at.block, cell) {
                label[c as usize] = labels;
            }
            labels += 1;
        }
    }
    search.distances_from(&index, dist, |at, bits| {
        let cell_of = index.cell_of(at);
        let mut kept = 0;
        let mut rest = bits;
        while rest != 0 {
            let b = rest.trailing_zeros();
            rest &= rest - 1;
            if label[cell_of(b) as usize] != u32::MAX {
                kept |= 1 << b;
            }
        }
        kept
    });
    let mut histograms: Vec<Vec<u64>> = vec![Vec::new(); labels as usize];
    for block in 0..index.blocks() {
        let mask = index.fiber_mask(block);
        let mut at = index.first(block);
        for f in index.block_fibers(block) {
            let base = index.position_of(block, f, 0) as usize;
            let bytes = window(dist, base);
            let mut rest = mask & !equal_bytes(&bytes, &[UNREACHED; 32]);
            if rest != 0 {
                let cell_of = index.cell_of(&at);
                while rest != 0 {
                    let b = rest.trailing_zeros();
                    rest &= rest - 1;
                    let histogram = &mut histograms[label[cell_of(b) as usize] as usize];
                    let d = bytes[b as usize] as usize;
                    if histogram.len() <= d {
                        histogram.resize(d + 1, 0);
                    }
                    histogram[d] += 1;
                }
            }
            index.advance(&mut at);
        }
    }
    let solvable: Vec<u64> = histograms.iter().map(|h| h.iter().sum()).collect();
    let found = Flooded {
        components: labels as u64,
        solvable_components: solvable.iter().filter(|&&n| n > 0).count() as u64,
        positions: solvable.iter().sum(),
        solvable: solvable.iter().sum(),
        expansions: [0, 0],
    };
    (found, layout, started.elapsed().as_secs_f64())
}
