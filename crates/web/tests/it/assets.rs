//! The page's files on the wire: compressed when the browser accepts it
//! (brotli or gzip), with an ETag that a repeat request sends back in
//! `If-None-Match` to get 304 and no body.

use crate::common::*;
use reqwest::header::{ACCEPT_ENCODING, CACHE_CONTROL, CONTENT_ENCODING, ETAG, IF_NONE_MATCH};

/// Every file the page loads as text, found from the page itself: what
/// index.html names (its scripts, style sheet, manifest and SVG icon) and
/// every module those import, as paths under the server's address.
fn page() -> Vec<String> {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("static");
    let read = |file: &str| {
        std::fs::read_to_string(folder.join(file)).unwrap_or_else(|e| {
            panic!("static/{file}, which the page loads (index.html or a module names it): {e}")
        })
    };
    let html = read("index.html");
    let mut files = vec!["/".to_string()];
    let mut modules = Vec::new();
    for attribute in ["src=\"", "href=\""] {
        for (at, _) in html.match_indices(attribute) {
            let rest = &html[at + attribute.len()..];
            let file = &rest[..rest.find('"').unwrap()];
            if file.ends_with(".png") {
                continue;
            }
            if file.ends_with(".js") {
                modules.push(file.to_string());
            }
            files.push(format!("/{file}"));
        }
    }
    // The modules they import, and theirs (`from './x.js'` in js/).
    while let Some(module) = modules.pop() {
        let text = read(&module);
        for (at, _) in text.match_indices("from './") {
            let rest = &text[at + "from './".len()..];
            let file = format!("js/{}", &rest[..rest.find('\'').unwrap()]);
            if !files.contains(&format!("/{file}")) {
                files.push(format!("/{file}"));
                modules.push(file);
            }
        }
    }
    files
}

#[test]
fn the_page_is_found_from_index_html() {
    let page = page();
    for file in [
        "/",
        "/app.css",
        "/favicon.svg",
        "/manifest.webmanifest",
        "/js/main.js",
        "/js/engine.js",
        "/js/protocol.js",
        "/js/dom.js",
        "/js/site.js",
    ] {
        assert!(page.contains(&file.to_string()), "{file}: {page:?}");
    }
    assert!(
        !page
            .iter()
            .any(|f| f.ends_with("worker.js") || f.ends_with("sw.js")),
        "{page:?}"
    );
}

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
    let page = page();
    for path in &page {
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
        page.len()
    );
    assert!(gzip * 10 < raw * 4, "under 40%: {gzip} of {raw}");
    assert!(brotli <= gzip, "{brotli} {gzip}");
}

#[tokio::test]
async fn a_repeat_request_with_the_etag_gets_304() {
    let base = start_default().await;
    for path in page() {
        let first = client()
            .get(format!("{base}{path}"))
            .header(ACCEPT_ENCODING, "gzip")
            .send()
            .await
            .unwrap();
        assert_eq!(first.status(), 200, "{path}");
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

/// `unblocker serve` has no service worker to receive a share and takes no
/// shares itself, and compiles in no install screenshots: its manifest
/// leaves both out, keeps opening a picture with the installed app (the
/// page scans it through the API), and every icon it names is served.
#[tokio::test]
async fn the_served_manifest_names_only_what_the_server_has() {
    let base = start_default().await;
    let (status, manifest) = get(&base, "/manifest.webmanifest").await;
    assert_eq!(status, 200);
    assert!(manifest.get("share_target").is_none(), "{manifest}");
    assert!(manifest.get("screenshots").is_none(), "{manifest}");
    assert_eq!(manifest["file_handlers"][0]["action"], ".");
    let icons = manifest["icons"].as_array().unwrap();
    assert!(
        icons.iter().any(|i| i["purpose"] == "maskable"),
        "{manifest}"
    );
    for icon in icons {
        let src = icon["src"].as_str().unwrap();
        let response = client().get(format!("{base}/{src}")).send().await.unwrap();
        assert_eq!(response.status(), 200, "{src}");
        assert_eq!(response.headers()["content-type"], "image/png", "{src}");
        let picture = image::load_from_memory(&response.bytes().await.unwrap()).unwrap();
        let size = format!("{}x{}", picture.width(), picture.height());
        assert_eq!(icon["sizes"], size.as_str(), "{src}");
    }
}

/// The static site's manifest: every icon and install screenshot it names
/// is a file of the page with the size and type it says, a narrow and a
/// wide screenshot, and the share target posts a multipart form of images.
#[test]
fn the_sites_manifest_names_its_files_as_they_are() {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("static");
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(folder.join("manifest.webmanifest")).unwrap())
            .unwrap();
    let mut forms = Vec::new();
    for list in ["icons", "screenshots"] {
        for entry in manifest[list].as_array().unwrap() {
            let src = entry["src"].as_str().unwrap();
            let (width, height) = image::image_dimensions(folder.join(src)).unwrap();
            assert_eq!(
                entry["sizes"],
                format!("{width}x{height}").as_str(),
                "{src}"
            );
            let extension = src.rsplit_once('.').unwrap().1;
            assert_eq!(
                entry["type"],
                format!("image/{extension}").as_str(),
                "{src}"
            );
            if list == "screenshots" {
                // Chromium's richer install dialog: at most 2.3 times as long as wide.
                assert!(width.max(height) * 10 <= width.min(height) * 23, "{src}");
                forms.push(entry["form_factor"].as_str().unwrap().to_string());
            }
        }
    }
    forms.sort();
    assert_eq!(forms, ["narrow", "wide"]);
    let share = &manifest["share_target"];
    assert_eq!(share["method"], "POST");
    assert_eq!(share["enctype"], "multipart/form-data");
    assert_eq!(
        share["params"]["files"][0]["accept"],
        serde_json::json!(["image/*"])
    );
}
