//! The distances of a unit with one more wall, derived from the distances
//! of the unit without it (the *parent*) instead of a new search.
//!
//! A wall on cell `w` leaves the parent's positions where `w` is empty (the
//! set `C`, which the units with a wall on `w` partition: the wall's place
//! among its row's items is fixed by where the cars are) and forbids the
//! moves that touch `w` ([`Moves::Touching`]); moves are their own inverse,
//! so `C` with the other moves is a graph, a subgraph of the parent's. Its
//! distances `d'` are therefore never below the parent's `d`. Call a
//! position of `C` *changed* when `d'(x) > d(x)`. Level by level of `d`:
//!
//! - a goal position (`d = 0`) is unchanged (the goal is the target's cell,
//!   which the wall does not touch);
//! - `x` with `d(x) = k > 0` is unchanged if and only if it has a move
//!   avoiding `w` to an unchanged position at level `k - 1`: such a move
//!   gives `d'(x) ≤ k`; conversely a shortest path of the subgraph from an
//!   unchanged `x` starts with a move to some `y` with
//!   `k - 1 = d'(y) ≥ d(y) ≥ k - 1` (a neighbour's distance is at least
//!   `d(x) - 1`), so `y` is unchanged;
//! - so a changed `x` at level `k` has every optimal move of the parent
//!   either touching `w` (a *seed*: it has a move touching `w` to level
//!   `k - 1`) or leading to a changed position (a neighbour of one). Only
//!   those *candidates* are tested; every other position of level `k` has
//!   an optimal move to an unchanged position that avoids `w`.
//!
//! The changed positions are then searched again, level by level, from
//! their unchanged neighbours, each entering the search at its own
//! distance: a shortest path of the subgraph from a changed position runs
//! through changed positions to an unchanged one, whose distance is its
//! parent distance. Those no unchanged position reaches have become
//! unsolvable. The work is
//! one pass over the parent's fibers for the seeds (only the moves that
//! touch `w`) and then proportional to the candidates and the changed
//! positions, against a whole search of the child.

use super::touch::{Cell, Moves, Source};
use super::{equal_bytes, window, Columns, FiberAt, Unit, NONE};
use crate::retrograde::UNREACHED;
use crate::Fibered;
use std::time::Instant;

/// Memory reused from one repair to the next.
#[derive(Default)]
pub struct Repair {
    /// Per occupied set of a column and row: the digits whose filling
    /// covers the row's cell (for the board size of the last repair).
    covering: Vec<[u32; 6]>,
    /// Per fiber of the parent: its changed positions.
    changed: Vec<u32>,
    /// Per fiber: the candidates of the next level, and the fibers holding
    /// some.
    candidates: Vec<u32>,
    listed: Vec<FiberAt>,
    /// Per level: the seeds, and the changed positions.
    seeds: Vec<Vec<(FiberAt, u32)>>,
    changed_at: Vec<Vec<(FiberAt, u32)>>,
    /// The search of the changed positions, by distance: their unchanged
    /// neighbours, and the changed positions it has reached.
    frontier: Vec<Vec<(FiberAt, u32)>>,
}

/// What a repair found, and the time of its steps.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Repaired {
    /// Positions of `C` whose distance was tested (seeds and the
    /// neighbours of changed positions, at their level).
    pub candidates: u64,
    /// Positions of `C` whose distance the wall changes, and of those the
    /// ones it makes unsolvable.
    pub changed: u64,
    pub unsolvable: u64,
    /// Seconds spent finding the seeds, testing the candidates level by
    /// level, and searching the changed positions again (with the clearing
    /// of the covered positions).
    pub seconds: [f64; 3],
}

impl Repair {
    pub fn new() -> Repair {
        Repair::default()
    }

