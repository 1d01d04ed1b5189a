//! Building the engine (`crates/wasm`) for `wasm32-unknown-unknown` with
//! whichever toolchain the machine has: rustup's toolchain when its wasm32
//! target is installed, else Debian's `rustc-web` with the standard
//! library's source, building std itself (`-Zbuild-std`). When neither is
//! there, the error says how to get one.

use crate::site::XtaskError;
use std::path::{Path, PathBuf};
use std::process::Command;

const TARGET: &str = "wasm32-unknown-unknown";
/// Debian's toolchain (packages rustc-web, cargo-web, rust-web-src, lld).
const DEBIAN_RUSTC: &str = "/usr/bin/rustc";
const DEBIAN_CARGO: &str = "/usr/bin/cargo";

/// How to get a toolchain, said when none is found.
const HOW: &str = "no Rust toolchain here can build for wasm32-unknown-unknown. Either \
    `rustup target add wasm32-unknown-unknown`, or on Debian 12 \
    `apt-get install rustc-web cargo-web rust-web-src lld-22` (rustc 1.96 with the \
    standard library's source, built for wasm32 by -Zbuild-std)";

/// A toolchain that can build for wasm32.
enum Route {
    /// rustup's cargo, with the target's prebuilt standard library.
    Installed { cargo: PathBuf },
    /// A cargo and rustc with the standard library's source (std is built too).
    BuildStd { cargo: PathBuf, rustc: PathBuf },
}

fn sysroot(rustc: &Path) -> Option<PathBuf> {
    let output = Command::new(rustc)
        .args(["--print", "sysroot"])
        .output()
        .ok()?;
    output
        .status
        .success()
        .then(|| PathBuf::from(String::from_utf8_lossy(&output.stdout).trim()))
}

fn find() -> Result<Route, XtaskError> {
    // The toolchain running this task (rustup's, usually).
    let cargo = std::env::var_os("CARGO").map_or_else(|| PathBuf::from("cargo"), PathBuf::from);
    let rustc = std::env::var_os("RUSTC").map_or_else(|| PathBuf::from("rustc"), PathBuf::from);
    if sysroot(&rustc).is_some_and(|root| root.join("lib/rustlib").join(TARGET).is_dir()) {
        return Ok(Route::Installed { cargo });
    }
    let debian = Path::new(DEBIAN_RUSTC);
    if let Some(root) = sysroot(debian) {
        if root
            .join("lib/rustlib/src/rust/library/Cargo.lock")
            .is_file()
            && Path::new(DEBIAN_CARGO).is_file()
        {
            return Ok(Route::BuildStd {
                cargo: PathBuf::from(DEBIAN_CARGO),
                rustc: debian.to_path_buf(),
            });
        }
    }
    Err(XtaskError::NoToolchain(HOW))
}

/// Builds `unblocker-wasm` with the `wasm` profile into `root/target/wasm`
/// (apart from the native builds, which may use another rustc); the path of
/// the `.wasm` file.
pub fn build_engine(root: &Path) -> Result<PathBuf, XtaskError> {
    let target_dir = root.join("target/wasm");
    let mut command = match find()? {
        Route::Installed { cargo } => Command::new(cargo),
        Route::BuildStd { cargo, rustc } => {
            let mut command = Command::new(cargo);
            command
                .env("RUSTC", rustc)
                // -Zbuild-std is unstable; this toolchain is stable.
                .env("RUSTC_BOOTSTRAP", "1")
                .arg("-Zbuild-std=std,panic_abort");
            command
        }
    };
    command
        .current_dir(root)
        .args(["build", "--locked", "--profile", "wasm", "--target", TARGET])
        .args(["--package", "unblocker-wasm", "--target-dir"])
        .arg(&target_dir)
        // The variables of the cargo that runs this task are not for this one.
        .env_remove("CARGO_TARGET_DIR")
        .env_remove("RUSTUP_TOOLCHAIN");
    eprintln!("xtask: building the engine for {TARGET}");
    let status = command.status().map_err(XtaskError::Cargo)?;
    if !status.success() {
        return Err(XtaskError::Build(status.to_string()));
    }
    Ok(target_dir.join(TARGET).join("wasm/unblocker_wasm.wasm"))
}
