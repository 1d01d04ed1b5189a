//! Keyboard and screen-reader use (WCAG 2.1 AA): tabs with arrow keys,
//! pieces reached with Tab and moved with the arrow keys in Play and Edit,
//! Ctrl+Z and Ctrl+Shift+Z, a visible focus, the board's name and live
//! description, piece letters at 4.5:1, and no emoji in any control.

use super::flows::{card, hash, solution};
use super::page::*;
use serde_json::{json, Value};

const TAB: char = '\u{E004}';
const SHIFT: char = '\u{E008}';
pub const CONTROL: char = '\u{E009}';
pub const ENTER: char = '\u{E007}';
pub const ARROW_LEFT: char = '\u{E012}';
pub const ARROW_UP: char = '\u{E013}';
pub const ARROW_RIGHT: char = '\u{E014}';
pub const ARROW_DOWN: char = '\u{E015}';

pub fn arrow(direction: &str) -> char {
    match direction {
        "up" => ARROW_UP,
        "down" => ARROW_DOWN,
        "left" => ARROW_LEFT,
        _ => ARROW_RIGHT,
    }
}

/// The focused element: `tab-play`, `piece B`, or its tag.
async fn focused(page: &Page) -> String {
    page.js_text("const e = document.activeElement; return e.dataset && e.dataset.label ? 'piece ' + e.dataset.label : e.id || e.tagName")
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and chromedriver (Debian chromium, chromium-driver) and axe-core (npm ci --prefix crates/web/tests/axe): cargo test -p unblocker-web --features browser --test browser -- --include-ignored (.ci/run)"]
async fn tabs_follow_the_arrow_keys() {
    let _one = ONE_BROWSER.lock().await;
    let page = Page::open("/").await;
    page.js("document.getElementById('tab-load').focus()").await;
    page.key(ARROW_RIGHT).await;
    assert_eq!(focused(&page).await, "tab-edit");
    page.key(ARROW_RIGHT).await;
    page.key(ARROW_RIGHT).await;
    assert_eq!(focused(&page).await, "tab-play");
    let state = page
        .js("return [...document.querySelectorAll('[role=tab]')].map(t => [t.id, t.getAttribute('aria-selected'), t.tabIndex])")
        .await;
    assert_eq!(
        state,
        json!([
            ["tab-levels", "false", -1],
            ["tab-load", "false", -1],
            ["tab-edit", "false", -1],
            ["tab-watch", "false", -1],
            ["tab-play", "true", 0],
            ["tab-stats", "false", -1]
        ])
    );
    let panel = page
        .js("const p = document.querySelector('.view.active'); return [p.id, p.getAttribute('role'), p.getAttribute('aria-labelledby')]")
        .await;
    assert_eq!(panel, json!(["panel-play", "tabpanel", "tab-play"]));
    page.key(ARROW_LEFT).await;
    assert_eq!(focused(&page).await, "tab-watch");
    page.key('\u{E010}').await; // End
    assert_eq!(focused(&page).await, "tab-stats");
    page.key(ARROW_RIGHT).await; // wraps round
    assert_eq!(focused(&page).await, "tab-levels");
    page.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and chromedriver (Debian chromium, chromium-driver) and axe-core (npm ci --prefix crates/web/tests/axe): cargo test -p unblocker-web --features browser --test browser -- --include-ignored (.ci/run)"]
async fn play_by_keyboard_with_undo_keys_focus_and_live_description() {
    let _one = ONE_BROWSER.lock().await;
    let (optimum, board) = card(1);
    let page = Page::open(&hash("card1", "&v=play")).await;
    page.wait_for_moves().await;
    let name = page
        .js("return document.getElementById('board').getAttribute('aria-label')")
        .await;
    assert_eq!(name, json!("Rush Hour board: card1, 6 by 6"));
    // Tab from the Play tab reaches the pieces.
    page.js("document.getElementById('tab-play').focus()").await;
    let mut reached = String::new();
    for _ in 0..12 {
        page.key(TAB).await;
        reached = focused(&page).await;
        if reached.starts_with("piece") {
            break;
        }
    }
    assert!(
        reached.starts_with("piece"),
        "Tab reaches a piece: {reached}"
    );
    let ring = page
        .js("return getComputedStyle(document.activeElement.querySelector('.ring')).stroke")
        .await;
    assert_eq!(ring, json!("rgb(26, 95, 180)"), "the focus is visible");
    // Play the whole optimal solution with the keys: each slide one cell at a time.
    let moves = solution(&page.base, &board).await;
    let mut presses = 0;
    for m in &moves {
        let label = m["piece"].as_str().unwrap();
        page.js(&format!(
            "document.querySelector('.piece[data-label=\"{label}\"]').focus()"
        ))
        .await;
        page.key(ENTER).await;
        assert_eq!(
            page.js(&format!("return document.querySelector('.piece[data-label=\"{label}\"]').getAttribute('aria-pressed')")).await,
            json!("true"),
            "Enter selects {label}"
        );
        for _ in 0..m["distance"].as_u64().unwrap() {
            page.wait_for_moves().await;
            page.key(arrow(m["direction"].as_str().unwrap())).await;
            presses += 1;
        }
    }
    assert!(presses > moves.len(), "some moves are several cells");
    page.wait(
        "the win",
        &format!(
            "document.getElementById('banner-text').textContent === '{optimum} moves — optimal!'"
        ),
    )
    .await;
    let said = page.text("#board-status").await;
    assert_eq!(said, format!("Solved: {optimum} moves — optimal!"));
    // Ctrl+Z undoes the last slide; Ctrl+Shift+Z redoes it.
    page.js("document.body.focus()").await;
    page.chord(&[CONTROL, 'z']).await;
    page.wait_count(optimum - 1).await;
    let last = moves.last().unwrap();
    assert!(
        page.text("#board-status").await.starts_with(&format!(
            "Undone: {} {}",
            last["piece"].as_str().unwrap(),
            last["direction"].as_str().unwrap()
        )),
        "the undo is announced"
    );
    page.chord(&[CONTROL, SHIFT, 'z']).await;
    page.wait_count(optimum).await;
    page.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and chromedriver (Debian chromium, chromium-driver) and axe-core (npm ci --prefix crates/web/tests/axe): cargo test -p unblocker-web --features browser --test browser -- --include-ignored (.ci/run)"]
async fn edit_by_keyboard_with_undo_and_a_readable_tool() {
    let _one = ONE_BROWSER.lock().await;
    let page = Page::open("/").await;
    page.click("#tab-edit").await;
    let before = page
        .js("return document.getElementById('board-line').textContent")
        .await;
    page.js("document.querySelector('.piece[data-label=\"B\"]').focus()")
        .await;
    page.key(ENTER).await;
    assert_eq!(
        page.js("return document.getElementById('edit-rotate').getAttribute('aria-disabled') === 'false'")
            .await,
        json!(true),
        "Enter selects B"
    );
    // B, the car in the top-left corner, one cell right (free there).
    page.key(ARROW_RIGHT).await;
    page.wait(
        "a new board",
        &format!("document.getElementById('edit-line').value !== {before} && document.getElementById('edit-message').classList.contains('ok')"),
    )
    .await;
    let moved = page
        .js("return document.getElementById('edit-line').value")
        .await;
    assert_ne!(moved, before);
    page.js("document.body.focus()").await;
    page.chord(&[CONTROL, 'z']).await;
    page.wait(
        "the undo",
        &format!("document.getElementById('edit-line').value === {before}"),
    )
    .await;
    page.chord(&[CONTROL, 'y']).await;
    page.wait(
        "the redo",
        &format!("document.getElementById('edit-line').value === {moved}"),
    )
    .await;
    // The chosen tool stays dark under the mouse.
    page.click("#edit-tools button[data-tool=wall]").await;
    let colours = page
        .js("const b = document.querySelector('#edit-tools button[data-tool=wall]'); const s = getComputedStyle(b); return [b.getAttribute('aria-pressed'), s.backgroundColor, s.color, b.matches(':hover')]")
        .await;
    assert_eq!(
        colours,
        json!(["true", "rgb(59, 42, 28)", "rgb(248, 236, 217)", true])
    );
    page.close().await;
}

/// WCAG relative luminance of an `rgb(r, g, b)` or `#rrggbb` colour.
fn luminance(colour: &str) -> f64 {
    let channels: Vec<f64> = if let Some(hex) = colour.strip_prefix('#') {
        (0..3)
            .map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).unwrap() as f64)
            .collect()
    } else {
        colour
            .trim_start_matches("rgb(")
            .trim_end_matches(')')
            .split(',')
            .map(|c| c.trim().parse().unwrap())
            .collect()
    };
    let linear = |c: f64| {
        let c = c / 255.0;
        if c <= 0.03928 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * linear(channels[0]) + 0.7152 * linear(channels[1]) + 0.0722 * linear(channels[2])
}

fn contrast(a: &str, b: &str) -> f64 {
    let (x, y) = (luminance(a), luminance(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and chromedriver (Debian chromium, chromium-driver) and axe-core (npm ci --prefix crates/web/tests/axe): cargo test -p unblocker-web --features browser --test browser -- --include-ignored (.ci/run)"]
async fn piece_letters_read_at_4_5_to_1_and_no_control_needs_an_emoji_font() {
    let _one = ONE_BROWSER.lock().await;
    let page = Page::open("/").await;
    // Rush Hour cards with many cars, and Klotski's three block sizes.
    for puzzle in ["card40", "hardest", "横刀立马"] {
        page.go(&hash(puzzle, "&v=load")).await;
        let pairs = page
            .js("return [...document.querySelectorAll('#board .piece')].map(p => [p.dataset.label, p.querySelector('rect.body').getAttribute('fill'), p.querySelector('text').getAttribute('fill')])")
            .await;
        let pairs = pairs.as_array().unwrap();
        assert!(pairs.len() >= 8, "{puzzle}");
        for pair in pairs {
            let (body, letter) = (pair[1].as_str().unwrap(), pair[2].as_str().unwrap());
            let ratio = contrast(body, letter);
            assert!(ratio >= 4.5, "{puzzle} {pair}: {ratio:.2}");
        }
    }
    // No code point that fonts draw as emoji (or that needs an emoji font):
    // media controls, geometric shapes, dingbats, pictographs.
    let text = page
        .js_text("return document.body.innerText + [...document.querySelectorAll('button, [title], [aria-label]')].map(b => b.textContent + (b.title || '') + (b.getAttribute('aria-label') || '')).join(' ')")
        .await;
    let emoji: Vec<char> = text
        .chars()
        .filter(|&c| {
            matches!(c as u32, 0x2300..=0x23FF | 0x25A0..=0x25FF | 0x2600..=0x27BF | 0x2B00..=0x2BFF | 0x1F000..=0x1FAFF)
        })
        .collect();
    assert_eq!(emoji, Vec::<char>::new());
    let icons: Value = page
        .js("return [...document.querySelectorAll('button svg')].every(s => s.getAttribute('aria-hidden') === 'true')")
        .await;
    assert_eq!(icons, json!(true));
    page.close().await;
}