    /// Turns `dist`, the distances of every position of `unit` (a complete
    /// search: [`crate::retrograde::Retrograde::distances`]), into the
    /// distances with a wall on `cell`: [`UNREACHED`] where a car covers
    /// the cell, and where the wall leaves no way to the goal.
    pub fn repair(&mut self, unit: &Unit, dist: &mut [u8], cell: Cell) -> Repaired {
        let fibers = unit.fibers();
        let columns = unit.columns;
        if self.covering.len() != columns.list.len() {
            self.covering = covering(columns);
        }
        self.changed.clear();
        self.changed.resize(fibers, 0);
        self.candidates.clear();
        self.candidates.resize(fibers, 0);
        self.listed.clear();
        for level in self
            .seeds
            .iter_mut()
            .chain(&mut self.changed_at)
            .chain(&mut self.frontier)
        {
            level.clear();
        }
        let mut found = Repaired::default();
        let started = Instant::now();
        let deepest = self.find_seeds(unit, dist, cell);
        found.seconds[0] = started.elapsed().as_secs_f64();
        let started = Instant::now();
        let avoiding = Moves::Avoiding(cell);
        grow(&mut self.changed_at, deepest as usize + 1);
        for k in 1..=deepest {
            for &(at, bits) in &self.seeds[k as usize] {
                if self.candidates[at.fiber] == 0 {
                    self.listed.push(at);
                }
                self.candidates[at.fiber] |= bits;
            }
            // Test this level's candidates: unchanged when a move avoiding
            // the cell reaches an unchanged position one level down.
            let changed = &mut self.changed;
            let mut changed_here = Vec::new();
            for at in self.listed.drain(..) {
                let bits = std::mem::take(&mut self.candidates[at.fiber]);
                found.candidates += bits.count_ones() as u64;
                let kept = pull_moves(unit, &at, bits, avoiding, |to| {
                    level_bits(unit, dist, to, k - 1) & !changed[to.fiber]
                });
                let lost = bits & !kept;
                if lost != 0 {
                    changed[at.fiber] |= lost;
                    found.changed += lost.count_ones() as u64;
                    changed_here.push((at, lost));
                }
            }
            // Their neighbours one level up are the next level's
            // candidates.
            for &(at, lost) in &changed_here {
                unit.expand_moves(&at, lost, avoiding, |to, moved, _| {
                    let up = moved & level_bits(unit, dist, to, k + 1);
                    if up != 0 {
                        if self.candidates[to.fiber] == 0 {
                            self.listed.push(*to);
                        }
                        self.candidates[to.fiber] |= up;
                    }
                });
            }
            self.changed_at[k as usize] = changed_here;
        }
        found.seconds[1] = started.elapsed().as_secs_f64();
        let started = Instant::now();
        found.unsolvable = self.relevel(unit, dist, cell);
        clear_covered(unit, &self.covering, dist, cell);
        found.seconds[2] = started.elapsed().as_secs_f64();
        found
    }

    /// Finds the seeds (positions of `C` with a move touching the cell to
    /// the level below theirs), by level; returns the deepest level.
    fn find_seeds(&mut self, unit: &Unit, dist: &[u8], cell: Cell) -> u8 {
        let mut deepest = 0u8;
        let (seeds, covering) = (&mut self.seeds, &self.covering);
        for block in 0..unit.blocks() {
            let mask = unit.fiber_mask(block);
            let mut at = unit.first(block);
            for f in unit.block_fibers(block) {
                let bytes = window(dist, unit.position_of(block, f, 0) as usize);
                let mut rest = mask & !equal_bytes(&bytes, &[UNREACHED; 32]);
                while rest != 0 {
                    let level = bytes[rest.trailing_zeros() as usize];
                    let bits = equal_bytes(&bytes, &[level; 32]) & rest;
                    rest &= !bits;
                    deepest = deepest.max(level);
                    if level == UNREACHED - 1 {
                        continue;
                    }
                    unit.expand_moves(&at, bits, Moves::Touching(cell), |to, moved, _| {
                        let up = moved
                            & level_bits(unit, dist, to, level + 1)
                            & free_bits(unit, covering, to, cell);
                        if up != 0 {
                            grow(seeds, level as usize + 2);
                            seeds[level as usize + 1].push((*to, up));
                        }
                    });
                }
                unit.advance(&mut at);
            }
        }
        grow(seeds, deepest as usize + 1);
        deepest
    }

