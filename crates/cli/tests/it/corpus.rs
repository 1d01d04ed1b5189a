//! The regression corpus (`fuzz/corpus/`) through the binary: every board
//! text to `solve`, `analyze` and `convert` (as a file and on stdin), every
//! batch file to `batch --check --json`, every image to `scan`; each ends
//! with exit 0, 1 (a --check mismatch) or 2 (bad input), never a panic. Then
//! every file of every kind to every route of `unblocker serve`: an answer
//! each time, 4xx for everything the tools refuse, never a 5xx, and no panic
//! in the server's log.

use crate::common::served::Served;
use crate::common::unblocker;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::Stdio;
use std::time::Duration;
use unblocker_fuzz::corpus::{self, Kind};
use unblocker_fuzz::requests::POST_ROUTES;
use unblocker_model::format::ParseOptions;
use unblocker_model::puzzle;

/// Runs the binary; fails on a panic or an exit code outside `allowed`.
fn run(args: &[&str], stdin: Option<&[u8]>, allowed: &[i32]) -> Result<(), String> {
    let mut command = unblocker();
    command.args(args);
    if let Some(input) = stdin {
        command.write_stdin(input.to_vec());
    }
    let out = command.output().map_err(|e| e.to_string())?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    let code = out.status.code().unwrap_or(-1);
    if stderr.contains("panicked") || !allowed.contains(&code) {
        return Err(format!("{args:?}: exit {code}\n{stderr}"));
    }
    Ok(())
}

fn replay(kind: Kind, commands: impl Fn(&str, &[u8]) -> Result<(), String>) {
    let folder = tempfile::tempdir().unwrap();
    let mut failures = Vec::new();
    for (name, bytes) in corpus::files(kind) {
        let path = folder.path().join(&name);
        std::fs::write(&path, &bytes).unwrap();
        if let Err(e) = commands(path.to_str().unwrap(), &bytes) {
            failures.push(format!("{name}: {e}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn board_texts_through_solve_analyze_and_convert() {
    let limits = ["--max-nodes", "2000", "--timeout", "2"];
    replay(Kind::Boards, |path, bytes| {
        run(
            &[&["solve", path, "--json"][..], &limits].concat(),
            None,
            &[0, 2],
        )?;
        run(
            &[&["solve", "-", "--no-boards"][..], &limits].concat(),
            Some(bytes),
            &[0, 2],
        )?;
        run(
            &["analyze", path, "--json", "--max-memory", "64M"],
            None,
            &[0, 2],
        )?;
        run(&["convert", path, "--to", "json"], None, &[0, 2])
    });
}

#[test]
fn batch_files_through_batch_check() {
    replay(Kind::Batch, |path, _| {
        let limits = ["--max-nodes", "2000", "--threads", "1"];
        run(
            &[&["batch", path, "--check", "--json"][..], &limits].concat(),
            None,
            &[0, 1, 2],
        )
    });
}

#[test]
fn images_through_scan() {
    replay(Kind::Images, |path, _| {
        run(&["scan", path, "--json"], None, &[0, 2])
    });
}

/// Sends `body` to `path` over a new connection; the status, or why none came.
fn post(address: &str, path: &str, body: &[u8]) -> Result<u16, String> {
    let mut socket = TcpStream::connect(address).map_err(|e| e.to_string())?;
    socket
        .set_read_timeout(Some(Duration::from_secs(30)))
        .map_err(|e| e.to_string())?;
    let content_type = if path == "/api/scan" {
        "image/png"
    } else {
        "application/json"
    };
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {address}\r\nContent-Type: {content_type}\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    socket
        .write_all(head.as_bytes())
        .and_then(|()| socket.write_all(body))
        .map_err(|e| format!("sending: {e}"))?;
    let mut answer = Vec::new();
    socket
        .read_to_end(&mut answer)
        .map_err(|e| format!("no answer: {e}"))?;
    let status = String::from_utf8_lossy(&answer);
    status
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .ok_or_else(|| format!("no status line in {:?}", status.lines().next()))
}

/// Whether the tools refuse `body` sent to `path`: not a request object, or
/// a puzzle they cannot read, or a picture without a board.
fn refused(path: &str, body: &[u8]) -> bool {
    if path == "/api/scan" {
        return unblocker_scan::scan(body).is_err();
    }
    let Ok(request) = serde_json::from_slice::<serde_json::Value>(body) else {
        return true;
    };
    match request.as_object() {
        Some(fields) if fields.len() == 1 => match &fields.get("puzzle") {
            Some(serde_json::Value::String(text)) => {
                puzzle::resolve(text, ParseOptions::default()).is_err()
            }
            Some(serde_json::Value::Object(_)) => false,
            _ => true,
        },
        // Other objects may or may not be valid requests: not judged here.
        _ => false,
    }
}

#[test]
fn every_file_to_every_route_of_the_server() {
    let mut served = Served::start(
        env!("CARGO_BIN_EXE_unblocker"),
        &["--timeout", "1", "--max-nodes", "2000"],
        Stdio::piped(),
    );
    let address = served.address.clone();
    let mut failures = Vec::new();
    let mut requests = 0;
    for kind in Kind::ALL {
        for (name, bytes) in corpus::files(kind) {
            let text = String::from_utf8_lossy(&bytes);
            let wrapped = serde_json::json!({ "puzzle": text })
                .to_string()
                .into_bytes();
            for path in POST_ROUTES {
                for body in [&bytes, &wrapped] {
                    requests += 1;
                    let outcome = post(&address, path, body);
                    let expected_refusal = refused(path, body);
                    match outcome {
                        Ok(status) if (400..500).contains(&status) => {}
                        Ok(200) if !expected_refusal => {}
                        Ok(status) => failures.push(format!("{name} to {path}: {status}")),
                        Err(e) => failures.push(format!("{name} to {path}: {e}")),
                    }
                }
            }
        }
    }
    served.child.kill().unwrap();
    let mut log = String::new();
    served
        .child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut log)
        .unwrap();
    assert!(requests > 0, "the corpus is empty");
    assert!(!log.contains("panicked"), "the server panicked:\n{log}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
