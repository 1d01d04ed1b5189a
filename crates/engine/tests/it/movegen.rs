//! The bitboard move generator against the model's naive reference, on
//! random positions of random boards.

use proptest::prelude::*;
use std::collections::BTreeSet;
use unblocker_engine::rush::RushSpace;
use unblocker_engine::Space;
use unblocker_model::{format, random, Board, Metric};

/// Neighbours by the reference rules, as one-line strings with their cells.
fn reference(board: &Board, metric: Metric) -> BTreeSet<(String, u32)> {
    board
        .legal_slides()
        .into_iter()
        .filter(|s| metric != Metric::Step || s.distance == 1)
        .map(|s| (format::to_line(&board.apply(s).unwrap()), s.distance as u32))
        .collect()
}

fn engine<S: Space>(space: &S, state: S::State, metric: Metric) -> BTreeSet<(String, u32)> {
    let mut out = BTreeSet::new();
    space.expand(state, metric, |next, cells| {
        out.insert((format::to_line(&space.board(next)), cells));
    });
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn bitboard_moves_equal_the_reference(seed in any::<u64>(), walk in 0usize..30) {
        let board = random::rush_board(seed, 14);
        let narrow = RushSpace::new(&board).unwrap();
        // Wander to a random position of the component.
        let mut state = narrow.start();
        for i in 0..walk {
            let mut options = Vec::new();
            narrow.expand(state, Metric::Slide, |n, _| options.push(n));
            if options.is_empty() { break; }
            state = options[(seed as usize).wrapping_add(i * 7) % options.len()];
        }
        let here = narrow.board(state);
        prop_assert_eq!(narrow.key_of(&here), state);
        for metric in [Metric::Slide, Metric::Step] {
            let expected = reference(&here, metric);
            prop_assert_eq!(&engine(&narrow, state, metric), &expected, "{}", format::to_line(&here));
        }
        prop_assert_eq!(narrow.is_goal(state), here.is_solved());
    }
}
