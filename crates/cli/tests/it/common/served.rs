//! `unblocker serve … --port 0` started for a test or an example: the
//! process (killed when dropped), what it printed up to its URL line, and
//! the `host:port` that line names. The `attack` example and the memory
//! test include this file by its path.

#![allow(dead_code)] // each includer reads what it needs

use std::ffi::OsStr;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

pub struct Served {
    pub child: Child,
    /// What the server printed up to its URL line.
    pub printed: String,
    /// The `host:port` of its URL.
    pub address: String,
}

impl Served {
    /// Starts `binary serve ARGS --port 0` with its standard error going to
    /// `stderr`, and waits for its URL line.
    pub fn start(binary: impl AsRef<OsStr>, args: &[&str], stderr: Stdio) -> Served {
        let child = Command::new(binary)
            .arg("serve")
            .args(args)
            .args(["--port", "0"])
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .expect("the server starts");
        // Held from here on, so that a failed start is killed too.
        let mut served = Served {
            child,
            printed: String::new(),
            address: String::new(),
        };
        let stdout = served.child.stdout.take().expect("its standard output");
        let mut out = BufReader::new(stdout);
        loop {
            let mut line = String::new();
            assert!(
                out.read_line(&mut line).expect("its standard output") > 0,
                "the server ended: {}",
                served.printed
            );
            served.printed.push_str(&line);
            if let Some(rest) = line.strip_prefix("Unblocker is serving on http://") {
                served.address = rest.split('/').next().unwrap_or_default().to_string();
                return served;
            }
        }
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
