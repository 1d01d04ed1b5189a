//! Running the generator into a database, phase by phase.
//!
//! Phases run from the most row items down (see [`crate::rush`]); a
//! phase is the families whose wall-free unit (root) holds that many items.
//! In a phase, the shard's families are decided in parallel and each is
//! committed as it finishes: its units' candidates still waiting for
//! removal tests (with the tests) and the candidates their answers reject
//! into the phase's pending files (`phase_files`), then its puzzles and its
//! units in one transaction. A shard is a set of families (by their
//! root's number). A removal test may land in a unit of another shard's
//! family: the shard then answers it with one solve of its board. When the
//! phase is done, the previous phase's waiting candidates that no answer
//! rejected become puzzles, in one transaction that also records where the
//! run stands. So a run stopped at any moment resumes from the database and
//! its pending files alone, losing at most the families in flight, and
//! nothing is stored twice.

use crate::calibration::FamilyWeights;
use crate::error::GenError;
use crate::journal::{self, Kind};
use crate::pending::{decode_rejected, decode_waiting, encode_rejected, encode_waiting};
use crate::phase_files::PhaseFiles;
use crate::rush::{CandidateId, Decided, FamilyScratch, Generator, RemovalTest};
use rayon::prelude::*;
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Instant;
use unblocker_db::shard::Shard;
use unblocker_db::{Database, Unit};
use unblocker_db::{PART_UNITS_KEY, SHARD_KEY};

/// What to generate.
#[derive(Clone, Copy, Debug)]
pub struct GenerateOptions {
    pub size: usize,
    pub max_walls: usize,
    /// Worker threads (0: one per core).
    pub threads: usize,
    /// The part of the work to run ([`Shard::WHOLE`]: all of it).
    pub shard: Shard,
    /// Stop at the end of the family that brings this run's units to this
    /// many (tests use it to simulate an interruption).
    pub max_units: Option<usize>,
}

/// Progress: once when a run with work to do has taken the file (nothing
/// of its own done yet), then after each family it commits.
#[derive(Clone, Copy, Debug)]
pub struct GenerationProgress {
    /// The shard's units done, by this run and earlier ones.
    pub units_done: u64,
    /// The units earlier runs had done when this one started (a resumed
    /// file's): the run's own are `units_done - units_before`.
    pub units_before: u64,
    pub units_total: u64,
    /// This run's families, each weighted by the sampled cost of its units
    /// (`calibration.rs`; 1 a unit when no sample was taken).
    pub work_run: f64,
    /// The families still to do, weighted the same way.
    pub work_left: f64,
    /// The seconds this run's threads spent on its families (each timed
    /// from its start to its end), for the ETA's pace.
    pub busy: f64,
    /// The run's worker threads.
    pub threads: usize,
    pub positions: u64,
    pub puzzles: u64,
    /// The phase being run (counting down to 0).
    pub phase: usize,
}

/// Totals of one run.
#[derive(Clone, Copy, Debug, Default)]
pub struct Summary {
    pub units_run: u64,
    pub units_skipped: u64,
    /// Positions that can reach the goal, in the units run.
    pub positions: u64,
    /// Puzzles stored by this run.
    pub puzzles: u64,
    pub seconds: f64,
}

/// One job of a phase.
enum Job {
    /// A family of this shard (its root), with the queries into its units.
    Own(u32, HashMap<u32, Vec<RemovalTest>>),
    /// A unit of another shard that this shard's queries land in (answered
    /// by a solve per query).
    Answer(u32, Vec<RemovalTest>),
}

enum Done {
    /// A family: its root, its units' outcomes and the seconds it took.
    Own(u32, Vec<Decided>, f64),
    Answer(u32, Vec<CandidateId>),
}

/// Generates the shard's missing units into `db`.
pub fn generate(
    db: &mut Database,
    options: &GenerateOptions,
    progress: impl FnMut(GenerationProgress),
) -> Result<Summary, GenError> {
    let generator = Generator::new(options.size, options.max_walls)?;
    generate_with(db, options, &generator, progress)
}

