//! The static site (`cargo xtask web`) on a plain static host, under a
//! path of it (as a project's Pages site is), at a phone's size with touch:
//! the service worker takes control on the first visit, a repeat visit
//! takes nothing from the network, Chromium finds the page installable, and
//! with the host gone every journey still works (Random to watching, a
//! screenshot picked, shared from another app's share sheet or pasted,
//! scanned and solved, Play to the win, Stats, the editor, a shared link).
//! A new version of the site replaces the old one in every open tab when
//! the player accepts it, never while the host is between two versions,
//! and two copies of the site on one host keep working offline side by
//! side.

use super::flows::rush1000_database;
use super::host::{site_folder, Host};
use super::journey::shot;
use super::page::*;
use super::visit::*;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use std::path::Path;

/// The budget of a first visit, every file the service worker caches
/// included, as the host sends it (compressed).
const FIRST_VISIT_BYTES: u64 = 500_000;

/// The solution plays (Play shows Stop and the counter has left the start).
pub const PLAYING: &str = "document.getElementById('w-play-label').textContent === 'Stop' && \
    !document.getElementById('w-counter').textContent.startsWith('0 /')";

/// Pastes the picture at `path` as a copied screenshot is pasted (Ctrl+V,
/// or the phone's Paste): a paste event on the page whose clipboard holds
/// the file.
pub async fn paste_file(page: &Page, path: &Path) {
    page.js("const input = document.createElement('input');
         input.type = 'file'; input.id = 'pasted-file';
         document.body.append(input);")
        .await;
    let input = page
        .client
        .find(fantoccini::Locator::Css("#pasted-file"))
        .await
        .unwrap();
    let path = path.canonicalize().unwrap();
    input.send_keys(path.to_str().unwrap()).await.unwrap();
    page.js(
        "const input = document.getElementById('pasted-file');
         const clipboard = new DataTransfer();
         clipboard.items.add(input.files[0]);
         input.remove();
         document.dispatchEvent(new ClipboardEvent('paste', { clipboardData: clipboard, bubbles: true }));",
    )
    .await;
}

/// The board string of the puzzle shown.
async fn board_line(page: &Page) -> Value {
    page.js("return document.getElementById('board-line').textContent")
        .await
}

/// Chromium's reasons the page could not be installed (none), the app's id
/// (its folder on the host), and the page's Install button shown while the
/// browser offers to install it (`beforeinstallprompt`, dispatched here: its
/// timing is the browser's) and gone once pressed.
async fn installable(page: &Page, host: &Host) {
    let errors = page.cdp("Page.getInstallabilityErrors", json!({})).await;
    assert_eq!(errors["installabilityErrors"], json!([]), "{errors}");
    let id = page.cdp("Page.getAppId", json!({})).await;
    assert_eq!(id["appId"], json!(format!("{}/", host.base)), "{id}");
    page.js(
        "window.prompted = false;
         const offer = new Event('beforeinstallprompt', { cancelable: true });
         offer.prompt = () => { window.prompted = true; return Promise.resolve({ outcome: 'accepted' }); };
         window.dispatchEvent(offer);",
    )
    .await;
    page.wait(
        "the Install button",
        "!document.getElementById('install').hidden",
    )
    .await;
    page.click("#install").await;
    page.wait(
        "the browser's install dialog",
        "window.prompted && document.getElementById('install').hidden",
    )
    .await;
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
    installable(&page, &host).await;

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
    assert_eq!(
        board_line(&page).await,
        json!("BBBCDEFGGCDEFoAADoHHIooooJIKKooJLLMM")
    );
    shot(&page, "offline-scan").await;
    // Play after watching: the watch's caption is not left under the board.
    page.click("#tab-play").await;
    page.wait_for_moves().await;
    assert_eq!(page.text("#w-caption").await, "");

    // A screenshot shared from another app (the share sheet's POST, taken
    // by the service worker): the page opens on it, scanned and playing.
    share_file(
        &page,
        &unblocker_testdata::path("screenshots/unblocker/Puzzle-E-535.jpg"),
        "",
    )
    .await;
    wait_for_the_shared_page(&page).await;
    page.wait(
        "the shared screenshot's solution playing",
        &format!("document.getElementById('puzzle-name').textContent === 'Puzzle-E-535.jpg' && ({PLAYING})"),
    )
    .await;
    assert_eq!(
        board_line(&page).await,
        json!("BCCoDoBEFoDGBEFAAGHHHIoGooJIKKLLJMMo")
    );
    // The address becomes the puzzle's link (a reload does not ask for the share again).
    page.wait(
        "the puzzle's link",
        "location.hash.startsWith('#p=') && location.hash.includes('&t=Puzzle-E-535.jpg')",
    )
    .await;
    shot(&page, "offline-shared").await;
    let violations = page.serious_violations().await;
    assert!(violations.is_empty(), "axe-core: {violations:#?}");

    // A screenshot pasted (Ctrl+V, or the phone's Paste): scanned and playing.
    page.click("#tab-load").await;
    paste_file(
        &page,
        &unblocker_testdata::path("screenshots/unblocker/Puzzle-I-4.png"),
    )
    .await;
    page.wait(
        "the pasted screenshot's solution playing",
        &format!("document.getElementById('puzzle-name').textContent === 'Puzzle-I-4.png' && ({PLAYING})"),
    )
    .await;
    assert_eq!(
        board_line(&page).await,
        json!("ooBCCCDoBEFFDAAEGooHooGIoHJJGIoKKLLo")
    );
    shot(&page, "offline-pasted").await;

    // A shared picture with no board: the page opens on Load with the reason.
    let blank = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("site-blank.png");
    image::RgbImage::from_pixel(240, 400, image::Rgb([40, 90, 160]))
        .save(&blank)
        .unwrap();
    share_file(&page, &blank, "").await;
    wait_for_the_shared_page(&page).await;
    page.wait(
        "the scan's failure in Load",
        "document.getElementById('scan-message').textContent.startsWith('The scan failed') && \
         document.getElementById('tab-load').getAttribute('aria-selected') === 'true' && \
         document.getElementById('panel-load').classList.contains('active')",
    )
    .await;
    // What the scanner saw, drawn by the engine, the size of the picture.
    page.wait(
        "the scanner's overlay",
        "!document.getElementById('scan-overlay').hidden && \
         document.getElementById('scan-overlay').naturalWidth === 240",
    )
    .await;
    shot(&page, "offline-shared-no-board").await;

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

/// The next version of a site: `app.css` changed, and its new hash and
/// version in `sw.js`, the version in `js/site.js`, as `cargo xtask web`
/// would write them (without building the engine again).
pub struct Release {
    pub version: String,
    css: String,
    worker: String,
    site_module: String,
}

impl Release {
    pub fn next(folder: &Path, version: &str) -> Release {
        let read = |file: &str| std::fs::read_to_string(folder.join(file)).unwrap();
        let old_css = read("app.css");
        let css = format!("{old_css}\n/* version {version} */\n");
        let digest = |text: &str| hex::encode(Sha256::digest(text.as_bytes()));
        let script = read("sw.js");
        let old = site_version(folder);
        let worker = script
            .replace(&old, version)
            .replace(&digest(&old_css), &digest(&css));
        assert_ne!(worker, script);
        Release {
            version: version.to_string(),
            css,
            worker,
            site_module: read("js/site.js").replace(&old, version),
        }
    }

    /// Publishes the service worker only: the host between two versions.
    fn publish_worker(&self, folder: &Path) {
        std::fs::write(folder.join("sw.js"), &self.worker).unwrap();
    }

    /// Publishes the files: with the worker, the whole version.
    fn publish_files(&self, folder: &Path) {
        std::fs::write(folder.join("app.css"), &self.css).unwrap();
        std::fs::write(folder.join("js/site.js"), &self.site_module).unwrap();
    }

    pub fn publish(&self, folder: &Path) {
        self.publish_worker(folder);
        self.publish_files(folder);
    }
}

/// The version the site in `folder` says it is (its service worker's).
fn site_version(folder: &Path) -> String {
    let script = std::fs::read_to_string(folder.join("sw.js")).unwrap();
    script
        .split("const VERSION = '")
        .nth(1)
        .and_then(|rest| rest.split('\'').next())
        .unwrap()
        .to_string()
}

/// The version of the page shown (its `js/site.js`), with a mark set on
/// the page before that a reload clears.
const PAGE_VERSION: &str = "const done = arguments[arguments.length - 1];
    import('./js/site.js').then(m => done([m.site.version, window.mark || null]));";

/// Whether the site's service worker has a new version installing or
/// waiting (`window.pending`, once the registration is known).
const PENDING: &str = "navigator.serviceWorker.getRegistration()
    .then(r => { window.pending = () => !!(r.installing || r.waiting); });";

/// Two tabs of the site are open when a new version is published. While
/// the host is between the two (the new service worker published before
/// the new files), the new version does not install and nothing changes.
/// Once the files are there, one tab offers Reload; pressed, every tab
/// reloads on the new version together, the old version's cache is gone,
/// an old page's request for its engine's files is refused rather than
/// answered with the new version's, and the engine works in the other tab
/// (a solve, a Cancel and a fresh worker's solve).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and chromedriver (Debian chromium, chromium-driver) and the static site (cargo xtask web --out target/site): .ci/run"]
async fn a_new_version_takes_over_every_tab_at_once() {
    let _one = ONE_BROWSER.lock().await;
    let copy = tempfile::tempdir().unwrap();
    copy_folder(&site_folder(), copy.path());
    let host = Host::serve(copy.path()).await;
    let page = first_visit(&host, PHONE, "/").await;
    let old = site_version(copy.path());
    let first = page.client.window().await.unwrap();
    let second = page.client.new_window(true).await.unwrap().handle;
    page.client.switch_to_window(second.clone()).await.unwrap();
    page.go("/").await;
    page.js("window.mark = 'before';").await;
    page.client.switch_to_window(first.clone()).await.unwrap();
    page.js("window.mark = 'before';").await;

    let release = Release::next(copy.path(), "0123456789abcdef");
    release.publish_worker(copy.path());
    // The browser checks for a new version as it opens a page: the new
    // worker finds the old app.css, fetches it once more past every cache
    // (`?v=`), still old, and its install fails.
    page.go("/").await;
    let refetched = format!("/unblocker/app.css?v={} 200", release.version);
    for _ in 0..200 {
        if host.requests().contains(&refetched) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(
        host.requests().contains(&refetched),
        "{:?}",
        host.requests()
    );
    page.js(PENDING).await;
    page.wait(
        "the half-published version refused",
        "window.pending && !window.pending()",
    )
    .await;
    assert_eq!(
        page.js("return document.getElementById('update').hidden")
            .await,
        json!(true),
        "no offer of a new version"
    );
    page.js("window.mark = 'before';").await;
    assert_eq!(
        page.js_async(CACHED).await["names"],
        json!([format!("unblocker {}/ {old}", host.base)]),
        "the old version alone, whole"
    );
    assert_eq!(page.js_async(PAGE_VERSION).await, json!([old, "before"]));

    release.publish_files(copy.path());
    page.go("/").await;
    page.wait(
        "the offer of the new version",
        "!document.getElementById('update').hidden",
    )
    .await;
    shot(&page, "site-update").await;
    page.js("window.mark = 'before';").await;
    page.click("#update-reload").await;
    page.wait(
        "the new version in control",
        "document.body.dataset.ready === 'true' && document.getElementById('update').hidden && !window.mark",
    )
    .await;
    assert_eq!(
        page.js_async(CACHED).await["names"],
        json!([format!("unblocker {}/ {}", host.base, release.version)]),
    );
    let css = page
        .js_async(
            "const done = arguments[0];
             fetch('app.css').then(r => r.text()).then(t => done(t.includes('0123456789abcdef')));",
        )
        .await;
    assert_eq!(css, json!(true), "the new app.css is served");

    // The other tab reloaded on the new version by itself.
    page.client.switch_to_window(second).await.unwrap();
    page.wait(
        "the other tab reloaded",
        "!window.mark && document.body.dataset.ready === 'true'",
    )
    .await;
    assert_eq!(
        page.js_async(PAGE_VERSION).await,
        json!([release.version, null])
    );
    // A page of the old version asking for its engine's worker gets none.
    let refused = page
        .js_async(&format!(
            "const done = arguments[0];
             fetch('js/worker.js?v={old}').then(r => done(r.status));"
        ))
        .await;
    assert_eq!(refused, json!(410));
    // The engine: a long solve, its Cancel (the worker ends), and a solve
    // in a fresh worker.
    page.start_long_solve().await;
    page.click("#cancel").await;
    page.wait(
        "the cancel",
        "document.getElementById('result').textContent === 'Cancelled.'",
    )
    .await;
    page.go("/#p=card1&v=watch&s=0").await;
    page.wait(
        "card 1 solved",
        "document.getElementById('result').textContent.startsWith('Solved in 8 moves')",
    )
    .await;
    page.close().await;
}

/// Two copies of the site, of two versions, under two paths of one host:
/// each keeps its own cache (the second's taking over deletes only its own
/// path's older versions), and with the host gone both work.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and chromedriver (Debian chromium, chromium-driver) and the static site (cargo xtask web --out target/site): .ci/run"]
async fn two_copies_on_one_host_both_work_offline() {
    let _one = ONE_BROWSER.lock().await;
    let copy = tempfile::tempdir().unwrap();
    copy_folder(&site_folder(), copy.path());
    let release = Release::next(copy.path(), "fedcba9876543210");
    release.publish(copy.path());
    let host = Host::serve_under(&[("a", &site_folder()), ("b", copy.path())]).await;
    let page = first_visit(&host, PHONE, "/a/").await;
    page.go("/b/").await;
    page.wait(
        "the second copy's service worker in control",
        "!!navigator.serviceWorker.controller",
    )
    .await;
    let names = json!([
        format!(
            "unblocker {}/a/ {}",
            host.base,
            site_version(&site_folder())
        ),
        format!("unblocker {}/b/ {}", host.base, release.version),
    ]);
    let all = "const done = arguments[0]; caches.keys().then(names => done(names.sort()));";
    for _ in 0..100 {
        if page.js_async(all).await == names {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(page.js_async(all).await, names);
    host.stop();
    for path in ["/a/", "/b/"] {
        page.go(path).await;
        page.click("#load-random").await;
        page.wait(&format!("{path}: the solution playing"), PLAYING)
            .await;
    }
    assert_eq!(page.js_async(all).await, names);
    page.close().await;
}

pub fn copy_folder(from: &std::path::Path, to: &std::path::Path) {
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
