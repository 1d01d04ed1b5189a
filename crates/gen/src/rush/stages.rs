//! The time each stage of a unit's search takes, for research (the
//! `research` feature: `examples/phase_costs.rs`); without the feature the
//! clock reads no time and the outcome carries none.

use super::search::UnitOutcome;
#[cfg(feature = "research")]
use std::time::{Duration, Instant};

/// The time one unit's search spent in each stage (to see where a
/// generation's time goes).
#[cfg(feature = "research")]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct StageTimes {
    /// Laying out the unit's index and its static pruning.
    pub layout: Duration,
    /// The distances (stage 1).
    pub distances: Duration,
    /// The clean positions (stage 2).
    pub clean: Duration,
    /// Finding and reading the components, their candidates and removal
    /// tests (stages 3 and 4), and answering the tests that land here.
    pub components: Duration,
}

#[cfg(feature = "research")]
impl StageTimes {
    /// The four stages' times, in the order of the fields.
    pub fn each(&self) -> [Duration; 4] {
        [self.layout, self.distances, self.clean, self.components]
    }
}

#[cfg(feature = "research")]
impl std::ops::AddAssign for StageTimes {
    fn add_assign(&mut self, other: StageTimes) {
        self.layout += other.layout;
        self.distances += other.distances;
        self.clean += other.clean;
        self.components += other.components;
    }
}

/// A stage of a unit's search, in order.
#[derive(Clone, Copy)]
pub(super) enum Stage {
    Layout,
    Distances,
    Clean,
    Components,
}

/// Times the stages of one search as they end (with the `research`
/// feature; without it, it does nothing).
pub(super) struct StageClock {
    /// When the last stage ended.
    #[cfg(feature = "research")]
    since: Instant,
    #[cfg(feature = "research")]
    times: StageTimes,
}

impl StageClock {
    /// Starts the first stage.
    pub(super) fn start() -> StageClock {
        StageClock {
            #[cfg(feature = "research")]
            since: Instant::now(),
            #[cfg(feature = "research")]
            times: StageTimes::default(),
        }
    }

    /// Ends `stage`: its time is the time since the last one ended.
    #[cfg_attr(not(feature = "research"), allow(unused_variables))]
    pub(super) fn end(&mut self, stage: Stage) {
        #[cfg(feature = "research")]
        {
            let now = Instant::now();
            let time = match stage {
                Stage::Layout => &mut self.times.layout,
                Stage::Distances => &mut self.times.distances,
                Stage::Clean => &mut self.times.clean,
                Stage::Components => &mut self.times.components,
            };
            *time = now - self.since;
            self.since = now;
        }
    }

    /// Gives the stages' times to the search's outcome.
    #[cfg_attr(not(feature = "research"), allow(unused_variables))]
    pub(super) fn finish(self, found: &mut UnitOutcome) {
        #[cfg(feature = "research")]
        {
            found.stages = self.times;
        }
    }
}
