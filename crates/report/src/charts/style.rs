//! What every chart shares: one colour per search (a hue per family, a
//! shade per heuristic), logarithmic axes ticked at powers of ten written
//! 1, 10, 100, 1k…, the fonts and an estimate of a text's width.

use plotters::chart::MeshStyle;
use plotters::coord::ranged1d::Ranged;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use unblocker_solve::{Algorithm, Heuristic};

/// The font family of every chart's text.
pub const FONT: &str = "DejaVu Sans, Liberation Sans, Arial, sans-serif";

/// Sizes of the charts' text, in pixels.
pub const TITLE: u32 = 22;
pub const AXIS_TITLE: u32 = 16;
pub const LABEL: u32 = 14;

/// The house style of a chart's mesh: fonts, grey lines at the ticks only.
pub fn in_style<'c, 'a, 'b, X: Ranged, Y: Ranged, DB: DrawingBackend>(
    mesh: &'c mut MeshStyle<'a, 'b, X, Y, DB>,
) -> &'c mut MeshStyle<'a, 'b, X, Y, DB> {
    mesh.label_style((FONT, LABEL))
        .axis_desc_style((FONT, AXIS_TITLE))
        .bold_line_style(RGBColor(0xDD, 0xDD, 0xDD))
        .light_line_style(WHITE)
}

/// A label's style: black, its point at its left end, halfway up.
pub fn label_style() -> TextStyle<'static> {
    (FONT, LABEL)
        .into_font()
        .color(&BLACK)
        .pos(Pos::new(HPos::Left, VPos::Center))
}

/// The families of searches, in the order the charts list them: the blind
/// ones, then each informed algorithm with its heuristics.
pub const FAMILIES: [(&str, RGBColor); 4] = [
    (
        "blind (BFS, bidirectional, IDDFS, DFS)",
        RGBColor(0x21, 0x66, 0xAC),
    ),
    ("A*", RGBColor(0xD9, 0x5F, 0x0E)),
    ("IDA*", RGBColor(0x75, 0x6B, 0xB1)),
    ("greedy", RGBColor(0x31, 0xA3, 0x54)),
];

/// The shades of each family, darkest first.
const SHADES: [[RGBColor; 4]; 4] = [
    [
        RGBColor(0x08, 0x30, 0x6B),
        RGBColor(0x21, 0x66, 0xAC),
        RGBColor(0x43, 0x92, 0xC3),
        RGBColor(0x92, 0xC5, 0xDE),
    ],
    [
        RGBColor(0x8C, 0x2D, 0x04),
        RGBColor(0xD9, 0x5F, 0x0E),
        RGBColor(0xF7, 0x93, 0x3A),
        RGBColor(0xFD, 0xBE, 0x85),
    ],
    [
        RGBColor(0x3F, 0x00, 0x7D),
        RGBColor(0x6A, 0x51, 0xA3),
        RGBColor(0x9E, 0x9A, 0xC8),
        RGBColor(0xC6, 0xC2, 0xE0),
    ],
    [
        RGBColor(0x00, 0x5A, 0x32),
        RGBColor(0x31, 0xA3, 0x54),
        RGBColor(0x74, 0xC4, 0x76),
        RGBColor(0xB3, 0xDE, 0xA6),
    ],
];

/// A search's family (an index into [`FAMILIES`]) and its shade within it.
pub fn family(algorithm: Algorithm, heuristic: Option<Heuristic>) -> (usize, usize) {
    let blind = |shade| (0, shade);
    match algorithm {
        Algorithm::Bfs => blind(0),
        Algorithm::Bidir => blind(1),
        Algorithm::Iddfs => blind(2),
        Algorithm::Dfs => blind(3),
        informed => {
            let family = match informed {
                Algorithm::Astar => 1,
                Algorithm::Idastar => 2,
                _ => 3,
            };
            let shade = match heuristic {
                Some(Heuristic::Blockers) => 0,
                Some(Heuristic::Obstructed) => 1,
                Some(Heuristic::Stuck) | Some(Heuristic::Distance) => 2,
                _ => 3,
            };
            (family, shade)
        }
    }
}

