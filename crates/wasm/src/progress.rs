//! Progress reports of a search to the page: the worker's callback, called
//! with a progress line at most every [`EVERY_MS`] milliseconds.
//!
//! A search's [`Control`](unblocker_solve::Control) takes a callback that is
//! `Send + Sync`, which a JavaScript function is not; the worker has one
//! thread, so the function waits in a thread-local while the search runs.

use std::cell::RefCell;
use std::sync::Arc;
use unblocker_solve::SearchProgress;

/// Progress lines are at least this far apart.
pub const EVERY_MS: f64 = 100.0;

thread_local! {
    /// The function to call, and when it was last called.
    static REPORT: RefCell<Option<(js_sys::Function, f64)>> = const { RefCell::new(None) };
}

/// The callback is set while this lives.
pub struct Reporting;

impl Reporting {
    pub fn to(function: Option<js_sys::Function>) -> Reporting {
        REPORT.with(|report| *report.borrow_mut() = function.map(|f| (f, now())));
        Reporting
    }
}

impl Drop for Reporting {
    fn drop(&mut self) {
        REPORT.with(|report| *report.borrow_mut() = None);
    }
}

/// The callback a search's control calls.
pub fn callback() -> Arc<dyn Fn(SearchProgress) + Send + Sync> {
    Arc::new(report)
}

fn report(p: SearchProgress) {
    REPORT.with(|report| {
        let mut report = report.borrow_mut();
        let Some((function, last)) = report.as_mut() else {
            return;
        };
        let time = now();
        if time - *last >= EVERY_MS {
            *last = time;
            let line = unblocker_api::progress(p).to_string();
            // A failing callback must not stop the search.
            let _ = function.call1(&wasm_bindgen::JsValue::NULL, &line.into());
        }
    });
}

fn now() -> f64 {
    js_sys::Date::now()
}
