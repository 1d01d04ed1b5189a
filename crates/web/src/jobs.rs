//! Running solves off the async runtime: at most [`Limits::max_solves`] at
//! once on blocking threads, each under a time and node cap, all within one
//! memory budget ([`Limits::max_memory`]), each cancelled when the request
//! that started it goes away.

use crate::limits::Limits;
use axum::http::StatusCode;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use tokio::sync::Semaphore;
use tokio::task::JoinHandle;
use unblocker_api::{ApiError, Budget};
use unblocker_solve::{Control, MemoryBudget, SearchProgress};

/// The solve slots and what they did, shared by every request.
pub struct Jobs {
    pub limits: Limits,
    slots: Arc<Semaphore>,
    counts: Counts,
    /// The one memory budget of every solve.
    memory: MemoryBudget,
}

/// Solves since the server started (reported by `/api/health`).
#[derive(Default)]
struct Counts {
    running: AtomicU64,
    finished: AtomicU64,
    cancelled: AtomicU64,
    rejected: AtomicU64,
}

/// A snapshot of `Counts`.
#[derive(Clone, Copy, Debug, serde::Serialize)]
pub struct JobCounts {
    /// Solves running now.
    pub running: u64,
    /// Solves that ran to an answer or to a limit.
    pub finished: u64,
    /// Solves stopped because their client went away.
    pub cancelled: u64,
    /// Requests turned away with 503 because every slot stayed busy.
    pub rejected: u64,
}

/// Raises the cancel flag of a running solve when dropped: keep it in the
/// request's future or in its response stream, and the solve stops when the
/// client disconnects.
pub struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Lowers the running count when a solve's thread is done, even by a panic.
struct RunningGuard<'a>(&'a Counts);

impl Drop for RunningGuard<'_> {
    fn drop(&mut self) {
        self.0.running.fetch_sub(1, Ordering::Relaxed);
    }
}

impl Jobs {
    pub fn new(limits: Limits) -> Jobs {
        Jobs {
            slots: Arc::new(Semaphore::new(limits.max_solves.max(1))),
            memory: MemoryBudget::new(limits.max_memory),
            limits,
            counts: Counts::default(),
        }
    }

    /// Bytes the running solves hold now.
    /// The memory budget of every solve (and of the request bodies held).
    pub fn memory(&self) -> MemoryBudget {
        self.memory.clone()
    }

    pub fn memory_in_use(&self) -> u64 {
        self.memory.used()
    }

    pub fn counts(&self) -> JobCounts {
        let c = &self.counts;
        JobCounts {
            running: c.running.load(Ordering::Relaxed),
            finished: c.finished.load(Ordering::Relaxed),
            cancelled: c.cancelled.load(Ordering::Relaxed),
            rejected: c.rejected.load(Ordering::Relaxed),
        }
    }

    /// Waits up to [`Limits::queue_wait`] for a slot (503 after that), then
    /// runs `work` on a blocking thread with a [`Control`] that carries the
    /// budget, the progress callback and a cancel flag. Drop the returned
    /// guard to cancel.
    pub async fn start<T: Send + 'static>(
        self: &Arc<Self>,
        budget: Budget,
        progress: Option<Arc<dyn Fn(SearchProgress) + Send + Sync>>,
        work: impl FnOnce(&Control) -> T + Send + 'static,
    ) -> Result<(JoinHandle<T>, CancelOnDrop), ApiError> {
        let wait = self.limits.queue_wait;
        let slot = match tokio::time::timeout(wait, self.slots.clone().acquire_owned()).await {
            Ok(Ok(slot)) => slot,
            _ => {
                self.counts.rejected.fetch_add(1, Ordering::Relaxed);
                return Err(ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    format!(
                        "all {} solve slots stayed busy for {:.1} s; try again later",
                        self.limits.max_solves,
                        wait.as_secs_f64()
                    ),
                ));
            }
        };
        let flag = Arc::new(AtomicBool::new(false));
        let control = Control {
            cancel: Some(flag.clone()),
            max_nodes: Some(budget.max_nodes),
            timeout: Some(budget.timeout),
            progress,
            memory: Some(self.memory.clone()),
        };
        let jobs = self.clone();
        jobs.counts.running.fetch_add(1, Ordering::Relaxed);
        let handle = tokio::task::spawn_blocking(move || {
            let _slot = slot;
            let _running = RunningGuard(&jobs.counts);
            let result = work(&control);
            let outcome = if control
                .cancel
                .as_ref()
                .is_some_and(|f| f.load(Ordering::Relaxed))
            {
                &jobs.counts.cancelled
            } else {
                &jobs.counts.finished
            };
            outcome.fetch_add(1, Ordering::Relaxed);
            result
        });
        Ok((handle, CancelOnDrop(flag)))
    }
}

/// The result of a solve's thread; a panic there becomes 500.
pub async fn finish<T>(handle: JoinHandle<Result<T, ApiError>>) -> Result<T, ApiError> {
    handle.await.unwrap_or_else(|e| {
        Err(ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the solve failed: {e}"),
        ))
    })
}
