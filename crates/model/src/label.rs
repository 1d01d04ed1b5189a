//! Piece letters: `A`–`Z`, then the lower-case letters other than `o` and `x`
//! (which mean "empty" and "wall" in the one-line format).

/// Letters in label order. Index 0 (`A`) is always the target.
const LABELS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnpqrstuvwyz";

/// The largest number of pieces a board can label.
pub const MAX_PIECES: usize = LABELS.len();

/// The letter of the piece at `index` in canonical order.
///
/// # Panics
/// If `index >= MAX_PIECES` (a validated [`crate::Board`] never has that many).
pub fn label_of(index: usize) -> char {
    LABELS[index] as char
}

/// The canonical index of a piece letter, if `c` is one.
pub fn index_of_label(c: char) -> Option<usize> {
    LABELS.iter().position(|&l| l as char == c)
}

/// True for every character that names a piece in the text formats.
pub(crate) fn is_piece_letter(c: char) -> bool {
    c.is_ascii_alphabetic() && c != 'o' && c != 'x'
}
