//! Where the walls of two-wall units matter, on an evenly spread sample of
//! them: for each wall, the unit's positions whose distance it changes
//! (against the unit without that wall) and those it makes unsolvable,
//! the positions both walls change
//! (where every stored puzzle of the unit lies), the units in which some
//! wall changes no distance (they hold no stored puzzle) with their share
//! of the units' search time, and the components that hold a position both
//! walls change.
//!
//! ```text
//! cargo run --release -p unblocker-gen --features research --example wall_effects -- 26610
//! ```
//!
//! The argument is the sampling step over the 6x6 units with up to two
//! walls (every 26,610th, from unit 7; the units with fewer walls are
//! passed over). Every position is compared one by one, so a unit takes
//! about as long as a few hundred searches of it.
//!
//! It also checks the *parent test*, which decides from the unit without
//! the wall (the parent) alone whether a wall at cell x changes any
//! distance: it does if and only if some position of the parent with x
//! empty and a distance above 0 has every optimal first move touching x
//! (the sliding car covers x at some point of the slide). Proof, with d
//! the parent's distances and d' the unit's: if such a position P exists,
//! a move of the unit from P reaches nothing at d(P) − 1, so d'(P) > d(P).
//! Conversely take a changed position P with the least d(P); a first move
//! of P that is optimal in the parent and misses x is a move of the unit to
//! a position Q with d(Q) = d(P) − 1 that is unchanged, so d'(P) ≤ d(P).
//! The table counts the walls where the test and the comparison disagree
//! (the test may also see positions that the wall makes unsolvable, which
//! the comparison leaves out: it cannot say "unchanged" wrongly), and the
//! time it takes to find a unit's solvable cells, which leaving those
//! positions out would need.

use std::time::Instant;
use unblocker_gen::retrograde::{Retrograde, UNLABELLED, UNREACHED};
use unblocker_gen::rush::{search as search_unit, Position, Scratch, Units};
use unblocker_gen::unit::Unit;
use unblocker_gen::Fibered;

/// Per unit position: the positions changed by wall 0 (bit 0) and wall 1
/// (bit 1).
type Changed = Vec<u8>;

fn main() {
    let step: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .filter(|&s| s > 0)
        .unwrap_or_else(|| {
            eprintln!("wall_effects STEP (e.g. 26610)");
            std::process::exit(2)
        });
    let units = Units::new(6, 2);
    let mut search = Retrograde::new();
    let (mut dist, mut parent_dist) = (Vec::new(), Vec::new());
    let mut scratch = Scratch::default();
    let mut t = Totals::default();
    for unit in (7 % step..units.len()).step_by(step) {
        if units.walls(unit) != 2 {
            continue;
        }
        // The unit's search as a run does it, for its time.
        let started = Instant::now();
        search_unit(&units, unit, &[], &mut scratch, true);
        let seconds = started.elapsed().as_secs_f64();
        let index = units.index(unit);
        t.reach_seconds += solvable_cells(&mut search, &index);
        search.distances(&index, &mut dist);
        let mut changed: Changed = vec![0; dist.len()];
        let walls = units.walls_of(unit);
        assert_eq!(walls.len(), 2);
        let (mut never, mut test_never) = (false, false);
        for (w, wall) in walls.iter().enumerate() {
            let unit_without = wall.parent;
            let cell = (wall.row * units.size + wall.cell.column as usize) as u32;
            let parent = units.index(unit_without);
            search.distances(&parent, &mut parent_dist);
            let mut any = false;
            for (p, &d) in dist.iter().enumerate() {
                let q = wall.in_parent(&units, unit, &index, &parent, p as u64);
                if d == UNREACHED {
                    if parent_dist[q as usize] != UNREACHED {
                        t.unsolvable[w] += 1;
                    }
                } else if parent_dist[q as usize] < d {
                    changed[p] |= 1 << w;
                    t.changed[w] += 1;
                    any = true;
                }
            }
            never |= !any;
            let test = parent_test(&units, unit_without, &parent, &parent_dist, cell);
            t.walls += 1;
            test_never |= !test;
            if test != any {
                t.disagree += 1;
                assert!(
                    test,
                    "the parent test missed a wall that changes a distance"
                );
            }
        }
        let solvable = dist.iter().filter(|&&d| d != UNREACHED).count() as u64;
        t.units += 1;
        t.positions += dist.len() as u64;
        t.solvable += solvable;
        t.seconds += seconds;
        t.both += changed.iter().filter(|&&c| c == 3).count() as u64;
        if test_never {
            t.test_never += 1;
            t.test_never_positions += solvable;
            t.test_never_seconds += seconds;
        }
        if never {
            t.wall_never += 1;
            t.wall_never_positions += solvable;
            t.wall_never_seconds += seconds;
        }
        let (components, holding, positions) =
            components_holding(&mut search, &index, &dist, &changed);
        t.components += components;
        t.holding += holding;
        t.holding_positions += positions;
    }
    let share = |n: u64| 100.0 * n as f64 / t.solvable.max(1) as f64;
    let time = |s: f64| 100.0 * s / t.seconds.max(f64::MIN_POSITIVE);
    println!("two-wall units sampled\t{}", t.units);
    println!("solvable positions\t{}", t.solvable);
    println!("changed by the first wall\t{:.2}%", share(t.changed[0]));
    println!("changed by the second wall\t{:.2}%", share(t.changed[1]));
    println!("changed by both\t{:.3}%", share(t.both));
    let of_all = |n: u64| 100.0 * n as f64 / t.positions.max(1) as f64;
    println!(
        "made unsolvable by the first wall / the second (of all {} positions)\t{:.2}% / {:.2}%",
        t.positions,
        of_all(t.unsolvable[0]),
        of_all(t.unsolvable[1])
    );
    println!(
        "units where a wall changes nothing\t{} ({:.1}% of the positions, {:.1}% of the search time)",
        t.wall_never,
        share(t.wall_never_positions),
        time(t.wall_never_seconds)
    );
    println!(
        "components holding a position both walls change\t{} of {} ({:.2}% of the positions)",
        t.holding,
        t.components,
        share(t.holding_positions)
    );
    println!(
        "units the parent test rules out\t{} ({:.1}% of the positions, {:.1}% of the search time)",
        t.test_never,
        share(t.test_never_positions),
        time(t.test_never_seconds)
    );
    println!(
        "finding the solvable cells (over cells, from the goal blocks)\t{:.1}% of the search time",
        time(t.reach_seconds)
    );
    println!(
        "parent test against the comparison\t{} walls, {} disagree (the test saw only positions the wall makes unsolvable)",
        t.walls, t.disagree
    );
}

