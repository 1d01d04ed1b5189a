//! Mutations of valid inputs: bytes replaced by others of the format's own
//! alphabet (or any byte), inserted, deleted, repeated or cut off, and
//! tokens that break parsers (numbers at the edges of their types, odd
//! whitespace, other scripts, JSON's own words) spliced in.

use proptest::prelude::*;
use proptest::sample::Index;

/// Tokens spliced into inputs: numbers around the limits of `u8`, `u32`,
/// `u64` and `f64`, signs, JSON words, separators, odd whitespace and
/// characters several bytes long.
pub const TOKENS: &[&str] = &[
    "0",
    "-0",
    "1",
    "-1",
    "7",
    "8",
    "9",
    "255",
    "256",
    "65535",
    "65536",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999",
    "1e308",
    "1e400",
    "-1e400",
    "0.5",
    "NaN",
    "null",
    "true",
    "[]",
    "{}",
    "\"\"",
    ",",
    ":",
    "/",
    "\n",
    "\r\n",
    "\t",
    " ",
    "\u{3000}",
    "\u{feff}",
    "é",
    "华容道",
    "+",
    "|",
    "x",
    "o",
    ".",
    "A",
    "AA",
];

/// One change to an input; positions are fractions of its length, so an
/// edit applies to any input.
#[derive(Clone, Debug)]
pub enum Edit {
    Replace(Index, u8),
    Insert(Index, Vec<u8>),
    Delete(Index, usize),
    /// Repeats a stretch of `len` bytes `times` more times.
    Repeat(Index, usize, usize),
    Token(Index, usize),
    Truncate(Index),
}

/// A byte of `alphabet` most of the time, any byte otherwise.
fn byte(alphabet: &'static [u8]) -> BoxedStrategy<u8> {
    prop_oneof![
        4 => proptest::sample::select(alphabet),
        1 => any::<u8>(),
    ]
    .boxed()
}

/// Up to eight edits, their bytes mostly from `alphabet`.
pub fn edits(alphabet: &'static [u8]) -> impl Strategy<Value = Vec<Edit>> {
    let edit = prop_oneof![
        4 => (any::<Index>(), byte(alphabet)).prop_map(|(at, b)| Edit::Replace(at, b)),
        3 => (any::<Index>(), proptest::collection::vec(byte(alphabet), 1..6))
            .prop_map(|(at, bytes)| Edit::Insert(at, bytes)),
        3 => (any::<Index>(), 1usize..8).prop_map(|(at, len)| Edit::Delete(at, len)),
        1 => (any::<Index>(), 1usize..40, 1usize..6)
            .prop_map(|(at, len, times)| Edit::Repeat(at, len, times)),
        3 => (any::<Index>(), 0..TOKENS.len()).prop_map(|(at, t)| Edit::Token(at, t)),
        1 => any::<Index>().prop_map(Edit::Truncate),
    ];
    proptest::collection::vec(edit, 1..8)
}

/// `seed` with `edits` applied in order.
pub fn apply(seed: &[u8], edits: &[Edit]) -> Vec<u8> {
    let mut bytes = seed.to_vec();
    // A position from 0 to the length (inclusive: inserts may append).
    let at = |i: &Index, len: usize| i.index(len + 1);
    for edit in edits {
        let len = bytes.len();
        match edit {
            Edit::Replace(i, b) if len > 0 => {
                let i = i.index(len);
                bytes[i] = *b;
            }
            Edit::Replace(..) => {}
            Edit::Insert(i, new) => {
                let i = at(i, len);
                bytes.splice(i..i, new.iter().copied());
            }
            Edit::Delete(i, n) => {
                let i = at(i, len);
                bytes.drain(i..(i + n).min(len));
            }
            Edit::Repeat(i, n, times) => {
                let i = at(i, len);
                let stretch = bytes[i..(i + n).min(len)].to_vec();
                let repeated = stretch.repeat(*times);
                bytes.splice(i..i, repeated);
            }
            Edit::Token(i, t) => {
                let i = at(i, len);
                bytes.splice(i..i, TOKENS[*t].bytes());
            }
            Edit::Truncate(i) => bytes.truncate(at(i, len)),
        }
    }
    bytes
}

/// Inputs of `seeds` with a few edits each.
pub fn mutated(
    seeds: impl Strategy<Value = Vec<u8>>,
    alphabet: &'static [u8],
) -> impl Strategy<Value = Vec<u8>> {
    (seeds, edits(alphabet)).prop_map(|(seed, edits)| apply(&seed, &edits))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::strategy::ValueTree;

    #[test]
    fn edits_apply_anywhere() {
        let at = |f: f64| -> Index {
            // An Index for a fraction of the length.
            let mut runner = proptest::test_runner::TestRunner::deterministic();
            loop {
                let i = any::<Index>().new_tree(&mut runner).unwrap().current();
                if (i.index(1_000_000) as f64 / 1e6 - f).abs() < 0.01 {
                    return i;
                }
            }
        };
        let seed = b"abcdef";
        assert_eq!(apply(seed, &[Edit::Truncate(at(0.5))]), b"abc");
        assert_eq!(apply(seed, &[Edit::Delete(at(0.0), 100)]), b"");
        assert_eq!(apply(b"", &[Edit::Replace(at(0.3), b'x')]), b"");
        assert_eq!(apply(b"ab", &[Edit::Repeat(at(0.0), 2, 2)]), b"ababab");
        assert_eq!(apply(b"", &[Edit::Token(at(0.9), 0)]), b"0");
    }
}
