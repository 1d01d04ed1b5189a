//! `solve --play`: step through a solution in the terminal.

use std::io::{BufRead, Write};
use unblocker_model::drawing::draw;
use unblocker_model::Board;
use unblocker_solve::{replay, Report};

pub fn run(start: &Board, report: &Report, color: bool) -> Result<u8, String> {
    let boards = replay(start, &report.moves).map_err(|e| e.to_string())?;
    let total = report.moves.len();
    let mut at = 0usize;
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    loop {
        let title = match at {
            0 => format!("Start ({total} moves to go)"),
            _ => format!("Move {at}/{total}: {}", report.moves[at - 1]),
        };
        let moved = at.checked_sub(1).map(|i| report.moves[i].piece as usize);
        println!("\n{title}");
        print!("{}", draw(&boards[at], moved, color, "  "));
        if at == total {
            println!("Solved!");
        }
        print!("[Enter] next  [b] back  [q] quit > ");
        std::io::stdout().flush().map_err(|e| e.to_string())?;
        let Some(line) = lines.next() else {
            println!();
            return Ok(0);
        };
        match line.map_err(|e| e.to_string())?.trim() {
            "q" | "Q" => return Ok(0),
            "b" | "B" => at = at.saturating_sub(1),
            _ if at < total => at += 1,
            _ => return Ok(0),
        }
    }
}
