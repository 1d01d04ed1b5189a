//! The player's journey on a phone (and a phone on its side): the board
//! stays on the screen at every step of a playback, and a screenshot of
//! each journey's end is saved (`journey-{size}-{name}.png`, also copied to
//! `/tmp/journey-shots/` when that folder exists).

use super::access::{arrow, ARROW_DOWN, ARROW_LEFT, ARROW_RIGHT, ARROW_UP, CONTROL, ENTER};
use super::flows::hash;
use super::page::*;
use serde_json::{json, Value};
use unblocker_web::Config;

/// The three screens of a phone: two upright, one on its side.
pub const PHONES: [Screen; 3] = [
    Screen::Phone(390, 844),
    Screen::Phone(360, 740),
    Screen::Phone(844, 390),
];

/// The board's box when it is not wholly inside the viewport, else null.
const BOARD_OUTSIDE: &str = "
    const r = document.querySelector('#board svg').getBoundingClientRect();
    const inside = r.width > 100 && r.left >= 0 && r.top >= 0 &&
      r.right <= window.innerWidth && r.bottom <= window.innerHeight;
    return inside ? null : { left: r.left, top: r.top, right: r.right, bottom: r.bottom,
      width: window.innerWidth, height: window.innerHeight, scrollY: window.scrollY };";

pub async fn phone(screen: Screen, path: &str) -> Page {
    let browser = Browser {
        screen,
        reduced_motion: false,
    };
    Page::launch(Config::default(), browser, path).await
}

/// Saves a screenshot of a journey's end.
pub async fn shot(page: &Page, name: &str) {
    let file = format!("journey-{}-{name}.png", page.screen.name());
    let path = page.screenshot(&file).await;
    let shots = std::path::Path::new("/tmp/journey-shots");
    if shots.is_dir() {
        std::fs::copy(&path, shots.join(&file)).unwrap();
    }
}

