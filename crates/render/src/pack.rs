//! Printable packs: the puzzles given, with their solutions, drawn six to an
//! A4 or Letter page, numbered in the order given, with the optimum and the
//! solutions on the answer pages at the back; one PDF (svg2pdf). Choosing
//! the puzzles is the caller's (`unblocker render --pack` takes them from
//! the database).

use crate::board::{draw, BoardStyle};
use crate::raster;
use crate::svg::{Anchor, Svg, TextStyle};
use crate::RenderError;
use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref};
use std::collections::HashMap;
use unblocker_model::Move;
use unblocker_model::{Board, Direction};

/// A paper size, named `a4` or `letter` (any case on input).
#[derive(Clone, Copy, Debug, PartialEq, Eq, strum::Display, strum::EnumString)]
#[strum(
    serialize_all = "lowercase",
    ascii_case_insensitive,
    parse_err_ty = RenderError,
    parse_err_fn = unknown
)]
pub enum Paper {
    A4,
    Letter,
}

fn unknown(name: &str) -> RenderError {
    RenderError::UnknownPaper(name.to_string())
}

impl Paper {
    /// Its width and height in points.
    pub fn size(self) -> (f64, f64) {
        match self {
            Paper::A4 => (595.28, 841.89),
            Paper::Letter => (612.0, 792.0),
        }
    }
}

/// One puzzle of a pack with its optimal solution.
pub struct PackPuzzle {
    pub board: Board,
    pub moves: Vec<Move>,
}

/// Puzzles per page: columns and rows.
const GRID: (usize, usize) = (2, 3);
/// The page's margin, in points.
const MARGIN: f64 = 42.0;

/// A move written short: `B→1`, a Klotski path `C↓1←1`.
pub fn short(m: &Move) -> String {
    let mut s = m.label().to_string();
    for &(direction, distance) in &m.path {
        let arrow = match direction {
            Direction::Up => '↑',
            Direction::Down => '↓',
            Direction::Left => '←',
            Direction::Right => '→',
        };
        s.push(arrow);
        s.push_str(&distance.to_string());
    }
    s
}

/// The pack's pages as SVG documents of the paper's size in points:
/// the puzzle pages, then the answer pages.
pub fn pages(puzzles: &[PackPuzzle], paper: Paper, labels: bool) -> Vec<String> {
    let (w, h) = paper.size();
    let mut pages = Vec::new();
    let per_page = GRID.0 * GRID.1;
    let first = puzzles.first().map_or(0, |p| p.moves.len());
    let last = puzzles.last().map_or(0, |p| p.moves.len());
    let header = format!(
        "Rush Hour: {} puzzles, {first} to {last} moves",
        puzzles.len()
    );
    for (page, chunk) in puzzles.chunks(per_page).enumerate() {
        let mut doc = page_doc(w, h, &header);
        let slot_w = (w - 2.0 * MARGIN) / GRID.0 as f64;
        let slot_h = (h - 2.0 * MARGIN - 40.0) / GRID.1 as f64;
        for (i, puzzle) in chunk.iter().enumerate() {
            let number = page * per_page + i + 1;
            let (sx, sy) = (
                MARGIN + (i % GRID.0) as f64 * slot_w,
                MARGIN + 30.0 + (i / GRID.0) as f64 * slot_h,
            );
            let board = &puzzle.board;
            let fit_w = (slot_w - 30.0) / (board.width() as f64 + 0.44);
            let fit_h = (slot_h - 50.0) / (board.height() as f64 + 0.44);
            let style = BoardStyle {
                cell: fit_w.min(fit_h).floor(),
                labels,
            };
            let (bw, _) = style.size(board);
            let bx = sx + (slot_w - bw) / 2.0;
            let number = format!("{number}");
            doc.text((bx, sy + 22.0), TextStyle::plain(16.0).bold(), &number);
            draw(&mut doc, board, &style, (bx, sy + 32.0), None);
        }
        pages.push(doc);
    }
    // The answers: one paragraph per puzzle, wrapped to the page's width.
    let (size, line) = (9.0, 12.5);
    let indent = 2.0 * size;
    let per_line = ((w - 2.0 * MARGIN - indent) / (size * 0.7)) as usize;
    let mut doc = page_doc(
        w,
        h,
        "Answers: optimal number of moves and one optimal solution",
    );
    let mut y = MARGIN + 36.0;
    for (i, puzzle) in puzzles.iter().enumerate() {
        let mut lines = vec![format!("{}. {} moves:", i + 1, puzzle.moves.len())];
        for m in puzzle.moves.iter().map(short) {
            let current = lines.last_mut().expect("one line at least");
            if current.chars().count() + 1 + m.chars().count() > per_line {
                lines.push(m);
            } else {
                current.push(' ');
                current.push_str(&m);
            }
        }
        if y + lines.len() as f64 * line > h - MARGIN {
            pages.push(doc);
            doc = page_doc(w, h, "Answers (continued)");
            y = MARGIN + 36.0;
        }
        for (j, text) in lines.iter().enumerate() {
            let x = if j == 0 { MARGIN } else { MARGIN + indent };
            doc.text((x, y), TextStyle::plain(size), text);
            y += line;
        }
        y += line * 0.4;
    }
    pages.push(doc);
    let total = pages.len();
    pages
        .into_iter()
        .enumerate()
        .map(|(i, mut doc)| {
            let style = TextStyle {
                size: 9.0,
                anchor: Anchor::Middle,
                fill: "#555555",
                bold: false,
            };
            let at = (w / 2.0, h - MARGIN / 2.0);
            doc.text(at, style, &format!("{} / {total}", i + 1));
            doc.finish()
        })
        .collect()
}