    /// Gives the changed positions their distances with the wall: a
    /// search over them, level by level, from their unchanged neighbours
    /// (each joins the frontier at its own distance). Returns how many
    /// stay unreached.
    fn relevel(&mut self, unit: &Unit, dist: &mut [u8], cell: Cell) -> u64 {
        let avoiding = Moves::Avoiding(cell);
        let (changed, frontier) = (&self.changed, &mut self.frontier);
        // The unchanged neighbours, by distance (`candidates` marks those
        // listed; it is all zero after the levels).
        let listed = &mut self.candidates;
        let mut total = 0u64;
        for &(at, lost) in self.changed_at.iter().flatten() {
            total += lost.count_ones() as u64;
            unit.expand_moves(&at, lost, avoiding, |to, moved, _| {
                let mut rest = moved & !changed[to.fiber] & !listed[to.fiber];
                let base = unit.position_of(to.block, to.fiber, 0) as usize;
                while rest != 0 {
                    let level = dist[base + rest.trailing_zeros() as usize];
                    let bits = rest & level_bits(unit, dist, to, level);
                    rest &= !bits;
                    if level < UNREACHED - 1 {
                        listed[to.fiber] |= bits;
                        grow(frontier, level as usize + 1);
                        frontier[level as usize].push((*to, bits));
                    }
                }
            });
        }
        for &(at, lost) in self.changed_at.iter().flatten() {
            listed[at.fiber] = 0;
            let base = unit.position_of(at.block, at.fiber, 0) as usize;
            let mut rest = lost;
            while rest != 0 {
                dist[base + rest.trailing_zeros() as usize] = UNREACHED;
                rest &= rest - 1;
            }
        }
        let mut reached = 0u64;
        let mut t = 0;
        while t < frontier.len() {
            let level = std::mem::take(&mut frontier[t]);
            let mut next = Vec::new();
            for &(at, bits) in &level {
                listed[at.fiber] = 0;
                unit.expand_moves(&at, bits, avoiding, |to, moved, _| {
                    let new = moved & changed[to.fiber] & level_bits(unit, dist, to, UNREACHED);
                    if new != 0 {
                        assert!(t + 1 < UNREACHED as usize, "distances must stay below 255");
                        let base = unit.position_of(to.block, to.fiber, 0) as usize;
                        let mut rest = new;
                        while rest != 0 {
                            dist[base + rest.trailing_zeros() as usize] = (t + 1) as u8;
                            rest &= rest - 1;
                        }
                        reached += new.count_ones() as u64;
                        next.push((*to, new));
                    }
                });
            }
            frontier[t] = level;
            frontier[t].clear();
            if !next.is_empty() {
                grow(frontier, t + 2);
                frontier[t + 1].extend(next);
            }
            t += 1;
        }
        total - reached
    }
}

/// Of the positions `bits` of the fiber `at`, those with a kept move to a
/// position of `target` (the positions of a fiber that it gives).
#[inline]
fn pull_moves(
    unit: &Unit,
    at: &FiberAt,
    bits: u32,
    moves: Moves,
    target: impl Fn(&FiberAt) -> u32,
) -> u32 {
    let mut found = 0u32;
    unit.expand_moves(at, bits, moves, |to, moved, source| {
        let hit = target(to) & moved;
        if hit == 0 {
            return;
        }
        found |= match source {
            Source::Same => hit,
            Source::Map(map) => pick(bits & !found, |x| {
                let y = map[x as usize];
                y != NONE && hit >> y & 1 != 0
            }),
            Source::Bit(x) => 1 << x,
            Source::Within => pick(bits & !found, |x| {
                moves.within(unit, at.block, 1 << x) & hit != 0
            }),
        };
    });
    found
}

/// Per occupied set of a column and row: the digits whose filling covers
/// the row's cell (one table per board size).
pub(super) fn covering(columns: &Columns) -> Vec<[u32; 6]> {
    (0..columns.list.len())
        .map(|occupied| {
            let mut rows = [0u32; 6];
            for (d, &f) in columns.list[occupied].iter().enumerate() {
                for (row, digits) in rows.iter_mut().enumerate() {
                    *digits |= ((columns.fillings.cells[f as usize] >> row & 1) as u32) << d;
                }
            }
            rows
        })
        .collect()
}

