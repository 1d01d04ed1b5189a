//! The rank of a layout among its head's layouts, computed directly: the
//! enumeration fills cells in reading order and tries, at each free cell,
//! nothing, a 2×1, a 1×2 and a 1×1 in that order, so a layout's rank is the
//! sum, over its cells, of the number of completions of the choices it did
//! not take that come before the one it took.
//!
//! What a completion count depends on is small: the cell, which of it and
//! the next four cells are covered already (a 2×1 reaches four cells ahead,
//! a 1×2 one), and the empty cells so far (0, 1 or "enough": a layout needs
//! two). Those states, numbered as they are reached from each head's start,
//! form an automaton read one cell at a time: each transition carries the
//! completions it skips, so ranking is twenty reads of a table that stays
//! in the processor's cache, instead of a search through the 117 MB of
//! layouts.

use super::layouts::{CELLS, HEIGHT, SHAPES, WIDTH};
use std::collections::HashMap;

/// Cells ahead of the current one (itself included) that a state tracks.
const WINDOW: usize = 5;
/// Choices at a cell: nothing, then the code values of [`SHAPES`].
const CHOICES: usize = SHAPES.len() + 1;
/// A transition that leaves the layouts (overlap, off the board, or a
/// block on a covered cell).
const INVALID: u32 = u32::MAX;

/// Where the automaton is before cell `cell`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Fill {
    cell: usize,
    /// Cells `cell..cell + WINDOW` already covered (bit 0: `cell`).
    window: u32,
    /// Empty cells so far, at most 2.
    empties: u32,
}

/// One step of the automaton.
#[derive(Clone, Copy)]
struct Transition {
    next: u32,
    /// Layouts that come before this choice at this cell.
    before: u32,
}

/// The ranking automaton of every head.
pub(super) struct Ranker {
    /// Each head's start state.
    starts: Vec<u32>,
    transitions: Vec<[Transition; CHOICES]>,
    /// After the last cell: true where the layout has two empty cells.
    accepting: Vec<bool>,
}

/// The cells of a block of shape `SHAPES[value - 1]` with its corner at
/// `cell`, as a bit set relative to `cell` (bit 0: `cell`, bit `WIDTH`: the
/// cell below); `None` if it leaves the board.
pub(super) fn block(cell: usize, value: usize) -> Option<u32> {
    let (width, height) = SHAPES[value - 1];
    let (row, col) = (cell / WIDTH, cell % WIDTH);
    if row + height as usize > HEIGHT || col + width as usize > WIDTH {
        return None;
    }
    let mut block = 1;
    if height == 2 {
        block |= 1 << WIDTH;
    }
    if width == 2 {
        block |= 1 << 1;
    }
    Some(block)
}

/// The window after choice `value` (0 nothing, else `SHAPES[value - 1]`) on
/// the free cell `cell`, and the empty cells it adds; `None` if the block
/// leaves the board or overlaps.
fn place(cell: usize, window: u32, value: usize) -> Option<(u32, u32)> {
    if value == 0 {
        return Some((window | 1, 1));
    }
    let block = block(cell, value)?;
    (window & block == 0).then_some((window | block, 0))
}

/// The states of one head, numbered from `first`, and their transitions.
struct Builder {
    target: u32,
    ids: HashMap<Fill, u32>,
    fills: Vec<Fill>,
    completions: HashMap<Fill, u32>,
}

impl Builder {
    /// The state after the cell of `from` with `window` (its own bit set)
    /// and `added` empty cells.
    fn after(&self, from: Fill, window: u32, added: u32) -> Fill {
        let entering = (self.target >> (from.cell + WINDOW)) & 1;
        Fill {
            cell: from.cell + 1,
            window: window >> 1 | entering << (WINDOW - 1),
            empties: (from.empties + added).min(2),
        }
    }

    /// The states one choice away from `from`, in choice order (`None`
    /// where the choice is impossible).
    fn successors(&self, from: Fill) -> [Option<Fill>; CHOICES] {
        let mut next = [None; CHOICES];
        if from.window & 1 != 0 {
            next[0] = Some(self.after(from, from.window, 0));
        } else {
            for (value, next) in next.iter_mut().enumerate() {
                *next = place(from.cell, from.window, value)
                    .map(|(window, added)| self.after(from, window, added));
            }
        }
        next
    }

    /// How many layouts complete `from` (memoised).
    fn completions(&mut self, from: Fill) -> u32 {
        if from.cell == CELLS {
            return (from.empties >= 2) as u32;
        }
        if let Some(&n) = self.completions.get(&from) {
            return n;
        }
        let n = self
            .successors(from)
            .into_iter()
            .flatten()
            .map(|next| self.completions(next))
            .sum();
        self.completions.insert(from, n);
        n
    }

    fn id(&mut self, fill: Fill, first: u32) -> u32 {
        let next_id = first + self.fills.len() as u32;
        *self.ids.entry(fill).or_insert_with(|| {
            self.fills.push(fill);
            next_id
        })
    }
}

impl Ranker {
    /// The automata for targets covering `target_cells(head)` for each head.
    pub(super) fn new(heads: &[u8], target_cells: impl Fn(usize) -> u32) -> Ranker {
        let mut ranker = Ranker {
            starts: Vec::new(),
            transitions: Vec::new(),
            accepting: Vec::new(),
        };
        for &head in heads {
            let target = target_cells(head as usize);
            let mut builder = Builder {
                target,
                ids: HashMap::new(),
                fills: Vec::new(),
                completions: HashMap::new(),
            };
            let first = ranker.transitions.len() as u32;
            let start = Fill {
                cell: 0,
                window: target & ((1 << WINDOW) - 1),
                empties: 0,
            };
            ranker.starts.push(builder.id(start, first));
            let mut at = 0;
            while at < builder.fills.len() {
                let from = builder.fills[at];
                let mut row = [Transition {
                    next: INVALID,
                    before: 0,
                }; CHOICES];
                let mut before = 0;
                if from.cell < CELLS {
                    for (t, next) in row.iter_mut().zip(builder.successors(from)) {
                        if let Some(next) = next {
                            let count = builder.completions(next);
                            *t = Transition {
                                next: builder.id(next, first),
                                before,
                            };
                            before += count;
                        }
                    }
                }
                ranker.transitions.push(row);
                ranker
                    .accepting
                    .push(from.cell == CELLS && from.empties >= 2);
                at += 1;
            }
        }
        ranker
    }

    /// Head `h`'s state before the first cell.
    pub(super) fn start(&self, h: usize) -> u32 {
        self.starts[h]
    }

    /// Continues a walk that stands in `state` with `rank` before cell
    /// `from`: reads `value(cell)` for the remaining cells (0 where no block
    /// has its corner, including the target's cells; else the shape's code
    /// value) and returns the layout's rank among its head's layouts, if it
    /// is a valid layout. `record(cell, state, rank)` sees where the walk
    /// stands before each cell.
    #[inline(always)]
    pub(super) fn rank_from(
        &self,
        mut state: u32,
        mut rank: u32,
        from: usize,
        value: impl Fn(usize) -> usize,
        mut record: impl FnMut(usize, u32, u32),
    ) -> Option<u32> {
        for cell in from..CELLS {
            record(cell, state, rank);
            let t = *self.transitions[state as usize].get(value(cell))?;
            if t.next == INVALID {
                return None;
            }
            rank += t.before;
            state = t.next;
        }
        self.accepting[state as usize].then_some(rank)
    }
}
