//! A solution as pictures: a strip of numbered steps (the start, then the
//! board after each move with the moved piece outlined) or an animated GIF.

use crate::board::{draw, BoardStyle};
use crate::raster;
use crate::svg::{Svg, TextStyle};
use crate::RenderError;
use image::codecs::gif::{GifEncoder, Repeat};
use image::{Delay, Frame, RgbaImage};
use unblocker_model::Board;
use unblocker_model::{replay, Move};

/// Boards per row of a strip.
pub const COLUMNS: usize = 6;

/// The boards of a solution with their captions: `start`, then
/// `N. <move>` with the index of the piece it moved.
fn steps(
    start: &Board,
    moves: &[Move],
) -> Result<Vec<(Board, String, Option<usize>)>, RenderError> {
    let boards = replay(start, moves)?;
    Ok(boards
        .into_iter()
        .enumerate()
        .map(|(i, board)| match i {
            0 => (board, "start".to_string(), None),
            _ => (
                board,
                format!("{i}. {}", moves[i - 1]),
                Some(moves[i - 1].piece as usize),
            ),
        })
        .collect())
}

/// The strip as an SVG document: `title` on top, then the start and every
/// step, [`COLUMNS`] to a row, each captioned.
pub fn strip_svg(
    start: &Board,
    moves: &[Move],
    style: &BoardStyle,
    title: &str,
) -> Result<String, RenderError> {
    let steps = steps(start, moves)?;
    let (bw, bh) = style.size(start);
    let caption = (style.cell * 0.42).clamp(11.0, 16.0);
    let (gap, head) = (style.cell * 0.5, 2.4 * caption);
    // Wide enough for a caption such as `12. C down 1, left 1`.
    let tile_w = bw.max(caption * 11.0) + gap;
    let tile_h = bh + 2.2 * caption + gap;
    let columns = COLUMNS.min(steps.len());
    let rows = steps.len().div_ceil(COLUMNS);
    let mut doc = Svg::new(
        columns as f64 * tile_w + gap,
        head + rows as f64 * tile_h + gap / 2.0,
    );
    doc.rect(0.0, 0.0, doc.width, doc.height, "#FFFFFF", "");
    let title_style = TextStyle::plain(1.3 * caption).bold();
    doc.text((gap, 1.6 * caption), title_style, title);
    for (i, (board, text, moved)) in steps.iter().enumerate() {
        let x = gap + (i % COLUMNS) as f64 * tile_w;
        let y = head + (i / COLUMNS) as f64 * tile_h;
        draw(&mut doc, board, style, (x, y), *moved);
        doc.text((x, y + bh + 1.4 * caption), TextStyle::plain(caption), text);
    }
    Ok(doc.finish())
}

/// The solution as an animated GIF that loops: one frame per board (the
/// start and each step), `delay_ms` apart, the last held three times as long.
pub fn gif(
    start: &Board,
    moves: &[Move],
    style: &BoardStyle,
    delay_ms: u32,
) -> Result<Vec<u8>, RenderError> {
    let steps = steps(start, moves)?;
    let mut bytes = Vec::new();
    {
        let mut encoder = GifEncoder::new_with_speed(&mut bytes, 10);
        encoder
            .set_repeat(Repeat::Infinite)
            .map_err(|e| RenderError::Encode(e.to_string()))?;
        let last = steps.len() - 1;
        for (i, (board, _, moved)) in steps.iter().enumerate() {
            let (w, h) = style.size(board);
            let mut doc = Svg::new(w, h);
            draw(&mut doc, board, style, (0.0, 0.0), *moved);
            let pixmap = raster::pixmap(&doc.finish(), 1.0)?;
            let image = RgbaImage::from_raw(pixmap.width(), pixmap.height(), pixmap.take())
                .ok_or_else(|| RenderError::Encode("frame size".into()))?;
            let ms = if i == last { 3 * delay_ms } else { delay_ms };
            let frame = Frame::from_parts(image, 0, 0, Delay::from_numer_denom_ms(ms, 1));
            encoder
                .encode_frame(frame)
                .map_err(|e| RenderError::Encode(e.to_string()))?;
        }
    }
    Ok(bytes)
}
