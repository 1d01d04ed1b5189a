//! What the database shows: puzzles by moves, pieces and walls, the largest
//! component, how difficulty follows piece count, walls and component size
//! (drawn by `unblocker-report`).

use crate::store::{Database, DbError};
use crate::Grouping;
use serde::Serialize;
use unblocker_model::Record;

/// One group of puzzles.
#[derive(Clone, Debug, Serialize)]
pub struct ValueGroup {
    pub value: u64,
    pub puzzles: u64,
    pub average_moves: f64,
}

/// Puzzles by component size (powers of two).
#[derive(Clone, Debug, Serialize)]
pub struct SizeGroup {
    /// Components of `min_size` to `2 * min_size - 1` positions.
    pub min_size: u64,
    pub puzzles: u64,
    pub average_moves: f64,
    pub max_moves: u32,
}

/// Everything `unblocker db stats` prints.
#[derive(Clone, Debug, Serialize)]
pub struct DatabaseStats {
    pub puzzles: u64,
    pub by_moves: Vec<ValueGroup>,
    pub by_pieces: Vec<ValueGroup>,
    pub by_walls: Vec<ValueGroup>,
    pub by_component_size: Vec<SizeGroup>,
    pub largest_component: Option<Record>,
    pub hardest: Option<Record>,
    /// Generator work committed: units, positions explored, seconds.
    pub units: u64,
    pub positions: u64,
    pub seconds: f64,
}

fn groups(db: &Database, grouping: Grouping) -> Result<Vec<ValueGroup>, DbError> {
    Ok(db
        .histogram(grouping)?
        .into_iter()
        .map(|(value, puzzles, average_moves)| ValueGroup {
            value,
            puzzles,
            average_moves,
        })
        .collect())
}

impl DatabaseStats {
    pub fn of(db: &Database) -> Result<DatabaseStats, DbError> {
        let by_moves = groups(db, Grouping::Moves)?;
        let hardest = db
            .query(&crate::Filter {
                limit: Some(1),
                ..crate::Filter::default()
            })?
            .pop();
        let (units, positions, seconds) = db.work_done()?;
        Ok(DatabaseStats {
            units,
            positions,
            seconds,
            puzzles: by_moves.iter().map(|g| g.puzzles).sum(),
            by_moves,
            by_pieces: groups(db, Grouping::Pieces)?,
            by_walls: groups(db, Grouping::Walls)?,
            by_component_size: db
                .by_component_size()?
                .into_iter()
                .map(|(bucket, puzzles, average_moves, max_moves)| SizeGroup {
                    min_size: 1 << bucket,
                    puzzles,
                    average_moves,
                    max_moves,
                })
                .collect(),
            largest_component: db.largest_component()?,
            hardest,
        })
    }

    /// The report as text.
    pub fn text(&self) -> String {
        let mut out = format!("{} puzzles\n", self.puzzles);
        if self.units > 0 {
            out += &format!(
                "generated from {} units, {} positions explored in {:.1} s of worker time\n",
                self.units, self.positions, self.seconds
            );
        }
        if let Some(p) = &self.hardest {
            out += &format!(
                "hardest: {} moves {} (component {})\n",
                p.moves, p.board, p.cluster
            );
        }
        if let Some(p) = &self.largest_component {
            out += &format!(
                "largest component: {} positions {} ({} moves)\n",
                p.cluster, p.board, p.moves
            );
        }
        // A database without walls (Klotski, or Rush Hour without walls)
        // has nothing to show by walls.
        let walls = &self.by_walls;
        let has_walls = walls.iter().any(|g| g.value > 0);
        let tables = [
            ("moves", &self.by_moves),
            ("pieces", &self.by_pieces),
            ("walls", walls),
        ];
        for (title, groups) in tables
            .into_iter()
            .filter(|(t, _)| has_walls || *t != "walls")
        {
            out += &format!(
                "\nby {title}:\n{title:>8} {:>10} {:>10}\n",
                "puzzles", "avg moves"
            );
            for g in groups {
                out += &format!(
                    "{:>8} {:>10} {:>10.2}\n",
                    g.value, g.puzzles, g.average_moves
                );
            }
        }
        out += &format!(
            "\nby component size:\n{:>10} {:>10} {:>10} {:>10}\n",
            "positions", "puzzles", "avg moves", "max moves"
        );
        for g in &self.by_component_size {
            out += &format!(
                "{:>10} {:>10} {:>10.2} {:>10}\n",
                format!("{}+", g.min_size),
                g.puzzles,
                g.average_moves,
                g.max_moves
            );
        }
        out
    }
}
