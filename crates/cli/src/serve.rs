//! `unblocker serve`: the web UI and its JSON API (crate `unblocker-web`).

use std::path::PathBuf;
use unblocker_db::Database;
use unblocker_solve::memory::left_for_searches;
use unblocker_web::lan::{self, LanError};
use unblocker_web::{Config, Connections, Limits, LimitsError};

#[derive(clap::Args)]
#[command(
    about = "Serve the web UI: load, edit, solve, watch and play puzzles in a browser",
    long_about = "Serve the web UI and its JSON API (see the README): load a screenshot, a board \
        string or a bundled puzzle, edit it, solve it with live progress, watch the solution, play \
        it yourself with hints, and share a link. Everything is in the binary. With --site, the \
        static site that `cargo xtask web` builds is served instead: its page computes in the \
        browser and keeps working offline.\n\nEvery connection is bounded: a request's header must arrive within 10 s (an idle \
        kept-alive connection closes after 10 s), a request body may stall at most 10 s between \
        two pieces, and a response the client does not read for 30 s ends its connection. At \
        most --max-connections connections are held at once (fewer if the open-file limit \
        leaves no room, or if a quarter of --max-memory cannot set 96 KiB aside for each); \
        at the cap the oldest idle one (no request in progress) is closed for a new one, \
        which waits only while every held one is busy. A URI longer than 8 KiB gets 414 and \
        headers longer than 16 KiB get 431, and so does a request head past 64 KiB or 100 \
        header lines.\n\nRequest bodies, a scan's decoded picture and answers not yet sent are \
        counted in --max-memory with the searches and the connections' share: what it cannot \
        hold now gets 503.",
    after_help = "Examples:\n  unblocker serve\n  unblocker serve --lan\n  \
        unblocker serve --port 9000 --host 0.0.0.0\n  \
        unblocker serve --max-solves 4 --timeout 10 --max-memory 2G\n  \
        cargo xtask web --out site && unblocker serve --lan --site site"
)]
pub struct Args {
    /// Port to listen on (0 picks a free one).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Address to listen on (0.0.0.0 for every interface). The server
    /// answers only to the names of this address (on loopback, also
    /// localhost).
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Listen on this machine's local-network address and print the URL with
    /// a QR code, to open the page on a phone.
    #[arg(long, conflicts_with = "host")]
    pub lan: bool,
    /// Solves running at once; more wait briefly, then get 503.
    #[arg(long, value_name = "N")]
    pub max_solves: Option<usize>,
    /// Longest time one solve may run, in seconds.
    #[arg(long, value_name = "SECONDS")]
    pub timeout: Option<f64>,
    /// Most positions one solve may examine.
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// Connections held at once (default 4096, at most the open-file limit
    /// less 64 and what a quarter of --max-memory holds at 96 KiB each); at
    /// the cap the oldest idle one is closed for a new one.
    #[arg(long, value_name = "N")]
    pub max_connections: Option<usize>,
    #[command(flatten)]
    pub memory: crate::solve::MemoryArgs,
    /// The puzzle database for random puzzles (default: the one `unblocker
    /// db generate` writes, if it exists).
    #[arg(long, value_name = "PATH")]
    pub database: Option<PathBuf>,
    /// Serve the static site `cargo xtask web --out DIR` built, in place of
    /// the page in the binary: its page computes in the browser and works
    /// offline once loaded, asking this server only for random puzzles of
    /// --database.
    #[arg(long, value_name = "DIR")]
    pub site: Option<PathBuf>,
}

pub fn run(args: Args) -> Result<u8, String> {
    let memory = left_for_searches(args.memory.max_memory);
    let limits = Limits::asked(args.max_solves, args.timeout, args.max_nodes, memory);
    let limits = limits.map_err(|e| match e {
        LimitsError::NoSolves => "--max-solves must be at least 1".to_string(),
        LimitsError::Timeout(e) => format!("--{e}"),
    })?;
    let database = args.database.or_else(Database::existing_default_path);
    let default = Connections::default();
    let connections = match args.max_connections {
        Some(0) => return Err("--max-connections must be at least 1".into()),
        n => Connections {
            max_connections: n.unwrap_or(default.max_connections),
            ..default
        },
    };
    let config = Config {
        limits,
        database,
        site: args.site,
        connections,
        ..Config::default()
    };
    let host = if args.lan {
        lan::address()
            .map_err(|e| match e {
                LanError::NoAddress => {
                    format!("{e} for --lan: connect to a network, or choose one with --host")
                }
                _ => e.to_string(),
            })?
            .to_string()
    } else {
        args.host
    };
    unblocker_web::run(&host, args.port, config, |address| {
        let url = format!("http://{address}/");
        if args.lan {
            match lan::qr(&url) {
                Ok(code) => println!(
                    "{code}\nScan the code with a phone on the same network, or open {url}"
                ),
                Err(e) => eprintln!("unblocker: {e}"),
            }
        }
        println!("Unblocker is serving on {url} (Ctrl-C to stop)");
    })
    .map_err(|e| e.to_string())?;
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `serve --help` gives these figures in words.
    #[test]
    fn the_help_gives_the_connection_defaults() {
        let d = Connections::default();
        let secs = |t: std::time::Duration| t.as_secs();
        assert_eq!(
            (
                secs(d.header_timeout),
                secs(d.body_timeout),
                secs(d.write_timeout),
                d.max_connections
            ),
            (10, 10, 30, 4096)
        );
    }
}
