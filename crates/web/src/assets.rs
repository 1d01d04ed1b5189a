//! The page's files: by default the ones compiled into the binary (HTML,
//! CSS, JavaScript modules, the web app manifest — without the share target
//! and the install dialog's screenshots — and its icons), so `unblocker
//! serve` needs no files; with `--site DIR`, the static site
//! `cargo xtask web` builds, whose page computes in the browser (the engine
//! in WebAssembly) and works offline. Each answer carries an ETag (a hash
//! of the file's bytes): a browser revalidates its copy (`cache-control:
//! no-cache`) and gets 304 without the body when it is still current. Text
//! is sent gzip- or brotli-compressed when the browser accepts it.

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::Router;
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use tower_http::compression::{CompressionLayer, CompressionLevel};
use unblocker_api::ApiError;

/// `(path, bytes)` of every embedded file, `/index.html` for the page
/// itself: the files of `static/` but the static site's own (the service
/// worker, the engine's worker, the install dialog's screenshots), listed by
/// `build.rs`. The page that asks the server: no engine, no service worker.
const EMBEDDED: &[(&str, &[u8])] = include!(concat!(env!("OUT_DIR"), "/embedded.rs"));

const HTML: &str = "text/html; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const SVG: &str = "image/svg+xml";
const PNG: &str = "image/png";
const WEBP: &str = "image/webp";
const MANIFEST: &str = "application/manifest+json";
const WASM: &str = "application/wasm";
const JSON: &str = "application/json";

/// The page itself, which the server sends at `/` (and at this path).
const INDEX: &str = "/index.html";

/// The most bytes a site folder may hold: the page, its engine and icons
/// are well under a megabyte.
pub const MAX_SITE_BYTES: u64 = 32 << 20;
/// The most files a site folder may hold.
pub const MAX_SITE_FILES: usize = 256;

/// The content type of a site file, by its name's ending.
fn content_type(path: &str) -> Option<&'static str> {
    let (_, extension) = path.rsplit_once('.')?;
    Some(match extension {
        "html" => HTML,
        "css" => CSS,
        "js" | "mjs" => JS,
        "svg" => SVG,
        "png" => PNG,
        "webp" => WEBP,
        "webmanifest" => MANIFEST,
        "wasm" => WASM,
        "json" => JSON,
        _ => return None,
    })
}

/// The module that tells the page how it computes (`js/site.js`); the
/// server adds [`SERVED`] to a site's, so that its page asks the server for
/// what only the server has, where a static host's page asks nothing.
const SITE_MODULE: &str = "/js/site.js";
const SERVED: &str =
    "// Served by `unblocker serve`: its API is beside the page.\nsite.server = true;\n";

/// One file of the page.
struct File {
    /// Its path under the page's address: `/` for the page itself.
    path: String,
    content_type: &'static str,
    bytes: Bytes,
    /// A weak tag (the bytes sent may be compressed): the first 16 hex
    /// digits of the SHA-256 of its bytes.
    etag: HeaderValue,
}

impl File {
    fn new(path: String, content_type: &'static str, bytes: Bytes) -> File {
        let hash = hex::encode(&Sha256::digest(&bytes)[..8]);
        let etag = HeaderValue::from_str(&format!("W/\"{hash}\"")).expect("an ASCII tag");
        File {
            path,
            content_type,
            bytes,
            etag,
        }
    }
}

/// The files the server sends for the page.
pub struct Files(Vec<File>);

/// Why a site folder cannot be served.
#[derive(Debug, thiserror::Error)]
pub enum SiteError {
    #[error("cannot read the site folder {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{0} has no index.html: build the site with `cargo xtask web --out DIR`")]
    NoPage(PathBuf),
    #[error("{0}: a site file must be HTML, CSS, JavaScript, SVG, PNG, WebP, JSON, WebAssembly or a web app manifest")]
    UnknownType(PathBuf),
    #[error("the site folder holds more than {MAX_SITE_FILES} files or {MAX_SITE_BYTES} bytes")]
    TooLarge,
}

impl Files {
    /// The page compiled into the binary.
    pub fn embedded() -> Files {
        Files(
            EMBEDDED
                .iter()
                .map(|(path, bytes)| {
                    let content_type = content_type(path).unwrap_or("application/octet-stream");
                    let bytes = if content_type == MANIFEST {
                        embedded_manifest(bytes)
                    } else {
                        Bytes::from_static(bytes)
                    };
                    let path = if *path == INDEX { "/" } else { path };
                    File::new(path.to_string(), content_type, bytes)
                })
                .collect(),
        )
    }

    /// The files of a site folder (`cargo xtask web --out DIR`), read once.
    pub fn site(folder: &Path) -> Result<Files, SiteError> {
        let mut files = Vec::new();
        let mut total = 0;
        read_folder(folder, "/", &mut files, &mut total)?;
        let index = files
            .iter()
            .position(|f| f.path == INDEX)
            .ok_or_else(|| SiteError::NoPage(folder.to_path_buf()))?;
        files[index].path = "/".to_string();
        Ok(Files(files))
    }
}

/// The web app manifest as the embedded page has it: without the share
/// target, which the static site's service worker receives (this page has
/// none, and the server takes no shares), and without the install dialog's
/// screenshots, which are the static site's files, not the binary's. Opening
/// a picture with the installed app (`file_handlers`) stays: the page scans
/// it through the API.
fn embedded_manifest(source: &[u8]) -> Bytes {
    let mut manifest: serde_json::Value =
        serde_json::from_slice(source).expect("the page's manifest is JSON");
    if let Some(members) = manifest.as_object_mut() {
        members.remove("share_target");
        members.remove("screenshots");
    }
    serde_json::to_vec_pretty(&manifest)
        .expect("a JSON value is written")
        .into()
}

fn read_folder(
    folder: &Path,
    prefix: &str,
    files: &mut Vec<File>,
    total: &mut u64,
) -> Result<(), SiteError> {
    let read = |source| SiteError::Read {
        path: folder.to_path_buf(),
        source,
    };
    for entry in std::fs::read_dir(folder).map_err(read)? {
        let entry = entry.map_err(read)?;
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        let metadata = entry.metadata().map_err(read)?;
        if metadata.is_dir() {
            read_folder(&path, &format!("{prefix}{name}/"), files, total)?;
            continue;
        }
        let content_type =
            content_type(&name).ok_or_else(|| SiteError::UnknownType(path.clone()))?;
        *total += metadata.len();
        if files.len() >= MAX_SITE_FILES || *total > MAX_SITE_BYTES {
            return Err(SiteError::TooLarge);
        }
        let mut bytes = std::fs::read(&path).map_err(|source| SiteError::Read {
            path: path.clone(),
            source,
        })?;
        let path = format!("{prefix}{name}");
        if path == SITE_MODULE {
            bytes.extend_from_slice(SERVED.as_bytes());
        }
        files.push(File::new(path, content_type, bytes.into()));
    }
    Ok(())
}

pub fn routes(files: Files) -> Router {
    Router::new()
        .fallback(asset)
        .with_state(Arc::new(files))
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
async fn asset(
    State(files): State<Arc<Files>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    let path = match uri.path() {
        INDEX => "/",
        path => path,
    };
    let Some(file) = files.0.iter().find(|f| f.path == path) else {
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
    let tag = file.etag.clone();
    let revalidate = (header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    if current(&headers, &tag) {
        return (StatusCode::NOT_MODIFIED, [(header::ETAG, tag), revalidate]).into_response();
    }
    (
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static(file.content_type),
            ),
            revalidate,
            (header::ETAG, tag),
        ],
        file.bytes.clone(),
    )
        .into_response()
}
