//! A unit with two walls decided from its two parents (the units without
//! one of its walls), never searched ([`TwoWalls`], [`Flood`]).
//!
//! By the wall test (`crate::unit::Unavoidable`), a position whose cell of
//! one wall is avoidable in the parent without that wall keeps the parent's
//! distance; the others, `F`, are lengthened by both walls (or cut off).
//! Every stored puzzle of the unit lies in `F`, and so only the components
//! that meet `F` are read: found over the unit's cells, their positions
//! outside `F` take a parent's distance and those in `F` are searched from
//! them (proofs: docs/database.md, *Deciding walled units from their
//! parents*).

use super::ancestor::{Ancestor, Keys};
use super::search::Component;
use super::units::Units;
use super::walls::Wall;
use crate::retrograde::{Retrograde, UNREACHED};
use crate::unit::{FiberAt, Unit};
use crate::Fibered;
use std::collections::HashMap;

/// A set of positions of a unit (by index).
#[derive(Default)]
pub struct PositionSet {
    words: Vec<u64>,
}

impl PositionSet {
    /// Empties the set, for positions `0..positions`.
    pub fn reset(&mut self, positions: u64) {
        self.words.clear();
        self.words.resize(positions.div_ceil(64) as usize, 0);
    }

    #[inline(always)]
    pub fn insert(&mut self, p: u64) {
        self.words[(p / 64) as usize] |= 1 << (p % 64);
    }

    #[inline(always)]
    pub fn contains(&self, p: u64) -> bool {
        self.words[(p / 64) as usize] >> (p % 64) & 1 != 0
    }

    /// Makes room for positions `0..positions`, emptying the set only when
    /// its size changes (a set kept empty between uses, by
    /// [`PositionSet::clear_words`], is not cleared whole again).
    pub fn fit(&mut self, positions: u64) {
        if self.words.len() != positions.div_ceil(64) as usize {
            self.reset(positions);
        }
    }

    /// Removes the positions `ps` (and whatever shares their words).
    pub fn clear_words(&mut self, ps: &[u32]) {
        for &p in ps {
            self.words[p as usize / 64] = 0;
        }
    }
}

/// What a unit's parents tell of one of its positions ([`TwoWalls::known`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Known {
    /// Its distance: a parent's, where the wall that parent lacks is
    /// avoidable.
    Distance(u8),
    /// No goal is reached: not in a parent.
    Unsolvable,
    /// Both walls lengthen its optimum (or cut it off): it is in `F`.
    InF,
}

/// One parent of a unit with two walls, as its family holds it: its
/// layout, its distances (its search's), and the positions of the wall-free
/// unit where the cell of the wall it lacks is unavoidable in it.
#[derive(Clone, Copy)]
pub struct Side<'a, 'c> {
    pub index: &'a Unit<'c>,
    pub dist: &'a [u8],
    pub listed: &'a PositionSet,
}

/// A unit with two walls decided from its parents: what they tell of its
/// positions, a fiber at a time.
pub struct TwoWalls<'a, 'c> {
    pub unit: &'a Unit<'c>,
    sides: [Side<'a, 'c>; 2],
    maps: [Ancestor<'a, 'c>; 2],
    root: Ancestor<'a, 'c>,
}

impl<'a, 'c> TwoWalls<'a, 'c> {
    /// The unit `u` (its layout `unit`, its walls `walls`), its parent
    /// without `walls[i]` as `sides[i]` (unit `parents[i]`), and the
    /// wall-free unit `root`.
    pub fn new(
        units: &'a Units,
        (u, unit): (usize, &'a Unit<'c>),
        walls: [Wall; 2],
        sides: [Side<'a, 'c>; 2],
        (g, root): (usize, &'a Unit<'c>),
    ) -> TwoWalls<'a, 'c> {
        let maps = [0, 1].map(|i| {
            Ancestor::new(
                units,
                (u, unit),
                (walls[i].parent, sides[i].index),
                &walls[i..=i],
            )
        });
        TwoWalls {
            unit,
            sides,
            maps,
            root: Ancestor::new(units, (u, unit), (g, root), &walls),
        }
    }

    /// What the parents tell of the positions `bits` of the fiber `at`:
    /// `out[x]` for each bit `x`. A parent's distance holds where the wall
    /// it lacks is avoidable (the wall test); a position the parents cannot
    /// tell of is in `F`.
    pub fn known(&mut self, at: &FiberAt, bits: u32, out: &mut [Known; 32]) {
        let root = self.root.fiber(at);
        let mut keys: [Option<Keys>; 2] = [None, None];
        let mut rest = bits;
        while rest != 0 {
            let x = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let g = root.get(x);
            out[x] = Known::InF;
            for i in 0..2 {
                if self.sides[i].listed.contains(g) {
                    continue;
                }
                let keys = *keys[i].get_or_insert_with(|| self.maps[i].fiber(at));
                let d = self.sides[i].dist[keys.get(x) as usize];
                out[x] = if d == UNREACHED {
                    Known::Unsolvable
                } else {
                    Known::Distance(d)
                };
                break;
            }
        }
    }
}

/// What a flood found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Flooded {
    pub solvable: u64,
    pub unsolvable: u64,
    /// Positions read (of the solvable components), and those of `F` among
    /// them (searched from the others).
    pub positions: u64,
    pub searched: u64,
}

impl std::ops::AddAssign for Flooded {
    fn add_assign(&mut self, other: Flooded) {
        self.solvable += other.solvable;
        self.unsolvable += other.unsolvable;
        self.positions += other.positions;
        self.searched += other.searched;
    }
}

