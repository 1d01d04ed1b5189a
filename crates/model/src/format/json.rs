//! JSON boards, for machines.
//!
//! ```json
//! {"width": 6, "height": 6,
//!  "pieces": [{"label": "A", "row": 2, "col": 0, "width": 2, "height": 1}],
//!  "walls": [[0, 3]],
//!  "exit": {"side": "right", "row": 2}}
//! ```
//! The target is the piece labelled `A` (or the first piece; a board without
//! pieces has no target and is refused). A Rush Hour
//! board has an `exit` (optional: the default exit of its target); a Klotski
//! board has a `goal` `{"row": 3, "col": 1}` instead, or `"game": "klotski"`.
//! `mobility` (`horizontal`, `vertical`, `free`) may be left out: it follows
//! from the shape and the game.

use super::ParseOptions;
use crate::goal::{Exit, Goal};
use crate::{label_of, Board, BoardError, Game, Mobility, Piece};
use serde::{Deserialize, Serialize};

/// The JSON shape of a board.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct BoardJson {
    #[serde(default)]
    pub game: Option<Game>,
    pub width: usize,
    pub height: usize,
    pub pieces: Vec<PieceJson>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub walls: Vec<(u8, u8)>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exit: Option<Exit>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub goal: Option<GoalCell>,
    /// The one-line form; written for convenience, ignored when read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<String>,
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct GoalCell {
    pub row: u8,
    pub col: u8,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PieceJson {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    pub row: u8,
    pub col: u8,
    pub width: u8,
    pub height: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mobility: Option<Mobility>,
}

impl BoardJson {
    pub fn from_board(board: &Board) -> BoardJson {
        let (exit, goal) = match board.goal() {
            Goal::Exit(e) => (Some(e), None),
            Goal::Place { row, col } => (None, Some(GoalCell { row, col })),
        };
        BoardJson {
            game: Some(board.game()),
            width: board.width(),
            height: board.height(),
            pieces: board
                .pieces()
                .iter()
                .enumerate()
                .map(|(i, p)| PieceJson {
                    label: Some(label_of(i).to_string()),
                    row: p.row,
                    col: p.col,
                    width: p.width,
                    height: p.height,
                    mobility: Some(p.mobility),
                })
                .collect(),
            walls: board.walls().to_vec(),
            exit,
            goal,
            line: Some(super::to_line(board)),
        }
    }

    pub fn to_board(&self, options: ParseOptions) -> Result<Board, BoardError> {
        if self.pieces.is_empty() {
            return Err(BoardError::NoTarget);
        }
        let game = options.game.or(self.game).unwrap_or(
            if self.goal.is_some() || options.goal.is_some() {
                Game::Klotski
            } else {
                Game::RushHour
            },
        );
        let mut targets = self
            .pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| p.label.as_deref() == Some("A"));
        let target_at = match (targets.next(), targets.next()) {
            (Some((_, p1)), Some((_, p2))) => {
                return Err(BoardError::TwoTargets {
                    row1: p1.row as usize,
                    col1: p1.col as usize,
                    row2: p2.row as usize,
                    col2: p2.col as usize,
                })
            }
            (Some((i, _)), None) => i,
            _ => 0,
        };
        let mut pieces = Vec::with_capacity(self.pieces.len());
        let order =
            std::iter::once(target_at).chain((0..self.pieces.len()).filter(|&i| i != target_at));
        for i in order {
            let p = &self.pieces[i];
            let mobility = p.mobility.unwrap_or(match game {
                Game::Klotski => Mobility::Free,
                Game::RushHour if p.height > p.width => Mobility::Vertical,
                Game::RushHour => Mobility::Horizontal,
            });
            pieces.push(Piece {
                row: p.row,
                col: p.col,
                width: p.width,
                height: p.height,
                mobility,
            });
        }
        let goal = match game {
            Game::Klotski => {
                let t = pieces[0];
                let (row, col) = options
                    .goal
                    .or(self.goal.map(|g| (g.row, g.col)))
                    .unwrap_or((
                        self.height.saturating_sub(t.height as usize) as u8,
                        (self.width.saturating_sub(t.width as usize) / 2) as u8,
                    ));
                Goal::Place { row, col }
            }
            Game::RushHour => {
                Goal::Exit(self.exit.unwrap_or_else(|| Board::default_exit(&pieces[0])))
            }
        };
        let mut walls = self.walls.clone();
        walls.sort_unstable();
        if let Some(w) = walls.windows(2).find(|w| w[0] == w[1]) {
            let (row, col) = w[0];
            return Err(BoardError::Syntax(format!(
                "the wall at row {row}, column {col} is listed more than once"
            )));
        }
        Board::new(self.width, self.height, pieces, walls, goal)
    }
}

pub(super) fn parse(text: &str, options: ParseOptions) -> Result<Board, BoardError> {
    let json: BoardJson = serde_json::from_str(text)
        .map_err(|e| BoardError::Syntax(format!("bad board JSON: {e}")))?;
    json.to_board(options)
}

pub(super) fn print(board: &Board) -> String {
    serde_json::to_string(&BoardJson::from_board(board)).expect("board JSON always serialises")
}
