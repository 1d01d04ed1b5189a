//! Connections are bounded in time and number: idle, slow-header and
//! slow-body connections are closed after their timeouts (short ones here),
//! and a request is answered while thousands of idle connections are open.

mod common;

use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use unblocker_web::{Config, Connections};

/// Serves with `connections`; returns the address `127.0.0.1:PORT`.
async fn start(connections: Connections) -> String {
    let base = common::start_with(Config {
        connections,
        ..Config::default()
    })
    .await;
    base.trim_start_matches("http://").to_string()
}

/// Reads until the server closes the connection (or resets it); returns
/// what it sent and how long that took. Fails after `within`.
async fn until_closed(stream: &mut TcpStream, within: Duration) -> (String, Duration) {
    let started = Instant::now();
    let mut text = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match tokio::time::timeout_at((started + within).into(), stream.read(&mut buf)).await {
            Err(_) => panic!(
                "still open after {within:?}: {}",
                String::from_utf8_lossy(&text)
            ),
            Ok(Ok(0)) | Ok(Err(_)) => break,
            Ok(Ok(n)) => text.extend_from_slice(&buf[..n]),
        }
    }
    (
        String::from_utf8_lossy(&text).into_owned(),
        started.elapsed(),
    )
}

const SHORT: Duration = Duration::from_millis(500);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_slow_header_and_slow_body_connections_are_closed() {
    let address = start(Connections {
        header_timeout: SHORT,
        body_timeout: SHORT,
        write_timeout: SHORT,
        ..Connections::default()
    })
    .await;
    let within = Duration::from_secs(20);

    // A connection that says nothing.
    let mut idle = TcpStream::connect(&address).await.unwrap();
    let (sent, took) = until_closed(&mut idle, within).await;
    assert!(took >= SHORT, "closed after {took:?}: {sent}");

    // A header that never ends.
    let mut slow = TcpStream::connect(&address).await.unwrap();
    let partial = format!("GET /api/health HTTP/1.1\r\nHost: {address}\r\nX-Slow: ");
    slow.write_all(partial.as_bytes()).await.unwrap();
    let (_, took) = until_closed(&mut slow, within).await;
    assert!(took >= SHORT, "closed after {took:?}");

    // A body that stops halfway: answered with an error, then closed.
    let mut body = TcpStream::connect(&address).await.unwrap();
    let request = format!(
        "POST /api/solve HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\n\
         Content-Length: 1000\r\n\r\n{{\"board\":"
    );
    body.write_all(request.as_bytes()).await.unwrap();
    let (sent, took) = until_closed(&mut body, within).await;
    assert!(took >= SHORT, "closed after {took:?}: {sent}");
    assert!(!sent.starts_with("HTTP/1.1 200"), "{sent}");

    // A kept-alive connection after its answer.
    let mut kept = TcpStream::connect(&address).await.unwrap();
    let request = format!("GET /api/health HTTP/1.1\r\nHost: {address}\r\n\r\n");
    kept.write_all(request.as_bytes()).await.unwrap();
    let (sent, _) = until_closed(&mut kept, within).await;
    assert!(sent.starts_with("HTTP/1.1 200 OK"), "{sent}");
}

/// Raises the soft limit on open files to the hard one (the test holds
/// both ends of every connection).
fn raise_open_files(want: u64) {
    // SAFETY: getrlimit and setrlimit only read and fill the struct.
    unsafe {
        let mut limit: libc::rlimit = std::mem::zeroed();
        assert_eq!(libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit), 0);
        if limit.rlim_cur < want as libc::rlim_t {
            limit.rlim_cur = limit.rlim_max.min(want as libc::rlim_t);
            assert_eq!(libc::setrlimit(libc::RLIMIT_NOFILE, &limit), 0);
        }
        assert!(
            limit.rlim_cur >= want as libc::rlim_t,
            "the open-file limit is {}",
            limit.rlim_cur
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_is_answered_while_two_thousand_idle_connections_are_open() {
    raise_open_files(4200 + 64 + 200);
    let address = start(Connections {
        header_timeout: Duration::from_secs(120),
        ..Connections::default()
    })
    .await;
    let mut idle = Vec::new();
    for _ in 0..2000 {
        idle.push(TcpStream::connect(&address).await.unwrap());
    }
    let answer = reqwest::get(format!("http://{address}/api/health"))
        .await
        .unwrap();
    assert_eq!(answer.status(), 200);
    // The idle ones were taken, not left waiting: each still open.
    for stream in &idle {
        assert!(stream.peer_addr().is_ok());
    }
}

/// At the cap, a further connection waits until one closes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_past_the_cap_wait_for_a_free_one() {
    let address = start(Connections {
        max_connections: 2,
        header_timeout: SHORT,
        ..Connections::default()
    })
    .await;
    let held: Vec<TcpStream> = vec![
        TcpStream::connect(&address).await.unwrap(),
        TcpStream::connect(&address).await.unwrap(),
    ];
    let started = Instant::now();
    let answer = reqwest::get(format!("http://{address}/api/health"))
        .await
        .unwrap();
    assert_eq!(answer.status(), 200);
    // Answered only once the silent ones were closed by their timeout.
    assert!(started.elapsed() >= SHORT / 2, "{:?}", started.elapsed());
    drop(held);
}
