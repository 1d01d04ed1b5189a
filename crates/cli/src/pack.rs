//! The puzzles of `unblocker render --pack`: chosen from the database (or
//! its embedded sample) by difficulty, easiest first, and solved for the
//! answer pages; `unblocker_render::pack` draws what it is given.

use unblocker_db::{Database, Filter};
use unblocker_model::format::{self, ParseOptions};
use unblocker_model::Metric;
use unblocker_render::pack::PackPuzzle;
use unblocker_solve::memory::MemoryBudget;
use unblocker_solve::{Algorithm, SolveOptions, Solver, Verdict};

/// Which puzzles a pack takes.
#[derive(Clone, Debug)]
pub struct Selection {
    pub count: u32,
    pub min_moves: u32,
    pub max_moves: u32,
    /// Exactly this many walls, or any number.
    pub walls: Option<u32>,
}

/// `selection.count` puzzles spread evenly over the selected range, easiest
/// first: up to `count` of each move count are listed (in the database's
/// order), and every k-th of that list is taken. Each is solved (slides,
/// breadth-first) for the answer pages.
pub fn select(db: &Database, selection: &Selection) -> Result<Vec<PackPuzzle>, String> {
    let mut pool = Vec::new();
    for moves in selection.min_moves..=selection.max_moves {
        let filter = Filter {
            min_moves: Some(moves),
            max_moves: Some(moves),
            walls: selection.walls,
            limit: Some(selection.count as u64),
            ..Filter::default()
        };
        pool.extend(db.query(&filter).map_err(|e| e.to_string())?);
    }
    if pool.is_empty() {
        let walls = selection
            .walls
            .map_or(String::new(), |w| format!(", {w} walls"));
        return Err(format!(
            "no puzzles in the database match: {}–{} moves{walls}",
            selection.min_moves, selection.max_moves
        ));
    }
    let count = (selection.count as usize).min(pool.len());
    let budget = MemoryBudget::for_searches(None);
    let options = SolveOptions::new(Metric::Slide, Algorithm::Bfs, None, None, None, &budget)
        .map_err(|e| e.to_string())?;
    let mut solver = Solver::new();
    (0..count)
        .map(|i| {
            let record = &pool[if count == 1 {
                0
            } else {
                i * (pool.len() - 1) / (count - 1)
            }];
            let board = format::parse(&record.board, ParseOptions::default()).map_err(|e| {
                format!("puzzle {} of the database does not read: {e}", record.board)
            })?;
            let report = solver.solve(&board, &options).map_err(|e| e.to_string())?;
            if report.verdict != Verdict::Solved {
                return Err(format!("{} has no solution", record.board));
            }
            Ok(PackPuzzle {
                board,
                moves: report.moves,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pack_spreads_its_puzzles_over_the_range_easiest_first() {
        let db = Database::sample().unwrap();
        let selection = Selection {
            count: 8,
            min_moves: 5,
            max_moves: 20,
            walls: Some(0),
        };
        let puzzles = select(&db, &selection).unwrap();
        let lengths: Vec<usize> = puzzles.iter().map(|p| p.moves.len()).collect();
        assert_eq!(lengths.len(), 8);
        assert!(lengths.windows(2).all(|w| w[0] <= w[1]), "{lengths:?}");
        assert!(lengths[0] >= 5 && lengths[7] <= 20, "{lengths:?}");
        assert!(puzzles.iter().all(|p| p.board.walls().is_empty()));
        let none = Selection {
            min_moves: 70,
            max_moves: 80,
            ..selection
        };
        let error = select(&db, &none).err().unwrap();
        assert_eq!(
            error,
            "no puzzles in the database match: 70–80 moves, 0 walls"
        );
    }
}
