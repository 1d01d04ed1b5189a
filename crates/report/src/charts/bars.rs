//! A horizontal bar chart on a logarithmic axis: one bar per search (its
//! mean), a line across each bar from the least to the most of any puzzle,
//! the mean written after it; the searches' names on the left, never
//! overlapping.

use super::style::{decades, in_style, label_style, short, text_width, ticks, FONT, LABEL, TITLE};
use plotters::prelude::*;

/// One bar.
pub(crate) struct Bar {
    pub label: String,
    pub colour: RGBColor,
    /// The mean, and the least and most of one puzzle; `None` when the
    /// search solved none of the puzzles.
    pub values: Option<(f64, f64, f64)>,
}

/// Pixels per bar.
const ROW: u32 = 34;

/// The chart as SVG text: `axis` names the measure and its unit; a `count`
/// has no ticks below 1.
pub(crate) fn bar_chart(
    title: &str,
    axis: &str,
    count: bool,
    bars: &[Bar],
) -> Result<String, Box<dyn std::error::Error>> {
    let n = bars.len();
    let label_width = bars
        .iter()
        .map(|b| text_width(&b.label, LABEL as f64))
        .fold(0.0, f64::max) as u32
        + 24;
    let (width, height) = (960, 150 + n as u32 * ROW);
    let solved = bars.iter().filter_map(|b| b.values);
    let low = solved.clone().map(|v| v.1).fold(f64::INFINITY, f64::min);
    let high = solved.map(|v| v.2).fold(0.0, f64::max);
    let (lo, hi) = decades(if low.is_finite() { low } else { 1.0 }, high, count);
    // One more decade on the right for the means written after the lines.
    let hi = hi * 10.0;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (width, height)).into_drawing_area();
        root.fill(&WHITE)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, (FONT, TITLE))
            .margin(16)
            .x_label_area_size(60)
            .y_label_area_size(label_width)
            .build_cartesian_2d(
                (lo..hi).log_scale().with_key_points(ticks(lo, hi)),
                // n segments: 0..=n-1.
                (0..n.max(1) - 1).into_segmented(),
            )?;
        // The first bar on top.
        let row_of = |i: usize| n - 1 - i;
        in_style(&mut chart.configure_mesh())
            .disable_y_mesh()
            .y_labels(n)
            .y_label_formatter(&|v| match v {
                SegmentValue::CenterOf(j) if *j < n => bars[row_of(*j)].label.clone(),
                _ => String::new(),
            })
            .x_label_formatter(&|v| short(*v))
            .x_desc(axis)
            .draw()?;
        for (i, bar) in bars.iter().enumerate() {
            let j = row_of(i);
            let centre = |x: f64| {
                chart
                    .as_coord_spec()
                    .translate(&(x, SegmentValue::CenterOf(j)))
            };
            let Some((mean, least, most)) = bar.values else {
                let at = centre(lo);
                root.draw(&Text::new("solved none", (at.0 + 8, at.1), label_style()))?;
                continue;
            };
            let mut rect = Rectangle::new(
                [
                    (lo, SegmentValue::Exact(j)),
                    (mean.max(lo), SegmentValue::Exact(j + 1)),
                ],
                bar.colour.filled(),
            );
            rect.set_margin(5, 5, 0, 0);
            let (a, b) = (centre(least.max(lo)), centre(most.max(lo)));
            chart.draw_series(std::iter::once(rect))?;
            let line = BLACK.stroke_width(2);
            root.draw(&PathElement::new(vec![a, b], line))?;
            for end in [a, b] {
                root.draw(&PathElement::new(
                    vec![(end.0, end.1 - 7), (end.0, end.1 + 7)],
                    line,
                ))?;
            }
            root.draw(&Text::new(short(mean), (b.0 + 10, b.1), label_style()))?;
        }
        root.present()?;
    }
    Ok(svg)
}
