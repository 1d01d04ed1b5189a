//! Running Rust work with the GIL released: one thread pool shared by every
//! batch call, and searches that stop on Ctrl+C.

use pyo3::prelude::*;
use rayon::{ThreadPool, ThreadPoolBuilder};
use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Instant;
use unblocker_solve::{Control, Solver};

/// How often a search looks for a pending signal (Ctrl+C).
const SIGNAL_EVERY_MS: u64 = 50;

/// The threads of batch calls: `UNBLOCKER_THREADS`, else one per core.
pub fn pool() -> &'static ThreadPool {
    static POOL: OnceLock<ThreadPool> = OnceLock::new();
    POOL.get_or_init(|| {
        let threads = std::env::var("UNBLOCKER_THREADS")
            .ok()
            .and_then(|t| t.parse().ok())
            .filter(|&t: &usize| t > 0)
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
        ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|i| format!("unblocker-{i}"))
            .build()
            .expect("a thread pool of a few threads")
    })
}

thread_local! {
    /// Search memory kept from one solve to the next on each thread.
    static SOLVER: RefCell<Solver> = RefCell::new(Solver::new());
}

/// Runs `f` with this thread's [`Solver`].
pub fn with_solver<T>(f: impl FnOnce(&mut Solver) -> T) -> T {
    SOLVER.with(|s| f(&mut s.borrow_mut()))
}

/// Runs `work` with the GIL released, its `control` cancelled when a signal
/// handler raises (Ctrl+C's `KeyboardInterrupt`), which is then returned.
pub fn cancellable<T: Send>(
    py: Python<'_>,
    mut control: Control,
    work: impl FnOnce(&Control) -> T + Send,
) -> PyResult<T> {
    let flag = control
        .cancel
        .get_or_insert_with(|| Arc::new(AtomicBool::new(false)))
        .clone();
    let raised: Arc<Mutex<Option<PyErr>>> = Arc::default();
    let started = Instant::now();
    let last = AtomicU64::new(0);
    let inner = control.progress.take();
    let seen = raised.clone();
    control.progress = Some(Arc::new(move |progress| {
        if let Some(inner) = &inner {
            inner(progress);
        }
        let now = started.elapsed().as_millis() as u64;
        if now < last.load(Ordering::Relaxed) + SIGNAL_EVERY_MS {
            return;
        }
        last.store(now, Ordering::Relaxed);
        if let Err(error) = Python::attach(|py| py.check_signals()) {
            *seen.lock().unwrap_or_else(|e| e.into_inner()) = Some(error);
            flag.store(true, Ordering::Relaxed);
        }
    }));
    let result = py.detach(|| work(&control));
    let raised = raised.lock().unwrap_or_else(|e| e.into_inner()).take();
    match raised {
        Some(error) => Err(error),
        None => Ok(result),
    }
}

/// Runs `work` on the shared pool with the GIL released, while this thread
/// looks for signals; `work` must stop soon after the flag it is given is
/// set (Ctrl+C sets it, and its `KeyboardInterrupt` is returned).
pub fn in_pool<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&Arc<AtomicBool>) -> T + Send,
) -> PyResult<T> {
    let flag = Arc::new(AtomicBool::new(false));
    let (sender, receiver) = std::sync::mpsc::channel();
    let receiver = Mutex::new(receiver);
    let mut raised = None;
    let result = std::thread::scope(|scope| {
        let flag = &flag;
        scope.spawn(move || {
            let _ = sender.send(pool().install(|| work(flag)));
        });
        loop {
            let wait = std::time::Duration::from_millis(SIGNAL_EVERY_MS);
            let received = py.detach(|| {
                let receiver = receiver.lock().unwrap_or_else(|e| e.into_inner());
                receiver.recv_timeout(wait)
            });
            match received {
                Ok(result) => return Some(result),
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => return None,
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                    if let Err(error) = py.check_signals() {
                        flag.store(true, Ordering::Relaxed);
                        raised.get_or_insert(error);
                    }
                }
            }
        }
    });
    match (raised, result) {
        (Some(error), _) => Err(error),
        (None, Some(result)) => Ok(result),
        (None, None) => Err(pyo3::exceptions::PyRuntimeError::new_err(
            "a worker thread of the batch stopped without an answer",
        )),
    }
}
