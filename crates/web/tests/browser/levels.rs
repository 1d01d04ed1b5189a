//! Levels, progress, the daily puzzle and the review on the static site at
//! 360×740 with touch, offline: a level's link opens it in Play, won by the
//! keyboard following Hint, and after a reload its link says solved and
//! optimal; a level won with a wasted move is reviewed with exactly that
//! move marked and an optimal one offered, and "Try again from here" goes
//! back there; the progress is exported, reset and imported again, and a
//! new version of the site keeps it; the daily puzzle of a fixed date is the
//! same in two browsers (the engine's and the server's) and another date's
//! differs. Screenshots of the levels, a won level and a review.

use super::access::{arrow, ENTER};
use super::host::{site_folder, Host};
use super::journey::shot;
use super::page::*;
use super::site::{copy_folder, Release};
use super::visit::{first_visit, PHONE};
use serde_json::{json, Value};

/// The level shown is `address`, drawn (the page marks it once drawn).
fn shown(address: &str) -> String {
    format!("document.body.dataset.level === '{address}' && document.body.dataset.view === 'play'")
}

/// Opens a level by its link in the open page, as a tap on it does.
async fn open_level(page: &Page, address: &str) {
    page.js(&format!("location.hash = 'level={address}';"))
        .await;
    page.wait(&format!("{address} in Play"), &shown(address))
        .await;
    page.wait_for_moves().await;
}

/// Taps the control `css` once it is scrolled to the middle of the screen
/// (below the board, where the panel goes on).
async fn tap(page: &Page, css: &str) {
    page.js(&format!(
        "document.querySelector('{css}').scrollIntoView({{ block: 'center' }})"
    ))
    .await;
    page.settled().await;
    page.click(css).await;
}

/// Slides `label` `distance` cells towards `direction` with the keyboard:
/// the piece picked up with Enter, the arrow key, Enter to put it down.
async fn key_move(page: &Page, label: &str, direction: &str, distance: u64) {
    page.js(&format!(
        "document.querySelector('.piece[data-label=\"{label}\"]').focus()"
    ))
    .await;
    page.key(ENTER).await;
    for _ in 0..distance {
        page.wait_for_moves().await;
        page.key(arrow(direction)).await;
    }
    page.wait_for_moves().await;
    page.key(ENTER).await;
}

/// Asks for a hint and plays it with the keyboard: the hint (`B right 1`),
/// or None when the puzzle is solved already.
async fn follow_hint(page: &Page) -> Option<String> {
    page.js("document.getElementById('play-message').textContent = ''")
        .await;
    page.click("#play-hint").await;
    page.wait(
        "a hint",
        "/^(Hint: |Already solved)/.test(document.getElementById('play-message').textContent)",
    )
    .await;
    let hint = page.text("#play-message").await;
    let words: Vec<&str> = hint.strip_prefix("Hint: ")?.split_whitespace().collect();
    let (label, direction) = (words[0], words[1]);
    let distance: u64 = words[2].trim_end_matches(',').parse().unwrap();
    key_move(page, label, direction, distance).await;
    Some(format!("{label} {direction} {distance}"))
}

/// Follows Hint until the level is won; the banner's verdict.
async fn win_by_hints(page: &Page) {
    let mut hints = 0;
    while follow_hint(page).await.is_some() {
        hints += 1;
        assert!(hints <= 80, "80 hints and not won");
    }
    // The verdict comes once the target has driven out.
    page.wait("the verdict", "!document.getElementById('banner').hidden")
        .await;
}

/// The accessible name of a level's link in the levels view.
async fn link_name(page: &Page, address: &str) -> Value {
    tap(page, "#tab-levels").await;
    let band = address.split('/').next().unwrap();
    page.js(&format!(
        "const select = document.getElementById('band');
         if (select.value !== '{band}') {{ select.value = '{band}'; select.dispatchEvent(new Event('change')); }}"
    ))
    .await;
    let link = format!("#level-grid a[href='#level={address}']");
    page.wait(
        "the level's link",
        &format!("!!document.querySelector(\"{link}\")"),
    )
    .await;
    page.js(&format!(
        "return document.querySelector(\"{link}\").getAttribute('aria-label')"
    ))
    .await
}

