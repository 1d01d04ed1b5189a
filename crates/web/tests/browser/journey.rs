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
