//! Progress of a long generation as plain lines, for batch jobs whose
//! output is a log file (where a progress bar shows nothing): a line when
//! the done share reaches a new whole percent, at most one a second, and at
//! least one a minute while work is being done. The ETA comes from the
//! units this run has done, so a resumed run's is not skewed by the units
//! an earlier run committed.

use std::time::{Duration, Instant};

const MIN_GAP: Duration = Duration::from_secs(1);
const MAX_GAP: Duration = Duration::from_secs(60);

/// A run's estimated time left, from the units it has done itself (so a
/// resumed run's is not skewed by the units an earlier run committed).
pub struct Eta {
    start: Instant,
    /// The units done before this run, known at the first update: one
    /// fewer than the units done then.
    before: Option<u64>,
}

impl Default for Eta {
    fn default() -> Eta {
        Eta::new()
    }
}

impl Eta {
    /// Starts the clock.
    pub fn new() -> Eta {
        Eta {
            start: Instant::now(),
            before: None,
        }
    }

    /// The time left (`hh:mm:ss`) once `done` of `total` units are done.
    /// Called after each unit this run commits.
    pub fn update(&mut self, done: u64, total: u64) -> String {
        self.note(done);
        self.at(done, total, Instant::now())
    }

    /// Learns the units done before this run from its first unit.
    fn note(&mut self, done: u64) {
        self.before.get_or_insert(done.saturating_sub(1));
    }

    fn at(&self, done: u64, total: u64, now: Instant) -> String {
        let run = done.saturating_sub(self.before.unwrap_or(0));
        match run {
            0 => "?".to_string(),
            _ => clock((now - self.start).mul_f64(total.saturating_sub(done) as f64 / run as f64)),
        }
    }
}

/// The progress lines of one run: [`ProgressLines::update`] says when one
/// is due and what it reads.
pub struct ProgressLines {
    /// What is running, e.g. `shard 2/4`.
    label: String,
    eta: Eta,
    /// When the last line was written, and its whole percent.
    last: Option<(Instant, u64)>,
}

impl ProgressLines {
    /// Starts the clock of the run `label` (e.g. `shard 2/4`).
    pub fn new(label: String) -> ProgressLines {
        ProgressLines {
            label,
            eta: Eta::new(),
            last: None,
        }
    }

    /// The line reporting `done` of `total` units (`detail`: positions,
    /// puzzles, …), if one is due. Called after each unit this run
    /// commits.
    pub fn update(&mut self, done: u64, total: u64, detail: &str) -> Option<String> {
        let now = Instant::now();
        self.eta.note(done);
        let percent = percent(done, total);
        let due = match self.last {
            None => true,
            Some((at, p)) => {
                let gap = now - at;
                done == total || (gap >= MIN_GAP && percent > p) || gap >= MAX_GAP
            }
        };
        due.then(|| {
            self.last = Some((now, percent));
            self.line(done, total, detail, now)
        })
    }

    fn line(&self, done: u64, total: u64, detail: &str, now: Instant) -> String {
        format!(
            "[{}] {}: {done}/{total} units ({}%), ETA {}, {detail}",
            clock(now - self.eta.start),
            self.label,
            percent(done, total),
            self.eta.at(done, total, now)
        )
    }
}

/// The whole percent done (100 when there is nothing to do).
fn percent(done: u64, total: u64) -> u64 {
    (done * 100).checked_div(total).unwrap_or(100)
}

/// `hh:mm:ss`.
fn clock(d: Duration) -> String {
    let s = d.as_secs();
    format!("{:02}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_give_units_share_and_eta() {
        let p = ProgressLines::new("shard 2/4".into());
        let line = p.line(
            300,
            1200,
            "9 positions",
            p.eta.start + Duration::from_secs(10),
        );
        assert_eq!(
            line,
            "[00:00:10] shard 2/4: 300/1200 units (25%), ETA 00:00:30, 9 positions"
        );
        assert_eq!(clock(Duration::from_secs(3 * 3600 + 61)), "03:01:01");
    }

    #[test]
    fn a_resumed_runs_eta_counts_only_its_own_units() {
        let mut p = ProgressLines::new("shard 1/1".into());
        // An earlier run committed 900 units; this one commits the 901st.
        assert!(p.update(901, 1200, "").is_some());
        // 100 units of this run in 10 s: 200 more take 20 s.
        let line = p.line(1000, 1200, "x", p.eta.start + Duration::from_secs(10));
        assert_eq!(
            line,
            "[00:00:10] shard 1/1: 1000/1200 units (83%), ETA 00:00:20, x"
        );
    }
}
