//! Reading the cells: what each cell of the lattice holds, whether two
//! neighbouring cells belong to one piece (a gap inside a piece is not dark),
//! and the pieces that the cells form.

use crate::locate::{Grid, SIDE};
use crate::marks::Lines;
use crate::raster::{Raster, Tone};
use crate::ScanError;

/// What the middle of a cell shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellKind {
    Empty,
    Wood,
    Red,
    Silver,
}

/// Brightness across a boundary, relative to the cells beside it, under which
/// the boundary is a gap between two pieces.
const GAP_RATIO: f32 = 0.82;

/// The same beside a drawn line that hides the gap: only the pieces' bevels
/// and shadows show there, lighter than a gap.
const HIDDEN_GAP_RATIO: f32 = 0.92;

/// Two cuts of hidden boundaries closer in cost than this are a toss-up:
/// the board is refused rather than guessed.
const AMBIGUOUS: f32 = 0.15;

/// When the best cut overrules the test beside the lines by more than this
/// per hidden boundary on average, that test saw little (thick lines over a
/// small picture): the cut is taken only if the next one is `WEAK_AMBIGUOUS`
/// behind.
const WEAK_EVIDENCE: f32 = 0.12;
const WEAK_AMBIGUOUS: f32 = 0.4;

/// A line across a boundary is as dark as this share of its pixels: a gap
/// darkens all of it, a digit drawn near the boundary part of it.
const LINE_QUANTILE: f32 = 0.85;

/// The brightness of a cell, for the gap test: that of this share of its
/// pixels (large digits drawn over it may cover half of it).
const CELL_QUANTILE: f32 = 0.75;

/// Share of red pixels that makes a cell part of the prisoner (a label or
/// drawn lines may cover the rest).
const RED_SHARE: f32 = 0.3;

/// The kinds of all cells, row by row, and how clear each decision was (0 to 1).
pub fn classify(raster: &Raster, grid: &Grid) -> ([[CellKind; SIDE]; SIDE], Vec<f32>) {
    let mut kinds = [[CellKind::Empty; SIDE]; SIDE];
    let mut margins = Vec::with_capacity(SIDE * SIDE);
    for (row, line) in kinds.iter_mut().enumerate() {
        for (col, kind) in line.iter_mut().enumerate() {
            let Some(r) = inner(raster, grid, row, col) else {
                margins.push(0.0);
                continue;
            };
            let t = raster.bright_tally(r);
            let red = t.share(Tone::Red);
            if red >= RED_SHARE {
                *kind = CellKind::Red;
                margins.push(((red - RED_SHARE) / RED_SHARE).min(1.0));
                continue;
            }
            let mut options = [
                (t.share(Tone::Floor), CellKind::Empty),
                (
                    t.share(Tone::Wood) + t.share(Tone::Other) * 0.5,
                    CellKind::Wood,
                ),
                (t.share(Tone::Silver), CellKind::Silver),
            ];
            options.sort_by(|a, b| b.0.total_cmp(&a.0));
            *kind = options[0].1;
            margins.push((options[0].0 - options[1].0).clamp(0.0, 1.0));
        }
    }
    (kinds, margins)
}

/// The middle half of a cell.
fn inner(raster: &Raster, grid: &Grid, row: usize, col: usize) -> Option<crate::raster::Rect> {
    let (x, y) = (col as f32, row as f32);
    raster.clip(
        grid.x(x + 0.25),
        grid.y(y + 0.25),
        grid.x(x + 0.75),
        grid.y(y + 0.75),
    )
}

