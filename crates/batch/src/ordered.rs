//! An ordered worker pool: items taken from an iterator as room frees up,
//! worked on by a few threads, and their results handed back in input order
//! as soon as each and all before it are ready. At most `window` items are
//! between the iterator and the hand-back at any time, so a run of any
//! length holds constant memory.

use std::collections::BTreeMap;
use std::panic::{self, AssertUnwindSafe};
use std::sync::{mpsc, Mutex};

/// Works every item of `items` with `work` on `threads` threads (each with
/// its own state from `init`) and gives each result to `emit` on the
/// calling thread, in input order. At most `window` items (at least one)
/// are taken from `items` and not yet emitted. `items` is read on a thread
/// of its own, so a slow source (a pipe) does not hold back the results of
/// what was read. A panic in `work` is raised again on the calling thread.
pub fn map<T, R, S>(
    items: impl Iterator<Item = T> + Send,
    threads: usize,
    window: usize,
    init: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, T) -> R + Sync,
    mut emit: impl FnMut(R),
) where
    T: Send,
    R: Send,
{
    let window = window.max(1);
    let (job_tx, job_rx) = mpsc::sync_channel::<(usize, T)>(window);
    let job_rx = Mutex::new(job_rx);
    let (done_tx, done_rx) = mpsc::channel();
    // One permit for each item that may be taken and not yet emitted.
    let (permit_tx, permit_rx) = mpsc::sync_channel::<()>(window);
    for _ in 0..window {
        permit_tx.send(()).expect("the channel holds the window");
    }
    std::thread::scope(|scope| {
        scope.spawn(move || {
            for job in items.enumerate() {
                // No permit: the caller stopped.
                if permit_rx.recv().is_err() || job_tx.send(job).is_err() {
                    break;
                }
            }
            // The workers end when the jobs do.
        });
        for _ in 0..threads.max(1) {
            let (job_rx, done_tx, init, work) = (&job_rx, done_tx.clone(), &init, &work);
            scope.spawn(move || {
                let mut state = init();
                loop {
                    // Held while waiting: the others wait for the lock instead.
                    let job = job_rx
                        .lock()
                        .map_err(drop)
                        .and_then(|rx| rx.recv().map_err(drop));
                    let Ok((i, item)) = job else { break };
                    let result = panic::catch_unwind(AssertUnwindSafe(|| work(&mut state, item)));
                    let failed = result.is_err();
                    if done_tx.send((i, result)).is_err() || failed {
                        break;
                    }
                }
            });
        }
        drop(done_tx);
        let mut ready = BTreeMap::new();
        let mut next = 0;
        // Ends when every worker has ended, after the last job.
        for (i, result) in done_rx {
            match result {
                Ok(result) => ready.insert(i, result),
                Err(payload) => panic::resume_unwind(payload),
            };
            while let Some(result) = ready.remove(&next) {
                emit(result);
                next += 1;
                // At most `window` permits are out: the send never waits.
                let _ = permit_tx.send(());
            }
        }
        // The permits' end stops a reader still waiting for one.
        drop(permit_tx);
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn results_come_in_input_order_with_at_most_a_window_in_flight() {
        let started = AtomicUsize::new(0);
        let mut out = Vec::new();
        let emitted = AtomicUsize::new(0);
        map(
            0..1000u64,
            4,
            8,
            || (),
            |_, i| {
                let now = started.fetch_add(1, Ordering::SeqCst);
                // Never more than the window ahead of what was handed back.
                assert!(now < emitted.load(Ordering::SeqCst) + 8);
                // Uneven work, so that results arrive out of order.
                std::thread::sleep(std::time::Duration::from_micros((i * 7919) % 500));
                i * i
            },
            |r| {
                out.push(r);
                emitted.fetch_add(1, Ordering::SeqCst);
            },
        );
        assert_eq!(out, (0..1000u64).map(|i| i * i).collect::<Vec<_>>());
    }

    #[test]
    fn an_empty_input_emits_nothing_and_a_panic_reaches_the_caller() {
        map(
            std::iter::empty::<u8>(),
            2,
            4,
            || (),
            |_, i| i,
            |_| panic!(),
        );
        let caught = panic::catch_unwind(|| {
            map(0..10u8, 2, 4, || (), |_, i| assert_ne!(i, 5), |_| ());
        });
        assert!(caught.is_err());
    }
}
