//! Progress of a long generation as plain lines, for batch jobs whose
//! output is a log file (where a progress bar shows nothing): a line when
//! the done share reaches a new whole percent, at most one a second, and at
//! least one a minute while work is being done. The ETA is the work left
//! at the pace of this run's own finished families, in the seconds their
//! threads spent on them, shared by the threads: families are weighted by
//! their units' sampled cost (`calibration.rs`), so neither the cheap units
//! of the first phases nor the units an earlier run committed skew it, and
//! the time the threads spent on families still running does not count
//! against the pace (a phase starts with its costliest). A progress bar's
//! message reads the same ([`Eta::message`]).

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

    /// The time left (`hh:mm:ss`, `?` before this run has finished a
    /// family): the work still to do (`work_left`, families weighted by
    /// their units' cost) at the pace of this run's own (`busy` thread
    /// seconds for `work_run`), shared by the `threads`. It leaves out the
    /// time the threads spent on families still running, which makes it
    /// long by at most their time divided by the threads.
    fn eta(&self) -> String {
        if self.work_run <= 0.0 || self.busy <= 0.0 {
            return "?".to_string();
        }
        let threads = self.threads.max(1) as f64;
        let left = self.busy / self.work_run * self.work_left.max(0.0) / threads;
        clock(Duration::try_from_secs_f64(left).unwrap_or(Duration::MAX))
    }
}

const MIN_GAP: Duration = Duration::from_secs(1);
const MAX_GAP: Duration = Duration::from_secs(60);

/// A run's clock, for the rate of its positions over its own time (not
/// what it did before it started its units), and a progress bar's message
/// ([`Eta::message`]).
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
        format!("{}, {}", p.eta(), self.detail(p, now))
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
            p.eta(),
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

    /// `done` of `total` units, `before` of them by earlier runs; this
    /// run's took its two threads 10 s each.
    fn progress(done: u64, before: u64, total: u64) -> GenerationProgress {
        GenerationProgress {
            units_done: done,
            units_before: before,
            units_total: total,
            work_run: (done - before) as f64,
            work_left: (total - done) as f64,
            busy: 20.0,
            threads: 2,
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
        let starting = GenerationProgress {
            busy: 0.0,
            ..progress(900, 900, 1200)
        };
        assert_eq!(starting.eta(), "?");
    }

    #[test]
    fn the_eta_weighs_units_by_their_phase() {
        // 300 of 1200 units done in 10 s of two threads, but they were the
        // cheap ones: a quarter of the weight of each unit left.
        let p = GenerationProgress {
            work_run: 300.0 * 0.25,
            work_left: 900.0,
            ..progress(300, 0, 1200)
        };
        assert_eq!(p.eta(), "00:02:00");
        let finished = GenerationProgress {
            work_left: -1e-12,
            ..p
        };
        assert_eq!(finished.eta(), "00:00:00");
    }

    #[test]
    fn the_eta_leaves_out_the_families_still_running() {
        // 10 s into a phase, one thread has finished a family of weight 1
        // in 5 s; the other has been on a family of weight 4 for 10 s, and
        // 8 are left with it. Its time so far is not held against the
        // pace (which would say 10 s a weight, 80 s left): 5 s a weight,
        // shared by two threads.
        let p = GenerationProgress {
            work_run: 1.0,
            work_left: 8.0,
            busy: 5.0,
            ..progress(1, 0, 9)
        };
        assert_eq!(p.eta(), "00:00:20");
    }

    #[test]
    fn the_rate_counts_from_the_runs_starting_point() {
        let eta = Eta::new();
        let at = |s| eta.start + Duration::from_secs(s);
        // The run timed its sample for 20 s, then reported where it starts.
        let starting = GenerationProgress {
            busy: 0.0,
            positions: 0,
            ..progress(100, 100, 1300)
        };
        assert_eq!(
            eta.message_at(&starting, at(20)),
            "?, 0 positions (0.00 M/s), 5 puzzles"
        );
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
