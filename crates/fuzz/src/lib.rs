#![doc = include_str!("../README.md")]

pub mod batch;
pub mod boards;
pub mod checks;
pub mod corpus;
mod finding;
pub mod images;
pub mod mutate;
pub mod requests;
pub mod server;

pub use finding::Finding;

use proptest::strategy::Strategy;
use proptest::test_runner::{Config, TestCaseError, TestError, TestRunner};
use std::fmt::Display;
use std::time::Instant;

/// The factor `UNBLOCKER_FUZZ_SCALE` sets for every target's cases (1 when
/// unset).
pub fn scale() -> u32 {
    std::env::var("UNBLOCKER_FUZZ_SCALE")
        .ok()
        .and_then(|v| v.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(1)
}

/// Runs `check` on `default_cases × scale()` inputs of `strategy`. A panic
/// or a failed check fails the test after the input is shrunk; the smallest
/// failing input is saved in the corpus of `kind` (see [`corpus::save`]).
/// Prints the cases run, the failures (0) and the time.
pub fn fuzz<S: Strategy, E: Display>(
    name: &str,
    kind: corpus::Kind,
    default_cases: u32,
    strategy: S,
    bytes: impl Fn(&S::Value) -> Vec<u8>,
    check: impl Fn(&S::Value) -> Result<(), E>,
) {
    let cases = default_cases * scale();
    let config = Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    };
    let mut runner = TestRunner::new(config);
    let started = Instant::now();
    match runner.run(&strategy, |value| {
        check(&value).map_err(|e| TestCaseError::fail(e.to_string()))
    }) {
        Ok(()) => eprintln!(
            "fuzz {name}: {cases} cases, 0 panics or failures, {:.1} s",
            started.elapsed().as_secs_f64()
        ),
        Err(TestError::Fail(reason, value)) => {
            let saved = corpus::save(kind, &bytes(&value));
            panic!(
                "fuzz {name}: {reason}\nsmallest failing input, saved as {}: {value:?}",
                saved.display()
            );
        }
        Err(TestError::Abort(reason)) => panic!("fuzz {name}: aborted: {reason}"),
    }
}
