//! What a family of each kind costs, for the ETA: a few units of every
//! phase and number of walls that the families a run still has to do hold,
//! searched and timed before it starts.
//!
//! Units of the first phases (many items, small units) cost a fraction of a
//! millisecond and those of the last ones up to half a second (see
//! docs/database.md, *Cost by phase*), and a family holds from one unit to
//! hundreds, so an ETA that counts units or families is wrong by several
//! times until the end. A family is weighted by the sampled mean cost of
//! a search of each of its units (by phase and walls), times what deciding
//! such a unit in its family costs against searching it ([`DECIDING`]).
//! The run's own pace still gives the time. The sample
//! is searched and thrown away (a unit of a later phase needs the removal
//! tests of the earlier ones), so it is taken only when it is a small share
//! of the run.

use crate::rush::{Generator, Scratch};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::time::Instant;

/// Units sampled per phase and number of walls.
const PER_KIND: usize = 64;

/// The sample is taken when it is at most one unit in this many of the run.
const SHARE: usize = 100;

/// Units, by kind: (phase, walls).
pub type Kind = (usize, usize);

/// What deciding a unit in its family costs against searching it alone,
/// by its walls: the root is searched as any unit, a unit of one wall with
/// its unavoidable cells and lists (1.64× on every 200th family), a unit
/// of two walls decided from its parents (0.18 of its search), as
/// `family_costs -- 200` measured them (docs/database.md, *Deciding
/// families, measured whole*).
pub const DECIDING: [f64; 3] = [1.0, 1.64, 0.18];

/// The weight of each family left (its root and its weight), or `None`
/// where no sample was taken and every unit weighs 1.
#[derive(Clone, Debug, PartialEq)]
pub struct FamilyWeights(Option<BTreeMap<Kind, f64>>);

impl FamilyWeights {
    /// Every unit weighs the same.
    pub fn uniform() -> FamilyWeights {
        FamilyWeights(None)
    }

    /// Times up to [`PER_KIND`] evenly spread units of each kind that the
    /// families `left` (their roots, indexed by phase) search, on `pool`,
    /// when that is at most one unit in [`SHARE`] of their units; otherwise
    /// every unit weighs the same.
    pub fn sample(
        generator: &Generator,
        left: &[Vec<u32>],
        pool: &rayon::ThreadPool,
    ) -> FamilyWeights {
        FamilyWeights::measure(generator, left, pool, |scratch, unit| {
            let started = Instant::now();
            generator.search(unit as usize, &[], scratch);
            started.elapsed().as_secs_f64()
        })
    }

    /// [`FamilyWeights::sample`] with the cost of a unit given by `cost`.
    fn measure(
        generator: &Generator,
        left: &[Vec<u32>],
        pool: &rayon::ThreadPool,
        cost: impl Fn(&mut Scratch, u32) -> f64 + Sync,
    ) -> FamilyWeights {
        let families = generator.families();
        let mut kinds: BTreeMap<Kind, Vec<u32>> = BTreeMap::new();
        let mut total = 0usize;
        for &root in left.iter().flatten() {
            let members = families.members(root);
            total += members.len();
            for &u in members {
                let kind = (generator.phase(u as usize), generator.walls(u as usize));
                kinds.entry(kind).or_default().push(u);
            }
        }
        let jobs: Vec<(Kind, u32)> = kinds
            .iter()
            .flat_map(|(&kind, units)| spread(units).into_iter().map(move |u| (kind, u)))
            .collect();
        if jobs.is_empty() || jobs.len() * SHARE > total {
            return FamilyWeights::uniform();
        }
        let costs: Vec<(Kind, f64)> = pool.install(|| {
            jobs.into_par_iter()
                .map_init(Scratch::default, |scratch, (kind, unit)| {
                    (kind, cost(scratch, unit))
                })
                .collect()
        });
        let mut sums: BTreeMap<Kind, (f64, u32)> = BTreeMap::new();
        for (kind, seconds) in costs {
            let sum = sums.entry(kind).or_default();
            sum.0 += seconds;
            sum.1 += 1;
        }
        FamilyWeights(Some(
            sums.into_iter()
                .map(|(kind, (s, n))| (kind, s / n as f64))
                .collect(),
        ))
    }

    /// The weight of the family of `root`.
    pub fn of(&self, generator: &Generator, root: u32) -> f64 {
        let members = generator.families().members(root);
        match &self.0 {
            None => members.len() as f64,
            Some(means) => members
                .iter()
                .filter_map(|&u| {
                    let (phase, walls) = (generator.phase(u as usize), generator.walls(u as usize));
                    means
                        .get(&(phase, walls))
                        .map(|mean| mean * DECIDING[walls])
                })
                .sum(),
        }
    }

    /// The sampled mean cost of a search of a unit of `kind` (none where
    /// no sample was taken).
    #[cfg(feature = "research")]
    pub fn mean(&self, kind: Kind) -> Option<f64> {
        self.0.as_ref()?.get(&kind).copied()
    }

    /// The weight of all the families `left` (roots, indexed by phase).
    pub fn total(&self, generator: &Generator, left: &[Vec<u32>]) -> f64 {
        left.iter()
            .flatten()
            .map(|&root| self.of(generator, root))
            .sum()
    }
}

/// Up to [`PER_KIND`] of `units`, evenly spread.
fn spread(units: &[u32]) -> Vec<u32> {
    let n = units.len().min(PER_KIND);
    (0..n).map(|i| units[i * units.len() / n]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spread_takes_evenly_spaced_units() {
        let units: Vec<u32> = (0..640).collect();
        assert_eq!(spread(&units), (0..64).map(|i| i * 10).collect::<Vec<_>>());
        assert_eq!(spread(&[4, 5]), vec![4, 5]);
        assert!(spread(&[]).is_empty());
    }

    fn pool() -> rayon::ThreadPool {
        rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap()
    }

    /// The roots of a generator's families, by phase.
    fn roots(generator: &Generator) -> Vec<Vec<u32>> {
        let mut left: Vec<Vec<u32>> = Vec::new();
        for u in (0..generator.units()).filter(|&u| generator.walls(u) == 0) {
            let phase = generator.phase(u);
            if left.len() <= phase {
                left.resize(phase + 1, Vec::new());
            }
            left[phase].push(u as u32);
        }
        left
    }

    #[test]
    fn a_small_run_is_not_sampled() {
        // 4x4 with two walls: a sample of every kind is more than one unit
        // in 100.
        let generator = Generator::new(4, 2).unwrap();
        let left = roots(&generator);
        let weights = FamilyWeights::measure(&generator, &left, &pool(), |_, _| {
            unreachable!("a small run is not sampled")
        });
        assert_eq!(weights, FamilyWeights::uniform());
        assert_eq!(weights.total(&generator, &left), generator.units() as f64);
    }

    #[test]
    fn a_large_run_weighs_its_families_by_their_units_mean_sampled_cost() {
        // 6x6 with two walls, each unit costing its phase plus ten times its
        // walls in seconds.
        let generator = Generator::new(6, 2).unwrap();
        let left = roots(&generator);
        let cost = |u: u32| {
            let u = u as usize;
            (generator.phase(u) + 10 * generator.walls(u)) as f64
        };
        let weights = FamilyWeights::measure(&generator, &left, &pool(), |_, u| cost(u));
        for &root in left.iter().flatten().step_by(97) {
            let expected: f64 = generator
                .families()
                .members(root)
                .iter()
                .map(|&u| cost(u) * DECIDING[generator.walls(u as usize)])
                .sum();
            assert_eq!(weights.of(&generator, root), expected);
        }
    }
}
