//! `--max-memory` holds when it is measured: a search that would need more
//! stops with `"status": "memory_limit"`, and the process's peak resident
//! size (read from the kernel when it exits) stays under the cap; `batch`
//! streams, so its memory does not grow with the number of puzzles.
//!
//! A test binary of its own: Linux counts in a child's peak resident size
//! the resident size of the process that spawned it (`ru_maxrss` keeps the
//! old memory map's high-water mark across `exec`), so the measuring process
//! must stay small, which the crate's other tests, sharing one binary, do not.
//! For the same reason its tests run one at a time ([`one_at_a_time`]), and
//! each measured child is spawned only while this process is small.

#![cfg(target_os = "linux")]

use std::process::{Command, Stdio};
use std::sync::{Mutex, MutexGuard};

#[path = "../../examples/attack/driver.rs"]
mod attack;

/// A Klotski board of 20 soldiers around a 2×2 target whose breadth-first
/// solve holds some 230 MB.
const BIG: &str = "AAbc./AAde./fghij/klmno/pqrs./t.u.v";

/// The most this process may hold when it spawns a measured child: the
/// child's peak would count it, so it must stay well under the smallest cap
/// measured (32 MiB).
const MEASURER_LIMIT: u64 = 16 << 20;

/// Held by each test for its whole run. A test that holds memory in this
/// process (the attack's 15 MiB upload body, the bomb inflated while it is
/// built) would otherwise be counted in the peak of another test's child
/// spawned meanwhile: a batch capped at 32 MiB once measured 46 MiB so.
fn one_at_a_time() -> MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    // A failed test poisons the lock; the others still run one at a time.
    LOCK.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Runs the binary: its exit code, stdout, stderr and peak resident size
/// in bytes. The child is reaped by `wait4`, which also gives its usage.
fn run(args: &[&str]) -> (i32, String, String, u64) {
    let (code, _, output, errors, peak) = run_keeping(args, usize::MAX);
    (code, output, errors, peak)
}

