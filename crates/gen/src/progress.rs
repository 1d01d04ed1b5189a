//! Progress of a long generation as plain lines, for batch jobs whose
//! output is a log file (where a progress bar shows nothing): a line when
//! the done share reaches a new whole percent, at most one a second, and at
//! least one a minute while work is being done. The ETA comes from the
//! units this run has done, each weighted by its phase's sampled cost
//! (`calibration.rs`), so neither the cheap units of the first phases
//! nor the units an earlier run committed skew it. A progress bar's message reads the same
//! ([`Eta::message`]).

use crate::generate::GenerationProgress;
use std::cell::OnceCell;
use std::time::{Duration, Instant};

impl GenerationProgress {
    /// `N positions (R M/s), P puzzles`: the rate over the `seconds` since
    /// the run started.
    fn detail(&self, seconds: f64) -> String {
        let rate = self.positions as f64 / seconds.max(1e-9);
        format!(
            "{} positions ({:.2} M/s), {} puzzles",
            self.positions,
            rate / 1e6,
            self.puzzles
        )
    }
}

const MIN_GAP: Duration = Duration::from_secs(1);
const MAX_GAP: Duration = Duration::from_secs(60);

/// A run's clock: its estimated time left, from the (weighted) units it
/// has done itself (so a resumed run's is not skewed by the units an
/// earlier run committed), and a progress bar's message ([`Eta::message`]).
pub struct Eta {
    start: Instant,
    /// When the run reported its starting point (its first progress, with
    /// nothing of its own done): its pace counts from there, not from
    /// what it did before (taking the file, timing its sample).
    paced_from: OnceCell<Instant>,
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
            paced_from: OnceCell::new(),
        }
    }

    /// A progress bar's message at `p`: the time left, the positions (and
    /// their rate over this run) and the puzzles, such as `00:01:40, 9000000
    /// positions (0.90 M/s), 5 puzzles`.
    pub fn message(&self, p: &GenerationProgress) -> String {
        self.message_at(p, Instant::now())
    }

    fn message_at(&self, p: &GenerationProgress, now: Instant) -> String {
        format!("{}, {}", self.at(p, now), self.detail(p, now))
    }

    /// The positions, their rate over this run, and the puzzles.
    fn detail(&self, p: &GenerationProgress, now: Instant) -> String {
        p.detail(self.paced(p, now).as_secs_f64())
    }

    /// The time this run has been doing its own units at `p`.
    fn paced(&self, p: &GenerationProgress, now: Instant) -> Duration {
        if p.units_done == p.units_before {
            // Set by the first such report only.
            let _ = self.paced_from.set(now);
        }
        now - self.paced_from.get().copied().unwrap_or(self.start)
    }

    /// The time left (`hh:mm:ss`, `?` before this run has done a unit) at
    /// `p`: the work still to do at the pace of this run's own, both
    /// counted in units weighted by their phase's cost (`p.work_left`,
    /// `p.work_run`).
    fn at(&self, p: &GenerationProgress, now: Instant) -> String {
        let paced = self.paced(p, now);
        if p.work_run <= 0.0 {
            return "?".to_string();
        }
        let left = paced.as_secs_f64() * p.work_left.max(0.0) / p.work_run;
        clock(Duration::try_from_secs_f64(left).unwrap_or(Duration::MAX))
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

    /// The line reporting `p` (units, share, time left, positions and
    /// puzzles), if one is due. Called after each unit this run commits.
    pub fn update(&mut self, p: &GenerationProgress) -> Option<String> {
        let now = Instant::now();
        let percent = percent(p.units_done, p.units_total);
        let due = match self.last {
            None => true,
            Some((at, last)) => {
                let gap = now - at;
                p.units_done == p.units_total
                    || (gap >= MIN_GAP && percent > last)
                    || gap >= MAX_GAP
            }
        };
        due.then(|| {
            self.last = Some((now, percent));
            self.line(p, now)
        })
    }

    fn line(&self, p: &GenerationProgress, now: Instant) -> String {
        let (done, total) = (p.units_done, p.units_total);
        format!(
            "[{}] {}: {done}/{total} units ({}%), ETA {}, {}",
            clock(now - self.eta.start),
            self.label,
            percent(done, total),
            self.eta.at(p, now),
            self.eta.detail(p, now)
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

    /// `done` of `total` units, `before` of them by earlier runs.
    fn progress(done: u64, before: u64, total: u64) -> GenerationProgress {
        GenerationProgress {
            units_done: done,
            units_before: before,
            units_total: total,
            work_run: (done - before) as f64,
            work_left: (total - done) as f64,
            positions: 9_000_000,
            puzzles: 5,
            phase: 0,
        }
    }

    #[test]
    fn lines_give_units_share_and_eta() {
        let p = ProgressLines::new("shard 2/4".into());
        let ten = p.eta.start + Duration::from_secs(10);
        let line = p.line(&progress(300, 0, 1200), ten);
        assert_eq!(
            line,
            "[00:00:10] shard 2/4: 300/1200 units (25%), ETA 00:00:30, \
             9000000 positions (0.90 M/s), 5 puzzles"
        );
        assert_eq!(clock(Duration::from_secs(3 * 3600 + 61)), "03:01:01");
    }

    #[test]
    fn a_resumed_runs_eta_counts_only_its_own_units() {
        let p = ProgressLines::new("shard 1/1".into());
        // An earlier run committed 900 units; this one 100 in 10 s: the
        // 200 left take 20 s.
        let ten = p.eta.start + Duration::from_secs(10);
        let line = p.line(&progress(1000, 900, 1200), ten);
        assert_eq!(
            line,
            "[00:00:10] shard 1/1: 1000/1200 units (83%), ETA 00:00:20, \
             9000000 positions (0.90 M/s), 5 puzzles"
        );
        assert_eq!(p.eta.at(&progress(900, 900, 1200), ten), "?");
    }

    #[test]
    fn the_eta_weighs_units_by_their_phase() {
        let eta = Eta::new();
        let ten = eta.start + Duration::from_secs(10);
        // 300 of 1200 units done in 10 s, but they were the cheap ones: a
        // quarter of the weight of each unit left.
        let p = GenerationProgress {
            work_run: 300.0 * 0.25,
            work_left: 900.0,
            ..progress(300, 0, 1200)
        };
        assert_eq!(eta.at(&p, ten), "00:02:00");
        let finished = GenerationProgress {
            work_left: -1e-12,
            ..p
        };
        assert_eq!(eta.at(&finished, ten), "00:00:00");
    }

    #[test]
    fn the_pace_counts_from_the_runs_starting_point() {
        let eta = Eta::new();
        let at = |s| eta.start + Duration::from_secs(s);
        // The run timed its sample for 20 s, then reported where it starts.
        assert_eq!(eta.at(&progress(100, 100, 1300), at(20)), "?");
        // 300 units of its own in the next 10 s: 900 left take 30 s, and
        // the positions came at 0.90 M/s.
        let p = progress(400, 100, 1300);
        assert_eq!(
            eta.message_at(&p, at(30)),
            "00:00:30, 9000000 positions (0.90 M/s), 5 puzzles"
        );
    }

    #[test]
    fn a_bars_message_gives_eta_positions_rate_and_puzzles() {
        let eta = Eta::new();
        let ten = eta.start + Duration::from_secs(10);
        let p = progress(600, 100, 1100);
        let message = eta.message_at(&p, ten);
        assert_eq!(message, "00:00:10, 9000000 positions (0.90 M/s), 5 puzzles");
    }
}
