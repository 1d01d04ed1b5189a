//! `--max-memory` holds when it is measured: a search that would need more
//! stops with `"status": "memory_limit"`, and the process's peak resident
//! size (read from the kernel when it exits) stays under the cap; `batch`
//! streams, so its memory does not grow with the number of puzzles.

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

/// A file of `n` copies of a one-move board.
fn copies(dir: &std::path::Path, n: usize) -> String {
    let path = dir.join(format!("{n}.txt"));
    std::fs::write(&path, "............AA......................\n".repeat(n)).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn batch_memory_is_the_same_for_a_thousand_puzzles_and_a_hundred_thousand() {
    let dir = tempfile::tempdir().unwrap();
    let mut peaks = Vec::new();
    for n in [1_000, 100_000] {
        let file = copies(dir.path(), n);
        // Quiet: a child's peak counts this process's own peak (it was
        // spawned from it), so this process must not hold 100,000 lines.
        let (code, output, errors, peak) = run(&["batch", &file, "--threads", "2", "-q"]);
        assert_eq!(code, 0, "{errors}");
        assert!(output.contains(&format!("\n{n} puzzles: {n} solved")));
        peaks.push(peak);
    }
    assert!(
        peaks[1] <= peaks[0] + (8 << 20),
        "100,000 puzzles peak at {} KiB, 1,000 at {} KiB",
        peaks[1] >> 10,
        peaks[0] >> 10
    );
    // The budget is honoured over the whole run.
    let file = copies(dir.path(), 100_000);
    let (code, _, errors, peak) = run(&["batch", &file, "-q", "--max-memory", "64M"]);
    assert_eq!(code, 0, "{errors}");
    assert!(peak <= 64 << 20, "peak {} KiB", peak >> 10);
}

/// The first result is printed while the rest of the file is still to
/// come: the file is a pipe, and its end is written only after the first
/// line came back (a batch that waited for every result would never
/// answer, and the test would fail after a minute).
#[test]
fn batch_prints_each_result_before_the_last_puzzle_is_read() {
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
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("x.sqlite");
    let db = db.to_str().unwrap();
    let cases: [(&[&str], &str, u64); 3] = [
        (
            &["scan", "/dev/zero"],
            "/dev/zero holds more than 67108864 bytes, the limit",
            128 << 20,
        ),
        (
            &["db", "import", "/dev/zero", "--db", db],
            "/dev/zero: line 1: longer than 1048576 bytes, the limit",
            64 << 20,
        ),
        (
            &["batch", "/dev/zero"],
            "/dev/zero line 1 is longer than 1048576 bytes, the limit",
            64 << 20,
        ),
    ];
    // The caps leave room for what the test process itself holds (a
    // child's peak counts its parent's from before its exec); an unbounded
    // read reached gigabytes.
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
