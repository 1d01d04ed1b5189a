//! `unblocker db` end to end: generate, query, stats, export, import, merge.

use crate::common::unblocker;

fn run(args: &[&str]) -> String {
    let out = unblocker().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn generate_query_stats_export_and_merge() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("four.sqlite");
    let db = db.to_str().unwrap();
    let gen = [
        "db",
        "generate",
        "--size",
        "4",
        "--max-walls",
        "1",
        "--quiet",
        "--db",
    ];
    run(&[&gen[..], &[db]].concat());

    // The 4x4 database (0-1 walls): 32 puzzles, the hardest 7 moves; the
    // 1-move puzzle is the lone target in row 1 (3 positions).
    let all = run(&["db", "query", "--db", db]);
    assert_eq!(all.lines().count(), 32);
    let hardest: Vec<&str> = all.lines().next().unwrap().split_whitespace().collect();
    assert_eq!(hardest[0], "07");
    let lone = run(&["db", "query", "--moves", "1", "--db", db]);
    assert_eq!(lone.trim(), "01 ooooAAoooooooooo 3");

    let picked = run(&[
        "db",
        "query",
        "--min-moves",
        "5",
        "--max-moves",
        "6",
        "--random",
        "--limit",
        "1",
        "--format",
        "json",
        "--db",
        db,
    ]);
    let p: serde_json::Value = serde_json::from_str(picked.trim()).unwrap();
    assert!((5..=6).contains(&p["moves"].as_u64().unwrap()));
    for key in ["board", "cluster", "walls", "pieces", "histogram"] {
        assert!(!p[key].is_null(), "{key} missing");
    }

    let svg = dir.path().join("stats.svg");
    let stats = run(&[
        "db",
        "stats",
        "--json",
        "--svg",
        svg.to_str().unwrap(),
        "--db",
        db,
    ]);
    let s: serde_json::Value = serde_json::from_str(&stats).unwrap();
    assert_eq!(s["puzzles"], 32);
    let by_moves: u64 = s["by_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["puzzles"].as_u64().unwrap())
        .sum();
    assert_eq!(by_moves, 32);
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));

    // Two shards merged equal the whole.
    let mut merged_args = vec!["db", "merge"];
    let shards: Vec<String> = (1..=2)
        .map(|k| {
            dir.path()
                .join(format!("s{k}.sqlite"))
                .to_str()
                .unwrap()
                .to_string()
        })
        .collect();
    for (k, shard) in shards.iter().enumerate() {
        let part = format!("{}/2", k + 1);
        run(&[&gen[..], &[shard.as_str(), "--shard", &part]].concat());
        merged_args.push(shard);
    }
    let merged = dir.path().join("merged.sqlite");
    merged_args.extend(["--db", merged.to_str().unwrap()]);
    run(&merged_args);
    assert_eq!(
        run(&["db", "export", "--db", merged.to_str().unwrap()]),
        run(&["db", "export", "--db", db])
    );
}

#[test]
fn import_reads_fogleman_files_and_rejects_bad_lines() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("imported.sqlite");
    let db = db.to_str().unwrap();
    run(&[
        "db",
        "import",
        &unblocker_testdata::arg("puzzles/rush/rush1000.txt"),
        "--db",
        db,
    ]);
    let top = run(&["db", "query", "--walls", "0", "--limit", "1", "--db", db]);
    assert_eq!(top.trim(), "51 GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo 4780");

    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "60 IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM\n").unwrap();
    let out = unblocker()
        .args(["db", "import", bad.to_str().unwrap(), "--db", db])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 1"));

    let missing = dir.path().join("missing.sqlite");
    let out = unblocker()
        .args(["db", "stats", "--db", missing.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    // A file of imported Rush Hour puzzles cannot take the Klotski database.
    let out = unblocker()
        .args(["db", "generate", "--game", "klotski", "--db", db])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("already holds other puzzles"));
}

/// `--game klotski` refuses the Rush Hour-only options before any work (the
/// run itself is tested in crates/db/tests/klotski.rs).
#[test]
fn klotski_generate_refuses_rush_options() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("klotski.sqlite");
    for flag in [["--size", "5"], ["--max-walls", "1"], ["--shard", "1/2"]] {
        let out = unblocker()
            .args(["db", "generate", "--game", "klotski", "--quiet"])
            .args(flag)
            .arg("--db")
            .arg(&db)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{flag:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains(flag[0]) && stderr.contains("Rush Hour"),
            "{stderr}"
        );
    }
    let out = unblocker()
        .args(["db", "generate", "--game", "sokoban", "--db"])
        .arg(&db)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// Without a database file (and without `--db`), `db query` reads the sample
/// built into the binary and says so; with a missing `--db` file it refuses.
#[test]
fn query_without_a_database_reads_the_embedded_sample() {
    let home = tempfile::tempdir().unwrap();
    let out = unblocker()
        .env("XDG_DATA_HOME", home.path())
        .env("HOME", home.path())
        .args(["db", "query", "--moves", "60"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("embedded sample"), "{stderr}");
    // The hardest puzzle of the full database (rush1000.txt's first,
    // IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM), in canonical letters.
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "60 BCCxooBooDEEFAADooFoGHHIJJGooIKKLLLI 2332\n"
    );
    let missing = home.path().join("missing.sqlite");
    let out = unblocker()
        .args(["db", "query", "--db", missing.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("no database at") && stderr.contains("unblocker db generate"),
        "{stderr}"
    );
}
