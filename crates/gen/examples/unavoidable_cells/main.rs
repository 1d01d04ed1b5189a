//! Whether the 6x6 units with two walls can be decided from their parents
//! (the two units without one of the walls, which a run searches anyway)
//! instead of being searched: the measurements a generator built that way
//! would rest on.
//!
//! ```text
//! cargo run --release -p unblocker-gen --features research --example unavoidable_cells -- two-walls 8870
//! cargo run --release -p unblocker-gen --features research --example unavoidable_cells -- parents 0 40
//! ```
//!
//! A position's *unavoidable cells* `A(P)` are the cells every optimal
//! solution touches (`unit::Unavoidable`, with the proofs): a wall on an
//! empty cell `x` lengthens `P`'s optimum, or makes it unsolvable, exactly
//! when `x ∈ A(P)`. So a stored puzzle of a unit `U` with walls on `a` and
//! `b` lies in `F(U)`: the positions solvable in both parents with
//! `a ∈ A(P)` in the parent without `a` and `b ∈ A(P)` in the parent
//! without `b`.
//!
//! `two-walls STEP` takes every STEPth unit of the full 6x6 run (0 to 2
//! walls, from unit 7) that has two walls. For each, it runs the unit's
//! search as a run does (timed), searches both parents whole and computes
//! their unavoidable cells (both timed), and reports, over the sample:
//!
//! - (a) `F` against the positions whose distance both walls change (the
//!   unit's own distances against each parent's): equal, checked at every
//!   position (and the wall test itself, for each wall, at every position
//!   solvable in the parent);
//! - (b) the positions of `F` that the unit cannot solve (solvable in both
//!   parents, cut off by the two walls together);
//! - (c) the units with `F` empty (no search at all), and those where it
//!   holds no solvable position (no puzzle), with their share of the
//!   sample's search time;
//! - (d) the components of the unit (solvable or not) that meet `F`, and
//!   their positions, as shares of all the units' positions and of their
//!   solvable ones;
//! - (e) the stored puzzles (the candidates of the unit's search whose
//!   every removal test, answered by one solve each, fails to lower the
//!   optimum): each must lie in `F`; and a candidate lies in `F` exactly
//!   when neither wall's removal test rejects it;
//!
//! and what the work would cost: the parents' unavoidable cells against
//! their distances; the lists a parent hands its children (every position
//! with each unavoidable cell where a wall may stand, a list per cell) and
//! the per-unit intersection of the two parents' lists (each entry mapped
//! into the unit, sorted, merged); a flood of the components meeting `F`
//! from `F`, in the parent without the second wall (its moves that do not
//! touch the wall's cell): distances kept where the cell is avoidable and
//! searched again elsewhere, checked against the unit's own at every
//! position; and the solves left, the removal tests of cars of the
//! candidates in `F` (their units have two walls and are not searched).
//!
//! `parents WALLS STEP` takes every STEPth unit with WALLS walls (0 or 1)
//! and times its distances, its unavoidable cells and its lists, by
//! phase: what a run that searches the units with fewer walls would add.

mod flood;
mod lists;
mod maps;
mod parents;
mod two_walls;

use std::time::Instant;

const USAGE: &str = "unavoidable_cells two-walls STEP | parents WALLS STEP (e.g. two-walls 8870)";

/// How many times each timed step runs: the fastest counts (the machine's
/// other work only ever slows a run down).
const RUNS: usize = 3;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize| -> usize {
        args.get(i)
            .and_then(|a| a.parse().ok())
            .unwrap_or_else(|| fail("a number"))
    };
    match args.first().map(String::as_str) {
        Some("two-walls") if args.len() == 2 => two_walls::run(number(1).max(1)),
        Some("parents") if args.len() == 3 && number(1) < 2 => {
            parents::run(number(1), number(2).max(1))
        }
        _ => fail("a mode"),
    }
}

fn fail(problem: &str) -> ! {
    eprintln!("{USAGE}: {problem}");
    std::process::exit(2)
}

/// `step`'s result and its fastest time of [`RUNS`] runs, in seconds.
fn fastest<T>(mut step: impl FnMut() -> T) -> (T, f64) {
    let mut best = f64::MAX;
    let mut result = None;
    for _ in 0..RUNS {
        let started = Instant::now();
        result = Some(step());
        best = best.min(started.elapsed().as_secs_f64());
    }
    (result.expect("a run"), best)
}
