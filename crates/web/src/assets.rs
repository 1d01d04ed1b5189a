//! The page: HTML, CSS and JavaScript modules compiled into the binary, so
//! `unblocker serve` needs no files and the page works offline.

use axum::http::{header, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::Router;

/// `(path, content type, bytes)` of every embedded file.
const ASSETS: &[(&str, &str, &[u8])] = &[
    ("/", HTML, include_bytes!("../static/index.html")),
    ("/app.css", CSS, include_bytes!("../static/app.css")),
    ("/favicon.svg", SVG, include_bytes!("../static/favicon.svg")),
    ("/js/main.js", JS, include_bytes!("../static/js/main.js")),
    ("/js/api.js", JS, include_bytes!("../static/js/api.js")),
    ("/js/board.js", JS, include_bytes!("../static/js/board.js")),
    ("/js/load.js", JS, include_bytes!("../static/js/load.js")),
    (
        "/js/editor.js",
        JS,
        include_bytes!("../static/js/editor.js"),
    ),
    ("/js/solve.js", JS, include_bytes!("../static/js/solve.js")),
    ("/js/watch.js", JS, include_bytes!("../static/js/watch.js")),
    ("/js/play.js", JS, include_bytes!("../static/js/play.js")),
    ("/js/stats.js", JS, include_bytes!("../static/js/stats.js")),
    ("/js/share.js", JS, include_bytes!("../static/js/share.js")),
];

const HTML: &str = "text/html; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const SVG: &str = "image/svg+xml";

pub fn routes() -> Router {
    Router::new().fallback(asset)
}

async fn asset(uri: Uri) -> Response {
    let path = match uri.path() {
        "/index.html" => "/",
        path => path,
    };
    match ASSETS.iter().find(|(p, _, _)| *p == path) {
        Some((_, content_type, bytes)) => (
            [
                (header::CONTENT_TYPE, *content_type),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            *bytes,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}
