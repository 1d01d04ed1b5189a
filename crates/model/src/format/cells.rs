//! Turning a rectangle of characters into a [`Board`]: shared by the
//! one-line, rows and framed-grid readers.

use super::ParseOptions;
use crate::goal::{Exit, Goal, Side};
use crate::label::is_piece_letter;
use crate::{Board, BoardError, Game, Mobility, Piece, MAX_SIDE};

/// The exit named by a one-line suffix or a frame gap; without an index the
/// exit sits on the target's own line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ExitSpec {
    pub side: Side,
    pub index: Option<u8>,
}

/// Builds a board from rows of characters (`o`/`.` empty, `x` wall, letters
/// pieces, `A` the target).
pub(crate) fn board_from_rows(
    rows: &[Vec<char>],
    exit: Option<ExitSpec>,
    options: ParseOptions,
) -> Result<Board, BoardError> {
    let height = rows.len();
    let width = rows.first().map_or(0, Vec::len);
    if height == 0 || width == 0 || height > MAX_SIDE || width > MAX_SIDE {
        return Err(BoardError::BadSize { width, height });
    }
    for (r, row) in rows.iter().enumerate() {
        if row.len() != width {
            return Err(BoardError::RaggedRow {
                row: r,
                found: row.len(),
                expected: width,
            });
        }
    }

    // Group cells by letter, in order of first appearance.
    let mut walls = Vec::new();
    let mut letters: Vec<(char, Vec<(usize, usize)>)> = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        for (c, &ch) in row.iter().enumerate() {
            match ch {
                'o' | '.' => {}
                'x' => walls.push((r as u8, c as u8)),
                ch if is_piece_letter(ch) => match letters.iter_mut().find(|(l, _)| *l == ch) {
                    Some((_, cells)) => cells.push((r, c)),
                    None => letters.push((ch, vec![(r, c)])),
                },
                ch => return Err(BoardError::UnknownChar { ch, row: r, col: c }),
            }
        }
    }

    let shapes = letters
        .iter()
        .map(|(label, cells)| bounding_box(*label, cells))
        .collect::<Result<Vec<_>, _>>()?;
    let klotski = match options.game {
        Some(game) => game == Game::Klotski,
        None => {
            options.goal.is_some()
                || shapes
                    .iter()
                    .any(|s| s.filled && s.width > 1 && s.height > 1)
        }
    };
    for ((label, cells), shape) in letters.iter().zip(&shapes) {
        if !shape.filled {
            let (row, col) = first_off_line(cells);
            let label = *label;
            return Err(if klotski {
                BoardError::NotRectangle { label, row, col }
            } else {
                BoardError::NotStraight { label, row, col }
            });
        }
    }

    let target_at = letters
        .iter()
        .position(|(l, _)| *l == 'A')
        .ok_or(BoardError::NoTarget)?;
    let mut pieces: Vec<Piece> = Vec::with_capacity(shapes.len());
    pieces.push(shapes[target_at].piece(klotski));
    for (i, shape) in shapes.iter().enumerate() {
        if i != target_at {
            pieces.push(shape.piece(klotski));
        }
    }

    let goal = if klotski {
        if exit.is_some() {
            return Err(BoardError::Syntax(
                "Klotski boards take a goal cell (ROW,COL), not an exit side".into(),
            ));
        }
        let t = pieces[0];
        let (row, col) = options.goal.unwrap_or((
            (height - t.height as usize) as u8,
            ((width - t.width as usize) / 2) as u8,
        ));
        Goal::Place { row, col }
    } else {
        let target = pieces[0];
        let default = Board::default_exit(&target);
        Goal::Exit(match exit {
            None => default,
            Some(ExitSpec { side, index }) => Exit {
                side,
                index: index.unwrap_or(if side.is_horizontal() {
                    target.row
                } else {
                    target.col
                }),
            },
        })
    };
    Board::new(width, height, pieces, walls, goal)
}

struct Shape {
    row: usize,
    col: usize,
    width: usize,
    height: usize,
    filled: bool,
}

impl Shape {
    fn piece(&self, klotski: bool) -> Piece {
        let (row, col) = (self.row as u8, self.col as u8);
        if klotski {
            Piece::block(row, col, self.width as u8, self.height as u8)
        } else {
            // A 1×1 piece gets an axis here and is refused by Board::new.
            let horizontal = self.width > 1;
            let mut p = Piece::car(row, col, self.width.max(self.height) as u8, horizontal);
            if self.width == 1 && self.height == 1 {
                p.mobility = Mobility::Horizontal;
            }
            p
        }
    }
}

/// The bounding box of a letter's cells, which must be connected.
fn bounding_box(label: char, cells: &[(usize, usize)]) -> Result<Shape, BoardError> {
    let components = connected_components(cells);
    if components.len() > 1 {
        let (row1, col1) = components[0][0];
        let (row2, col2) = components[1][0];
        return Err(if label == 'A' {
            BoardError::TwoTargets {
                row1,
                col1,
                row2,
                col2,
            }
        } else {
            BoardError::LetterReused {
                label,
                row1,
                col1,
                row2,
                col2,
            }
        });
    }
    let row = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let col = cells.iter().map(|c| c.1).min().unwrap_or(0);
    let height = cells.iter().map(|c| c.0).max().unwrap_or(0) + 1 - row;
    let width = cells.iter().map(|c| c.1).max().unwrap_or(0) + 1 - col;
    Ok(Shape {
        row,
        col,
        width,
        height,
        filled: width * height == cells.len(),
    })
}

/// The first cell that is on neither the first cell's row nor its column.
fn first_off_line(cells: &[(usize, usize)]) -> (usize, usize) {
    let (r0, c0) = cells[0];
    let along_row = cells.get(1).is_some_and(|c| c.0 == r0);
    *cells
        .iter()
        .find(|&&(r, c)| if along_row { r != r0 } else { c != c0 })
        .unwrap_or(&cells[0])
}

/// Splits cells into 4-connected groups, each in row-major order.
fn connected_components(cells: &[(usize, usize)]) -> Vec<Vec<(usize, usize)>> {
    let mut seen = vec![false; cells.len()];
    let mut groups = Vec::new();
    for start in 0..cells.len() {
        if seen[start] {
            continue;
        }
        seen[start] = true;
        let mut group = vec![cells[start]];
        let mut i = 0;
        while i < group.len() {
            let (r, c) = group[i];
            for (j, &(r2, c2)) in cells.iter().enumerate() {
                if !seen[j] && r.abs_diff(r2) + c.abs_diff(c2) == 1 {
                    seen[j] = true;
                    group.push((r2, c2));
                }
            }
            i += 1;
        }
        group.sort_unstable();
        groups.push(group);
    }
    groups
}
