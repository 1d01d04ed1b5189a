//! The puzzles of `unblocker render --pack`: chosen from the database (or
//! its embedded sample) by difficulty, easiest first, and solved for the
//! answer pages; `unblocker_render::pack` draws what it is given.

use unblocker_db::{Database, Filter};
use unblocker_model::format::{self, ParseOptions};
use unblocker_model::{Difficulty, Metric};
use unblocker_render::pack::PackPuzzle;
use unblocker_solve::memory::MemoryBudget;
use unblocker_solve::{Algorithm, SolveOptions, Solver, Verdict};

/// `count` puzzles of `difficulty` spread evenly over its range, easiest
/// first: up to `count` of each move count are listed (in the database's
/// order), and every k-th of that list is taken. Each is solved (slides,
/// breadth-first) for the answer pages.
pub fn select(
    db: &Database,
    count: u32,
    difficulty: &Difficulty,
) -> Result<Vec<PackPuzzle>, String> {
    let mut pool = Vec::new();
    for moves in difficulty.min_moves..=difficulty.max_moves {
        let filter = Filter {
            difficulty: Difficulty {
                min_moves: moves,
                max_moves: moves,
                ..*difficulty
            },
            limit: Some(count as u64),
            ..Filter::default()
        };
        pool.extend(db.query(&filter).map_err(|e| e.to_string())?);
    }
    if pool.is_empty() {
        return Err(format!("no puzzles of {difficulty} in the database"));
    }
    let count = (count as usize).min(pool.len());
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
        let difficulty = Difficulty::new(5, 20, Some(0)).unwrap();
        let puzzles = select(&db, 8, &difficulty).unwrap();
        let lengths: Vec<usize> = puzzles.iter().map(|p| p.moves.len()).collect();
        assert_eq!(lengths.len(), 8);
        assert!(lengths.windows(2).all(|w| w[0] <= w[1]), "{lengths:?}");
        assert!(lengths[0] >= 5 && lengths[7] <= 20, "{lengths:?}");
        assert!(puzzles.iter().all(|p| p.board.walls().is_empty()));
        let none = Difficulty::new(70, 80, Some(0)).unwrap();
        let error = select(&db, 8, &none).err().unwrap();
        assert_eq!(
            error,
            "no puzzles of 70 to 80 moves and 0 walls in the database"
        );
    }
}
