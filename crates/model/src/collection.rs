//! Puzzle-list files, one puzzle a row, as `unblocker batch` and the
//! algorithm study read them: each row's board and the file's own answers.
//!
//! Rows may be `MOVES BOARD CLUSTER` (fogleman/rush's database), a row of
//! `ground_truth.tsv` (`BOARD SLIDE STEP COMPONENT SOURCE`), a ThinkFun card
//! row (`CARD SLIDE STEP BOARD`), a FEUP row (`NAME SLIDE STEP COMPONENT
//! BOARD | …`), a row of Klotski's `classic.tsv` (`NAME GRID GOAL STEP
//! STRAIGHT PIECE REACHABLE`, tab-separated, the grid's rows separated by
//! `/`) or a bare board; `#` starts a comment. A COS402 jams file is read
//! whole. No I/O: the caller reads the file.

use crate::format::{self, ParseOptions};
use crate::puzzle::{parse_goal, PuzzleError};
use crate::{Board, BoardError, Metric};

/// An optimum a file gives: a number of moves, or `None` for unsolvable.
pub type Optimum = Option<u32>;

/// Answers a file gives for a puzzle (`None`: the file does not say).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Expected {
    pub slide: Option<Optimum>,
    pub step: Option<Optimum>,
    pub piece: Option<Optimum>,
    /// The number of states reachable from the board.
    pub component: Option<u64>,
}

impl Expected {
    /// Rush Hour answers: a car only goes straight, so a piece move is a
    /// slide.
    fn rush(slide: Option<u64>, step: Option<u64>, component: Option<u64>) -> Expected {
        let slide = slide.map(|v| Some(v as u32));
        Expected {
            slide,
            step: step.map(|v| Some(v as u32)),
            piece: slide,
            component,
        }
    }

    /// The optimum the file gives in `metric`, if it gives one.
    pub fn optimum(&self, metric: Metric) -> Option<Optimum> {
        match metric {
            Metric::Step => self.step,
            Metric::Slide => self.slide,
            Metric::Piece => self.piece,
        }
    }
}

/// One puzzle of a file.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// `line N` (1-based), a Klotski row's name, or a jams puzzle's name.
    pub label: String,
    /// The row's first field when it is not the board (a card number, a
    /// FEUP name, fogleman's move count); a Klotski row's name.
    pub name: Option<String>,
    pub board: Result<Board, EntryError>,
    pub expected: Expected,
}

/// Why a row gives no board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EntryError {
    #[error("no board in '{}'", crate::quote(.0))]
    NoBoard(String),
    #[error(transparent)]
    Board(#[from] BoardError),
    /// A Klotski row's goal that is not `ROW,COL`.
    #[error(transparent)]
    Goal(PuzzleError),
}

/// Every puzzle of a file's `text`, in file order. Only a jams file is
/// refused whole (its error); a bad row is an entry whose board is an error.
/// A Klotski row's goal gives way to `options.goal`.
pub fn read(text: &str, options: ParseOptions) -> Result<Vec<Entry>, BoardError> {
    if is_jams(text) {
        return read_jams(text);
    }
    let mut rows = Rows::new(options);
    Ok(text.lines().filter_map(|raw| rows.entry(raw)).collect())
}

/// Whether `text` (a file's start: its first three non-empty lines tell) is
/// a COS402 jams file, which is read whole rather than row by row.
pub fn is_jams(text: &str) -> bool {
    format::detect(text) == format::Format::Jams
}

/// Every puzzle of a jams file.
pub fn read_jams(text: &str) -> Result<Vec<Entry>, BoardError> {
    Ok(format::parse_jams(text)?
        .into_iter()
        .map(|(name, board)| Entry {
            label: name,
            name: None,
            board: Ok(board),
            expected: Expected::default(),
        })
        .collect())
}

/// A puzzle file read one row at a time (any format but jams), so that a
/// file of any length takes constant memory.
pub struct Rows {
    options: ParseOptions,
    /// The rows seen so far.
    line: usize,
}

impl Rows {
    pub fn new(options: ParseOptions) -> Rows {
        Rows { options, line: 0 }
    }

