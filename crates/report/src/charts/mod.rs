//! Every chart, as SVG drawn with plotters in one style ([`style`]): the
//! comparison's overview and bar charts (one per measure and category) and
//! the database's statistics; written as SVG or PNG.

mod bars;
mod overview;
pub mod style;

use crate::compare::{Comparison, VariantRun};
use bars::{bar_chart, Bar};
use overview::{overview, Panel, Point};
use plotters::prelude::*;
use std::path::{Path, PathBuf};
use unblocker_db::stats::{DatabaseStats, SizeGroup};

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

/// Picks one measure of a run.
type Measure = fn(&VariantRun) -> f64;

/// Writes a chart drawn as SVG text to `path`: as it is, or as PNG when the
/// path ends in `.png`.
pub fn write_chart(path: &Path, svg: &str) -> Result<(), ChartError> {
    let is_png = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("png"));
    let written: Drawn = if is_png {
        unblocker_render::raster::png(svg, 1.0)
            .map_err(Into::into)
            .and_then(|bytes| std::fs::write(path, bytes).map_err(Into::into))
    } else {
        std::fs::write(path, svg).map_err(Into::into)
    };
    drawn(path, written)
}

/// The variants in the charts' order: the blind searches, then each
/// informed algorithm with its heuristics (as [`style::family`] groups them).
fn chart_order(comparison: &Comparison) -> Vec<usize> {
    let mut order: Vec<usize> = (0..comparison.variants.len()).collect();
    order.sort_by_key(|&v| {
        let variant = &comparison.variants[v];
        style::family(variant.algorithm, variant.heuristic)
    });
    order
}

/// A variant's label, with how many puzzles it solved when not all.
fn bar_label(comparison: &Comparison, v: usize, members: &[usize]) -> String {
    let solved = comparison.solved(v, members).len();
    let label = comparison.variants[v].label();
    if solved == members.len() {
        label
    } else {
        format!("{label} ({solved}/{} solved)", members.len())
    }
}

/// One bar chart per measure for a category of the comparison, into
/// `<measure>-<category>.svg` in `out`: each variant's mean over the
/// puzzles it solved and their spread, on a logarithmic scale.
pub(crate) fn category_charts(
    out: &Path,
    comparison: &Comparison,
    category: &str,
    members: &[usize],
) -> Result<(), ChartError> {
    for (file, title, axis, count, measure) in MEASURES {
        let bars: Vec<Bar> = chart_order(comparison)
            .into_iter()
            .map(|v| {
                let variant = &comparison.variants[v];
                let solved = comparison.solved(v, members);
                let mean = measure(&comparison.mean_run(v, &solved));
                Bar {
                    label: bar_label(comparison, v, members),
                    colour: style::colour(variant.algorithm, variant.heuristic),
                    values: comparison
                        .spread(v, &solved, measure)
                        .map(|(least, most)| (mean, least, most)),
                }
            })
            .collect();
        let path = out.join(format!("{file}-{category}.svg"));
        let title = format!("{category} ({} puzzles): {title}", members.len());
        let svg = bar_chart(&title, axis, count, &bars).map_err(|e| ChartError {
            path: path.clone(),
            message: e.to_string(),
        })?;
        write_chart(&path, &svg)?;
    }
    Ok(())
}

/// The measures of the bar charts: file name, title, axis title, whether
/// it is a count, and the measure.
const MEASURES: [(&str, &str, &str, bool, Measure); 3] = [
    (
        "answer-length",
        "answer length",
        "answer length (moves, log scale; bar: mean, line: shortest to longest)",
        true,
        |r| r.length,
    ),
    (
        "time",
        "execution time",
        "time per puzzle (ms, log scale; bar: mean, line: fastest to slowest)",
        false,
        |r| r.ms,
    ),
    (
        "expanded-nodes",
        "positions expanded",
        "positions expanded per puzzle (log scale; bar: mean, line: fewest to most)",
        true,
        |r| r.expanded,
    ),
];

/// The overview figure: one panel per category, positions expanded against
/// answer length, one point per variant; as SVG text.
pub(crate) fn overview_svg(comparison: &Comparison) -> Result<String, ChartError> {
    let panels: Vec<Panel> = comparison
        .categories
        .iter()
        .map(|(category, members)| {
            let points = chart_order(comparison)
                .into_iter()
                .map(|v| {
                    let variant = &comparison.variants[v];
                    let solved = comparison.solved(v, members);
                    let means = comparison.mean_run(v, &solved);
                    Point {
                        label: variant.label(),
                        colour: style::colour(variant.algorithm, variant.heuristic),
                        length: if solved.is_empty() { 0.0 } else { means.length },
                        expanded: if solved.is_empty() {
                            0.0
                        } else {
                            means.expanded.max(1.0)
                        },
                    }
                })
                .collect();
            (format!("{category} ({} puzzles)", members.len()), points)
        })
        .collect();
    let title = format!(
        "Positions expanded against answer length, per category (metric {})",
        comparison.metric()
    );
    overview(&title, &panels).map_err(|e| ChartError {
        path: PathBuf::from(OVERVIEW),
        message: e.to_string(),
    })
}

/// The overview's file name in the output directory (an SVG, and a PNG
/// beside it for viewers that show no SVG).
pub const OVERVIEW: &str = "overview.svg";

