//! Iterative deepening: IDA* (depth-first searches bounded by `f = g + h`,
//! each bound the smallest `f` the previous one cut off) and IDDFS (the same
//! with `h = 0`, so the bound grows by one move per iteration).
//!
//! Memory stays small: the current path with each position's moves, and a
//! fixed transposition table of [`TABLE_SLOTS`] slots (whatever the size of
//! the component) that remembers, per iteration, the smallest depth at which
//! a position was reached. A position reached again no shallower is not
//! searched twice: the earlier visit, either finished or an ancestor on the
//! current path, already covered everything the later one could reach within
//! the bound. A slot is overwritten by the next position that hashes to it,
//! which costs repeated work, never a wrong answer. Moves that undo the
//! previous one are skipped.

use crate::algorithm::{SearchOutcome, SearchParams};
use crate::control::{Control, SearchProgress, StopReason, Watch};
use crate::memory::Fixed;
use crate::stats::{bytes_of, LevelStats, Stats};
use unblocker_engine::{Space, State};

/// Slots of the transposition table (a power of two): 4,096 slots in
/// buckets of [`WAYS`], 64 KiB for Rush Hour keys, whatever the component.
pub const TABLE_SLOTS: usize = 1 << 16;

/// Slots per bucket of the transposition table.
const WAYS: usize = 4;

#[derive(Clone, Copy)]
struct Transposition<K> {
    state: K,
    depth: u32,
    iteration: u32,
}

/// A direct-mapped cache of (position, smallest depth this iteration).
struct Transpositions<K: State> {
    slots: Vec<Transposition<K>>,
    shift: u32,
}

impl<K: State> Transpositions<K> {
    fn new(slots: usize) -> Self {
        debug_assert!(slots.is_power_of_two() && slots >= WAYS);
        Transpositions {
            slots: vec![
                Transposition {
                    state: K::EMPTY,
                    depth: 0,
                    iteration: 0,
                };
                slots
            ],
            shift: 64 - (slots / WAYS).trailing_zeros(),
        }
    }

    /// True if `state` was reached in this iteration at `depth` or less;
    /// otherwise remembers it at `depth`, in place of a slot of an earlier
    /// iteration or else of the deepest position of its bucket if that one
    /// is deeper (shallow positions head larger searches, so they are kept).
    #[inline]
    fn seen_no_deeper(&mut self, state: K, depth: u32, iteration: u32) -> bool {
        let first = (state.hash64() >> self.shift) as usize * WAYS;
        let bucket = &mut self.slots[first..first + WAYS];
        let mut victim = 0;
        let mut victim_rank = (false, 0);
        for (i, slot) in bucket.iter_mut().enumerate() {
            let current = slot.iteration == iteration;
            if current && slot.state == state {
                if slot.depth <= depth {
                    return true;
                }
                slot.depth = depth;
                return false;
            }
            // Stale slots first, then the deepest.
            let rank = (!current, slot.depth);
            if rank > victim_rank {
                (victim, victim_rank) = (i, rank);
            }
        }
        if victim_rank.0 || victim_rank.1 > depth {
            bucket[victim] = Transposition {
                state,
                depth,
                iteration,
            };
        }
        false
    }

    fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<Transposition<K>>()
    }
}

/// A position on the current path: its moves and the next one to try.
#[derive(Clone, Copy, Default)]
struct Frame {
    count: usize,
    next: usize,
}

/// The current path: its positions, each one's frame, and their moves
/// (`moves[d * width..]` holds those of the position at depth d).
struct Trail<K> {
    path: Vec<K>,
    frames: Vec<Frame>,
    moves: Vec<(K, u32)>,
    width: usize,
}

