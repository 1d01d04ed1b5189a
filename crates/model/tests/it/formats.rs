//! Round trips through every format, validation messages and the COS402
//! file. (The parsers' fuzz is in `crates/fuzz`.)

use proptest::prelude::*;
use unblocker_model::format::{self, Format, ParseOptions};
use unblocker_model::{random, BoardError, Side};

fn parse(text: &str) -> Result<unblocker_model::Board, BoardError> {
    format::parse(text, ParseOptions::default())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn every_format_round_trips(seed in any::<u64>()) {
        let board = random::rush_board(seed, 12);
        for f in [Format::Line, Format::Rows, Format::Grid, Format::Json] {
            let text = format::print(&board, f);
            // The one-line form of a non-square board is its rows.
            if f != Format::Line {
                prop_assert_eq!(format::detect(&text), f, "{}", text);
            }
            let back = format::parse(&text, ParseOptions::default())
                .map_err(|e| TestCaseError::fail(format!("{f}: {e}\n{text}")))?;
            prop_assert_eq!(&back, &board, "{}", text);
        }
        // Jams have no walls and always the default exit.
        if format::loses(&board, Format::Jams).is_none() {
            let text = format::print(&board, Format::Jams);
            prop_assert_eq!(&parse(&text).unwrap(), &board);
        }
    }

    #[test]
    fn canonical_relabelling_ignores_letters(seed in any::<u64>(), shift in 1u8..20) {
        let board = random::rush_board(seed, 10);
        let line = format::to_line(&board);
        // Rename every non-target letter; the board must not change.
        let (cells, suffix) = line.split_once(':').map_or((line.as_str(), String::new()), |(c, s)| (c, format!(":{s}")));
        let renamed: String = cells.chars().map(|c| match c {
            'B'..='Z' => (b'B' + (c as u8 - b'B' + shift) % 25) as char,
            c => c,
        }).chain(suffix.chars()).collect();
        prop_assert_eq!(parse(&renamed).unwrap(), board);
    }

}

fn error(text: &str) -> String {
    parse(text).expect_err(text).to_string()
}

#[test]
fn every_mistake_has_its_own_message() {
    assert!(error("oooo").contains("target"), "{}", error("oooo"));
    assert!(error("ooAAo").contains("wrong length"));
    assert!(error("ooooooooooooAAoooooooooooooooooooo?o")
        .contains("unknown character '?' at row 5, column 4"));
    assert!(error("BoooooBBooooAAoooooooooooooooooooooo").contains("not a straight line"));
    assert!(error("BBooBBooooooAAoooooooooooooooooooooo")
        .contains("letter B is used in two places: row 0, column 0 and row 0, column 4"));
    assert!(error("AAooAAoooooooooooooooooooooooooooooo").contains("two targets"));
    assert!(error("ooooooooooooAAooBooooooooooooooooooo").contains("single cell"));
    assert!(error("ooooooooooooAAoooooooooooooooooooooo:R3").contains("not on the exit's line"));
    assert!(error("ooooooooooooAAoooooooooooooooooooooo:R9").contains("outside the board"));
    assert!(error("ooooooooooooAAoooooooooooooooooooooo:Q").contains("bad suffix"));
    let nine = format!("9x9:{}", "AA".to_string() + &"o".repeat(79));
    assert!(error(&nine).contains("between 1 and 8"), "{}", error(&nine));
    let overlap = r#"{"width":6,"height":6,"pieces":[{"label":"A","row":2,"col":0,"width":2,"height":1},{"row":2,"col":1,"width":1,"height":2}]}"#;
    assert!(
        error(overlap).contains("overlap at row 2, column 1"),
        "{}",
        error(overlap)
    );
    let outside =
        r#"{"width":6,"height":6,"pieces":[{"label":"A","row":2,"col":5,"width":2,"height":1}]}"#;
    assert!(error(outside).contains("outside"), "{}", error(outside));
    assert!(error("+---+\n|AA.|\n|...|\n+---+").contains("no gap"));
    // Found by the fuzz (fuzz/corpus/boards): no pieces, an overflowing size.
    assert!(error(r#"{"width":6,"height":6,"pieces":[]}"#).contains("no target"));
    assert!(error("4294967296x4294967296:AA").contains("between 1 and 8"));
}

#[test]
fn exits_on_every_side_and_line() {
    let b = parse("ooooooooooooAAoooooooooooooooooooooo:L").unwrap();
    assert_eq!(
        format::to_line(&b),
        "ooooooooooooAAoooooooooooooooooooooo:L2"
    );
    let grid = format::print(&b, Format::Grid);
    assert!(grid.lines().nth(3).unwrap().starts_with(' '), "{grid}");
    let v = parse("oooAoooooAoooooooooooooooooooooooooo:T3").unwrap();
    assert_eq!(
        v.goal(),
        unblocker_model::Goal::Exit(unblocker_model::Exit {
            side: Side::Top,
            index: 3
        })
    );
    assert_eq!(
        format::to_line(&v),
        "oooAoooooAoooooooooooooooooooooooooo:T3"
    );
    let default_vertical = parse("oooAoooooAoooooooooooooooooooooooooo").unwrap();
    assert!(format::print(&default_vertical, Format::Grid)
        .lines()
        .last()
        .unwrap()
        .contains(' '));
}

#[test]
fn every_cos402_jam_reads_and_matches_the_cards() {
    let jams = unblocker_testdata::read_to_string("puzzles/rush/cos402_jams.txt");
    let cards = unblocker_testdata::read_to_string("puzzles/rush/thinkfun40_verified.txt");
    let all = format::parse_jams(&jams).unwrap();
    assert_eq!(all.len(), 40);
    let boards: Vec<&str> = cards
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split_whitespace().nth(3).unwrap())
        .collect();
    for ((name, board), card) in all.iter().zip(boards) {
        assert_eq!(
            format::to_line(board),
            format::to_line(&parse(card).unwrap()),
            "{name}"
        );
    }
}

#[test]
fn bundled_cards_equal_the_published_cards() {
    let cards = unblocker_testdata::read_to_string("puzzles/rush/thinkfun40_verified.txt");
    for line in cards.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split_whitespace().collect();
        let bundled = unblocker_model::catalog::find(&format!("card{}", f[0])).unwrap();
        assert_eq!(bundled.board, f[3]);
        assert_eq!(bundled.optimum, f[1].parse().ok());
    }
}

/// Found by the fuzz (fuzz/corpus/boards/one-row-*): a board of one row
/// printed in the one-line form carries its size, so it reads back.
#[test]
fn one_row_boards_read_back_from_the_line_form() {
    let klotski = ParseOptions {
        game: Some(unblocker_model::Game::Klotski),
        ..ParseOptions::default()
    };
    for text in ["oA/", "AA.B/", "AA../:0,2"] {
        let board = format::parse(text, klotski).unwrap();
        let line = format::to_line(&board);
        assert!(line.starts_with(&format!("{}x1:", board.width())), "{line}");
        assert_eq!(format::parse(&line, klotski).unwrap(), board, "{line}");
    }
}
