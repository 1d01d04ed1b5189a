//! The static site's budgets, measured and reported (on stdout and in
//! `site-budgets.json` in the target's temporary folder), offline, at
//! 360×740 with touch: `hardest` solved in the browser against the native
//! engine in this process, a 1170×2532 screenshot scanned, a 1080×2340 one
//! from the share sheet's POST to the first animated move of its solution,
//! Random to the first animated move, and a tap and Cancel answered during
//! a long solve; at full speed, with DevTools' 4× throttling of the page's
//! main thread, and with the whole browser on a CPU 4× slower (a control
//! group's quota: DevTools' throttling does not reach workers, see
//! [`cpu`]). A benchmark, not a test: it checks the answers (the
//! boards read, the search's length) and prints the times, which this
//! machine's load and speed move.
//!
//! ```sh
//! cargo xtask web --out target/site
//! cargo bench -p unblocker-web --features browser --bench site
//! ```
//!
//! It drives Chromium with the browser suite's helpers (`tests/browser`).

#[path = "../../tests/it/common/mod.rs"]
mod common;
#[allow(dead_code)]
#[path = "../../tests/browser/host.rs"]
mod host;
#[allow(dead_code)]
#[path = "../../tests/browser/page.rs"]
mod page;
#[allow(dead_code)]
#[path = "../../tests/browser/visit.rs"]
mod visit;

mod cpu;

use host::{site_folder, Host};
use page::*;
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use visit::{first_visit, share_file, wait_for_the_shared_page, PHONE};

/// Solves `hardest` `runs` times in the page's engine: the time each took
/// as the page saw it, and the search's own time in the worker.
const SOLVE_HARDEST: &str = "const done = arguments[arguments.length - 1];
    (async () => {
      const api = await import('./js/api.js');
      const page = [], search = [];
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        const answer = await api.solve({ puzzle: 'hardest' });
        page.push(performance.now() - t);
        search.push(answer.stats.elapsed_ms);
        if (answer.length !== 60) throw new Error(`hardest in ${answer.length}`);
      }
      done({ page, search });
    })().catch(e => done({ error: String(e) }));";

fn mean(values: &Value) -> f64 {
    let v = values.as_array().unwrap();
    v.iter().map(|x| x.as_f64().unwrap()).sum::<f64>() / v.len() as f64
}

fn median(values: &Value) -> f64 {
    let mut v: Vec<f64> = values
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect();
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// The native engine's time for `hardest` in this process (a solver kept
/// from run to run, as the worker keeps its own), the mean of `runs`.
fn native_hardest(runs: usize) -> f64 {
    let job = unblocker_api::json_body::<unblocker_api::PuzzleRequest>(br#"{"puzzle":"hardest"}"#)
        .unwrap()
        .job(&unblocker_api::Budget {
            timeout: Duration::from_secs(60),
            max_nodes: u64::MAX,
        })
        .unwrap();
    let mut solver = unblocker_solve::Solver::new();
    let control = unblocker_solve::Control::default();
    let times: Vec<f64> = (0..runs + 5)
        .map(|_| {
            let answer = unblocker_api::solve(&mut solver, &job, &control).unwrap();
            answer["stats"]["elapsed_ms"].as_f64().unwrap()
        })
        .skip(5)
        .collect();
    times.iter().sum::<f64>() / times.len() as f64
}

/// A phone's screenshot of `width`×`height`: a real 540×960 one scaled to
/// the width and set on a screen of the phone's height (its own top colour
/// above and below), as a PNG in the target's temporary folder.
fn phone_screenshot(width: u32, height: u32) -> std::path::PathBuf {
    let picture = image::open(unblocker_testdata::path(
        "screenshots/hahaite-unblockme_solution/unblockme.jpg",
    ))
    .unwrap()
    .to_rgb8();
    let scaled_height = picture.height() * width / picture.width();
    let scaled = image::imageops::resize(
        &picture,
        width,
        scaled_height,
        image::imageops::FilterType::Triangle,
    );
    let background = *picture.get_pixel(picture.width() / 2, 2);
    let mut screen = image::RgbImage::from_pixel(width, height, background);
    image::imageops::overlay(
        &mut screen,
        &scaled,
        0,
        i64::from((height - scaled_height) / 2),
    );
    let path = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("phone-{width}x{height}.png"));
    screen.save(&path).unwrap();
    path
}

/// Milliseconds from picking `picture` in the Load view to its board read.
async fn scan_time(page: &Page, picture: &std::path::Path) -> f64 {
    page.js(
        "window.measure = {};
         document.getElementById('file').addEventListener('change', () => { measure.start = performance.now(); }, { capture: true, once: true });
         new MutationObserver((_, observer) => {
           if (document.getElementById('scan-message').textContent.startsWith('Scanned')) {
             measure.end = performance.now(); observer.disconnect();
           }
         }).observe(document.getElementById('scan-message'), { childList: true, characterData: true, subtree: true });",
    )
    .await;
    page.pick_file(picture).await;
    page.wait("the scan", "window.measure.end !== undefined")
        .await;
    page.js("return measure.end - measure.start")
        .await
        .as_f64()
        .unwrap()
}

/// Run in every page as it opens (before its own scripts): after a share
/// (`sessionStorage.shared` holds the time it was sent), the milliseconds
/// from the share to the first move of the solution starting to move.
const SHARE_CLOCK: &str = "(() => {
      const sent = Number(sessionStorage.getItem('shared'));
      if (!sent) return;
      sessionStorage.removeItem('shared');
      document.addEventListener('DOMContentLoaded', () => {
        const counter = document.getElementById('w-counter');
        new MutationObserver((_, observer) => {
          if (counter.textContent.startsWith('1 /')) {
            window.sharedMs = Date.now() - sent;
            observer.disconnect();
          }
        }).observe(counter, { childList: true, characterData: true, subtree: true });
      });
    })();";

