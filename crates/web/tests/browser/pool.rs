//! The page's pool of engine workers (`static/js/engine.js`), under Node
//! with a stand-in for Web Workers whose start the test controls
//! (`tests/js/engine-pool.mjs`): a worker that fails to start after a
//! request took it is ended and takes no idle worker out of the pool.

use std::path::Path;
use std::process::Command;

#[test]
#[ignore = "needs Node (node, as axe-core's npm does): .ci/run"]
fn a_worker_that_fails_to_start_takes_no_idle_one_with_it() {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/js/engine-pool.mjs");
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
