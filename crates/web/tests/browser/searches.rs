//! Nothing goes stale: a new hint cancels the one searching, Play reuses the
//! solve in progress, a drag acts on the position it started from, a link
//! opened in the editor loads, an invalid draft is never swapped for the last
//! valid board, and the bundled list and share links follow the puzzle.

use super::flows::{card, hash};
use super::page::*;
use crate::common::*;
use serde_json::{json, Value};
use unblocker_web::{Config, Limits};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and chromedriver (Debian chromium, chromium-driver) and axe-core (npm ci --prefix crates/web/tests/axe): cargo test -p unblocker-web --features browser --test browser -- --include-ignored (.ci/run)"]
async fn hints_and_play_leave_no_stale_search() {
    let _one = ONE_BROWSER.lock().await;
    let config = Config {
        limits: Limits {
            max_solves: 4,
            ..Limits::default()
        },
        ..Config::default()
    };
    let page = Page::open_with(config, "/").await;
    page.load_text(ENDLESS).await;
    page.view("watch").await;
    page.click("#solve").await;
    let counts = wait_for_counts(&page.base, |c| c["running"] == 1).await;
    assert_eq!(counts["running"], 1, "{counts}");
    // Play needs the optimum: it waits for the same search (entering Play
    // starts any search at once, so the page's count is final after the tap).
    let searches = "return document.body.dataset.searches";
    let before = page.js(searches).await;
    page.click("#tab-play").await;
    page.wait_for_moves().await;
    assert_eq!(page.js(searches).await, before, "no second search");
    let counts = get(&page.base, "/api/health").await.1["solves"].clone();
    assert_eq!(
        (counts["running"].clone(), counts["cancelled"].clone()),
        (json!(1), json!(0)),
        "Play reuses the solve in progress: {counts}"
    );
    // A second hint replaces the first, whose search stops on the server.
    page.click("#play-hint").await;
    let counts = wait_for_counts(&page.base, |c| c["running"] == 2).await;
    assert_eq!(counts["running"], 2, "{counts}");
    page.click("#play-hint").await;
    let counts = wait_for_counts(&page.base, |c| c["cancelled"] == 1 && c["running"] == 2).await;
    assert_eq!(
        (counts["running"].clone(), counts["cancelled"].clone()),
        (json!(2), json!(1)),
        "{counts}"
    );
    // A move makes the hint stale: it stops too.
    page.drag("E", 1, 0).await;
    let counts = wait_for_counts(&page.base, |c| c["cancelled"] == 2 && c["running"] == 1).await;
    assert_eq!(counts["cancelled"], 2, "{counts}");
    // Another puzzle stops the solve.
    page.go(&hash("card1", "&v=load")).await;
    let counts = wait_for_counts(&page.base, |c| c["running"] == 0).await;
    assert_eq!(counts["running"], 0, "{counts}");
    page.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and chromedriver (Debian chromium, chromium-driver) and axe-core (npm ci --prefix crates/web/tests/axe): cargo test -p unblocker-web --features browser --test browser -- --include-ignored (.ci/run)"]
async fn a_drag_acts_on_the_position_it_started_from() {
    let _one = ONE_BROWSER.lock().await;
    let (_, board) = card(1);
    let page = Page::open(&hash(&board, "&v=play")).await;
    page.wait_for_moves().await;
    // A piece's longest slide in some direction: after it, the same
    // direction is blocked.
    let (_, answer) = post(
        &page.base,
        "/api/board",
        &json!({ "puzzle": board }).to_string(),
    )
    .await;
    let slides = answer["moves"].as_array().unwrap();
    let longest = |m: &&Value| {
        !slides.iter().any(|n| {
            n["piece"] == m["piece"]
                && n["direction"] == m["direction"]
                && n["distance"].as_u64() > m["distance"].as_u64()
        })
    };
    let slide = slides.iter().find(longest).unwrap().clone();
    let (label, direction) = (
        slide["piece"].as_str().unwrap(),
        slide["direction"].as_str().unwrap(),
    );
    let (dr, dc) = cells(direction, 1);
    let distance = slide["distance"].as_i64().unwrap() as i32;
    // The server is slow to tell the new position's moves: its answers wait
    // until the test lets them go.
    page.js("window.held = []; const real = window.fetch;
             window.fetch = (url, ...rest) => String(url).endsWith('api/board')
               ? new Promise(go => window.held.push(go)).then(() => real(url, ...rest))
               : real(url, ...rest);")
        .await;
    page.drag(label, dr * distance, dc * distance).await;
    page.wait_count(1).await;
    let transform =
        format!("return document.querySelector('.piece[data-label=\"{label}\"]').style.transform");
    let after = page.js(&transform).await;
    // Dragged on at once: the old position's legal moves would let it go on,
    // the position shown does not.
    page.wait("the question", "window.held.length === 1").await;
    page.drag_handled(label, dr, dc).await;
    assert_eq!(page.js(&transform).await, after, "{slide} then one more");
    page.js("window.held.forEach(go => go())").await;
    page.wait_for_moves().await;
    page.drag_handled(label, dr, dc).await;
    assert_eq!(page.text("#play-count").await, "1", "{slide}");
    assert_eq!(page.js(&transform).await, after, "{slide} then one more");
    page.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and chromedriver (Debian chromium, chromium-driver) and axe-core (npm ci --prefix crates/web/tests/axe): cargo test -p unblocker-web --features browser --test browser -- --include-ignored (.ci/run)"]
async fn a_link_opened_in_the_editor_loads_and_an_invalid_draft_is_not_solved() {
    let _one = ONE_BROWSER.lock().await;
    let (optimum, _) = card(1);
    let page = Page::open("/").await;
    page.click("#tab-edit").await;
    page.click("#edit-clear").await;
    page.wait(
        "the empty board's error",
        "document.getElementById('edit-message').classList.contains('error')",
    )
    .await;
    // Solve refuses the invalid draft instead of solving card 1 behind it.
    page.click("#tab-watch").await;
    page.wait(
        "the refusal",
        "document.getElementById('edit-message').textContent.startsWith('Not solved: the board in the editor is not valid')",
    )
    .await;
    assert_eq!(
        page.js("return [document.querySelector('.view.active').id, document.getElementById('tab-edit').getAttribute('aria-selected'), document.getElementById('result').textContent]")
            .await,
        json!(["panel-edit", "true", ""])
    );
    // Undo makes it valid again, and then it solves.
    page.click("#edit-undo").await;
    page.view("watch").await;
    page.click("#solve").await;
    page.wait(
        "card 1's answer",
        &format!(
            "document.getElementById('result').textContent.startsWith('Solved in {optimum} moves')"
        ),
    )
    .await;
    // A shared link opened while the editor is open (and its draft changed).
    page.click("#tab-edit").await;
    page.click("#edit-clear").await;
    page.js(&format!(
        "location.hash = '{}'",
        hash("横刀立马", "&v=watch").trim_start_matches('/')
    ))
    .await;
    page.wait(
        "the Klotski answer",
        "document.getElementById('result').textContent.startsWith('Solved in 81 moves')",
    )
    .await;
    page.wait(
        "the Klotski board",
        "document.getElementById('game-badge').textContent === 'Klotski'",
    )
    .await;
    assert_eq!(page.text("#game-badge").await, "KLOTSKI");
    assert!(page.text("#puzzle-name").await.contains("横刀立马"));
    assert_eq!(
        page.js("return document.querySelector('.view.active').id")
            .await,
        json!("panel-watch")
    );
    // And the editor now edits that puzzle.
    page.click("#tab-edit").await;
    assert_eq!(
        page.js("return document.querySelectorAll('#board .piece').length")
            .await,
        json!(10)
    );
    page.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and chromedriver (Debian chromium, chromium-driver) and axe-core (npm ci --prefix crates/web/tests/axe): cargo test -p unblocker-web --features browser --test browser -- --include-ignored (.ci/run)"]
async fn the_bundled_list_and_share_links_follow_the_puzzle() {
    let _one = ONE_BROWSER.lock().await;
    let page = Page::open("/").await;
    page.wait(
        "the list",
        "document.getElementById('bundled').value === 'card1'",
    )
    .await;
    page.js("const s = document.getElementById('bundled'); s.value = 'card5'; s.dispatchEvent(new Event('change'));")
        .await;
    page.wait(
        "card 5",
        "document.getElementById('puzzle-name').textContent.startsWith('card5')",
    )
    .await;
    // The link keeps the name.
    page.wait(
        "the link to card 5",
        "location.hash.startsWith('#p=card5&')",
    )
    .await;
    // A board typed in (back in Load: card 5 plays in Watch) is not in the list.
    page.click("#tab-load").await;
    page.js("document.getElementById('board-text').value = 'BAAC/BAAC/DEEF/DGHF/I..J';")
        .await;
    page.click("#load-text").await;
    page.wait(
        "the typed board",
        "document.getElementById('game-badge').textContent === 'Klotski'",
    )
    .await;
    assert_eq!(
        page.js("return document.getElementById('bundled').value")
            .await,
        json!("")
    );
    // A named link selects its puzzle.
    page.go(&hash("card7", "&v=load")).await;
    page.wait(
        "card 7",
        "document.getElementById('bundled').value === 'card7'",
    )
    .await;
    page.close().await;
}
