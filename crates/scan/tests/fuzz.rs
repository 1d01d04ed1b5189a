//! Fuzzing the decode-and-scan path: arbitrary bytes, and real screenshots
//! with bytes changed or cut off, never panic.

mod common;

use proptest::prelude::*;
use std::sync::OnceLock;

fn seeds() -> &'static [Vec<u8>] {
    static SEEDS: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    SEEDS.get_or_init(|| {
        [
            "unblocker/Puzzle-I-4.png",
            "unblocker/Puzzle-E-29.jpg",
            "benletchford-prisoner/unblock.png",
        ]
        .iter()
        .map(|f| std::fs::read(common::shared("screenshots").join(f)).unwrap())
        .collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..4096)) {
        let _ = unblocker_scan::scan(&bytes);
        let _ = unblocker_scan::debug_overlay(&bytes);
    }

    #[test]
    fn mutated_screenshots_never_panic(
        seed in 0usize..3,
        edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..12),
        cut in any::<prop::sample::Index>(),
        truncate in any::<bool>(),
    ) {
        let mut bytes = seeds()[seed].clone();
        for (at, value) in edits {
            let i = at.index(bytes.len());
            bytes[i] = value;
        }
        if truncate {
            bytes.truncate(cut.index(bytes.len()));
        }
        if let Ok(scan) = unblocker_scan::scan(&bytes) {
            // Whatever was read is a valid board.
            prop_assert!((0.0..=1.0).contains(&scan.confidence));
            prop_assert_eq!(scan.board.width(), 6);
        }
    }
}
