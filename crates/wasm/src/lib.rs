#![doc = include_str!("../README.md")]

mod progress;

use serde::Serialize;
use serde_json::Value;
use std::cell::RefCell;
use unblocker_api::{ApiError, Budget, PuzzleRequest};
use unblocker_solve::{Control, MemoryBudget, Solver};
use wasm_bindgen::prelude::*;

thread_local! {
    /// The worker's search memory, kept from one search to the next.
    static SOLVER: RefCell<Solver> = RefCell::new(Solver::new());
}

/// `POST /api/board`: the puzzle read and validated, with its legal moves.
#[wasm_bindgen]
pub fn board(request: &str) -> String {
    reply(read::<PuzzleRequest>(request).and_then(|r| unblocker_api::board(&r)))
}

/// `GET /api/puzzles`: the bundled puzzles.
#[wasm_bindgen]
pub fn puzzles() -> String {
    reply(Ok(unblocker_api::puzzles()))
}

/// `POST /api/solve`: the object of `unblocker solve --json`. The search
/// holds at most `max_memory` bytes (it stops with `memory_limit` before a
/// table that would not fit); `on_progress`, when given, receives a
/// progress line (`{"progress": {…}}` as JSON text) at most every 100 ms.
/// Cancelling is ending the worker.
#[wasm_bindgen]
pub fn solve(request: &str, max_memory: f64, on_progress: Option<js_sys::Function>) -> String {
    let _reporting = progress::Reporting::to(on_progress);
    reply(job_of(request).and_then(|job| {
        let control = control(&job.budget, max_memory);
        SOLVER.with(|solver| unblocker_api::solve(&mut solver.borrow_mut(), &job, &control))
    }))
}

/// `POST /api/analyze`: the object of `unblocker analyze --json`.
#[wasm_bindgen]
pub fn analyze(request: &str, max_memory: f64, on_progress: Option<js_sys::Function>) -> String {
    let _reporting = progress::Reporting::to(on_progress);
    reply(job_of(request).and_then(|job| {
        let control = control(&job.budget, max_memory);
        SOLVER.with(|solver| unblocker_api::analyze(&mut solver.borrow_mut(), &job, &control))
    }))
}

/// `GET /api/random`: a puzzle of `{"query": "min=M&max=N&walls=W"}` (the
/// query string the server's `/api/random` takes, read by the same
/// [`unblocker_api::difficulty`]) from the sample of the full 6×6 database
/// that the engine carries, picked by `random` (the page passes a random
/// number).
#[wasm_bindgen]
pub fn random(request: &str, random: u32) -> String {
    reply(
        read::<RandomRequest>(request)
            .and_then(|r| unblocker_api::difficulty(&r.query))
            .and_then(|difficulty| unblocker_api::from_sample(&difficulty, u64::from(random))),
    )
}

/// The request of [`random`].
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RandomRequest {
    query: String,
}

/// `GET /api/levels`: every band with its levels.
#[wasm_bindgen]
pub fn levels() -> String {
    reply(Ok(unblocker_api::levels()))
}

/// `GET /api/level?id=BAND/N`: `{"id": "beginner/1"}`, the level with its
/// board answer (400 for an address that does not read, 404 past a band's
/// last level).
#[wasm_bindgen]
pub fn level(request: &str) -> String {
    reply(read::<LevelRequest>(request).and_then(|r| unblocker_api::level(&r.id)))
}

/// `GET /api/daily?date=YYYY-MM-DD`: `{"date": "2025-03-14"}` (the page's
/// own calendar day), that date's puzzle.
#[wasm_bindgen]
pub fn daily(request: &str) -> String {
    reply(read::<DailyRequest>(request).and_then(|r| unblocker_api::daily(&r.date)))
}