/// Whether a dark gap separates cell (row, col) from its right neighbour
/// (`across == false`) or the one below (`across == true`), and how clear
/// that is (0 to 1).
pub fn gap(
    raster: &Raster,
    grid: &Grid,
    row: usize,
    col: usize,
    below: bool,
    threshold: f32,
) -> (bool, f32) {
    let (r2, c2) = if below {
        (row + 1, col)
    } else {
        (row, col + 1)
    };
    let cells = [inner(raster, grid, row, col), inner(raster, grid, r2, c2)];
    let [Some(a), Some(b)] = cells else {
        return (true, 0.0);
    };
    // The cells' brightness, as bright as three quarters of their pixels:
    // digits drawn over them are darker.
    let (Some(va), Some(vb)) = (
        raster.quantile_value(a, CELL_QUANTILE, 0.2),
        raster.quantile_value(b, CELL_QUANTILE, 0.2),
    ) else {
        return (false, 0.0);
    };
    let cell_value = va.min(vb).max(1.0);
    let p = grid.pitch;
    // A band across the boundary, over the middle 60% of its length; the
    // darkest line along the boundary within it.
    let darkest = if below {
        let boundary = grid.y((row + 1) as f32);
        let (x0, x1) = (grid.x(col as f32 + 0.2), grid.x(col as f32 + 0.8));
        band_lines(raster, boundary, p, |v0, v1| raster.clip(x0, v0, x1, v1))
    } else {
        let boundary = grid.x((col + 1) as f32);
        let (y0, y1) = (grid.y(row as f32 + 0.2), grid.y(row as f32 + 0.8));
        band_lines(raster, boundary, p, |v0, v1| raster.clip(v0, y0, v1, y1))
    };
    let ratio = darkest / cell_value;
    let margin = ((ratio - threshold).abs() / 0.15).min(1.0);
    (ratio < threshold, margin)
}

/// The darkest one-pixel line within ±20% of a pitch of `boundary`, judged
/// on its pixels clear of drawn marks (`f32::MAX` when marks cover it all).
fn band_lines(
    raster: &Raster,
    boundary: f32,
    pitch: f32,
    line: impl Fn(f32, f32) -> Option<crate::raster::Rect>,
) -> f32 {
    let reach = (pitch * 0.2).max(1.5);
    let mut darkest = f32::MAX;
    let mut v = (boundary - reach).floor();
    while v <= boundary + reach {
        if let Some(r) = line(v, v + 1.0) {
            // Lines mostly under drawn marks say nothing; a line is as dark
            // as most of it (a digit drawn over part of it does not count).
            if let Some(v) = raster.quantile_value(r, LINE_QUANTILE, 0.3) {
                darkest = darkest.min(v);
            }
        }
        v += 1.0;
    }
    darkest
}

/// A group of joined cells: the cells' bounding box and kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellGroup {
    pub row: usize,
    pub col: usize,
    pub height: usize,
    pub width: usize,
    pub kind: CellKind,
    /// False when the group's cells do not fill its box (a bent piece).
    pub straight: bool,
}

/// Joins the cells into pieces: red cells with red neighbours, wooden cells
/// with wooden neighbours when no gap parts them; silver cells stay single.
/// Where a drawn line hides the boundary between two wooden cells, the cut
/// is chosen with the pieces' rules (straight, 2 or 3 cells long), the
/// gap test beside the line breaking ties.
/// Returns the groups in order of their first cell and the gap margins.
pub fn join(
    raster: &Raster,
    grid: &Grid,
    kinds: &[[CellKind; SIDE]; SIDE],
    lines: &Lines,
) -> Result<(Vec<CellGroup>, Vec<f32>), ScanError> {
    let mut joins: Vec<(usize, usize)> = Vec::new();
    // Hidden boundaries: the two cells, whether the test beside the line
    // says gap, and how clearly.
    let mut hidden: Vec<(usize, usize, bool, f32)> = Vec::new();
    let mut margins = Vec::new();
    for row in 0..SIDE {
        for col in 0..SIDE {
            for below in [false, true] {
                let (r2, c2) = if below {
                    (row + 1, col)
                } else {
                    (row, col + 1)
                };
                if r2 >= SIDE || c2 >= SIDE || kinds[row][col] != kinds[r2][c2] {
                    continue;
                }
                let (a, b) = (row * SIDE + col, r2 * SIDE + c2);
                match kinds[row][col] {
                    CellKind::Red => joins.push((a, b)),
                    CellKind::Wood => {
                        let covered = if below {
                            lines.rows[row + 1]
                        } else {
                            lines.cols[col + 1]
                        };
                        let threshold = if covered { HIDDEN_GAP_RATIO } else { GAP_RATIO };
                        let (is_gap, margin) = gap(raster, grid, row, col, below, threshold);
                        if covered {
                            hidden.push((a, b, is_gap, margin));
                        } else {
                            margins.push(margin);
                            if !is_gap {
                                joins.push((a, b));
                            }
                        }
                    }
                    CellKind::Empty | CellKind::Silver => {}
                }
            }
        }
    }
    let Some(cut) = resolve(kinds, &joins, &hidden) else {
        return Err(ScanError::BadBoard(
            "the lines drawn over the board hide where its blocks meet".into(),
        ));
    };
    joins.extend(cut);
    let mut parent: Vec<usize> = (0..SIDE * SIDE).collect();
    for &(a, b) in &joins {
        unite(&mut parent, a, b);
    }
    Ok((groups_of(&mut parent, kinds), margins))
}

