//! Best-first searches over a priority queue: A* (by `g + h`, optimal with
//! an admissible heuristic) and greedy best-first search (by `h` alone).
//!
//! Positions live in one vector with their parent and depth `g`; a
//! [`StateTable`] maps each position to its entry. A* breaks ties between
//! equal `f` towards the deeper position, and reopens a position when it
//! finds a shorter way to it (which never happens with a consistent
//! heuristic), so it stays optimal with any admissible one. Greedy search
//! keeps the first way it finds to each position.

use crate::algorithm::{SearchOutcome, SearchParams};
use crate::control::{Control, Watch};
use crate::kept::Kept;
use crate::stats::Stats;
use crate::table::Insertion;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::mem::size_of;
use unblocker_engine::Space;

/// What the queue is ordered by.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Order {
    /// `f = g + h`, deeper first among equals.
    AStar,
    /// `h`, shallower first among equals.
    Greedy,
}

/// A queue entry: (priority, tie-break, g, position), smallest first.
type Queued = Reverse<(u32, u32, u32, u32)>;

pub(crate) fn search<S: Space>(
    space: &S,
    params: SearchParams,
    order: Order,
    control: &Control,
) -> SearchOutcome<S::State> {
    let mut watch = Watch::new(control);
    let mut stats = Stats::default();
    let mut kept = Kept::new(space, &mut stats);
    let mut open: BinaryHeap<Queued> = BinaryHeap::new();
    let item = |h: u32, g: u32, index: usize| -> Queued {
        Reverse(match order {
            Order::AStar => (g + h, u32::MAX - g, g, index as u32),
            Order::Greedy => (h, g, g, index as u32),
        })
    };
    open.push(item(params.estimate(space, space.start()), 0, 0));
    let mut found = None;
    let mut stopped = None;
    let mut max_open = 1;
    while let Some(Reverse((_, _, g, index))) = open.pop() {
        let visit = kept.visits[index as usize];
        if g != visit.depth {
            continue; // reopened with a smaller g since
        }
        if space.is_goal(visit.state) {
            found = Some(index);
            break;
        }
        let count = match kept.expand(
            space,
            params.metric,
            index,
            &mut open,
            &mut stats,
            &mut watch,
        ) {
            Ok(count) => count,
            Err(reason) => {
                stopped = Some(reason);
                break;
            }
        };
        let child_g = g + 1;
        for at in 0..count {
            let (next, _) = kept.batch[at];
            let next_index = kept.visits.len();
            match kept.insert(next, index, child_g, &mut stats) {
                Insertion::Inserted => {
                    open.push(item(params.estimate(space, next), child_g, next_index));
                }
                Insertion::Present(j)
                    if order == Order::AStar && child_g < kept.visits[j as usize].depth =>
                {
                    let known = &mut kept.visits[j as usize];
                    known.parent = index;
                    known.depth = child_g;
                    open.push(item(params.estimate(space, next), child_g, j as usize));
                }
                Insertion::Present(_) => {}
            }
        }
        max_open = max_open.max(open.len());
    }
    let open_bytes = open.capacity() * size_of::<Queued>();
    kept.found(found, stopped, stats, max_open, open_bytes, &watch)
}
