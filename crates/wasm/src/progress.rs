//! Progress reports of a search to the page: the worker's callback, called
//! with a progress line as the server streams them
//! ([`unblocker_api::progress_lines`]: at most every
//! [`PROGRESS_EVERY`](unblocker_api::PROGRESS_EVERY)).
//!
//! A search's [`Control`](unblocker_solve::Control) takes a callback that is
//! `Send + Sync`, which a JavaScript function is not; the worker has one
//! thread, so the function waits in a thread-local while the search runs.

use std::cell::RefCell;
use std::sync::Arc;
use unblocker_solve::SearchProgress;

thread_local! {
    /// The function to call.
    static REPORT: RefCell<Option<js_sys::Function>> = const { RefCell::new(None) };
}

/// The callback is set while this lives.
pub struct Reporting;

impl Reporting {
    pub fn to(function: Option<js_sys::Function>) -> Reporting {
        REPORT.with(|report| *report.borrow_mut() = function);
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
    unblocker_api::progress_lines(|line| {
        REPORT.with(|report| {
            if let Some(function) = report.borrow().as_ref() {
                // A failing callback must not stop the search.
                let _ = function.call1(&wasm_bindgen::JsValue::NULL, &line.to_string().into());
            }
        })
    })
}
