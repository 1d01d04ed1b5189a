//! The static site: the page's files (`crates/web/static`), the engine and
//! its glue (`engine/`), `js/site.js` saying the page computes in the
//! browser, and the service worker with the list of files to cache and the
//! site's version (a hash of every file).

use crate::toolchain;
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

/// Builds the site into `out`; `names` keeps the engine's function names.
pub fn build(out: &Path, names: bool) -> Result<(), XtaskError> {
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
    let files = list(out)?;
    let version = version_of(out, &files)?;
    let site_js = out.join("js/site.js");
    fs::write(
        &site_js,
        format!(
            "// Written by `cargo xtask web`: this page computes in the browser.\n\
             export const site = {{ engine: 'wasm', version: '{version}' }};\n"
        ),
    )
    .map_err(io_at(&site_js))?;
    write_service_worker(out, &files, &version)?;
    report(out, &files, &version)
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

/// Every file of the site but the service worker, as paths relative to
/// `out` with `/`, sorted.
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
    files.retain(|f| f != SERVICE_WORKER);
    files.sort();
    Ok(files)
}

/// FNV-1a over every file's name and bytes, as 16 hex digits.
fn version_of(out: &Path, files: &[String]) -> Result<String, XtaskError> {
    let mut hash = 0xcbf2_9ce4_8422_2325_u64;
    for file in files {
        let path = out.join(file);
        let bytes = fs::read(&path).map_err(io_at(&path))?;
        for b in file.bytes().chain([0]).chain(bytes) {
            hash = (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    Ok(format!("{hash:016x}"))
}

/// Fills in the service worker's version and its list of files (the page
/// itself as `./`, the folder's address).
fn write_service_worker(out: &Path, files: &[String], version: &str) -> Result<(), XtaskError> {
    let path = out.join(SERVICE_WORKER);
    let source = fs::read_to_string(&path).map_err(io_at(&path))?;
    let cached: Vec<String> = files
        .iter()
        .map(|f| {
            if f == "index.html" {
                "./".to_string()
            } else {
                f.clone()
            }
        })
        .map(|f| format!("'{f}'"))
        .collect();
    let filled = fill(
        &path,
        &source,
        "const VERSION = 'unbuilt';",
        &format!("const VERSION = '{version}';"),
    )?;
    let filled = fill(
        &path,
        &filled,
        "const FILES = [];",
        &format!("const FILES = [{}];", cached.join(", ")),
    )?;
    fs::write(&path, filled).map_err(io_at(&path))
}

fn fill(path: &Path, source: &str, line: &'static str, with: &str) -> Result<String, XtaskError> {
    if !source.contains(line) {
        return Err(XtaskError::Template(path.to_path_buf(), line));
    }
    Ok(source.replacen(line, with, 1))
}

/// Prints each file's size as stored and as a static host sends it
/// (gzip -9, brotli 11), and the totals.
fn report(out: &Path, files: &[String], version: &str) -> Result<(), XtaskError> {
    let mut all: Vec<String> = files.to_vec();
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
