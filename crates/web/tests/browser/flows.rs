//! The views' flows: load, scan, solve, step, play to the win by dragging,
//! hint, edit, shared links, random puzzles and cancelling a solve.

use super::page::*;
use crate::common::*;
use serde_json::{json, Value};
use std::path::PathBuf;
use unblocker_model::format;
use unblocker_web::Config;

/// The optimal solution the API gives (moves as "B right 1").
pub async fn solution(base: &str, puzzle: &str) -> Vec<Value> {
    let (_, answer) = post(base, "/api/solve", &json!({"puzzle": puzzle}).to_string()).await;
    answer["solution"].as_array().unwrap().clone()
}

pub fn describe(m: &Value) -> String {
    format!(
        "{} {} {}",
        m["piece"].as_str().unwrap(),
        m["direction"].as_str().unwrap(),
        m["distance"]
    )
}

pub fn card(number: u32) -> (u32, String) {
    let text = unblocker_testdata::read_to_string("puzzles/rush/thinkfun40_verified.txt");
    let row = text
        .lines()
        .find(|l| l.split_whitespace().next() == Some(&number.to_string()))
        .unwrap();
    let f: Vec<&str> = row.split_whitespace().collect();
    (f[1].parse().unwrap(), f[3].to_string())
}

pub fn hash(puzzle: &str, rest: &str) -> String {
    let encoded: String = puzzle
        .bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect();
    format!("/#p={encoded}{rest}")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and chromedriver (Debian chromium, chromium-driver) and axe-core (npm ci --prefix crates/web/tests/axe): cargo test -p unblocker-web --features browser --test browser -- --include-ignored (.ci/run)"]
async fn solve_then_step_play_and_reset_with_buttons_and_keys() {
    let _one = ONE_BROWSER.lock().await;
    let (optimum, board) = card(1);
    let page = Page::open("/").await;
    page.wait(
        "card1's eight pieces",
        "document.querySelectorAll('#board .piece').length === 8",
    )
    .await;
    page.solve_in(optimum).await;
    let moves = solution(&page.base, &board).await;
    let listed = page
        .js("return [...document.querySelectorAll('#w-moves li')].map(li => li.textContent)")
        .await;
    let expected: Vec<String> = moves.iter().map(describe).collect();
    assert_eq!(listed, json!(expected));

    page.click("#w-forward").await;
    page.click("#w-forward").await;
    assert_eq!(page.text("#w-counter").await, format!("2 / {optimum}"));
    assert_eq!(page.text("#w-moves li.current").await, expected[1]);
    page.click("#w-back").await;
    assert_eq!(page.text("#w-counter").await, format!("1 / {optimum}"));
    page.key('\u{E014}').await; // ArrowRight
    assert_eq!(page.text("#w-counter").await, format!("2 / {optimum}"));
    page.key('\u{E012}').await; // ArrowLeft
    page.key('\u{E012}').await;
    assert_eq!(page.text("#w-counter").await, format!("0 / {optimum}"));
    page.js("const s = document.getElementById('w-speed'); s.value = 10; s.dispatchEvent(new Event('input'));").await;
    page.key(' ').await;
    page.wait(
        "the playback's end",
        &format!("document.getElementById('w-counter').textContent === '{optimum} / {optimum}'"),
    )
    .await;
    // The last move ends with the target driving out, then the verdict.
    page.wait(
        "the verdict",
        &format!(
            "document.getElementById('banner-text').textContent === 'Solved: {optimum} moves'"
        ),
    )
    .await;
    assert_eq!(
        page.js("return document.getElementById('board').classList.contains('won')")
            .await,
        json!(true)
    );
    page.key('r').await;
    assert_eq!(page.text("#w-counter").await, format!("0 / {optimum}"));
    page.click("#w-forward").await;
    page.click("#w-forward").await;
    page.click("#w-forward").await;
    page.screenshot("web-solve-desktop.png").await;

    page.click("#tab-stats").await;
    let (_, answer) = post(
        &page.base,
        "/api/solve",
        &json!({"puzzle": board}).to_string(),
    )
    .await;
    let levels = answer["stats"]["per_level"].as_array().unwrap().len();
    let rows = page
        .js("return document.querySelectorAll('#stats-table tbody tr').length")
        .await;
    assert_eq!(rows, json!(levels));
    assert_eq!(
        page.js("return document.querySelectorAll('#stats-chart rect').length > 0")
            .await,
        json!(true)
    );
    page.screenshot("web-stats.png").await;

    page.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and chromedriver (Debian chromium, chromium-driver) and axe-core (npm ci --prefix crates/web/tests/axe): cargo test -p unblocker-web --features browser --test browser -- --include-ignored (.ci/run)"]
async fn play_to_the_win_by_dragging_with_a_hint_and_undo() {
    let _one = ONE_BROWSER.lock().await;
    let (optimum, board) = card(1);
    let page = Page::open(&hash(&board, "&v=play")).await;
    page.wait(
        "the optimum",
        &format!("document.getElementById('play-optimum').textContent === '{optimum}'"),
    )
    .await;
    let moves = solution(&page.base, &board).await;
    page.wait_for_moves().await;
    page.click("#play-hint").await;
    page.wait(
        "a hint",
        "document.getElementById('play-message').textContent.startsWith('Hint:')",
    )
    .await;
    assert_eq!(
        page.text("#play-message").await,
        format!("Hint: {} ({optimum} to go)", describe(&moves[0]))
    );
    assert_eq!(page.js(&format!("return document.querySelector('.piece[data-label=\"{}\"]').classList.contains('highlight')", moves[0]["piece"].as_str().unwrap())).await, json!(true));
    for (i, m) in moves.iter().enumerate() {
        // Wait for the legal moves of the position before dragging.
        page.wait_for_moves().await;
        page.drag_move(m).await;
        page.wait_count(i as u32 + 1).await;
    }
    // The board flashes and the target drives out through the exit, then
    // the verdict.
    page.wait(
        "the drive-out",
        "document.querySelector('.piece[data-label=\"A\"]').getAnimations().some(a => !(a instanceof CSSTransition))",
    )
    .await;
    assert_eq!(
        page.js("return [document.getElementById('board').classList.contains('won'), document.getElementById('banner').hidden]").await,
        json!([true, true]),
        "the verdict waits for the animation"
    );
    page.wait("the win", "!document.getElementById('banner').hidden")
        .await;
    assert_eq!(
        page.text("#banner-text").await,
        format!("{optimum} moves — optimal!")
    );
    // Out through the exit on the right of the six columns.
    let target = page
        .js("const s = document.querySelector('.piece[data-label=\"A\"]').style; return [s.transform, s.opacity]")
        .await;
    assert_eq!(target, json!(["translate(600px, 200px)", "0"]));
    page.screenshot("web-play-won.png").await;
    page.click("#play-undo").await;
    page.wait_count(optimum - 1).await;
    page.wait(
        "the banner to go",
        "document.getElementById('banner').hidden",
    )
    .await;
    page.click("#play-redo").await;
    page.wait(
        "the redo",
        "document.getElementById('banner-text').textContent.includes('optimal')",
    )
    .await;
    page.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and chromedriver (Debian chromium, chromium-driver) and axe-core (npm ci --prefix crates/web/tests/axe): cargo test -p unblocker-web --features browser --test browser -- --include-ignored (.ci/run)"]
async fn klotski_pieces_are_dragged_in_four_directions() {
    let _one = ONE_BROWSER.lock().await;
    // 横刀立马: BAAC/BAAC/DEEF/DGHF/I..J; H is the 1×1 block at row 3, column 2.
    let page = Page::open(&hash("横刀立马", "&v=play")).await;
    page.wait(
        "the optimum",
        "document.getElementById('play-optimum').textContent === '81'",
    )
    .await;
    page.wait_for_moves().await;
    page.drag("H", 1, 0).await;
    page.wait_count(1).await;
    page.wait_for_moves().await;
    page.drag("H", 0, -1).await;
    page.wait("H left", "document.querySelector('.piece[data-label=\"H\"]').style.transform === 'translate(100px, 400px)'").await;
    // One piece moving along a path is one move in the piece metric.
    assert_eq!(page.text("#play-count").await, "1");
    // A blocked direction does not move: G cannot go up into E.
    page.wait_for_moves().await;
    page.drag_handled("G", -1, 0).await;
    assert_eq!(page.text("#play-count").await, "1");
    page.screenshot("web-play-klotski.png").await;
    page.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and chromedriver (Debian chromium, chromium-driver) and axe-core (npm ci --prefix crates/web/tests/axe): cargo test -p unblocker-web --features browser --test browser -- --include-ignored (.ci/run)"]
async fn the_editor_builds_a_board_that_then_solves() {
    let _one = ONE_BROWSER.lock().await;
    let page = Page::open("/").await;
    page.click("#tab-edit").await;
    page.click("#edit-clear").await;
    page.wait(
        "a validation message",
        "document.getElementById('edit-message').classList.contains('error')",
    )
    .await;
    page.click("#edit-tools button[data-tool=add]").await;
    page.click("#edit-shapes button[data-shape='2x1']").await;
    page.click_cell(2, 0).await;
    page.click("#edit-shapes button[data-shape='1x3']").await;
    page.click_cell(0, 3).await;
    page.click("#edit-tools button[data-tool=wall]").await;
    page.click_cell(5, 5).await;
    let expected = format::to_line(
        &format::parse(
            "oooBoo/oooBoo/AAoBoo/oooooo/oooooo/ooooox",
            Default::default(),
        )
        .unwrap(),
    );
    page.wait(
        "the board string",
        &format!("document.getElementById('edit-line').value === '{expected}'"),
    )
    .await;
    assert_eq!(page.text("#edit-message").await, "Valid Rush Hour board");
    page.screenshot("web-edit.png").await;
    // Rotating the truck makes it lie across the top row.
    page.click("#edit-tools button[data-tool=move]").await;
    page.click(".piece[data-label=B] rect").await;
    page.click("#edit-rotate").await;
    let rotated = format::to_line(
        &format::parse(
            "oooBBB/oooooo/AAoooo/oooooo/oooooo/ooooox",
            Default::default(),
        )
        .unwrap(),
    );
    page.wait(
        "the rotated board",
        &format!("document.getElementById('edit-line').value === '{rotated}'"),
    )
    .await;
    page.click("#edit-rotate").await;
    page.wait(
        "the board string",
        &format!("document.getElementById('edit-line').value === '{expected}'"),
    )
    .await;
    page.view("watch").await;
    page.click("#solve").await;
    page.wait(
        "the answer",
        "document.getElementById('result').textContent.startsWith('Solved in 2 moves')",
    )
    .await;
    page.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and chromedriver (Debian chromium, chromium-driver) and axe-core (npm ci --prefix crates/web/tests/axe): cargo test -p unblocker-web --features browser --test browser -- --include-ignored (.ci/run)"]
async fn a_shared_link_reopens_the_puzzle_at_its_step() {
    let _one = ONE_BROWSER.lock().await;
    let (optimum, board) = card(1);
    // A link of the time the view was called Solve (`v=solve`) opens Watch.
    let page = Page::open(&hash(&board, "&v=solve&s=3")).await;
    page.wait(
        "step 3",
        &format!("document.getElementById('w-counter').textContent === '3 / {optimum}'"),
    )
    .await;
    let moves = solution(&page.base, &board).await;
    assert_eq!(page.text("#w-moves li.current").await, describe(&moves[2]));
    // Stepping updates the link (a moment later: the writes of a tap are one).
    page.click("#w-forward").await;
    page.wait(
        "the link at step 4",
        "location.hash.includes('&v=watch&s=4')",
    )
    .await;
    page.go(&hash("横刀立马", "&v=watch")).await;
    page.wait(
        "the Klotski answer",
        "document.getElementById('result').textContent.startsWith('Solved in 81 moves')",
    )
    .await;
    assert_eq!(page.text("#game-badge").await, "KLOTSKI");
    page.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and chromedriver (Debian chromium, chromium-driver) and axe-core (npm ci --prefix crates/web/tests/axe): cargo test -p unblocker-web --features browser --test browser -- --include-ignored (.ci/run)"]
async fn a_screenshot_is_scanned_beside_the_original_and_a_failure_shows_why() {
    let _one = ONE_BROWSER.lock().await;
    let index = unblocker_testdata::read_to_string("screenshots/INDEX.tsv");
    let row: Vec<&str> = index
        .lines()
        .find(|l| l.starts_with("unblocker/Puzzle-E-29.jpg"))
        .unwrap()
        .split('\t')
        .collect();
    let expected = format::to_line(
        &format::parse(&format!("{}:{}", row[4], row[5]), Default::default()).unwrap(),
    );
    let page = Page::open("/").await;
    let picture = unblocker_testdata::path("screenshots").join(row[0]);
    page.pick_file(&picture).await;
    page.wait(
        "the scan",
        "document.getElementById('scan-message').textContent.startsWith('Scanned')",
    )
    .await;
    assert_eq!(page.text("#board-line").await, expected);
    assert_eq!(
        page.js("return document.getElementById('original').hidden")
            .await,
        json!(false)
    );
    page.screenshot("web-scan.png").await;
    let original = "return document.getElementById('original-image').src";
    let first = page.js(original).await;

    let blank = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("web-blank.png");
    image::RgbImage::from_pixel(240, 400, image::Rgb([40, 90, 160]))
        .save(&blank)
        .unwrap();
    page.pick_file(&blank).await;
    page.wait(
        "the failure",
        "document.getElementById('scan-message').textContent.startsWith('The scan failed')",
    )
    .await;
    assert_eq!(page.js("return !document.getElementById('scan-overlay').hidden && document.getElementById('scan-overlay').naturalWidth > 0").await, json!(true));
    page.screenshot("web-scan-failed.png").await;
    assert_eq!(
        page.js(original).await,
        first,
        "the failed picture is not shown beside a board it did not give"
    );
    // The board of the good scan stays.
    assert_eq!(page.text("#board-line").await, expected);
    page.close().await;
}

/// Picks the random-puzzle category `level` (e.g. `21-25`, `31-`) and
/// loads a random puzzle of it.
async fn load_random(page: &Page, level: &str) {
    page.js(&format!(
        "document.getElementById('random-level').value = '{level}';"
    ))
    .await;
    page.click("#load-random").await;
    page.wait(
        "a random puzzle",
        "document.getElementById('load-message').textContent.startsWith('Loaded')",
    )
    .await;
}

/// What the random row says (in the Load view, which Watch replaced).
async fn note(page: &Page) -> String {
    page.js_text("return document.getElementById('random-note').textContent")
        .await
}

/// Without a database file, random puzzles come from the sample built into
/// the binary, and the page says so before and after.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and chromedriver (Debian chromium, chromium-driver) and axe-core (npm ci --prefix crates/web/tests/axe): cargo test -p unblocker-web --features browser --test browser -- --include-ignored (.ci/run)"]
async fn without_a_database_random_puzzles_come_from_the_embedded_sample() {
    let _one = ONE_BROWSER.lock().await;
    let page = Page::open_with(Config::default(), "/").await;
    page.wait(
        "the note on the sample",
        "document.getElementById('random-note').textContent.includes('sample built into')",
    )
    .await;
    load_random(&page, "21-25").await;
    let note = note(&page).await;
    assert!(
        note.starts_with("Drew: Intermediate, no walls, ")
            && note.contains(&format!("from {}", unblocker_db::SAMPLE_NAME)),
        "{note}"
    );
    let moves: u32 = note["Drew: Intermediate, no walls, ".len()..]
        .split_whitespace()
        .next()
        .and_then(|m| m.parse().ok())
        .expect("the note gives the optimum");
    assert!((21..=25).contains(&moves), "{note}");
    page.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and chromedriver (Debian chromium, chromium-driver) and axe-core (npm ci --prefix crates/web/tests/axe): cargo test -p unblocker-web --features browser --test browser -- --include-ignored (.ci/run)"]
async fn a_random_database_puzzle_of_a_chosen_difficulty_loads() {
    let _one = ONE_BROWSER.lock().await;
    let (_folder, database) = rush1000_database();
    let path = database.clone();
    let config = Config {
        database: Some(database),
        ..Config::default()
    };
    let page = Page::open_with(config, "/").await;
    page.wait(
        "the random button",
        "!document.getElementById('load-random').disabled",
    )
    .await;
    load_random(&page, "31-").await;
    let line = page.text("#board-line").await;
    let lines = unblocker_testdata::read_to_string("puzzles/rush/rush1000.txt");
    let moves: Vec<u32> = lines
        .lines()
        .filter(|l| {
            let board = l.split_whitespace().nth(1).unwrap_or("");
            format::parse(board, Default::default())
                .map(|b| format::to_line(&b))
                .ok()
                == Some(line.clone())
        })
        .map(|l| l.split_whitespace().next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(moves.len(), 1, "{line} is one of the database's puzzles");
    assert!(
        moves[0] >= 31,
        "an expert puzzle: {line}: {} moves",
        moves[0]
    );
    // Its optimum and where it came from.
    assert_eq!(
        page.text("#puzzle-name").await,
        format!("Random expert puzzle · {} moves · no walls", moves[0])
    );
    let note = note(&page).await;
    assert!(
        note.starts_with(&format!(
            "Drew: Expert, no walls, {} moves at best",
            moves[0]
        )) && note.contains(&format!("from {}", path.display())),
        "{note}"
    );
    // It is not one of the bundled puzzles: the list says so.
    assert_eq!(
        page.js("return document.getElementById('bundled').value")
            .await,
        json!("")
    );
    page.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and chromedriver (Debian chromium, chromium-driver) and axe-core (npm ci --prefix crates/web/tests/axe): cargo test -p unblocker-web --features browser --test browser -- --include-ignored (.ci/run)"]
async fn a_long_solve_shows_live_counts_and_cancel_stops_it_on_the_server() {
    let _one = ONE_BROWSER.lock().await;
    let page = Page::open("/").await;
    page.load_text(ENDLESS).await;
    page.view("watch").await;
    page.click("#solve").await;
    page.wait("live counts", "/[0-9,]+ examined · [0-9,]+ enqueued · depth/.test(document.getElementById('progress-text').textContent)").await;
    page.screenshot("web-solve-progress.png").await;
    page.click("#cancel").await;
    page.wait(
        "the cancellation",
        "document.getElementById('result').textContent === 'Cancelled.'",
    )
    .await;
    let counts = wait_for_counts(&page.base, |c| c["cancelled"] == 1 && c["running"] == 0).await;
    assert_eq!(counts["cancelled"], 1, "{counts}");
    page.close().await;
}

/// A database of rush1000.txt's puzzles in a fresh folder, kept while the
/// folder lives.
pub fn rush1000_database() -> (tempfile::TempDir, std::path::PathBuf) {
    let folder = tempfile::tempdir().unwrap();
    let database = folder.path().join("puzzles.sqlite");
    let lines = unblocker_testdata::read_to_string("puzzles/rush/rush1000.txt");
    unblocker_db::Database::open(&database)
        .unwrap()
        .import(lines.as_bytes())
        .unwrap();
    (folder, database)
}
