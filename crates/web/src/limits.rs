//! The server's settings: the limits (body size, solve time and size,
//! concurrency), the puzzle database and the host names served.

use std::path::PathBuf;
use std::time::Duration;
use unblocker_api::Budget;
use unblocker_solve::{timeout_of, TimeoutError};

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

/// Why the limits asked for were refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LimitsError {
    #[error("at least one solve must be allowed at once")]
    NoSolves,
    #[error(transparent)]
    Timeout(#[from] TimeoutError),
}

impl Limits {
    /// What one solve may use at most.
    pub fn budget(&self) -> Budget {
        Budget {
            timeout: self.timeout,
            max_nodes: self.max_nodes,
        }
    }

    /// The defaults, with what was asked for in their place: the solves at
    /// once, a solve's longest time in seconds and most positions; and the
    /// bytes all searches together may hold.
    pub fn asked(
        max_solves: Option<usize>,
        timeout: Option<f64>,
        max_nodes: Option<u64>,
        max_memory: u64,
    ) -> Result<Limits, LimitsError> {
        let default = Limits::default();
        Ok(Limits {
            max_solves: match max_solves {
                Some(0) => return Err(LimitsError::NoSolves),
                n => n.unwrap_or(default.max_solves),
            },
            timeout: timeout
                .map(timeout_of)
                .transpose()?
                .unwrap_or(default.timeout),
            max_nodes: max_nodes.unwrap_or(default.max_nodes),
            max_memory,
            ..default
        })
    }
}

/// Everything the server is started with.
#[derive(Clone, Debug, Default)]
pub struct Config {
    pub limits: Limits,
    /// The puzzle database (`unblocker db generate`) behind
    /// `/api/random`; without one, the sample embedded in the binary.
    pub database: Option<PathBuf>,
    /// The static site (`cargo xtask web --out DIR`) to serve in place of
    /// the embedded page: its page computes in the browser and asks the
    /// server only for random puzzles of the database.
    pub site: Option<PathBuf>,
    /// The `Host` values answered (others get 421); [`crate::run`] and
    /// [`crate::serve`] set it from the listening address.
    pub hosts: crate::Hosts,
    /// The connections' timeouts and their number.
    pub connections: crate::Connections,
}
