//! The components starts are drawn from, tabulated ahead of demand on a
//! thread of their own, so that a reset on the stepping thread is a draw
//! from tables already built.
//!
//! A seed fixes a sequence of components: each one a candidate drawn
//! uniformly (with replacement). The *window* is `size` consecutive
//! components of the sequence; it moves on by one component every
//! `refresh` steps, counted over every board since the seeded reset (never
//! when `refresh` is 0). A start is drawn in two stages with the board's
//! own generator: a component of the window, uniformly, then one of its
//! positions at the distances asked for, uniformly. What a seed gives
//! therefore depends only on the seed and the steps taken, never on which
//! thread tabulated what when.
//!
//! The worker thread tabulates the window and [`AHEAD`] components beyond
//! it, nearest first. A draw that lands on a component not tabulated yet
//! (right after a seeded reset, or when the worker falls behind) tabulates
//! it on the drawing thread, or waits for the thread already at it: a
//! *stall*, counted in [`Stats`].

use crate::component::{self, Component, TableError};
use crate::source::{seeded, DrawError, Source, TRIES};
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::Instant;
use unblocker_model::random::Rng;

/// Components tabulated beyond the window.
const AHEAD: usize = 8;

/// Where one component of the sequence stands.
enum Entry {
    Pending,
    Working,
    Ready(Arc<Component>),
    Failed(TableError),
}

/// The part of the sequence that is kept: the window and what lies ahead.
struct Sequence {
    /// The sequence number of `entries[0]`.
    first: u64,
    /// Each component's candidate (an index) and state.
    entries: VecDeque<(usize, Entry)>,
    /// Draws the candidates of the entries to come.
    rng: Rng,
    /// Set when the supply is dropped: the worker leaves.
    closed: bool,
}

impl Sequence {
    fn entry(&mut self, number: u64) -> Option<&mut (usize, Entry)> {
        let i = usize::try_from(number.checked_sub(self.first)?).ok()?;
        self.entries.get_mut(i)
    }
}

/// What the worker and the drawing threads share.
struct Shared {
    source: Arc<Source>,
    sequence: Mutex<Sequence>,
    /// Signalled when an entry is ready, the window moves or the supply
    /// closes.
    changed: Condvar,
    /// Counts the entries made ready, so that a drawing thread sees cheaply
    /// whether its copy of the window is current.
    generation: AtomicU64,
    cancel: Arc<AtomicBool>,
    tabulated: AtomicU64,
    tabulating_ns: AtomicU64,
    stalls: AtomicU64,
    stalled_ns: AtomicU64,
}

fn lock(sequence: &Mutex<Sequence>) -> MutexGuard<'_, Sequence> {
    sequence.lock().unwrap_or_else(|e| e.into_inner())
}

impl Shared {
    /// Tabulates the component of entry `number` (marked `Working` by the
    /// caller) and stores it.
    fn tabulate(&self, number: u64, candidate: usize) {
        let started = Instant::now();
        let board = &self.source.candidates()[candidate];
        let result = component::shared(board, Some(self.cancel.clone()));
        self.tabulated.fetch_add(1, Ordering::Relaxed);
        self.tabulating_ns
            .fetch_add(started.elapsed().as_nanos() as u64, Ordering::Relaxed);
        let mut sequence = lock(&self.sequence);
        if let Some((_, entry)) = sequence.entry(number) {
            *entry = match result {
                Ok(component) => Entry::Ready(component),
                Err(error) => Entry::Failed(error),
            };
        }
        self.generation.fetch_add(1, Ordering::Release);
        self.changed.notify_all();
    }

    /// The worker: tabulates the first pending entry, again and again,
    /// until the supply closes.
    fn work(&self) {
        loop {
            let (number, candidate) = {
                let mut sequence = lock(&self.sequence);
                loop {
                    if sequence.closed {
                        return;
                    }
                    let pending = sequence
                        .entries
                        .iter()
                        .position(|(_, e)| matches!(e, Entry::Pending));
                    if let Some(i) = pending {
                        sequence.entries[i].1 = Entry::Working;
                        break (sequence.first + i as u64, sequence.entries[i].0);
                    }
                    sequence = self
                        .changed
                        .wait(sequence)
                        .unwrap_or_else(|e| e.into_inner());
                }
            };
            self.tabulate(number, candidate);
        }
    }

    /// The component of entry `number`, tabulated here if no one has
    /// started on it, else waited for.
    fn wait_for(&self, number: u64) -> Result<Arc<Component>, TableError> {
        let started = Instant::now();
        let mut sequence = lock(&self.sequence);
        let mut stalled = false;
        let result = loop {
            let (candidate, entry) = sequence
                .entry(number)
                .expect("the window's components are in the sequence");
            match entry {
                Entry::Ready(component) => break Ok(component.clone()),
                Entry::Failed(error) => break Err(error.clone()),
                _ if !stalled => stalled = true,
                Entry::Pending => {
                    *entry = Entry::Working;
                    let candidate = *candidate;
                    drop(sequence);
                    self.tabulate(number, candidate);
                    sequence = lock(&self.sequence);
                }
                Entry::Working => {
                    sequence = self
                        .changed
                        .wait(sequence)
                        .unwrap_or_else(|e| e.into_inner());
                }
            }
        };
        drop(sequence);
        if stalled {
            self.stalls.fetch_add(1, Ordering::Relaxed);
            self.stalled_ns
                .fetch_add(started.elapsed().as_nanos() as u64, Ordering::Relaxed);
        }
        result
    }
}

