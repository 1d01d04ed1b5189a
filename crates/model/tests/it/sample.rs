//! The compact sample file: round trips, what it refuses to write, damaged
//! and cut files (typed errors, never a panic), random draws, and the
//! embedded sample against the published 6×6 database (`db_histogram.tsv`,
//! `rush1000.txt`, `rush_18k.txt`).

use proptest::prelude::*;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use unblocker_model::format::{parse_as, to_line, Format};
use unblocker_model::sample::{
    embedded, BoardProblem, DecodeError, Entry, Part, Sample, Unsupported, FORMAT_VERSION, MAGIC,
};
use unblocker_model::{random, Board, Difficulty};

fn board(line: &str) -> Board {
    parse_as(line, Format::Line, Default::default()).unwrap_or_else(|e| panic!("{line}: {e}"))
}

fn entry(moves: u32, line: &str, cluster: u64) -> Entry {
    Entry {
        moves,
        board: board(line),
        cluster,
    }
}

/// Random entries of the kind the file holds.
fn entries() -> impl Strategy<Value = Vec<Entry>> {
    let one = (any::<u64>(), 0..14usize, 0..70u32, any::<u64>()).prop_map(
        |(seed, cars, moves, cluster)| Entry {
            moves,
            board: random::sample_board(seed, cars),
            // Small and huge component sizes alike.
            cluster: cluster >> (cluster % 64),
        },
    );
    proptest::collection::vec(one, 0..40)
}

/// A file of a few puzzles, for the tests that try every cut.
fn small_file() -> Vec<u8> {
    let sample = Sample::new(embedded().entries().iter().step_by(400).cloned().collect());
    sample.encode().unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn what_is_written_reads_back_in_the_samples_order(entries in entries()) {
        let sample = Sample::new(entries.clone());
        let bytes = sample.encode().unwrap();
        let back = Sample::decode(&bytes).unwrap();
        prop_assert_eq!(&back, &sample);
        prop_assert_eq!(back.encode().unwrap(), bytes);
        // The order does not depend on the input's.
        let mut reversed = entries;
        reversed.reverse();
        prop_assert_eq!(Sample::new(reversed), sample);
    }

    /// Bytes changed, inserted, removed or cut off anywhere in a real file
    /// give a sample or an error, never a panic; what reads is a sample
    /// that writes and reads back the same.
    #[test]
    fn damaged_files_give_errors_not_panics(
        edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>(), 0..4u8), 1..6),
    ) {
        let mut bytes = small_file();
        for (at, byte, kind) in edits {
            let at = at.index(bytes.len() + 1);
            match kind {
                0 if at < bytes.len() => bytes[at] = byte,
                1 => bytes.insert(at, byte),
                2 if at < bytes.len() => { bytes.remove(at); }
                _ => bytes.truncate(at),
            }
        }
        if let Ok(sample) = Sample::decode(&bytes) {
            let again = Sample::decode(&sample.encode().unwrap()).unwrap();
            prop_assert_eq!(again.entries(), sample.entries());
        }
    }

    #[test]
    fn any_bytes_after_the_header_give_errors_not_panics(body in proptest::collection::vec(any::<u8>(), 0..200)) {
        let mut bytes = MAGIC.to_vec();
        bytes.push(FORMAT_VERSION);
        bytes.extend(body);
        let _ = Sample::decode(&bytes);
    }
}

#[test]
fn every_cut_of_a_file_is_an_error() {
    let bytes = small_file();
    for len in 0..bytes.len() {
        let error = Sample::decode(&bytes[..len]).unwrap_err();
        match len {
            0..4 => assert_eq!(error, DecodeError::NotASample),
            _ => assert!(matches!(error, DecodeError::Truncated(_)), "{len}: {error}"),
        }
    }
    // The embedded file, at a few places.
    let whole = unblocker_model::sample::embedded().encode().unwrap();
    for len in (5..whole.len()).step_by(4999).chain([whole.len() - 1]) {
        let error = Sample::decode(&whole[..len]).unwrap_err();
        assert!(matches!(error, DecodeError::Truncated(_)), "{len}: {error}");
    }
}

/// A file built by hand: the header's groups, the sizes' bytes, the tokens.
fn file(groups: &[(u8, u8)], sizes: &[u8], tokens: &[u8]) -> Vec<u8> {
    let mut bytes = MAGIC.to_vec();
    bytes.push(FORMAT_VERSION);
    bytes.push(groups.len() as u8);
    groups.iter().for_each(|&(m, n)| bytes.extend([m, n]));
    bytes.extend(sizes);
    let mut bits = 0u128;
    for (i, &t) in tokens.iter().enumerate() {
        bits |= u128::from(t) << (3 * i);
    }
    bytes.extend(&bits.to_le_bytes()[..(tokens.len() * 3).div_ceil(8)]);
    bytes
}

