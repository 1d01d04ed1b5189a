//! Connections are bounded in time and number: idle, slow-header and
//! slow-body connections are closed after their timeouts (short ones here);
//! a request is answered while thousands of idle connections are held; at
//! the cap, the oldest idle connection is closed for a new one, so a client
//! holding idle connections keeps no one out, and a new connection waits
//! only while every held one is busy. What the server holds is read from
//! its own count (`/api/health`'s `connections`).

use crate::common;
use serde_json::{json, Value};
use std::io::{ErrorKind, Read, Write};
use std::net::IpAddr;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use unblocker_web::{Config, Connections, Limits};

/// Serves `config`; returns the address `127.0.0.1:PORT`.
async fn start(config: Config) -> String {
    let base = common::start_with(config).await;
    base.trim_start_matches("http://").to_string()
}

/// Serves with `connections`; returns the address `127.0.0.1:PORT`.
async fn serve_with(connections: Connections) -> String {
    start(Config {
        connections,
        ..Config::default()
    })
    .await
}

/// How long a test waits for what must come before it calls it missing.
const WITHIN: Duration = Duration::from_secs(60);

/// Reads until the server closes the connection (or resets it); returns
/// what it sent. Fails after [`WITHIN`].
async fn until_closed(stream: &mut TcpStream) -> String {
    let deadline = tokio::time::Instant::now() + WITHIN;
    let mut text = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match tokio::time::timeout_at(deadline, stream.read(&mut buf)).await {
            Err(_) => panic!(
                "still open after {WITHIN:?}: {}",
                String::from_utf8_lossy(&text)
            ),
            Ok(Ok(0)) | Ok(Err(_)) => break,
            Ok(Ok(n)) => text.extend_from_slice(&buf[..n]),
        }
    }
    String::from_utf8_lossy(&text).into_owned()
}