/// [`generate`] with a given generator (the tests run one without static
/// pruning).
fn generate_with(
    db: &mut Database,
    options: &GenerateOptions,
    generator: &Generator,
    mut progress: impl FnMut(GenerationProgress),
) -> Result<Summary, GenError> {
    let _lock = journal::lock_writer(db)?;
    let done: HashSet<u64> = journal::done_units(db)?;
    let plan = Plan::new(generator, options.shard, &done);
    claim(db, options, generator, plan.units_total)?;
    let start_phase = journal::next_phase(db)?.unwrap_or(Some(plan.top()));
    // The puzzles the file holds: a resumed run's progress counts them
    // from the start, not from the end of its first phase.
    let mut summary = Summary {
        units_skipped: done.len() as u64,
        puzzles: db.count()?,
        ..Summary::default()
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads)
        .build()
        .map_err(GenError::Threads)?;
    let started = Instant::now();
    let files = PhaseFiles::open(db, start_phase)?;
    let Some(start_phase) = start_phase else {
        summary.seconds = started.elapsed().as_secs_f64();
        return Ok(summary);
    };
    let weights = FamilyWeights::sample(generator, &plan.left, &pool);
    let work_total = weights.total(generator, &plan.left);
    let (mut work_run, mut busy) = (0.0, 0.0);
    let threads = pool.current_num_threads();
    // The run holds the file and has work to do: say where it starts.
    progress(GenerationProgress {
        units_done: summary.units_skipped,
        units_before: summary.units_skipped,
        units_total: plan.units_total,
        work_run,
        work_left: work_total,
        busy,
        threads,
        positions: 0,
        puzzles: summary.puzzles,
        phase: start_phase,
    });
    let mut run = Run {
        store: Store { db, files },
        generator,
        pool,
        options,
    };
    for phase in (0..=start_phase).rev() {
        // The costliest families first, so that no thread is left alone
        // with a large one at the end of the phase.
        let mut weighed: Vec<(f64, u32)> = plan.left[phase]
            .iter()
            .map(|&root| (weights.of(generator, root), root))
            .collect();
        weighed.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        let left: Vec<u32> = weighed.into_iter().map(|(_, root)| root).collect();
        let jobs = run.jobs(phase, &left)?;
        let stopped = run.run_phase(jobs, phase, &mut |root, units, positions, seconds| {
            summary.units_run += units;
            summary.positions += positions;
            work_run += weights.of(generator, root);
            busy += seconds;
            progress(GenerationProgress {
                units_done: summary.units_skipped + summary.units_run,
                units_before: summary.units_skipped,
                units_total: plan.units_total,
                work_run,
                work_left: work_total - work_run,
                busy,
                threads,
                positions: summary.positions,
                puzzles: summary.puzzles,
                phase,
            });
            options
                .max_units
                .is_some_and(|max| summary.units_run as usize >= max)
        })?;
        summary.puzzles = run.store.db.count()?;
        if stopped {
            break;
        }
        run.decide(phase)?;
        summary.puzzles = run.store.db.count()?;
    }
    summary.seconds = started.elapsed().as_secs_f64();
    Ok(summary)
}

/// Takes the file for this generation: refused when it holds a generation
/// the first schema's generator began, one a generator that ran unit by
/// unit left unfinished, or one of other settings; records the settings
/// otherwise (with the number of units in the part, for `db merge`).
fn claim(
    db: &Database,
    options: &GenerateOptions,
    generator: &Generator,
    part_units: u64,
) -> Result<(), GenError> {
    if journal::older_progress(db)? {
        return Err(GenError::OlderProgress);
    }
    journal::claim_order(db)?;
    journal::claim(
        db,
        &[
            ("game", "rush".to_string()),
            ("size", options.size.to_string()),
            ("max_walls", options.max_walls.to_string()),
            ("units", generator.units().to_string()),
            (SHARD_KEY, options.shard.to_string()),
            (PART_UNITS_KEY, part_units.to_string()),
        ],
    )
}

/// The shard's families still to do, by phase.
struct Plan {
    /// `left[p]`: the roots of the families of phase `p` not yet committed.
    left: Vec<Vec<u32>>,
    /// The units of the shard's families, done or not.
    units_total: u64,
}

impl Plan {
    fn new(generator: &Generator, shard: Shard, done: &HashSet<u64>) -> Plan {
        let families = generator.families();
        let roots: Vec<u32> = (0..generator.units() as u32)
            .filter(|&u| generator.walls(u as usize) == 0)
            .collect();
        // Every phase of the run, whatever the shard holds or has done: a
        // resumed run carries on from the phase its journal records.
        let top = roots
            .iter()
            .map(|&r| generator.phase(r as usize))
            .max()
            .unwrap_or(0);
        let mut left: Vec<Vec<u32>> = vec![Vec::new(); top + 1];
        let mut units_total = 0u64;
        for &root in roots.iter().filter(|&&u| shard.contains(u as u64)) {
            units_total += families.members(root).len() as u64;
            // A family is committed at once.
            if !done.contains(&(root as u64)) {
                left[generator.phase(root as usize)].push(root);
            }
        }
        Plan { left, units_total }
    }

