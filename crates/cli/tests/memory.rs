//! `--max-memory` holds when it is measured: a search that would need more
//! stops with `"status": "memory_limit"`, and the process's peak resident
//! size (read from the kernel when it exits) stays under the cap.

#![cfg(target_os = "linux")]

use std::process::{Command, Stdio};

/// A Klotski board of 20 soldiers around a 2×2 target whose breadth-first
/// solve holds some 230 MB.
const BIG: &str = "AAbc./AAde./fghij/klmno/pqrs./t.u.v";

/// Runs the binary: its exit code, stdout, stderr and peak resident size
/// in bytes. The child is reaped by `wait4`, which also gives its usage.
#[allow(clippy::zombie_processes)]
fn run(args: &[&str]) -> (i32, String, String, u64) {
    use std::io::Read;
    let mut child = Command::new(env!("CARGO_BIN_EXE_unblocker"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id() as libc::pid_t;
    let (mut output, mut errors) = (String::new(), String::new());
    // The answers are small: reading one pipe to its end cannot block the other.
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut output)
        .unwrap();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut errors)
        .unwrap();
    let mut status = 0;
    // SAFETY: an all-zero rusage is valid; wait4 fills it for our own child.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(waited, pid, "wait4");
    assert!(libc::WIFEXITED(status), "{args:?} did not exit: {errors}");
    // ru_maxrss is in kilobytes on Linux.
    let peak = usage.ru_maxrss as u64 * 1024;
    (libc::WEXITSTATUS(status), output, errors, peak)
}

/// A run that succeeds: its JSON answer and peak resident size.
fn run_measured(args: &[&str]) -> (serde_json::Value, u64) {
    let (code, output, errors, peak) = run(args);
    assert_eq!(code, 0, "{args:?}: {errors}");
    let json = serde_json::from_str(&output).unwrap_or_else(|e| panic!("{e}: {output}"));
    (json, peak)
}

/// A run that fails: its exit code, stderr and peak resident size.
fn run_measured_failing(args: &[&str]) -> (i32, String, u64) {
    let (code, _, errors, peak) = run(args);
    (code, errors, peak)
}

#[test]
fn a_capped_search_stops_at_its_memory_limit_and_stays_under_it() {
    const CAP: u64 = 120 << 20;
    for algorithm in ["bfs", "bidir", "dfs"] {
        let (answer, peak) = run_measured(&[
            "solve",
            BIG,
            "--game",
            "klotski",
            "--json",
            "--algorithm",
            algorithm,
            "--max-memory",
            "120M",
        ]);
        assert_eq!(answer["status"], "memory_limit", "{algorithm}: {answer}");
        assert_eq!(answer["length"], serde_json::Value::Null);
        assert!(
            peak <= CAP,
            "{algorithm}: peak resident size {} MiB over the 120 MiB cap",
            peak >> 20
        );
        assert!(
            peak > CAP / 4,
            "{algorithm}: the search used the memory it had ({} MiB)",
            peak >> 20
        );
    }
    let (code, stderr, peak) = run_measured_failing(&[
        "analyze",
        BIG,
        "--game",
        "klotski",
        "--json",
        "--max-memory",
        "64M",
    ]);
    assert_eq!(code, 2, "analyze: {stderr}");
    assert!(stderr.contains("memory limit reached"), "analyze: {stderr}");
    assert!(
        peak <= 64 << 20,
        "analyze: peak {} MiB over 64 MiB",
        peak >> 20
    );
}

#[test]
fn the_same_search_with_room_enough_is_solved() {
    let (answer, peak) = run_measured(&[
        "solve",
        BIG,
        "--game",
        "klotski",
        "--json",
        "--max-memory",
        "1G",
    ]);
    assert_eq!(answer["status"], "solved", "{answer}");
    assert!(
        peak > 120 << 20,
        "it needed more than the cap above: {} MiB",
        peak >> 20
    );
}