    /// The entry of the file's next row `raw` (without its line break), or
    /// `None` for a blank row, a comment or a header.
    pub fn entry(&mut self, raw: &str) -> Option<Entry> {
        self.line += 1;
        let line = raw.split(['#', '|']).next().unwrap_or("").trim();
        if line.is_empty() || line.starts_with("board36") || line.starts_with("name\t") {
            return None;
        }
        Some(
            klotski_row(line, self.options)
                .unwrap_or_else(|| row(self.line, raw, line, self.options)),
        )
    }
}

/// Which whitespace-separated field of a puzzle-file row is the board: the
/// first with an `A` (the target) that is long enough to be one.
fn board_field(fields: &[&str]) -> Option<usize> {
    fields.iter().position(|f| f.contains('A') && f.len() >= 4)
}

/// A Rush Hour row or a bare board, number `n`: `raw` as in the file,
/// `line` without its comment. Where the board is tells the format.
fn row(n: usize, raw: &str, line: &str, options: ParseOptions) -> Entry {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let label = format!("line {n}");
    let Some(p) = board_field(&fields) else {
        return Entry {
            label,
            name: None,
            board: Err(EntryError::NoBoard(line.to_string())),
            expected: Expected::default(),
        };
    };
    let num = |k: usize| fields.get(k).and_then(|f| f.parse::<u64>().ok());
    let expected = match p {
        // MOVES BOARD CLUSTER
        1 => Expected::rush(num(0), None, num(2)),
        // BOARD SLIDE STEP COMPONENT SOURCE, the component maybe empty
        0 => Expected::rush(
            num(1),
            num(2),
            num(3).filter(|_| raw.split('\t').nth(3).is_some_and(|c| !c.is_empty())),
        ),
        // CARD SLIDE STEP BOARD
        3 => Expected::rush(num(1), num(2), None),
        // NAME SLIDE STEP COMPONENT BOARD
        4 => Expected::rush(num(1), num(2), num(3)),
        _ => Expected::default(),
    };
    Entry {
        label,
        name: (p > 0).then(|| fields[0].to_string()),
        board: format::parse(fields[p], options).map_err(EntryError::Board),
        expected,
    }
}

