//! One board as SVG: the frame with the exit as a gap and an arrow (or a
//! Klotski goal as a dashed outline), walls, and the pieces in the shared
//! palette with their letters.

use crate::palette;
use crate::svg::{num, Anchor, Svg, TextStyle};
use unblocker_model::{label_of, Board, Goal, Side};

/// How a board is drawn.
#[derive(Clone, Copy, Debug)]
pub struct BoardStyle {
    /// The side of a cell, in pixels (or points).
    pub cell: f64,
    /// Print each piece's letter on it.
    pub labels: bool,
}

impl Default for BoardStyle {
    fn default() -> BoardStyle {
        BoardStyle {
            cell: 60.0,
            labels: true,
        }
    }
}

impl BoardStyle {
    /// The frame's thickness.
    pub fn frame(&self) -> f64 {
        (self.cell * 0.22).round().max(2.0)
    }

    /// The drawn size of `board`, frame included: `(width, height)`.
    pub fn size(&self, board: &Board) -> (f64, f64) {
        let f = 2.0 * self.frame();
        (
            board.width() as f64 * self.cell + f,
            board.height() as f64 * self.cell + f,
        )
    }
}

/// `board` alone as an SVG document.
pub fn svg(board: &Board, style: &BoardStyle) -> String {
    let (w, h) = style.size(board);
    let mut doc = Svg::new(w, h);
    draw(&mut doc, board, style, (0.0, 0.0), None);
    doc.finish()
}

/// Draws `board` with its frame's top-left corner at `origin`; `moved`
/// outlines one piece (the one a solution step just moved).
pub fn draw(
    doc: &mut Svg,
    board: &Board,
    style: &BoardStyle,
    origin: (f64, f64),
    moved: Option<usize>,
) {
    let (c, t) = (style.cell, style.frame());
    let (w, h) = style.size(board);
    let (x0, y0) = origin;
    doc.rect(
        x0,
        y0,
        w,
        h,
        palette::FRAME,
        &format!(r#"rx="{}""#, num(t * 0.6)),
    );
    let (bx, by) = (x0 + t, y0 + t);
    let (bw, bh) = (board.width() as f64 * c, board.height() as f64 * c);
    doc.rect(bx, by, bw, bh, palette::SURFACE, "");
    let grid = format!(r#"stroke="{}" stroke-width="1""#, palette::GRID);
    for col in 1..board.width() {
        let x = num(bx + col as f64 * c);
        doc.raw(&format!(
            r#"<line x1="{x}" y1="{}" x2="{x}" y2="{}" {grid}/>"#,
            num(by),
            num(by + bh)
        ));
    }
    for row in 1..board.height() {
        let y = num(by + row as f64 * c);
        doc.raw(&format!(
            r#"<line x1="{}" y1="{y}" x2="{}" y2="{y}" {grid}/>"#,
            num(bx),
            num(bx + bw)
        ));
    }
    match board.goal() {
        Goal::Exit(exit) => draw_exit(doc, style, (bx, by), (bw, bh), exit.side, exit.index),
        Goal::Place { row, col } => {
            let target = board.target();
            let inset = c * 0.04;
            doc.rect(
                bx + col as f64 * c + inset,
                by + row as f64 * c + inset,
                target.width as f64 * c - 2.0 * inset,
                target.height as f64 * c - 2.0 * inset,
                palette::TARGET,
                &format!(
                    r#"class="goal" fill-opacity="0.12" stroke="{}" stroke-width="{}" stroke-dasharray="{} {}" rx="{}""#,
                    palette::TARGET,
                    num(c * 0.05),
                    num(c * 0.15),
                    num(c * 0.1),
                    num(c * 0.1)
                ),
            );
        }
    }
    let gap = c * 0.05;
    for &(row, col) in board.walls() {
        doc.rect(
            bx + col as f64 * c + gap,
            by + row as f64 * c + gap,
            c - 2.0 * gap,
            c - 2.0 * gap,
            palette::WALL,
            &format!(r#"class="wall" rx="{}""#, num(c * 0.08)),
        );
    }
    for (i, piece) in board.pieces().iter().enumerate() {
        let colour = palette::piece(i);
        let (x, y) = (
            bx + piece.col as f64 * c + gap,
            by + piece.row as f64 * c + gap,
        );
        let (pw, ph) = (
            piece.width as f64 * c - 2.0 * gap,
            piece.height as f64 * c - 2.0 * gap,
        );
        let outline = if moved == Some(i) {
            format!(
                r##"stroke="#000000" stroke-width="{}""##,
                num((c * 0.08).max(2.0))
            )
        } else {
            r##"stroke="#000000" stroke-opacity="0.35" stroke-width="1""##.to_string()
        };
        let label = label_of(i);
        doc.rect(
            x,
            y,
            pw,
            ph,
            colour,
            &format!(
                r#"class="piece" data-label="{label}" rx="{}" {outline}"#,
                num(c * 0.14)
            ),
        );
        if style.labels {
            let size = c * 0.42;
            let style = TextStyle {
                size,
                anchor: Anchor::Middle,
                fill: palette::text_on(colour),
                bold: true,
            };
            let at = (x + pw / 2.0, y + ph / 2.0 + size * 0.36);
            doc.text(at, style, &label.to_string());
        }
    }
}

/// The exit: a gap in the frame beside its cell, with an arrow pointing out.
fn draw_exit(
    doc: &mut Svg,
    style: &BoardStyle,
    (bx, by): (f64, f64),
    (bw, bh): (f64, f64),
    side: Side,
    index: u8,
) {
    let (c, t) = (style.cell, style.frame());
    let i = index as f64 * c;
    let (x, y, w, h) = match side {
        Side::Left => (bx - t, by + i, t, c),
        Side::Right => (bx + bw, by + i, t, c),
        Side::Top => (bx + i, by - t, c, t),
        Side::Bottom => (bx + i, by + bh, c, t),
    };
    doc.rect(x, y, w, h, palette::SURFACE, r#"class="exit""#);
    // A chevron in the gap, pointing out of the board.
    let (cx, cy) = (x + w / 2.0, y + h / 2.0);
    let a = t * 0.35;
    let points = match side {
        Side::Left => [(cx + a, cy - 2.0 * a), (cx - a, cy), (cx + a, cy + 2.0 * a)],
        Side::Right => [(cx - a, cy - 2.0 * a), (cx + a, cy), (cx - a, cy + 2.0 * a)],
        Side::Top => [(cx - 2.0 * a, cy + a), (cx, cy - a), (cx + 2.0 * a, cy + a)],
        Side::Bottom => [(cx - 2.0 * a, cy - a), (cx, cy + a), (cx + 2.0 * a, cy - a)],
    };
    let points: Vec<String> = points
        .iter()
        .map(|(px, py)| format!("{},{}", num(*px), num(*py)))
        .collect();
    doc.raw(&format!(
        r#"<polyline points="{}" fill="none" stroke="{}" stroke-width="{}" stroke-linecap="round" stroke-linejoin="round"/>"#,
        points.join(" "),
        palette::TARGET,
        num((t * 0.22).max(1.0))
    ));
}