/// A fixed clock at noon of `day` for every page the browser opens next
/// (the daily puzzle is the player's own calendar day).
async fn fix_clock(page: &Page, day: &str) {
    let script = format!(
        "(() => {{ const Real = Date; const offset = new Real('{day}T12:00:00').getTime() - Real.now();
           class Fixed extends Real {{ constructor(...a) {{ super(...(a.length ? a : [Real.now() + offset])); }}
             static now() {{ return Real.now() + offset; }} }}
           globalThis.Date = Fixed; }})();"
    );
    page.cdp(
        "Page.addScriptToEvaluateOnNewDocument",
        json!({ "source": script }),
    )
    .await;
}

/// Today's puzzle as the levels view shows it: its link's address.
async fn daily_level(page: &Page) -> String {
    tap(page, "#tab-levels").await;
    page.wait(
        "today's puzzle",
        "!!document.getElementById('daily').dataset.level",
    )
    .await;
    page.js_text("return document.getElementById('daily').dataset.level")
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and chromedriver (Debian chromium, chromium-driver) and the static site (cargo xtask web --out target/site): .ci/run"]
async fn levels_progress_the_daily_puzzle_and_the_review_offline() {
    let _one = ONE_BROWSER.lock().await;
    let copy = tempfile::tempdir().unwrap();
    copy_folder(&site_folder(), copy.path());
    let mut host = Host::serve(copy.path()).await;
    let page = first_visit(&host, PHONE, "/").await;
    fix_clock(&page, "2025-03-14").await;
    host.stop();
    page.go("/").await;

    // A level's link opens it in Play; the time from the link to its board
    // drawn, with the page's thread 4× slower.
    page.cdp("Emulation.setCPUThrottlingRate", json!({ "rate": 4 }))
        .await;
    let opened = page
        .js_async(
            "const done = arguments[0];
             const started = performance.now();
             new MutationObserver((_, observer) => {
               if (document.body.dataset.level === 'beginner/1') {
                 observer.disconnect();
                 requestAnimationFrame(() => done(performance.now() - started));
               }
             }).observe(document.body, { attributes: true });
             location.hash = 'level=beginner/1';",
        )
        .await;
    page.cdp("Emulation.setCPUThrottlingRate", json!({ "rate": 1 }))
        .await;
    eprintln!("a level's link to its board drawn, 4x slower: {opened} ms");
    page.wait("beginner/1 in Play", &shown("beginner/1")).await;
    assert_eq!(page.text("#puzzle-name").await, "Beginner 1");
    assert_eq!(page.text("#play-optimum").await, "15");

    // Won by the keyboard, following Hint.
    page.wait_for_moves().await;
    win_by_hints(&page).await;
    assert_eq!(page.text("#banner-text").await, "15 moves — optimal!");
    shot(&page, "level-won").await;
    page.go("/").await;
    assert_eq!(
        link_name(&page, "beginner/1").await,
        json!("Beginner 1, solved in 15 moves, optimal")
    );
    assert_eq!(
        link_name(&page, "beginner/2").await,
        json!("Beginner 2, not solved")
    );
    let next = page
        .js_text("return document.getElementById('next-unsolved').getAttribute('href')")
        .await;
    assert_eq!(
        next, "#level=beginner/2",
        "the first unsolved one is a tap away"
    );
    assert!(
        page.serious_violations().await.is_empty(),
        "the levels view passes axe-core"
    );
    shot(&page, "levels").await;

    // Card 1 with a wasted move: B right 1 (optimal), B left 1 (back), then Hint to the win.
    open_level(&page, "cards/1").await;
    key_move(&page, "B", "right", 1).await;
    page.wait_count(1).await;
    key_move(&page, "B", "left", 1).await;
    page.wait_count(2).await;
    win_by_hints(&page).await;
    assert_eq!(
        page.text("#banner-text").await,
        "10 moves — the optimum is 8"
    );
    page.wait(
        "the review",
        "!!document.querySelector('#play-review .review-moves li')",
    )
    .await;
    let marks = page
        .js("return [...document.querySelectorAll('#play-review .review-moves li')].map(li => li.className)")
        .await;
    let marks: Vec<&str> = marks
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(marks.len(), 10);
    assert_eq!(marks[1], "mark-backward first-wasted", "{marks:?}");
    assert!(
        marks
            .iter()
            .enumerate()
            .all(|(i, m)| i == 1 || *m == "mark-optimal"),
        "only the second move is not optimal: {marks:?}"
    );
    let wasted = page.text("#play-review li.first-wasted").await;
    assert!(
        wasted.starts_with("B left 1 — 7 to 8, backwards"),
        "{wasted}"
    );
    assert!(
        wasted.contains("; better: "),
        "an optimal move offered: {wasted}"
    );
    page.js("document.getElementById('play-review').scrollIntoView()")
        .await;
    page.settled().await;
    shot(&page, "review").await;
    tap(&page, "#review-retry").await;
    page.wait_count(1).await;
    page.wait_for_moves().await;
    assert_eq!(page.text("#play-optimum").await, "8");

    // Export, reset, import: the same progress.
    tap(&page, "#tab-levels").await;
    page.js("window.exported = null;
             const make = URL.createObjectURL;
             URL.createObjectURL = blob => { window.exported = blob; return make(blob); };")
        .await;
    tap(&page, ".progress-tools summary").await;
    tap(&page, "#progress-export").await;
    let file_text = page
        .js_async("const done = arguments[0]; window.exported.text().then(done);")
        .await;
    let file = tempfile::Builder::new().suffix(".json").tempfile().unwrap();
    std::fs::write(file.path(), file_text.as_str().unwrap()).unwrap();
    tap(&page, "#progress-reset").await;
    tap(&page, "#reset-yes").await;
    assert_eq!(
        link_name(&page, "cards/1").await,
        json!("Card 1, not solved")
    );
    let input = page
        .client
        .find(fantoccini::Locator::Css("#progress-import"))
        .await
        .unwrap();
    input
        .send_keys(file.path().to_str().unwrap())
        .await
        .unwrap();
    page.wait(
        "the import",
        "document.getElementById('levels-message').textContent.startsWith('Imported')",
    )
    .await;
    assert_eq!(
        link_name(&page, "cards/1").await,
        json!("Card 1, solved in 10 moves")
    );
    assert_eq!(
        link_name(&page, "beginner/1").await,
        json!("Beginner 1, solved in 15 moves, optimal")
    );

    // The daily puzzle of 2025-03-14, and of the day after.
    let friday = daily_level(&page).await;
    fix_clock(&page, "2025-03-15").await;
    page.go("/").await;
    let saturday = daily_level(&page).await;
    assert_ne!(friday, saturday, "another day, another puzzle");

    // A new version of the site keeps the progress.
    host.serve_again().await;
    let release = Release::next(copy.path(), "fedcba9876543210");
    release.publish(copy.path());
    page.go("/").await;
    page.wait(
        "the offer of the new version",
        "!document.getElementById('update').hidden",
    )
    .await;
    page.click("#update-reload").await;
    page.wait(
        "the new version in control",
        "document.body.dataset.ready === 'true' && document.getElementById('update').hidden",
    )
    .await;
    let version = page
        .js_async(
            "const done = arguments[0]; import('./js/site.js').then(m => done(m.site.version));",
        )
        .await;
    assert_eq!(version, json!(release.version));
    assert_eq!(
        link_name(&page, "beginner/1").await,
        json!("Beginner 1, solved in 15 moves, optimal")
    );
    page.close().await;

    // Another browser, on the server's page (the server picks the puzzle),
    // with the clock at the same day: the same puzzle.
    let served = Page::launch(unblocker_web::Config::default(), PHONE, "/").await;
    fix_clock(&served, "2025-03-14").await;
    served.go("/").await;
    assert_eq!(
        daily_level(&served).await,
        friday,
        "the same puzzle for everyone that day"
    );
    served.close().await;
}
