//! `solve --play`: step through a solution in the terminal.

use std::io::{BufRead, Write};
use unblocker_batch::text::PlayText;
use unblocker_model::Board;
use unblocker_solve::{replay, Report};

pub fn run(start: &Board, report: &Report, color: bool) -> Result<u8, String> {
    let boards = replay(start, &report.moves).map_err(|e| e.to_string())?;
    let mut play = PlayText {
        boards: &boards,
        report,
        at: 0,
        color,
    };
    let mut lines = std::io::stdin().lock().lines();
    loop {
        print!("{play}");
        print!("[Enter] next  [b] back  [q] quit > ");
        std::io::stdout().flush().map_err(|e| e.to_string())?;
        let Some(line) = lines.next() else {
            println!();
            return Ok(0);
        };
        if !play.key(&line.map_err(|e| e.to_string())?) {
            return Ok(0);
        }
    }
}
