//! The server's settings: the limits (body size, solve time and size,
//! concurrency), the puzzle database and the host names served.

use std::path::PathBuf;
use std::time::Duration;

/// What one request may cost.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Larger request bodies get 413.
    pub max_body_bytes: usize,
    /// Solves and analyses running at once; more wait for a slot.
    pub max_solves: usize,
    /// How long a request waits for a free slot before it gets 503.
    pub queue_wait: Duration,
    /// Longest time one solve may run (a request may ask for less).
    pub timeout: Duration,
    /// Most positions one solve may examine (a request may ask for less).
    pub max_nodes: u64,
    /// Bytes all running solves and analyses may hold together; a search
    /// whose next table does not fit stops with `memory_limit`.
    pub max_memory: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_body_bytes: 20 << 20,
            max_solves: std::thread::available_parallelism().map_or(2, |n| n.get()),
            queue_wait: Duration::from_secs(2),
            timeout: Duration::from_secs(30),
            max_nodes: 10_000_000,
            max_memory: unblocker_solve::memory::default_limit(),
        }
    }
}

/// Everything the server is started with.
#[derive(Clone, Debug, Default)]
pub struct Config {
    pub limits: Limits,
    /// The puzzle database (`unblocker db generate`) behind
    /// `/api/random`; without one, the sample embedded in the binary.
    pub database: Option<PathBuf>,
    /// The `Host` values answered (others get 421); [`crate::run`] and
    /// [`crate::serve`] set it from the listening address.
    pub hosts: crate::Hosts,
}
