//! The engine in the browser gives exactly the native engine's answers: the
//! 40 ThinkFun cards in both metrics, the first 100 puzzles of rush1000,
//! 横刀立马 and 峰回路转 (moves, lengths and every move of the solution),
//! and every screenshot of the test data (the board and exit read, the
//! picture decoded by the browser; or the same refusal).

use super::host::{site_folder, Host};
use super::page::*;
use super::visit::first_visit;
use base64::Engine;
use serde_json::{json, Value};
use std::time::Duration;
use unblocker_api::{json_body, Budget, PuzzleRequest};
use unblocker_solve::{Control, Solver};

/// Runs `requests` through the page's engine: each answer, or `{status, error}`.
const SOLVE_ALL: &str = "const [requests, done] = arguments;
    (async () => {
      const api = await import('./js/api.js');
      const answers = [];
      for (const request of requests) {
        try { answers.push(await api.solve(request)); }
        catch (e) { answers.push({ status: e.status, error: e.message }); }
      }
      done(answers);
    })().catch(e => done(String(e)));";

/// Scans each `[name, type, base64]` picture in the page's engine.
const SCAN_ALL: &str = "const [pictures, done] = arguments;
    (async () => {
      const api = await import('./js/api.js');
      const answers = [];
      for (const [name, type, data] of pictures) {
        const bytes = Uint8Array.from(atob(data), c => c.charCodeAt(0));
        try { answers.push(await api.scan(new File([bytes], name, { type }))); }
        catch (e) { answers.push({ status: e.status }); }
      }
      done(answers);
    })().catch(e => done(String(e)));";

fn requests() -> Vec<Value> {
    let mut requests = Vec::new();
    let cards = unblocker_testdata::read_to_string("puzzles/rush/thinkfun40_verified.txt");
    for line in cards
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let board = line.split_whitespace().nth(3).unwrap();
        requests.push(json!({ "puzzle": board }));
        requests.push(json!({ "puzzle": board, "metric": "step" }));
    }
    let rush1000 = unblocker_testdata::read_to_string("puzzles/rush/rush1000.txt");
    for line in rush1000.lines().filter(|l| !l.starts_with('#')).take(100) {
        requests.push(json!({ "puzzle": line.split_whitespace().nth(1).unwrap() }));
    }
    requests.push(json!({ "puzzle": "横刀立马" }));
    requests.push(json!({ "puzzle": "峰回路转" }));
    requests
}

/// What must be the same: the verdict, the counts and every move.
fn essentials(answer: &Value) -> Value {
    json!([
        answer["status"],
        answer["metric"],
        answer["length"],
        answer["moves"],
        answer["steps"],
        answer["solution"]
    ])
}

fn native_solve(request: &Value, solver: &mut Solver) -> Value {
    let job = json_body::<PuzzleRequest>(request.to_string().as_bytes())
        .unwrap()
        .job(&Budget {
            timeout: Duration::from_secs(600),
            max_nodes: u64::MAX,
        })
        .unwrap();
    unblocker_api::solve(solver, &job, &Control::default()).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and chromedriver (Debian chromium, chromium-driver) and the static site (cargo xtask web --out target/site): .ci/run"]
async fn the_browser_gives_the_native_engines_answers() {
    let _one = ONE_BROWSER.lock().await;
    let host = Host::serve(&site_folder()).await;
    let page = first_visit(&host, Browser::default(), "/").await;
    let requests = requests();
    let browser = page
        .client
        .execute_async(SOLVE_ALL, vec![json!(requests)])
        .await
        .unwrap();
    let browser = browser.as_array().unwrap_or_else(|| panic!("{browser}"));
    assert_eq!(browser.len(), requests.len());
    let mut solver = Solver::new();
    for (request, answer) in requests.iter().zip(browser) {
        let native = native_solve(request, &mut solver);
        assert_eq!(essentials(answer), essentials(&native), "{request}");
    }
    println!("{} solves: the same answers", requests.len());

    let index = unblocker_testdata::read_to_string("screenshots/INDEX.tsv");
    let mut pictures = Vec::new();
    for line in index.lines().skip(1) {
        let file = line.split('\t').next().unwrap();
        let bytes = unblocker_testdata::read(&format!("screenshots/{file}"));
        let kind = if file.ends_with(".png") {
            "image/png"
        } else {
            "image/jpeg"
        };
        let data = base64::engine::general_purpose::STANDARD.encode(&bytes);
        pictures.push((file.to_string(), bytes, json!([file, kind, data])));
    }
    let sent: Vec<&Value> = pictures.iter().map(|p| &p.2).collect();
    let scanned = page
        .client
        .execute_async(SCAN_ALL, vec![json!(sent)])
        .await
        .unwrap();
    let scanned = scanned.as_array().unwrap_or_else(|| panic!("{scanned}"));
    for ((file, bytes, _), answer) in pictures.iter().zip(scanned) {
        let native = unblocker_api::scanned(unblocker_scan::scan(bytes));
        match native {
            Ok(native) => {
                for key in ["board", "exit", "exit_assumed"] {
                    assert_eq!(answer[key], native[key], "{file}: {key}");
                }
            }
            Err(refusal) => assert_eq!(answer["status"], refusal.status.as_u16(), "{file}"),
        }
    }
    println!("{} screenshots: the same boards", pictures.len());
    page.close().await;
}