/// `POST /api/review`: a game's review, from one analysis of the
/// puzzle's component holding at most `max_memory` bytes.
#[wasm_bindgen]
pub fn review(request: &str, max_memory: f64) -> String {
    reply(
        read::<unblocker_api::ReviewRequest>(request)
            .and_then(|r| r.job(&UNLIMITED))
            .and_then(|review| {
                let control = control(&review.job.budget, max_memory);
                SOLVER.with(|solver| {
                    unblocker_api::review(&mut solver.borrow_mut(), &review, &control)
                })
            }),
    )
}

/// The request of [`level`].
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct LevelRequest {
    id: String,
}

/// The request of [`daily`].
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct DailyRequest {
    date: String,
}

/// `POST /api/scan`: the board read from a picture the browser decoded
/// (`width`×`height` RGBA pixels, as `getImageData` gives them): `scan
/// --json`'s object, or the server's refusal of the same picture
/// ([`unblocker_api::refused`]: 422 when no board was read, after which the
/// worker asks [`scan_overlay`] for the debug overlay; 413 for a picture
/// over the limit, which the worker asks [`check_size`] before it reads the
/// pixels).
#[wasm_bindgen]
pub fn scan(rgba: &[u8], width: u32, height: u32) -> String {
    reply(
        unblocker_scan::Pixels::rgba(width, height, rgba)
            .map_err(unblocker_api::refused)
            .and_then(|p| unblocker_api::scanned(unblocker_scan::scan_pixels(p, &|| false))),
    )
}

/// Whether a decoded picture of `width`×`height` pixels may be scanned,
/// asked before its pixels are read: `{"answer": null}`, or the 413 the
/// server answers for it, with its message.
#[wasm_bindgen]
pub fn check_size(width: u32, height: u32) -> String {
    reply(
        unblocker_scan::check_size(width, height)
            .map(|()| Value::Null)
            .map_err(unblocker_api::refused),
    )
}

/// What the scanner saw, drawn over the picture: RGBA pixels of the same
/// size (empty when the pixels are not a picture of that size).
#[wasm_bindgen]
pub fn scan_overlay(rgba: &[u8], width: u32, height: u32) -> Vec<u8> {
    unblocker_scan::Pixels::rgba(width, height, rgba)
        .map(|p| unblocker_scan::debug_overlay_pixels(p).rgba)
        .unwrap_or_default()
}

/// What a search in the browser may use when the request does not say:
/// no time limit (Cancel ends the worker) and no node limit; memory is
/// capped by the caller.
const UNLIMITED: Budget = Budget {
    timeout: std::time::Duration::from_secs(1_000_000),
    max_nodes: u64::MAX,
};

/// A request's JSON text read as `T`, with the API's message when it does not read.
fn read<T: serde::de::DeserializeOwned>(request: &str) -> Result<T, ApiError> {
    unblocker_api::json_body(request.as_bytes())
}

fn job_of(request: &str) -> Result<unblocker_api::Job, ApiError> {
    read::<PuzzleRequest>(request)?.job(&UNLIMITED)
}

fn control(budget: &Budget, max_memory: f64) -> Control {
    Control {
        max_nodes: Some(budget.max_nodes),
        timeout: Some(budget.timeout),
        progress: Some(progress::callback()),
        memory: Some(MemoryBudget::new(max_memory.max(0.0) as u64)),
        cancel: None,
    }
}

/// What every function answers the page, as JSON text: the page's `Reply`
/// (`crates/web/static/js/protocol.js`), which the worker posts back as it
/// is.
#[derive(Serialize)]
#[serde(untagged)]
enum Reply {
    /// The API's object.
    Answer { answer: Value },
    /// The API's refusal: the status and body the server answers.
    Refusal { status: u16, body: Value },
}

/// The JSON text of an answer or an error.
fn reply(result: Result<Value, ApiError>) -> String {
    let reply = match result {
        Ok(answer) => Reply::Answer { answer },
        Err(error) => Reply::Refusal {
            status: error.status.as_u16(),
            body: error.body(),
        },
    };
    serde_json::to_string(&reply).expect("a reply is written as JSON")
}
