//! The static site (`cargo xtask web`) on a plain static host, at a phone's
//! size with touch: the service worker takes control on the first visit,
//! a repeat visit takes nothing from the network, and with the host gone
//! every journey still works (Random to watching, a screenshot scanned and
//! solved, Play to the win, Stats, the editor, a shared link). A new
//! version of the site replaces the old one when the player accepts it.

use super::flows::rush1000_database;
use super::host::{site_folder, Host};
use super::journey::shot;
use super::page::*;
use serde_json::json;

/// The budget of a first visit, every file the service worker caches
/// included, as the host sends it (compressed).
const FIRST_VISIT_BYTES: u64 = 500_000;

/// The solution plays (Play shows Stop and the counter has left the start).
const PLAYING: &str = "document.getElementById('w-play-label').textContent === 'Stop' && \
    !document.getElementById('w-counter').textContent.startsWith('0 /')";

/// The service worker controls the page and its cache holds every file.
const CACHED: &str = "const done = arguments[arguments.length - 1];
    (async () => {
      const names = await caches.keys();
      const cache = names.length === 1 ? await caches.open(names[0]) : null;
      done({ controlled: !!navigator.serviceWorker.controller, names,
             files: cache ? (await cache.keys()).length : 0 });
    })();";

pub const PHONE: Browser = Browser {
    screen: Screen::Phone(360, 740),
    reduced_motion: false,
};

