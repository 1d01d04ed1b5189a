//! The study on one page: for each category a panel of positions expanded
//! against answer length, one labelled point per search (the labels placed
//! where they overlap nothing), and a key to the colours.

use super::style::{
    decades, in_style, label_style, short, text_width, ticks, AXIS_TITLE, FAMILIES, FONT, LABEL,
    TITLE,
};
use plotters::prelude::*;

/// One search in one category: its mean answer length and mean positions
/// expanded over the puzzles it solved.
pub(crate) struct Point {
    pub label: String,
    pub colour: RGBColor,
    pub length: f64,
    pub expanded: f64,
}

/// A panel's title and its points.
pub(crate) type Panel = (String, Vec<Point>);

const COLUMNS: usize = 3;
const PANEL: (u32, u32) = (560, 440);
const RADIUS: i32 = 6;

/// A box in pixels: left, top, right, bottom.
type Box2 = (f64, f64, f64, f64);

fn overlap(a: &Box2, b: &Box2) -> bool {
    a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3
}

/// The overview as SVG text.
pub(crate) fn overview(
    title: &str,
    panels: &[Panel],
) -> Result<String, Box<dyn std::error::Error>> {
    let rows = (panels.len() + 1).div_ceil(COLUMNS);
    let (width, height) = (COLUMNS as u32 * PANEL.0, 60 + rows as u32 * PANEL.1);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (width, height)).into_drawing_area();
        root.fill(&WHITE)?;
        let body = root.titled(title, (FONT, TITLE))?;
        let areas = body.split_evenly((rows, COLUMNS));
        for (area, (name, points)) in areas.iter().zip(panels) {
            panel(area, name, points)?;
        }
        if let Some(area) = areas.get(panels.len()) {
            key(area)?;
        }
        root.present()?;
    }
    Ok(svg)
}

/// One category's panel: the axes, the labels of the solved searches
/// placed where they overlap nothing (with a leader when away from their
/// point), the unsolved ones named in a note, then the points on top.
fn panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    name: &str,
    points: &[Point],
) -> Result<(), Box<dyn std::error::Error>>
where
    DB::ErrorType: 'static,
{
    let solved: Vec<&Point> = points.iter().filter(|p| p.expanded > 0.0).collect();
    let (x_lo, x_hi) = decades_of(&solved, |p| p.length);
    let (y_lo, y_hi) = decades_of(&solved, |p| p.expanded);
    let mut chart = ChartBuilder::on(area)
        .caption(name, (FONT, AXIS_TITLE + 2))
        .margin(14)
        .x_label_area_size(52)
        .y_label_area_size(70)
        .build_cartesian_2d(
            (x_lo..x_hi).log_scale().with_key_points(ticks(x_lo, x_hi)),
            (y_lo..y_hi).log_scale().with_key_points(ticks(y_lo, y_hi)),
        )?;
    in_style(&mut chart.configure_mesh())
        .x_label_formatter(&|v| short(*v))
        .y_label_formatter(&|v| short(*v))
        .x_desc("mean answer length (moves)")
        .y_desc("mean positions expanded")
        .draw()?;
    let (xs, ys) = chart.plotting_area().get_pixel_range();
    let at: Vec<(i32, i32)> = solved
        .iter()
        .map(|p| chart.backend_coord(&(p.length, p.expanded)))
        .collect();
    let mut labels = Labels::new(area, (xs, ys), &at);
    let unsolved: Vec<&str> = points
        .iter()
        .filter(|p| p.expanded <= 0.0)
        .map(|p| p.label.as_str())
        .collect();
    if !unsolved.is_empty() {
        labels.note(&format!("not solved: {}", unsolved.join(", ")))?;
    }
    for (p, &(x, y)) in solved.iter().zip(&at) {
        labels.label(&p.label, (x as f64, y as f64))?;
    }
    for (p, &(x, y)) in solved.iter().zip(&at) {
        let at = labels.rel(x as f64, y as f64);
        area.draw(&Circle::new(at, RADIUS, p.colour.filled()))?;
        area.draw(&Circle::new(at, RADIUS, BLACK.stroke_width(1)))?;
    }
    Ok(())
}

/// The whole decades around the values `f` takes on `points`.
fn decades_of(points: &[&Point], f: fn(&Point) -> f64) -> (f64, f64) {
    let lowest = points.iter().map(|p| f(p)).fold(f64::INFINITY, f64::min);
    let highest = points.iter().map(|p| f(p)).fold(0.0, f64::max);
    decades(lowest.min(1e9), highest, true)
}

/// Text placed on a panel where it overlaps nothing drawn so far: the
/// points, and the text placed before.
struct Labels<'a, DB: DrawingBackend> {
    area: &'a DrawingArea<DB, plotters::coord::Shift>,
    /// The panel's top-left corner in backend pixels.
    base: (i32, i32),
    /// The plotting area, in backend pixels.
    bounds: Box2,
    taken: Vec<Box2>,
}

