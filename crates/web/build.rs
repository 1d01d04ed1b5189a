//! Lists the page's files in `static/` for the binary to embed (`src/assets.rs`
//! includes the list): every file but the static site's own, which the
//! server's page does not load (the service worker, the engine's worker, the
//! install dialog's screenshots).

use std::fmt::Write as _;
use std::path::Path;

/// The static site's own files and folders (ending in `/`), as paths under `static/`.
const SITE_ONLY: &[&str] = &["sw.js", "js/worker.js", "screenshots/"];

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("static");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut files = Vec::new();
    walk(&root, "", &mut files);
    files.retain(|(path, _)| {
        !SITE_ONLY
            .iter()
            .any(|own| path == own || (own.ends_with('/') && path.starts_with(own)))
    });
    files.sort();
    let mut list = String::from("&[\n");
    for (path, file) in &files {
        let _ = writeln!(
            list,
            "    ({:?}, include_bytes!({:?})),",
            format!("/{path}"),
            file
        );
    }
    list.push(']');
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("embedded.rs");
    std::fs::write(&out, list).unwrap_or_else(|e| panic!("cannot write {}: {e}", out.display()));
}

/// Every file under `dir` as (its path under `static/` with `/`, its path on disk).
fn walk(dir: &Path, prefix: &str, files: &mut Vec<(String, String)>) {
    let entries =
        std::fs::read_dir(dir).unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()));
    for entry in entries {
        let entry = entry.unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()));
        let name = entry.file_name().to_string_lossy().into_owned();
        // An editor's or a file manager's hidden files are not the page's.
        if name.starts_with('.') {
            continue;
        }
        let path = entry.path();
        if path.is_dir() {
            walk(&path, &format!("{prefix}{name}/"), files);
        } else {
            files.push((format!("{prefix}{name}"), path.display().to_string()));
        }
    }
}
