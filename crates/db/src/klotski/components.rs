//! Connected components of the layout graph under the piece metric (one
//! piece moves any number of cells along any path = one move), and each
//! solvable component's distances to the goal.
//!
//! [`Explorer::explore`] walks one component breadth-first from a seed,
//! numbering its layouts locally and recording the moves between them as a
//! compact adjacency list (so the engine generates each layout's moves once);
//! then a second breadth-first search over that list, seeded by all of the
//! component's goal layouts at once, gives every layout its distance.
//! [`census`] does this for every component, except that the left-right
//! mirror image of a component is read off the component itself
//! ([`Explorer::mirror_image`]).

use super::layouts::Layouts;
use unblocker_engine::Space;
use unblocker_model::Metric;

/// Marks a layout no exploration has reached.
const UNSEEN: u32 = u32::MAX;
/// Marks a layout of the mirror image of an explored component.
const MIRRORED: u32 = u32::MAX - 1;
/// Marks a layout that cannot reach the goal (in [`Census::distance`]).
pub const UNSOLVABLE: u8 = u8::MAX;
/// Room for one layout's moves: at most 18 pieces, each reaching at most
/// the 18 free corners of its shape.
const MAX_MOVES: usize = 512;

/// One component.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Component {
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

/// Explores components one at a time, reusing its buffers.
pub struct Explorer<'a> {
    layouts: &'a Layouts,
    /// For every layout: its number within the component that reached it,
    /// [`MIRRORED`] if it was accounted for as the image of one, or
    /// [`UNSEEN`].
    local: Vec<u32>,
    /// The last component's layouts, by local number.
    members: Vec<u32>,
    /// Moves of member `i`: `neighbours[edge_starts[i]..edge_starts[i + 1]]`.
    edge_starts: Vec<u32>,
    neighbours: Vec<u32>,
    /// Distance to the goal of each member ([`UNSOLVABLE`] if none).
    distances: Vec<u8>,
    moves: Vec<(u64, u32)>,
}

impl<'a> Explorer<'a> {
    pub fn new(layouts: &'a Layouts) -> Explorer<'a> {
        Explorer {
            layouts,
            local: vec![UNSEEN; layouts.len()],
            members: Vec::new(),
            edge_starts: Vec::new(),
            neighbours: Vec::new(),
            distances: Vec::new(),
            moves: vec![(0, 0); MAX_MOVES],
        }
    }

    /// True if an earlier exploration reached layout `index`.
    pub fn seen(&self, index: u32) -> bool {
        self.local[index as usize] != UNSEEN
    }

    /// Explores the component of layout `seed`, which no earlier exploration
    /// may have reached (see [`Explorer::forget`]), and measures its
    /// distances to the goal.
    pub fn explore(&mut self, seed: u32) -> Component {
        debug_assert!(!self.seen(seed), "layout {seed} was explored already");
        let (layouts, space) = (self.layouts, self.layouts.space());
        self.members.clear();
        self.neighbours.clear();
        self.edge_starts.clear();
        self.edge_starts.push(0);
        self.members.push(seed);
        self.local[seed as usize] = 0;
        let mut goals = Vec::new();
        let mut next = 0;
        while next < self.members.len() {
            let key = layouts.key(self.members[next]);
            if space.is_goal(key) {
                goals.push(next as u32);
            }
            let walk = layouts.walk(key).expect("an enumerated layout");
            let n = space.expand_into(key, Metric::Piece, &mut self.moves);
            for &(to, _) in &self.moves[..n] {
                let index = walk
                    .index_of_neighbour(to)
                    .expect("a move keeps the pieces and the empty cells");
                let local = &mut self.local[index as usize];
                if *local == UNSEEN {
                    *local = self.members.len() as u32;
                    self.members.push(index);
                }
                self.neighbours.push(*local);
            }
            self.edge_starts.push(self.neighbours.len() as u32);
            next += 1;
        }
        let histogram = self.measure_distances(&goals);
        let hardest = histogram.len().checked_sub(1).map(|moves| {
            let layout = self
                .members
                .iter()
                .zip(&self.distances)
                .filter(|&(_, &d)| d as usize == moves)
                .map(|(&layout, _)| layout)
                .min()
                .expect("the farthest distance has a layout");
            Hardest {
                layout,
                moves: moves as u32,
            }
        });
        Component {
            size: self.members.len() as u32,
            goals: goals.len() as u32,
            pieces: layouts.pieces(seed).len() as u32,
            hardest,
            histogram,
        }
    }

    /// Breadth-first search over the last component's moves from its goal
    /// members; returns the histogram of distances.
    fn measure_distances(&mut self, goals: &[u32]) -> Vec<u64> {
        self.distances.clear();
        self.distances.resize(self.members.len(), UNSOLVABLE);
        let mut histogram = Vec::new();
        let mut frontier: Vec<u32> = goals.to_vec();
        let mut following = Vec::new();
        let mut distance = 0u8;
        for &g in goals {
            self.distances[g as usize] = 0;
        }
        while !frontier.is_empty() {
            histogram.push(frontier.len() as u64);
            distance = distance
                .checked_add(1)
                .filter(|&d| d != UNSOLVABLE)
                .expect("4×5 Klotski distances stay far below 255");
            for &member in &frontier {
                let (from, to) = (
                    self.edge_starts[member as usize] as usize,
                    self.edge_starts[member as usize + 1] as usize,
                );
                for &next in &self.neighbours[from..to] {
                    if self.distances[next as usize] == UNSOLVABLE {
                        self.distances[next as usize] = distance;
                        following.push(next);
                    }
                }
            }
            std::mem::swap(&mut frontier, &mut following);
            following.clear();
        }
        histogram
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
        let local = self.local[index as usize] as usize;
        (self.members.get(local) == Some(&index)).then(|| self.distances[local])
    }

    /// If the last component is not its own left-right mirror image,
    /// returns the image's summary (same size, goals, pieces and histogram,
    /// since the goal is symmetric; its own hardest layout), marks its
    /// layouts seen and calls `visit(layout, distance)` for each, so that it
    /// need not be explored.
    pub fn mirror_image(
        &mut self,
        component: &Component,
        mut visit: impl FnMut(u32, u8),
    ) -> Option<Component> {
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
            self.local[image as usize] = MIRRORED;
            visit(image, distance);
            if Some(distance as u32) == farthest {
                hardest = hardest.min(image);
            }
        }
        Some(Component {
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
            self.local[m as usize] = UNSEEN;
        }
        self.members.clear();
        self.distances.clear();
    }
}

/// Every component and every layout's distance to the goal.
pub struct Census {
    /// Components in the order found: by smallest layout index, each
    /// component that is not its own mirror image followed by its image.
    pub components: Vec<Component>,
    /// Each layout's distance to the goal ([`UNSOLVABLE`] if none).
    pub distance: Vec<u8>,
}

/// Explores every component; `progress(layouts_done)` is called after each
/// component of 10,000 layouts or more and at the end.
pub fn census(layouts: &Layouts, mut progress: impl FnMut(u64)) -> Census {
    let mut explorer = Explorer::new(layouts);
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