fn root(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

fn unite(parent: &mut [usize], a: usize, b: usize) {
    let (a, b) = (root(parent, a), root(parent, b));
    parent[a.max(b)] = a.min(b);
}

/// The hidden boundaries to join: the wooden cells are cut into straight
/// blocks of 2 or 3 cells that keep every boundary the gap test decided, and
/// of those cuts the one that overrules the test beside the lines least
/// (searched block by block, abandoning a partial cut as soon as it costs
/// more than the best found). The gap test alone when no cut is valid.
/// `None` when two cuts are about as good (the lines hide too much).
fn resolve(
    kinds: &[[CellKind; SIDE]; SIDE],
    joins: &[(usize, usize)],
    hidden: &[(usize, usize, bool, f32)],
) -> Option<Vec<(usize, usize)>> {
    if hidden.is_empty() {
        return Some(Vec::new());
    }
    let mut cuts = Cuts::new(kinds, joins, hidden);
    cuts.search(0, 0.0);
    let weak = |cost: f32| cost / hidden.len() as f32 > WEAK_EVIDENCE;
    match cuts.best {
        Some((cost, _)) if cuts.second - cost < AMBIGUOUS => None,
        Some((cost, _)) if weak(cost) && cuts.second - cost < WEAK_AMBIGUOUS => None,
        Some((_, blocks)) => Some({
            let mut out = Vec::new();
            for (c, step, len) in blocks {
                for i in 0..len - 1 {
                    let (a, b) = (c + i * step, c + (i + 1) * step);
                    if hidden.iter().any(|h| (h.0, h.1) == (a, b)) {
                        out.push((a, b));
                    }
                }
            }
            out
        }),
        None => Some(hidden.iter().filter(|h| !h.2).map(|h| (h.0, h.1)).collect()),
    }
}

/// A block of a cut: its first cell, the step to the next (1 or SIDE), its
/// length.
type Block = (usize, usize, usize);

/// The search for the cut of [`resolve`]: the boundaries between wooden
/// cells, the cut under way, and the best two found.
struct Cuts<'a> {
    kinds: &'a [[CellKind; SIDE]; SIDE],
    /// Right of (0) and below (1) each cell, between two wooden neighbours:
    /// `Some((joined, cost of overruling))` for every decided or hidden
    /// boundary; decided ones cannot be overruled.
    edge: Vec<[Option<(bool, f32)>; 2]>,
    covered: [bool; SIDE * SIDE],
    blocks: Vec<Block>,
    best: Option<(f32, Vec<Block>)>,
    /// The cost of the next best cut.
    second: f32,
    steps: u32,
}

