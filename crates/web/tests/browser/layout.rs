//! Every view at phone sizes (390×844 and 360×740, touch) and on a desktop:
//! nothing scrolls sideways, the board and its controls fit one screen in
//! Watch and Play, no button group or label wraps, the statistics chart is
//! readable, axe-core finds nothing serious, and a screenshot of each view
//! is saved (`web-{size}-{view}.png`).

use super::flows::{card, hash, solution};
use super::page::*;
use serde_json::json;
use unblocker_web::Config;

/// What sticks out of the page sideways, which button labels wrap, and which
/// button groups break onto a second line.
const LAYOUT: &str = "
    const visible = n => n.offsetParent !== null;
    const lines = node => {
      const range = document.createRange();
      range.selectNodeContents(node);
      return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size;
    };
    const wrapped = [...document.querySelectorAll('button')].filter(visible).filter(b => {
      const walker = document.createTreeWalker(b, NodeFilter.SHOW_TEXT);
      for (let t = walker.nextNode(); t; t = walker.nextNode()) {
        if (t.textContent.trim() && lines(t) > 1) return true;
      }
      return b.scrollWidth > b.clientWidth + 1;
    }).map(b => b.id || b.textContent.trim());
    // A group is broken when one of its children starts below another's bottom.
    const broken = [...document.querySelectorAll('.group, .tabs')].filter(visible).filter(g => {
      const boxes = [...g.children].filter(visible).map(c => c.getBoundingClientRect());
      return boxes.some(a => boxes.some(b => a.top >= b.bottom - 1));
    }).map(g => g.id || g.getAttribute('aria-label') || g.className);
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      wrapped, broken,
    };";

