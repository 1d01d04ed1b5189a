//! A run's totals in words: a Rush Hour part's line and a Klotski run's
//! report (its progress in words is `progress`'s).

use crate::klotski::KlotskiSummary;
use crate::Summary;
use std::path::Path;
use unblocker_db::shard::Shard;

impl Summary {
    /// The run of `shard` into `path` in one line: units run and skipped,
    /// positions, puzzles, time and rate.
    pub fn line(&self, shard: Shard, path: &Path) -> String {
        format!(
            "shard {shard}: {} units run ({} already done), {} positions, {} puzzles in {:.1} s ({:.2} M positions/s) -> {}",
            self.units_run,
            self.units_skipped,
            self.positions,
            self.puzzles,
            self.seconds,
            self.positions as f64 / self.seconds.max(1e-9) / 1e6,
            path.display()
        )
    }
}

impl KlotskiSummary {
    /// The run into `path` in words: `KlotskiSummary::line` and the
    /// hardest puzzle, or that the file held the database already.
    pub fn report(&self, path: &Path) -> String {
        if !self.generated {
            let path = path.display();
            return format!("{path} already holds the Klotski database: nothing to do");
        }
        let hardest = self.hardest.as_ref().map_or(String::new(), |p| {
            let (moves, board, cluster) = (p.moves, &p.board, p.cluster);
            format!("\nhardest: {moves} moves {board} (component {cluster})")
        });
        format!("{}{hardest}", self.line(path))
    }

    /// The run into `path` in one line: layouts, components, puzzles, time.
    fn line(&self, path: &Path) -> String {
        format!(
            "{} layouts (enumerated in {:.2} s), {} components, {} solvable ({} layouts): \
             {} puzzles in {:.1} s -> {}",
            self.layouts,
            self.enumerate_seconds,
            self.components,
            self.solvable_components,
            self.solvable_layouts,
            self.puzzles,
            self.seconds,
            path.display()
        )
    }
}
