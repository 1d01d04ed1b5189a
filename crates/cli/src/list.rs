//! `unblocker list`: the bundled puzzles.

use unblocker_model::catalog;

#[derive(clap::Args)]
#[command(
    about = "List the bundled puzzles (Rush Hour, then Klotski; optimum in piece moves for Klotski)",
    after_help = "Example:\n  unblocker list --json"
)]
pub struct Args {
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: Args) -> Result<u8, String> {
    let all = catalog::bundled();
    if args.json {
        return crate::print_json(&all);
    }
    print!("{}", catalog::table(&all));
    Ok(0)
}
