//! Connected components of the layout graph under the piece metric (one
//! piece moves any number of cells along any path = one move), and each
//! solvable component's distances to the goal.
//!
//! The searches are the solver's ([`Sweep`], the breadth-first exploration
//! over a dense index that `Solver::analyze` uses): the layouts are a space
//! numbered by their layout index ([`Numbered`]). [`ComponentExplorer::explore`]
//! sweeps one component from a seed, then sweeps it again from all of its
//! goal layouts at once, which gives every layout its distance.
//! [`census`] does this for every component, except that the left-right
//! mirror image of a component is read off the component itself
//! ([`ComponentExplorer::mirror_image`]).

use super::layouts::Layouts;
use std::cell::RefCell;
use unblocker_engine::{Heuristic, Indexed, Space};
use unblocker_model::{Board, Cell, Direction, Metric};
use unblocker_solve::{Control, StopAt, Sweep};

/// Marks a layout that cannot reach the goal (in [`Census::distance`]).
pub const UNSOLVABLE: u8 = u8::MAX;
/// Room for one layout's moves: at most 18 pieces, each reaching at most
/// the 18 free corners of its shape.
const MAX_MOVES: usize = 512;

/// One component.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KlotskiComponent {
    /// Layouts in it.
    pub size: u32,
    /// Its layouts with the target at the goal.
    pub goals: u32,
    /// Pieces on the board, the target included.
    pub pieces: u32,
    /// For a solvable component: the layout farthest from the goal (the
    /// smallest index among those at that distance) and its optimum.
    pub hardest: Option<Hardest>,
    /// Layouts at each distance from the goal (empty when unsolvable).
    pub histogram: Vec<u64>,
}

/// A component's hardest layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hardest {
    pub layout: u32,
    pub moves: u32,
}

thread_local! {
    /// The engine's moves of one layout, before they are numbered.
    static MOVES: RefCell<Vec<(u64, u32)>> = RefCell::new(vec![(0, 0); MAX_MOVES]);
}

/// The layouts as a space whose states are layout indices (as `u64`, the
/// solver's state type): the engine's
/// moves, numbered with [`Layouts`] (one move away, a layout's number costs
/// less than from scratch: [`super::RankWalk`]).
pub struct Numbered<'a> {
    layouts: &'a Layouts,
}

impl Numbered<'_> {
    fn key(&self, state: u64) -> u64 {
        self.layouts.key(state as u32)
    }

    /// Calls `put(i, index, cells)` for the `i`th move of layout `state`
    /// (to layout `index`, `cells` one-cell steps long); returns how many.
    #[inline(always)]
    fn numbered_moves(
        &self,
        state: u64,
        metric: Metric,
        mut put: impl FnMut(usize, u64, u32),
    ) -> usize {
        let (layouts, key) = (self.layouts, self.key(state));
        let walk = layouts.walk(key).expect("an enumerated layout");
        MOVES.with_borrow_mut(|moves| {
            let n = layouts.space().expand_into(key, metric, moves);
            for (i, &(to, cells)) in moves[..n].iter().enumerate() {
                let index = walk
                    .index_of_neighbour(to)
                    .expect("a move keeps the pieces and the empty cells");
                put(i, index as u64, cells);
            }
            n
        })
    }
}

impl Space for Numbered<'_> {
    type State = u64;

    /// Layout 0 (the searches here are given their roots).
    fn start(&self) -> u64 {
        0
    }

    fn is_goal(&self, state: u64) -> bool {
        self.layouts.is_goal(state as u32)
    }

    fn max_neighbors(&self) -> usize {
        MAX_MOVES
    }

    fn expand_into(&self, state: u64, metric: Metric, out: &mut [(u64, u32)]) -> usize {
        self.numbered_moves(state, metric, |i, index, cells| out[i] = (index, cells))
    }

    fn move_between(&self, from: u64, to: u64) -> (Cell, Vec<(Direction, u8)>) {
        self.layouts
            .space()
            .move_between(self.key(from), self.key(to))
    }

    fn board(&self, state: u64) -> Board {
        self.layouts.board(state as u32)
    }

    fn estimate(&self, state: u64, heuristic: Heuristic, metric: Metric) -> u32 {
        self.layouts
            .space()
            .estimate(self.key(state), heuristic, metric)
    }
}

