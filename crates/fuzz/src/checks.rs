//! What every input must survive, in process: board text goes through
//! everything `solve`, `analyze`, `convert` and `POST /api/board` do with a
//! PUZZLE; image bytes through the scanner and its debug picture. A panic
//! anywhere fails the check (the fuzz runner catches it), and so does an
//! answer that breaks a promise (a board that does not read back, a
//! solution that does not replay).

use crate::Finding;
use std::cell::RefCell;
use unblocker_model::format::{self, Format, ParseOptions};
use unblocker_model::replay;
use unblocker_model::{puzzle, Board, Game, Metric};
use unblocker_solve::json::{AnalyzeJson, SolveJson};
use unblocker_solve::{Algorithm, Control, MemoryBudget, SolveOptions, Solver, Verdict};

/// The options a caller may add to a PUZZLE (`--game`, `--goal`).
fn parse_options() -> [ParseOptions; 4] {
    [
        ParseOptions::default(),
        ParseOptions {
            game: Some(Game::Klotski),
            ..ParseOptions::default()
        },
        ParseOptions {
            game: Some(Game::RushHour),
            ..ParseOptions::default()
        },
        ParseOptions {
            goal: Some((1, 1)),
            ..ParseOptions::default()
        },
    ]
}

/// Searches stop early: the fuzz is after panics, not answers.
fn control() -> Control {
    Control {
        max_nodes: Some(300),
        memory: Some(MemoryBudget::new(64 << 20)),
        ..Control::default()
    }
}

thread_local! {
    static SOLVER: RefCell<Solver> = RefCell::new(Solver::new());
}

/// Board text (the lossy text of `bytes`) read in every way the tools read
/// it; every board read is printed in every format that holds it and read
/// back the same, solved by every algorithm in every metric (the solutions
/// replay to the goal) and analysed.
pub fn board_text(bytes: &[u8]) -> Result<(), Finding> {
    let text = crate::boards::text(bytes);
    let mut boards: Vec<Board> = Vec::new();
    for options in parse_options() {
        for &f in Format::ALL {
            let _ = format::parse_as(&text, f, options);
        }
        let _ = format::parse_jams(&text);
        let _ = format::parse_common_code(&text, options);
        if let Ok(puzzle) = puzzle::resolve(&text, options) {
            if !boards.contains(&puzzle.board) {
                boards.push(puzzle.board);
            }
        }
    }
    boards.iter().try_for_each(board)
}

/// Everything the tools do with a valid board.
pub fn board(board: &Board) -> Result<(), Finding> {
    let line = format::to_line(board);
    for &f in Format::ALL {
        if format::loses(board, f).is_some() {
            continue;
        }
        let printed = format::print(board, f);
        let back = match format::parse_as(&printed, f, ParseOptions::default()) {
            Ok(back) => back,
            Err(error) => {
                return Err(Finding::NoReadBack {
                    line,
                    format: f,
                    printed,
                    error,
                })
            }
        };
        if &back != board {
            return Err(Finding::ReadsBackOther {
                line,
                format: f,
                printed,
                back: format::to_line(&back),
            });
        }
    }
    let _ = format::common_code(board);
    let _ = (board.legal_slides(), board.is_solved());
    SOLVER.with_borrow_mut(|solver| {
        for metric in [Metric::Slide, Metric::Step, Metric::Piece] {
            for &algorithm in Algorithm::ALL {
                let options = SolveOptions {
                    metric,
                    control: control(),
                    algorithm,
                    ..SolveOptions::default()
                };
                let Ok(report) = solver.solve(board, &options) else {
                    continue;
                };
                serde_json::to_string(&SolveJson::new(board, &report))?;
                if report.verdict == Verdict::Solved {
                    let states =
                        replay(board, &report.moves).map_err(|error| Finding::NoReplay {
                            line: line.clone(),
                            metric,
                            algorithm,
                            error,
                        })?;
                    if !states.last().is_some_and(Board::is_solved) {
                        return Err(Finding::NoGoal {
                            line,
                            metric,
                            algorithm,
                        });
                    }
                }
            }
            if let Ok(analysis) = solver.analyze(board, metric, &control()) {
                serde_json::to_string(&AnalyzeJson::new(board, &analysis))?;
            }
        }
        Ok(())
    })
}

/// Image bytes through the scanner and the debug picture: whatever is read
/// is a valid 6×6 board with a confidence from 0 to 1, and the debug picture
/// of anything decodable is a PNG.
pub fn image(bytes: &[u8]) -> Result<(), Finding> {
    if let Ok(scan) = unblocker_scan::scan(bytes) {
        if !(0.0..=1.0).contains(&scan.confidence) {
            return Err(Finding::Confidence(scan.confidence));
        }
        if (scan.board.width(), scan.board.height()) != (6, 6) {
            return Err(Finding::ScanSize {
                width: scan.board.width(),
                height: scan.board.height(),
            });
        }
        serde_json::to_string(&scan.json())?;
    }
    if let Ok(png) = unblocker_scan::debug_overlay(bytes) {
        if !png.starts_with(b"\x89PNG") {
            return Err(Finding::DebugNotPng);
        }
    }
    Ok(())
}
