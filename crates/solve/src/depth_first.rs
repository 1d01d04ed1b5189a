//! Depth-first search with a closed set, as in the FEUP study: it follows
//! the first move of every position as deep as it goes, never visits a
//! position twice, and returns the first solution it meets, usually hundreds
//! or thousands of moves long. Use `--max-nodes` or `--timeout` on big
//! components.

use crate::algorithm::{chain, Found};
use crate::bfs::ROOT;
use crate::control::{Control, Progress, Watch};
use crate::stats::{bytes_of, Stats};
use crate::table::{Entry, StateTable};
use unblocker_engine::{Space, State};
use unblocker_model::Metric;

#[derive(Clone, Copy)]
struct Visit<K> {
    state: K,
    parent: u32,
    depth: u32,
}

pub(crate) fn search<S: Space>(space: &S, metric: Metric, control: &Control) -> Found<S::State> {
    let mut watch = Watch::new(control);
    let mut table = StateTable::<S::State>::with_capacity(0);
    let mut stats = Stats::default();
    let start = space.start();
    table.insert(start, 0);
    let mut visits = vec![Visit {
        state: start,
        parent: ROOT,
        depth: 0,
    }];
    stats.level(0).enqueued = 1;
    let mut stack = vec![0u32];
    let mut batch = vec![(S::State::EMPTY, 0); space.max_neighbors()];
    let (mut found, mut stopped) = (None, None);
    let mut max_stack = 1;
    while let Some(index) = stack.pop() {
        let visit = visits[index as usize];
        if space.is_goal(visit.state) {
            found = Some(index);
            break;
        }
        let progress = Progress {
            examined: stats.examined,
            enqueued: visits.len() as u64,
            depth: visit.depth,
        };
        if let Some(reason) = watch.check(progress) {
            stopped = Some(reason);
            break;
        }
        stats.examined += 1;
        stats.level(visit.depth).examined += 1;
        let count = space.expand_into(visit.state, metric, &mut batch);
        stats.generated += count as u64;
        if let Err(reason) = watch.room(&mut [
            (&mut table, count),
            (&mut visits, count),
            (&mut stack, count),
        ]) {
            stopped = Some(reason);
            break;
        }
        // Pushed last to first, so the first move is tried first.
        for &(next, _) in batch[..count].iter().rev() {
            let next_index = visits.len() as u32;
            if let Entry::Inserted = table.insert(next, next_index) {
                visits.push(Visit {
                    state: next,
                    parent: index,
                    depth: visit.depth + 1,
                });
                stats.level(visit.depth + 1).enqueued += 1;
                stack.push(next_index);
            }
        }
        max_stack = max_stack.max(stack.len());
    }
    let memory = table.bytes() + bytes_of(&visits) + bytes_of(&stack);
    stats.close(
        visits.len() as u64,
        max_stack,
        memory,
        watch.started.elapsed(),
    );
    Found {
        path: found.map(|i| chain(&visits, i, |v| v.state, |v| v.parent)),
        stopped,
        stats,
    }
}
