//! What a unit of each phase costs, for the ETA: a few units of every phase
//! a run still has to do, searched and timed before it starts.
//!
//! Units of the first phases (many items, small units) cost a fraction of a
//! millisecond and those of the last ones up to half a second (see
//! docs/database.md, *Cost by phase*), so an ETA that counts units is
//! optimistic by several times until the last phases. Weighting each unit
//! by its phase's sampled cost fixes the proportions; the run's own pace
//! still gives the time. The sample is searched and thrown away (a unit of
//! a later phase needs the removal tests of the earlier ones), so it is
//! taken only when it is a small share of the run.

use crate::rush::{Generator, Scratch};
use rayon::prelude::*;
use std::time::Instant;

/// Units sampled per phase.
const PER_PHASE: usize = 64;

/// The sample is taken when it is at most one unit in this many of the run.
const SHARE: usize = 100;

/// The weight of a unit in each phase (indexed by phase): its sampled mean
/// cost in seconds, or 1 for every phase when no sample was taken.
#[derive(Clone, Debug, PartialEq)]
pub struct PhaseWeights(Vec<f64>);

impl PhaseWeights {
    /// Every unit weighs the same.
    pub fn uniform(phases: usize) -> PhaseWeights {
        PhaseWeights(vec![1.0; phases])
    }

    /// Times up to [`PER_PHASE`] evenly spread units of each phase's units
    /// `left` (indexed by phase) on `pool`, when that is at most one unit in
    /// [`SHARE`] of them; otherwise every unit weighs the same.
    pub fn sample(
        generator: &Generator,
        left: &[Vec<u32>],
        pool: &rayon::ThreadPool,
    ) -> PhaseWeights {
        PhaseWeights::measure(left, pool, |scratch, unit| {
            let started = Instant::now();
            generator.search(unit as usize, &[], scratch);
            started.elapsed().as_secs_f64()
        })
    }

    /// [`PhaseWeights::sample`] with the cost of a unit given by `cost`.
    fn measure(
        left: &[Vec<u32>],
        pool: &rayon::ThreadPool,
        cost: impl Fn(&mut Scratch, u32) -> f64 + Sync,
    ) -> PhaseWeights {
        let picks: Vec<Vec<u32>> = left.iter().map(|units| spread(units)).collect();
        let sampled: usize = picks.iter().map(Vec::len).sum();
        let total: usize = left.iter().map(Vec::len).sum();
        if sampled == 0 || sampled * SHARE > total {
            return PhaseWeights::uniform(left.len());
        }
        let jobs: Vec<(usize, u32)> = picks
            .iter()
            .enumerate()
            .flat_map(|(phase, units)| units.iter().map(move |&u| (phase, u)))
            .collect();
        let costs: Vec<(usize, f64)> = pool.install(|| {
            jobs.into_par_iter()
                .map_init(Scratch::default, |scratch, (phase, unit)| {
                    (phase, cost(scratch, unit))
                })
                .collect()
        });
        let mut sums = vec![(0.0, 0u32); left.len()];
        for (phase, seconds) in costs {
            sums[phase].0 += seconds;
            sums[phase].1 += 1;
        }
        // A phase with nothing left weighs nothing anyway.
        PhaseWeights(
            sums.into_iter()
                .map(|(s, n)| if n == 0 { 0.0 } else { s / n as f64 })
                .collect(),
        )
    }

    /// The weight of one unit of `phase`.
    pub fn of(&self, phase: usize) -> f64 {
        self.0[phase]
    }

    /// The weight of all of `left` (units indexed by phase).
    pub fn total(&self, left: &[Vec<u32>]) -> f64 {
        left.iter()
            .enumerate()
            .map(|(phase, units)| units.len() as f64 * self.of(phase))
            .sum()
    }
}

/// Up to [`PER_PHASE`] of `units`, evenly spread.
fn spread(units: &[u32]) -> Vec<u32> {
    let n = units.len().min(PER_PHASE);
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

    #[test]
    fn a_small_run_is_not_sampled() {
        // 64 units sampled of 1,000 is more than one in 100.
        let left: Vec<Vec<u32>> = vec![(0..1000).collect(), vec![]];
        let weights = PhaseWeights::measure(&left, &pool(), |_, _| {
            unreachable!("a small run is not sampled")
        });
        assert_eq!(weights, PhaseWeights::uniform(2));
        assert_eq!(weights.total(&left), 1000.0);
    }

    fn pool() -> rayon::ThreadPool {
        rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap()
    }

    #[test]
    fn a_large_run_weighs_its_phases_by_their_mean_sampled_cost() {
        // Phase 0: 12,800 units; phase 1: none; phase 2: 6,400 units. The
        // sample (128 units) is one in 150.
        let left: Vec<Vec<u32>> = vec![(0..12800).collect(), vec![], (20000..26400).collect()];
        // A unit costs its number in milliseconds.
        let weights = PhaseWeights::measure(&left, &pool(), |_, u| u as f64 / 1000.0);
        // Sampled: units 0, 200, …, 12600 (mean 6.3 s) and 20000, 20100,
        // …, 26300 (mean 23.15 s).
        assert_eq!(weights, PhaseWeights(vec![6.3, 0.0, 23.15]));
        assert_eq!(weights.total(&left), 12800.0 * 6.3 + 6400.0 * 23.15);
    }

    #[test]
    fn a_real_sample_weighs_every_phase_left() {
        // 5x5 with a wall, each unit standing for 100 so that the sample is
        // small enough.
        let generator = Generator::new(5, 1).unwrap();
        let mut left: Vec<Vec<u32>> = Vec::new();
        for u in 0..generator.units() {
            let phase = generator.phase(u);
            if left.len() <= phase {
                left.resize(phase + 1, Vec::new());
            }
            left[phase].extend([u as u32; 100]);
        }
        let weights = PhaseWeights::sample(&generator, &left, &pool());
        for (phase, units) in left.iter().enumerate() {
            assert_eq!(weights.of(phase) > 0.0, !units.is_empty(), "{weights:?}");
        }
    }
}
