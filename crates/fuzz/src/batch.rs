//! Batch files (`unblocker batch FILE`) of every kind it reads: fogleman's
//! `MOVES BOARD CLUSTER` lines, `ground_truth.tsv` rows, ThinkFun card rows,
//! FEUP rows, Klotski `classic.tsv` rows, bare boards, comments and headers,
//! mixed in one file; COS402 jams files; and all of them mutated as text.

use crate::boards;
use crate::mutate;
use proptest::prelude::*;
use unblocker_model::format::{self, Format};

/// A small count, an answer, or an arbitrary word where a number belongs.
fn number() -> BoxedStrategy<String> {
    prop_oneof![
        4 => (0u64..70).prop_map(|n| n.to_string()),
        1 => any::<u64>().prop_map(|n| n.to_string()),
        1 => Just("unsolvable".to_string()),
        1 => Just(String::new()),
        1 => proptest::sample::select(mutate::TOKENS).prop_map(str::to_string),
    ]
    .boxed()
}

/// A board as a file row holds it: one line, valid or mutated.
fn board_field() -> BoxedStrategy<String> {
    prop_oneof![
        2 => boards::board().prop_map(|b| format::to_line(&b)),
        1 => boards::line().prop_map(|b| boards::text(&b).replace(['\n', '\r'], "")),
    ]
    .boxed()
}

/// One line of a puzzle file, of any kind.
fn row() -> BoxedStrategy<String> {
    let rows_form =
        boards::board().prop_map(|b| format::print(&b, Format::Rows).replace('\n', "/"));
    prop_oneof![
        // fogleman/rush: MOVES BOARD CLUSTER
        (number(), board_field(), number()).prop_map(|(m, b, c)| format!("{m} {b} {c}")),
        // ground_truth.tsv: BOARD SLIDE STEP COMPONENT SOURCE
        (board_field(), number(), number(), number())
            .prop_map(|(b, s, t, c)| format!("{b}\t{s}\t{t}\t{c}\tsource")),
        // ThinkFun cards: CARD SLIDE STEP BOARD
        (number(), number(), number(), board_field())
            .prop_map(|(n, s, t, b)| format!("{n} {s} {t} {b}")),
        // FEUP: NAME SLIDE STEP COMPONENT BOARD | notes
        (number(), number(), number(), board_field())
            .prop_map(|(s, t, c, b)| format!("easy-1 {s} {t} {c} {b} | notes")),
        // classic.tsv: NAME GRID GOAL STEP STRAIGHT PIECE REACHABLE
        (
            rows_form,
            number(),
            number(),
            number(),
            number(),
            number(),
            number()
        )
            .prop_map(|(grid, r, c, step, straight, piece, reach)| {
                format!("名前 name\t{grid}\t{r},{c}\t{step}\t{straight}\t{piece}\t{reach}")
            }),
        board_field(),
        Just("# a comment".to_string()),
        Just("board36\tslide_opt\tstep_opt\tcomponent\tsource".to_string()),
        Just(
            "name\tgrid\tgoal\tstep_moves\tstraight_moves\tpiece_moves\treachable_states"
                .to_string()
        ),
        Just(String::new()),
    ]
    .boxed()
}

const FILE_ALPHABET: &[u8] = b"oxABCDEFG0123456789 \t\n#|/:,.hvunsolvable";

/// A whole batch file.
pub fn file() -> BoxedStrategy<Vec<u8>> {
    let lines = proptest::collection::vec(row(), 0..12)
        .prop_map(|rows| (rows.join("\n") + "\n").into_bytes())
        .boxed();
    prop_oneof![
        3 => lines.clone(),
        2 => mutate::mutated(lines, FILE_ALPHABET),
        1 => boards::jams(),
    ]
    .boxed()
}
