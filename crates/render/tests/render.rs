//! The pictures read back: the pieces of card1's SVG at their cells, a
//! GIF frame per board of the solution, a PDF page per pack page.

use image::AnimationDecoder;
use unblocker_model::catalog;
use unblocker_model::format::{self, ParseOptions};
use unblocker_render::pack::{self, Paper};
use unblocker_render::{board, solution, BoardStyle};
use unblocker_solve::memory::MemoryBudget;
use unblocker_solve::{Algorithm, SolveOptions, Solver};

/// ThinkFun's card 1 in fogleman/rush's one-line form.
const CARD1: &str = "BBoooCDooEoCDAAEoCDooEooFoooGGFoHHHo";

/// An attribute's value in an SVG element.
fn attr<'a>(element: &'a str, name: &str) -> &'a str {
    let start = element.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
    let len = element[start..].find('"').unwrap();
    &element[start..start + len]
}

/// Each piece's letter and cells `(row, col, width, height)` read from the
/// line itself.
fn pieces_of_line(line: &str) -> Vec<(char, (usize, usize, usize, usize))> {
    let mut letters: Vec<char> = line.chars().filter(|c| c.is_ascii_uppercase()).collect();
    letters.sort();
    letters.dedup();
    letters
        .into_iter()
        .map(|l| {
            let cells: Vec<(usize, usize)> = line
                .chars()
                .enumerate()
                .filter(|&(_, c)| c == l)
                .map(|(i, _)| (i / 6, i % 6))
                .collect();
            let (r0, c0) = cells[0];
            let (r1, c1) = cells[cells.len() - 1];
            (l, (r0, c0, c1 - c0 + 1, r1 - r0 + 1))
        })
        .collect()
}

#[test]
fn card1_is_drawn_with_every_piece_at_its_cells() {
    let board = format::parse(CARD1, ParseOptions::default()).unwrap();
    let style = BoardStyle::default();
    let svg = board::svg(&board, &style);
    let (cell, frame) = (style.cell, style.frame());
    let mut drawn: Vec<(char, (usize, usize, usize, usize))> = svg
        .lines()
        .filter(|l| l.contains(r#"class="piece""#))
        .map(|l| {
            let get = |name| attr(l, name).parse::<f64>().unwrap();
            let at = |v: f64| ((v - frame) / cell).floor() as usize;
            let size = |v: f64| (v / cell).round() as usize;
            let label = attr(l, "data-label").chars().next().unwrap();
            (
                label,
                (
                    at(get("y")),
                    at(get("x")),
                    size(get("width")),
                    size(get("height")),
                ),
            )
        })
        .collect();
    drawn.sort();
    assert_eq!(drawn, pieces_of_line(CARD1));
    // The target in the palette's red, its letter in white; the exit on the
    // right of row 2.
    let target = svg
        .lines()
        .find(|l| l.contains(r#"data-label="A""#))
        .unwrap();
    assert_eq!(attr(target, "fill"), "#BE0032");
    let exit = svg.lines().find(|l| l.contains(r#"class="exit""#)).unwrap();
    assert_eq!(attr(exit, "x").parse::<f64>().unwrap(), frame + 6.0 * cell);
    assert_eq!(attr(exit, "y").parse::<f64>().unwrap(), frame + 2.0 * cell);
    assert_eq!(svg.matches(">A</text>").count(), 1);
    let unlabelled = board::svg(
        &board,
        &BoardStyle {
            labels: false,
            ..style
        },
    );
    assert!(!unlabelled.contains("</text>"));
}

fn solved(board: &unblocker_model::Board) -> Vec<unblocker_model::Move> {
    let budget = MemoryBudget::for_searches(None);
    let metric = board.game().default_metric();
    let options = SolveOptions::new(metric, Algorithm::Bfs, None, None, None, &budget).unwrap();
    Solver::new().solve(board, &options).unwrap().moves
}

#[test]
fn the_animation_has_a_frame_per_board_and_the_strip_a_board_per_step() {
    let board = format::parse(
        catalog::find("card1").unwrap().board,
        ParseOptions::default(),
    )
    .unwrap();
    let moves = solved(&board);
    assert_eq!(moves.len(), 8);
    let style = BoardStyle {
        cell: 20.0,
        labels: true,
    };
    let gif = solution::gif(&board, &moves, &style, 500).unwrap();
    let decoder = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(gif)).unwrap();
    let frames = decoder.into_frames().collect_frames().unwrap();
    assert_eq!(frames.len(), 9);
    let (w, h) = style.size(&board);
    assert_eq!(frames[0].buffer().dimensions(), (w as u32, h as u32));
    let strip = solution::strip_svg(&board, &moves, &style, "card1").unwrap();
    assert_eq!(strip.matches(r#"data-label="A""#).count(), 9);
    assert!(strip.contains(">8. A right 3</text>"));
}

/// The first `count` ThinkFun cards with their solutions.
fn cards(count: usize) -> Vec<pack::PackPuzzle> {
    (1..=count)
        .map(|n| {
            let card = catalog::find(&format!("card{n}")).unwrap();
            let board = format::parse(card.board, ParseOptions::default()).unwrap();
            let moves = solved(&board);
            pack::PackPuzzle { board, moves }
        })
        .collect()
}

#[test]
fn a_pack_has_its_puzzle_pages_then_the_answers() {
    let puzzles = cards(8);
    // Six puzzles a page: two pages of puzzles, one of answers.
    let pdf = pack::pdf(&puzzles, Paper::A4, true).unwrap();
    let text = String::from_utf8_lossy(&pdf);
    let pages = text.matches("/Type /Page").count() - text.matches("/Type /Pages").count();
    assert_eq!(pages, 3);
    assert!(text.contains("/MediaBox [0 0 595.28 841.89]"));
    let svgs = pack::pages(&puzzles, Paper::Letter, true);
    assert_eq!(svgs.len(), 3);
    let first = puzzles[0].moves.len();
    let last = puzzles[7].moves.len();
    let heading = format!("Rush Hour: 8 puzzles, {first} to {last} moves");
    assert!(svgs[0].contains(&heading), "{heading}");
    assert!(svgs[2].contains(&format!("1. {first} moves:")));
}

#[test]
fn paper_sizes_are_named_in_any_case() {
    assert_eq!("A4".parse::<Paper>().unwrap(), Paper::A4);
    assert_eq!("letter".parse::<Paper>().unwrap(), Paper::Letter);
    assert_eq!(Paper::Letter.to_string(), "letter");
    let error = "a5".parse::<Paper>().unwrap_err();
    assert_eq!(error.to_string(), "'a5' is not a paper size: a4 or letter");
}
