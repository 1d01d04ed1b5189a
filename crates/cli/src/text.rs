//! The text answers of `unblocker solve` and `analyze`: the solution move by
//! move (with the board after each), the verdict, the algorithm and the
//! search statistics; the shape of a component. Each is a [`Display`]
//! value, so a terminal and a test read the same words.

use std::fmt::{self, Display, Formatter};
use unblocker_model::drawing::draw;
use unblocker_model::{format, replay, Board, Game, Metric};
use unblocker_solve::json::AnalyzeJson;
use unblocker_solve::{Algorithm, Report, Stats, Verdict};

/// A solve's answer: the puzzle drawn, the verdict, the moves (each with the
/// board after it when `boards`), the algorithm line and the statistics.
pub struct SolutionText<'a> {
    /// The puzzle's name, when it has one.
    pub name: Option<&'a str>,
    pub board: &'a Board,
    pub report: &'a Report,
    /// Draw the board after each move.
    pub boards: bool,
    /// Draw in ANSI colours.
    pub color: bool,
}

impl Display for SolutionText<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let SolutionText {
            name,
            board,
            report,
            boards,
            color,
        } = *self;
        let line = format::to_line(board);
        match name {
            Some(name) => writeln!(f, "Puzzle {name}: {line}")?,
            None => writeln!(f, "Puzzle {line}")?,
        }
        write!(f, "{}", draw(board, None, color, "  "))?;
        match &report.verdict {
            Verdict::Solved => {
                // The answer in the metric first, then the other count.
                let metric = report.metric;
                let other = match metric {
                    Metric::Step => format!("{} moves", report.moves.len()),
                    _ => format!("{} steps", report.steps),
                };
                let unit = format!(
                    "{} {} ({other})",
                    report.length.unwrap_or_default(),
                    metric.unit()
                );
                let optimal = match (report.optimal, report.algorithm, metric) {
                    (false, ..) => "not guaranteed optimal".to_string(),
                    (true, Algorithm::Bfs, Metric::Slide | Metric::Piece) => {
                        format!("optimal in {}, then fewest steps", metric.unit())
                    }
                    (true, ..) => format!("optimal in {}", metric.unit()),
                };
                writeln!(f, "\nSolved in {unit}: {optimal}.\n")?;
                let states = replay(board, &report.moves).expect("solver moves are legal");
                for (i, (m, after)) in report.moves.iter().zip(&states[1..]).enumerate() {
                    writeln!(f, "{:>3}. {m}", i + 1)?;
                    if boards {
                        write!(f, "{}", draw(after, Some(m.piece as usize), color, "     "))?;
                    }
                }
            }
            Verdict::Unsolvable => writeln!(
                f,
                "\nUnsolvable: all {} reachable positions were seen and none has the target at the {}.",
                report.stats.enqueued,
                match board.game() {
                    Game::RushHour => "exit",
                    Game::Klotski => "goal",
                }
            )?,
            Verdict::Stopped(reason) => writeln!(
                f,
                "\nNo answer: {reason} after {} positions (depth {}).",
                report.stats.examined,
                report.stats.per_level.last().map_or(0, |l| l.depth)
            )?,
        }
        writeln!(f)?;
        writeln!(f, "{}", algorithm_line(report))?;
        write!(f, "{}", StatsText(&report.stats))
    }
}

/// `Algorithm: astar (heuristic obstructed), optimal` and the like.
pub fn algorithm_line(report: &Report) -> String {
    let heuristic = report
        .heuristic
        .map_or(String::new(), |h| format!(" (heuristic {h})"));
    let optimal = if report.optimal {
        "optimal"
    } else {
        "not optimal: the solution may be longer than necessary"
    };
    format!("Algorithm: {}{heuristic}, {optimal}", report.algorithm)
}

/// The "Statistics" block: counts, memory, time, rate and the positions of
/// each level (the first and last rows only, for a deep search).
pub struct StatsText<'a>(pub &'a Stats);

impl Display for StatsText<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let stats = self.0;
        writeln!(f, "Statistics")?;
        writeln!(f, "  positions examined  {:>12}", stats.examined)?;
        writeln!(f, "  positions enqueued  {:>12}", stats.enqueued)?;
        writeln!(f, "  moves generated     {:>12}", stats.generated)?;
        writeln!(f, "  peak queue          {:>12}", stats.max_frontier)?;
        writeln!(
            f,
            "  memory              {:>9.1} MiB",
            stats.memory_bytes as f64 / (1 << 20) as f64
        )?;
        writeln!(f, "  time                {:>9.3} ms", stats.elapsed_ms)?;
        writeln!(
            f,
            "  rate                {:>9.2} M positions/s",
            stats.rate() / 1e6
        )?;
        writeln!(f, "  per level (depth: examined / enqueued)")?;
        let cells: Vec<String> = stats
            .per_level
            .iter()
            .map(|l| format!("{:>3}: {:>7} / {:<7}", l.depth, l.examined, l.enqueued))
            .collect();
        // Depth-first searches can go thousands of levels deep: show the ends.
        const SHOWN_ROWS: usize = 20;
        let rows: Vec<String> = cells.chunks(3).map(|row| row.join("   ")).collect();
        for (i, row) in rows.iter().enumerate() {
            if rows.len() <= SHOWN_ROWS || i < SHOWN_ROWS / 2 || i >= rows.len() - SHOWN_ROWS / 2 {
                writeln!(f, "    {row}")?;
            } else if i == SHOWN_ROWS / 2 {
                writeln!(f, "    … {} more rows …", rows.len() - SHOWN_ROWS)?;
            }
        }
        Ok(())
    }
}

/// An analysis in words: the component's size, goal positions, optimum,
/// farthest distance and hardest start, and a bar per distance.
pub struct AnalysisText<'a>(pub &'a AnalyzeJson);

impl Display for AnalysisText<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let json = self.0;
        let unit = json.metric.unit();
        let show = |v: Option<u32>| v.map_or("unsolvable".to_string(), |v| format!("{v} {unit}"));
        writeln!(f, "Puzzle            {}", json.puzzle)?;
        if let Some(code) = &json.common_code {
            writeln!(f, "CommonCode        {code}")?;
        }
        writeln!(f, "Reachable states  {}", json.reachable_states)?;
        writeln!(f, "Goal states       {}", json.goal_states)?;
        writeln!(f, "Optimum           {}", show(json.optimal_moves))?;
        writeln!(f, "Farthest          {}", show(json.farthest_moves))?;
        if let Some(b) = &json.farthest_board {
            writeln!(f, "Hardest start     {b}")?;
        }
        if !json.distance_histogram.is_empty() {
            writeln!(f, "Positions by distance to the goal:")?;
            let max = *json.distance_histogram.iter().max().unwrap_or(&1) as f64;
            for (d, &n) in json.distance_histogram.iter().enumerate() {
                let bar = "#".repeat(((n as f64 / max) * 40.0).ceil() as usize);
                writeln!(f, "  {d:>3} {n:>8} {bar}")?;
            }
        }
        writeln!(f, "Time              {:.2} ms", json.elapsed_ms)
    }
}
