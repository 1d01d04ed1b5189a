//! Which part of a generation a run does: `K/N` from the command line, or
//! found in a batch scheduler's environment (a Slurm job array's task, a
//! Kubernetes Indexed Job's completion index) for `--shard auto`.

use std::str::FromStr;
use unblocker_db::shard::{Shard, ShardError};

/// Why the scheduler's environment gives no part.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum SchedulerError {
    #[error("shard: {var}={value} is not a number")]
    NotANumber { var: &'static str, value: String },
    #[error(
        "no scheduler found ({SLURM_TASK} and {KUBERNETES_INDEX} are not set); \
         run it as a task of a Slurm job array (sbatch --array=1-N) or of a Kubernetes \
         Indexed Job"
    )]
    NoScheduler,
    #[error(
        "Slurm job {0} is not a job array ({SLURM_TASK} is not set); \
         submit it with sbatch --array=1-N"
    )]
    NotAnArray(String),
    #[error(
        "both {SLURM_TASK} and {KUBERNETES_INDEX} are set, so the scheduler is \
         ambiguous"
    )]
    Ambiguous,
    #[error(
        "{0} is not a task of an array 1-N, so the number of parts is \
         unknown; set {COUNT}=N (as deploy/slurm/generate.sbatch does)"
    )]
    NotOneToN(String),
    #[error(
        "Kubernetes completion index {0} but no number of parts; \
         set {COUNT} to the Job's completions"
    )]
    NoCount(u64),
    /// A part the scheduler gives, but not one of its count.
    #[error("{found}: {source}")]
    Found { found: String, source: ShardError },
}

/// The Slurm array task's number.
const SLURM_TASK: &str = "SLURM_ARRAY_TASK_ID";
/// A Kubernetes Indexed Job's pod index (0-based).
const KUBERNETES_INDEX: &str = "JOB_COMPLETION_INDEX";
/// The number of parts, when the scheduler cannot tell it.
pub const COUNT: &str = "UNBLOCKER_SHARDS";

/// What `--shard` asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShardSpec {
    Given(Shard),
    /// Read the part from the scheduler's environment ([`from_env`]).
    Auto,
}

impl ShardSpec {
    /// The part asked for (`None`: the whole work), reading an `Auto` one
    /// through `var` as [`from_env`] does; with where it was found then.
    pub fn resolve(
        spec: Option<ShardSpec>,
        var: impl Fn(&str) -> Option<String>,
    ) -> Result<(Shard, Option<DetectedShard>), SchedulerError> {
        match spec {
            None => Ok((Shard::WHOLE, None)),
            Some(ShardSpec::Given(shard)) => Ok((shard, None)),
            Some(ShardSpec::Auto) => from_env(var).map(|found| (found.shard, Some(found))),
        }
    }
}

/// Why a `--shard` was not read: no part ([`ShardError`]), said with the
/// other form it takes.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}{or}", or = if matches!(.0, ShardError::Syntax(_)) { " or `auto`" } else { "" })]
pub struct ShardSpecError(pub ShardError);

impl FromStr for ShardSpec {
    type Err = ShardSpecError;

    fn from_str(text: &str) -> Result<ShardSpec, ShardSpecError> {
        if text == "auto" {
            Ok(ShardSpec::Auto)
        } else {
            text.parse().map(ShardSpec::Given).map_err(ShardSpecError)
        }
    }
}

/// A part found in the environment, and what it was found from (for the
/// log: e.g. `Slurm array job 12 task 3 (SLURM_ARRAY_TASK_ID=3,
/// SLURM_ARRAY_TASK_COUNT=4)`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DetectedShard {
    pub shard: Shard,
    pub source: String,
}

