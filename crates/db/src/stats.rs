//! What the database shows: puzzles by moves, pieces and walls, the largest
//! component, how difficulty follows piece count, walls and component size,
//! and an SVG chart of it.

use crate::store::{Database, DbError, Grouping};
use crate::Puzzle;
use plotters::prelude::*;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// Why the chart could not be drawn (the drawing library's message).
#[derive(Debug, thiserror::Error)]
#[error("chart {}: {message}", path.display())]
pub struct ChartError {
    pub path: PathBuf,
    pub message: String,
}

/// One group of puzzles.
#[derive(Clone, Debug, Serialize)]
pub struct Group {
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
pub struct Stats {
    pub puzzles: u64,
    pub by_moves: Vec<Group>,
    pub by_pieces: Vec<Group>,
    pub by_walls: Vec<Group>,
    pub by_component_size: Vec<SizeGroup>,
    pub largest_component: Option<Puzzle>,
    pub hardest: Option<Puzzle>,
    /// Generator work committed: units, positions explored, seconds.
    pub units: u64,
    pub positions: u64,
    pub seconds: f64,
}

fn groups(db: &Database, grouping: Grouping) -> Result<Vec<Group>, DbError> {
    Ok(db
        .histogram(grouping)?
        .into_iter()
        .map(|(value, puzzles, average_moves)| Group {
            value,
            puzzles,
            average_moves,
        })
        .collect())
}

impl Stats {
    pub fn of(db: &Database) -> Result<Stats, DbError> {
        let by_moves = groups(db, Grouping::Moves)?;
        let hardest = db
            .query(&crate::Query {
                limit: Some(1),
                ..Default::default()
            })?
            .pop();
        let (units, positions, seconds) = db.work_done()?;
        Ok(Stats {
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

    /// Draws two panels into an SVG file: puzzles per move count, and
    /// average moves by piece count and by component size.
    pub fn chart(&self, path: &Path) -> Result<(), ChartError> {
        let root = SVGBackend::new(path, (1000, 800)).into_drawing_area();
        let fail = |e: &dyn std::fmt::Display| ChartError {
            path: path.to_path_buf(),
            message: e.to_string(),
        };
        root.fill(&WHITE).map_err(|e| fail(&e))?;
        let (top, bottom) = root.split_vertically(400);
        let max_moves = self.by_moves.iter().map(|g| g.value).max().unwrap_or(1) as u32;
        let max_count = self.by_moves.iter().map(|g| g.puzzles).max().unwrap_or(1);
        let mut chart = ChartBuilder::on(&top)
            .caption("Puzzles by optimal moves", ("sans-serif", 20))
            .margin(10)
            .x_label_area_size(30)
            .y_label_area_size(60)
            .build_cartesian_2d((0u32..max_moves + 1).into_segmented(), 0u64..max_count + 1)
            .map_err(|e| fail(&e))?;
        chart
            .configure_mesh()
            .x_desc("moves")
            .y_desc("puzzles")
            .draw()
            .map_err(|e| fail(&e))?;
        chart
            .draw_series(
                Histogram::vertical(&chart)
                    .style(RED.filled())
                    .data(self.by_moves.iter().map(|g| (g.value as u32, g.puzzles))),
            )
            .map_err(|e| fail(&e))?;
        let (left, right) = bottom.split_horizontally(500);
        for (area, title, desc, points) in [
            (
                &left,
                "Average moves by piece count",
                "pieces",
                self.by_pieces
                    .iter()
                    .map(|g| (g.value as f64, g.average_moves))
                    .collect::<Vec<_>>(),
            ),
            (
                &right,
                "Average moves by component size",
                "log2(component size)",
                self.by_component_size
                    .iter()
                    .map(|g| ((g.min_size as f64).log2(), g.average_moves))
                    .collect(),
            ),
        ] {
            let x_max = points.iter().map(|p| p.0).fold(1.0, f64::max) + 1.0;
            let y_max = points.iter().map(|p| p.1).fold(1.0, f64::max) * 1.1;
            let mut chart = ChartBuilder::on(area)
                .caption(title, ("sans-serif", 18))
                .margin(10)
                .x_label_area_size(30)
                .y_label_area_size(50)
                .build_cartesian_2d(0f64..x_max, 0f64..y_max)
                .map_err(|e| fail(&e))?;
            chart
                .configure_mesh()
                .x_desc(desc)
                .y_desc("average moves")
                .draw()
                .map_err(|e| fail(&e))?;
            chart
                .draw_series(LineSeries::new(points, BLUE.stroke_width(2)))
                .map_err(|e| fail(&e))?;
        }
        root.present().map_err(|e| fail(&e))?;
        Ok(())
    }
}
