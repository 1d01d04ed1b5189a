//! The connections the server holds and what each is doing, so that one
//! client cannot hold the server: at the cap, a new connection is admitted
//! by closing the oldest idle one (no request being handled, no answer
//! being sent or waiting to be read: a kept-alive connection between
//! requests, one silent since it connected, or one whose request head has
//! not all arrived). Only when every held connection is busy does a new one
//! wait, until one ends or becomes idle. The connection's own task has the
//! last word: asked to close, it closes only if it is idle then.

use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::Notify;

/// The connections held, at most `max` at once.
pub(crate) struct Held {
    max: usize,
    table: Mutex<Table>,
    /// Rung when a connection ends, becomes idle, or stays open when asked
    /// to close (it turned busy): a waiting admission looks again.
    changed: Arc<Notify>,
}

#[derive(Default)]
struct Table {
    /// The connections by the order they were admitted in, oldest first.
    connections: BTreeMap<u64, Arc<Activity>>,
    admitted: u64,
    shed: u64,
}

/// What `/api/health` reports of the connections (`"connections"`).
#[derive(Debug, Serialize)]
pub(crate) struct ConnectionCounts {
    /// The most held at once.
    max: usize,
    /// Held now.
    held: usize,
    /// Held now with no request being handled and no answer being sent.
    idle: usize,
    /// Idle connections closed to admit a new one at the cap, since the start.
    shed: u64,
}

/// What one connection is doing. Only its own task changes it (its
/// service, its answers and its writes are polled there), so the task can
/// tell for sure whether it is idle.
pub(crate) struct Activity {
    /// Requests being handled and answers being sent.
    exchanges: AtomicUsize,
    /// A write waits for the client to take the bytes.
    writing: AtomicBool,
    /// Asked to close to admit a new connection.
    chosen: AtomicBool,
    /// Wakes the connection's task when it is chosen.
    asked: Notify,
    changed: Arc<Notify>,
}

impl Activity {
    fn is_idle(&self) -> bool {
        self.exchanges.load(Ordering::SeqCst) == 0 && !self.writing.load(Ordering::SeqCst)
    }

    /// Whether a write waits for the client (set by the connection's writes).
    pub(crate) fn set_writing(&self, waits: bool) {
        self.writing.store(waits, Ordering::SeqCst);
        if !waits {
            self.rested();
        }
    }

    /// Tells a waiting admission when this connection has become idle.
    fn rested(&self) {
        if self.is_idle() {
            self.changed.notify_one();
        }
    }
}

/// Keeps its connection busy while it lives: made when a request reaches
/// the service, dropped with the end of its answer.
pub(crate) struct Exchange(Arc<Activity>);

impl Exchange {
    pub(crate) fn begin(activity: &Arc<Activity>) -> Exchange {
        activity.exchanges.fetch_add(1, Ordering::SeqCst);
        Exchange(activity.clone())
    }
}

impl Drop for Exchange {
    fn drop(&mut self) {
        self.0.exchanges.fetch_sub(1, Ordering::SeqCst);
        self.0.rested();
    }
}

/// A held connection's place in the table, given up when dropped.
pub(crate) struct Ticket {
    held: Arc<Held>,
    id: u64,
    pub(crate) activity: Arc<Activity>,
}

impl Ticket {
    /// Returns once the connection has been chosen to be closed and is
    /// idle: its task then drops it. Chosen while busy (a request arrived
    /// since), it stays open and may be chosen again once idle.
    pub(crate) async fn shed(&self) {
        loop {
            self.activity.asked.notified().await;
            if self.activity.is_idle() {
                self.held.lock().shed += 1;
                return;
            }
            self.activity.chosen.store(false, Ordering::SeqCst);
            self.held.changed.notify_one();
        }
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        self.held.lock().connections.remove(&self.id);
        self.held.changed.notify_one();
    }
}

impl Held {
    pub(crate) fn new(max: usize) -> Arc<Held> {
        Arc::new(Held {
            max: max.max(1),
            table: Mutex::default(),
            changed: Arc::new(Notify::new()),
        })
    }

    fn lock(&self) -> MutexGuard<'_, Table> {
        self.table.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Admits a new connection: at once below the cap; at the cap, once
    /// the oldest idle connection has closed for it or, when every held
    /// one is busy, once one ends or becomes idle.
    pub(crate) async fn admit(self: &Arc<Self>) -> Ticket {
        loop {
            {
                let mut table = self.lock();
                if table.connections.len() < self.max {
                    table.admitted += 1;
                    let id = table.admitted;
                    let activity = Arc::new(Activity {
                        exchanges: AtomicUsize::new(0),
                        writing: AtomicBool::new(false),
                        chosen: AtomicBool::new(false),
                        asked: Notify::new(),
                        changed: self.changed.clone(),
                    });
                    table.connections.insert(id, activity.clone());
                    return Ticket {
                        held: self.clone(),
                        id,
                        activity,
                    };
                }
                // One at a time: a connection asked to close already will
                // free a place (or say it turned busy).
                let closing = table
                    .connections
                    .values()
                    .any(|c| c.chosen.load(Ordering::SeqCst));
                let oldest_idle = table.connections.values().find(|c| c.is_idle());
                if let (false, Some(oldest)) = (closing, oldest_idle) {
                    oldest.chosen.store(true, Ordering::SeqCst);
                    oldest.asked.notify_one();
                }
            }
            self.changed.notified().await;
        }
    }

    pub(crate) fn counts(&self) -> ConnectionCounts {
        let table = self.lock();
        ConnectionCounts {
            max: self.max,
            held: table.connections.len(),
            idle: table.connections.values().filter(|c| c.is_idle()).count(),
            shed: table.shed,
        }
    }
}