/// An empty page with its heading.
fn page_doc(w: f64, h: f64, heading: &str) -> Svg {
    let mut doc = Svg::new(w, h);
    doc.text(
        (MARGIN, MARGIN + 6.0),
        TextStyle::plain(14.0).bold(),
        heading,
    );
    doc
}

/// The pack as one PDF, a page per [`pages`] document.
pub fn pdf(puzzles: &[PackPuzzle], paper: Paper, labels: bool) -> Result<Vec<u8>, RenderError> {
    let (w, h) = paper.size();
    let pages = pages(puzzles, paper, labels);
    let mut alloc = Ref::new(1);
    let catalog = alloc.bump();
    let tree_id = alloc.bump();
    let page_ids: Vec<(Ref, Ref)> = pages.iter().map(|_| (alloc.bump(), alloc.bump())).collect();
    let mut pdf = Pdf::new();
    pdf.catalog(catalog).pages(tree_id);
    pdf.pages(tree_id)
        .kids(page_ids.iter().map(|p| p.0))
        .count(pages.len() as i32);
    let name = Name(b"P");
    for (svg, &(page_id, content_id)) in pages.iter().zip(&page_ids) {
        let tree = raster::tree(svg)?;
        let (chunk, svg_id) = svg2pdf::to_chunk(&tree, svg2pdf::ConversionOptions::default())
            .map_err(|e| RenderError::Pdf(e.to_string()))?;
        let mut map = HashMap::new();
        let chunk = chunk.renumber(|old| *map.entry(old).or_insert_with(|| alloc.bump()));
        let svg_id = map[&svg_id];
        let mut page = pdf.page(page_id);
        page.media_box(Rect::new(0.0, 0.0, w as f32, h as f32));
        page.parent(tree_id);
        page.contents(content_id);
        page.resources().x_objects().pair(name, svg_id);
        page.finish();
        let mut content = Content::new();
        content
            .transform([w as f32, 0.0, 0.0, h as f32, 0.0, 0.0])
            .x_object(name);
        pdf.stream(content_id, &content.finish());
        pdf.extend(&chunk);
    }
    Ok(pdf.finish())
}