// Token values: 0 empty, 1 wall, 2/3 across 2/3, 4/5 down 2/3, 6 target, 7 end.
/// Row 0 and 1 empty (12 tokens), then the target at row 2, column 0, then end.
const TARGET_ONLY: [u8; 14] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 6, 7];

#[test]
fn damaged_files_say_what_is_wrong() {
    let good = file(&[(1, 1)], &[5], &TARGET_ONLY);
    let sample = Sample::decode(&good).unwrap();
    assert_eq!(
        sample.entries(),
        [entry(1, "ooooooooooooAAoooooooooooooooooooooo", 5)]
    );
    assert_eq!(sample.encode().unwrap(), good, "the same bytes are written");

    let board_error = |problem| DecodeError::Board { index: 0, problem };
    let mut wrong_magic = good.clone();
    wrong_magic[0] = b'X';
    let mut newer = good.clone();
    newer[4] = FORMAT_VERSION + 1;
    let mut trailing = good.clone();
    trailing.push(0);
    let mut padding = good.clone();
    *padding.last_mut().unwrap() |= 0x80;
    let target_at = |col: usize| {
        let mut tokens = vec![0; 12 + col];
        tokens.extend([6, 7]);
        tokens
    };
    let cases: Vec<(Vec<u8>, DecodeError)> = vec![
        (wrong_magic, DecodeError::NotASample),
        (good[..5].to_vec(), DecodeError::Truncated(Part::Header)),
        (
            newer,
            DecodeError::Version {
                found: FORMAT_VERSION + 1,
            },
        ),
        (
            file(&[(1, 1)], &[], &[]),
            DecodeError::Truncated(Part::Sizes),
        ),
        (
            file(&[(1, 2)], &[5, 0], &TARGET_ONLY),
            DecodeError::Truncated(Part::Boards),
        ),
        (trailing, DecodeError::Trailing),
        (padding, DecodeError::Trailing),
        (
            file(&[(3, 1), (2, 1)], &[5, 5], &TARGET_ONLY),
            DecodeError::MovesOrder {
                earlier: 3,
                later: 2,
            },
        ),
        (
            file(&[(3, 1), (3, 1)], &[5, 5], &TARGET_ONLY),
            DecodeError::MovesOrder {
                earlier: 3,
                later: 3,
            },
        ),
        (
            file(&[(3, 0)], &[], &[]),
            DecodeError::EmptyGroup { moves: 3 },
        ),
        (
            file(
                &[(1, 1)],
                &[0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f],
                &TARGET_ONLY,
            ),
            DecodeError::TooLarge(Part::Sizes),
        ),
        (
            file(
                &[(1, 2)],
                &[
                    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01, 1,
                ],
                &TARGET_ONLY,
            ),
            DecodeError::TooLarge(Part::Sizes),
        ),
        (
            file(&[(1, 1)], &[5], &[7]),
            board_error(BoardProblem::NoTarget),
        ),
        (
            file(&[(1, 1)], &[5], &[0, 0, 0, 0, 0, 3]),
            board_error(BoardProblem::OffBoard { row: 0, col: 5 }),
        ),
        (
            file(&[(1, 1)], &[5], &[[0; 30].as_slice(), &[4]].concat()),
            board_error(BoardProblem::OffBoard { row: 5, col: 0 }),
        ),
        (
            // A vertical car at column 1 of rows 0–2, then a car of 3 on
            // row 2 from column 0 runs into it.
            file(&[(1, 1)], &[5], &[0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3]),
            board_error(BoardProblem::Overlap { row: 2, col: 0 }),
        ),
        (
            file(&[(1, 1)], &[5], &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 6, 6]),
            board_error(BoardProblem::TwoTargets),
        ),
    ];
    for (bytes, expected) in cases {
        assert_eq!(Sample::decode(&bytes), Err(expected.clone()), "{expected}");
    }
    // A target off the exit row is refused by the board's own rules.
    let error = Sample::decode(&file(&[(1, 1)], &[5], &[6, 7])).unwrap_err();
    assert!(
        matches!(
            error,
            DecodeError::Board {
                index: 0,
                problem: BoardProblem::Invalid(_)
            }
        ),
        "{error}"
    );
    assert!(
        error.to_string().contains("not on the exit's line"),
        "{error}"
    );
    // Columns 0 to 4 of row 2 hold the target; column 5 does not fit it.
    for col in 0..5 {
        assert!(Sample::decode(&file(&[(1, 1)], &[5], &target_at(col))).is_ok());
    }
    assert_eq!(
        Sample::decode(&file(&[(1, 1)], &[5], &target_at(5))),
        Err(board_error(BoardProblem::OffBoard { row: 2, col: 5 }))
    );
}

