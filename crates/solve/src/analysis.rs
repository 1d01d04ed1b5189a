//! The shape of a position's component ([`analyze`]): its size, its goal
//! positions, the optimum and the farthest distance to the goal, by two
//! exhaustive searches (from the start, then from every goal), which also
//! give the distance of any position of the component (a game's review).

use crate::bfs::{BfsOutcome, BfsRequest, Workspace};
use crate::control::{Control, StopReason};
use crate::stats::LevelStats;
use crate::sweep::Sweep;
use crate::table::StateTable;
use serde::Serialize;
use unblocker_engine::{Indexed, Space, State};
use unblocker_model::{Board, Metric};

/// The shape of a position's component.
#[derive(Clone, Debug, Serialize)]
pub struct Analysis {
    pub metric: Metric,
    /// Positions reachable from the start (its connected component).
    pub reachable_states: u64,
    /// Positions of the component where the target is at the goal.
    pub goal_states: u64,
    /// The optimum from the start (`None` when unsolvable).
    pub optimal: Option<u32>,
    /// The largest distance to the goal in the component: its hardest start.
    pub farthest: Option<u32>,
    /// One position at that distance.
    #[serde(skip)]
    pub farthest_board: Option<Board>,
    /// Positions at each distance from the goal (index = distance).
    pub distance_histogram: Vec<u64>,
    pub elapsed_ms: f64,
}

/// A breadth-first search that runs to the end of a component and then
/// lists what it reached: what [`analyze`] needs of a search.
pub(crate) trait ExhaustiveSearch<S: Space> {
    /// Makes the walk (an exhaustive one).
    fn explore(&mut self, space: &S, request: BfsRequest<'_, S::State>) -> BfsOutcome;

    /// The states the last exploration reached, in breadth-first order.
    fn reached(&self) -> impl ExactSizeIterator<Item = S::State> + '_;
}

impl<S: Space> ExhaustiveSearch<S> for Workspace<S::State> {
    fn explore(&mut self, space: &S, request: BfsRequest<'_, S::State>) -> BfsOutcome {
        self.search::<S, false>(space, request)
    }

    fn reached(&self) -> impl ExactSizeIterator<Item = S::State> + '_ {
        self.nodes().iter().map(|n| n.state)
    }
}

/// A sweep explores only spaces with a dense index: the caller checks
/// [`Indexed::index_bound`] before choosing it.
impl<S: Indexed> ExhaustiveSearch<S> for Sweep<S::State> {
    fn explore(&mut self, space: &S, request: BfsRequest<'_, S::State>) -> BfsOutcome {
        let (roots, metric, stop_at, control) = request.parts();
        self.run(space, roots, metric, stop_at, control)
            .expect("a sweep is chosen only for a space with a dense index")
    }

    fn reached(&self) -> impl ExactSizeIterator<Item = S::State> + '_ {
        Sweep::reached(self)
    }
}

/// Explores the whole component of the start, then measures every position's
/// distance to the goal with a breadth-first search seeded by all goal
/// positions.
pub fn analyze<S: Space>(
    space: &S,
    metric: Metric,
    control: &Control,
    workspace: &mut Workspace<S::State>,
) -> Result<Analysis, StopReason> {
    analyze_with(space, metric, control, workspace, &[]).map(|(analysis, _)| analysis)
}

/// [`analyze`] with any [`ExhaustiveSearch`], which also measures the
/// distance to the goal of each of `probes` on the way (`None`: not in the
/// component, or the component has no goal): one exploration and one pass
/// back from the goals, whatever the number of probes.
pub(crate) fn analyze_with<S: Space>(
    space: &S,
    metric: Metric,
    control: &Control,
    search: &mut impl ExhaustiveSearch<S>,
    probes: &[S::State],
) -> Result<(Analysis, Vec<Option<u32>>), StopReason> {
    let started = web_time::Instant::now();
    let start = [space.start()];
    let forward = search.explore(space, BfsRequest::exhaustive(&start, metric, control));
    if let Some(reason) = forward.stopped {
        return Err(reason);
    }
    let goals: Vec<S::State> = search.reached().filter(|&s| space.is_goal(s)).collect();
    let mut analysis = Analysis {
        metric,
        reachable_states: forward.stats.enqueued,
        goal_states: goals.len() as u64,
        optimal: forward.goal_depth,
        farthest: None,
        farthest_board: None,
        distance_histogram: Vec::new(),
        elapsed_ms: forward.stats.elapsed_ms,
    };
    if goals.is_empty() {
        return Ok((analysis, vec![None; probes.len()]));
    }
    // The two passes share the time limit.
    let control = &control.remaining(started);
    let backward = search.explore(space, BfsRequest::exhaustive(&goals, metric, control));
    if let Some(reason) = backward.stopped {
        return Err(reason);
    }
    let levels = &backward.stats.per_level;
    analysis.distance_histogram = levels.iter().map(|l| l.enqueued).collect();
    analysis.farthest = Some(levels.len() as u32 - 1);
    // Of the positions at the largest distance, the one whose canonical
    // one-line form sorts first, so that the answer does not depend on the
    // search order.
    let last_level = levels.last().map_or(0, |l| l.enqueued as usize);
    let reached = search.reached();
    let first_of_last = reached.len() - last_level;
    analysis.farthest_board = reached
        .skip(first_of_last)
        .map(|s| space.board(s).canonical())
        .min_by_key(unblocker_model::format::to_line);
    analysis.elapsed_ms += backward.stats.elapsed_ms;
    let distances = distances_of(search.reached(), levels, probes);
    Ok((analysis, distances))
}

/// The distance of each of `probes` in a breadth-first walk: `reached` in
/// its order, `levels` its positions at each distance.
fn distances_of<K: State>(
    mut reached: impl Iterator<Item = K>,
    levels: &[LevelStats],
    probes: &[K],
) -> Vec<Option<u32>> {
    let mut distances = vec![None; probes.len()];
    if probes.is_empty() {
        return distances;
    }
    // A probe listed twice maps to its first place.
    let mut table = StateTable::with_capacity(probes.len());
    for (i, &probe) in probes.iter().enumerate() {
        table.insert(probe, i as u32);
    }
    for (depth, level) in levels.iter().enumerate() {
        for state in reached.by_ref().take(level.enqueued as usize) {
            if let Some(i) = table.get(state) {
                distances[i as usize] = Some(depth as u32);
            }
        }
    }
    probes
        .iter()
        .map(|&probe| table.get(probe).and_then(|i| distances[i as usize]))
        .collect()
}
