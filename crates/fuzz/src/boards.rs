//! Board text in each of the six formats: valid boards of both games
//! printed in the format and then mutated, and text written from the
//! format's grammar with arbitrary parts.

use crate::mutate::{self, TOKENS};
use proptest::prelude::*;
use unblocker_model::format::{self, BoardJson, Format};
use unblocker_model::{random, Board};

/// A valid board of either game, or of the kind a CommonCode holds.
pub fn board() -> impl Strategy<Value = Board> {
    (any::<u64>(), 0usize..14, 0u8..3).prop_map(|(seed, pieces, kind)| match kind {
        0 => random::rush_board(seed, pieces),
        1 => random::klotski_board(seed, pieces),
        _ => random::classic_klotski_board(seed),
    })
}

/// `board` printed in `format` (Rush Hour jams for boards jams cannot hold).
fn printed(format: Format) -> impl Strategy<Value = Vec<u8>> {
    (board(), any::<u64>()).prop_map(move |(board, seed)| {
        let board = if format::loses(&board, format).is_some() {
            random::rush_board(seed, 10)
        } else {
            board
        };
        let text = match format::loses(&board, format) {
            None => format::print(&board, format),
            Some(_) => format::print(&board, Format::Line),
        };
        text.into_bytes()
    })
}

fn token() -> BoxedStrategy<String> {
    proptest::sample::select(TOKENS)
        .prop_map(str::to_string)
        .boxed()
}

fn number() -> BoxedStrategy<String> {
    prop_oneof![
        4 => (0u64..12).prop_map(|n| n.to_string()),
        1 => any::<u64>().prop_map(|n| n.to_string()),
        1 => any::<i64>().prop_map(|n| n.to_string()),
        1 => token(),
    ]
    .boxed()
}

const CELLS: &[u8] = b"oo..xAABBCDEFGHabcz";
const LINE_ALPHABET: &[u8] = b"oo..xAABBCDEFGHIJKLMNOPQRSTUVWXYZabc:LRTBUD0123456789,/x ";
const GRID_ALPHABET: &[u8] = b"+-| \n.oxAABCDEFGH";
const JAMS_ALPHABET: &[u8] = b"0123456789 hvHV.\nJam-";
const JSON_ALPHABET: &[u8] =
    b"{}[]\":,0123456789- \"Alabelrowcolwidthheightpieceswallsexitgoalsiderightmobility";
const CODE_ALPHABET: &[u8] = b"0123456789ABCDEFabcdef";

fn cells_text(n: std::ops::Range<usize>) -> BoxedStrategy<String> {
    proptest::collection::vec(proptest::sample::select(CELLS), n)
        .prop_map(|c| String::from_utf8(c).expect("ASCII"))
        .boxed()
}

/// The one-line form: `[WxH:]CELLS[:EXIT | :ROW,COL]`.
pub fn line() -> BoxedStrategy<Vec<u8>> {
    let size = prop_oneof![
        2 => Just(String::new()),
        1 => (number(), number()).prop_map(|(w, h)| format!("{w}x{h}:")),
    ];
    let suffix = prop_oneof![
        2 => Just(String::new()),
        1 => (proptest::sample::select(&b"LRTBUDQ"[..]), prop_oneof![Just(String::new()), number()])
            .prop_map(|(side, n)| format!(":{}{n}", side as char)),
        1 => (number(), number()).prop_map(|(r, c)| format!(":{r},{c}")),
    ];
    let grammar =
        (size, cells_text(0..70), suffix).prop_map(|(a, b, c)| format!("{a}{b}{c}").into_bytes());
    prop_oneof![
        2 => mutate::mutated(printed(Format::Line), LINE_ALPHABET),
        1 => grammar,
    ]
    .boxed()
}

/// Rows separated by `/` or new lines.
pub fn rows() -> BoxedStrategy<Vec<u8>> {
    let separator =
        proptest::sample::select(&["/", "\n", "\r\n", "/\n", " / "][..]).prop_map(str::to_string);
    let grammar =
        proptest::collection::vec((cells_text(0..10), separator), 1..10).prop_map(|rows| {
            rows.into_iter()
                .map(|(r, s)| r + &s)
                .collect::<String>()
                .into_bytes()
        });
    prop_oneof![
        2 => mutate::mutated(printed(Format::Rows), LINE_ALPHABET),
        1 => grammar,
    ]
    .boxed()
}

