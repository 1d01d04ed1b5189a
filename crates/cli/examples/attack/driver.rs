//! A hostile load on `unblocker serve`, over loopback: clients that scan an
//! ICC bomb (a small PNG whose profile inflates to many megabytes) all at
//! once, and clients that send most of a large upload and stall. The
//! server's peak resident size (`VmHWM`) is read while they stall, then each
//! upload is finished and its answer counted. Shared by the `attack` example
//! and the memory test that runs it in CI.

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::Stdio;

#[path = "../../tests/it/common/served.rs"]
mod served;
use served::Served;

/// What the attack sends.
pub struct Attack {
    /// `serve --max-memory`, in bytes.
    pub max_memory: u64,
    /// Concurrent scans of the bomb.
    pub bombs: usize,
    /// What the bomb's ICC profile inflates to.
    pub profile_bytes: usize,
    /// Uploads that stall before their last mebibyte.
    pub uploads: usize,
    /// Each upload's declared length.
    pub upload_bytes: usize,
    /// Uploads sent (and held by the budget) before the scans start.
    pub uploads_first: usize,
}

/// What the server did.
#[derive(Debug)]
pub struct Outcome {
    /// The server's peak resident size, in bytes.
    pub peak: u64,
    /// The bomb's size in bytes.
    pub bomb_bytes: usize,
    /// Scans by status code.
    pub scans: BTreeMap<String, usize>,
    /// Uploads by status code (400: held and not JSON; 503: drained).
    pub uploads: BTreeMap<String, usize>,
}

/// Starts `binary serve` and runs `attack` on it.
pub fn run(binary: &str, attack: &Attack) -> Outcome {
    let bomb = unblocker_fuzz::images::icc_bomb(64, attack.profile_bytes);
    let served = Served::start(
        binary,
        &["--max-memory", &attack.max_memory.to_string()],
        Stdio::inherit(),
    );
    let address = served.address.clone();
    let spaces = vec![b' '; attack.upload_bytes - (1 << 20)];
    let upload = || {
        let mut stream = TcpStream::connect(&address).unwrap();
        let head = post(
            &address,
            "/api/solve",
            "application/json",
            attack.upload_bytes,
        );
        stream.write_all(head.as_bytes()).unwrap();
        stream.write_all(&spaces).unwrap();
        stream
    };
    let mut uploads: Vec<TcpStream> = (0..attack.uploads_first).map(|_| upload()).collect();
    let scans: Vec<_> = (0..attack.bombs)
        .map(|_| {
            let head = post(&address, "/api/scan", "image/png", bomb.len());
            let (address, bomb) = (address.clone(), bomb.clone());
            std::thread::spawn(move || {
                let mut stream = TcpStream::connect(&address).unwrap();
                stream.write_all(head.as_bytes()).unwrap();
                stream.write_all(&bomb).unwrap();
                status_of(&mut stream)
            })
        })
        .collect();
    uploads.extend((attack.uploads_first..attack.uploads).map(|_| upload()));
    let mut outcome = Outcome {
        peak: 0,
        bomb_bytes: bomb.len(),
        scans: BTreeMap::new(),
        uploads: BTreeMap::new(),
    };
    for scan in scans {
        *outcome.scans.entry(scan.join().unwrap()).or_default() += 1;
    }
    outcome.peak = peak_of(served.child.id());
    let rest = vec![b' '; 1 << 20];
    for stream in &mut uploads {
        stream.write_all(&rest).unwrap();
        *outcome.uploads.entry(status_of(stream)).or_default() += 1;
    }
    drop(served);
    outcome
}

fn post(address: &str, path: &str, kind: &str, length: usize) -> String {
    format!(
        "POST {path} HTTP/1.1\r\nhost: {address}\r\ncontent-type: {kind}\r\n\
         content-length: {length}\r\nconnection: close\r\n\r\n"
    )
}

/// The status code of the answer read to its end.
fn status_of(stream: &mut TcpStream) -> String {
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    String::from_utf8_lossy(answer.get(9..12).unwrap_or_default()).into_owned()
}

/// The process's peak resident size (`VmHWM`), in bytes.
fn peak_of(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches(" kB").parse::<u64>().ok())
        .map(|kib| kib << 10)
        .expect("VmHWM in /proc/PID/status")
}