impl<'a> Cuts<'a> {
    fn new(
        kinds: &'a [[CellKind; SIDE]; SIDE],
        joins: &[(usize, usize)],
        hidden: &[(usize, usize, bool, f32)],
    ) -> Cuts<'a> {
        let mut cuts = Cuts {
            kinds,
            edge: vec![[None; 2]; SIDE * SIDE],
            covered: [false; SIDE * SIDE],
            blocks: Vec::new(),
            best: None,
            second: f32::INFINITY,
            steps: 0,
        };
        for c in 0..SIDE * SIDE {
            for (d, n) in [(0, c + 1), (1, c + SIDE)] {
                let inside = if d == 0 {
                    c % SIDE + 1 < SIDE
                } else {
                    n < SIDE * SIDE
                };
                if inside && cuts.wood(c) && cuts.wood(n) {
                    cuts.edge[c][d] = Some((joins.contains(&(c, n)), f32::INFINITY));
                }
            }
        }
        for &(a, b, is_gap, margin) in hidden {
            let d = usize::from(b == a + SIDE);
            cuts.edge[a][d] = Some((!is_gap, margin + 0.01));
        }
        cuts
    }

    fn wood(&self, c: usize) -> bool {
        self.kinds[c / SIDE][c % SIDE] == CellKind::Wood
    }

    /// The cost of a boundary being joined (or not).
    fn cost(&self, a: usize, b: usize, joined: bool) -> f32 {
        let (a, b) = (a.min(b), a.max(b));
        let d = usize::from(b == a + SIDE);
        match self.edge[a][d] {
            Some((j, c)) if j != joined => c,
            _ => 0.0,
        }
    }

    /// What a block over `cells` overrules: its inner boundaries joined,
    /// and those with the wooden cells already covered kept apart.
    fn block_cost(&self, cells: &[usize]) -> f32 {
        let mut extra: f32 = cells.windows(2).map(|w| self.cost(w[0], w[1], true)).sum();
        for &x in cells {
            let around = [
                (x % SIDE > 0).then(|| x - 1),
                (x % SIDE + 1 < SIDE).then(|| x + 1),
                x.checked_sub(SIDE),
                (x + SIDE < SIDE * SIDE).then(|| x + SIDE),
            ];
            for n in around.into_iter().flatten() {
                if self.covered[n] && self.wood(n) {
                    extra += self.cost(x, n, false);
                }
            }
        }
        extra
    }

    /// Covers the wooden cells from `from` on with blocks, having `spent`
    /// so far, keeping the best two complete cuts (at most 200,000 steps).
    fn search(&mut self, from: usize, spent: f32) {
        self.steps += 1;
        if self.steps > 200_000 || spent >= self.second {
            return;
        }
        let Some(c) = (from..SIDE * SIDE).find(|&c| self.wood(c) && !self.covered[c]) else {
            match &self.best {
                Some(b) if b.0 <= spent => self.second = self.second.min(spent),
                _ => {
                    self.second = self.best.as_ref().map_or(f32::INFINITY, |b| b.0);
                    self.best = Some((spent, self.blocks.clone()));
                }
            }
            return;
        };
        for step in [1, SIDE] {
            for len in 2..=3 {
                let cells: Vec<usize> = (0..len).map(|i| c + i * step).collect();
                let fits = cells
                    .iter()
                    .all(|&x| x < SIDE * SIDE && self.wood(x) && !self.covered[x])
                    && (step == SIDE || c % SIDE + len <= SIDE);
                if !fits {
                    continue;
                }
                let extra = self.block_cost(&cells);
                if !extra.is_finite() {
                    continue;
                }
                cells.iter().for_each(|&x| self.covered[x] = true);
                self.blocks.push((c, step, len));
                self.search(c + 1, spent + extra);
                self.blocks.pop();
                cells.iter().for_each(|&x| self.covered[x] = false);
            }
        }
    }
}

/// The groups of cells under `parent`, in order of their first cell.
fn groups_of(parent: &mut [usize], kinds: &[[CellKind; SIDE]; SIDE]) -> Vec<CellGroup> {
    let mut groups: Vec<(usize, Vec<usize>)> = Vec::new();
    for i in 0..SIDE * SIDE {
        if kinds[i / SIDE][i % SIDE] == CellKind::Empty {
            continue;
        }
        let r = root(parent, i);
        match groups.iter_mut().find(|(g, _)| *g == r) {
            Some((_, cells)) => cells.push(i),
            None => groups.push((r, vec![i])),
        }
    }
    groups
        .into_iter()
        .map(|(_, cells)| {
            let rows = cells.iter().map(|i| i / SIDE);
            let cols = cells.iter().map(|i| i % SIDE);
            let (r0, r1) = (rows.clone().min().unwrap_or(0), rows.max().unwrap_or(0));
            let (c0, c1) = (cols.clone().min().unwrap_or(0), cols.max().unwrap_or(0));
            let (height, width) = (r1 + 1 - r0, c1 + 1 - c0);
            CellGroup {
                row: r0,
                col: c0,
                height,
                width,
                kind: kinds[cells[0] / SIDE][cells[0] % SIDE],
                straight: cells.len() == height * width && (height == 1 || width == 1),
            }
        })
        .collect()
}
