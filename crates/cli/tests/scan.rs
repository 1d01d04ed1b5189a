//! `unblocker scan`: text and JSON output, --solve, --debug, and refusals.

mod common;

use common::{json, unblocker};

const IMG_0354: &str = "screenshots/tsiodras/IMG_0354.PNG";
const BOARD_0354: &str = "BooCoDBEECoDBoAAFoGGGoFHooIoFHJJIKKo";

#[test]
#[ignore = "needs the full ground-truth data: UNBLOCKER_DATA=../shared cargo test -- --include-ignored (.ci/run)"]
fn scan_prints_the_board_exit_and_confidence() {
    let out = unblocker()
        .args([
            "scan",
            &unblocker_testdata::arg(IMG_0354),
            "--color",
            "never",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains(&format!("Board       {BOARD_0354}")),
        "{text}"
    );
    assert!(text.contains("Exit        right side, row 2\n"), "{text}");
    assert!(text.contains("Confidence  "), "{text}");
}

#[test]
#[ignore = "needs the full ground-truth data: UNBLOCKER_DATA=../shared cargo test -- --include-ignored (.ci/run)"]
fn scan_json_is_one_object() {
    let value = json(&["scan", &unblocker_testdata::arg(IMG_0354), "--json"]);
    assert_eq!(value["board"], BOARD_0354);
    assert_eq!(
        value["exit"],
        serde_json::json!({"side": "right", "row": 2})
    );
    assert_eq!(value["exit_assumed"], false);
    assert!(value["confidence"].as_f64().unwrap() > 0.5);
}

#[test]
#[ignore = "needs the full ground-truth data: UNBLOCKER_DATA=../shared cargo test -- --include-ignored (.ci/run)"]
fn board_only_crop_says_the_exit_is_assumed() {
    let path = unblocker_testdata::arg("screenshots/syedecryptr-unblockme_automation/sample2.png");
    let value = json(&["scan", &path, "--json"]);
    assert_eq!(value["board"], "BCDEFFBCDEoGHIDAAGHIoJKKLLoJMoooNNMo");
    assert_eq!(value["exit_assumed"], true);
    let out = unblocker()
        .args(["scan", &path, "--color", "never"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("(assumed: no frame in the picture)"));
}

#[test]
#[ignore = "needs the full ground-truth data: UNBLOCKER_DATA=../shared cargo test -- --include-ignored (.ci/run)"]
fn scan_solve_goes_on_to_the_solution() {
    // The same board typed in gives the same solution.
    let typed = json(&["solve", BOARD_0354, "--json"]);
    let out = unblocker()
        .args([
            "scan",
            &unblocker_testdata::arg(IMG_0354),
            "--json",
            "--solve",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    let scanned: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
    let solved: serde_json::Value = serde_json::from_str(lines[1]).unwrap();
    assert_eq!(scanned["board"], BOARD_0354);
    assert_eq!(solved["moves"], typed["moves"]);
    assert_eq!(solved["solution"], typed["solution"]);

    let out = unblocker()
        .args([
            "scan",
            &unblocker_testdata::arg(IMG_0354),
            "--solve",
            "--no-boards",
            "--color",
            "never",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains(&format!("Solved in {} moves", typed["moves"])),
        "{text}"
    );
}

#[test]
#[ignore = "needs the full ground-truth data: UNBLOCKER_DATA=../shared cargo test -- --include-ignored (.ci/run)"]
fn debug_writes_a_png_on_success_and_on_failure() {
    let dir = std::env::temp_dir().join(format!("unblocker-scan-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (picture, succeeds) in [
        (IMG_0354, true),
        ("screenshots/ngc6995-AutoUnblockMe/image_01.png", false),
    ] {
        let out_path = dir.join("seen.png");
        let _ = std::fs::remove_file(&out_path);
        let out = unblocker()
            .args([
                "scan",
                &unblocker_testdata::arg(picture),
                "--debug",
                out_path.to_str().unwrap(),
            ])
            .output()
            .unwrap();
        assert_eq!(out.status.success(), succeeds, "{picture}");
        let written = std::fs::read(&out_path).unwrap();
        assert!(
            written.starts_with(b"\x89PNG"),
            "{picture}: the debug picture is a PNG"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_menu_screenshot_is_refused_with_exit_code_2() {
    let out = unblocker()
        .args([
            "scan",
            &unblocker_testdata::arg("screenshots/ngc6995-AutoUnblockMe/image_02.png"),
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let message = String::from_utf8_lossy(&out.stderr);
    assert!(message.contains("no Unblock Me board found"), "{message}");
    assert!(out.stdout.is_empty());
}

#[test]
fn a_file_that_is_not_a_picture_is_refused() {
    let out = unblocker()
        .args(["scan", &unblocker_testdata::arg("screenshots/INDEX.tsv")])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a picture"));
}
