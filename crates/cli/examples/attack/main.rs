//! The hostile load of `driver.rs` at any scale, against a release binary:
//! prints the server's peak resident size and the answers.
//!
//! `cargo run --release -p unblocker --example attack -- [MAX_MEMORY_MIB [UPLOADS [UPLOAD_MIB [BOMBS [PROFILE_MIB]]]]]`
//! (default 2048 120 20 16 1400: the sizes of the report this load reproduces).

#[path = "driver.rs"]
mod driver;

fn main() {
    let arg = |i: usize, default: usize| {
        std::env::args()
            .nth(i)
            .and_then(|a| a.parse().ok())
            .unwrap_or(default)
    };
    let mib = |n: usize| n << 20;
    let attack = driver::Attack {
        max_memory: mib(arg(1, 2048)) as u64,
        uploads: arg(2, 120),
        upload_bytes: mib(arg(3, 20)),
        bombs: arg(4, 16),
        profile_bytes: mib(arg(5, 1400)),
        uploads_first: 0,
    };
    let binary = std::env::current_exe()
        .ok()
        .and_then(|p| Some(p.parent()?.parent()?.join("unblocker")))
        .expect("the unblocker binary beside the examples folder");
    let started = std::time::Instant::now();
    let outcome = driver::run(binary.to_str().unwrap(), &attack);
    println!(
        "--max-memory {} MiB: peak {} MiB; {} scans of a {}-byte bomb: {:?}; {} stalled {} MiB uploads: {:?}; {:.1} s",
        attack.max_memory >> 20,
        outcome.peak >> 20,
        attack.bombs,
        outcome.bomb_bytes,
        outcome.scans,
        attack.uploads,
        attack.upload_bytes >> 20,
        outcome.uploads,
        started.elapsed().as_secs_f64()
    );
}
