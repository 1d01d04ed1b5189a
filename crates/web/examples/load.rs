//! Load test: 500 concurrent requests against a fresh server on an ephemeral
//! loopback port, mixing valid solves of both games, invalid requests,
//! oversized bodies, long solves under a time cap, and clients that hang up
//! mid-solve. Prints the status counts and latencies, then checks that the
//! server never failed (no 5xx but 503), cancelled every abandoned solve and
//! still answers.
//!
//! `cargo run --profile test -p unblocker-web --example load [-- REQUESTS]`

use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::io::Write;
use std::time::{Duration, Instant};
use tokio::net::TcpListener;
use unblocker_web::{Config, Limits};

/// A 6×7 Klotski board whose search never ends within a test's time.
const ENDLESS: &str = "AA..../AA..../....../B.C.D./B.C.D./EFGHIJ/......";

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    RushSolve,
    KlotskiSolve,
    Board,
    Catalog,
    BadJson,
    BadPuzzle,
    Oversized,
    LongSolve,
    HangUp,
}

fn kind_of(i: usize) -> Kind {
    match i % 20 {
        0..=5 => Kind::RushSolve,
        6..=7 => Kind::KlotskiSolve,
        8..=9 => Kind::Board,
        10 => Kind::Catalog,
        11..=12 => Kind::BadJson,
        13..=14 => Kind::BadPuzzle,
        15 if i % 100 == 15 => Kind::Oversized,
        15..=16 => Kind::LongSolve,
        _ => Kind::HangUp,
    }
}

async fn request(base: String, client: reqwest::Client, i: usize) -> (Kind, u16, Duration) {
    let kind = kind_of(i);
    let started = Instant::now();
    let post = |path: &str, body: Vec<u8>| {
        client
            .post(format!("{base}{path}"))
            .header("content-type", "application/json")
            .body(body)
            .send()
    };
    let status = match kind {
        Kind::RushSolve => {
            post(
                "/api/solve",
                json!({"puzzle": format!("card{}", i % 40 + 1)})
                    .to_string()
                    .into_bytes(),
            )
            .await
        }
        Kind::KlotskiSolve => {
            let puzzle = ["横刀立马", "century", "pennant", "走投无路"][i % 4];
            post(
                "/api/solve",
                json!({"puzzle": puzzle}).to_string().into_bytes(),
            )
            .await
        }
        Kind::Board => {
            post(
                "/api/board",
                json!({"puzzle": "hardest"}).to_string().into_bytes(),
            )
            .await
        }
        Kind::Catalog => client.get(format!("{base}/api/puzzles")).send().await,
        Kind::BadJson => post("/api/solve", br#"{"puzzle": "#.to_vec()).await,
        Kind::BadPuzzle => post("/api/solve", br#"{"puzzle": "AAB/CCx/D"}"#.to_vec()).await,
        Kind::Oversized => post("/api/solve", vec![b' '; 21 << 20]).await,
        Kind::LongSolve => {
            post(
                "/api/solve",
                json!({"puzzle": ENDLESS, "timeout": 0.5})
                    .to_string()
                    .into_bytes(),
            )
            .await
        }
        Kind::HangUp => return hang_up(&base, i).await,
    };
    let code = match status {
        Ok(response) => {
            let code = response.status().as_u16();
            let _ = response.bytes().await;
            code
        }
        Err(_) => 0,
    };
    (kind, code, started.elapsed())
}

/// Sends a solve of the endless board, then closes the socket after a while.
async fn hang_up(base: &str, i: usize) -> (Kind, u16, Duration) {
    let started = Instant::now();
    let address = base.trim_start_matches("http://").to_string();
    let body = json!({"puzzle": ENDLESS}).to_string();
    let request = format!(
        "POST /api/solve HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let sent = tokio::task::spawn_blocking(move || {
        let mut socket = std::net::TcpStream::connect(&address)?;
        socket.write_all(request.as_bytes())?;
        std::thread::sleep(Duration::from_millis(100 + (i as u64 % 10) * 250));
        Ok::<_, std::io::Error>(())
    })
    .await;
    let code = if matches!(sent, Ok(Ok(()))) { 499 } else { 0 };
    (Kind::HangUp, code, started.elapsed())
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let at = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[at].as_secs_f64() * 1000.0
}

#[tokio::main]
async fn main() {
    let requests: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(500);
    let limits = Limits::default();
    println!(
        "limits: {} solve slots, {:.1} s queue wait, {:.0} s time cap, {} node cap, {} MiB bodies",
        limits.max_solves,
        limits.queue_wait.as_secs_f64(),
        limits.timeout.as_secs_f64(),
        limits.max_nodes,
        limits.max_body_bytes >> 20
    );
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(unblocker_web::serve(
        listener,
        Config {
            limits,
            ..Config::default()
        },
    ));
    let client = reqwest::Client::new();
    let started = Instant::now();
    let tasks: Vec<_> = (0..requests)
        .map(|i| tokio::spawn(request(base.clone(), client.clone(), i)))
        .collect();
    let mut results = Vec::new();
    for task in tasks {
        results.push(task.await.expect("request task"));
    }
    let wall = started.elapsed();
    let mut table: BTreeMap<Kind, BTreeMap<u16, usize>> = BTreeMap::new();
    let mut latencies: BTreeMap<Kind, Vec<Duration>> = BTreeMap::new();
    for &(kind, code, took) in &results {
        *table.entry(kind).or_default().entry(code).or_default() += 1;
        latencies.entry(kind).or_default().push(took);
    }
    println!(
        "{requests} concurrent requests in {:.2} s",
        wall.as_secs_f64()
    );
    println!(
        "{:<13} {:<28} {:>8} {:>8} {:>8}",
        "kind", "status: count", "p50 ms", "p95 ms", "max ms"
    );
    for (kind, codes) in &table {
        let mut times = latencies[kind].clone();
        times.sort();
        let codes: Vec<String> = codes.iter().map(|(c, n)| format!("{c}: {n}")).collect();
        println!(
            "{:<13} {:<28} {:>8.1} {:>8.1} {:>8.1}",
            format!("{kind:?}"),
            codes.join(", "),
            percentile(&times, 0.5),
            percentile(&times, 0.95),
            percentile(&times, 1.0)
        );
    }
    // Let abandoned solves notice, then read the server's own counts.
    let mut health = Value::Null;
    for _ in 0..100 {
        health = client
            .get(format!("{base}/api/health"))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        if health["solves"]["running"] == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    println!("server counts afterwards: {}", health["solves"]);
    let failures: Vec<_> = results
        .iter()
        .filter(|(kind, code, _)| match kind {
            Kind::HangUp => *code != 499,
            _ => *code == 0 || (*code >= 500 && *code != 503),
        })
        .collect();
    let hang_ups = results.iter().filter(|r| r.0 == Kind::HangUp).count() as u64;
    let cancelled = health["solves"]["cancelled"].as_u64().unwrap_or(0);
    let ok = failures.is_empty() && health["status"] == "ok" && health["solves"]["running"] == 0;
    println!(
        "hang-ups {hang_ups}, of which cancelled by the server {cancelled} (the rest were refused with 503 or never got a slot before hanging up)"
    );
    if !ok {
        eprintln!("FAILED: {} requests failed: {failures:?}", failures.len());
        std::process::exit(1);
    }
    println!("ok: no failures, nothing left running, the server still answers");
}
