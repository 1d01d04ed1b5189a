//! The command examples of the READMEs, run against the binary with trycmd, so
//! that what the READMEs show is what `unblocker` prints.
//!
//! Checked: the ` ```console ` blocks of README.md, crates/scan/README.md
//! and crates/cli/README.md, and `tests/cmd/*.md` (more commands: `--help`,
//! conversions, refusals). A block is `$ unblocker ARGS` followed by the
//! exact output (stdout and stderr together); `...` on a line of its own
//! stands for any lines, `[..]` for the rest of a line (timings); `? 2`
//! after the command expects that exit code. After a deliberate change of
//! output,
//! `TRYCMD=overwrite cargo test -p unblocker --test it examples` rewrites the
//! expected outputs in place (check the diff).
//!
//! The examples name the test data as `testdata/…`, as a user in a fresh
//! clone would. They run in an empty directory whose `testdata` links to the
//! data directory the tests use (`$UNBLOCKER_DATA` when set, else the
//! repository's `testdata/`), so they work wherever it is.

use std::path::Path;

#[test]
fn readme_examples() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = manifest.join("../..").canonicalize().unwrap();
    let data = unblocker_testdata::dir()
        .canonicalize()
        .expect("the data directory");
    let sandbox = tempfile::tempdir().expect("a temporary directory");
    let cwd = sandbox.path().join("checkout");
    std::fs::create_dir(&cwd).unwrap();
    std::os::unix::fs::symlink(&data, cwd.join("testdata")).unwrap();
    // trycmd runs every command in the test's current directory.
    std::env::set_current_dir(&cwd).unwrap();

    trycmd::TestCases::new()
        .register_bin("unblocker", Path::new(env!("CARGO_BIN_EXE_unblocker")))
        .env("NO_COLOR", "1")
        .case(root.join("README.md"))
        .case(root.join("crates/scan/README.md"))
        .case(manifest.join("README.md"))
        .case(manifest.join("tests/cmd/*.md"))
        .run();
}