/// The colour of a search: its family's hue in its shade.
pub fn colour(algorithm: Algorithm, heuristic: Option<Heuristic>) -> RGBColor {
    let (f, s) = family(algorithm, heuristic);
    SHADES[f][s]
}

/// The powers of ten from the one at or below `lo` to the one at or above
/// `hi`, never below 1 for a count.
pub fn decades(lo: f64, hi: f64, count: bool) -> (f64, f64) {
    let floor = if count { 1.0 } else { 1e-3 };
    let lo = 10f64.powf(lo.max(floor).log10().floor());
    let hi = 10f64.powf(hi.max(lo * 10.0).log10().ceil());
    (lo, hi)
}

/// The ticks of a logarithmic axis over `lo..=hi`: its powers of ten.
pub fn ticks(lo: f64, hi: f64) -> Vec<f64> {
    let (a, b) = (lo.log10().round() as i32, hi.log10().round() as i32);
    (a..=b).map(|e| 10f64.powi(e)).collect()
}

/// A power of ten (or any value) written short: 0.01, 0.1, 1, 10, 100,
/// 1k, 10k, 100k, 1M.
pub fn short(v: f64) -> String {
    let (scaled, suffix) = if v >= 1e9 {
        (v / 1e9, "G")
    } else if v >= 1e6 {
        (v / 1e6, "M")
    } else if v >= 1e3 {
        (v / 1e3, "k")
    } else {
        (v, "")
    };
    let digits = if scaled >= 10.0 || scaled == scaled.round() {
        0
    } else if scaled >= 1.0 {
        1
    } else {
        (-scaled.log10().floor()) as usize + 1
    };
    let number = format!("{scaled:.digits$}");
    let number = if number.contains('.') {
        number.trim_end_matches('0').trim_end_matches('.')
    } else {
        &number
    };
    format!("{number}{suffix}")
}

/// The width in pixels of `text` at `size` pixels in a sans-serif font,
/// estimated from its characters (on the generous side, as a check of
/// overlaps wants).
pub fn text_width(text: &str, size: f64) -> f64 {
    text.chars()
        .map(|c| match c {
            'i' | 'l' | 'j' | '.' | ',' | ':' | ';' | '\'' | '|' | '!' | ' ' | 'I' | '(' | ')'
            | '[' | ']' | 'f' | 't' | 'r' => 0.38,
            'm' | 'w' | 'M' | 'W' | '—' | '…' => 0.92,
            c if c.is_ascii_uppercase() => 0.72,
            _ => 0.62,
        })
        .sum::<f64>()
        * size
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_axes_are_ticked_at_powers_of_ten_written_short() {
        let (lo, hi) = decades(0.3, 52_000.0, true);
        assert_eq!((lo, hi), (1.0, 100_000.0));
        let labels: Vec<String> = ticks(lo, hi).into_iter().map(short).collect();
        assert_eq!(labels, ["1", "10", "100", "1k", "10k", "100k"]);
        let (lo, hi) = decades(0.03, 4.0, false);
        let labels: Vec<String> = ticks(lo, hi).into_iter().map(short).collect();
        assert_eq!(labels, ["0.01", "0.1", "1", "10"]);
        assert_eq!(short(1500.0), "1.5k");
        assert_eq!(short(2_500_000.0), "2.5M");
    }

    #[test]
    fn each_search_has_its_own_colour_in_its_familys_hue() {
        let all: Vec<RGBColor> = [
            (Algorithm::Bfs, None),
            (Algorithm::Bidir, None),
            (Algorithm::Iddfs, None),
            (Algorithm::Dfs, None),
            (Algorithm::Astar, Some(Heuristic::Blockers)),
            (Algorithm::Astar, Some(Heuristic::Obstructed)),
            (Algorithm::Astar, Some(Heuristic::Stuck)),
            (Algorithm::Idastar, Some(Heuristic::Blockers)),
            (Algorithm::Greedy, Some(Heuristic::Blockers)),
        ]
        .into_iter()
        .map(|(a, h)| colour(a, h))
        .collect();
        for (i, a) in all.iter().enumerate() {
            assert!(all[i + 1..].iter().all(|b| b != a));
        }
        assert_eq!(family(Algorithm::Astar, Some(Heuristic::Stuck)).0, 1);
    }
}
