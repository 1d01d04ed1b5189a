//! `unblocker render` end to end: each kind of picture is written, and
//! a wrong output kind is refused with exit code 2.

mod common;

use common::unblocker;

#[test]
fn render_writes_boards_strips_animations_and_packs() {
    let dir = tempfile::tempdir().unwrap();
    let run = |args: &[&str], file: &str| {
        let path = dir.path().join(file);
        let out = unblocker()
            .args(args)
            .arg("-o")
            .arg(&path)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{args:?}: {stderr}");
        std::fs::read(&path).unwrap()
    };
    let svg = run(&["render", "card1", "--no-labels"], "card1.svg");
    assert!(svg.starts_with(b"<svg") && !String::from_utf8(svg).unwrap().contains("</text>"));
    assert!(run(&["render", "klotski"], "klotski.png").starts_with(b"\x89PNG"));
    let strip = String::from_utf8(run(&["render", "card1", "--solution"], "steps.svg")).unwrap();
    assert!(
        strip.contains("card1: solved in 8 moves (optimal)"),
        "{strip}"
    );
    assert!(run(
        &["render", "card1", "--solution", "--cell", "16"],
        "card1.gif"
    )
    .starts_with(b"GIF89a"));
    let pdf = run(
        &[
            "render",
            "--pack",
            "--count",
            "3",
            "--min-moves",
            "10",
            "--max-moves",
            "12",
        ],
        "pack.pdf",
    );
    assert!(pdf.starts_with(b"%PDF"));
}

#[test]
fn render_refuses_what_it_cannot_draw() {
    let dir = tempfile::tempdir().unwrap();
    for (args, file, message) in [
        (&["render", "card1"][..], "card1.gif", "add --solution"),
        (&["render", "card1"][..], "card1.pdf", "add --pack"),
        (
            &["render", "card1"][..],
            "card1.txt",
            "must end in .svg, .png, .gif or .pdf",
        ),
        (&["render", "--pack"][..], "pack.svg", "a pack is a PDF"),
        (
            &["render", "--pack", "--min-moves", "90", "--max-moves", "95"][..],
            "pack.pdf",
            "no puzzles",
        ),
    ] {
        let out = unblocker()
            .args(args)
            .arg("-o")
            .arg(dir.path().join(file))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?} {file}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(message), "{args:?} {file}: {stderr}");
    }
}
