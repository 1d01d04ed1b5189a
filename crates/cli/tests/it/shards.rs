//! `db generate --shard auto` (the part from a Slurm array task's or a
//! Kubernetes Indexed Job's environment) and the faults of sharded runs:
//! no scheduler, a part outside 1..N, merging parts of other settings,
//! truncated or still being written. Each is exit 2 with a message, and the
//! target database keeps every byte.

use crate::common::unblocker;
use assert_cmd::cargo::CommandCargoExt;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};

/// What a scheduler would set; cleared so a test sees only its own.
const SCHEDULER_VARS: [&str; 9] = [
    "SLURM_JOB_ID",
    "SLURM_ARRAY_JOB_ID",
    "SLURM_ARRAY_TASK_ID",
    "SLURM_ARRAY_TASK_COUNT",
    "SLURM_ARRAY_TASK_MIN",
    "SLURM_ARRAY_TASK_MAX",
    "SLURM_ARRAY_TASK_STEP",
    "JOB_COMPLETION_INDEX",
    "UNBLOCKER_SHARDS",
];

/// Runs `unblocker ARGS` with only `vars` of the scheduler's variables set;
/// returns the exit code and stderr.
fn run_with(vars: &[(&str, &str)], args: &[&str]) -> (i32, String) {
    let mut cmd = unblocker();
    for var in SCHEDULER_VARS {
        cmd.env_remove(var);
    }
    let out = cmd.envs(vars.iter().copied()).args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn ok(vars: &[(&str, &str)], args: &[&str]) -> String {
    let (code, stderr) = run_with(vars, args);
    assert_eq!(code, 0, "{args:?}: {stderr}");
    stderr
}

fn export(db: &Path) -> String {
    let out = unblocker()
        .args(["db", "export", "--db"])
        .arg(db)
        .output()
        .unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

const FOUR: [&str; 6] = ["db", "generate", "--size", "4", "--max-walls", "1"];

fn generate(db: &Path, shard: &str, vars: &[(&str, &str)]) -> String {
    let db = db.to_str().unwrap();
    ok(
        vars,
        &[&FOUR[..], &["--quiet", "--shard", shard, "--db", db]].concat(),
    )
}

#[test]
fn shard_auto_finds_the_slurm_or_kubernetes_part() {
    let dir = tempfile::tempdir().unwrap();
    let given = dir.path().join("given.sqlite");
    generate(&given, "2/3", &[]);

    let slurm = dir.path().join("slurm.sqlite");
    let array = [
        ("SLURM_JOB_ID", "78"),
        ("SLURM_ARRAY_JOB_ID", "77"),
        ("SLURM_ARRAY_TASK_ID", "2"),
        ("SLURM_ARRAY_TASK_COUNT", "3"),
        ("SLURM_ARRAY_TASK_MIN", "1"),
        ("SLURM_ARRAY_TASK_MAX", "3"),
        ("SLURM_ARRAY_TASK_STEP", "1"),
    ];
    let stderr = generate(&slurm, "auto", &array);
    assert!(
        stderr.contains(
            "shard 2/3 from Slurm array job 77 task 2 (SLURM_ARRAY_TASK_ID=2, \
             SLURM_ARRAY_TASK_COUNT=3, SLURM_ARRAY_TASK_MIN=1, SLURM_ARRAY_TASK_MAX=3, \
             SLURM_ARRAY_TASK_STEP=1)"
        ),
        "{stderr}"
    );
    assert_eq!(export(&slurm), export(&given));

    // A re-run of some parts (--array=2,3) with the count given.
    let rerun = dir.path().join("rerun.sqlite");
    let mut vars = array.to_vec();
    vars[5] = ("SLURM_ARRAY_TASK_COUNT", "2");
    vars.push(("UNBLOCKER_SHARDS", "3"));
    let stderr = generate(&rerun, "auto", &vars);
    assert!(
        stderr.contains("shard 2/3 from Slurm array job 77 task 2"),
        "{stderr}"
    );
    assert_eq!(export(&rerun), export(&given));

    let kubernetes = dir.path().join("kubernetes.sqlite");
    let vars = [("JOB_COMPLETION_INDEX", "1"), ("UNBLOCKER_SHARDS", "3")];
    let stderr = generate(&kubernetes, "auto", &vars);
    assert!(
        stderr.contains(
            "shard 2/3 from Kubernetes Indexed Job (JOB_COMPLETION_INDEX=1, UNBLOCKER_SHARDS=3)"
        ),
        "{stderr}"
    );
    assert_eq!(export(&kubernetes), export(&given));
}

/// `db generate` that must fail with exit 2, a message containing `says`,
/// and no change to the database (nor its creation).
fn generate_refused(vars: &[(&str, &str)], shard: &str, says: &str) {
    let dir = tempfile::tempdir().unwrap();
    let fresh = dir.path().join("fresh.sqlite");
    let existing = dir.path().join("existing.sqlite");
    generate(&existing, "1/4", &[]);
    let before = std::fs::read(&existing).unwrap();
    for db in [&fresh, &existing] {
        let args = [&FOUR[..], &["--shard", shard, "--db", db.to_str().unwrap()]].concat();
        let (code, stderr) = run_with(vars, &args);
        assert_eq!(code, 2, "{vars:?} {shard}: {stderr}");
        assert!(stderr.contains(says), "{vars:?} {shard}: {stderr}");
    }
    assert!(
        !fresh.exists(),
        "{vars:?} {shard}: the database was created"
    );
    assert_eq!(
        std::fs::read(&existing).unwrap(),
        before,
        "{vars:?} {shard}"
    );
}

#[test]
fn shard_auto_outside_a_scheduler_is_refused() {
    generate_refused(
        &[],
        "auto",
        "--shard auto: no scheduler found (SLURM_ARRAY_TASK_ID and JOB_COMPLETION_INDEX are not \
         set); run it as a task of a Slurm job array (sbatch --array=1-N) or of a Kubernetes \
         Indexed Job; or give the part as --shard K/N",
    );
    generate_refused(
        &[("SLURM_JOB_ID", "12")],
        "auto",
        "--shard auto: Slurm job 12 is not a job array",
    );
    generate_refused(
        &[("JOB_COMPLETION_INDEX", "0")],
        "auto",
        "set UNBLOCKER_SHARDS to the Job's completions",
    );
    // An array that is not 1-N, without the count.
    generate_refused(
        &[
            ("SLURM_ARRAY_TASK_ID", "7"),
            ("SLURM_ARRAY_TASK_COUNT", "2"),
            ("SLURM_ARRAY_TASK_MIN", "3"),
            ("SLURM_ARRAY_TASK_MAX", "7"),
        ],
        "auto",
        "set UNBLOCKER_SHARDS=N",
    );
}

#[test]
fn a_part_outside_one_to_n_is_refused() {
    generate_refused(&[], "0/4", "parts are numbered 1 to 4");
    generate_refused(&[], "5/4", "parts are numbered 1 to 4");
    generate_refused(&[], "2of4", "expected K/N");
    generate_refused(
        &[("SLURM_ARRAY_TASK_ID", "5"), ("UNBLOCKER_SHARDS", "4")],
        "auto",
        "shard 5/4: parts are numbered 1 to 4",
    );
    generate_refused(
        &[
            ("SLURM_ARRAY_TASK_ID", "0"),
            ("SLURM_ARRAY_TASK_MIN", "0"),
            ("SLURM_ARRAY_TASK_MAX", "3"),
            ("UNBLOCKER_SHARDS", "4"),
        ],
        "auto",
        "shard 0/4: parts are numbered 1 to 4",
    );
    // A file of part 1/4 does not take part 1/2.
    let dir = tempfile::tempdir().unwrap();
    let existing = dir.path().join("existing.sqlite");
    generate(&existing, "1/4", &[]);
    let before = std::fs::read(&existing).unwrap();
    let args = [
        &FOUR[..],
        &["--shard", "1/2", "--db", existing.to_str().unwrap()],
    ]
    .concat();
    let (code, stderr) = run_with(&[], &args);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("holds shard = 1/4, not 1/2"), "{stderr}");
    assert_eq!(std::fs::read(&existing).unwrap(), before);
}

/// `db merge SHARDS` into a target holding part 1 of 2 (4x4, one wall):
/// must fail with exit 2 and a message containing `says`, keeping the
/// target's bytes; into a new file, must create nothing.
fn merge_refused(dir: &Path, shards: &[&Path], says: &str) {
    let target = dir.join("target.sqlite");
    if !target.exists() {
        let first = dir.join("first.sqlite");
        generate(&first, "1/2", &[]);
        ok(
            &[],
            &[
                "db",
                "merge",
                first.to_str().unwrap(),
                "--db",
                target.to_str().unwrap(),
            ],
        );
    }
    let before = std::fs::read(&target).unwrap();
    let fresh = dir.join("fresh.sqlite");
    for db in [&target, &fresh] {
        let mut args = vec!["db", "merge"];
        args.extend(shards.iter().map(|s| s.to_str().unwrap()));
        args.extend(["--db", db.to_str().unwrap()]);
        let (code, stderr) = run_with(&[], &args);
        assert_eq!(code, 2, "{shards:?}: {stderr}");
        assert!(stderr.contains(says), "{shards:?}: {stderr}");
    }
    assert_eq!(
        std::fs::read(&target).unwrap(),
        before,
        "{shards:?}: target changed"
    );
    assert!(
        !fresh.exists(),
        "{shards:?}: a refused merge created its target"
    );
}

#[test]
fn merge_refuses_parts_of_other_settings() {
    let dir = tempfile::tempdir().unwrap();
    let second = dir.path().join("second.sqlite");
    generate(&second, "2/2", &[]);
    let other = dir.path().join("other.sqlite");
    let args = [
        "db",
        "generate",
        "--size",
        "4",
        "--max-walls",
        "0",
        "--quiet",
        "--shard",
        "1/2",
    ];
    ok(
        &[],
        &[&args[..], &["--db", other.to_str().unwrap()]].concat(),
    );
    merge_refused(dir.path(), &[&second, &other], "holds max_walls = 0, but");
    merge_refused(
        dir.path(),
        &[&second, &other],
        "parts of different generations cannot be merged",
    );
}

#[test]
fn merge_refuses_truncated_parts() {
    let dir = tempfile::tempdir().unwrap();
    let second = dir.path().join("second.sqlite");
    generate(&second, "2/2", &[]);
    let bytes = std::fs::read(&second).unwrap();
    for keep in [bytes.len() / 2, 4096, 50, 0] {
        let cut = dir.path().join(format!("cut{keep}.sqlite"));
        std::fs::write(&cut, &bytes[..keep]).unwrap();
        let says = if keep == 0 {
            "not an unblocker database"
        } else {
            "not a whole SQLite database"
        };
        merge_refused(dir.path(), &[&second, &cut], says);
    }
    merge_refused(
        dir.path(),
        &[&dir.path().join("nowhere.sqlite")],
        "no such file",
    );
}

/// A real `db generate` writing its part: merging it while it runs, and
/// after it was killed, is refused; the message says how far it got.
#[test]
fn merge_refuses_a_part_still_being_written() {
    let dir = tempfile::tempdir().unwrap();
    let part = dir.path().join("running.sqlite");
    let mut child = Command::cargo_bin("unblocker")
        .unwrap()
        .args([
            "db",
            "generate",
            "--size",
            "5",
            "--max-walls",
            "1",
            "--threads",
            "1",
        ])
        .args(["--shard", "1/1", "--db"])
        .arg(&part)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // stderr is a pipe: progress comes as lines, the first once the run
    // holds the file.
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    assert!(
        first.contains("shard 1/1: ") && first.contains(" units ("),
        "{first}"
    );
    // A second generator on the busy file, which holds committed units by
    // the next line, says only that it is busy (not that it resumes).
    let next = lines.next().unwrap().unwrap();
    assert!(!next.contains(": 0/"), "{next}");
    let second = Command::cargo_bin("unblocker")
        .unwrap()
        .args(["db", "generate", "--size", "5", "--max-walls", "1"])
        .args(["--shard", "1/1", "--db"])
        .arg(&part)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&second.stderr);
    assert!(!second.status.success(), "{said}");
    assert!(
        said.contains("another process is generating into"),
        "{said}"
    );
    assert!(!said.contains("resuming"), "{said}");
    merge_refused(
        dir.path(),
        &[&part],
        "it is still being written, or its run was stopped; finish it (generating part 1/1 \
         into this file again, with the same settings, resumes it), then merge \
         (`unblocker db generate --shard 1/1` with the part's own options, --db naming this file)",
    );
    child.kill().unwrap();
    child.wait().unwrap();
    merge_refused(dir.path(), &[&part], "--shard 1/1");
}
