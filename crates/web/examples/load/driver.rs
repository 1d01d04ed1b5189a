//! The load test's driver: 500 concurrent requests (by default) against a
//! fresh server on an ephemeral loopback port, mixing valid solves of both
//! games, invalid requests, oversized bodies, long solves under a time cap,
//! and clients that hang up mid-solve; then the status counts, latencies and
//! the server's own counts. Shared by the example (`main.rs`) and the test
//! that runs it for several rounds (`tests/load.rs`).

use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::io::Write;
use std::time::{Duration, Instant};
use unblocker_web::{Config, Limits};

/// A 6×7 Klotski board whose search never ends within a test's time.
const ENDLESS: &str = "AA..../AA..../....../B.C.D./B.C.D./EFGHIJ/......";

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
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

/// One request's result: its status (0 when it failed below HTTP, with the
/// error's text kept in `error`) and how long it took.
struct Outcome {
    index: usize,
    kind: Kind,
    code: u16,
    took: Duration,
    error: Option<String>,
}

/// An error and every error under it, outermost first, then its `Debug`
/// form (which names the kinds, `IncompleteMessage`, `ConnectionReset`, …).
fn error_text(error: &(dyn std::error::Error + 'static)) -> String {
    let mut chain = vec![error.to_string()];
    let mut source = error.source();
    while let Some(cause) = source {
        chain.push(cause.to_string());
        source = cause.source();
    }
    format!("{} [{error:?}]", chain.join(": "))
}

async fn request(base: String, client: reqwest::Client, i: usize) -> Outcome {
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
    let (code, error) = match status {
        Ok(response) => {
            let code = response.status().as_u16();
            let _ = response.bytes().await;
            (code, None)
        }
        Err(error) => (0, Some(error_text(&error))),
    };
    Outcome {
        index: i,
        kind,
        code,
        took: started.elapsed(),
        error,
    }
}

/// Sends a solve of the endless board, then closes the socket after a while.
async fn hang_up(base: &str, i: usize) -> Outcome {
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
    let (code, error) = match sent {
        Ok(Ok(())) => (499, None),
        Ok(Err(error)) => (0, Some(error_text(&error))),
        Err(error) => (0, Some(error_text(&error))),
    };
    Outcome {
        index: i,
        kind: Kind::HangUp,
        code,
        took: started.elapsed(),
        error,
    }
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let at = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[at].as_secs_f64() * 1000.0
}

/// What one round saw.
pub struct Round {
    requests: usize,
    wall: Duration,
    results: Vec<Outcome>,
    /// `/api/health` once nothing was left running (or after 10 s).
    health: Value,
}

impl Round {
    /// The requests that did not get their expected answer: 200 or 503 for
    /// solves (503 when every slot stayed busy), 200 for the board and the
    /// catalog, 400 for bad requests, 413 for oversized bodies (never a
    /// reset connection), and a clean hang-up.
    pub fn failures(&self) -> Vec<(Kind, u16)> {
        self.results
            .iter()
            .filter(|outcome| {
                let expected: &[u16] = match outcome.kind {
                    Kind::RushSolve | Kind::KlotskiSolve | Kind::LongSolve => &[200, 503],
                    Kind::Board | Kind::Catalog => &[200],
                    Kind::BadJson | Kind::BadPuzzle => &[400],
                    Kind::Oversized => &[413],
                    Kind::HangUp => &[499],
                };
                !expected.contains(&outcome.code)
            })
            .map(|outcome| (outcome.kind, outcome.code))
            .collect()
    }

    /// How many requests of `kind` got `code`.
    pub fn count(&self, kind: Kind, code: u16) -> usize {
        self.results
            .iter()
            .filter(|outcome| (outcome.kind, outcome.code) == (kind, code))
            .count()
    }

    /// No failure, nothing left running, and the server still answers.
    pub fn ok(&self) -> bool {
        self.failures().is_empty()
            && self.health["status"] == "ok"
            && self.health["solves"]["running"] == 0
    }
}

impl std::fmt::Display for Round {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut table: BTreeMap<Kind, BTreeMap<u16, usize>> = BTreeMap::new();
        let mut latencies: BTreeMap<Kind, Vec<Duration>> = BTreeMap::new();
        for outcome in &self.results {
            *table
                .entry(outcome.kind)
                .or_default()
                .entry(outcome.code)
                .or_default() += 1;
            latencies
                .entry(outcome.kind)
                .or_default()
                .push(outcome.took);
        }
        writeln!(
            f,
            "{} concurrent requests in {:.2} s",
            self.requests,
            self.wall.as_secs_f64()
        )?;
        writeln!(
            f,
            "{:<13} {:<28} {:>8} {:>8} {:>8}",
            "kind", "status: count", "p50 ms", "p95 ms", "max ms"
        )?;
        for (kind, codes) in &table {
            let mut times = latencies[kind].clone();
            times.sort();
            let codes: Vec<String> = codes.iter().map(|(c, n)| format!("{c}: {n}")).collect();
            writeln!(
                f,
                "{:<13} {:<28} {:>8.1} {:>8.1} {:>8.1}",
                format!("{kind:?}"),
                codes.join(", "),
                percentile(&times, 0.5),
                percentile(&times, 0.95),
                percentile(&times, 1.0)
            )?;
        }
        for outcome in &self.results {
            if let Some(error) = &outcome.error {
                writeln!(
                    f,
                    "status 0: request {} ({:?}) after {:.1} ms: {error}",
                    outcome.index,
                    outcome.kind,
                    outcome.took.as_secs_f64() * 1000.0
                )?;
            }
        }
        writeln!(f, "server counts afterwards: {}", self.health["solves"])?;
        let hang_ups = self
            .results
            .iter()
            .filter(|outcome| outcome.kind == Kind::HangUp)
            .count();
        let cancelled = self.health["solves"]["cancelled"].as_u64().unwrap_or(0);
        write!(
            f,
            "hang-ups {hang_ups}, of which cancelled by the server {cancelled} (the rest were refused with 503 or never got a slot before hanging up)"
        )
    }
}

/// Starts a server with `limits` and fires `requests` requests at it at once.
pub async fn round(requests: usize, limits: Limits) -> Round {
    // The server's own listener, not `TcpListener::bind`: its backlog of 128
    // is overflowed by the burst below whenever the server falls behind
    // accepting (a busy CI machine), and Linux then resets connections it
    // never handed to the server: an oversized body's, mid-send, before any
    // 413 could exist (see `LISTEN_BACKLOG`). A round's requests (one
    // connection each, hang-ups included) fit in its backlog up to 1024.
    let listener = unblocker_web::bind("127.0.0.1", 0).await.expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("address"));
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
    // Let abandoned solves notice, then read the server's own counts.
    let mut health = Value::Null;
    for _ in 0..100 {
        health = match client.get(format!("{base}/api/health")).send().await {
            Ok(response) => response.json().await.unwrap_or(Value::Null),
            Err(_) => Value::Null,
        };
        if health["solves"]["running"] == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Round {
        requests,
        wall,
        results,
        health,
    }
}