    /// The first phase a run does (the most row items).
    fn top(&self) -> usize {
        self.left.len() - 1
    }
}

/// Where a run writes: the database file and its pending files.
struct Store<'a> {
    db: &'a mut Database,
    files: PhaseFiles,
}

/// A run under way: where it writes, what it searches with, and how.
struct Run<'a> {
    store: Store<'a>,
    generator: &'a Generator,
    pool: rayon::ThreadPool,
    options: &'a GenerateOptions,
}

impl Run<'_> {
    /// The jobs of `phase`: its families still to do (`left`, their roots),
    /// each with the removal tests landing in its units, then the units of
    /// other shards' families that this shard's tests land in and that have
    /// not answered them.
    fn jobs(&mut self, phase: usize, left: &[u32]) -> Result<Vec<Job>, GenError> {
        let Store { db, files } = &mut self.store;
        let size = self.options.size;
        let shard = self.options.shard;
        let families = self.generator.families();
        // The queries of the candidates waiting for this phase's answers.
        let mut incoming: HashMap<u32, Vec<RemovalTest>> = HashMap::new();
        journal::each_waiting(db, files, phase + 1, |unit, blob| {
            for q in decode_waiting(size, unit, blob)?.1 {
                incoming.entry(q.unit).or_default().push(q);
            }
            Ok(())
        })?;
        let answered: HashSet<u32> = journal::answered_units(db, files, phase)?;
        let mut own: HashMap<u32, HashMap<u32, Vec<RemovalTest>>> = HashMap::new();
        let mut foreign: Vec<(u32, Vec<RemovalTest>)> = Vec::new();
        for (unit, queries) in incoming {
            let root = families.root(unit);
            if shard.contains(root as u64) {
                own.entry(root).or_default().insert(unit, queries);
            } else if !answered.contains(&unit) {
                foreign.push((unit, queries));
            }
        }
        let mut jobs: Vec<Job> = left
            .iter()
            .map(|&root| Job::Own(root, own.remove(&root).unwrap_or_default()))
            .collect();
        foreign.sort_by_key(|(u, _)| *u);
        jobs.extend(foreign.into_iter().map(|(u, q)| Job::Answer(u, q)));
        Ok(jobs)
    }

    /// Runs a phase's jobs in parallel, committing each as it finishes;
    /// calls `after(root, units, positions, seconds)` for each family of
    /// the shard,
    /// which returns true to stop early. Returns true when stopped early.
    fn run_phase(
        &mut self,
        jobs: Vec<Job>,
        phase: usize,
        after: &mut dyn FnMut(u32, u64, u64, f64) -> bool,
    ) -> Result<bool, GenError> {
        let (store, generator, pool) = (&mut self.store, self.generator, &self.pool);
        let size = self.options.size;
        let stop = AtomicBool::new(false);
        let (sender, receiver) = mpsc::channel::<Done>();
        let mut result = Ok(false);
        std::thread::scope(|scope| {
            let stop = &stop;
            scope.spawn(move || search_all(generator, pool, jobs, stop, sender));
            for done in receiver {
                let committed = match done {
                    Done::Own(root, decided, seconds) => store
                        .commit_family(generator, size, phase, &decided)
                        .map(|()| {
                            let positions = decided.iter().map(|d| d.outcome.positions).sum();
                            Some((root, decided.len() as u64, positions, seconds))
                        }),
                    Done::Answer(unit, rejected) => journal::commit_pending(
                        store.db,
                        &mut store.files,
                        Kind::Answered,
                        unit as u64,
                        phase,
                        &encode_rejected(&rejected),
                    )
                    .map(|()| None),
                };
                match committed {
                    Err(e) => {
                        stop.store(true, Ordering::Relaxed);
                        result = Err(e);
                        break;
                    }
                    Ok(Some((root, units, positions, seconds))) => {
                        if after(root, units, positions, seconds) {
                            stop.store(true, Ordering::Relaxed);
                            result = Ok(true);
                            break;
                        }
                    }
                    Ok(None) => {}
                }
            }
        });
        result
    }

    /// Ends `phase`: the previous phase's waiting candidates that no answer
    /// rejected become puzzles, and the run records that it stands at the
    /// phase below.
    fn decide(&mut self, phase: usize) -> Result<(), GenError> {
        let Store { db, files } = &mut self.store;
        let (generator, size) = (self.generator, self.options.size);
        let rejected: HashSet<CandidateId> = journal::rejections(db, files, phase)?
            .iter()
            .map(|blob| decode_rejected(blob))
            .collect::<Result<Vec<_>, _>>()?
            .into_iter()
            .flatten()
            .collect();
        let mut puzzles = Vec::new();
        journal::each_waiting(db, files, phase + 1, |unit, blob| {
            for c in decode_waiting(size, unit, blob)?.0 {
                if !rejected.contains(&c.id) {
                    puzzles.push(generator.puzzle(&c));
                }
            }
            Ok(())
        })?;
        journal::finish_phase(db, files, phase, &puzzles, phase.checked_sub(1))
    }
}

