//! The page: HTML, CSS, JavaScript modules, the web app manifest and its
//! icons (to add the page to a phone's home screen) compiled into the
//! binary, so `unblocker serve` needs no files and the page works offline. Each answer carries an ETag (a hash of the
//! file's bytes): a browser revalidates its copy (`cache-control:
//! no-cache`) and gets 304 without the body when it is still current.
//! Text is sent gzip- or brotli-compressed when the browser accepts it.

use crate::error::ApiError;
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::Router;
use std::sync::LazyLock;
use tower_http::compression::{CompressionLayer, CompressionLevel};

/// `(path, content type, bytes)` of every embedded file.
const ASSETS: &[(&str, &str, &[u8])] = &[
    ("/", HTML, include_bytes!("../static/index.html")),
    ("/app.css", CSS, include_bytes!("../static/app.css")),
    ("/favicon.svg", SVG, include_bytes!("../static/favicon.svg")),
    (
        "/manifest.webmanifest",
        MANIFEST,
        include_bytes!("../static/manifest.webmanifest"),
    ),
    (
        "/icon-192.png",
        PNG,
        include_bytes!("../static/icon-192.png"),
    ),
    (
        "/icon-512.png",
        PNG,
        include_bytes!("../static/icon-512.png"),
    ),
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
const PNG: &str = "image/png";
const MANIFEST: &str = "application/manifest+json";

/// The ETag of each file of [`ASSETS`], in the same order: a weak tag (the
/// bytes sent may be compressed) of the FNV-1a hash of its bytes.
static ETAGS: LazyLock<Vec<HeaderValue>> = LazyLock::new(|| {
    ASSETS
        .iter()
        .map(|(_, _, bytes)| {
            let hash = bytes.iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
                (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3)
            });
            HeaderValue::from_str(&format!("W/\"{hash:016x}\"")).expect("an ASCII tag")
        })
        .collect()
});

pub fn routes() -> Router {
    Router::new()
        .fallback(asset)
        // Level 9: the files are small, and brotli's default level makes
        // them larger than gzip does.
        .layer(
            CompressionLayer::new()
                .gzip(true)
                .br(true)
                .quality(CompressionLevel::Precise(9)),
        )
}

/// True when `If-None-Match` lists `tag` (or `*`): the browser's copy is current.
fn current(headers: &HeaderMap, tag: &HeaderValue) -> bool {
    let wanted = tag.to_str().unwrap_or_default().trim_start_matches("W/");
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .map(|candidate| candidate.trim().trim_start_matches("W/"))
        .any(|candidate| candidate == wanted || candidate == "*")
}

/// The page's files: GET and HEAD only; another method gets a JSON 405
/// with `Allow`, as the API's routes do.
async fn asset(method: Method, uri: Uri, headers: HeaderMap) -> Response {
    let path = match uri.path() {
        "/index.html" => "/",
        path => path,
    };
    let Some(index) = ASSETS.iter().position(|(p, _, _)| *p == path) else {
        return ApiError::new(StatusCode::NOT_FOUND, "not found").into_response();
    };
    if !matches!(method, Method::GET | Method::HEAD) {
        let refusal = ApiError::new(
            StatusCode::METHOD_NOT_ALLOWED,
            format!("{path} is a file of the page: it takes GET and HEAD only"),
        );
        return (
            [(header::ALLOW, HeaderValue::from_static("GET, HEAD"))],
            refusal,
        )
            .into_response();
    }
    let (_, content_type, bytes) = ASSETS[index];
    let tag = ETAGS[index].clone();
    let revalidate = (header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    if current(&headers, &tag) {
        return (StatusCode::NOT_MODIFIED, [(header::ETAG, tag), revalidate]).into_response();
    }
    (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(content_type)),
            revalidate,
            (header::ETAG, tag),
        ],
        bytes,
    )
        .into_response()
}
