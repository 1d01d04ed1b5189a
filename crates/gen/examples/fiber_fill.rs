//! How many positions one fiber expansion of the distance search moves, by
//! phase, with today's fibers and with wider ones: the measure that decides
//! whether a layout with more positions a word would make the search
//! cheaper.
//!
//! ```text
//! cargo run --release -p unblocker-gen --example fiber_fill -- 6 2 2661
//! ```
//!
//! The arguments are those of `phase_costs` (board size, most walls,
//! sampling step from unit 7). A search by levels expands a fiber once for
//! each level at which it holds frontier positions, and that count, not the
//! positions, sets the cost of the phases with short fibers. So for every
//! sampled unit this searches every position's distance (the whole unit,
//! without static pruning) and counts the distinct pairs (fiber, distance)
//! among its solvable positions: the expansions of a search by levels.
//! Besides today's fibers (the block's longest column), it counts them for
//! fibers made of the block's column and a second one: the longest other
//! column whose fillings, times the first's, are at most 32 (a `u32` of
//! bits) or at most 64 (a `u64`); a block with no such column keeps one.
//! Printed by phase: solvable positions, then positions a fiber expansion
//! for the three layouts.

mod sample;

use sample::SampledRun;
use std::collections::{BTreeMap, HashMap};
use unblocker_gen::retrograde::{Retrograde, UNREACHED};
use unblocker_gen::rush::Units;
use unblocker_gen::unit::Unit;
use unblocker_gen::Fibered;

const USAGE: &str = "fiber_fill SIZE MAX_WALLS STEP (e.g. 6 2 2661)";

/// The levels (distances) of a set of positions: a bit per distance.
type Levels = [u64; 4];

/// A sample's solvable positions and its expansions in each layout.
#[derive(Default, Clone, Copy)]
struct Counts {
    units: u64,
    positions: u64,
    /// Today's fibers, pairs within 32 bits, pairs within 64 bits.
    expansions: [u64; 3],
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let run = SampledRun::from_args(&args, USAGE);
    let units = Units::new(run.size, run.walls);
    let mut search = Retrograde::new();
    let mut dist = Vec::new();
    let mut phases: BTreeMap<usize, Counts> = BTreeMap::new();
    for unit in run.units() {
        let index = units.index(unit);
        search.distances(&index, &mut dist);
        let counts = phases.entry(units.phase(unit)).or_default();
        counts.units += 1;
        for block in 0..index.blocks() {
            count_block(&index, block, &dist, counts);
        }
    }
    println!("phase\tunits\tsolvable positions\tpositions an expansion: one column\ttwo within 32 bits\ttwo within 64 bits");
    let mut all = Counts::default();
    for (phase, c) in phases.iter().rev() {
        print_row(&phase.to_string(), c);
        all.units += c.units;
        all.positions += c.positions;
        for (a, e) in all.expansions.iter_mut().zip(c.expansions) {
            *a += e;
        }
    }
    print_row("all", &all);
}

/// Adds a block's solvable positions and its expansions in each layout.
fn count_block(index: &Unit, block: usize, dist: &[u8], counts: &mut Counts) {
    let occupied = index.occupied(block);
    let (fiber_column, list) = index.fiber_axis(block);
    let length = |c: usize| index.columns().list(occupied[c]).len();
    // The second column of a wider fiber: the longest that fits in `bits`.
    let second = |bits: usize| {
        (0..index.size())
            .filter(|&c| c != fiber_column && length(c) * list.len() <= bits)
            .max_by_key(|&c| length(c))
    };
    let pairs = [second(32), second(64)];
    // Per wider fiber (the digits of the columns outside it): its levels.
    let mut wider: [HashMap<[u8; 6], Levels>; 2] = Default::default();
    let mut at = index.first(block);
    for f in index.block_fibers(block) {
        let mut levels: Levels = [0; 4];
        for bit in 0..list.len() as u32 {
            let d = dist[index.position_of(block, f, bit) as usize];
            if d != UNREACHED {
                levels[d as usize / 64] |= 1 << (d % 64);
                counts.positions += 1;
            }
        }
        counts.expansions[0] += count(&levels);
        for (pair, fibers) in pairs.iter().zip(&mut wider) {
            let mut key = at.digits;
            if let Some(c) = *pair {
                key[c] = 0;
            }
            let into = fibers.entry(key).or_default();
            for (a, l) in into.iter_mut().zip(levels) {
                *a |= l;
            }
        }
        index.advance(&mut at);
    }
    for (e, fibers) in counts.expansions[1..].iter_mut().zip(&wider) {
        *e += fibers.values().map(count).sum::<u64>();
    }
}

fn count(levels: &Levels) -> u64 {
    levels.iter().map(|w| w.count_ones() as u64).sum()
}

fn print_row(phase: &str, c: &Counts) {
    let per = |e: u64| c.positions as f64 / e.max(1) as f64;
    println!(
        "{phase}\t{}\t{}\t{:.2}\t{:.2}\t{:.2}",
        c.units,
        c.positions,
        per(c.expansions[0]),
        per(c.expansions[1]),
        per(c.expansions[2])
    );
}