/// The timeouts of the first test.
const SHORT: Duration = Duration::from_millis(500);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_slow_header_and_slow_body_connections_are_closed() {
    let address = serve_with(Connections {
        header_timeout: SHORT,
        body_timeout: SHORT,
        write_timeout: SHORT,
        ..Connections::default()
    })
    .await;
    // Each closing is timed from before the connect, so that it cannot
    // count from after the server's timer started.

    // A connection that says nothing.
    let since = Instant::now();
    let mut idle = TcpStream::connect(&address).await.unwrap();
    let sent = until_closed(&mut idle).await;
    assert!(
        since.elapsed() >= SHORT,
        "closed after {:?}: {sent}",
        since.elapsed()
    );

    // A header that never ends.
    let since = Instant::now();
    let mut slow = TcpStream::connect(&address).await.unwrap();
    let partial = format!("GET /api/health HTTP/1.1\r\nHost: {address}\r\nX-Slow: ");
    slow.write_all(partial.as_bytes()).await.unwrap();
    until_closed(&mut slow).await;
    assert!(
        since.elapsed() >= SHORT,
        "closed after {:?}",
        since.elapsed()
    );

    // A body that stops halfway: answered with an error, then closed.
    let since = Instant::now();
    let mut body = TcpStream::connect(&address).await.unwrap();
    let request = format!(
        "POST /api/solve HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\n\
         Content-Length: 1000\r\n\r\n{{\"board\":"
    );
    body.write_all(request.as_bytes()).await.unwrap();
    let sent = until_closed(&mut body).await;
    assert!(
        since.elapsed() >= SHORT,
        "closed after {:?}: {sent}",
        since.elapsed()
    );
    assert!(!sent.starts_with("HTTP/1.1 200"), "{sent}");

    // A kept-alive connection after its answer.
    let mut kept = TcpStream::connect(&address).await.unwrap();
    let request = format!("GET /api/health HTTP/1.1\r\nHost: {address}\r\n\r\n");
    kept.write_all(request.as_bytes()).await.unwrap();
    let sent = until_closed(&mut kept).await;
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

/// `/api/health`'s count of the connections, as `client` gets it.
async fn connections(client: &reqwest::Client, address: &str) -> Value {
    let health: Value = client
        .get(format!("http://{address}/api/health"))
        .send()
        .await
        .expect("answered")
        .json()
        .await
        .expect("JSON");
    health["connections"].clone()
}

/// A request for `/api/health` that asks the server to close the
/// connection after its answer.
fn health_request(address: &str) -> String {
    format!("GET /api/health HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n")
}

/// Sends `request` (or the rest of one) on a connection the client opened
/// earlier and returns the answer, until the server closes it: a
/// connection the server held, not one left in the backlog or closed, gets
/// one.
async fn answer_on(stream: &mut TcpStream, request: &str) -> String {
    stream.write_all(request.as_bytes()).await.unwrap();
    until_closed(stream).await
}

/// Reads an answer's head (within [`WITHIN`]).
async fn read_head(stream: &mut TcpStream) -> String {
    let mut head = Vec::new();
    while !head.ends_with(b"\r\n\r\n") {
        let byte = tokio::time::timeout(WITHIN, stream.read_u8()).await;
        head.push(byte.expect("an answer").unwrap());
    }
    String::from_utf8(head).unwrap()
}

/// The `content-length` of an answer's head (0 without one).
fn content_length(head: &str) -> usize {
    head.lines()
        .find_map(|line| line.strip_prefix("content-length: "))
        .map_or(0, |n| n.parse().unwrap())
}

/// Reads one answer from a kept-alive connection: its head, and as many
/// bytes of body as its `content-length` says.
async fn read_answer(stream: &mut TcpStream) -> String {
    let head = read_head(stream).await;
    let mut body = vec![0; content_length(&head)];
    stream.read_exact(&mut body).await.unwrap();
    head + &String::from_utf8_lossy(&body)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_is_answered_while_two_thousand_idle_connections_are_held() {
    raise_open_files(4200 + 64 + 200);
    // A budget whose quarter holds the default 4,096 connections whatever
    // the machine's memory.
    let address = start(Config {
        limits: Limits {
            max_memory: 4 << 30,
            ..Limits::default()
        },
        connections: Connections {
            header_timeout: Duration::from_secs(120),
            ..Connections::default()
        },
        ..Config::default()
    })
    .await;
    let mut idle = Vec::new();
    for _ in 0..2000 {
        idle.push(TcpStream::connect(&address).await.unwrap());
    }
    // A connect returns once the system has the connection, maybe before
    // the server has accepted it: ask until the server holds all 2,000
    // idle, beside the one asking (busy with its request).
    let client = common::client();
    let mut counts = Value::Null;
    let all_held = tokio::time::timeout(WITHIN, async {
        loop {
            counts = connections(&client, &address).await;
            if counts["idle"] == 2000 {
                return;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    })
    .await;
    assert!(all_held.is_ok(), "2,000 idle never held: {counts}");
    assert_eq!(
        counts,
        json!({"max": 4096, "held": 2001, "idle": 2000, "shed": 0}),
        "answered while the server held every idle connection"
    );
    // Held and served: the first and the last take a request.
    for i in [0, 1999] {
        let sent = answer_on(&mut idle[i], &health_request(&address)).await;
        assert!(sent.starts_with("HTTP/1.1 200 OK"), "{sent}");
    }
}

/// How many connections wait in the system's backlog of the listening
/// socket on 127.0.0.1 `port` (Linux's `/proc/net/tcp`).
fn backlog(port: u16) -> u64 {
    let table = std::fs::read_to_string("/proc/net/tcp").expect("/proc/net/tcp (Linux)");
    let local = format!("0100007F:{port:04X}");
    table
        .lines()
        .map(|line| line.split_whitespace().collect::<Vec<_>>())
        .find(|fields| fields[1] == local && fields[3] == "0A")
        .map(|fields| u64::from_str_radix(fields[4].split(':').nth(1).unwrap(), 16).unwrap())
        .expect("the listening socket")
}

/// A connection busy with a request: a POST of two bytes that sends its
/// head with `Expect: 100-continue`, then nothing. The server's `100
/// Continue` says its service is reading the body.
async fn busy_upload(address: &str) -> TcpStream {
    let mut stream = TcpStream::connect(address).await.unwrap();
    let head = format!(
        "POST /api/board HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\n\
         Content-Length: 2\r\nExpect: 100-continue\r\n\r\n"
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    assert_eq!(
        read_head(&mut stream).await,
        "HTTP/1.1 100 Continue\r\n\r\n"
    );
    stream
}

/// Reads until the text read contains `needle`; returns it.
async fn read_until(stream: &mut TcpStream, needle: &str) -> String {
    let mut text = String::new();
    let mut buf = [0u8; 4096];
    while !text.contains(needle) {
        let n = stream.read(&mut buf).await.unwrap();
        assert!(n > 0, "closed before {needle:?}: {text}");
        text.push_str(&String::from_utf8_lossy(&buf[..n]));
    }
    text
}

/// A connection busy with an answer between two of its pieces: a search
/// streaming its progress, from its first line.
async fn busy_stream(address: &str) -> TcpStream {
    let mut stream = TcpStream::connect(address).await.unwrap();
    let body = json!({ "puzzle": common::ENDLESS }).to_string();
    let request = format!(
        "POST /api/solve/stream HTTP/1.1\r\nHost: {address}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let head = read_until(&mut stream, "{\"progress\"").await;
    assert!(head.starts_with("HTTP/1.1 200 OK"), "{head}");
    stream
}

/// The site's file that is larger than the socket buffers between the
/// server and a client that does not read.
const LARGE: usize = 4 << 20;

/// A site folder: the page, and `/large.wasm` of [`LARGE`] bytes.
fn site_with_a_large_file() -> tempfile::TempDir {
    let folder = tempfile::tempdir().unwrap();
    std::fs::write(folder.path().join("index.html"), "<!doctype html>").unwrap();
    std::fs::write(folder.path().join("large.wasm"), vec![0u8; LARGE]).unwrap();
    folder
}

/// A connection busy with an answer the client does not read: the head of
/// `/large.wasm`, read through a small receive buffer, then nothing, so
/// that the server's writes wait.
async fn busy_download(address: &str) -> TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let mut stream = socket.connect(address.parse().unwrap()).await.unwrap();
    let request = format!("GET /large.wasm HTTP/1.1\r\nHost: {address}\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let head = read_head(&mut stream).await;
    assert!(head.starts_with("HTTP/1.1 200 OK"), "{head}");
    assert_eq!(content_length(&head), LARGE, "{head}");
    stream
}

/// At the cap with every held connection busy (one reading a request's
/// body, one streaming an answer, one whose answer waits for its client),
/// a new connection waits: the server takes it from the backlog but does
/// not answer it, and closes none of the busy ones for it; once one of
/// them has had its answer and is idle (kept alive), that one is closed and
/// the new one answered. The other two carry on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_past_the_cap_waits_while_every_held_one_is_busy() {
    let hour = Duration::from_secs(3600);
    let site = site_with_a_large_file();
    let address = start(Config {
        site: Some(site.path().to_path_buf()),
        connections: Connections {
            max_connections: 3,
            header_timeout: hour,
            body_timeout: hour,
            write_timeout: hour,
        },
        ..Config::default()
    })
    .await;
    let mut upload = busy_upload(&address).await;
    let streaming = busy_stream(&address).await;
    let mut download = busy_download(&address).await;

    let mut waiting = std::net::TcpStream::connect(&address).unwrap();
    waiting
        .write_all(health_request(&address).as_bytes())
        .unwrap();
    let port = waiting.peer_addr().unwrap().port();
    let deadline = Instant::now() + WITHIN;
    while backlog(port) > 0 {
        assert!(Instant::now() < deadline, "the server never took it");
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
    waiting.set_nonblocking(true).unwrap();
    let pending = waiting.read(&mut [0u8; 1]).map_err(|e| e.kind());
    assert_eq!(
        pending,
        Err(ErrorKind::WouldBlock),
        "taken from the backlog, and not answered while the held ones are busy"
    );

    // The upload ends with its answer; kept alive, it is idle, and is
    // closed for the waiting one, which is then answered beside the other
    // two, still busy.
    upload.write_all(b"{}").await.unwrap();
    let sent = read_answer(&mut upload).await;
    assert!(sent.starts_with("HTTP/1.1 400"), "{sent}");
    let mut waiting = TcpStream::from_std(waiting).unwrap();
    let sent = until_closed(&mut waiting).await;
    assert!(sent.starts_with("HTTP/1.1 200 OK"), "{sent}");
    let health: Value = serde_json::from_str(sent.split("\r\n\r\n").nth(1).unwrap()).unwrap();
    assert_eq!(
        health["connections"],
        json!({"max": 3, "held": 3, "idle": 0, "shed": 1}),
        "{sent}"
    );
    // The one closed was the upload, so neither of the others: the
    // download still gets all of its answer.
    assert_eq!(until_closed(&mut upload).await, "");
    let mut rest = vec![0u8; LARGE];
    download.read_exact(&mut rest).await.unwrap();
    drop(streaming);
}

/// One client holding more idle connections than the cap, some silent and
/// some stopped halfway through a request head, does not keep another out:
/// at the cap the oldest idle connection is closed for each new one, and
/// the other client (from another loopback address) is answered while the
/// newest idle ones are held. With a header timeout of an hour, no timeout
/// frees a place.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_client_holding_idle_connections_keeps_no_one_out() {
    let address = serve_with(Connections {
        max_connections: 8,
        header_timeout: Duration::from_secs(3600),
        ..Connections::default()
    })
    .await;
    let request = health_request(&address);
    // The request line and the Host line, then nothing.
    let (head, rest) = request.split_at(request.find("Connection").unwrap());
    let mut idle = Vec::new();
    for i in 0..12 {
        let mut stream = TcpStream::connect(&address).await.unwrap();
        if i % 2 == 0 {
            stream.write_all(head.as_bytes()).await.unwrap();
        }
        idle.push(stream);
    }
    let other = reqwest::Client::builder()
        .local_address(IpAddr::from([127, 0, 0, 2]))
        .build()
        .unwrap();
    let counts = tokio::time::timeout(WITHIN, connections(&other, &address))
        .await
        .expect("the other client is answered while the idle connections are held");
    // Twelve idle and one asking under a cap of eight: the five oldest
    // idle ones were closed.
    assert_eq!(counts, json!({"max": 8, "held": 8, "idle": 7, "shed": 5}));
    for (i, stream) in idle.iter_mut().enumerate() {
        let sent = match (i < 5, i % 2 == 0) {
            (true, _) => until_closed(stream).await,
            (false, true) => answer_on(stream, rest).await,
            (false, false) => answer_on(stream, &request).await,
        };
        if i < 5 {
            assert_eq!(
                sent, "",
                "the oldest idle ones are closed without an answer"
            );
        } else {
            assert!(sent.starts_with("HTTP/1.1 200 OK"), "{sent}");
        }
    }
}