impl<K: State> Trail<K> {
    /// Makes room for one more position on the path and its moves, within
    /// the memory budget (the transposition table is counted, it does not
    /// grow).
    fn room(&mut self, watch: &mut Watch, table: &Transpositions<K>) -> Result<(), StopReason> {
        let mut table = Fixed(table.bytes());
        let (moves, path, frames) = (&mut self.moves, &mut self.path, &mut self.frames);
        watch.room(&mut [(&mut table, 0), (moves, self.width), (path, 1), (frames, 1)])
    }

    /// Expands the last position of the path (at depth `frames.len()`) into
    /// its row of `moves`.
    fn expand<S: Space<State = K>>(&mut self, space: &S, params: &SearchParams, stats: &mut Stats) {
        let width = self.width;
        let depth = self.frames.len();
        if self.moves.len() < (depth + 1) * width {
            self.moves.resize((depth + 1) * width, (K::EMPTY, 0));
        }
        let out = &mut self.moves[depth * width..(depth + 1) * width];
        let count = space.expand_into(self.path[depth], params.metric, out);
        stats.examined += 1;
        stats.generated += count as u64;
        self.frames.push(Frame { count, next: 0 });
    }

    fn bytes(&self) -> usize {
        bytes_of(&self.moves) + bytes_of(&self.path) + bytes_of(&self.frames)
    }
}

pub(crate) fn search<S: Space>(
    space: &S,
    params: SearchParams,
    control: &Control,
) -> SearchOutcome<S::State> {
    let mut watch = Watch::new(control);
    let mut stats = Stats::default();
    let mut table = Transpositions::new(TABLE_SLOTS);
    let start = space.start();
    let width = space.max_neighbors();
    let mut trail = Trail {
        path: vec![start],
        frames: Vec::new(),
        moves: Vec::new(),
        width,
    };
    let mut bound = params.estimate(space, start);
    let (mut found, mut stopped) = (space.is_goal(start), None);
    let mut visited = 1u64;
    let mut deepest = 1;
    let mut iteration = 0;
    while !found && stopped.is_none() {
        iteration += 1;
        let (examined_before, visited_before) = (stats.examined, visited);
        let mut next_bound = u32::MAX;
        trail.path.clear();
        trail.path.push(start);
        trail.frames.clear();
        table.seen_no_deeper(start, 0, iteration);
        if let Err(reason) = trail.room(&mut watch, &table) {
            stopped = Some(reason);
            break;
        }
        trail.expand(space, &params, &mut stats);
        while let Some(depth) = trail.frames.len().checked_sub(1) {
            let frame = &mut trail.frames[depth];
            if frame.next == frame.count {
                trail.frames.pop();
                trail.path.pop();
                continue;
            }
            let (child, _) = trail.moves[depth * width + frame.next];
            frame.next += 1;
            if depth > 0 && child == trail.path[depth - 1] {
                continue;
            }
            let g = depth as u32 + 1;
            let f = g + params.estimate(space, child);
            if f > bound {
                next_bound = next_bound.min(f);
                continue;
            }
            visited += 1;
            if space.is_goal(child) {
                trail.path.push(child);
                found = true;
                break;
            }
            if table.seen_no_deeper(child, g, iteration) {
                continue;
            }
            let progress = SearchProgress {
                examined: stats.examined,
                enqueued: visited,
                depth: g,
            };
            if let Some(reason) = watch
                .check(progress)
                .or_else(|| trail.room(&mut watch, &table).err())
            {
                stopped = Some(reason);
                break;
            }
            trail.path.push(child);
            deepest = deepest.max(trail.path.len());
            trail.expand(space, &params, &mut stats);
        }
        stats.per_level.push(LevelStats {
            depth: bound,
            examined: stats.examined - examined_before,
            enqueued: visited - visited_before,
        });
        if next_bound == u32::MAX {
            break; // every reachable position was within the bound
        }
        bound = next_bound;
    }
    let memory = table.bytes() + trail.bytes();
    stats.close(visited, deepest, memory, watch.started.elapsed());
    SearchOutcome {
        path: found.then_some(trail.path),
        stopped,
        stats,
    }
}
