//! `unblocker serve`: the server the binary starts answers to exactly the
//! names of the address it listens on, and `--lan` prints the URL with a QR
//! code.

use crate::common::served::Served;
use std::io::{Read, Write};
use std::process::{Command, Stdio};

/// Starts `unblocker serve ARGS --port 0`.
fn serve(args: &[&str]) -> Served {
    Served::start(env!("CARGO_BIN_EXE_unblocker"), args, Stdio::inherit())
}

/// The status of `GET /api/health` sent to `address` with `Host: host`.
fn status(address: &str, host: &str) -> u16 {
    let mut socket = std::net::TcpStream::connect(address).unwrap();
    write!(
        socket,
        "GET /api/health HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    socket.read_to_string(&mut answer).unwrap();
    answer[9..12].parse().unwrap()
}

#[test]
fn loopback_answers_to_its_address_and_localhost_only() {
    let served = serve(&[]);
    let address = &served.address;
    assert!(address.starts_with("127.0.0.1:"), "{address}");
    let port = address.rsplit(':').next().unwrap();
    assert_eq!(status(address, address), 200);
    assert_eq!(status(address, &format!("localhost:{port}")), 200);
    assert_eq!(status(address, &format!("rebound.example:{port}")), 421);
}

#[test]
fn lan_serves_the_network_address_with_a_qr_code() {
    let served = serve(&["--lan"]);
    let (printed, address) = (&served.printed, &served.address);
    let ip: std::net::IpAddr = address.rsplit_once(':').unwrap().0.parse().unwrap();
    assert!(!ip.is_loopback() && !ip.is_unspecified(), "{address}");
    assert!(
        printed.lines().filter(|l| l.contains('▀')).count() >= 10,
        "a QR code before the URL: {printed}"
    );
    assert!(
        printed.contains(&format!("open http://{address}/")),
        "{printed}"
    );
    let port = address.rsplit(':').next().unwrap();
    assert_eq!(status(address, address), 200);
    // Exactly the served address: not localhost, not another name.
    assert_eq!(status(address, &format!("localhost:{port}")), 421);
    assert_eq!(status(address, &format!("127.0.0.1:{port}")), 421);
    // Nothing listens on loopback.
    assert!(std::net::TcpStream::connect(format!("127.0.0.1:{port}")).is_err());
}

#[test]
fn lan_and_host_do_not_go_together() {
    let out = Command::new(env!("CARGO_BIN_EXE_unblocker"))
        .args(["serve", "--lan", "--host", "0.0.0.0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot be used with"));
}
