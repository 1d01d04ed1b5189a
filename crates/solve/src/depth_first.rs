//! Depth-first search with a closed set, as in the FEUP study: it follows
//! the first move of every position as deep as it goes, never visits a
//! position twice, and returns the first solution it meets, usually hundreds
//! or thousands of moves long. Use `--max-nodes` or `--timeout` on big
//! components.

use crate::algorithm::SearchOutcome;
use crate::control::{Control, Watch};
use crate::kept::Kept;
use crate::stats::{bytes_of, Stats};
use crate::table::Insertion;
use unblocker_engine::Space;
use unblocker_model::Metric;

pub(crate) fn search<S: Space>(
    space: &S,
    metric: Metric,
    control: &Control,
) -> SearchOutcome<S::State> {
    let mut watch = Watch::new(control);
    let mut stats = Stats::default();
    let mut kept = Kept::new(space, &mut stats);
    let mut stack = vec![0u32];
    let (mut found, mut stopped) = (None, None);
    let mut max_stack = 1;
    while let Some(index) = stack.pop() {
        let visit = kept.visits[index as usize];
        if space.is_goal(visit.state) {
            found = Some(index);
            break;
        }
        let count = match kept.expand(space, metric, index, &mut stack, &mut stats, &mut watch) {
            Ok(count) => count,
            Err(reason) => {
                stopped = Some(reason);
                break;
            }
        };
        // Pushed last to first, so the first move is tried first.
        for at in (0..count).rev() {
            let next_index = kept.visits.len() as u32;
            let (next, _) = kept.batch[at];
            if let Insertion::Inserted = kept.insert(next, index, visit.depth + 1, &mut stats) {
                stack.push(next_index);
            }
        }
        max_stack = max_stack.max(stack.len());
    }
    let stack_bytes = bytes_of(&stack);
    kept.found(found, stopped, stats, max_stack, stack_bytes, &watch)
}