/// The framed drawing: a border of `+` and `-`, rows between `|`, gaps.
pub fn grid() -> BoxedStrategy<Vec<u8>> {
    let border =
        (0usize..10, proptest::collection::vec(any::<bool>(), 0..10)).prop_map(|(w, gaps)| {
            let inner: String = (0..w)
                .map(|i| {
                    if gaps.get(i).copied().unwrap_or(false) {
                        ' '
                    } else {
                        '-'
                    }
                })
                .collect();
            format!("+{inner}+")
        });
    let row = (
        proptest::sample::select(&["|", " ", "", "+"][..]),
        cells_text(0..10),
        proptest::sample::select(&["|", "", " ", "| x"][..]),
    )
        .prop_map(|(a, cells, b)| format!("{a}{cells}{b}"));
    let grammar = (
        prop_oneof![
            Just(String::new()),
            Just("  ".to_string()),
            Just("\u{3000}".to_string())
        ],
        border.clone(),
        proptest::collection::vec(row, 0..10),
        border,
    )
        .prop_map(|(indent, top, rows, bottom)| {
            let mut text = format!("{indent}{top}\n");
            for r in rows {
                text.push_str(&format!("{indent}{r}\n"));
            }
            text.push_str(&format!("{indent}{bottom}\n"));
            text.into_bytes()
        });
    prop_oneof![
        2 => mutate::mutated(printed(Format::Grid), GRID_ALPHABET),
        1 => grammar,
    ]
    .boxed()
}

/// COS402 jams: a name, a size, `x y h|v length` lines, `.`; one or more
/// puzzles.
pub fn jams() -> BoxedStrategy<Vec<u8>> {
    let car = (
        number(),
        number(),
        proptest::sample::select(&["h", "v", "H", "x"][..]),
        number(),
    )
        .prop_map(|(x, y, axis, len)| format!("{x} {y} {axis} {len}\n"));
    let puzzle = (
        number(),
        proptest::collection::vec(car, 0..10),
        any::<bool>(),
    )
        .prop_map(|(size, cars, closed)| {
            let mut text = format!("Jam-1\n{size}\n{}", cars.concat());
            if closed {
                text.push_str(".\n");
            }
            text
        });
    let grammar = proptest::collection::vec(puzzle, 1..4).prop_map(|p| p.concat().into_bytes());
    let several = proptest::collection::vec(printed(Format::Jams), 1..4).prop_map(|p| p.concat());
    prop_oneof![
        2 => mutate::mutated(printed(Format::Jams), JAMS_ALPHABET),
        1 => mutate::mutated(several, JAMS_ALPHABET),
        1 => grammar,
    ]
    .boxed()
}

/// A JSON value of any shape, with the board's own keys most of the time.
fn json_value() -> BoxedStrategy<serde_json::Value> {
    use serde_json::Value;
    const KEYS: &[&str] = &[
        "width", "height", "pieces", "label", "row", "col", "walls", "exit", "side", "goal",
        "game", "mobility", "line", "extra",
    ];
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        (0i64..10).prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        proptest::sample::select(
            &[
                "A",
                "B",
                "",
                "right",
                "left",
                "top",
                "bottom",
                "free",
                "horizontal",
                "vertical",
                "rush",
                "klotski",
                "AA"
            ][..]
        )
        .prop_map(Value::from),
    ];
    leaf.prop_recursive(4, 40, 8, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..8).prop_map(Value::Array),
            proptest::collection::vec((proptest::sample::select(KEYS), inner), 0..8).prop_map(
                |fields| {
                    Value::Object(
                        fields
                            .into_iter()
                            .map(|(k, v)| (k.to_string(), v))
                            .collect(),
                    )
                }
            ),
        ]
    })
    .boxed()
}

/// A board object with some of its fields replaced by arbitrary values.
fn json_board_with_odd_fields() -> impl Strategy<Value = Vec<u8>> {
    (
        board(),
        proptest::collection::vec((0usize..6, json_value()), 0..4),
    )
        .prop_map(|(board, changes)| {
            let mut object =
                serde_json::to_value(BoardJson::from_board(&board)).expect("serialises");
            for (field, value) in changes {
                let key = ["width", "height", "pieces", "walls", "exit", "goal"][field];
                object[key] = value;
            }
            object.to_string().into_bytes()
        })
}

/// JSON boards: printed boards mutated as text, boards with odd fields, and
/// arbitrary JSON (an empty piece list among them).
pub fn json() -> BoxedStrategy<Vec<u8>> {
    prop_oneof![
        2 => mutate::mutated(printed(Format::Json), JSON_ALPHABET),
        2 => json_board_with_odd_fields(),
        1 => json_value().prop_map(|v| v.to_string().into_bytes()),
    ]
    .boxed()
}

/// Klotski CommonCodes: valid codes mutated, and hexadecimal text of any
/// length.
pub fn common_code() -> BoxedStrategy<Vec<u8>> {
    let valid = any::<u64>().prop_map(|seed| {
        format::common_code(&random::classic_klotski_board(seed))
            .expect("a classic board has a code")
            .into_bytes()
    });
    let hex = proptest::collection::vec(proptest::sample::select(CODE_ALPHABET), 0..13);
    prop_oneof![
        2 => mutate::mutated(valid, CODE_ALPHABET),
        1 => hex,
    ]
    .boxed()
}

/// Any of the six formats.
pub fn any_format() -> BoxedStrategy<Vec<u8>> {
    prop_oneof![line(), rows(), grid(), jams(), json(), common_code()].boxed()
}

/// Board text as the tools read it: bytes that are not UTF-8 are refused
/// by the command line (and cannot be in a JSON request), so the parsers
/// see their lossy conversion.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}
