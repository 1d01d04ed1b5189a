//! The regression corpus: inputs that once made Unblocker fail, kept in
//! `fuzz/corpus/<kind>/` at the project root and replayed by the tests (in
//! process, through the command line, and to every endpoint of a running
//! server). A fuzz run that fails saves its smallest failing input here.

use sha2::{Digest, Sha256};
use std::path::PathBuf;

/// What a corpus file is fed to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Board text in any format (`unblocker solve FILE`, `{"puzzle": …}`).
    Boards,
    /// Batch files (`unblocker batch FILE`).
    Batch,
    /// Image bytes (`unblocker scan FILE`, `POST /api/scan`).
    Images,
    /// Request bodies for every route of the API.
    Requests,
}

impl Kind {
    pub const ALL: [Kind; 4] = [Kind::Boards, Kind::Batch, Kind::Images, Kind::Requests];

    pub fn name(self) -> &'static str {
        match self {
            Kind::Boards => "boards",
            Kind::Batch => "batch",
            Kind::Images => "images",
            Kind::Requests => "requests",
        }
    }
}

/// `fuzz/corpus/<kind>` at the project root.
pub fn dir(kind: Kind) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/corpus")
        .join(kind.name())
}

/// Every file of a kind, as (name, bytes), in name order (none when its
/// folder does not exist: no input of that kind has failed yet).
pub fn files(kind: Kind) -> Vec<(String, Vec<u8>)> {
    let dir = dir(kind);
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut files: Vec<(String, Vec<u8>)> = entries
        .map(|entry| {
            let path = entry.expect("a corpus entry").path();
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let bytes = std::fs::read(&path)
                .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
            (name, bytes)
        })
        .filter(|(name, _)| !name.starts_with('.'))
        .collect();
    files.sort();
    files
}

/// Saves a failing input as `found-<hash>` in the corpus of its kind and
/// returns the path (commit it with the fix).
pub fn save(kind: Kind, bytes: &[u8]) -> PathBuf {
    // A stable name for the same input: the first 16 hex digits of its SHA-256.
    let hash = hex::encode(&Sha256::digest(bytes)[..8]);
    let path = dir(kind).join(format!("found-{hash}"));
    let written = std::fs::create_dir_all(dir(kind)).and_then(|()| std::fs::write(&path, bytes));
    if let Err(e) = written {
        eprintln!("cannot save the failing input to {}: {e}", path.display());
    }
    path
}