/// The components of a unit with two walls that meet `F`, found over the
/// unit's cells and read with the distances its parents give
/// ([`TwoWalls::known`]); the positions of `F` in them are searched from
/// their neighbours outside `F`.
#[derive(Default)]
pub struct Flood {
    retrograde: Retrograde,
    cells: Vec<(usize, u32)>,
    /// The component's positions in `F`: (fiber, bit, index), then their
    /// neighbours among them, and their distances.
    inside: Vec<(FiberAt, u32, u64)>,
    edges: Vec<Vec<u32>>,
    reach: Vec<u8>,
    buckets: Vec<Vec<u32>>,
    /// The distances of the positions of `F` read (by index).
    in_f: HashMap<u64, u8>,
}

impl Flood {
    pub fn new() -> Flood {
        Flood::default()
    }

    /// The distance of a position of `F` (by index) in a solvable
    /// component the last run read; `None` for the others (in `F`, they
    /// are in a component that cannot reach the goal).
    pub fn in_f(&self, p: u64) -> Option<u8> {
        self.in_f.get(&p).copied()
    }

    /// Reads the components of `two.unit` that hold a position of `f`
    /// (indices of the unit, increasing): `each(read)` for each solvable
    /// one, in the order of its first position in `f`. The distances of
    /// their positions in `F` stay until the next run ([`Flood::in_f`]).
    pub fn run(
        &mut self,
        two: &mut TwoWalls,
        f: &[u64],
        mut each: impl FnMut(&Component),
    ) -> Flooded {
        self.in_f.clear();
        let unit = two.unit;
        let mut flooded = Flooded::default();
        self.retrograde.clear_components(unit);
        let mut known = [Known::Unsolvable; 32];
        for &p in f {
            let (at, bit) = unit.locate(p);
            let cell = unit.cell_of(&at)(bit);
            if self.retrograde.is_found(cell) {
                continue;
            }
            self.cells.clear();
            self.cells
                .extend_from_slice(self.retrograde.component(unit, at.block, cell));
            if !self.cells.iter().any(|&(b, _)| unit.is_goal_block(b)) {
                flooded.unsolvable += 1;
                continue;
            }
            flooded.solvable += 1;
            let mut read = Component::default();
            self.inside.clear();
            for &(block, cell) in &self.cells {
                unit.cell_fibers(block, cell, |at, bits| {
                    two.known(at, bits, &mut known);
                    let mut rest = bits;
                    while rest != 0 {
                        let x = rest.trailing_zeros();
                        rest &= rest - 1;
                        match known[x as usize] {
                            Known::Distance(d) => read.add(at, x, d),
                            Known::InF => {
                                let p = unit.position_of(at.block, at.fiber, x);
                                self.inside.push((*at, x, p));
                            }
                            Known::Unsolvable => {
                                unreachable!("a position of a solvable component is solvable")
                            }
                        }
                    }
                });
            }
            flooded.positions += read.size + self.inside.len() as u64;
            flooded.searched += self.inside.len() as u64;
            self.search_inside(two);
            for (i, &(at, x, p)) in self.inside.iter().enumerate() {
                read.add(&at, x, self.reach[i]);
                self.in_f.insert(p, self.reach[i]);
            }
            each(&read);
        }
        flooded
    }

    /// The distances of the component's positions in `F` (`inside`), from
    /// their neighbours outside it, whose distances the parents give:
    /// a breadth-first search that starts each outside neighbour at its own
    /// distance (buckets by distance).
    fn search_inside(&mut self, two: &mut TwoWalls) {
        let unit = two.unit;
        let n = self.inside.len();
        self.inside.sort_unstable_by_key(|&(_, _, p)| p);
        self.reach.clear();
        self.reach.resize(n, UNREACHED);
        self.edges.resize_with(n, Vec::new);
        for b in &mut self.buckets {
            b.clear();
        }
        self.buckets.resize_with(UNREACHED as usize + 1, Vec::new);
        let mut known = [Known::Unsolvable; 32];
        for i in 0..n {
            self.edges[i].clear();
            let (at, x, _) = self.inside[i];
            let mut best = UNREACHED;
            let (inside, edges) = (&self.inside, &mut self.edges[i]);
            unit.expand(&at, 1 << x, |to, bits| {
                two.known(to, bits, &mut known);
                let mut rest = bits;
                while rest != 0 {
                    let y = rest.trailing_zeros();
                    rest &= rest - 1;
                    match known[y as usize] {
                        Known::Distance(d) => best = best.min(d.saturating_add(1)),
                        Known::InF => {
                            let q = unit.position_of(to.block, to.fiber, y);
                            let j = inside
                                .binary_search_by_key(&q, |&(_, _, p)| p)
                                .expect("a neighbour in F is in the component");
                            edges.push(j as u32);
                        }
                        Known::Unsolvable => {
                            unreachable!("a position of a solvable component is solvable")
                        }
                    }
                }
            });
            self.reach[i] = best;
            if best != UNREACHED {
                self.buckets[best as usize].push(i as u32);
            }
        }
        for d in 0..UNREACHED as usize {
            let bucket = std::mem::take(&mut self.buckets[d]);
            for &i in &bucket {
                if self.reach[i as usize] as usize != d {
                    continue;
                }
                for &j in &self.edges[i as usize] {
                    if self.reach[j as usize] as usize > d + 1 {
                        self.reach[j as usize] = d as u8 + 1;
                        self.buckets[d + 1].push(j);
                    }
                }
            }
            self.buckets[d] = bucket;
        }
        assert!(
            self.reach.iter().all(|&d| d != UNREACHED),
            "every position of a solvable component reaches the goal"
        );
    }
}
