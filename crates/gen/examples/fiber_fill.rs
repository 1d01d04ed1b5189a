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
//!
//! And for the *transposed* layout: blocks keyed by the columns' fillings
//! instead of the rows', so that the rows are the axes. Within such a block
//! a row may hold the fillings of its class that avoid the columns' cars,
//! and the rows move independently as the columns do today; a fiber is the
//! longest row's fillings, or that row's and the longest other row's whose
//! fillings, times the first's, are at most 32 or at most 64.
//!
//! Printed by phase: solvable positions, then positions a fiber expansion
//! for the six layouts, and with each unit in the better of the two 64-bit
//! ones (pairs of columns or pairs of rows).

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
    /// Today's fibers, pairs of columns within 32 bits, within 64 bits;
    /// transposed: one row, pairs of rows within 32 bits, within 64 bits;
    /// and for each unit the fewer of pairs of columns or of rows within 64
    /// bits (a layout chosen per unit).
    expansions: [u64; 7],
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
        let mut one = Counts {
            units: 1,
            ..Counts::default()
        };
        for block in 0..index.blocks() {
            count_block(&index, block, &dist, &mut one);
        }
        count_transposed(&units, unit, &index, &dist, &mut one);
        one.expansions[6] = one.expansions[2].min(one.expansions[5]);
        phases.entry(units.phase(unit)).or_default().add(&one);
    }
    println!("phase\tunits\tsolvable positions\tpositions an expansion: one column\ttwo columns within 32 bits\twithin 64 bits\ttransposed: one row\ttwo rows within 32 bits\twithin 64 bits\tthe better of two columns or two rows in 64 bits, per unit");
    let mut all = Counts::default();
    for (phase, c) in phases.iter().rev() {
        print_row(&phase.to_string(), c);
        all.add(c);
    }
    print_row("all", &all);
}

impl Counts {
    fn add(&mut self, other: &Counts) {
        self.units += other.units;
        self.positions += other.positions;
        for (a, e) in self.expansions.iter_mut().zip(other.expansions) {
            *a += e;
        }
    }
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

/// Adds a unit's expansions in the transposed layouts: for each, the
/// distinct pairs of transposed fiber and distance among its solvable
/// positions (a fiber named by the columns' fillings and the places of the
/// rows outside it, packed in a `u64` above the distance, sorted).
fn count_transposed(units: &Units, unit: usize, index: &Unit, dist: &[u8], counts: &mut Counts) {
    let size = units.size;
    let column_cells = &units.columns.fillings().cells;
    // Per row and set of cells the columns cover in it (a bit per column):
    // how many fillings of the row's class avoid them.
    let lengths: Vec<Vec<usize>> = (0..size)
        .map(|r| {
            let fillings = &units.rows[r];
            let class = fillings.classes[units.classes(unit)[r] as usize].clone();
            (0..1usize << size)
                .map(|covered| {
                    class
                        .clone()
                        .filter(|&f| fillings.cells[f as usize] as usize & covered == 0)
                        .count()
                })
                .collect()
        })
        .collect();
    // The fiber's rows in each transposed layout, for the columns' fillings.
    let fiber_rows = |columns: &[u32; 6]| -> [(usize, Option<usize>); 3] {
        let length: [usize; 6] = std::array::from_fn(|r| {
            if r >= size {
                return 0;
            }
            let covered = (0..size).fold(0usize, |m, c| {
                m | ((column_cells[columns[c] as usize] >> r & 1) as usize) << c
            });
            lengths[r][covered]
        });
        let first = (0..size)
            .max_by_key(|&r| (length[r], size - r))
            .expect("rows");
        let second = |bits: usize| {
            (0..size)
                .filter(|&r| r != first && length[r] * length[first] <= bits)
                .max_by_key(|&r| (length[r], size - r))
        };
        [(first, None), (first, second(32)), (first, second(64))]
    };
    let mut keys = Vec::new();
    for (layout, expansions) in counts.expansions[3..6].iter_mut().enumerate() {
        keys.clear();
        for block in 0..index.blocks() {
            let places: Vec<usize> = index.row_places(block).collect();
            let (fc, list) = index.fiber_axis(block);
            let mut at = index.first(block);
            for f in index.block_fibers(block) {
                let mut columns = index.column_fillings(&at).map(u32::from);
                let base = index.position_of(block, f, 0) as usize;
                for (bit, &filling) in list.iter().enumerate() {
                    let d = dist[base + bit];
                    if d == UNREACHED {
                        continue;
                    }
                    columns[fc] = filling as u32;
                    let (a, b) = fiber_rows(&columns)[layout];
                    let mut key = columns[..size]
                        .iter()
                        .enumerate()
                        .fold(0u64, |k, (c, &f)| k | (f as u64) << (5 * c));
                    for (r, &place) in places.iter().enumerate() {
                        if r != a && Some(r) != b {
                            key |= (place as u64) << (30 + 4 * r);
                        }
                    }
                    keys.push(key << 8 | d as u64);
                }
                index.advance(&mut at);
            }
        }
        keys.sort_unstable();
        keys.dedup();
        *expansions += keys.len() as u64;
    }
}

fn count(levels: &Levels) -> u64 {
    levels.iter().map(|w| w.count_ones() as u64).sum()
}

fn print_row(phase: &str, c: &Counts) {
    let per = |e: u64| c.positions as f64 / e.max(1) as f64;
    let each: Vec<String> = c
        .expansions
        .iter()
        .map(|&e| format!("{:.2}", per(e)))
        .collect();
    println!("{phase}\t{}\t{}\t{}", c.units, c.positions, each.join("\t"));
}
