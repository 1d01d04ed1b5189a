//! Animations: a bent Klotski move travels along its path and never through
//! another block; the win drives the target out through the exit, and with
//! `prefers-reduced-motion` nothing moves but the result is the same.

use super::flows::{hash, solution};
use super::page::*;
use serde_json::json;
use unblocker_web::Config;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and chromedriver (Debian chromium, chromium-driver) and axe-core (npm ci --prefix crates/web/tests/axe): cargo test -p unblocker-web --features browser --test browser -- --include-ignored (.ci/run)"]
async fn a_bent_klotski_move_travels_round_the_corner() {
    let _one = ONE_BROWSER.lock().await;
    let page = Page::open(&hash("横刀立马", "&v=load")).await;
    let moves = solution(&page.base, "横刀立马").await;
    let (index, bent) = moves
        .iter()
        .enumerate()
        .find(|(_, m)| m["path"].as_array().is_some_and(|p| p.len() == 2))
        .expect("横刀立马's solution has a bent move");
    let label = bent["piece"].as_str().unwrap();
    page.go(&hash("横刀立马", &format!("&v=watch&s={index}")))
        .await;
    page.wait(
        "the step before the bent move",
        &format!("document.getElementById('w-counter').textContent === '{index} / 81'"),
    )
    .await;
    page.click("#w-forward").await;
    // Stop the move's animation at 41 moments and look where the block is.
    let travel = page
        .js(&format!(
            "const node = document.querySelector('.piece[data-label=\"{label}\"]');
             const animation = node.getAnimations().find(a => !(a instanceof CSSTransition));
             if (!animation) return null;
             animation.pause();
             const end = animation.effect.getComputedTiming().endTime;
             const others = [...document.querySelectorAll('.piece')].filter(p => p !== node)
               .map(p => p.querySelector('rect.body').getBoundingClientRect());
             const overlaps = [];
             for (let i = 0; i <= 40; i++) {{
               animation.currentTime = end * i / 40;
               const r = node.querySelector('rect.body').getBoundingClientRect();
               if (others.some(o => r.left < o.right - 1 && o.left < r.right - 1 && r.top < o.bottom - 1 && o.top < r.bottom - 1)) overlaps.push(i);
             }}
             const frames = animation.effect.getKeyframes().map(k => k.transform);
             animation.finish();
             return {{ overlaps, frames }};"
        ))
        .await;
    assert!(!travel.is_null(), "the bent move {bent} is animated");
    assert_eq!(travel["overlaps"], json!([]), "{bent}: {travel}");
    let frames = travel["frames"].as_array().unwrap();
    assert_eq!(frames.len(), 3, "start, corner, end: {travel}");
    page.close().await;
}

/// A board one move from solved: the target alone, four cells from the exit.
const ONE_MOVE: &str = "oooooo/oooooo/AAoooo/oooooo/oooooo/oooooo";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and chromedriver (Debian chromium, chromium-driver) and axe-core (npm ci --prefix crates/web/tests/axe): cargo test -p unblocker-web --features browser --test browser -- --include-ignored (.ci/run)"]
async fn the_win_drives_the_target_out() {
    let _one = ONE_BROWSER.lock().await;
    let page = Page::open(&hash(ONE_MOVE, "&v=play")).await;
    page.wait_for_moves().await;
    page.wait(
        "the optimum",
        "document.getElementById('play-optimum').textContent === '1'",
    )
    .await;
    page.drag("A", 0, 4).await;
    page.wait(
        "the drive-out",
        "document.querySelector('.piece[data-label=\"A\"]').getAnimations().some(a => !(a instanceof CSSTransition))",
    )
    .await;
    assert_eq!(
        page.js("return document.getElementById('banner').hidden")
            .await,
        json!(true),
        "the verdict comes after the drive-out"
    );
    page.wait("the verdict", "!document.getElementById('banner').hidden")
        .await;
    assert_eq!(page.text("#banner-text").await, "1 move — optimal!");
    page.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and chromedriver (Debian chromium, chromium-driver) and axe-core (npm ci --prefix crates/web/tests/axe): cargo test -p unblocker-web --features browser --test browser -- --include-ignored (.ci/run)"]
async fn reduced_motion_wins_without_moving() {
    let _one = ONE_BROWSER.lock().await;
    let browser = Browser {
        reduced_motion: true,
        ..Browser::default()
    };
    let page = Page::launch(Config::default(), browser, &hash(ONE_MOVE, "&v=play")).await;
    assert_eq!(
        page.js("return matchMedia('(prefers-reduced-motion: reduce)').matches")
            .await,
        json!(true)
    );
    page.wait_for_moves().await;
    page.wait(
        "the optimum",
        "document.getElementById('play-optimum').textContent === '1'",
    )
    .await;
    let glide = page
        .js("return getComputedStyle(document.querySelector('.piece')).transitionDuration")
        .await;
    assert_eq!(glide, json!("0s"));
    page.drag("A", 0, 4).await;
    page.wait("the verdict", "!document.getElementById('banner').hidden")
        .await;
    assert_eq!(page.text("#banner-text").await, "1 move — optimal!");
    let target = page
        .js("const a = document.querySelector('.piece[data-label=\"A\"]'); return [a.getAnimations().length, a.style.transform, a.style.opacity, getComputedStyle(document.querySelector('#board svg')).animationName]")
        .await;
    assert_eq!(target, json!([0, "translate(600px, 200px)", "0", "none"]));
    page.close().await;
}