#[test]
fn boards_the_file_cannot_hold_are_refused_with_the_reason() {
    let cases = [
        (
            "ooooooooooAAooooooooooooo",
            Unsupported::Size {
                width: 5,
                height: 5,
            },
        ),
        ("ooooooooooooAAoooooooooooooooooooooo:L2", Unsupported::Goal),
        ("ooooooooooooAAAooooooooooooooooooooo", Unsupported::Target),
        (
            "oBBBBoooooooAAoooooooooooooooooooooo",
            Unsupported::Piece {
                label: 'B',
                width: 4,
                height: 1,
            },
        ),
        (
            "BAAC/BAAC/DEEF/DGHF/I..J",
            Unsupported::Size {
                width: 4,
                height: 5,
            },
        ),
        (
            "AA..../AA..../....../....../....../......",
            Unsupported::Goal,
        ),
    ];
    for (line, why) in cases {
        let sample = Sample::new(vec![entry(1, line, 1)]);
        let error = sample.encode().unwrap_err();
        assert_eq!(error.why, why, "{line}");
        assert_eq!(error.board, to_line(&board(line)));
        assert!(
            error.to_string().contains("a sample file cannot hold it"),
            "{error}"
        );
    }
}

/// Six puzzles of 3, 5 and 9 moves with 0 to 2 walls (their moves made
/// up: only the draw is tested), told apart by their component sizes.
fn tiny() -> Sample {
    Sample::new(vec![
        entry(3, "....../....../AA..../....../....../......", 10),
        entry(3, "x...../....../AA..../....../....../......", 11),
        entry(5, "x....x/....../AA..../....../....../......", 12),
        entry(5, "....../....../AA..../....../.....B/.....B", 13),
        entry(5, "....../.....B/AA...B/....../....../......", 14),
        entry(9, "....../....../.AA.../....../....../......", 15),
    ])
}

#[test]
fn a_draw_picks_among_the_matches_only() {
    let sample = tiny();
    // Built field by field: a draw takes any range, an empty one included.
    let criteria = |min_moves, max_moves, walls| Difficulty {
        min_moves,
        max_moves,
        walls,
    };
    for (c, matched) in [
        (criteria(0, 100, None), 6),
        (criteria(3, 3, None), 2),
        (criteria(4, 8, None), 3),
        (criteria(5, 5, Some(0)), 2),
        (criteria(0, 100, Some(1)), 1),
        (criteria(5, 5, Some(2)), 1),
        (criteria(6, 8, None), 0),
        (criteria(5, 3, None), 0),
        (criteria(10, u32::MAX, None), 0),
        (criteria(0, 100, Some(3)), 0),
    ] {
        let mut seen = BTreeSet::new();
        for seed in 0..200 {
            let drawn = sample.draw(&c, seed);
            assert_eq!(drawn.matched, matched, "{c:?}");
            assert_eq!(drawn.entry.is_some(), matched > 0, "{c:?}");
            if let Some(e) = drawn.entry {
                assert!(c.contains(e.moves, e.board.walls().len() as u32), "{c:?}");
                seen.insert(e.cluster);
            }
            assert_eq!(
                sample.draw(&c, seed),
                drawn,
                "the same seed, the same puzzle"
            );
        }
        assert_eq!(
            seen.len(),
            matched,
            "every match is drawn from 200 seeds: {c:?}"
        );
    }
}

#[test]
fn draws_are_uniform() {
    // 1–30 moves, no walls: thousands of matches. Each eighth of them (in
    // the sample's order) gets an eighth of the draws, within 10%.
    let sample = embedded();
    let criteria = Difficulty::new(1, 30, Some(0)).unwrap();
    let matches: Vec<&Entry> = sample
        .with_moves(1, 30)
        .iter()
        .filter(|e| e.board.walls().is_empty())
        .collect();
    let draws = 16_000;
    let mut eighths = [0usize; 8];
    for seed in 0..draws {
        let drawn = sample.draw(&criteria, seed);
        assert_eq!(drawn.matched, matches.len());
        let at = matches
            .iter()
            .position(|&e| std::ptr::eq(e, drawn.entry.unwrap()))
            .unwrap();
        eighths[at * 8 / matches.len()] += 1;
    }
    for n in eighths {
        assert!(
            n.abs_diff(draws as usize / 8) < draws as usize / 80,
            "{eighths:?}"
        );
    }
}

