//! The six board formats, each from its own generator of valid, written and
//! mutated text, through everything the tools do with a PUZZLE
//! (`unblocker_fuzz::checks::board_text`).

use unblocker_fuzz::corpus::Kind;
use unblocker_fuzz::{boards, checks, fuzz};

fn run(name: &str, strategy: proptest::strategy::BoxedStrategy<Vec<u8>>) {
    fuzz(name, Kind::Boards, 2_500, strategy, Clone::clone, |b| {
        checks::board_text(b)
    });
}

#[test]
fn one_line_form_with_suffixes() {
    run("line", boards::line());
}

#[test]
fn rows() {
    run("rows", boards::rows());
}

#[test]
fn framed_grid() {
    run("grid", boards::grid());
}

#[test]
fn cos402_jams() {
    run("jams", boards::jams());
}

#[test]
fn json() {
    run("json", boards::json());
}

#[test]
fn common_code() {
    run("common-code", boards::common_code());
}
