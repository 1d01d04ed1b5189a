//! The move tables of a Rush Hour space, built once per board: for each line
//! (a row with horizontal cars or a column with vertical cars), every
//! `(arrangement, crossing cells)` pair's moves as key deltas, laid out as
//! expansion reads them.

use crate::line::reach;

/// The most moves one line's cars can have in one position: a car reaches
/// each free cell between it and the next car (or the line's end), so a
/// free cell gives at most two moves (one for the car on each side of it);
/// an 8-cell line with its cars 2 long has at most 8 moves.
pub(super) const MAX_STRIDE: usize = 8;

/// One move in a line's table as two numbers added to a position's: the
/// key change and the cells it slides (in `RushSpace::moves`, added to
/// `[key, 0]`) or the key change and the dense index change (in
/// `RushSpace::index_moves`, added to `[key, index]`).
pub(super) type LineMove = [i64; 2];

/// A row with horizontal cars or a column with vertical cars.
#[derive(Clone, Debug)]
pub(super) struct Line {
    pub(super) horizontal: bool,
    /// Cells in the line.
    pub(super) len: usize,
    /// Where the line's field starts in the key.
    pub(super) key_shift: u32,
    /// The line's weight in the dense index: the product of the earlier
    /// lines' arrangement counts.
    pub(super) index_stride: u64,
    /// Where the line's cells start in the bitboard of its own orientation
    /// (row-major for rows, column-major for columns).
    pub(super) cell_shift: u32,
    /// The line's cars (indices into the board's pieces), in line order.
    pub(super) cars: Vec<usize>,
    /// Each arrangement's car offsets, in line order.
    pub(super) offsets: Vec<Vec<u8>>,
    /// Each arrangement's cells in the row-major and column-major bitboards.
    pub(super) cells: Vec<u64>,
    pub(super) cells_t: Vec<u64>,
}

/// The moves of one `(arrangement, crossing cells)` pair: where they start
/// in `RushSpace::moves`, how many there are, and how many of them are
/// one-cell steps (those come first).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct MoveRun {
    pub(super) start: u32,
    pub(super) all: u8,
    pub(super) steps: u8,
}

/// What expanding a position needs of one line, in one flat record.
#[derive(Clone, Debug)]
pub(super) struct HotLine {
    pub(super) key_shift: u32,
    pub(super) cell_shift: u32,
    /// The line's cells at the bottom of a bitboard: `len` ones.
    pub(super) cell_mask: u64,
    /// Each field value's cells in the bitboard of the lines it crosses;
    /// zero past the line's arrangements (keys never hold those).
    pub(super) crossing_cells: [u64; 16],
    /// For each field value, where its runs start in `RushSpace::runs`
    /// (one run for each crossing cells); values past the line's last
    /// arrangement, which keys of the space never hold, read the last
    /// arrangement's runs so that any key stays inside the table.
    pub(super) run_base: [u32; 16],
}

/// Appends a line's `arrangements << len` runs (one per arrangement and
/// crossing cells; empty for crossings that overlap its cars) and their
/// moves; returns the most moves of one run.
pub(super) fn build_runs(
    line: &Line,
    pieces: &[unblocker_model::Piece],
    runs: &mut Vec<MoveRun>,
    moves: &mut Vec<LineMove>,
    index_moves: &mut Vec<LineMove>,
) -> usize {
    let lengths: Vec<usize> = line
        .cars
        .iter()
        .map(|&i| pieces[i].width.max(pieces[i].height) as usize)
        .collect();
    // Arrangements packed 4 bits a car, first car highest: the generator
    // lists them in lexicographic order, so the packed values are sorted and
    // the arrangement a move leads to is found by binary search (once per
    // arrangement, car and distance; the crossings reuse it).
    let cars = lengths.len();
    let packed: Vec<i64> = line
        .offsets
        .iter()
        .map(|o| o.iter().fold(0i64, |acc, &off| acc << 4 | off as i64))
        .collect();
    let distances = 2 * line.len + 1;
    let mut after = vec![usize::MAX; packed.len() * cars * distances];
    let mut arrangement_after = |a: usize, slot: usize, d: i32| -> usize {
        let memo = &mut after[(a * cars + slot) * distances + (d + line.len as i32) as usize];
        if *memo == usize::MAX {
            let moved = packed[a] + ((d as i64) << (4 * (cars - 1 - slot)));
            *memo = packed
                .binary_search(&moved)
                .expect("a legal move keeps the cars in order");
        }
        *memo
    };
    let all_cells = (1u64 << line.len) - 1;
    let first_run = runs.len();
    runs.resize(
        first_run + (line.offsets.len() << line.len),
        MoveRun::default(),
    );
    let (mut steps, mut longer) = (Vec::new(), Vec::new());
    let mut most = 0;
    for (a, arrangement) in line.offsets.iter().enumerate() {
        let own = arrangement
            .iter()
            .zip(&lengths)
            .fold(0, |acc, (&off, &len)| acc | ((1u64 << len) - 1) << off);
        // Crossing cars never overlap the line's own cars: only the subsets
        // of the free cells get moves (the other runs stay empty).
        let free_cells = all_cells & !own;
        let mut crossing = 0u64;
        loop {
            steps.clear();
            longer.clear();
            let taken = crossing | own;
            for (slot, &len) in lengths.iter().enumerate() {
                let o = arrangement[slot] as usize;
                let mut push = |d: i32| {
                    let b = arrangement_after(a, slot, d);
                    let change = b as i64 - a as i64;
                    let delta = change << line.key_shift;
                    // Meaningful only while the index bound fits (see
                    // `MAX_INDEX_BOUND`).
                    let index_delta = change.wrapping_mul(line.index_stride as i64);
                    let both = ([delta, d.abs() as i64], [delta, index_delta]);
                    if d.abs() == 1 {
                        steps.push(both);
                    } else {
                        longer.push(both);
                    }
                };
                let (back, forth) = reach(o, len, taken, line.len);
                for d in 1..=forth {
                    push(d as i32);
                }
                for d in 1..=back {
                    push(-(d as i32));
                }
            }
            let start = moves.len() as u32;
            for &(m, index_move) in steps.iter().chain(&longer) {
                moves.push(m);
                index_moves.push(index_move);
            }
            let count = steps.len() + longer.len();
            most = most.max(count);
            runs[first_run + (a << line.len | crossing as usize)] = MoveRun {
                start,
                all: count as u8,
                steps: steps.len() as u8,
            };
            if crossing == free_cells {
                break;
            }
            // The next subset of the free cells, in increasing order.
            crossing = crossing.wrapping_sub(free_cells) & free_cells;
        }
    }
    most
}
