//! The player's journey on a phone (and a phone on its side): the board
//! stays on the screen at every step of a playback, and a screenshot of
//! each journey's end is saved (`journey-{size}-{name}.png`, also copied to
//! `/tmp/journey-shots/` when that folder exists).

use crate::flows::hash;
use crate::page::*;
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
    let page = phone(screen, &hash(puzzle, "&v=solve&s=0")).await;
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
    let picture = unblocker_testdata::path("screenshots/unblocker/Puzzle-E-29.jpg")
        .canonicalize()
        .unwrap();
    let input = page
        .client
        .find(fantoccini::Locator::Css("#file"))
        .await
        .unwrap();
    input.send_keys(picture.to_str().unwrap()).await.unwrap();
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
