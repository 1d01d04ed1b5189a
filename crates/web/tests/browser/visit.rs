//! The static site as a phone has it, for the tests and the budgets: the
//! first visit until the service worker holds every file, and a screenshot
//! shared from another app's share sheet.

use super::host::{site_folder, Host};
use super::page::*;
use std::path::Path;

/// The service worker controls the page and its cache holds every file.
pub const CACHED: &str = "const done = arguments[arguments.length - 1];
    (async () => {
      const names = (await caches.keys()).filter(name => name.startsWith('unblocker '));
      const cache = names.length === 1 ? await caches.open(names[0]) : null;
      done({ controlled: !!navigator.serviceWorker.controller, names,
             files: cache ? (await cache.keys()).length : 0 });
    })();";

/// The files the service worker of the site in `folder` caches, with their
/// SHA-256 (null for `js/site.js`): its `FILES`, a JSON object.
pub fn cached_files(folder: &Path) -> serde_json::Map<String, serde_json::Value> {
    let script = std::fs::read_to_string(folder.join("sw.js")).unwrap();
    let list = script.split("const FILES = ").nth(1).unwrap();
    let list = &list[..list.find("\n};").expect("FILES ends with a line `};`") + 2];
    serde_json::from_str(list).unwrap_or_else(|e| panic!("FILES is not JSON ({e}): {list}"))
}

/// A phone's screen, 360×740, with touch.
pub const PHONE: Browser = Browser {
    screen: Screen::Phone(360, 740),
    reduced_motion: false,
};

/// The page on `host`, its service worker in control and done caching.
pub async fn first_visit(host: &Host, browser: Browser, path: &str) -> Page {
    let page = Page::launch_at(host.base.clone(), browser, path).await;
    page.wait(
        "the service worker in control",
        "!!navigator.serviceWorker.controller",
    )
    .await;
    let files = cached_files(&site_folder()).len();
    for _ in 0..100 {
        let cached = page.js_async(CACHED).await;
        if cached["files"].as_u64() == Some(files as u64) {
            return page;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("the cache never held the site's {files} files");
}

/// Makes, in the page, the form the phone's share sheet sends: a POST of
/// `multipart/form-data` to the manifest's `share_target.action` (resolved
/// against the manifest's address), with a file field named as the manifest
/// says; marks the page as the one before the share.
const SHARE_FORM: &str = "const done = arguments[arguments.length - 1];
    (async () => {
      const link = document.querySelector('link[rel=manifest]').href;
      const target = (await (await fetch(link)).json()).share_target;
      const form = document.createElement('form');
      form.method = target.method;
      form.enctype = target.enctype;
      form.action = new URL(target.action, link).href;
      const input = document.createElement('input');
      input.type = 'file';
      input.id = 'shared-file';
      input.name = target.params.files[0].name;
      form.append(input);
      document.body.append(form);
      window.beforeShare = true;
      done(form.action);
    })().catch(error => done(String(error)));";

/// Shares the picture at `path` with the page as another app's share sheet
/// does (Android's Web Share Target): a multipart POST navigation to the
/// manifest's share target; `first` is run in the page just before it
/// goes. The page that opens is not yet ready when this returns.
pub async fn share_file(page: &Page, path: &Path, first: &str) {
    let action = page.js_async(SHARE_FORM).await;
    assert!(
        action.as_str().is_some_and(|a| a.ends_with("/share")),
        "{action}"
    );
    let input = page
        .client
        .find(fantoccini::Locator::Css("#shared-file"))
        .await
        .unwrap();
    let path = path.canonicalize().unwrap();
    input.send_keys(path.to_str().unwrap()).await.unwrap();
    page.js(&format!(
        "{first}\ndocument.getElementById('shared-file').form.submit();"
    ))
    .await;
}

/// Waits until the page the share opened is ready.
pub async fn wait_for_the_shared_page(page: &Page) {
    page.wait(
        "the page the share opened",
        "!window.beforeShare && document.body.dataset.ready === 'true'",
    )
    .await;
}