/// Draws the database's statistics into `path` (SVG, or PNG when it ends
/// in `.png`), in three panels: puzzles per move count, and the mean
/// optimal moves by piece count and by component size (with the most).
pub fn stats_chart(stats: &DatabaseStats, path: &Path) -> Result<(), ChartError> {
    let svg = stats_svg(stats).map_err(|e| ChartError {
        path: path.to_path_buf(),
        message: e.to_string(),
    })?;
    write_chart(path, &svg)
}

fn stats_svg(stats: &DatabaseStats) -> Result<String, Box<dyn std::error::Error>> {
    use style::{decades, in_style, short, ticks, AXIS_TITLE, FAMILIES, FONT, LABEL, TITLE};
    let blue = FAMILIES[0].1;
    let orange = FAMILIES[1].1;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (1000, 860)).into_drawing_area();
        root.fill(&WHITE)?;
        let (top, bottom) = root.split_vertically(440);
        let max_moves = stats.by_moves.iter().map(|g| g.value).max().unwrap_or(1);
        let most = stats.by_moves.iter().map(|g| g.puzzles).max().unwrap_or(1) as f64;
        let (lo, hi) = decades(1.0, most, true);
        // Bars start below the lowest tick, so that a single puzzle shows.
        let base = lo / 2.0;
        let mut chart = ChartBuilder::on(&top)
            .caption(
                format!("{} puzzles by optimal moves", stats.puzzles),
                (FONT, TITLE),
            )
            .margin(16)
            .x_label_area_size(56)
            .y_label_area_size(76)
            .build_cartesian_2d(
                0u64..max_moves + 1,
                (base..hi).log_scale().with_key_points(ticks(lo, hi)),
            )?;
        in_style(&mut chart.configure_mesh())
            .disable_x_mesh()
            .x_desc("optimal moves (slides)")
            .y_desc("puzzles (log scale)")
            .y_label_formatter(&|v| short(*v))
            .draw()?;
        chart.draw_series(stats.by_moves.iter().map(|g| {
            let mut bar = Rectangle::new(
                [(g.value, base), (g.value + 1, g.puzzles as f64)],
                blue.filled(),
            );
            bar.set_margin(0, 0, 1, 1);
            bar
        }))?;
        let (left, right) = bottom.split_horizontally(500);
        let points = |groups: &[unblocker_db::stats::ValueGroup]| -> Vec<(f64, f64)> {
            groups
                .iter()
                .map(|g| (g.value as f64, g.average_moves))
                .collect()
        };
        let by_pieces = points(&stats.by_pieces);
        let x_max = by_pieces.iter().map(|p| p.0).fold(1.0, f64::max) + 1.0;
        let y_max = by_pieces.iter().map(|p| p.1).fold(1.0, f64::max) * 1.15;
        let mut chart = ChartBuilder::on(&left)
            .caption("Mean optimal moves by piece count", (FONT, AXIS_TITLE + 2))
            .margin(16)
            .x_label_area_size(56)
            .y_label_area_size(60)
            .build_cartesian_2d(0f64..x_max, 0f64..y_max)?;
        in_style(&mut chart.configure_mesh())
            .x_desc("cars, the target included")
            .y_desc("mean optimal moves")
            .x_label_formatter(&|v| short(*v))
            .y_label_formatter(&|v| short(*v))
            .draw()?;
        chart.draw_series(LineSeries::new(by_pieces.clone(), blue.stroke_width(2)))?;
        chart.draw_series(by_pieces.iter().map(|&p| Circle::new(p, 4, blue.filled())))?;
        let sizes = &stats.by_component_size;
        let biggest = sizes.iter().map(|g| g.min_size).max().unwrap_or(1) as f64;
        let (x_lo, x_hi) = decades(1.0, biggest * 2.0, true);
        let y_max = sizes.iter().map(|g| g.max_moves as f64).fold(1.0, f64::max) * 1.15;
        let mut chart = ChartBuilder::on(&right)
            .caption("Optimal moves by component size", (FONT, AXIS_TITLE + 2))
            .margin(16)
            .x_label_area_size(56)
            .y_label_area_size(60)
            .build_cartesian_2d(
                (x_lo..x_hi).log_scale().with_key_points(ticks(x_lo, x_hi)),
                0f64..y_max,
            )?;
        in_style(&mut chart.configure_mesh())
            .x_desc("positions in the component (log scale)")
            .y_desc("optimal moves")
            .x_label_formatter(&|v| short(*v))
            .y_label_formatter(&|v| short(*v))
            .draw()?;
        for (name, colour, value) in [
            (
                "most",
                orange,
                (|g| g.max_moves as f64) as fn(&SizeGroup) -> f64,
            ),
            ("mean", blue, |g| g.average_moves),
        ] {
            let line: Vec<(f64, f64)> = sizes
                .iter()
                .map(|g| (g.min_size as f64, value(g)))
                .collect();
            chart
                .draw_series(LineSeries::new(line.clone(), colour.stroke_width(2)))?
                .label(name)
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(2))
                });
            chart.draw_series(line.into_iter().map(|p| Circle::new(p, 4, colour.filled())))?;
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .label_font((FONT, LABEL))
            .background_style(WHITE.mix(0.9))
            .border_style(RGBColor(0xBB, 0xBB, 0xBB))
            .draw()?;
        root.present()?;
    }
    Ok(svg)
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
        assert!(svg.starts_with("<svg") && svg.contains("6 puzzles by optimal moves"));
        let missing = dir.path().join("no/such/dir/stats.svg");
        let error = stats_chart(&stats, &missing).unwrap_err();
        assert_eq!(error.path, missing);
    }
}