/// Milliseconds from the share sheet's POST of `picture` to the first move
/// of its solution starting to move, in the page the share opens.
async fn share_time(page: &Page, picture: &std::path::Path) -> f64 {
    let clock = page
        .cdp(
            "Page.addScriptToEvaluateOnNewDocument",
            json!({ "source": SHARE_CLOCK }),
        )
        .await;
    share_file(
        page,
        picture,
        "sessionStorage.setItem('shared', String(Date.now()));",
    )
    .await;
    wait_for_the_shared_page(page).await;
    page.wait("the first move", "window.sharedMs !== undefined")
        .await;
    page.cdp(
        "Page.removeScriptToEvaluateOnNewDocument",
        json!({ "identifier": clock["identifier"] }),
    )
    .await;
    page.js("return window.sharedMs").await.as_f64().unwrap()
}

/// Milliseconds from the tap on Random to the first move of its solution
/// starting to move.
async fn random_time(page: &Page) -> f64 {
    page.go("/").await;
    page.js(
        "window.measure = {};
         document.getElementById('load-random').addEventListener('click', () => { measure.start = performance.now(); }, { capture: true, once: true });
         new MutationObserver((_, observer) => {
           if (document.getElementById('w-counter').textContent.startsWith('1 /')) {
             measure.end = performance.now(); observer.disconnect();
           }
         }).observe(document.getElementById('w-counter'), { childList: true, characterData: true, subtree: true });",
    )
    .await;
    page.click("#load-random").await;
    page.wait("the first move", "window.measure.end !== undefined")
        .await;
    page.js("return measure.end - measure.start")
        .await
        .as_f64()
        .unwrap()
}