#[test]
fn moves_ranges_are_found_by_binary_search_as_by_a_scan() {
    let sample = embedded();
    for (min, max) in [
        (0, 0),
        (1, 1),
        (1, 60),
        (20, 25),
        (39, 41),
        (56, 57),
        (58, 58),
        (60, 90),
        (30, 20),
    ] {
        let scanned: Vec<&Entry> = sample
            .entries()
            .iter()
            .filter(|e| (min..=max).contains(&e.moves))
            .collect();
        let found: Vec<&Entry> = sample.with_moves(min, max).iter().collect();
        assert_eq!(found, scanned, "{min}..={max}");
    }
}

/// `MOVES BOARD CLUSTER` lines as (moves, canonical board, cluster).
fn published(file: &str) -> Vec<(u32, String, u64)> {
    unblocker_testdata::read_to_string(&format!("puzzles/rush/{file}"))
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (
                f[0].parse().unwrap(),
                to_line(&board(f[1])),
                f[2].parse().unwrap(),
            )
        })
        .collect()
}

/// The embedded sample as (moves, canonical board, cluster).
fn embedded_rows() -> Vec<(u32, String, u64)> {
    embedded()
        .entries()
        .iter()
        .map(|e| (e.moves, to_line(&e.board), e.cluster))
        .collect()
}

#[test]
fn the_embedded_sample_holds_200_puzzles_of_each_optimum_or_all_of_them() {
    let mut counts: BTreeMap<u32, u64> = BTreeMap::new();
    for e in embedded().entries() {
        *counts.entry(e.moves).or_default() += 1;
    }
    let expected: BTreeMap<u32, u64> = unblocker_testdata::rush_histogram()
        .into_iter()
        .filter(|&(_, n)| n > 0)
        .map(|(moves, n)| (moves, n.min(200)))
        .collect();
    assert_eq!(counts, expected);
    assert_eq!(embedded().entries().len(), 7952);
    let boards: BTreeSet<String> = embedded_rows().into_iter().map(|r| r.1).collect();
    assert_eq!(boards.len(), 7952, "no board twice");
    assert!(embedded()
        .entries()
        .iter()
        .all(|e| e.board.walls().len() <= 2));
    // The file is written as this crate writes it.
    let file = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/data/rush6.sample")).unwrap();
    assert_eq!(embedded().encode().unwrap(), file);
}

/// Where rush1000.txt (the published database's hardest 1000) holds every
/// puzzle of a move count, the sample's puzzles of that count are among
/// them with the same component size, and are all of them when there are
/// at most 200.
#[test]
fn the_hardest_puzzles_are_rush1000s() {
    let histogram: HashMap<u32, u64> = unblocker_testdata::rush_histogram().into_iter().collect();
    let mut hardest: BTreeMap<u32, BTreeSet<(String, u64)>> = BTreeMap::new();
    for (moves, board, cluster) in published("rush1000.txt") {
        hardest.entry(moves).or_default().insert((board, cluster));
    }
    let mut ours: BTreeMap<u32, BTreeSet<(String, u64)>> = BTreeMap::new();
    for (moves, board, cluster) in embedded_rows() {
        ours.entry(moves).or_default().insert((board, cluster));
    }
    let mut checked = 0;
    for (moves, all) in hardest
        .iter()
        .filter(|(m, all)| all.len() as u64 == histogram[m])
    {
        let sample = &ours[moves];
        if all.len() <= 200 {
            assert_eq!(sample, all, "{moves} moves");
        } else {
            assert_eq!(sample.len(), 200);
            assert!(sample.is_subset(all), "{moves} moves");
        }
        checked += sample.len();
    }
    // 40 to 60 moves whole (567 puzzles), and 200 of the 209 of 39 moves.
    assert_eq!(checked, 767);
}

/// Every sample puzzle that rush_18k.txt (18,068 drawn from the published
/// database) also holds has its moves and component size there.
#[test]
fn puzzles_also_in_rush_18k_agree() {
    let published: HashMap<String, (u32, u64)> = published("rush_18k.txt")
        .into_iter()
        .map(|(m, b, c)| (b, (m, c)))
        .collect();
    let mut found = 0;
    for (moves, board, cluster) in embedded_rows() {
        if let Some(&expected) = published.get(&board) {
            assert_eq!((moves, cluster), expected, "{board}");
            found += 1;
        }
    }
    assert!(found > 2000, "{found} puzzles in common");
    eprintln!(
        "{found} sample puzzles are in rush_18k.txt, all with the same moves and component size"
    );
}