/// The view as it opens: laid out within the width, labels and groups on
/// one line, no serious axe violation; then its screenshot.
async fn check_view(page: &Page, view: &str) {
    page.js("window.scrollTo(0, 0)").await;
    page.settled().await;
    let layout = page.js(LAYOUT).await;
    let size = page.screen.name();
    assert!(
        layout["scrollWidth"].as_u64() <= layout["innerWidth"].as_u64(),
        "{size} {view} scrolls sideways: {layout}"
    );
    assert_eq!(
        layout["wrapped"],
        json!([]),
        "{size} {view}: wrapped labels"
    );
    assert_eq!(layout["broken"], json!([]), "{size} {view}: wrapped groups");
    let violations = page.serious_violations().await;
    assert!(
        violations.is_empty(),
        "{size} {view}: axe-core: {violations:#?}"
    );
    page.screenshot(&format!("web-{size}-{view}.png")).await;
    // The rest of a view longer than the screen, a screen at a time
    // (`-2`, `-3`, …), to look at too.
    for part in 2..=5 {
        let scrolled = page
            .js("const before = window.scrollY;
                 window.scrollBy(0, window.innerHeight * 0.85);
                 return window.scrollY > before;")
            .await;
        if scrolled != json!(true) {
            break;
        }
        page.drawn().await;
        // (Not `page.screenshot`: the end of a view may be nearly blank.)
        let png = page.client.screenshot().await.unwrap();
        let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
        std::fs::write(path.join(format!("web-{size}-{view}-{part}.png")), png).unwrap();
    }
    page.js("window.scrollTo(0, 0)").await;
}

/// Asserts that the board and `controls` are wholly on the screen as the
/// view opens (no scrolling needed).
async fn fits_one_screen(page: &Page, view: &str, controls: &[&str]) {
    let ids = json!(controls).to_string();
    let outside = page
        .js(&format!(
            "window.scrollTo(0, 0);
             const inside = r => r.width > 0 && r.left >= 0 && r.top >= 0 &&
               r.right <= window.innerWidth && r.bottom <= window.innerHeight;
             const svg = document.querySelector('#board svg').getBoundingClientRect();
             const out = {ids}.filter(id => !inside(document.getElementById(id).getBoundingClientRect()));
             if (!inside(svg)) out.push('board ' + JSON.stringify(svg));
             return out;"
        ))
        .await;
    assert_eq!(
        outside,
        json!([]),
        "{} {view}: off the screen",
        page.screen.name()
    );
}

const WATCH: &[&str] = &[
    "w-reset",
    "w-back",
    "w-play",
    "w-forward",
    "w-slider",
    "w-counter",
];
const PLAY: &[&str] = &[
    "play-undo",
    "play-redo",
    "play-hint",
    "play-restart",
    "play-count",
    "play-optimum",
];

/// The statistics chart: titled axes, a log axis ticked at powers of ten, no
/// label outside the chart or on top of another, text at least 11.5 px.
async fn check_chart(page: &Page) {
    let chart = page
        .js("const svg = document.querySelector('#stats-chart svg');
             const box = svg.getBoundingClientRect();
             const scale = box.width / svg.viewBox.baseVal.width;
             const texts = [...svg.querySelectorAll('text')];
             const clipped = texts.filter(t => { const r = t.getBoundingClientRect();
               return r.left < box.left - .5 || r.right > box.right + .5 || r.top < box.top - .5 || r.bottom > box.bottom + .5; });
             const depths = texts.filter(t => /^[0-9]+$/.test(t.textContent) && t.getAttribute('text-anchor') === 'middle')
               .map(t => t.getBoundingClientRect()).sort((a, b) => a.left - b.left);
             return {
               clipped: clipped.map(t => t.textContent),
               overlapping: depths.slice(1).filter((r, i) => r.left < depths[i].right + 2).length,
               smallest: Math.min(...texts.map(t => parseFloat(getComputedStyle(t).fontSize) * scale)),
               titles: [...svg.querySelectorAll('.axis-title')].map(t => t.textContent),
               labels: texts.map(t => t.textContent),
               ticks: [...svg.querySelectorAll('text.tick')].map(t => t.textContent),
               depths: depths.length,
             };")
        .await;
    let size = page.screen.name();
    assert_eq!(chart["clipped"], json!([]), "{size}: {chart}");
    assert_eq!(chart["overlapping"], 0, "{size}: {chart}");
    assert!(
        chart["smallest"].as_f64().unwrap() >= 11.5,
        "{size}: {chart}"
    );
    assert!(chart["depths"].as_u64().unwrap() >= 5, "{size}: {chart}");
    assert_eq!(
        chart["titles"],
        json!(["depth (moves from the start)", "positions"])
    );
    // The count axis is logarithmic, ticked at powers of ten written as the
    // report's charts write them, from 1 up past the largest count.
    let ticks = chart["ticks"].as_array().unwrap();
    let powers = ["1", "10", "100", "1k", "10k", "100k", "1M", "10M", "100M"];
    assert!(ticks.len() >= 2, "{size}: {chart}");
    assert!(
        ticks.iter().all(|t| powers.contains(&t.as_str().unwrap())),
        "{size}: {chart}"
    );
    assert_eq!(ticks[0], "1", "{size}: {chart}");
}

/// Every view of card 1 (and 横刀立马's Klotski board in Watch and Stats).
async fn all_views(screen: Screen) {
    let _one = ONE_BROWSER.lock().await;
    let (optimum, board) = card(1);
    let browser = Browser {
        screen,
        reduced_motion: false,
    };
    let page = Page::launch(Config::default(), browser, "/").await;
    page.wait(
        "card1's eight pieces",
        "document.querySelectorAll('#board .piece').length === 8",
    )
    .await;
    check_view(&page, "load").await;

    page.click("#tab-levels").await;
    page.wait(
        "the levels and today's puzzle",
        "document.querySelectorAll('#level-grid a').length > 100 && !!document.getElementById('daily').dataset.level",
    )
    .await;
    check_view(&page, "levels").await;

    page.click("#tab-edit").await;
    check_view(&page, "edit").await;

    page.solve_in(optimum).await;
    page.click("#w-forward").await;
    fits_one_screen(&page, "watch", WATCH).await;
    check_view(&page, "watch").await;

    page.click("#tab-play").await;
    page.wait_for_moves().await;
    page.wait(
        "the optimum",
        &format!("document.getElementById('play-optimum').textContent === '{optimum}'"),
    )
    .await;
    fits_one_screen(&page, "play", PLAY).await;
    check_view(&page, "play").await;
    // The first optimal move, dragged with the finger (or the mouse).
    page.drag_move(&solution(&page.base, &board).await[0]).await;
    page.wait_count(1).await;
    assert_eq!(
        page.js("return window.scrollY").await,
        json!(0),
        "a drag does not scroll"
    );

    page.go(&hash("横刀立马", "&v=watch")).await;
    page.wait(
        "the Klotski answer",
        "document.getElementById('result').textContent.startsWith('Solved in 81 moves')",
    )
    .await;
    fits_one_screen(&page, "klotski watch", WATCH).await;
    check_view(&page, "watch-klotski").await;

    page.click("#tab-stats").await;
    page.wait(
        "the chart",
        "document.querySelector('#stats-chart svg') !== null",
    )
    .await;
    check_chart(&page).await;
    check_view(&page, "stats").await;
    page.js("document.getElementById('stats-chart').scrollIntoView({ block: 'center' })")
        .await;
    page.screenshot(&format!("web-{}-stats-chart.png", page.screen.name()))
        .await;
    page.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and chromedriver (Debian chromium, chromium-driver) and axe-core (npm ci --prefix crates/web/tests/axe): cargo test -p unblocker-web --features browser --test browser -- --include-ignored (.ci/run)"]
async fn every_view_fits_a_390_by_844_phone() {
    all_views(Screen::Phone(390, 844)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and chromedriver (Debian chromium, chromium-driver) and axe-core (npm ci --prefix crates/web/tests/axe): cargo test -p unblocker-web --features browser --test browser -- --include-ignored (.ci/run)"]
async fn every_view_fits_a_360_by_740_phone() {
    all_views(Screen::Phone(360, 740)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and chromedriver (Debian chromium, chromium-driver) and axe-core (npm ci --prefix crates/web/tests/axe): cargo test -p unblocker-web --features browser --test browser -- --include-ignored (.ci/run)"]
async fn every_view_fits_a_desktop() {
    all_views(Screen::Desktop).await;
}

/// A swipe that starts on the board but not on a piece scrolls the page; a
/// finger on a piece drags the piece and the page stays put (in the editor,
/// whose tools make the page longer than a phone's screen).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and chromedriver (Debian chromium, chromium-driver) and axe-core (npm ci --prefix crates/web/tests/axe): cargo test -p unblocker-web --features browser --test browser -- --include-ignored (.ci/run)"]
async fn a_swipe_on_the_board_scrolls_the_page_but_not_a_drag() {
    let _one = ONE_BROWSER.lock().await;
    let browser = Browser {
        screen: Screen::Phone(360, 740),
        reduced_motion: false,
    };
    let page = Page::launch(Config::default(), browser, &hash("card1", "&v=edit")).await;
    page.click("#tab-edit").await;
    let scrollable = page
        .js("return document.documentElement.scrollHeight - window.innerHeight")
        .await;
    assert!(
        scrollable.as_f64().unwrap() > 150.0,
        "the page is longer than the screen: {scrollable}"
    );
    // The wooden frame beside the cells, left of the board's middle.
    let at = page
        .js("const r = document.querySelector('#board svg').getBoundingClientRect(); return [r.left + 6, r.top + r.height * 0.6];")
        .await;
    let (x, y) = (at[0].as_f64().unwrap(), at[1].as_f64().unwrap());
    // The swipe's scroll goes on after the finger has left (a fling): it
    // is over at its `scrollend`, the page scrolled.
    page.js("document.addEventListener('scrollend', () => {
           if (window.scrollY > 30) document.body.dataset.swiped = 'true';
         });")
        .await;
    page.pointer_drag(x, y, 0.0, -150.0).await;
    page.wait(
        "the page scrolled, to the end of the swipe",
        "document.body.dataset.swiped === 'true'",
    )
    .await;
    page.js("window.scrollTo(0, 0)").await;
    page.drawn().await;
    // B, the car in the top-left corner, one cell right with a finger.
    let before = page
        .js("return document.getElementById('edit-line').value")
        .await;
    page.drag("B", 0, 1).await;
    page.wait(
        "B moved",
        &format!("document.getElementById('edit-line').value !== {before}"),
    )
    .await;
    assert!(page
        .js_text("return document.getElementById('edit-line').value")
        .await
        .starts_with("oBB"));
    assert_eq!(
        page.js("return window.scrollY").await,
        json!(0),
        "the drag held the page"
    );
    page.close().await;
}