/// With a search of a huge board running: milliseconds from a tap on a tab
/// to the next frame drawn with that tab chosen, and from a tap on Cancel
/// to the search said stopped.
async fn long_solve_times(page: &Page) -> (f64, f64) {
    page.start_long_solve().await;
    let tap = |tab: &str| {
        format!(
            "window.measure = {{}};
             document.getElementById('{tab}').addEventListener('click', event => {{
               measure.start = event.timeStamp;
               requestAnimationFrame(() => {{ measure.end = performance.now(); }});
             }}, {{ once: true }});"
        )
    };
    page.js(&tap("tab-stats")).await;
    page.click("#tab-stats").await;
    page.wait("the tab", "window.measure.end !== undefined")
        .await;
    let tab = page
        .js("return measure.end - measure.start")
        .await
        .as_f64()
        .unwrap();
    page.click("#tab-watch").await;
    page.js(
        "window.measure = {};
         document.getElementById('cancel').addEventListener('click', () => { measure.start = performance.now(); }, { capture: true, once: true });
         new MutationObserver((_, observer) => {
           if (document.getElementById('result').textContent === 'Cancelled.') {
             measure.end = performance.now(); observer.disconnect();
           }
         }).observe(document.getElementById('result'), { childList: true, characterData: true, subtree: true });",
    )
    .await;
    page.click("#cancel").await;
    page.wait("the cancel", "window.measure.end !== undefined")
        .await;
    let cancel = page
        .js("return measure.end - measure.start")
        .await
        .as_f64()
        .unwrap();
    (tab, cancel)
}

/// Every figure, on the CPU the page has now: `picture` is scanned,
/// `shared` shared.
async fn measure(
    page: &Page,
    picture: &std::path::Path,
    shared: &std::path::Path,
    runs: usize,
) -> Value {
    let hardest = page
        .js_async(&SOLVE_HARDEST.replace("RUNS", &runs.to_string()))
        .await;
    assert!(hardest.get("error").is_none(), "{hardest}");
    // The worker's clock is coarse (0.1 ms in a page that is not
    // cross-origin isolated, with jitter): the mean of many is not.
    let search = mean(&hardest["search"]);
    let native = native_hardest(runs);
    page.click("#tab-load").await;
    let scan = scan_time(page, picture).await;
    let line = page
        .js("return document.getElementById('board-line').textContent")
        .await;
    assert_eq!(line, json!("BCooDDBCEEEFoCAAoFGGoHoFoooHIIJJoooo"));
    let share = share_time(page, shared).await;
    let line = page
        .js("return document.getElementById('board-line').textContent")
        .await;
    assert_eq!(line, json!("BCooDDBCEEEFoCAAoFGGoHoFoooHIIJJoooo"));
    let random = random_time(page).await;
    let (tap, cancel) = long_solve_times(page).await;
    json!({
        "hardest_search_ms": search,
        "hardest_native_search_ms": native,
        "hardest_ratio_to_native": search / native,
        "hardest_round_trip_ms": median(&hardest["page"]),
        "scan_1170x2532_ms": scan,
        "share_1080x2340_to_first_move_ms": share,
        "random_to_first_move_ms": random,
        "tap_during_long_solve_ms": tap,
        "cancel_ms": cancel,
    })
}

/// Needs Chromium and chromedriver (Debian's chromium, chromium-driver), the
/// static site (`cargo xtask web --out target/site`), and root for the CPU
/// quota (else that column says why it was not measured).
#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let host = Host::serve(&site_folder()).await;
    let page = first_visit(&host, PHONE, "/").await;
    host.stop();
    page.go("/").await;
    let picture = phone_screenshot(1170, 2532);
    let shared = phone_screenshot(1080, 2340);
    let started = Instant::now();
    let mut report = json!({});
    report["full_speed"] = measure(&page, &picture, &shared, 200).await;
    // Chromium's throttling: the page's main thread 4× slower, its workers
    // not (Chromium refuses it for workers).
    page.cdp("Emulation.setCPUThrottlingRate", json!({ "rate": 4 }))
        .await;
    report["main_thread_4x"] = measure(&page, &picture, &shared, 50).await;
    page.cdp("Emulation.setCPUThrottlingRate", json!({ "rate": 1 }))
        .await;
    // Every thread of the browser on one core 4× slower (where this machine
    // lets the benchmark set a CPU quota; else the reason, in the report).
    let slow = cpu::SlowCpu::apply(&page, 4);
    report["whole_browser_on_one_core_4x"] = match &slow {
        Ok(_) => measure(&page, &picture, &shared, 50).await,
        Err(reason) => json!({ "not measured": reason }),
    };
    let text = serde_json::to_string_pretty(&report).unwrap();
    println!(
        "{text}\nmeasured in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    let path = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("site-budgets.json");
    std::fs::write(path, text).unwrap();
    page.close().await;
    // The browser has ended: its control group can go.
    drop(slow);
}