/// [`run`] that keeps only the last `keep` bytes of stdout and counts its
/// lines: this process must stay small, since the child's peak counts it.
#[allow(clippy::zombie_processes)]
fn run_keeping(args: &[&str], keep: usize) -> (i32, usize, String, String, u64) {
    use std::io::Read;
    // The child's peak starts at this process's high-water mark (Linux
    // carries it over `exec`): bring the mark down to the current size.
    std::fs::write("/proc/self/clear_refs", "5").unwrap();
    let own = unblocker_solve::memory::resident_bytes().expect("resident size from /proc");
    assert!(
        own < MEASURER_LIMIT,
        "the measuring process holds {} KiB, which {args:?}'s peak would count",
        own >> 10
    );
    let mut child = Command::new(env!("CARGO_BIN_EXE_unblocker"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id() as libc::pid_t;
    // Stderr is small: reading stdout to its end cannot block on it.
    let mut stdout = child.stdout.take().unwrap();
    let (mut tail, mut lines, mut chunk) = (Vec::new(), 0, vec![0u8; 1 << 16]);
    loop {
        let n = stdout.read(&mut chunk).unwrap();
        if n == 0 {
            break;
        }
        lines += chunk[..n].iter().filter(|&&b| b == b'\n').count();
        tail.extend_from_slice(&chunk[..n]);
        if tail.len() > keep.saturating_mul(2) {
            tail.drain(..tail.len() - keep);
        }
    }
    if tail.len() > keep {
        tail.drain(..tail.len() - keep);
    }
    let output = String::from_utf8_lossy(&tail).into_owned();
    let mut errors = String::new();
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
    (libc::WEXITSTATUS(status), lines, output, errors, peak)
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
    let _alone = one_at_a_time();
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
    let _alone = one_at_a_time();
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

/// A file of `n` copies of a one-move board.
fn copies(dir: &std::path::Path, n: usize) -> String {
    let path = dir.join(format!("{n}.txt"));
    std::fs::write(&path, "............AA......................\n".repeat(n)).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn batch_memory_is_the_same_for_a_thousand_puzzles_and_a_hundred_thousand() {
    let _alone = one_at_a_time();
    let dir = tempfile::tempdir().unwrap();
    let mut peaks = Vec::new();
    for n in [1_000, 100_000] {
        let file = copies(dir.path(), n);
        let (code, lines, output, errors, peak) =
            run_keeping(&["batch", &file, "--threads", "2"], 4096);
        assert_eq!(code, 0, "{errors}");
        assert_eq!(lines, n + 2);
        assert!(output.contains(&format!("\n{n} puzzles: {n} solved")));
        peaks.push(peak);
    }
    assert!(
        peaks[1] <= peaks[0] + (4 << 20),
        "100,000 puzzles peak at {} KiB, 1,000 at {} KiB",
        peaks[1] >> 10,
        peaks[0] >> 10
    );
    // The budget is honoured over the whole run.
    let file = copies(dir.path(), 100_000);
    let (code, _, errors, peak) = run(&["batch", &file, "-q", "--max-memory", "32M"]);
    assert_eq!(code, 0, "{errors}");
    assert!(peak <= 32 << 20, "peak {} KiB", peak >> 10);
}

/// The first result is printed while the rest of the file is still to
/// come: the file is a pipe, and its end is written only after the first
/// line came back (a batch that waited for every result would never
/// answer, and the test would fail after a minute).
#[test]
fn batch_prints_each_result_before_the_last_puzzle_is_read() {
    let _alone = one_at_a_time();
    use std::io::{BufRead, BufReader, Write};
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("puzzles");
    let name = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: a valid C string; mkfifo only creates the node.
    assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
    let mut child = Command::new(env!("CARGO_BIN_EXE_unblocker"))
        .args(["batch", fifo.to_str().unwrap(), "--threads", "2"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = std::fs::OpenOptions::new().write(true).open(&fifo).unwrap();
    writeln!(input, "BBoooCDooEoCDAAEoCDooEooFoooGGFoHHHo").unwrap();
    input.flush().unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let (tx, rx) = std::sync::mpsc::channel();
    let reader = std::thread::spawn(move || {
        let first = lines.next();
        tx.send(first).unwrap();
        lines.map(Result::unwrap).collect::<Vec<String>>()
    });
    let first = rx
        .recv_timeout(std::time::Duration::from_secs(60))
        .expect("no result line while the file was still open")
        .unwrap()
        .unwrap();
    assert!(first.starts_with("    line 1    8 moves"), "{first}");
    // Now the rest, and the end of the file.
    writeln!(input, "............AA......................").unwrap();
    drop(input);
    let rest = reader.join().unwrap();
    assert!(rest[0].starts_with("    line 2    1 moves"), "{rest:?}");
    assert!(rest[2].starts_with("2 puzzles: 2 solved"), "{rest:?}");
    assert!(child.wait().unwrap().success());
}

/// An endless stream is refused once it passes the limit (64 MiB for a
/// whole file, 1 MiB for a row), and a directory as a directory.
#[test]
fn scan_and_db_import_refuse_an_endless_stream_within_the_limit() {
    let _alone = one_at_a_time();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("x.sqlite");
    let db = db.to_str().unwrap();
    let cases: [(&[&str], &str, u64); 3] = [
        (
            &["scan", "/dev/zero"],
            "/dev/zero holds more than 67108864 bytes, the limit",
            96 << 20,
        ),
        (
            &["db", "import", "/dev/zero", "--db", db],
            "/dev/zero: line 1: longer than 1048576 bytes, the limit",
            32 << 20,
        ),
        (
            &["batch", "/dev/zero"],
            "/dev/zero line 1 is longer than 1048576 bytes, the limit",
            32 << 20,
        ),
    ];
    for (args, message, cap) in cases {
        let (code, _, errors, peak) = run(args);
        assert_eq!(code, 2, "{args:?}: {errors}");
        assert!(errors.contains(message), "{args:?}: {errors}");
        assert!(peak <= cap, "{args:?}: peak {} KiB", peak >> 10);
    }
    let here = dir.path().to_str().unwrap();
    for args in [
        &["scan", here][..],
        &["db", "import", here, "--db", db],
        &["batch", here],
    ] {
        let (code, _, errors, _) = run(args);
        assert_eq!(code, 2, "{args:?}: {errors}");
        assert!(
            errors.contains(&format!("{here} is a directory, not a file")),
            "{args:?}: {errors}"
        );
    }
}

/// A server's peak resident size (its `VmHWM`) stays under `--max-memory`
/// while 16 clients scan an ICC bomb at once (a small PNG whose profile
/// inflates to 100 MiB) and 40 others each send 15 of a declared 16 MiB
/// and stall (`examples/attack/driver.rs`): the budget holds some bodies
/// and drains the rest, which get 503 once they are finished.
#[test]
fn serve_stays_under_its_memory_cap_through_stalled_uploads_and_bomb_scans() {
    let _alone = one_at_a_time();
    let attack = attack::Attack {
        max_memory: 192 << 20,
        bombs: 16,
        profile_bytes: 100 << 20,
        uploads: 40,
        upload_bytes: 16 << 20,
        // Held by the budget before the scans take their share.
        uploads_first: 6,
    };
    let outcome = attack::run(env!("CARGO_BIN_EXE_unblocker"), &attack);
    eprintln!("{outcome:?}");
    assert!(outcome.bomb_bytes < 200_000, "{outcome:?}");
    assert!(outcome.peak < attack.max_memory, "{outcome:?}");
    let count = |of: &std::collections::BTreeMap<String, usize>, status: &str| {
        of.get(status).copied().unwrap_or(0)
    };
    assert!(count(&outcome.scans, "422") >= 1, "{outcome:?}");
    assert_eq!(
        count(&outcome.scans, "422") + count(&outcome.scans, "503"),
        16,
        "{outcome:?}"
    );
    let held = count(&outcome.uploads, "400");
    assert!(held >= 6, "{outcome:?}");
    assert!(
        held as u64 <= attack.max_memory / attack.upload_bytes as u64,
        "{outcome:?}"
    );
    assert_eq!(held + count(&outcome.uploads, "503"), 40, "{outcome:?}");
}
