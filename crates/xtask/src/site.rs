//! The static site: the page's files (`crates/web/static`), the engine and
//! its glue (`engine/`), `js/site.js` saying the page computes in the
//! browser, and the service worker with the files to cache, each with its
//! SHA-256, and the site's version (a hash of them all). The install
//! dialog's screenshots (`screenshots/`) are not cached: only the browser's
//! install dialog fetches them.

use crate::toolchain;
use sha2::{Digest, Sha256};
use std::fmt::Write as _;
use std::fs;
use std::io::{self, Write as _};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Why the site could not be built.
#[derive(Debug, thiserror::Error)]
pub enum XtaskError {
    #[error("{0}")]
    NoToolchain(&'static str),
    #[error("cannot run cargo: {0}")]
    Cargo(#[source] io::Error),
    #[error("the engine's build failed ({0})")]
    Build(String),
    #[error("wasm-bindgen: {0}")]
    Bindgen(String),
    #[error("wasm-opt failed ({0})")]
    Optimise(String),
    #[error("{path}: {source}")]
    Io { path: PathBuf, source: io::Error },
    #[error("{0} holds files but is not a site built by this task (no sw.js): choose a new or empty folder")]
    NotASite(PathBuf),
    #[error("{0} has no line `{1}` to fill in")]
    Template(PathBuf, &'static str),
    #[error("--id {0:?}: the app's id is the path the site is published at, from `/` to `/` (`/unblocker/`)")]
    Id(String),
    #[error("{PROTOCOL}: the service worker takes the module's declarations only, and this line is not one: {0}")]
    Protocol(String),
}

fn io_at(path: &Path) -> impl FnOnce(io::Error) -> XtaskError + '_ {
    move |source| XtaskError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// The engine's files, as the page's worker imports them.
const ENGINE: &str = "engine";
const ENGINE_NAME: &str = "unblocker_wasm";
const SERVICE_WORKER: &str = "sw.js";
/// The module saying how the page computes, with the site's version; a
/// server may add to it, so the service worker checks it by its version.
const SITE_MODULE: &str = "js/site.js";
/// The install dialog's pictures: never cached by the service worker.
const SCREENSHOTS: &str = "screenshots/";
/// The page's protocol, which the service worker's source names in the
/// line [`PROTOCOL_LINE`], where the build writes it.
const PROTOCOL: &str = "js/protocol.js";
const PROTOCOL_LINE: &str = "// js/protocol.js\n";
const MANIFEST: &str = "manifest.webmanifest";

/// Builds the site into `out`; `names` keeps the engine's function names;
/// `id` is the app's id in the manifest (the path the site is published at).
pub fn build(out: &Path, names: bool, id: Option<&str>) -> Result<(), XtaskError> {
    if let Some(id) = id {
        check_id(id)?;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let root = root.canonicalize().map_err(io_at(&root))?;
    let built = toolchain::build_engine(&root)?;
    // Optimised before wasm-bindgen adds its table of JavaScript values:
    // Debian's binaryen (version 108) exports the wrong table of a module
    // that has two.
    let optimised = built.with_extension("opt.wasm");
    optimise(&built, &optimised, names)?;
    prepare(out)?;
    copy_tree(&root.join("crates/web/static"), out)?;
    bindgen(&optimised, &out.join(ENGINE))?;
    if let Some(id) = id {
        write_id(out, id)?;
    }
    let files = list(out)?;
    let hashes = hashes(out, &files)?;
    let version = version_of(&hashes);
    let site_js = out.join(SITE_MODULE);
    fs::write(
        &site_js,
        format!(
            "// Written by `cargo xtask web`: this page computes in the browser.\n\
             export const site = {{ engine: 'wasm', version: '{version}' }};\n"
        ),
    )
    .map_err(io_at(&site_js))?;
    write_service_worker(out, &hashes, &version)?;
    report(out, &version)
}

/// An id is a path from `/` to `/`, with nothing a JSON string would escape.
fn check_id(id: &str) -> Result<(), XtaskError> {
    let plain = id
        .chars()
        .all(|c| c.is_ascii_graphic() && c != '"' && c != '\\');
    if id.starts_with('/') && id.ends_with('/') && plain {
        Ok(())
    } else {
        Err(XtaskError::Id(id.to_string()))
    }
}

/// Gives the manifest the app's `id`. Without one the app's identity is its
/// start page (`start_url`, the site's folder), right wherever the site is
/// published; an `id` is resolved against the origin only, so a fixed one
/// would make every copy of the site on one origin the same app.
fn write_id(out: &Path, id: &str) -> Result<(), XtaskError> {
    let path = out.join(MANIFEST);
    let source = fs::read_to_string(&path).map_err(io_at(&path))?;
    let line = "\"start_url\": \".\",";
    let filled = fill(
        &path,
        &source,
        line,
        &format!("\"id\": \"{id}\",\n  {line}"),
    )?;
    fs::write(&path, filled).map_err(io_at(&path))
}

/// Empties `out` if it holds an earlier build, refusing any other folder.
fn prepare(out: &Path) -> Result<(), XtaskError> {
    if out.is_dir() {
        let mut entries = fs::read_dir(out).map_err(io_at(out))?;
        if entries.next().is_some() {
            if !out.join(SERVICE_WORKER).is_file() {
                return Err(XtaskError::NotASite(out.to_path_buf()));
            }
            fs::remove_dir_all(out).map_err(io_at(out))?;
        }
    }
    fs::create_dir_all(out).map_err(io_at(out))
}

fn copy_tree(from: &Path, to: &Path) -> Result<(), XtaskError> {
    fs::create_dir_all(to).map_err(io_at(to))?;
    for entry in fs::read_dir(from).map_err(io_at(from))? {
        let entry = entry.map_err(io_at(from))?;
        let path = entry.path();
        let target = to.join(entry.file_name());
        if path.is_dir() {
            copy_tree(&path, &target)?;
        } else {
            fs::copy(&path, &target).map_err(io_at(&path))?;
        }
    }
    Ok(())
}

/// The engine's ES module glue and its `.wasm`, for `--target web`.
fn bindgen(wasm: &Path, out: &Path) -> Result<(), XtaskError> {
    wasm_bindgen_cli_support::Bindgen::new()
        .input_path(wasm)
        .web(true)
        .map_err(|e| XtaskError::Bindgen(e.to_string()))?
        .typescript(false)
        .out_name(ENGINE_NAME)
        .generate(out)
        .map_err(|e| XtaskError::Bindgen(format!("{e:#}")))
}

/// Shrinks the `.wasm` with binaryen's `wasm-opt` into `to` when it is
/// installed, else copies it there.
fn optimise(wasm: &Path, to: &Path, names: bool) -> Result<(), XtaskError> {
    let before = fs::metadata(wasm).map_err(io_at(wasm))?.len();
    let status = Command::new("wasm-opt")
        .arg("-O3")
        .args([
            "--enable-bulk-memory",
            "--enable-sign-ext",
            "--enable-mutable-globals",
        ])
        .args([
            "--enable-nontrapping-float-to-int",
            "--enable-reference-types",
            "--enable-multivalue",
        ])
        .args(names.then_some("--debuginfo"))
        .arg(wasm)
        .arg("-o")
        .arg(to)
        .status();
    match status {
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            eprintln!("xtask: wasm-opt not found (binaryen); the engine is left as built ({before} bytes)");
            fs::copy(wasm, to).map_err(io_at(to))?;
            Ok(())
        }
        Err(e) => Err(XtaskError::Optimise(e.to_string())),
        Ok(status) if !status.success() => Err(XtaskError::Optimise(status.to_string())),
        Ok(_) => {
            let after = fs::metadata(to).map_err(io_at(to))?.len();
            eprintln!("xtask: wasm-opt -O3: {before} → {after} bytes");
            Ok(())
        }
    }
}

/// Every file of the site the service worker caches (all but itself and
/// the install dialog's screenshots), as paths relative to `out` with `/`,
/// sorted.
fn list(out: &Path) -> Result<Vec<String>, XtaskError> {
    fn walk(dir: &Path, prefix: &str, files: &mut Vec<String>) -> Result<(), XtaskError> {
        for entry in fs::read_dir(dir).map_err(io_at(dir))? {
            let entry = entry.map_err(io_at(dir))?;
            let name = entry.file_name().to_string_lossy().into_owned();
            let path = entry.path();
            if path.is_dir() {
                walk(&path, &format!("{prefix}{name}/"), files)?;
            } else {
                files.push(format!("{prefix}{name}"));
            }
        }
        Ok(())
    }
    let mut files = Vec::new();
    walk(out, "", &mut files)?;
    files.retain(|f| f != SERVICE_WORKER && !f.starts_with(SCREENSHOTS));
    files.sort();
    Ok(files)
}

/// Each file with the SHA-256 of its bytes (hex), as the service worker
/// checks it; `js/site.js`, checked by its version line, with none.
fn hashes(out: &Path, files: &[String]) -> Result<Vec<(String, Option<String>)>, XtaskError> {
    files
        .iter()
        .map(|file| {
            if file == SITE_MODULE {
                return Ok((file.clone(), None));
            }
            let path = out.join(file);
            let bytes = fs::read(&path).map_err(io_at(&path))?;
            Ok((file.clone(), Some(hex::encode(Sha256::digest(&bytes)))))
        })
        .collect()
}

/// The site's version: the first 16 hex digits of the SHA-256 of every
/// file's name and hash.
fn version_of(hashes: &[(String, Option<String>)]) -> String {
    let mut all = Sha256::new();
    for (file, hash) in hashes {
        all.update(format!("{file} {}\n", hash.as_deref().unwrap_or("-")));
    }
    hex::encode(&all.finalize()[..8])
}

/// Fills in the service worker: the page's protocol (a classic script
/// cannot import the module), the site's version, and its files with their
/// hashes as a JSON object (the page itself as `./`, the folder's address).
fn write_service_worker(
    out: &Path,
    hashes: &[(String, Option<String>)],
    version: &str,
) -> Result<(), XtaskError> {
    let path = out.join(SERVICE_WORKER);
    let source = fs::read_to_string(&path).map_err(io_at(&path))?;
    let protocol_path = out.join(PROTOCOL);
    let protocol = fs::read_to_string(&protocol_path).map_err(io_at(&protocol_path))?;
    let filled = fill(&path, &source, PROTOCOL_LINE, &declarations(&protocol)?)?;
    let filled = fill(
        &path,
        &filled,
        "const VERSION = 'unbuilt';",
        &format!("const VERSION = '{version}';"),
    )?;
    let files: serde_json::Map<String, serde_json::Value> = hashes
        .iter()
        .map(|(file, hash)| {
            let file = if file == "index.html" { "./" } else { file };
            (file.to_string(), hash.clone().into())
        })
        .collect();
    let files = serde_json::to_string_pretty(&files).expect("a JSON object is written");
    let filled = fill(
        &path,
        &filled,
        "const FILES = {};",
        &format!("const FILES = {files};"),
    )?;
    fs::write(&path, filled).map_err(io_at(&path))
}

/// The page's protocol module as a classic script's declarations: each
/// line's leading `export ` taken away. The module may import nothing and
/// export only declarations.
fn declarations(module: &str) -> Result<String, XtaskError> {
    let mut text = format!("// {PROTOCOL}, written here by `cargo xtask web`.\n");
    for line in module.lines() {
        let declared = line.strip_prefix("export ").unwrap_or(line);
        let plain = ["const ", "function ", "async function ", "class ", "let "]
            .iter()
            .any(|word| declared.starts_with(word));
        if line.starts_with("import") || (line.starts_with("export") && !plain) {
            return Err(XtaskError::Protocol(line.to_string()));
        }
        text.push_str(declared);
        text.push('\n');
    }
    Ok(text)
}

fn fill(path: &Path, source: &str, line: &'static str, with: &str) -> Result<String, XtaskError> {
    if !source.contains(line) {
        return Err(XtaskError::Template(path.to_path_buf(), line));
    }
    Ok(source.replacen(line, with, 1))
}

/// Prints each file's size as stored and as a static host sends it
/// (gzip -9, brotli 11), and the totals.
fn report(out: &Path, version: &str) -> Result<(), XtaskError> {
    let mut all = list(out)?;
    all.push(SERVICE_WORKER.to_string());
    let mut text = format!(
        "{:<36} {:>10} {:>10} {:>10}\n",
        "file", "bytes", "gzip", "brotli"
    );
    let (mut raw, mut gz, mut br) = (0, 0, 0);
    for file in &all {
        let path = out.join(file);
        let bytes = fs::read(&path).map_err(io_at(&path))?;
        let (g, b) = (gzip_len(&bytes), brotli_len(&bytes));
        let _ = writeln!(text, "{file:<36} {:>10} {g:>10} {b:>10}", bytes.len());
        raw += bytes.len();
        gz += g;
        br += b;
    }
    let _ = writeln!(text, "{:<36} {raw:>10} {gz:>10} {br:>10}", "total");
    let shots = out.join(SCREENSHOTS);
    if shots.is_dir() {
        for entry in fs::read_dir(&shots).map_err(io_at(&shots))? {
            let entry = entry.map_err(io_at(&shots))?;
            let bytes = entry.metadata().map_err(io_at(&shots))?.len();
            let name = format!("{SCREENSHOTS}{}", entry.file_name().to_string_lossy());
            let _ = writeln!(
                text,
                "{name:<36} {bytes:>10} (not cached: the install dialog's)"
            );
        }
    }
    let _ = writeln!(text, "version {version}: {}", out.display());
    io::stdout().write_all(text.as_bytes()).map_err(io_at(out))
}

fn gzip_len(bytes: &[u8]) -> usize {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    encoder.write_all(bytes).expect("writing to memory");
    encoder.finish().expect("writing to memory").len()
}

fn brotli_len(bytes: &[u8]) -> usize {
    let mut compressed = Vec::new();
    let params = brotli::enc::BrotliEncoderParams {
        quality: 11,
        ..Default::default()
    };
    brotli::BrotliCompress(&mut &bytes[..], &mut compressed, &params).expect("writing to memory");
    compressed.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_is_a_path_from_slash_to_slash() {
        for good in ["/", "/unblocker/", "/games/unblocker/"] {
            assert!(check_id(good).is_ok(), "{good}");
        }
        for bad in ["", "unblocker/", "/unblocker", "/a b/", "/a\"b/", "/a\\b/"] {
            assert!(check_id(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_protocol_becomes_a_classic_scripts_declarations() {
        let module = "// names\nexport const OP = Object.freeze({\n  board: 'board',\n});\nexport function route(op) {\n  return op;\n}\n";
        let script = declarations(module).unwrap();
        assert!(!script.contains("export"), "{script}");
        assert!(
            script.contains(
                "\nconst OP = Object.freeze({\n  board: 'board',\n});\nfunction route(op) {\n"
            ),
            "{script}"
        );
        for refused in [
            "import { x } from './x.js';",
            "export { OP };",
            "export default OP;",
        ] {
            assert!(
                matches!(declarations(refused), Err(XtaskError::Protocol(line)) if line == refused)
            );
        }
    }

    #[test]
    fn the_version_follows_every_files_name_and_hash() {
        let files = |css: &str| {
            vec![
                ("app.css".to_string(), Some(css.to_string())),
                (SITE_MODULE.to_string(), None),
            ]
        };
        let version = version_of(&files("aa"));
        assert_eq!(version.len(), 16);
        assert_eq!(version, version_of(&files("aa")));
        assert_ne!(version, version_of(&files("ab")));
        let mut renamed = files("aa");
        renamed[0].0 = "main.css".to_string();
        assert_ne!(version, version_of(&renamed));
    }
}