/// The positions of the fiber `at` where `cell` is empty (`covering`: per
/// occupied set of a column and row, the digits whose filling covers it).
#[inline]
pub(super) fn free_bits(unit: &Unit, covering: &[[u32; 6]], at: &FiberAt, cell: Cell) -> u32 {
    let b = at.block;
    let (row, column) = (cell.row as usize, cell.column as usize);
    let occupied = unit.occupied[b][column];
    if occupied >> row & 1 != 0 {
        return 0;
    }
    let covering = covering[occupied as usize][row];
    let mask = unit.fiber_mask(b);
    if unit.fiber_column[b] as usize == column {
        mask & !covering
    } else if covering >> at.digits[column] & 1 != 0 {
        0
    } else {
        mask
    }
}

/// The bits of `bits` that `keep` keeps.
#[inline(always)]
fn pick(bits: u32, keep: impl Fn(u32) -> bool) -> u32 {
    let mut kept = 0u32;
    let mut rest = bits;
    while rest != 0 {
        let x = rest.trailing_zeros();
        rest &= rest - 1;
        if keep(x) {
            kept |= 1 << x;
        }
    }
    kept
}

/// Makes `levels` at least `len` long.
fn grow(levels: &mut Vec<Vec<(FiberAt, u32)>>, len: usize) {
    if levels.len() < len {
        levels.resize_with(len, Vec::new);
    }
}

/// The positions of the fiber `at` at distance `level`.
#[inline(always)]
pub(super) fn level_bits(unit: &Unit, dist: &[u8], at: &FiberAt, level: u8) -> u32 {
    let here = window(dist, unit.position_of(at.block, at.fiber, 0) as usize);
    equal_bytes(&here, &[level; 32]) & unit.fiber_mask(at.block)
}

/// Marks the positions where a car covers the cell [`UNREACHED`]: they are
/// no positions of the units with a wall there.
fn clear_covered(unit: &Unit, covering: &[[u32; 6]], dist: &mut [u8], cell: Cell) {
    for block in 0..unit.blocks() {
        let mask = unit.fiber_mask(block);
        let mut at = unit.first(block);
        for f in unit.block_fibers(block) {
            let mut covered = mask & !free_bits(unit, covering, &at, cell);
            let base = unit.position_of(block, f, 0) as usize;
            while covered != 0 {
                dist[base + covered.trailing_zeros() as usize] = UNREACHED;
                covered &= covered - 1;
            }
            unit.advance(&mut at);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rush::Units;

    /// Every unit with walls of `units` (every `step`th), from each of its
    /// parents: the repaired distances equal a new search's at every
    /// position of the unit.
    fn check(units: &Units, step: usize) -> (u64, Repaired) {
        let mut repair = Repair::new();
        let mut total = Repaired::default();
        let mut checked = 0u64;
        units.each_wall(step, |unit, index, dist, wall, parent, parent_dist| {
            let found = repair.repair(parent, parent_dist, wall.cell);
            total.candidates += found.candidates;
            total.changed += found.changed;
            total.unsolvable += found.unsolvable;
            for (p, &d) in dist.iter().enumerate() {
                let q = wall.in_parent(units, unit, index, parent, p as u64);
                assert_eq!(
                    parent_dist[q as usize], d,
                    "unit {unit}, position {p}, {wall:?}"
                );
                checked += 1;
            }
        });
        (checked, total)
    }

    #[test]
    fn repaired_distances_are_a_new_searchs() {
        let (checked, found) = check(&Units::new(4, 2), 1);
        assert!(checked > 100_000, "{checked}");
        assert!(found.changed > 0 && found.unsolvable > 0, "{found:?}");
        // Here some changed positions stay solvable: the search again is
        // checked too.
        let (_, found) = check(&Units::new(5, 2), 97);
        assert!(
            found.changed > found.unsolvable && found.unsolvable > 0,
            "{found:?}"
        );
    }
}