/// The page on `host`, its service worker in control and done caching.
pub async fn first_visit(host: &Host, browser: Browser, path: &str) -> Page {
    let page = Page::launch_at(host.base.clone(), browser, path).await;
    page.wait(
        "the service worker in control",
        "!!navigator.serviceWorker.controller",
    )
    .await;
    let files = std::fs::read_to_string(site_folder().join("sw.js"))
        .unwrap()
        .matches("', '")
        .count()
        + 1;
    for _ in 0..100 {
        let cached = page.js_async(CACHED).await;
        if cached["files"].as_u64() == Some(files as u64) {
            return page;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("the cache never held the site's {files} files");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and chromedriver (Debian chromium, chromium-driver) and the static site (cargo xtask web --out target/site): .ci/run"]
async fn the_static_site_works_offline_after_the_first_visit() {
    let _one = ONE_BROWSER.lock().await;
    let host = Host::serve(&site_folder()).await;
    let page = first_visit(&host, PHONE, "/").await;
    let first = host.bytes_sent();
    let requests = host.requests().len();
    println!("first visit: {first} bytes from the host, the service worker's cache included");
    assert!(first <= FIRST_VISIT_BYTES, "first visit {first} bytes");
    page.go("/").await;
    let again = host.bytes_sent() - first;
    println!(
        "a repeat visit: {again} bytes from the host: {:?}",
        &host.requests()[requests..]
    );
    assert_eq!(again, 0, "a repeat visit is served from the cache");

    host.stop();
    page.go("/").await;
    // Random: one tap to a playing solution.
    page.click("#load-random").await;
    page.wait("the solution playing", PLAYING).await;
    let title = page.text("#puzzle-name").await;
    assert!(title.ends_with("· no walls"), "{title}");
    shot(&page, "offline-random").await;

    // A screenshot picked: read on the phone, solved and playing.
    let picture = unblocker_testdata::path("screenshots/unblocker/Puzzle-E-29.jpg");
    page.pick_file(&picture).await;
    page.wait(
        "the scan's solution playing",
        &format!("document.getElementById('puzzle-name').textContent === 'Puzzle-E-29.jpg' && ({PLAYING})"),
    )
    .await;
    let line = page
        .js("return document.getElementById('board-line').textContent")
        .await;
    assert_eq!(line, json!("BBBCDEFGGCDEFoAADoHHIooooJIKKooJLLMM"));
    shot(&page, "offline-scan").await;

    // A shared link to Play, played to the win.
    let answer = unblocker_api::solve(
        &mut unblocker_solve::Solver::new(),
        &unblocker_api::json_body::<unblocker_api::PuzzleRequest>(br#"{"puzzle":"card1"}"#)
            .unwrap()
            .job(&unblocker_api::Budget {
                timeout: std::time::Duration::from_secs(10),
                max_nodes: u64::MAX,
            })
            .unwrap(),
        &unblocker_solve::Control::default(),
    )
    .unwrap();
    page.go("/#p=card1&v=play").await;
    for (i, slide) in answer["solution"].as_array().unwrap().iter().enumerate() {
        page.wait_for_moves().await;
        page.drag_move(slide).await;
        page.wait_count(i as u32 + 1).await;
    }
    page.wait(
        "the win",
        "document.getElementById('banner-text').textContent === '8 moves — optimal!'",
    )
    .await;
    shot(&page, "offline-play-won").await;

    // Stats of the solution, and the editor's check of a board.
    page.click("#tab-stats").await;
    page.wait(
        "the statistics",
        "document.querySelectorAll('#stats-table tbody tr').length > 5",
    )
    .await;
    // A wall placed on an empty cell: the engine checks the new board.
    page.click("#tab-edit").await;
    page.click("[data-tool=\"wall\"]").await;
    page.click_cell(0, 2).await;
    page.wait(
        "the editor's check",
        "document.getElementById('edit-message').textContent === 'Valid Rush Hour board'",
    )
    .await;
    let line = page
        .js("return document.getElementById('edit-line').value")
        .await;
    assert_eq!(line, json!("BBxooCDooEoCDAAEoCDooEooFoooGGFoHHHo"));
    page.close().await;
}

/// `unblocker serve --site`: the page computes in the browser (no solve
/// reaches the server) and asks the server for what only it has, random
/// puzzles of its database.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and chromedriver (Debian chromium, chromium-driver) and the static site (cargo xtask web --out target/site): .ci/run"]
async fn the_server_with_the_site_answers_only_what_only_it_has() {
    let _one = ONE_BROWSER.lock().await;
    let (_folder, database) = rush1000_database();
    let config = unblocker_web::Config {
        database: Some(database.clone()),
        site: Some(site_folder()),
        ..unblocker_web::Config::default()
    };
    let page = Page::launch(config, PHONE, "/").await;
    page.js("document.getElementById('random-level').value = '31-';")
        .await;
    page.click("#load-random").await;
    page.wait("the solution playing", PLAYING).await;
    let note = page
        .js_text("return document.getElementById('random-note').textContent")
        .await;
    assert!(
        note.ends_with(&format!("from {}.", database.display())),
        "{note}"
    );
    let (_, health) = crate::common::get(&page.base, "/api/health").await;
    assert_eq!(
        health["solves"],
        json!({"running": 0, "finished": 0, "cancelled": 0, "rejected": 0}),
        "the solve ran in the browser"
    );
    page.close().await;
}

/// A new version of the site published on the same host: the page offers
/// to reload, and after the reload the new files are in use and the old
/// version's cache is gone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and chromedriver (Debian chromium, chromium-driver) and the static site (cargo xtask web --out target/site): .ci/run"]
async fn a_new_version_replaces_the_old_one() {
    let _one = ONE_BROWSER.lock().await;
    let copy = tempfile::tempdir().unwrap();
    copy_folder(&site_folder(), copy.path());
    let host = Host::serve(copy.path()).await;
    let page = first_visit(&host, PHONE, "/").await;
    let old = page.js_async(CACHED).await["names"].clone();
    // Publish: a changed file, and the service worker's new version.
    let css = copy.path().join("app.css");
    let mut text = std::fs::read_to_string(&css).unwrap();
    text.push_str("\n/* the next version */\n");
    std::fs::write(&css, text).unwrap();
    let sw = copy.path().join("sw.js");
    let script = std::fs::read_to_string(&sw).unwrap();
    let version = script
        .split("const VERSION = '")
        .nth(1)
        .and_then(|rest| rest.split('\'').next())
        .unwrap()
        .to_string();
    std::fs::write(&sw, script.replace(&version, "0123456789abcdef")).unwrap();
    page.go("/").await;
    page.wait(
        "the offer of the new version",
        "!document.getElementById('update').hidden",
    )
    .await;
    shot(&page, "site-update").await;
    page.click("#update-reload").await;
    page.wait(
        "the new version in control",
        "document.body.dataset.ready === 'true' && document.getElementById('update').hidden",
    )
    .await;
    let cached = page.js_async(CACHED).await;
    assert_eq!(
        cached["names"],
        json!(["unblocker-0123456789abcdef"]),
        "old: {old}"
    );
    let css = page
        .js_async(
            "const done = arguments[0];
             fetch('app.css').then(r => r.text()).then(t => done(t.includes('the next version')));",
        )
        .await;
    assert_eq!(css, json!(true), "the new app.css is served");
    page.close().await;
}

fn copy_folder(from: &std::path::Path, to: &std::path::Path) {
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            std::fs::create_dir_all(&target).unwrap();
            copy_folder(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}
