//! Klotski boards through every format, dnomd343/klotski's CommonCode, and
//! the bundled layouts against the data's `puzzles/klotski/classic.tsv`.

use proptest::prelude::*;
use unblocker_model::format::{self, common_code, parse_common_code, Format, ParseOptions};
use unblocker_model::{catalog, random, Board, Game, Goal};

fn parse(text: &str) -> Board {
    format::parse(text, ParseOptions::default()).unwrap_or_else(|e| panic!("{text}: {e}"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn every_format_round_trips(seed in any::<u64>()) {
        let board = random::klotski_board(seed, 10);
        prop_assert_eq!(board.game(), Game::Klotski);
        prop_assert!(format::loses(&board, Format::Jams).is_some());
        for f in [Format::Line, Format::Rows, Format::Grid, Format::Json] {
            if format::loses(&board, f).is_some() {
                prop_assert_eq!(f, Format::Grid);
                continue;
            }
            let text = format::print(&board, f);
            let back = format::parse(&text, ParseOptions::default())
                .map_err(|e| TestCaseError::fail(format!("{f}: {e}\n{text}")))?;
            prop_assert_eq!(&back, &board, "{}", text);
        }
    }

    #[test]
    fn common_code_round_trips(seed in any::<u64>()) {
        let board = random::classic_klotski_board(seed);
        let code = common_code(&board).expect("a classic board has a code");
        prop_assert_eq!(code.len(), 9);
        prop_assert_eq!(&parse(&code), &board, "{}", code);
        // Trailing zeros may be left out, and case does not matter.
        let short = code.trim_end_matches('0').to_lowercase();
        if !short.is_empty() {
            prop_assert_eq!(&parse(&short), &board, "{}", short);
        }
    }

    /// Any 36-bit number is either refused with a message or read as a
    /// board that prints back as the same code.
    #[test]
    fn every_valid_code_prints_back(value in 0u64..(1 << 36)) {
        let text = format!("{value:09X}");
        if let Ok(board) = parse_common_code(&text, ParseOptions::default()) {
            prop_assert_eq!(common_code(&board), Some(text));
        }
    }
}

#[test]
fn known_common_codes() {
    let classic = parse("BAAC/BAAC/DEEF/DGHF/I..J");
    assert_eq!(common_code(&classic).as_deref(), Some("1A9BF0C00"));
    assert_eq!(parse("1A9BF0C00"), classic);
    assert_eq!(parse("1a9bf0c"), classic);
    // dnomd343/klotski's second example is 峰回路转 (Super Century).
    let super_century = parse("BCDE/AAFE/AAFG/.HHG/.IJJ");
    assert_eq!(common_code(&super_century).as_deref(), Some("4FEA13400"));
    assert_eq!(parse("4FEA134"), super_century);
    // The goal is not part of the code; --goal or the default applies.
    let pennant = format::parse(
        "1",
        ParseOptions {
            goal: Some((3, 0)),
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(pennant.goal(), Goal::Place { row: 3, col: 0 });
}

#[test]
fn bad_common_codes_have_messages() {
    let error = |text: &str| {
        parse_common_code(text, ParseOptions::default())
            .expect_err(text)
            .to_string()
    };
    // A 2×1 block named at the last row.
    assert!(
        error("123456789").contains("does not fit"),
        "{}",
        error("123456789")
    );
    assert!(error("3").contains("leaves no room"), "{}", error("3"));
    assert!(error("FFFFFFFFF").contains("leaves no room"));
    assert!(
        error("1FFFFFFFF").contains("empty cell"),
        "{}",
        error("1FFFFFFFF")
    );
    assert!(error("1234567890").contains("1 to 9 hexadecimal digits"));
    assert!(error("12G").contains("1 to 9 hexadecimal digits"));
    let rush = ParseOptions {
        game: Some(Game::RushHour),
        ..Default::default()
    };
    assert!(parse_common_code("1A9BF0C00", rush).is_err());
    // Boards that CommonCode cannot write.
    assert_eq!(common_code(&parse("BAAC/BAAC/DEEF/DGHF/IxxJ")), None);
    assert_eq!(common_code(&parse("BAA/BAA/DEE/DGH/I..")), None);
    assert_eq!(
        common_code(&parse("ooooooooooooAAoooooooooooooooooooooo")),
        None
    );
}

#[test]
fn letters_only_text_is_a_board_first() {
    // "ABCDEFABC" is no board (letters reused), so it is read as a code.
    assert!(format::parse("ABCDEFABC", ParseOptions::default()).is_err());
    assert_eq!(
        format::parse("ACEFFFF", ParseOptions::default()).map(|b| b.game()),
        parse_common_code("ACEFFFF", ParseOptions::default()).map(|b| b.game())
    );
    // A real board made of hex letters stays a board.
    let board = parse("AAAA");
    assert_eq!(board.pieces().len(), 1);
}

#[test]
fn bundled_layouts_equal_the_shared_table() {
    let table = unblocker_testdata::read_to_string("puzzles/klotski/classic.tsv");
    let mut count = 0;
    for line in table.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        let bundled = catalog::find(f[0]).unwrap_or_else(|| panic!("{} is not bundled", f[0]));
        assert_eq!(bundled.game, "klotski");
        let (row, col) = f[2].split_once(',').unwrap();
        let options = ParseOptions {
            goal: Some((row.parse().unwrap(), col.parse().unwrap())),
            ..Default::default()
        };
        assert_eq!(
            parse(bundled.board),
            format::parse(f[1], options).unwrap(),
            "{}",
            f[0]
        );
        assert_eq!(bundled.optimum, f[5].parse().ok(), "{}", f[0]);
        count += 1;
    }
    assert_eq!(count, 40);
}
