//! Best-first searches over a priority queue: A* (by `g + h`, optimal with
//! an admissible heuristic) and greedy best-first search (by `h` alone).
//!
//! Positions live in one vector with their parent and depth `g`; a
//! [`StateTable`] maps each position to its entry. A* breaks ties between
//! equal `f` towards the deeper position, and reopens a position when it
//! finds a shorter way to it (which never happens with a consistent
//! heuristic), so it stays optimal with any admissible one. Greedy search
//! keeps the first way it finds to each position.

use crate::algorithm::{chain, Found, Query};
use crate::bfs::ROOT;
use crate::control::{Control, Progress, Watch};
use crate::stats::{bytes_of, Stats};
use crate::table::{Entry, StateTable};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::mem::size_of;
use unblocker_engine::{Space, State};

/// What the queue is ordered by.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Order {
    /// `f = g + h`, deeper first among equals.
    AStar,
    /// `h`, shallower first among equals.
    Greedy,
}

/// A stored position.
#[derive(Clone, Copy)]
struct Visit<K> {
    state: K,
    parent: u32,
    /// Moves from the start along the parent chain.
    g: u32,
}

/// A queue entry: (priority, tie-break, g, position), smallest first.
type Item = Reverse<(u32, u32, u32, u32)>;

pub(crate) fn search<S: Space>(
    space: &S,
    query: Query,
    order: Order,
    control: &Control,
) -> Found<S::State> {
    let mut watch = Watch::new(control);
    let mut table = StateTable::<S::State>::with_capacity(0);
    let mut visits: Vec<Visit<S::State>> = Vec::new();
    let mut open: BinaryHeap<Item> = BinaryHeap::new();
    let mut stats = Stats::default();
    let item = |h: u32, g: u32, index: usize| -> Item {
        Reverse(match order {
            Order::AStar => (g + h, u32::MAX - g, g, index as u32),
            Order::Greedy => (h, g, g, index as u32),
        })
    };
    let start = space.start();
    table.insert(start, 0);
    visits.push(Visit {
        state: start,
        parent: ROOT,
        g: 0,
    });
    stats.level(0).enqueued = 1;
    open.push(item(query.estimate(space, start), 0, 0));
    let mut batch = vec![(S::State::EMPTY, 0); space.max_neighbors()];
    let mut found = None;
    let mut stopped = None;
    let mut max_open = 1;
    while let Some(Reverse((_, _, g, index))) = open.pop() {
        let visit = visits[index as usize];
        if g != visit.g {
            continue; // reopened with a smaller g since
        }
        if space.is_goal(visit.state) {
            found = Some(index);
            break;
        }
        let progress = Progress {
            examined: stats.examined,
            enqueued: visits.len() as u64,
            depth: g,
        };
        if let Some(reason) = watch.check(progress) {
            stopped = Some(reason);
            break;
        }
        stats.examined += 1;
        stats.level(g).examined += 1;
        let count = space.expand_into(visit.state, query.metric, &mut batch);
        stats.generated += count as u64;
        if let Err(reason) = watch.room(&mut [
            (&mut table, count),
            (&mut visits, count),
            (&mut open, count),
        ]) {
            stopped = Some(reason);
            break;
        }
        let child_g = g + 1;
        for &(next, _) in &batch[..count] {
            let next_index = visits.len();
            match table.insert(next, next_index as u32) {
                Entry::Inserted => {
                    visits.push(Visit {
                        state: next,
                        parent: index,
                        g: child_g,
                    });
                    stats.level(child_g).enqueued += 1;
                    open.push(item(query.estimate(space, next), child_g, next_index));
                }
                Entry::Present(j) if order == Order::AStar && child_g < visits[j as usize].g => {
                    let known = &mut visits[j as usize];
                    known.parent = index;
                    known.g = child_g;
                    open.push(item(query.estimate(space, next), child_g, j as usize));
                }
                Entry::Present(_) => {}
            }
        }
        max_open = max_open.max(open.len());
    }
    let memory = table.bytes() + bytes_of(&visits) + open.capacity() * size_of::<Item>();
    stats.close(
        visits.len() as u64,
        max_open,
        memory,
        watch.started.elapsed(),
    );
    Found {
        path: found.map(|i| chain(&visits, i, |v| v.state, |v| v.parent)),
        stopped,
        stats,
    }
}
