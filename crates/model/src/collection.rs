//! Puzzle-list files (one puzzle a row, as `unblocker batch` and the
//! algorithm study read them): where a row keeps its board.

/// Which whitespace-separated field of a puzzle-file row is the board: the
/// first with an `A` (the target) that is long enough to be one.
pub fn board_field(fields: &[&str]) -> Option<usize> {
    fields.iter().position(|f| f.contains('A') && f.len() >= 4)
}

#[cfg(test)]
mod tests {
    use super::board_field;

    #[test]
    fn the_board_is_the_first_long_field_with_the_target() {
        assert_eq!(
            board_field(&["51", "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo", "4780"]),
            Some(1)
        );
        assert_eq!(board_field(&["A1", "name", "ooAAoo"]), Some(2));
        assert_eq!(board_field(&["12", "34"]), None);
    }
}