/// The part of the scheduler task this process runs in, read through `var`
/// (`|name| std::env::var(name).ok()` outside tests).
///
/// - Slurm: part K is array task K (`--array=1-N`); N is [`COUNT`] when
///   set (needed when re-running some parts as a smaller array, e.g.
///   `--array=3,7`), otherwise the array's size, accepted only when the
///   array is exactly 1..N (`SLURM_ARRAY_TASK_COUNT`, or
///   `SLURM_ARRAY_TASK_MIN`/`MAX`/`STEP` where the count is missing).
/// - Kubernetes Indexed Job: part `JOB_COMPLETION_INDEX + 1` of [`COUNT`].
pub fn from_env(var: impl Fn(&str) -> Option<String>) -> Result<DetectedShard, SchedulerError> {
    let mut seen = Vec::new();
    let mut number = |name: &'static str| -> Result<Option<u64>, SchedulerError> {
        let Some(text) = var(name).filter(|v| !v.is_empty()) else {
            return Ok(None);
        };
        let value = text
            .trim()
            .parse()
            .map_err(|_| SchedulerError::NotANumber {
                var: name,
                value: text.clone(),
            })?;
        seen.push(format!("{name}={value}"));
        Ok(Some(value))
    };
    let (task, index) = (number(SLURM_TASK)?, number(KUBERNETES_INDEX)?);
    let count = number(COUNT)?;
    let (index, count, source) = match (task, index) {
        (Some(_), Some(_)) => return Err(SchedulerError::Ambiguous),
        (Some(task), None) => {
            let count = match count {
                Some(n) => n,
                None => {
                    let tasks = number("SLURM_ARRAY_TASK_COUNT")?;
                    let min = number("SLURM_ARRAY_TASK_MIN")?;
                    let max = number("SLURM_ARRAY_TASK_MAX")?;
                    let step = number("SLURM_ARRAY_TASK_STEP")?.unwrap_or(1);
                    match (min, max) {
                        // `--array=1-N`: N tasks, the last numbered N.
                        (Some(1), Some(max)) if step == 1 && tasks.unwrap_or(max) == max => max,
                        _ => {
                            return Err(SchedulerError::NotOneToN(format!(
                                "Slurm array task {task} ({})",
                                seen.join(", ")
                            )))
                        }
                    }
                }
            };
            let job = var("SLURM_ARRAY_JOB_ID").unwrap_or_else(|| "?".into());
            let source = format!("Slurm array job {job} task {task} ({})", seen.join(", "));
            (task, count, source)
        }
        (None, Some(index)) => {
            let count = count.ok_or(SchedulerError::NoCount(index))?;
            let source = format!("Kubernetes Indexed Job ({})", seen.join(", "));
            (index + 1, count, source)
        }
        (None, None) => {
            return Err(match var("SLURM_JOB_ID") {
                Some(job) => SchedulerError::NotAnArray(job),
                None => SchedulerError::NoScheduler,
            })
        }
    };
    match Shard::new(index, count) {
        Ok(shard) => Ok(DetectedShard { shard, source }),
        Err(e) => Err(SchedulerError::Found {
            found: source,
            source: e,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(vars: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| {
            vars.iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| v.to_string())
        }
    }

    fn slurm_array(task: &str, min: &str, max: &str, count: &str) -> Vec<(&'static str, String)> {
        vec![
            ("SLURM_JOB_ID", "40".into()),
            ("SLURM_ARRAY_JOB_ID", "37".into()),
            ("SLURM_ARRAY_TASK_ID", task.into()),
            ("SLURM_ARRAY_TASK_MIN", min.into()),
            ("SLURM_ARRAY_TASK_MAX", max.into()),
            ("SLURM_ARRAY_TASK_COUNT", count.into()),
            ("SLURM_ARRAY_TASK_STEP", "1".into()),
        ]
    }

    fn lookup(vars: &[(&'static str, String)]) -> Result<DetectedShard, SchedulerError> {
        let borrowed: Vec<(&str, &str)> = vars.iter().map(|(k, v)| (*k, v.as_str())).collect();
        from_env(env(&borrowed))
    }

    #[test]
    fn auto_or_a_given_part_parse() {
        assert_eq!("auto".parse(), Ok(ShardSpec::Auto));
        assert_eq!(
            "2/4".parse(),
            Ok(ShardSpec::Given(Shard { index: 2, count: 4 }))
        );
        assert_eq!(
            "5/4".parse::<ShardSpec>(),
            Err(ShardSpecError(ShardError::OutOfRange {
                index: 5,
                count: 4
            }))
        );
        let error = "2of4".parse::<ShardSpec>().unwrap_err();
        assert_eq!(
            error.to_string(),
            "shard `2of4`: expected K/N (e.g. 2/8) or `auto`"
        );
    }

    #[test]
    fn slurm_arrays_one_to_n_give_the_task_and_the_array_size() {
        let found = lookup(&slurm_array("3", "1", "4", "4")).unwrap();
        assert_eq!(found.shard, Shard { index: 3, count: 4 });
        assert!(
            found.source.contains("Slurm array job 37 task 3")
                && found.source.contains("SLURM_ARRAY_TASK_COUNT=4"),
            "{}",
            found.source
        );
        // Without SLURM_ARRAY_TASK_COUNT (older Slurm), from min and max.
        let mut vars = slurm_array("2", "1", "6", "");
        vars.retain(|(k, _)| *k != "SLURM_ARRAY_TASK_COUNT");
        assert_eq!(lookup(&vars).unwrap().shard, Shard { index: 2, count: 6 });
    }

    #[test]
    fn an_explicit_count_serves_arrays_of_some_parts() {
        let mut vars = slurm_array("7", "3", "7", "2");
        let err = lookup(&vars).unwrap_err();
        assert_eq!(
            err.to_string(),
            "Slurm array task 7 (SLURM_ARRAY_TASK_ID=7, SLURM_ARRAY_TASK_COUNT=2, \
             SLURM_ARRAY_TASK_MIN=3, SLURM_ARRAY_TASK_MAX=7, SLURM_ARRAY_TASK_STEP=1) is not a \
             task of an array 1-N, so the number of parts is unknown; set UNBLOCKER_SHARDS=N \
             (as deploy/slurm/generate.sbatch does)"
        );
        vars.push((COUNT, "8".into()));
        let found = lookup(&vars).unwrap();
        assert_eq!(found.shard, Shard { index: 7, count: 8 });
        assert!(
            found.source.contains("UNBLOCKER_SHARDS=8"),
            "{}",
            found.source
        );
        // The count wins over the array's size: `--array=1-3` re-running
        // parts 1 to 3 of 8.
        let mut vars = slurm_array("2", "1", "3", "3");
        vars.push((COUNT, "8".into()));
        assert_eq!(lookup(&vars).unwrap().shard, Shard { index: 2, count: 8 });
    }

    #[test]
    fn tasks_outside_one_to_n_are_refused() {
        // --array=0-3: task 0 is no part.
        let err = lookup(&slurm_array("0", "0", "3", "4")).unwrap_err();
        assert!(matches!(err, SchedulerError::NotOneToN(_)), "{err}");
        let mut vars = slurm_array("0", "0", "3", "4");
        vars.push((COUNT, "4".into()));
        let err = lookup(&vars).unwrap_err();
        assert_eq!(
            err.to_string(),
            "Slurm array job 37 task 0 (SLURM_ARRAY_TASK_ID=0, \
             UNBLOCKER_SHARDS=4): shard 0/4: parts are numbered 1 to 4"
        );
        let mut vars = slurm_array("9", "1", "9", "9");
        vars.push((COUNT, "8".into()));
        assert!(matches!(
            lookup(&vars),
            Err(SchedulerError::Found { source, .. })
                if source == ShardError::OutOfRange { index: 9, count: 8 }
        ));
    }

    #[test]
    fn kubernetes_indexed_jobs_need_a_count() {
        let found = from_env(env(&[("JOB_COMPLETION_INDEX", "0"), (COUNT, "5")])).unwrap();
        assert_eq!(found.shard, Shard { index: 1, count: 5 });
        assert!(found.source.contains("Kubernetes"), "{}", found.source);
        assert_eq!(
            from_env(env(&[("JOB_COMPLETION_INDEX", "4")])),
            Err(SchedulerError::NoCount(4))
        );
        assert!(matches!(
            from_env(env(&[("JOB_COMPLETION_INDEX", "5"), (COUNT, "5")])),
            Err(SchedulerError::Found { .. })
        ));
    }

    #[test]
    fn no_scheduler_or_a_confusing_one_is_refused() {
        assert_eq!(from_env(env(&[])), Err(SchedulerError::NoScheduler));
        assert_eq!(
            from_env(env(&[("SLURM_JOB_ID", "12")])),
            Err(SchedulerError::NotAnArray("12".into()))
        );
        assert_eq!(
            from_env(env(&[
                ("SLURM_ARRAY_TASK_ID", "1"),
                ("JOB_COMPLETION_INDEX", "0")
            ])),
            Err(SchedulerError::Ambiguous)
        );
        assert_eq!(
            from_env(env(&[("SLURM_ARRAY_TASK_ID", "two")])),
            Err(SchedulerError::NotANumber {
                var: "SLURM_ARRAY_TASK_ID",
                value: "two".into()
            })
        );
    }
}
