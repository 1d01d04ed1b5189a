//! The load example (`cargo run --profile test -p unblocker-web --example
//! load`), several rounds in a row as part of the test command: every request
//! gets its expected answer, every oversized body its 413 (never a reset
//! connection), and the server cancels what clients abandon.

#[path = "../../examples/load/driver.rs"]
mod driver;

use driver::Kind;
use unblocker_web::Limits;

/// Rounds of 500 requests; each takes a few seconds.
const ROUNDS: usize = 5;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "the load driver wants idle cores for a minute: cargo test -p unblocker-web -- --include-ignored load (.ci/run)"]
async fn every_request_of_several_load_rounds_gets_its_answer() {
    for number in 1..=ROUNDS {
        let round = driver::round(500, Limits::default()).await;
        println!("round {number} of {ROUNDS}\n{round}");
        assert_eq!(round.failures(), vec![], "round {number}:\n{round}");
        assert_eq!(round.count(Kind::Oversized, 413), 5, "round {number}");
        assert!(round.ok(), "round {number}:\n{round}");
    }
}
