//! Project tasks, run as `cargo xtask TASK` from anywhere in the clone.
//!
//! `cargo xtask web --out DIR` builds the static site: the page, its engine
//! compiled to WebAssembly with its JavaScript glue, the web app manifest
//! and icons, and a service worker that caches them all under the site's
//! version, so the folder works from any static host and offline.
//!
//! `cargo xtask crates` draws the crate picture (`docs/crates.dot`,
//! `docs/crates.svg`) from `cargo metadata`; `--check` says whether the
//! committed one is current.

mod crates;
mod site;
mod toolchain;

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "cargo xtask", about = "Unblocker's project tasks")]
struct Cli {
    #[command(subcommand)]
    task: Task,
}

#[derive(Subcommand)]
enum Task {
    /// Build the static site: the page computing in the browser (WebAssembly
    /// in a Web Worker), installable and offline.
    #[command(after_help = "Examples:\n  cargo xtask web --out site\n  \
        python3 -m http.server -d site 8000   # then open http://localhost:8000/\n  \
        cargo xtask web --out site --id /unblocker/   # published at https://USER.github.io/unblocker/\n  \
        unblocker serve --site site           # the same page, with the server's API beside it")]
    Web {
        /// The folder to write (created; files of an earlier build are replaced).
        #[arg(long)]
        out: PathBuf,
        /// Keep the engine's function names (larger; for profiling in a
        /// browser's or Node's profiler).
        #[arg(long)]
        names: bool,
        /// The app's id in the web app manifest: the path the site is
        /// published at (`/unblocker/` for `https://USER.github.io/unblocker/`).
        /// Without it the app is known by its start page, the site's folder.
        #[arg(long, value_name = "PATH")]
        id: Option<String>,
    },
    /// Draw the workspace's crates and their dependencies (docs/crates.dot,
    /// and docs/crates.svg with Graphviz) from `cargo metadata`.
    #[command(
        after_help = "Examples:\n  cargo xtask crates           # after adding a crate or a dependency\n  \
        cargo xtask crates --check   # is the committed picture current?"
    )]
    Crates {
        /// Only check that the committed picture is current (exit 1 if not).
        #[arg(long)]
        check: bool,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.task {
        Task::Web { out, names, id } => {
            site::build(&out, names, id.as_deref()).map_err(|e| e.to_string())
        }
        Task::Crates { check: false } => {
            crates::generate(&crates::root()).map_err(|e| e.to_string())
        }
        Task::Crates { check: true } => crates::check(&crates::root()).map_err(|e| e.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("xtask: {error}");
            ExitCode::FAILURE
        }
    }
}