impl<'a, DB: DrawingBackend> Labels<'a, DB>
where
    DB::ErrorType: 'static,
{
    /// Labels for the plotting area spanning those pixel ranges, with
    /// points `at` (backend pixels).
    fn new(
        area: &'a DrawingArea<DB, plotters::coord::Shift>,
        (xs, ys): (std::ops::Range<i32>, std::ops::Range<i32>),
        at: &[(i32, i32)],
    ) -> Self {
        let r = RADIUS as f64 + 1.0;
        let taken = at
            .iter()
            .map(|&(x, y)| (x as f64 - r, y as f64 - r, x as f64 + r, y as f64 + r))
            .collect();
        Labels {
            area,
            base: area.get_base_pixel(),
            bounds: (
                xs.start as f64,
                ys.start as f64,
                xs.end as f64,
                ys.end as f64,
            ),
            taken,
        }
    }

    /// Backend pixels relative to the panel (what it draws in).
    fn rel(&self, x: f64, y: f64) -> (i32, i32) {
        (x as i32 - self.base.0, y as i32 - self.base.1)
    }

    /// A note in the plotting area's bottom-left corner.
    fn note(&mut self, note: &str) -> Result<(), Box<dyn std::error::Error>> {
        let size = LABEL as f64;
        let (left, top) = (self.bounds.0 + 6.0, self.bounds.3 - size - 6.0);
        self.taken
            .push((left, top, left + text_width(note, size), top + size));
        let at = self.rel(left, top + size / 2.0);
        self.area
            .draw(&Text::new(note.to_string(), at, label_style()))?;
        Ok(())
    }

    /// `label` beside its point `(x, y)`, with a leader when it had to go
    /// further than next to it; left out when there is no room.
    fn label(&mut self, label: &str, (x, y): (f64, f64)) -> Result<(), Box<dyn std::error::Error>> {
        let size = LABEL as f64;
        let w = text_width(label, size);
        let Some((b, leader)) = self.place((x, y), w) else {
            return Ok(());
        };
        self.taken.push(b);
        if leader {
            let (cx, cy) = ((b.0 + b.2) / 2.0, (b.1 + b.3) / 2.0);
            let end = (
                if cx < x {
                    b.2
                } else if cx > x + w / 2.0 {
                    b.0
                } else {
                    cx
                },
                if (cy - y).abs() < size {
                    cy
                } else if cy < y {
                    b.3
                } else {
                    b.1
                },
            );
            self.area.draw(&PathElement::new(
                vec![self.rel(x, y), self.rel(end.0, end.1)],
                RGBColor(0x88, 0x88, 0x88).stroke_width(1),
            ))?;
        }
        let at = self.rel(b.0, (b.1 + b.3) / 2.0);
        self.area
            .draw(&Text::new(label.to_string(), at, label_style()))?;
        Ok(())
    }

    /// Where a label `w` wide goes for the point `(x, y)`: the first free
    /// place of the candidates around the point, nearest first (right,
    /// left, above, below and the diagonals, then the same further out),
    /// and whether it is away from the point.
    fn place(&self, (x, y): (f64, f64), w: f64) -> Option<(Box2, bool)> {
        let size = LABEL as f64;
        let bounds = self.bounds;
        for reach in [1.0, 2.0, 3.5, 5.0, 7.0] {
            let d = (RADIUS as f64 + 4.0) * reach;
            let v = size * 0.5 + d * 0.7;
            for (left, top) in [
                (x + d, y - size / 2.0),
                (x - d - w, y - size / 2.0),
                (x - w / 2.0, y - v - size / 2.0),
                (x - w / 2.0, y + v - size / 2.0),
                (x + d * 0.7, y - v - size / 2.0),
                (x + d * 0.7, y + v - size / 2.0),
                (x - d * 0.7 - w, y - v - size / 2.0),
                (x - d * 0.7 - w, y + v - size / 2.0),
            ] {
                let b = (left, top, left + w, top + size);
                let inside =
                    b.0 >= bounds.0 && b.1 >= bounds.1 && b.2 <= bounds.2 && b.3 <= bounds.3;
                if inside && !self.taken.iter().any(|t| overlap(t, &b)) {
                    return Some((b, reach > 1.0));
                }
            }
        }
        None
    }
}

/// The key: each family's colour, and how to read the panels.
fn key<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
) -> Result<(), Box<dyn std::error::Error>>
where
    DB::ErrorType: 'static,
{
    let style = label_style();
    let mut y = 60;
    area.draw(&Text::new(
        "Colours: one hue per family, a shade per heuristic",
        (30, y),
        style.clone(),
    ))?;
    for (name, colour) in FAMILIES {
        y += 30;
        area.draw(&Circle::new((42, y), RADIUS + 1, colour.filled()))?;
        area.draw(&Text::new(name, (60, y), style.clone()))?;
    }
    for line in [
        "Each point is one search's means over the puzzles",
        "it solved. Lower: fewer positions expanded;",
        "left: shorter answers (the optimal searches share",
        "the shortest length). Both axes are logarithmic.",
    ] {
        y += 26;
        if line.starts_with("Each") {
            y += 20;
        }
        area.draw(&Text::new(line, (30, y), style.clone()))?;
    }
    Ok(())
}