/// Runs `jobs` on `pool`, each to the next thread that comes free in the
/// order given, sending each outcome as it is found, until `stop` is
/// raised.
fn search_all(
    generator: &Generator,
    pool: &rayon::ThreadPool,
    jobs: Vec<Job>,
    stop: &AtomicBool,
    sender: mpsc::Sender<Done>,
) {
    pool.install(|| {
        // Taken in order as threads come free (not split into halves).
        jobs.into_iter()
            .par_bridge()
            .for_each_init(FamilyScratch::default, |scratch, job| {
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                let done = match job {
                    Job::Own(root, incoming) => {
                        let started = Instant::now();
                        let members = generator.families().members(root);
                        let decided = generator.decide(members, &incoming, scratch);
                        Done::Own(root, decided, started.elapsed().as_secs_f64())
                    }
                    Job::Answer(u, queries) => {
                        Done::Answer(u, generator.answer(u as usize, &queries, scratch.search()))
                    }
                };
                // The receiver only hangs up after a failure or a stop.
                let _ = sender.send(done);
            })
    });
}

impl Store<'_> {
    /// Commits one family of the shard: the puzzles its units decide
    /// alone (candidates without removal tests), their waiting candidates
    /// and their rejections.
    fn commit_family(
        &mut self,
        generator: &Generator,
        size: usize,
        phase: usize,
        decided: &[Decided],
    ) -> Result<(), GenError> {
        let (db, files) = (&mut *self.db, &mut self.files);
        let mut puzzles = Vec::new();
        let mut units = Vec::with_capacity(decided.len());
        for d in decided {
            let found = &d.outcome;
            let before = puzzles.len();
            let mut waiting = Vec::new();
            for c in &found.candidates {
                if c.tests == 0 {
                    puzzles.push(generator.puzzle(c));
                } else {
                    waiting.push(c.clone());
                }
            }
            // The pending state first: a committed unit never lacks it.
            if !waiting.is_empty() {
                let blob = encode_waiting(size, &waiting, &found.queries);
                journal::commit_pending(db, files, Kind::Waiting, d.unit as u64, phase, &blob)?;
            }
            if !found.rejected.is_empty() {
                let rejected = encode_rejected(&found.rejected);
                journal::commit_pending(
                    db,
                    files,
                    Kind::Answered,
                    d.unit as u64,
                    phase,
                    &rejected,
                )?;
            }
            units.push(Unit {
                id: d.unit as u64,
                phase: generator.phase(d.unit as usize),
                positions: found.positions,
                components: found.components,
                puzzles: (puzzles.len() - before) as u64,
                seconds: d.seconds,
            });
        }
        journal::commit_units(db, &units, &puzzles)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exported(db: &Database) -> Vec<u8> {
        let mut out = Vec::new();
        db.export(&mut out).unwrap();
        out
    }

    /// Static pruning changes no stored puzzle: the 4x4 database (up to
    /// two walls) and a quarter of the 5x5 one (up to one wall) export byte
    /// for byte the same with and without it, while searching fewer
    /// positions.
    #[test]
    fn pruning_stores_the_same_puzzles() {
        let dir = tempfile::tempdir().unwrap();
        for (size, max_walls, shard) in [(4, 2, Shard::WHOLE), (5, 1, Shard::new(3, 4).unwrap())] {
            let options = GenerateOptions {
                size,
                max_walls,
                threads: 2,
                shard,
                max_units: None,
            };
            let pruned = Generator::new(size, max_walls).unwrap();
            let full = Generator::new(size, max_walls).unwrap().without_pruning();
            let mut runs = Vec::new();
            for (name, generator) in [("pruned", &pruned), ("full", &full)] {
                let path = dir.path().join(format!("{name}-{size}-{max_walls}.sqlite"));
                let mut db = Database::open(&path).unwrap();
                let summary = generate_with(&mut db, &options, generator, |_| {}).unwrap();
                runs.push((exported(&db), summary.positions));
            }
            assert!(!runs[0].0.is_empty());
            assert_eq!(runs[0].0, runs[1].0, "{size}x{size}, {max_walls} walls");
            assert!(runs[0].1 < runs[1].1, "{size}x{size}: fewer positions");
        }
    }
}