/// A row of Klotski's `classic.tsv` (`NAME GRID GOAL STEP STRAIGHT PIECE
/// REACHABLE`, separated by tabs since names have spaces), known by the `/`
/// of its grid; an optimum may be `unsolvable`.
fn klotski_row(line: &str, options: ParseOptions) -> Option<Entry> {
    let fields: Vec<&str> = line.split('\t').map(str::trim).collect();
    if fields.len() < 3 || !fields[1].contains('/') {
        return None;
    }
    let optimum = |k: usize| match fields.get(k) {
        Some(&"unsolvable") => Some(None),
        Some(f) => f.parse().ok().map(Some),
        None => None,
    };
    let board = parse_goal(fields[2])
        .map_err(EntryError::Goal)
        .and_then(|goal| {
            let options = ParseOptions {
                goal: options.goal.or(Some(goal)),
                ..options
            };
            Ok(format::parse(fields[1], options)?)
        });
    Some(Entry {
        label: fields[0].to_string(),
        name: Some(fields[0].to_string()),
        board,
        expected: Expected {
            step: optimum(3),
            slide: optimum(4),
            piece: optimum(5),
            component: fields.get(6).and_then(|f| f.parse().ok()),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const CARD1: &str = "BBoooCDooEoCDAAEoCDooEooFoooGGFoHHHo";

    fn one(text: &str) -> Entry {
        let mut entries = read(text, ParseOptions::default()).unwrap();
        assert_eq!(entries.len(), 1, "{entries:?}");
        entries.remove(0)
    }

    fn board(text: &str) -> Board {
        format::parse(text, ParseOptions::default()).unwrap()
    }

    fn rush(slide: u32, step: Option<u32>, component: Option<u64>) -> Expected {
        Expected {
            slide: Some(Some(slide)),
            step: step.map(Some),
            piece: Some(Some(slide)),
            component,
        }
    }

    #[test]
    fn the_board_is_the_first_long_field_with_the_target() {
        assert_eq!(
            board_field(&["51", "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo", "4780"]),
            Some(1)
        );
        assert_eq!(board_field(&["A1", "name", "ooAAoo"]), Some(2));
        assert_eq!(board_field(&["12", "34"]), None);
    }

    #[test]
    fn a_fogleman_row_gives_moves_and_cluster() {
        let e = one("51 GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo 4780\n");
        assert_eq!(e.label, "line 1");
        assert_eq!(e.name.as_deref(), Some("51"));
        assert_eq!(e.board, Ok(board("GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo")));
        assert_eq!(e.expected, rush(51, None, Some(4780)));
    }

    #[test]
    fn a_ground_truth_row_gives_both_optima_and_a_component_if_any() {
        let text =
            format!("board36\tslide_opt\tstep_opt\tcomponent\tsource\n{CARD1}\t8\t16\t\tcard 1\n");
        let e = one(&text);
        assert_eq!(e.label, "line 2");
        assert_eq!(e.name, None);
        assert_eq!(e.board, Ok(board(CARD1)));
        assert_eq!(e.expected, rush(8, Some(16), None));
        let e = one(&format!("{CARD1}\t8\t16\t2000\tcard 1\n"));
        assert_eq!(e.expected, rush(8, Some(16), Some(2000)));
    }

    #[test]
    fn a_thinkfun_card_row_gives_both_optima() {
        let e = one(&format!("# card slide step board\n1 8 16 {CARD1}\n"));
        assert_eq!(e.label, "line 2");
        assert_eq!(e.name.as_deref(), Some("1"));
        assert_eq!(e.board, Ok(board(CARD1)));
        assert_eq!(e.expected, rush(8, Some(16), None));
    }

    #[test]
    fn a_feup_row_gives_optima_and_component_before_the_bar() {
        let e = one(&format!("easy-1 7 15 138 {CARD1} | 7/101 43/43\n"));
        assert_eq!(e.label, "line 1");
        assert_eq!(e.name.as_deref(), Some("easy-1"));
        assert_eq!(e.board, Ok(board(CARD1)));
        assert_eq!(e.expected, rush(7, Some(15), Some(138)));
    }

    #[test]
    fn a_klotski_row_gives_every_metric_and_its_goal() {
        let e = one(
            "name\tgrid\n横刀立马\tBAAC/BAAC/DEEF/DGHF/I..J\t3,1\t116\t90\tunsolvable\t25955\n",
        );
        assert_eq!(e.label, "横刀立马");
        assert_eq!(e.name.as_deref(), Some("横刀立马"));
        let options = ParseOptions {
            goal: Some((3, 1)),
            ..ParseOptions::default()
        };
        assert_eq!(
            e.board,
            Ok(format::parse("BAAC/BAAC/DEEF/DGHF/I..J", options).unwrap())
        );
        assert_eq!(
            e.expected,
            Expected {
                step: Some(Some(116)),
                slide: Some(Some(90)),
                piece: Some(None),
                component: Some(25955),
            }
        );
        assert_eq!(e.expected.optimum(Metric::Piece), Some(None));
        let e = one("x\tBAAC/BAAC/DEEF/DGHF/I..J\t3;1\n");
        assert_eq!(
            e.board,
            Err(EntryError::Goal(PuzzleError::BadGoal("3;1".into())))
        );
    }

    #[test]
    fn a_bare_board_gives_no_answers_and_a_row_without_one_is_an_error() {
        let e = one(&format!("{CARD1}  # card 1\n"));
        assert_eq!(e.label, "line 1");
        assert_eq!(e.board, Ok(board(CARD1)));
        assert_eq!(e.expected, Expected::default());
        let e = one("# nothing\nnothing here\n");
        assert_eq!(e.label, "line 2");
        assert_eq!(e.board, Err(EntryError::NoBoard("nothing here".into())));
        assert_eq!(
            e.board.unwrap_err().to_string(),
            "no board in 'nothing here'"
        );
    }

    #[test]
    fn a_jams_file_is_read_whole() {
        let text = "Jam-1\n6\n1 2 h 2\n.\n";
        let e = one(text);
        assert_eq!(e.label, "Jam-1");
        assert_eq!(e.name, None);
        assert_eq!(e.board, Ok(board("oooooooooooooAAooooooooooooooooooooo")));
        assert_eq!(e.expected, Expected::default());
        assert!(read("Jam-1\n6\n1 2 h 9\n.\n", ParseOptions::default()).is_err());
    }
}
