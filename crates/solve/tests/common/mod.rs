//! Reading the ground-truth files in `../shared/puzzles`.

#![allow(dead_code)]

use std::path::PathBuf;
use unblocker_model::{format, Board};

/// `shared/` beside the project root.
pub fn shared(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared")
        .join(path)
}

pub fn read(path: &str) -> String {
    let p = shared(path);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("cannot read {}: {e}", p.display()))
}

pub fn board(text: &str) -> Board {
    format::parse(text, Default::default()).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// `MOVES BOARD CLUSTER` lines.
pub fn database_lines(path: &str) -> Vec<(u32, String, u64)> {
    read(path)
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (
                f[0].parse().unwrap(),
                f[1].to_string(),
                f[2].parse().unwrap(),
            )
        })
        .collect()
}

/// Rows of `ground_truth.tsv`: board, slide optimum, step optimum, component.
pub fn ground_truth() -> Vec<(String, u32, u32, Option<u64>)> {
    read("puzzles/rush/ground_truth.tsv")
        .lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (
                f[0].to_string(),
                f[1].parse().unwrap(),
                f[2].parse().unwrap(),
                f[3].parse().ok(),
            )
        })
        .collect()
}
