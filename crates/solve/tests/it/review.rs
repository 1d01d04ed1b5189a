//! A game's review ([`Solver::review`]) against the solver's own answers:
//! every distance before and after a move is the optimum of a solve from
//! that position, every suggested move is one closer, and the marks follow.

use unblocker_model::random::Rng;
use unblocker_model::{moves_of, Board, Metric, Slide};
use unblocker_solve::{Control, Mark, ReviewError, SolveOptions, Solver};

fn puzzle(text: &str) -> Board {
    unblocker_model::puzzle::resolve(text, Default::default())
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .board
}

/// The optimum from `board` in `metric`, by a solve (`None`: unsolvable).
fn optimum(solver: &mut Solver, board: &Board, metric: Metric) -> Option<u32> {
    let options = SolveOptions {
        metric,
        ..SolveOptions::default()
    };
    solver.solve(board, &options).unwrap().length
}

/// A game as a player might play it: `wander` random legal slides from the
/// start (picked by `seed`), then an optimal solution from there (when
/// there is one).
fn game(solver: &mut Solver, start: &Board, wander: usize, seed: u64) -> Vec<Slide> {
    let mut rng = Rng::new(seed);
    let mut board = start.clone();
    let mut slides = Vec::new();
    for _ in 0..wander {
        let legal = board.legal_slides();
        let slide = legal[rng.below(legal.len())];
        board = board.apply(slide).unwrap();
        slides.push(slide);
    }
    let report = solver.solve(&board, &SolveOptions::default()).unwrap();
    slides.extend(report.moves.iter().flat_map(|m| m.slides()));
    slides
}

/// Reviews a game of `start` in `metric` and checks every figure against
/// the solver's answers; returns the number of moves checked.
fn check(text: &str, metric: Metric, wander: usize, seed: u64) -> usize {
    let start = puzzle(text);
    let mut solver = Solver::new();
    let played = moves_of(&game(&mut solver, &start, wander, seed), metric);
    let review = solver
        .review(&start, &played, metric, &Control::default())
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(review.moves.len(), played.len());
    assert_eq!(
        review.optimum,
        optimum(&mut solver, &start, metric),
        "{text}"
    );
    let mut board = start.clone();
    for (i, reviewed) in review.moves.iter().enumerate() {
        let what = format!("{text} {metric}, move {} ({})", i + 1, reviewed.played);
        assert_eq!(reviewed.played, played[i]);
        assert_eq!(
            reviewed.before,
            optimum(&mut solver, &board, metric),
            "{what}"
        );
        let before = board.clone();
        for slide in reviewed.played.slides() {
            board = board.apply(slide).unwrap();
        }
        assert_eq!(
            reviewed.after,
            optimum(&mut solver, &board, metric),
            "{what}"
        );
        let mark = reviewed.mark().expect("a solvable puzzle");
        let closer = reviewed.before.unwrap().checked_sub(1);
        assert_eq!(mark == Mark::Optimal, reviewed.after == closer, "{what}");
        // Where the move was not optimal, the suggestion is, from the same position.
        match (&reviewed.better, mark) {
            (None, Mark::Optimal) => {}
            (None, _) => assert_eq!(reviewed.before, Some(0), "{what}: no suggestion"),
            (Some(_), Mark::Optimal) => panic!("{what}: a suggestion for an optimal move"),
            (Some(better), _) => {
                let mut there = before.clone();
                for slide in better.slides() {
                    there = there.apply(slide).unwrap();
                }
                let moved = better.slides().count();
                assert!(metric == Metric::Piece || moved == 1, "{what}: {better}");
                assert_eq!(
                    optimum(&mut solver, &there, metric),
                    closer,
                    "{what}: {better}"
                );
            }
        }
    }
    let first = review
        .moves
        .iter()
        .position(|m| m.mark() != Some(Mark::Optimal));
    assert_eq!(review.first_wasted(), first, "{text}");
    played.len()
}

#[test]
fn rush_hour_games_are_reviewed_by_the_solvers_distances() {
    let mut checked = 0;
    for (text, seed) in [("card1", 1), ("card12", 2), ("card40", 3), ("hardest", 4)] {
        checked += check(text, Metric::Slide, 12, seed);
    }
    checked += check("card5", Metric::Step, 8, 5);
    checked += check("card5", Metric::Piece, 8, 6);
    assert!(checked > 150, "{checked} moves checked");
}

#[test]
fn klotski_games_are_reviewed_by_the_solvers_distances() {
    let checked = check("横刀立马", Metric::Piece, 10, 8)
        + check("pennant", Metric::Slide, 10, 9)
        + check("前呼后拥", Metric::Step, 6, 10);
    assert!(checked > 150, "{checked} moves checked");
}

#[test]
fn an_optimal_game_has_no_wasted_move_and_a_wasted_one_is_found() {
    let start = puzzle("card1");
    let mut solver = Solver::new();
    let solution = solver
        .solve(&start, &SolveOptions::default())
        .unwrap()
        .moves;
    let control = Control::default();
    let review = solver
        .review(&start, &solution, Metric::Slide, &control)
        .unwrap();
    assert_eq!(review.first_wasted(), None);
    let distances: Vec<u32> = review.moves.iter().map(|m| m.after.unwrap()).collect();
    assert_eq!(distances, (0..8).rev().collect::<Vec<u32>>());
    // The same with one move and its undoing inserted after the third.
    let mut detour = solution.clone();
    let back = unblocker_model::Move {
        piece: detour[3].piece,
        path: vec![(detour[3].path[0].0.opposite(), detour[3].path[0].1)],
    };
    detour.splice(3..4, [detour[3].clone(), back, detour[3].clone()]);
    let review = solver
        .review(&start, &detour, Metric::Slide, &control)
        .unwrap();
    assert_eq!(review.first_wasted(), Some(4));
    assert_eq!(review.moves[4].mark(), Some(Mark::Backward));
    assert_eq!(
        (review.moves[4].before, review.moves[4].after),
        (Some(4), Some(5))
    );
}

#[test]
fn an_illegal_move_is_named() {
    let start = puzzle("card1");
    let played = moves_of(
        &[Slide {
            piece: 0,
            direction: unblocker_model::Direction::Right,
            distance: 1,
        }],
        Metric::Slide,
    );
    let error = Solver::new()
        .review(&start, &played, Metric::Slide, &Control::default())
        .unwrap_err();
    assert!(matches!(error, ReviewError::Illegal { number: 1, .. }));
    assert!(
        error
            .to_string()
            .starts_with("move 1 (A right 1) cannot be played: "),
        "{error}"
    );
}