/// Opens `puzzle` in Watch at the start and taps Next to the end: after
/// every tap the board is inside the viewport.
async fn every_step_in_view(screen: Screen, puzzle: &str, name: &str) {
    let page = phone(screen, &hash(puzzle, "&v=watch&s=0")).await;
    page.wait(
        "the solution",
        "document.getElementById('result').textContent.startsWith('Solved in')",
    )
    .await;
    let moves = page
        .js("return Number(document.getElementById('w-slider').max)")
        .await
        .as_u64()
        .unwrap();
    assert!(moves > 40, "{puzzle}: {moves} moves");
    page.click("#w-reset").await;
    for step in 0..=moves {
        if step > 0 {
            page.click("#w-forward").await;
        }
        page.wait(
            &format!("step {step}"),
            &format!("document.getElementById('w-counter').textContent === '{step} / {moves}'"),
        )
        .await;
        let outside = page.js(BOARD_OUTSIDE).await;
        assert_eq!(
            outside,
            Value::Null,
            "{} {puzzle}: the board left the screen at step {step}",
            screen.name()
        );
    }
    assert_eq!(page.js("return window.scrollY").await, json!(0));
    shot(&page, name).await;
    page.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and chromedriver (Debian chromium, chromium-driver) and axe-core (npm ci --prefix crates/web/tests/axe): cargo test -p unblocker-web --features browser --test browser -- --include-ignored (.ci/run)"]
async fn the_board_stays_on_the_screen_at_every_step_of_a_playback() {
    let _one = ONE_BROWSER.lock().await;
    for screen in PHONES {
        every_step_in_view(screen, "hardest", "watch-hardest").await;
        every_step_in_view(screen, "横刀立马", "watch-klotski").await;
    }
}

/// The solution plays (Play shows Stop and the counter has left the start).
const PLAYING: &str = "document.getElementById('w-play-label').textContent === 'Stop' && \
    !document.getElementById('w-counter').textContent.startsWith('0 /')";

/// The board string of the puzzle loaded.
const LINE: &str = "return document.getElementById('board-line').textContent;";

/// Taps `css` (a button that must be inside the viewport: no scrolling first).
async fn tap(page: &Page, css: &str, taps: &mut u32) {
    let inside = page
        .js(&format!(
            "const r = document.querySelector('{css}').getBoundingClientRect();
             return r.width > 0 && r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth;"
        ))
        .await;
    assert_eq!(
        inside,
        json!(true),
        "{}: {css} is on the screen",
        page.screen.name()
    );
    page.click(css).await;
    *taps += 1;
}

/// First open → Random → the solution plays: one tap; the puzzle has no
/// walls and says so; from the win, "Next puzzle" is one more tap to the
/// next puzzle's solution playing.
async fn random_journey(screen: Screen) {
    let page = phone(screen, "/").await;
    let mut taps = 0;
    tap(&page, "#load-random", &mut taps).await;
    page.wait("the solution playing", PLAYING).await;
    assert_eq!(taps, 1);
    let (title, walls) = (
        page.text("#puzzle-name").await,
        page.js("return document.querySelectorAll('#board .wall').length")
            .await,
    );
    assert!(title.ends_with("· no walls"), "{title}");
    // No keyboard hints on a touch phone, and no code quotes in any text.
    assert_eq!(
        page.js("return [...document.querySelectorAll('.hint.keys')].map(h => getComputedStyle(h).display)")
            .await,
        json!(["none", "none", "none", "none"])
    );
    assert_eq!(
        page.js("return document.body.textContent.includes('`')")
            .await,
        json!(false)
    );
    assert_eq!(walls, json!(0), "{title}");
    assert_eq!(page.js(BOARD_OUTSIDE).await, Value::Null);
    shot(&page, "random-watch").await;
    // To the end at the fastest speed (the test's shortcut, not a tap).
    page.js("const s = document.getElementById('w-speed'); s.value = s.max; s.dispatchEvent(new Event('input'));")
        .await;
    page.wait(
        "the win",
        "document.getElementById('banner-next').offsetParent !== null",
    )
    .await;
    shot(&page, "random-win").await;
    let line = page.js(LINE).await;
    let mut taps = 0;
    tap(&page, "#banner-next", &mut taps).await;
    page.wait(
        "the next puzzle playing",
        &format!("(() => {{ {LINE} }})() !== {line} && ({PLAYING})"),
    )
    .await;
    assert_eq!(taps, 1);
    let next = page.text("#puzzle-name").await;
    assert!(next.starts_with("Random intermediate puzzle"), "{next}");
    page.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and chromedriver (Debian chromium, chromium-driver) and axe-core (npm ci --prefix crates/web/tests/axe): cargo test -p unblocker-web --features browser --test browser -- --include-ignored (.ci/run)"]
async fn random_is_one_tap_to_a_playing_solution_and_next_puzzle_one_more() {
    let _one = ONE_BROWSER.lock().await;
    for screen in PHONES {
        random_journey(screen).await;
    }
}

/// First open → a screenshot picked → its solution plays, with no tap
/// more; the board is titled with the file's name and the original is a
/// thumbnail that shows and hides it.
async fn screenshot_journey(screen: Screen) {
    let page = phone(screen, "/").await;
    let picture = unblocker_testdata::path("screenshots/unblocker/Puzzle-E-29.jpg");
    page.pick_file(&picture).await;
    page.wait("the solution playing", PLAYING).await;
    assert_eq!(page.text("#puzzle-name").await, "Puzzle-E-29.jpg");
    assert_eq!(page.js(BOARD_OUTSIDE).await, Value::Null);
    shot(&page, "scan-watch").await;
    page.click("#original").await;
    page.wait(
        "the original",
        "!document.getElementById('original-large').hidden",
    )
    .await;
    shot(&page, "scan-original").await;
    page.click("#original").await;
    page.wait(
        "the board again",
        "document.getElementById('original-large').hidden",
    )
    .await;
    page.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and chromedriver (Debian chromium, chromium-driver) and axe-core (npm ci --prefix crates/web/tests/axe): cargo test -p unblocker-web --features browser --test browser -- --include-ignored (.ci/run)"]
async fn a_screenshot_plays_its_solution_with_no_tap_after_the_pick() {
    let _one = ONE_BROWSER.lock().await;
    for screen in PHONES {
        screenshot_journey(screen).await;
    }
}

/// The fill of every piece's body, in the board's order.
const FILLS: &str = "return [...document.querySelectorAll('#board .piece')]
    .map(p => [p.dataset.label, p.querySelector('rect.body').getAttribute('fill')]);";

/// `hardest`'s 12 pieces and 横刀立马's 10 blocks each get a colour of
/// their own, the target red, from the palette the image renderer uses.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and chromedriver (Debian chromium, chromium-driver) and axe-core (npm ci --prefix crates/web/tests/axe): cargo test -p unblocker-web --features browser --test browser -- --include-ignored (.ci/run)"]
async fn every_piece_has_a_colour_of_its_own() {
    let _one = ONE_BROWSER.lock().await;
    let page = Page::open(&hash("hardest", "&v=play")).await;
    for (puzzle, count) in [("hardest", 12), ("横刀立马", 10)] {
        page.go(&hash(puzzle, "&v=play")).await;
        page.wait(
            "the pieces",
            &format!("document.querySelectorAll('#board .piece').length === {count}"),
        )
        .await;
        let fills = page.js(FILLS).await;
        let fills = fills.as_array().unwrap();
        let distinct: std::collections::HashSet<&str> =
            fills.iter().map(|f| f[1].as_str().unwrap()).collect();
        assert_eq!(distinct.len(), count, "{puzzle}: {fills:?}");
        let target = fills.iter().find(|f| f[0] == "A").unwrap();
        assert_eq!(target[1], "#BE0032", "{puzzle}");
    }
    page.close().await;
}

/// A board with B above the red car A: B moved down twice covers A's cells.
const OVERLAP_BOARD: &str = "BBooooooooooAAoooooooooooooooooooooo";

/// The editor's message as shown, and whether its box is inside the viewport.
const MESSAGE: &str = "const m = document.getElementById('edit-message');
    const r = m.getBoundingClientRect();
    return [m.textContent, r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth];";

/// The editor says what is wrong under the board, inside the viewport:
/// overlapping cells are marked, a deleted red car is said to be missing
/// (no other piece becomes the target).
async fn editor_messages(screen: Screen) {
    let page = phone(screen, &hash(OVERLAP_BOARD, "&v=edit")).await;
    page.click("#tab-edit").await;
    page.wait(
        "the board",
        "document.querySelectorAll('#board .piece').length === 2",
    )
    .await;
    page.js("document.querySelector('.piece[data-label=\"B\"]').focus()")
        .await;
    page.key(ARROW_DOWN).await;
    page.key(ARROW_DOWN).await;
    page.wait(
        "the overlap",
        "document.getElementById('edit-message').textContent.includes('overlapping cells are marked')",
    )
    .await;
    let marked = page
        .js("return [...document.querySelectorAll('#board .overlap')].map(m => m.dataset.row + ',' + m.dataset.col)")
        .await;
    assert_eq!(marked, json!(["2,0", "2,1"]));
    let message = page.js(MESSAGE).await;
    assert_eq!(message[1], json!(true), "{}: {message}", screen.name());
    shot(&page, "edit-overlap").await;
    page.chord(&[CONTROL, 'z']).await;
    page.chord(&[CONTROL, 'z']).await;
    page.wait(
        "valid again",
        "document.getElementById('edit-message').textContent === 'Valid Rush Hour board'",
    )
    .await;
    // The red car deleted: said as such, and nothing else turns red.
    page.click(".piece[data-label=\"A\"] rect").await;
    page.click("#edit-delete").await;
    page.wait(
        "the missing target",
        "document.getElementById('edit-message').textContent === 'No red car: select a piece and make it the target'",
    )
    .await;
    let message = page.js(MESSAGE).await;
    assert_eq!(message[1], json!(true), "{}: {message}", screen.name());
    assert_eq!(
        page.js("return [...document.querySelectorAll('#board .piece')].map(p => p.dataset.label)")
            .await,
        json!(["B"])
    );
    assert_eq!(
        page.js("return document.activeElement.id").await,
        json!("edit-delete"),
        "the focus stays on the pressed control"
    );
    shot(&page, "edit-missing-target").await;
    page.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and chromedriver (Debian chromium, chromium-driver) and axe-core (npm ci --prefix crates/web/tests/axe): cargo test -p unblocker-web --features browser --test browser -- --include-ignored (.ci/run)"]
async fn the_editor_says_what_is_wrong_beside_the_board() {
    let _one = ONE_BROWSER.lock().await;
    for screen in PHONES {
        editor_messages(screen).await;
    }
}

/// The line of the editor's draft, once checked.
async fn edited_line(page: &Page, before: &Value) -> Value {
    page.wait(
        "the checked draft",
        &format!(
            "document.getElementById('edit-line').value !== {before} && document.getElementById('edit-message').classList.contains('ok')"
        ),
    )
    .await;
    page.js("return document.getElementById('edit-line').value")
        .await
}

/// Add, Wall and Exit with the keyboard alone: cells take the focus, the
/// arrows go from cell to cell (or move the exit), Enter places.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and chromedriver (Debian chromium, chromium-driver) and axe-core (npm ci --prefix crates/web/tests/axe): cargo test -p unblocker-web --features browser --test browser -- --include-ignored (.ci/run)"]
async fn the_editor_works_from_the_keyboard() {
    let _one = ONE_BROWSER.lock().await;
    let page = Page::open(&hash(OVERLAP_BOARD, "&v=edit")).await;
    page.click("#tab-edit").await;
    page.wait(
        "the board",
        "document.querySelectorAll('#board .piece').length === 2",
    )
    .await;
    let start = page
        .js("return document.getElementById('edit-line').value")
        .await;
    page.click("#edit-tools button[data-tool=add]").await;
    assert_eq!(
        page.js("return document.activeElement.dataset.tool").await,
        json!("add")
    );
    page.click("#edit-shapes button[data-shape='1x2']").await;
    assert_eq!(
        page.js("return document.activeElement.dataset.shape").await,
        json!("1x2"),
        "the focus stays on the pressed shape"
    );
    // One cell takes Tab; from (0, 0) to (3, 4) with the arrows, then Enter.
    assert_eq!(
        page.js("return document.querySelectorAll('#board .cell[tabindex=\"0\"]').length")
            .await,
        json!(1)
    );
    page.js("document.querySelector('#board .cell[tabindex=\"0\"]').focus()")
        .await;
    for key in [
        ARROW_DOWN,
        ARROW_DOWN,
        ARROW_DOWN,
        ARROW_RIGHT,
        ARROW_RIGHT,
        ARROW_RIGHT,
        ARROW_RIGHT,
    ] {
        page.key(key).await;
    }
    assert_eq!(
        page.js("return document.activeElement.getAttribute('aria-label')")
            .await,
        json!("row 4, column 5: empty")
    );
    page.key(ENTER).await;
    let added = edited_line(&page, &start).await;
    assert_eq!(
        page.js("return document.querySelectorAll('#board .piece').length")
            .await,
        json!(3)
    );
    // A wall at (5, 0).
    page.click("#edit-tools button[data-tool=wall]").await;
    page.js("document.querySelector('#board .cell[tabindex=\"0\"]').focus()")
        .await;
    for key in [
        ARROW_DOWN, ARROW_DOWN, ARROW_LEFT, ARROW_LEFT, ARROW_LEFT, ARROW_LEFT,
    ] {
        page.key(key).await;
    }
    page.key(ENTER).await;
    let walled = edited_line(&page, &added).await;
    assert_eq!(
        page.js("return document.querySelectorAll('#board .wall').length")
            .await,
        json!(1)
    );
    // The exit, from row 3 on the right up one row.
    page.click("#edit-tools button[data-tool=goal]").await;
    page.js("document.querySelector('#board .exit').focus()")
        .await;
    page.key(ARROW_UP).await;
    page.wait(
        "the exit off the red car's row",
        "document.getElementById('edit-message').textContent.includes(\"not on the exit's line\")",
    )
    .await;
    assert_eq!(
        page.js("return document.activeElement.getAttribute('aria-label')")
            .await,
        json!("the exit is on the right side, at row 2; the arrow keys move it")
    );
    page.key(ARROW_DOWN).await;
    page.wait(
        "valid again",
        "document.getElementById('edit-message').textContent === 'Valid Rush Hour board'",
    )
    .await;
    assert_eq!(
        page.js("return document.getElementById('edit-line').value")
            .await,
        walled
    );
    page.close().await;
}

/// In Play one piece takes Tab, the arrows go from piece to piece, Enter
/// picks one up and the arrows slide it; pieces are announced with their
/// orientation and the board with its exit.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and chromedriver (Debian chromium, chromium-driver) and axe-core (npm ci --prefix crates/web/tests/axe): cargo test -p unblocker-web --features browser --test browser -- --include-ignored (.ci/run)"]
async fn play_goes_from_piece_to_piece_with_the_arrows() {
    let _one = ONE_BROWSER.lock().await;
    let page = Page::open(&hash(OVERLAP_BOARD, "&v=play")).await;
    page.wait_for_moves().await;
    assert_eq!(
        page.js("return document.getElementById('board-goal').textContent")
            .await,
        json!("the exit is on the right side, at row 3.")
    );
    let tabbable = page
        .js("return [...document.querySelectorAll('#board .piece[tabindex=\"0\"]')].map(p => p.getAttribute('aria-label'))")
        .await;
    assert_eq!(
        tabbable,
        json!(["red car A (the target), horizontal, row 3, columns 1–2"])
    );
    page.js("document.querySelector('#board .piece[tabindex=\"0\"]').focus()")
        .await;
    page.key(ARROW_UP).await;
    assert_eq!(
        page.js("return document.activeElement.getAttribute('aria-label')")
            .await,
        json!("car B, horizontal, row 1, columns 1–2")
    );
    page.key(ENTER).await;
    page.key(ARROW_RIGHT).await;
    page.wait_count(1).await;
    assert_eq!(
        page.js("return document.activeElement.dataset.label").await,
        json!("B")
    );
    page.close().await;
}

/// A random puzzle's link keeps its title and difficulty, and in Play the
/// moves played; the Share button hands the link to the phone's share sheet
/// (Web Share API) where there is one; the page has a web app manifest with
/// its icons and arrives compressed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and chromedriver (Debian chromium, chromium-driver) and axe-core (npm ci --prefix crates/web/tests/axe): cargo test -p unblocker-web --features browser --test browser -- --include-ignored (.ci/run)"]
async fn links_keep_a_random_puzzle_and_its_moves_and_the_page_installs() {
    let _one = ONE_BROWSER.lock().await;
    let page = phone(Screen::Phone(390, 844), "/").await;
    page.click("#load-random").await;
    page.wait("the solution playing", PLAYING).await;
    let title = page.text("#puzzle-name").await;
    // Two moves of the solution played in Play.
    page.click("#tab-play").await;
    page.wait_for_moves().await;
    let moves = page
        .js("return [...document.querySelectorAll('#w-moves li')].slice(0, 2).map(li => li.textContent)")
        .await;
    let moves: Vec<String> = moves
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect();
    // Played with the keys (Enter picks the piece up, an arrow a cell at a time).
    for (i, m) in moves.iter().enumerate() {
        let f: Vec<&str> = m.split(' ').collect();
        page.js(&format!(
            "document.querySelector('.piece[data-label=\"{}\"]').focus()",
            f[0]
        ))
        .await;
        // (A piece still held from the move before stays held.)
        if i == 0 || !moves[i - 1].starts_with(&format!("{} ", f[0])) {
            page.key(ENTER).await;
        }
        for _ in 0..f[2].parse::<u32>().unwrap() {
            page.wait_for_moves().await;
            page.key(arrow(f[1])).await;
        }
        page.wait_count(i as u32 + 1).await;
        page.wait_for_moves().await;
    }
    page.wait(
        "the link with the moves played",
        "location.hash.includes('&h=')",
    )
    .await;
    let link = page.js_text("return location.hash").await;
    assert!(
        link.contains("&t=") && link.contains("&r=21-25-0-") && link.contains("&h="),
        "{link}"
    );
    // The phone's share sheet gets the link.
    page.js("window.shared = null; navigator.share = data => { window.shared = data; return Promise.resolve(); };")
        .await;
    page.click("#share").await;
    page.wait("the share sheet", "window.shared !== null").await;
    assert_eq!(
        page.js("return window.shared.url === location.href").await,
        json!(true)
    );
    // Opened again: the same title, the moves played, and Next puzzle at the same difficulty.
    page.go("/").await;
    page.go(&format!("/{link}")).await;
    page.wait_count(2).await;
    assert_eq!(page.text("#puzzle-name").await, title);
    assert_eq!(
        page.js("return [document.getElementById('play-count').textContent, location.hash.includes('&h=')]")
            .await,
        json!(["2", true])
    );
    // The manifest and its icons.
    let manifest = page
        .js_async("const done = arguments[arguments.length - 1];
             (async () => {
               const href = document.querySelector('link[rel=manifest]').href;
               const manifest = await (await fetch(href)).json();
               const icons = await Promise.all(manifest.icons.map(async i => {
                 const r = await fetch(i.src);
                 const bitmap = await createImageBitmap(await r.blob());
                 return [r.headers.get('content-type'), `${bitmap.width}x${bitmap.height}`, i.sizes];
               }));
               return { display: manifest.display, start: manifest.start_url, icons };
             })().then(done, e => done(String(e)));")
        .await;
    assert_eq!(
        manifest,
        // Relative: the site works under any path of its host.
        json!({"display": "standalone", "start": ".", "icons": [
            ["image/png", "192x192", "192x192"], ["image/png", "512x512", "512x512"],
            ["image/png", "512x512", "512x512"]]})
    );
    // The page arrived compressed.
    let sizes = page
        .js("const n = performance.getEntriesByType('navigation')[0]; return [n.encodedBodySize, n.decodedBodySize];")
        .await;
    assert!(
        sizes[0].as_u64().unwrap() * 2 < sizes[1].as_u64().unwrap(),
        "compressed: {sizes}"
    );
    page.close().await;
}