/// What a supply has done since its seeded reset.
pub struct Stats {
    /// Components tabulated (or found shared), by the worker or a stall.
    pub tabulated: u64,
    /// The time all threads spent on them.
    pub tabulating_seconds: f64,
    /// Draws that found their component not ready.
    pub stalls: u64,
    /// The time the drawing threads spent on those.
    pub stalled_seconds: f64,
}

/// The components of one seed, and the thread that tabulates them.
pub struct Supply {
    shared: Arc<Shared>,
    worker: Option<JoinHandle<()>>,
    size: usize,
    refresh: u64,
    /// The sequence number of the window's first component.
    first: u64,
    /// The window's components that were ready when last looked at.
    window: Vec<Option<Arc<Component>>>,
    /// `shared.generation` when the window was last looked at.
    generation: u64,
}

impl Supply {
    /// The supply of `seed`: a window of `size` components (at least one)
    /// that moves on every `refresh` steps (0: never).
    pub fn new(source: Arc<Source>, seed: u64, size: usize, refresh: u64) -> Supply {
        let size = size.max(1);
        let mut rng = seeded(seed);
        let kept = size + if refresh == 0 { 0 } else { AHEAD };
        let count = source.candidates().len();
        let entries = (0..kept)
            .map(|_| (rng.below(count), Entry::Pending))
            .collect();
        let shared = Arc::new(Shared {
            source,
            sequence: Mutex::new(Sequence {
                first: 0,
                entries,
                rng,
                closed: false,
            }),
            changed: Condvar::new(),
            generation: AtomicU64::new(0),
            cancel: Arc::default(),
            tabulated: AtomicU64::new(0),
            tabulating_ns: AtomicU64::new(0),
            stalls: AtomicU64::new(0),
            stalled_ns: AtomicU64::new(0),
        });
        let worker = {
            let shared = shared.clone();
            std::thread::Builder::new()
                .name("unblocker-tables".into())
                .spawn(move || shared.work())
                .ok()
        };
        Supply {
            shared,
            worker,
            size,
            refresh,
            first: 0,
            window: vec![None; size],
            generation: u64::MAX,
        }
    }

    /// Moves the window to where `steps` (since the seeded reset) puts it,
    /// and takes in the components that became ready.
    pub fn advance(&mut self, steps: u64) {
        let first = steps.checked_div(self.refresh).unwrap_or(0);
        let generation = self.shared.generation.load(Ordering::Acquire);
        if first == self.first && generation == self.generation {
            return;
        }
        let mut sequence = lock(&self.shared.sequence);
        if first != self.first {
            let kept = sequence.entries.len();
            let passed = (first - sequence.first).min(kept as u64) as usize;
            sequence.entries.drain(..passed);
            sequence.first = first;
            let count = self.shared.source.candidates().len();
            while sequence.entries.len() < kept {
                let candidate = sequence.rng.below(count);
                sequence.entries.push_back((candidate, Entry::Pending));
            }
            self.first = first;
            self.shared.changed.notify_all();
        }
        for (j, slot) in self.window.iter_mut().enumerate() {
            *slot = match &sequence.entries[j].1 {
                Entry::Ready(component) => Some(component.clone()),
                _ => None,
            };
        }
        self.generation = generation;
    }

    /// A start: a component of the window, uniformly, then one of its
    /// starts, uniformly ([`TRIES`] components before giving up).
    pub fn draw(&self, rng: &mut Rng) -> Result<(Arc<Component>, u128), DrawError> {
        for _ in 0..TRIES {
            let j = rng.below(self.size);
            let component = match &self.window[j] {
                Some(component) => component.clone(),
                None => self.shared.wait_for(self.first + j as u64)?,
            };
            if let Some(key) = self.shared.source.start_in(&component, rng) {
                return Ok((component, key));
            }
        }
        Err(self.shared.source.no_start())
    }

    pub fn stats(&self) -> Stats {
        let seconds = |ns: &AtomicU64| ns.load(Ordering::Relaxed) as f64 * 1e-9;
        Stats {
            tabulated: self.shared.tabulated.load(Ordering::Relaxed),
            tabulating_seconds: seconds(&self.shared.tabulating_ns),
            stalls: self.shared.stalls.load(Ordering::Relaxed),
            stalled_seconds: seconds(&self.shared.stalled_ns),
        }
    }
}

impl Drop for Supply {
    fn drop(&mut self) {
        lock(&self.shared.sequence).closed = true;
        self.shared.cancel.store(true, Ordering::Relaxed);
        self.shared.changed.notify_all();
        if let Some(worker) = self.worker.take() {
            let _ = worker.join();
        }
    }
}
