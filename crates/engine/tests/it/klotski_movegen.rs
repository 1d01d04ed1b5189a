//! The Klotski move generator against the model's naive rules, on random
//! positions of random boards, counting pieces of one shape as
//! interchangeable.

use proptest::prelude::*;
use std::collections::{BTreeSet, VecDeque};
use unblocker_engine::klotski::{KlotskiKey, KlotskiSpace};
use unblocker_engine::Space;
use unblocker_model::{format, random, Board, Direction, Metric, Slide};

/// A position up to swapping pieces of one shape: every piece as
/// (is the target, width, height, row, col), sorted.
type Shape = Vec<(bool, u8, u8, u8, u8)>;

fn shape(board: &Board) -> Shape {
    let mut pieces: Shape = board
        .pieces()
        .iter()
        .enumerate()
        .map(|(i, p)| (i == 0, p.width, p.height, p.row, p.col))
        .collect();
    pieces.sort_unstable();
    pieces
}

/// Neighbours by the reference rules, with their cells, sorted (so that a
/// move generated twice shows).
fn reference(board: &Board, metric: Metric) -> Vec<(Shape, u32)> {
    let mut out: Vec<(Shape, u32)> = match metric {
        Metric::Piece => (0..board.pieces().len())
            .flat_map(|piece| piece_moves(board, piece as u8))
            .collect(),
        _ => board
            .legal_slides()
            .into_iter()
            .filter(|s| metric == Metric::Slide || s.distance == 1)
            .map(|s| (shape(&board.apply(s).unwrap()), s.distance as u32))
            .collect(),
    };
    out.sort();
    out
}

/// The closure of one piece's single steps with the others fixed: every
/// place it reaches, with the fewest steps.
fn piece_moves(board: &Board, piece: u8) -> Vec<(Shape, u32)> {
    let at = |b: &Board| {
        let p = b.pieces()[piece as usize];
        (p.row, p.col)
    };
    let mut seen = BTreeSet::from([at(board)]);
    let mut queue = VecDeque::from([(board.clone(), 0u32)]);
    let mut out = Vec::new();
    while let Some((b, cells)) = queue.pop_front() {
        for &direction in Direction::ALL {
            let step = Slide {
                piece,
                direction,
                distance: 1,
            };
            if let Ok(next) = b.apply(step) {
                if seen.insert(at(&next)) {
                    out.push((shape(&next), cells + 1));
                    queue.push_back((next, cells + 1));
                }
            }
        }
    }
    out
}

fn engine<K: KlotskiKey>(space: &KlotskiSpace<K>, state: K, metric: Metric) -> Vec<(Shape, u32)> {
    let mut out = Vec::new();
    space.expand(state, metric, |next, cells| {
        out.push((shape(&space.board(next)), cells))
    });
    out.sort();
    out
}

/// Every property of one position of one space.
fn check<K: KlotskiKey>(space: &KlotskiSpace<K>, here: &Board) -> Result<(), TestCaseError> {
    let state = space.key_of(here).expect("a position of the space");
    let line = format::to_line(here);
    prop_assert_eq!(space.key_of(&space.board(state)), Some(state), "{}", line);
    prop_assert_eq!(space.is_goal(state), here.is_solved(), "{}", line);
    for metric in [Metric::Step, Metric::Slide, Metric::Piece] {
        let expected = reference(here, metric);
        prop_assert_eq!(
            &engine(space, state, metric),
            &expected,
            "{} {}",
            line,
            metric
        );
        // Each move is named by a piece of `here` and a path that the
        // reference rules play to the same position in as many cells.
        let mut moves = Vec::new();
        space.expand(state, metric, |next, cells| moves.push((next, cells)));
        for (next, cells) in moves {
            let (top_left, path) = space.move_between(state, next);
            let piece = here
                .piece_at(top_left)
                .expect("a piece stands at the moved cell") as u8;
            let mut board = here.clone();
            for &(direction, distance) in &path {
                board = board
                    .apply(Slide {
                        piece,
                        direction,
                        distance,
                    })
                    .map_err(|e| TestCaseError::fail(format!("{line} {metric}: {e}")))?;
            }
            prop_assert_eq!(
                shape(&board),
                shape(&space.board(next)),
                "{} {}",
                line,
                metric
            );
            prop_assert_eq!(path.iter().map(|&(_, d)| d as u32).sum::<u32>(), cells);
            if metric != Metric::Piece {
                prop_assert_eq!(path.len(), 1, "{} {}: a slide is straight", line, metric);
            }
        }
    }
    Ok(())
}

/// A random board, a random walk from its start, and [`check`] there.
fn check_random_position(seed: u64, walk: usize) -> Result<(), TestCaseError> {
    let board = random::klotski_board(seed, 12);
    let wide = KlotskiSpace::<u128>::new(&board).unwrap();
    prop_assert_eq!(&wide.board(wide.start()), &board);
    // Wander to a random position of the component.
    let mut state = wide.start();
    for i in 0..walk {
        let mut options = Vec::new();
        wide.expand(state, Metric::Slide, |n, _| options.push(n));
        if options.is_empty() {
            break;
        }
        state = options[(seed as usize).wrapping_add(i * 7) % options.len()];
    }
    let here = wide.board(state);
    check(&wide, &here)?;
    if board.width() * board.height() <= 21 {
        let narrow = KlotskiSpace::<u64>::new(&board).unwrap();
        prop_assert_eq!(&narrow.board(narrow.start()), &board);
        check(&narrow, &here)?;
    }
    Ok(())
}

/// Once found by the proptest in a fresh run: a candidate step of a piece
/// that cannot step overflowed the key (debug builds panicked).
#[test]
fn regression_candidate_step_may_wrap() {
    check_random_position(12442040144403702460, 24).unwrap();
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn moves_equal_the_reference(seed in any::<u64>(), walk in 0usize..30) {
        check_random_position(seed, walk)?;
    }

    #[test]
    fn classic_boards_too(seed in any::<u64>()) {
        let board = random::classic_klotski_board(seed);
        let space = KlotskiSpace::<u64>::new(&board).unwrap();
        prop_assert_eq!(&space.board(space.start()), &board);
        check(&space, &board)?;
    }
}

#[test]
fn boards_beyond_the_keys_are_refused() {
    let parse = |text: &str| format::parse(text, Default::default()).unwrap();
    let big = parse("AA...../AA...../......./......./......./......./.......");
    let error = KlotskiSpace::<u128>::new(&big).unwrap_err().to_string();
    assert!(
        error.contains("49 cells") && error.contains("at most 42"),
        "{error}"
    );
    assert!(KlotskiSpace::<u64>::new(&parse("BAAC/BAAC/DEEF/DGHF/I..J/....")).is_err());
    let shapes = parse("ABCCDDD/EFF..../EFF..../G....../GHHH.../GHHH...");
    let error = KlotskiSpace::<u128>::new(&shapes).unwrap_err().to_string();
    assert!(error.contains("7 piece shapes"), "{error}");
    let rush = parse("ooooooooooooAAoooooooooooooooooooooo");
    assert!(KlotskiSpace::<u64>::new(&rush).is_err());
}
