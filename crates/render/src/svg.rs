//! SVG written as text: a document of a given size, and the few elements
//! the pictures use (numbers kept short, text escaped).

use std::fmt::Write as _;

/// The fonts every picture asks for, in order (the rasteriser has the
/// first one installed on most systems).
pub const FONTS: &str = "DejaVu Sans, Liberation Sans, Arial, sans-serif";

/// An SVG document being written.
pub struct Svg {
    body: String,
    pub width: f64,
    pub height: f64,
}

/// A number as SVG wants it: at most two decimals, no trailing zeros.
pub fn num(v: f64) -> String {
    let s = format!("{v:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".into()
    } else {
        s.into()
    }
}

/// Text with `&`, `<`, `>` and quotes escaped.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// How a line of text is placed on its point.
#[derive(Clone, Copy)]
pub enum Anchor {
    Start,
    Middle,
    End,
}

/// How a line of text looks: its size in pixels, its anchor, its colour
/// and its weight.
#[derive(Clone, Copy)]
pub struct TextStyle<'a> {
    pub size: f64,
    pub anchor: Anchor,
    pub fill: &'a str,
    pub bold: bool,
}

impl TextStyle<'_> {
    /// Black, regular, anchored at its start.
    pub fn plain(size: f64) -> TextStyle<'static> {
        TextStyle {
            size,
            anchor: Anchor::Start,
            fill: "#000000",
            bold: false,
        }
    }

    /// The same in bold.
    pub fn bold(self) -> Self {
        TextStyle { bold: true, ..self }
    }
}

impl Svg {
    pub fn new(width: f64, height: f64) -> Svg {
        Svg {
            body: String::new(),
            width,
            height,
        }
    }

    /// A rectangle; `extra` holds further attributes (`stroke="…"`).
    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, fill: &str, extra: &str) {
        let _ = writeln!(
            self.body,
            r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{fill}"{}{extra}/>"#,
            num(x),
            num(y),
            num(w),
            num(h),
            if extra.is_empty() { "" } else { " " },
        );
    }

    /// A line of text whose baseline's anchor point is `(x, y)`.
    pub fn text(&mut self, (x, y): (f64, f64), style: TextStyle, text: &str) {
        let TextStyle {
            size,
            anchor,
            fill,
            bold,
        } = style;
        let anchor = match anchor {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        };
        let weight = if bold { r#" font-weight="bold""# } else { "" };
        let _ = writeln!(
            self.body,
            r#"<text x="{}" y="{}" font-size="{}" text-anchor="{anchor}" fill="{fill}"{weight}>{}</text>"#,
            num(x),
            num(y),
            num(size),
            escape(text),
        );
    }

    /// Any other element, written as given.
    pub fn raw(&mut self, element: &str) {
        self.body.push_str(element);
        self.body.push('\n');
    }

    /// The whole document.
    pub fn finish(self) -> String {
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
             viewBox=\"0 0 {w} {h}\" font-family=\"{FONTS}\">\n{}</svg>\n",
            self.body,
            w = num(self.width),
            h = num(self.height),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_text_is_escaped() {
        assert_eq!(num(12.0), "12");
        assert_eq!(num(12.345), "12.35");
        assert_eq!(num(-0.001), "0");
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
    }
}
