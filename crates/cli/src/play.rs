//! `solve --play`: step through a solution in the terminal, a key a move.

use std::fmt::{self, Display, Formatter};
use std::io::{BufRead, Write};
use unblocker_model::drawing::draw;
use unblocker_model::{replay, Board};
use unblocker_solve::Report;

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

/// One stop of a solution played move by move: the title (the start, or
/// the move just made), the board `at` that many moves with the moved piece
/// marked, and `Solved!` at the end.
pub struct PlayText<'a> {
    /// The boards of the solution, the start first ([`replay`]).
    pub boards: &'a [Board],
    pub report: &'a Report,
    pub at: usize,
    /// Draw in ANSI colours.
    pub color: bool,
}

impl PlayText<'_> {
    /// Takes a line the player typed: `q` quits, `b` goes back a move, and
    /// anything else goes on to the next move, or ends the play after the
    /// last. False when the play is over.
    pub fn key(&mut self, line: &str) -> bool {
        match line.trim() {
            "q" | "Q" => false,
            "b" | "B" => {
                self.at = self.at.saturating_sub(1);
                true
            }
            _ if self.at < self.report.moves.len() => {
                self.at += 1;
                true
            }
            _ => false,
        }
    }
}

impl Display for PlayText<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let (moves, at) = (&self.report.moves, self.at);
        let total = moves.len();
        let last = at.checked_sub(1);
        match last {
            None => writeln!(f, "\nStart ({total} moves to go)")?,
            Some(last) => writeln!(f, "\nMove {at}/{total}: {}", moves[last])?,
        }
        let moved = last.map(|i| moves[i].piece as usize);
        write!(f, "{}", draw(&self.boards[at], moved, self.color, "  "))?;
        if at == total {
            writeln!(f, "Solved!")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use unblocker_model::format;
    use unblocker_solve::{SolveOptions, Solver};

    #[test]
    fn play_keys_step_back_and_forth_and_end_after_the_last_move() {
        let board = format::parse("BBoooCDooEoCDAAEoCDooEooFoooGGFoHHHo", Default::default());
        let board = board.unwrap();
        let report = Solver::new()
            .solve(&board, &SolveOptions::default())
            .unwrap();
        let boards = replay(&board, &report.moves).unwrap();
        let mut play = PlayText {
            boards: &boards,
            report: &report,
            at: 0,
            color: false,
        };
        assert!(play.key("b"));
        assert_eq!(play.at, 0);
        assert!(play.key(""));
        assert!(play.key("\n"));
        assert!(play.key(" B "));
        assert_eq!(play.at, 1);
        while play.at < report.moves.len() {
            assert!(play.key("next"));
        }
        assert!(!play.key(""));
        play.at = 1;
        assert!(!play.key("q"));
    }
}
