//! The distance to the goal of every position of a start's component,
//! looked up by board: what the environments report as the optimal moves
//! left, and where they draw starts of a chosen difficulty from.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};
use unblocker_engine::klotski::{KlotskiKey, KlotskiSpace};
use unblocker_engine::rush::RushSpace;
use unblocker_engine::{Space, State};
use unblocker_model::{Board, Game, Metric};

/// The largest component the environments tabulate.
pub const MAX_POSITIONS: usize = 4_000_000;

/// A distance no goal reaches (an unsolvable component).
pub const UNREACHED: u32 = u32::MAX;

/// Why a component could not be tabulated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableError {
    Engine(String),
    TooLarge,
}

impl std::fmt::Display for TableError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TableError::Engine(e) => f.write_str(e),
            TableError::TooLarge => write!(
                f,
                "the component has more than {MAX_POSITIONS} positions, too many to tabulate"
            ),
        }
    }
}

/// Hashes an engine state by its own well-mixed [`State::hash64`] (the
/// keys are `u64` or `u128`), far cheaper than SipHash.
#[derive(Default)]
struct StateHasher(u64);

impl Hasher for StateHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).hash64();
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0 ^ n).hash64();
    }
    fn write_u128(&mut self, n: u128) {
        self.0 = (self.0 ^ n.hash64()).hash64();
    }
}

type StateMap<K> = HashMap<K, u32, BuildHasherDefault<StateHasher>>;

/// Every position of a component with its distance to the nearest goal.
struct Map<S: Space> {
    space: S,
    index: StateMap<S::State>,
    states: Vec<S::State>,
    distance: Vec<u32>,
    /// The positions that reach a goal, nearest first (the order the
    /// search from the goals found them in).
    by_distance: Vec<u32>,
    /// Where each distance's positions start in `by_distance` (one more
    /// entry than distances).
    level_start: Vec<usize>,
}

impl<S: Space> Map<S>
where
    S::State: Hash,
{
    /// Explores the start's component, then measures distances from all its
    /// goal positions at once (moves can be undone, so the graph is
    /// undirected).
    fn build(space: S, metric: Metric) -> Result<Map<S>, TableError> {
        let start = space.start();
        let mut index = StateMap::default();
        index.insert(start, 0u32);
        let mut out = vec![(start, 0); space.max_neighbors()];
        let mut states = vec![start];
        let mut offsets = vec![0u32];
        let mut edges: Vec<u32> = Vec::new();
        let mut next = 0;
        while next < states.len() {
            let state = states[next];
            let count = space.expand_into(state, metric, &mut out);
            for &(neighbour, _) in &out[..count] {
                let n = states.len() as u32;
                let id = *index.entry(neighbour).or_insert(n);
                if id == n {
                    states.push(neighbour);
                }
                edges.push(id);
            }
            offsets.push(edges.len() as u32);
            if states.len() > MAX_POSITIONS {
                return Err(TableError::TooLarge);
            }
            next += 1;
        }
        let mut distance = vec![UNREACHED; states.len()];
        let mut queue: Vec<u32> = (0..states.len() as u32)
            .filter(|&i| space.is_goal(states[i as usize]))
            .collect();
        for &g in &queue {
            distance[g as usize] = 0;
        }
        let mut head = 0;
        while head < queue.len() {
            let at = queue[head] as usize;
            head += 1;
            let d = distance[at] + 1;
            for &n in &edges[offsets[at] as usize..offsets[at + 1] as usize] {
                if distance[n as usize] == UNREACHED {
                    distance[n as usize] = d;
                    queue.push(n);
                }
            }
        }
        let mut level_start = vec![0];
        for (at, &i) in queue.iter().enumerate() {
            while level_start.len() <= distance[i as usize] as usize {
                level_start.push(at);
            }
        }
        level_start.push(queue.len());
        Ok(Map {
            space,
            index,
            states,
            distance,
            by_distance: queue,
            level_start,
        })
    }

    fn distance_of(&self, state: S::State) -> Option<u32> {
        self.index.get(&state).map(|&i| self.distance[i as usize])
    }

    /// Positions whose distance is in `range`, as indices.
    fn at_distance(&self, range: (u32, u32)) -> &[u32] {
        let levels = self.level_start.len() - 1;
        let start = self.level_start[(range.0 as usize).min(levels)];
        let end = self.level_start[(range.1 as usize + 1).min(levels)];
        &self.by_distance[start..end]
    }
}

enum Table {
    Rush(Map<RushSpace>),
    KlotskiNarrow(Map<KlotskiSpace<u64>>),
    KlotskiWide(Map<KlotskiSpace<u128>>),
}

/// The distances of one start's component, in the slide metric (one move
/// slides one piece any distance in a straight line: an environment's
/// action).
pub struct Distances {
    table: Table,
}

fn engine_error(e: impl std::fmt::Display) -> TableError {
    TableError::Engine(e.to_string())
}

impl Distances {
    pub fn new(start: &Board) -> Result<Distances, TableError> {
        let metric = Metric::Slide;
        let table = match start.game() {
            Game::RushHour => Table::Rush(Map::build(
                RushSpace::new(start).map_err(engine_error)?,
                metric,
            )?),
            Game::Klotski if start.width() * start.height() <= <u64 as KlotskiKey>::CELLS => {
                Table::KlotskiNarrow(Map::build(
                    KlotskiSpace::new(start).map_err(engine_error)?,
                    metric,
                )?)
            }
            Game::Klotski => Table::KlotskiWide(Map::build(
                KlotskiSpace::new(start).map_err(engine_error)?,
                metric,
            )?),
        };
        Ok(Distances { table })
    }

    /// The optimal slides from `board` to the goal ([`UNREACHED`] when
    /// none reaches it); `None` when `board` is not in the component.
    pub fn distance(&self, board: &Board) -> Option<u32> {
        match &self.table {
            Table::Rush(m) => m.distance_of(m.space.key_of(board)),
            Table::KlotskiNarrow(m) => m.space.key_of(board).and_then(|k| m.distance_of(k)),
            Table::KlotskiWide(m) => m.space.key_of(board).and_then(|k| m.distance_of(k)),
        }
    }

    /// The positions whose distance is in `range`: how many, and the
    /// board of the `pick`-th (modulo the count).
    pub fn pick(&self, range: (u32, u32), pick: u64) -> Option<(Board, u32)> {
        fn one<S: Space>(m: &Map<S>, range: (u32, u32), pick: u64) -> Option<(Board, u32)>
        where
            S::State: State + Hash,
        {
            let found = m.at_distance(range);
            let i = *found.get((pick % found.len().max(1) as u64) as usize)? as usize;
            Some((m.space.board(m.states[i]), m.distance[i]))
        }
        match &self.table {
            Table::Rush(m) => one(m, range, pick),
            Table::KlotskiNarrow(m) => one(m, range, pick),
            Table::KlotskiWide(m) => one(m, range, pick),
        }
    }
}
