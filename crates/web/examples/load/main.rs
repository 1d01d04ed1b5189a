//! Load test: 500 concurrent requests against a fresh server (see
//! `driver.rs`), for one round or several. Prints each round's status counts
//! and latencies, then checks that every request got its expected answer
//! (413 for every oversized body, never a reset connection), that the server
//! cancelled every abandoned solve and still answers.
//!
//! `cargo run --profile test -p unblocker-web --example load [-- REQUESTS [ROUNDS]]`

mod driver;

use unblocker_web::Limits;

#[tokio::main]
async fn main() {
    let arg = |i: usize, default: usize| {
        std::env::args()
            .nth(i)
            .and_then(|a| a.parse().ok())
            .unwrap_or(default)
    };
    let (requests, rounds) = (arg(1, 500), arg(2, 1));
    let limits = Limits::default();
    println!(
        "limits: {} solve slots, {:.1} s queue wait, {:.0} s time cap, {} node cap, {} MiB memory, {} MiB bodies",
        limits.max_solves,
        limits.queue_wait.as_secs_f64(),
        limits.timeout.as_secs_f64(),
        limits.max_nodes,
        limits.max_memory >> 20,
        limits.max_body_bytes >> 20
    );
    for number in 1..=rounds {
        let round = driver::round(requests, limits.clone()).await;
        println!("round {number} of {rounds}\n{round}");
        if !round.ok() {
            eprintln!(
                "FAILED: {} requests did not get their answer: {:?}",
                round.failures().len(),
                round.failures()
            );
            std::process::exit(1);
        }
        println!(
            "oversized bodies answered 413: {}",
            round.count(driver::Kind::Oversized, 413)
        );
    }
    println!("ok: every request got its answer, nothing left running, the server still answers");
}
