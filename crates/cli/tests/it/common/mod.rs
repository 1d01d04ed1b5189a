//! Running the `unblocker` binary from the tests.

#![allow(dead_code)]

use assert_cmd::Command;

pub mod served;

pub fn unblocker() -> Command {
    Command::cargo_bin("unblocker").unwrap()
}

/// Runs a command that must succeed and print one JSON object.
pub fn json(args: &[&str]) -> serde_json::Value {
    let out = unblocker().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}
