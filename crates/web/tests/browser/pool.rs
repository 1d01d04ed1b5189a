//! The page's modules that run without a page, under Node: the pool of
//! engine workers (`static/js/engine.js`) with a stand-in for Web Workers
//! whose start the test controls (`tests/js/engine-pool.mjs`): a worker that
//! fails to start after a request took it is ended and takes no idle worker
//! out of the pool; and the progress kept on the device
//! (`static/js/progress.js`, `tests/js/progress.mjs`): a stored record read
//! by a later version, export, reset and import, the streak.

use std::path::Path;
use std::process::Command;

#[test]
#[ignore = "needs Node (node, as axe-core's npm does): .ci/run"]
fn a_worker_that_fails_to_start_takes_no_idle_one_with_it() {
    node("engine-pool.mjs");
}

#[test]
#[ignore = "needs Node (node, as axe-core's npm does): .ci/run"]
fn progress_is_read_by_later_versions_and_survives_export_reset_import() {
    node("progress.mjs");
}

/// Runs `tests/js/NAME` under Node; it fails the test by exiting non-zero.
fn node(name: &str) {
    let script = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/js")
        .join(name);
    let output = Command::new("node")
        .arg(&script)
        .output()
        .unwrap_or_else(|e| panic!("node: {e}: install Node (apt-get install nodejs)"));
    assert!(
        output.status.success(),
        "{}\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}
