//! `solve --play`: step through a solution in the terminal.

use std::io::{BufRead, Write};
use unblocker_model::Board;
use unblocker_solve::text::PlayText;
use unblocker_solve::{replay, Report};

pub fn run(start: &Board, report: &Report, color: bool) -> Result<u8, String> {
    let boards = replay(start, &report.moves).map_err(|e| e.to_string())?;
    let total = report.moves.len();
    let mut at = 0usize;
    let mut lines = std::io::stdin().lock().lines();
    loop {
        let stop = PlayText {
            boards: &boards,
            report,
            at,
            color,
        };
        print!("{stop}");
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
