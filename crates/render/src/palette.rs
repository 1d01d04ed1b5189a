//! The colours of the pieces, shared with the web page: the target red, the
//! others by piece index from a list of distinct colours; letters in black
//! or white, whichever contrasts more.

/// The target's colour.
pub const TARGET: &str = "#BE0032";

/// The other pieces' colours, by piece index (piece 1 takes the first).
pub const PIECES: [&str; 18] = [
    "#F3C300", "#875692", "#F38400", "#A1CAF1", "#C2B280", "#848482", "#008856", "#E68FAC",
    "#0067A5", "#F99379", "#604E97", "#F6A600", "#B3446C", "#DCD300", "#882D17", "#8DB600",
    "#654522", "#2B3D26",
];

/// Walls, the frame, the board's surface and its grid.
pub const WALL: &str = "#4A4A4A";
pub const FRAME: &str = "#2E2E2E";
pub const SURFACE: &str = "#EFEBE3";
pub const GRID: &str = "#D9D2C3";

/// The colour of the piece at `index` (0 is the target).
pub fn piece(index: usize) -> &'static str {
    match index {
        0 => TARGET,
        i => PIECES[(i - 1) % PIECES.len()],
    }
}

/// Black or white, whichever has the larger contrast ratio (WCAG) with the
/// colour `#RRGGBB`.
pub fn text_on(colour: &str) -> &'static str {
    let channel = |i: usize| {
        let v = u8::from_str_radix(colour.get(i..i + 2).unwrap_or("00"), 16).unwrap_or(0);
        let c = v as f64 / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    let luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
    let on_black = (luminance + 0.05) / 0.05;
    let on_white = 1.05 / (luminance + 0.05);
    if on_black >= on_white {
        "#000000"
    } else {
        "#FFFFFF"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_contrast_with_their_piece() {
        assert_eq!(text_on(TARGET), "#FFFFFF");
        assert_eq!(text_on("#F3C300"), "#000000");
        assert_eq!(text_on("#2B3D26"), "#FFFFFF");
        assert_eq!(piece(1), "#F3C300");
        assert_eq!(piece(19), "#F3C300");
    }
}
