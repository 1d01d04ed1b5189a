//! The page's files on the wire: compressed when the browser accepts it
//! (brotli or gzip), with an ETag that a repeat request sends back in
//! `If-None-Match` to get 304 and no body.

use crate::common::*;
use reqwest::header::{ACCEPT_ENCODING, CACHE_CONTROL, CONTENT_ENCODING, ETAG, IF_NONE_MATCH};

/// Every file the page loads.
const PAGE: &[&str] = &[
    "/",
    "/app.css",
    "/favicon.svg",
    "/js/main.js",
    "/js/api.js",
    "/js/board.js",
    "/js/load.js",
    "/js/editor.js",
    "/js/solve.js",
    "/js/watch.js",
    "/js/play.js",
    "/js/stats.js",
    "/js/share.js",
    "/js/site.js",
    "/js/engine.js",
    "/js/offline.js",
    "/js/numbers.js",
];

/// The bytes of `path`'s body as sent with `Accept-Encoding: encoding`
/// (none: the header left out), and the encoding the answer says.
async fn fetch(base: &str, path: &str, encoding: Option<&str>) -> (usize, Option<String>) {
    let mut request = client().get(format!("{base}{path}"));
    if let Some(encoding) = encoding {
        request = request.header(ACCEPT_ENCODING, encoding);
    }
    let response = request.send().await.expect("request");
    assert_eq!(response.status(), 200, "{path}");
    let said = response
        .headers()
        .get(CONTENT_ENCODING)
        .map(|v| v.to_str().unwrap().to_string());
    (response.bytes().await.unwrap().len(), said)
}

#[tokio::test]
async fn the_page_is_sent_compressed() {
    let base = start_default().await;
    let (mut raw, mut gzip, mut brotli) = (0, 0, 0);
    for path in PAGE {
        let (plain, said) = fetch(&base, path, None).await;
        assert_eq!(said, None, "{path}: not compressed unless asked");
        let (zipped, said) = fetch(&base, path, Some("gzip")).await;
        assert_eq!(said.as_deref(), Some("gzip"), "{path}");
        let (broken, said) = fetch(&base, path, Some("gzip, deflate, br")).await;
        assert_eq!(said.as_deref(), Some("br"), "{path}");
        (raw, gzip, brotli) = (raw + plain, gzip + zipped, brotli + broken);
    }
    println!(
        "the page's {} files: {raw} bytes, {gzip} gzipped, {brotli} with brotli",
        PAGE.len()
    );
    assert!(gzip * 10 < raw * 4, "under 40%: {gzip} of {raw}");
    assert!(brotli <= gzip, "{brotli} {gzip}");
}

#[tokio::test]
async fn a_repeat_request_with_the_etag_gets_304() {
    let base = start_default().await;
    for path in PAGE {
        let first = client()
            .get(format!("{base}{path}"))
            .header(ACCEPT_ENCODING, "gzip")
            .send()
            .await
            .unwrap();
        assert_eq!(first.status(), 200);
        assert_eq!(first.headers()[CACHE_CONTROL], "no-cache", "{path}");
        let tag = first.headers()[ETAG].clone();
        let again = client()
            .get(format!("{base}{path}"))
            .header(ACCEPT_ENCODING, "gzip")
            .header(IF_NONE_MATCH, tag.clone())
            .send()
            .await
            .unwrap();
        assert_eq!(again.status(), 304, "{path}");
        assert_eq!(again.headers()[ETAG], tag);
        assert!(again.bytes().await.unwrap().is_empty());
        // Another tag (an older page) gets the file.
        let stale = client()
            .get(format!("{base}{path}"))
            .header(IF_NONE_MATCH, "W/\"0000000000000000\"")
            .send()
            .await
            .unwrap();
        assert_eq!(stale.status(), 200, "{path}");
    }
    // The API's answers are not the page's: no ETag.
    let health = client()
        .get(format!("{base}/api/health"))
        .send()
        .await
        .unwrap();
    assert!(health.headers().get(ETAG).is_none());
}