impl Indexed for Numbered<'_> {
    fn index_bound(&self) -> Option<u64> {
        Some(self.layouts.len() as u64)
    }

    fn index_of(&self, state: u64) -> u64 {
        state
    }

    fn expand_indexed(
        &self,
        state: u64,
        _index: u64,
        metric: Metric,
        out: &mut [(u64, u64)],
    ) -> usize {
        self.numbered_moves(state, metric, |i, index, _| out[i] = (index, index))
    }
}

/// Explores components one at a time, reusing its buffers.
pub struct ComponentExplorer<'a> {
    layouts: &'a Layouts,
    space: Numbered<'a>,
    sweep: Sweep<u64>,
    /// One bit per layout: reached by an earlier exploration (or accounted
    /// for as the mirror image of one).
    seen: Vec<u64>,
    /// The last component's layouts, nearest to the goal first.
    members: Vec<u32>,
    /// Distance to the goal of each member ([`UNSOLVABLE`] if none).
    distances: Vec<u8>,
}

impl<'a> ComponentExplorer<'a> {
    pub fn new(layouts: &'a Layouts) -> ComponentExplorer<'a> {
        ComponentExplorer {
            layouts,
            space: Numbered { layouts },
            sweep: Sweep::default(),
            seen: vec![0; layouts.len().div_ceil(64)],
            members: Vec::new(),
            distances: Vec::new(),
        }
    }

    /// True if an earlier exploration reached layout `index`.
    pub fn seen(&self, index: u32) -> bool {
        self.seen[index as usize / 64] >> (index % 64) & 1 != 0
    }

    /// One sweep to the end of the components of `roots`.
    fn sweep(&mut self, roots: &[u64]) -> Vec<u64> {
        let walk = self
            .sweep
            .run(
                &self.space,
                roots,
                Metric::Piece,
                StopAt::Exhaustion,
                &Control::default(),
            )
            .expect("the layouts are numbered");
        walk.stats.per_level.iter().map(|l| l.enqueued).collect()
    }

    /// Explores the component of layout `seed`, which no earlier exploration
    /// may have reached (see [`ComponentExplorer::forget`]), and measures its
    /// distances to the goal.
    pub fn explore(&mut self, seed: u32) -> KlotskiComponent {
        debug_assert!(!self.seen(seed), "layout {seed} was explored already");
        self.sweep(&[seed as u64]);
        let goals: Vec<u64> = self
            .sweep
            .reached()
            .filter(|&l| self.layouts.is_goal(l as u32))
            .collect();
        let histogram = if goals.is_empty() {
            Vec::new()
        } else {
            self.sweep(&goals)
        };
        self.members.clear();
        self.members.extend(self.sweep.reached().map(|l| l as u32));
        self.distances.clear();
        if histogram.is_empty() {
            self.distances.resize(self.members.len(), UNSOLVABLE);
        }
        for (distance, &count) in histogram.iter().enumerate() {
            let distance = u8::try_from(distance)
                .ok()
                .filter(|&d| d != UNSOLVABLE)
                .expect("4×5 Klotski distances stay far below 255");
            self.distances
                .extend(std::iter::repeat_n(distance, count as usize));
        }
        for &m in &self.members {
            mark(&mut self.seen, m, true);
        }
        let last = histogram.last().copied().unwrap_or(0) as usize;
        let hardest = histogram.len().checked_sub(1).map(|moves| Hardest {
            layout: self.members[self.members.len() - last..]
                .iter()
                .copied()
                .min()
                .expect("the farthest distance has a layout"),
            moves: moves as u32,
        });
        KlotskiComponent {
            size: self.members.len() as u32,
            goals: goals.len() as u32,
            pieces: self.layouts.pieces(seed).len() as u32,
            hardest,
            histogram,
        }
    }

    /// The last explored component's layouts and their distances to the
    /// goal ([`UNSOLVABLE`] when it has no goal layout).
    pub fn members(&self) -> impl Iterator<Item = (u32, u8)> + '_ {
        self.members
            .iter()
            .copied()
            .zip(self.distances.iter().copied())
    }

