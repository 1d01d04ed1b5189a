//! SVG to pixels with resvg: PNG files and RGBA frames, text set in the
//! system's fonts (loaded once).

use crate::RenderError;
use resvg::{tiny_skia, usvg};
use std::sync::{Arc, OnceLock};

/// The parsing options every conversion shares: the system's fonts, with
/// the first of [`crate::svg::FONTS`] that is installed as `sans-serif`.
pub fn options() -> usvg::Options<'static> {
    static FONTS: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    let fontdb = FONTS.get_or_init(|| {
        let mut db = usvg::fontdb::Database::new();
        db.load_system_fonts();
        let installed = |name: &str| {
            db.faces()
                .any(|f| f.families.iter().any(|(n, _)| n == name))
        };
        if let Some(name) = ["DejaVu Sans", "Liberation Sans", "Arial"]
            .into_iter()
            .find(|n| installed(n))
        {
            db.set_sans_serif_family(name);
        }
        Arc::new(db)
    });
    usvg::Options {
        fontdb: fontdb.clone(),
        ..usvg::Options::default()
    }
}

/// Reads an SVG document we drew.
pub fn tree(svg: &str) -> Result<usvg::Tree, RenderError> {
    usvg::Tree::from_str(svg, &options()).map_err(|e| RenderError::Svg(e.to_string()))
}

/// The picture drawn on white, `scale` pixels per SVG unit.
pub fn pixmap(svg: &str, scale: f32) -> Result<tiny_skia::Pixmap, RenderError> {
    let tree = tree(svg)?;
    let size = tree.size();
    let (width, height) = (
        (size.width() * scale).ceil() as u32,
        (size.height() * scale).ceil() as u32,
    );
    let mut pixmap =
        tiny_skia::Pixmap::new(width, height).ok_or(RenderError::Size { width, height })?;
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    Ok(pixmap)
}

/// The picture as a PNG file's bytes.
pub fn png(svg: &str, scale: f32) -> Result<Vec<u8>, RenderError> {
    pixmap(svg, scale)?
        .encode_png()
        .map_err(|e| RenderError::Encode(e.to_string()))
}