#[derive(Default)]
struct Totals {
    units: u64,
    positions: u64,
    solvable: u64,
    /// Positions the wall makes unsolvable (solvable without it).
    unsolvable: [u64; 2],
    changed: [u64; 2],
    both: u64,
    wall_never: u64,
    wall_never_positions: u64,
    wall_never_seconds: f64,
    components: u64,
    holding: u64,
    holding_positions: u64,
    walls: u64,
    disagree: u64,
    test_never: u64,
    test_never_positions: u64,
    test_never_seconds: f64,
    /// The units' searches.
    seconds: f64,
    /// Finding the units' solvable cells.
    reach_seconds: f64,
}

/// The cells a position covers (walls included).
fn cells(units: &Units, unit: usize, index: &Unit, at: u64) -> u64 {
    let position = Position::at(units, unit, index, at);
    position.row_cells(units) | position.column_cells(units)
}

/// Whether some position of the parent with `cell` empty and a distance
/// above 0 has every optimal first move touching `cell`.
fn parent_test(units: &Units, unit: usize, index: &Unit, dist: &[u8], cell: u32) -> bool {
    let x = 1u64 << cell;
    for block in 0..index.blocks() {
        let mut at = index.first(block);
        for f in index.block_fibers(block) {
            for bit in 0..index.fiber_mask(block).count_ones() {
                let p = index.position_of(block, f, bit);
                let d = dist[p as usize];
                if d == 0 || d == UNREACHED {
                    continue;
                }
                let here = cells(units, unit, index, p);
                if here & x != 0 {
                    continue;
                }
                let mut all_touch = true;
                index.expand(&at, 1 << bit, |to, bits| {
                    let mut rest = bits;
                    while rest != 0 {
                        let b = rest.trailing_zeros();
                        rest &= rest - 1;
                        let q = index.position_of(to.block, to.fiber, b);
                        if dist[q as usize] == d - 1
                            && swept(here ^ cells(units, unit, index, q), units.size) & x == 0
                        {
                            all_touch = false;
                        }
                    }
                });
                if all_touch {
                    return true;
                }
            }
            index.advance(&mut at);
        }
    }
    false
}

/// The cells a slide covers at some point, from the cells it changes (all
/// in one line): the span between the first and the last of them.
fn swept(changed: u64, size: usize) -> u64 {
    let (first, last) = (
        changed.trailing_zeros() as usize,
        63 - changed.leading_zeros() as usize,
    );
    if first / size == last / size {
        (first..=last).fold(0, |m, c| m | 1 << c)
    } else {
        (first..=last).step_by(size).fold(0, |m, c| m | 1 << c)
    }
}

/// The time it takes to find the cells of a unit's solvable components
/// (what the parent test needs to leave out the positions a wall makes
/// unsolvable): a search over cells from every cell of the goal blocks.
fn solvable_cells(search: &mut Retrograde, index: &Unit) -> f64 {
    let started = Instant::now();
    search.clear_components(index);
    for block in (0..index.blocks()).filter(|&b| index.is_goal_block(b)) {
        let mut at = index.first(block);
        for _ in index.block_fibers(block) {
            let cell_of = index.cell_of(&at);
            for bit in 0..index.fiber_mask(block).count_ones() {
                let cell = cell_of(bit);
                if !search.is_found(cell) {
                    search.component(index, block, cell);
                }
            }
            index.advance(&mut at);
        }
    }
    started.elapsed().as_secs_f64()
}

/// The unit's components, those holding a position both walls change, and
/// how many positions those hold.
fn components_holding(
    search: &mut Retrograde,
    index: &Unit,
    dist: &[u8],
    changed: &Changed,
) -> (u64, u64, u64) {
    let (label, labels) = search.component_labels(index, dist);
    let mut holds = vec![false; labels as usize];
    for (p, &c) in changed.iter().enumerate() {
        if c == 3 {
            holds[label[p] as usize] = true;
        }
    }
    let positions = label
        .iter()
        .filter(|&&l| l != UNLABELLED && holds[l as usize])
        .count() as u64;
    let holding = holds.iter().filter(|&&h| h).count() as u64;
    (labels as u64, holding, positions)
}