    /// The distance of layout `index` if it is in the last explored
    /// component.
    pub fn distance(&self, index: u32) -> Option<u8> {
        self.members().find(|&(l, _)| l == index).map(|(_, d)| d)
    }

    /// If the last component is not its own left-right mirror image,
    /// returns the image's summary (same size, goals, pieces and histogram,
    /// since the goal is symmetric; its own hardest layout), marks its
    /// layouts seen and calls `visit(layout, distance)` for each, so that it
    /// need not be explored.
    pub fn mirror_image(
        &mut self,
        component: &KlotskiComponent,
        mut visit: impl FnMut(u32, u8),
    ) -> Option<KlotskiComponent> {
        let layouts = self.layouts;
        let seed = *self.members.first()?;
        // The image of a component explored earlier was marked then, so an
        // image layout already seen is in this very component.
        if self.seen(layouts.mirror(seed)) {
            return None;
        }
        let farthest = component.hardest.map(|h| h.moves);
        let mut hardest = u32::MAX;
        for (&layout, &distance) in self.members.iter().zip(&self.distances) {
            let image = layouts.mirror(layout);
            mark(&mut self.seen, image, true);
            visit(image, distance);
            if Some(distance as u32) == farthest {
                hardest = hardest.min(image);
            }
        }
        Some(KlotskiComponent {
            hardest: component.hardest.map(|h| Hardest {
                layout: hardest,
                moves: h.moves,
            }),
            ..component.clone()
        })
    }

    /// Marks the last component's layouts unseen again, so that another
    /// exploration may start in it.
    pub fn forget(&mut self) {
        for &m in &self.members {
            mark(&mut self.seen, m, false);
        }
        self.members.clear();
        self.distances.clear();
    }
}

/// Sets (or clears) layout `index`'s bit in `seen`.
fn mark(seen: &mut [u64], index: u32, on: bool) {
    let (word, bit) = (&mut seen[index as usize / 64], 1u64 << (index % 64));
    *word = if on { *word | bit } else { *word & !bit };
}

/// Every component and every layout's distance to the goal.
pub struct Census {
    /// Components in the order found: by smallest layout index, each
    /// component that is not its own mirror image followed by its image.
    pub components: Vec<KlotskiComponent>,
    /// Each layout's distance to the goal ([`UNSOLVABLE`] if none).
    pub distance: Vec<u8>,
}

/// Explores every component; `progress(layouts_done)` is called after each
/// component of 10,000 layouts or more and at the end.
pub fn census(layouts: &Layouts, mut progress: impl FnMut(u64)) -> Census {
    let mut explorer = ComponentExplorer::new(layouts);
    let mut distance = vec![UNSOLVABLE; layouts.len()];
    let mut components = Vec::new();
    let (mut done, mut reported) = (0u64, 0u64);
    for seed in 0..layouts.len() as u32 {
        if explorer.seen(seed) {
            continue;
        }
        let component = explorer.explore(seed);
        done += component.size as u64;
        for (layout, d) in explorer.members() {
            distance[layout as usize] = d;
        }
        let image = explorer.mirror_image(&component, |layout, d| distance[layout as usize] = d);
        components.push(component);
        if let Some(image) = image {
            done += image.size as u64;
            components.push(image);
        }
        if done - reported >= 10_000 {
            progress(done);
            reported = done;
        }
    }
    progress(done);
    Census {
        components,
        distance,
    }
}
