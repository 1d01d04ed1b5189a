//! Every chart, as SVG drawn with plotters: the comparison's bar charts
//! (one per measure and category) and the database's statistics.

use crate::compare::{Comparison, Means};
use plotters::prelude::*;
use std::path::{Path, PathBuf};
use unblocker_db::stats::DatabaseStats;

/// Why a chart could not be drawn (the drawing library's message).
#[derive(Debug, thiserror::Error)]
#[error("chart {}: {message}", path.display())]
pub struct ChartError {
    pub path: PathBuf,
    pub message: String,
}

/// What drawing into a file gives, before it is told as a [`ChartError`].
type Drawn = Result<(), Box<dyn std::error::Error>>;

fn drawn(path: &Path, drawn: Drawn) -> Result<(), ChartError> {
    drawn.map_err(|e| ChartError {
        path: path.to_path_buf(),
        message: e.to_string(),
    })
}

/// Picks one mean out of [`Means`].
type Measure = fn(&Means) -> f64;

/// One bar chart per measure for a category of the comparison, into
/// `<measure>-<category>.svg` in `out`: each variant's mean over the
/// puzzles it solved, on a logarithmic scale.
pub(crate) fn category_charts(
    out: &Path,
    comparison: &Comparison,
    category: &str,
    members: &[usize],
) -> Result<(), ChartError> {
    let per_variant: Vec<(String, Means)> = comparison
        .variants
        .iter()
        .enumerate()
        .map(|(v, variant)| {
            let solved = comparison.solved(v, members);
            (variant.label(), comparison.means(v, &solved))
        })
        .collect();
    let measures: [(&str, &str, Measure); 3] = [
        ("answer-length", "mean answer length (moves)", |m| m.length),
        ("time", "mean execution time (ms)", |m| m.ms),
        ("expanded-nodes", "mean expanded nodes", |m| m.expanded),
    ];
    for (file, title, value) in measures {
        let bars: Vec<(String, f64)> = per_variant
            .iter()
            .map(|(label, m)| (label.clone(), value(m)))
            .collect();
        let path = out.join(format!("{file}-{category}.svg"));
        drawn(
            &path,
            bar_chart(&path, &format!("{category}: {title}"), &bars),
        )?;
    }
    Ok(())
}

/// A bar per label on a logarithmic scale.
fn bar_chart(path: &Path, title: &str, bars: &[(String, f64)]) -> Drawn {
    let root = SVGBackend::new(path, (960, 540)).into_drawing_area();
    root.fill(&WHITE)?;
    let floor = 0.01;
    let top = bars.iter().map(|b| b.1).fold(1.0, f64::max) * 2.0;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 22))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(80)
        .build_cartesian_2d((0..bars.len()).into_segmented(), (floor..top).log_scale())?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(bars.len())
        .x_label_formatter(&|v| match v {
            SegmentValue::CenterOf(i) => bars.get(*i).map_or(String::new(), |b| b.0.clone()),
            _ => String::new(),
        })
        .x_label_style(("sans-serif", 11))
        .draw()?;
    chart.draw_series(bars.iter().enumerate().map(|(i, (_, value))| {
        let colour = Palette99::pick(i).filled();
        let mut bar = Rectangle::new(
            [
                (SegmentValue::Exact(i), floor),
                (SegmentValue::Exact(i + 1), value.max(floor)),
            ],
            colour,
        );
        bar.set_margin(0, 0, 6, 6);
        bar
    }))?;
    root.present()?;
    Ok(())
}

/// Draws the database's statistics into an SVG file, in two panels:
/// puzzles per move count, and average moves by piece count and by
/// component size.
pub fn stats_chart(stats: &DatabaseStats, path: &Path) -> Result<(), ChartError> {
    drawn(path, draw_stats(stats, path))
}

fn draw_stats(stats: &DatabaseStats, path: &Path) -> Drawn {
    let root = SVGBackend::new(path, (1000, 800)).into_drawing_area();
    root.fill(&WHITE)?;
    let (top, bottom) = root.split_vertically(400);
    let max_moves = stats.by_moves.iter().map(|g| g.value).max().unwrap_or(1) as u32;
    let max_count = stats.by_moves.iter().map(|g| g.puzzles).max().unwrap_or(1);
    let mut chart = ChartBuilder::on(&top)
        .caption("Puzzles by optimal moves", ("sans-serif", 20))
        .margin(10)
        .x_label_area_size(30)
        .y_label_area_size(60)
        .build_cartesian_2d((0u32..max_moves + 1).into_segmented(), 0u64..max_count + 1)?;
    chart
        .configure_mesh()
        .x_desc("moves")
        .y_desc("puzzles")
        .draw()?;
    chart.draw_series(
        Histogram::vertical(&chart)
            .style(RED.filled())
            .data(stats.by_moves.iter().map(|g| (g.value as u32, g.puzzles))),
    )?;
    let (left, right) = bottom.split_horizontally(500);
    for (area, title, desc, points) in [
        (
            &left,
            "Average moves by piece count",
            "pieces",
            stats
                .by_pieces
                .iter()
                .map(|g| (g.value as f64, g.average_moves))
                .collect::<Vec<_>>(),
        ),
        (
            &right,
            "Average moves by component size",
            "log2(component size)",
            stats
                .by_component_size
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
            .build_cartesian_2d(0f64..x_max, 0f64..y_max)?;
        chart
            .configure_mesh()
            .x_desc(desc)
            .y_desc("average moves")
            .draw()?;
        chart.draw_series(LineSeries::new(points, BLUE.stroke_width(2)))?;
    }
    root.present()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use unblocker_db::stats::{SizeGroup, ValueGroup};

    #[test]
    fn the_database_chart_is_an_svg_file() {
        let group = |value| ValueGroup {
            value,
            puzzles: 3,
            average_moves: 5.5,
        };
        let stats = DatabaseStats {
            puzzles: 6,
            by_moves: vec![group(5), group(6)],
            by_pieces: vec![group(9), group(10)],
            by_walls: vec![group(0)],
            by_component_size: vec![SizeGroup {
                min_size: 64,
                puzzles: 6,
                average_moves: 5.5,
                max_moves: 6,
            }],
            largest_component: None,
            hardest: None,
            units: 0,
            positions: 0,
            seconds: 0.0,
        };
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("stats.svg");
        stats_chart(&stats, &path).unwrap();
        let svg = std::fs::read_to_string(&path).unwrap();
        assert!(svg.starts_with("<svg") && svg.contains("Puzzles by optimal moves"));
        let missing = dir.path().join("no/such/dir/stats.svg");
        let error = stats_chart(&stats, &missing).unwrap_err();
        assert_eq!(error.path, missing);
    }
}
