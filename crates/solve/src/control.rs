//! Limits, cancellation and progress reports for long searches.

use crate::memory::{MemoryBudget, Meter, Room};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
// The standard clock natively; `performance.now()` in a browser, where
// `std::time::Instant` panics.
use web_time::Instant;

/// How often (in examined positions) a search looks at its [`Control`].
pub const CHECK_EVERY: u64 = 1024;

/// A snapshot of a running search, passed to the progress callback.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchProgress {
    pub examined: u64,
    pub enqueued: u64,
    pub depth: u32,
}

/// Why a time limit was refused.
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
#[error("timeout must be a positive number of seconds, not {0}")]
pub struct TimeoutError(pub f64);

/// A time limit of `seconds`, as the front ends take it (a flag, a request
/// field): positive and finite, at most a million seconds.
pub fn timeout_of(seconds: f64) -> Result<Duration, TimeoutError> {
    if seconds.is_finite() && seconds > 0.0 {
        Ok(Duration::from_secs_f64(seconds.min(1e6)))
    } else {
        Err(TimeoutError(seconds))
    }
}

/// What a search should watch while it runs. The default has no limits.
#[derive(Clone, Default)]
pub struct Control {
    /// Set to `true` from another thread to stop the search.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Stop after examining this many positions.
    pub max_nodes: Option<u64>,
    /// Stop after this long.
    pub timeout: Option<Duration>,
    /// Called every [`CHECK_EVERY`] examined positions.
    pub progress: Option<Arc<dyn Fn(SearchProgress) + Send + Sync>>,
    /// The memory the search's tables may take, shared with every search
    /// holding the same budget; the search stops before a growth that does
    /// not fit.
    pub memory: Option<MemoryBudget>,
}

/// Why a search stopped before its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopReason {
    Cancelled,
    NodeLimit,
    MemoryLimit,
    Timeout,
}

impl StopReason {
    /// The reason in one word (its JSON name): `cancelled`, `node_limit`,
    /// `memory_limit` or `timeout`.
    pub fn status(self) -> &'static str {
        match self {
            StopReason::Cancelled => "cancelled",
            StopReason::NodeLimit => "node_limit",
            StopReason::MemoryLimit => "memory_limit",
            StopReason::Timeout => "timeout",
        }
    }
}

/// JSON: its [`StopReason::status`].
impl serde::Serialize for StopReason {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.status())
    }
}

impl std::fmt::Display for StopReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            StopReason::Cancelled => "cancelled",
            StopReason::NodeLimit => "node limit reached",
            StopReason::MemoryLimit => "memory limit reached",
            StopReason::Timeout => "time limit reached",
        })
    }
}

impl Control {
    /// A control that only watches a cancellation flag.
    pub fn cancellable(flag: Arc<AtomicBool>) -> Control {
        Control {
            cancel: Some(flag),
            ..Control::default()
        }
    }

    /// This control for a later pass of a search that began at `started`:
    /// its time limit less what the earlier passes used, so that the
    /// passes together keep to it.
    pub fn remaining(&self, started: Instant) -> Control {
        Control {
            timeout: self.timeout.map(|t| t.saturating_sub(started.elapsed())),
            ..self.clone()
        }
    }

    /// Checks the limits; called by searches every [`CHECK_EVERY`] positions.
    pub fn check(&self, started: Instant, progress: SearchProgress) -> Option<StopReason> {
        if let Some(report) = &self.progress {
            report(progress);
        }
        if self
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
        {
            return Some(StopReason::Cancelled);
        }
        if self.max_nodes.is_some_and(|m| progress.examined >= m) {
            return Some(StopReason::NodeLimit);
        }
        if self.timeout.is_some_and(|t| started.elapsed() >= t) {
            return Some(StopReason::Timeout);
        }
        None
    }
}

/// A running search's view of its [`Control`]: looks at it every
/// [`CHECK_EVERY`] expanded positions, keeps the start time, and charges
/// the search's structures to the memory budget.
pub(crate) struct Watch<'a> {
    control: &'a Control,
    pub started: Instant,
    next_check: u64,
    meter: Meter,
}

impl<'a> Watch<'a> {
    pub fn new(control: &'a Control) -> Watch<'a> {
        Watch {
            control,
            started: Instant::now(),
            next_check: CHECK_EVERY,
            meter: Meter::new(control.memory.as_ref()),
        }
    }

    /// Makes room in the search's structures (`parts`: all of them, each
    /// with the entries it is about to take) within the memory budget;
    /// call it before adding entries that may not fit.
    #[inline(always)]
    pub fn room(&mut self, parts: &mut [Room<'_>]) -> Result<(), StopReason> {
        self.meter.room(parts)
    }

    /// Why the search must stop now, if it must.
    #[inline]
    pub fn check(&mut self, progress: SearchProgress) -> Option<StopReason> {
        if progress.examined < self.next_check {
            return None;
        }
        self.next_check = progress.examined + CHECK_EVERY;
        self.control.check(self.started, progress)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A later pass gets what the earlier ones left of the time limit, and
    /// stops at once when they used it all.
    #[test]
    fn later_passes_share_the_time_limit() {
        let control = Control {
            timeout: Some(Duration::from_secs(30)),
            max_nodes: Some(7),
            ..Control::default()
        };
        let started = Instant::now() - Duration::from_secs(20);
        let later = control.remaining(started);
        assert!(later.timeout.unwrap() <= Duration::from_secs(10));
        assert_eq!(later.max_nodes, Some(7));
        let spent = control.remaining(Instant::now() - Duration::from_secs(40));
        assert_eq!(spent.timeout, Some(Duration::ZERO));
        let progress = SearchProgress {
            examined: 0,
            enqueued: 0,
            depth: 0,
        };
        assert_eq!(
            spent.check(Instant::now(), progress),
            Some(StopReason::Timeout)
        );
        assert_eq!(Control::default().remaining(started).timeout, None);
    }
}
