//! The Rush Hour generator: every interesting puzzle of a square board, as
//! fogleman/rush defines it.
//!
//! The work is split into *units*, one per choice of row classes (the cars
//! and walls of every row, in order). Moves never change a row's class, so a
//! unit's positions are closed under moves: a unit enumerates its goal
//! positions, explores the component of each one not seen yet, measures
//! every position's distance to the goal (a breadth-first search seeded by
//! all goal positions), and keeps the component's interesting puzzle: the
//! position at the largest distance that is smallest in fogleman/rush's order,
//! if it is *minimal* (removing any piece that its optimal solution never
//! moves lowers the optimum). Components without a goal position are never
//! visited; they are the unsolvable ones.
//!
//! The optimal solution whose pieces the minimality test looks at is the one
//! fogleman/rush's iterative-deepening solver returns: its search tries moves
//! in a fixed order and the first success is, level by level, the first move
//! that leads one step closer to the goal, which the distances give directly.

use crate::layout::Layout;
use crate::lines::{board_lines, Item, Line, LineKind};
use crate::Puzzle;
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// The row (from the top) of the target car, fogleman/rush's `PrimaryRow`:
/// row 2 on 5x5 and 6x6 boards and row 1 on 4x4 (the row that reproduces
/// his candidate counts, 1,349 on 4x4 and 268,109 on 5x5 without walls).
pub fn target_row(size: usize) -> usize {
    (size - 1) / 2
}

/// A fast hash for `u64` keys (murmur3's finaliser), whose low bits (the
/// table index) depend on every key bit.
#[derive(Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        let mut h = self.0;
        h = (h ^ (h >> 33)).wrapping_mul(0xFF51_AFD7_ED55_8CCD);
        h = (h ^ (h >> 33)).wrapping_mul(0xC4CE_B9FE_1A85_EC53);
        h ^ (h >> 33)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8 | b as u64).wrapping_mul(0x100_0000_01B3);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

type KeyMap<V> = HashMap<u64, V, BuildHasherDefault<KeyHasher>>;
type KeySet = HashSet<u64, BuildHasherDefault<KeyHasher>>;

/// What one unit produced.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct UnitOutput {
    pub puzzles: Vec<Puzzle>,
    /// Positions explored (the sizes of all solvable components).
    pub positions: u64,
    /// Solvable components found.
    pub components: u64,
}

/// The generator for one board size and wall limit.
pub struct Generator {
    size: usize,
    lines: Vec<Line>,
    /// Each unit's row classes (target row first).
    units: Vec<Vec<u32>>,
}

/// Why a generator cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GeneratorError {
    #[error("board size {0} is not supported (3 to 6)")]
    Size(usize),
}

impl Generator {
    pub fn new(size: usize, max_walls: usize) -> Result<Generator, GeneratorError> {
        if !(3..=6).contains(&size) {
            return Err(GeneratorError::Size(size));
        }
        let lines = board_lines(size, target_row(size), max_walls);
        let rows: Vec<&Line> = lines.iter().filter(|l| l.horizontal()).collect();
        let mut units = Vec::new();
        let mut choice = Vec::new();
        choose_rows(&rows, max_walls, &mut choice, &mut units);
        Ok(Generator { size, lines, units })
    }

    /// How many units the work is split into.
    pub fn units(&self) -> usize {
        self.units.len()
    }

    fn layout(&self, unit: usize) -> Layout<'_> {
        Layout::new(&self.lines, &self.units[unit]).expect("a 6x6 key fits 64 bits")
    }

    /// Runs one unit with the given scratch memory.
    pub fn run_unit(&self, unit: usize, scratch: &mut Scratch) -> UnitOutput {
        let layout = self.layout(unit);
        let mut output = UnitOutput::default();
        scratch.seen = fresh_if_large(std::mem::take(&mut scratch.seen));
        enumerate(&layout, true, &mut |key| {
            if scratch.seen.contains(&key) {
                return;
            }
            let component = scratch.explore(&layout, key);
            output.positions += component.size as u64;
            output.components += 1;
            if let Some(puzzle) = scratch.interesting(&layout, &component) {
                output.puzzles.push(puzzle);
            }
        });
        output
    }

    /// The unit that holds a board in fogleman/rush's one-line form (`o` or
    /// `.` empty, `x` wall, letters cars), if the board follows the rules.
    pub fn unit_of(&self, board: &str) -> Option<usize> {
        let size = self.size;
        let cells: Vec<char> = board.chars().collect();
        if cells.len() != size * size {
            return None;
        }
        // Each row's items, in order.
        let mut rows: Vec<Vec<Item>> = vec![Vec::new(); size];
        for (cell, &c) in cells.iter().enumerate() {
            let (r, col) = (cell / size, cell % size);
            let horizontal_car = c.is_ascii_uppercase()
                && ((col > 0 && cells[cell - 1] == c) || (col + 1 < size && cells[cell + 1] == c));
            let first_of_car = col == 0 || cells[cell - 1] != c;
            if c == 'x' || (horizontal_car && first_of_car) {
                let len = cells[cell..r * size + size]
                    .iter()
                    .take_while(|&&d| d == c)
                    .count();
                let len = if c == 'x' { 1 } else { len };
                rows[r].push(Item {
                    start: col as u8,
                    len: len as u8,
                    wall: c == 'x',
                });
            }
        }
        let row_lines = self.lines.iter().filter(|l| l.horizontal());
        let classes: Option<Vec<u32>> = row_lines
            .map(|line| {
                let state = line.state_of(&rows[line.index])?;
                Some(line.class_of[state as usize])
            })
            .collect();
        self.units.binary_search(&classes?).ok()
    }

    /// The number of fogleman/rush's candidate positions (no car can move
    /// left or up) in one unit: the count his enumerator reports.
    pub fn unit_candidates(&self, unit: usize) -> u64 {
        let layout = self.layout(unit);
        let mut count = 0;
        enumerate(&layout, false, &mut |key| {
            count += layout.is_packed(key) as u64;
        });
        count
    }
}

/// Every choice of one class per row with at most `max_walls` walls.
fn choose_rows(rows: &[&Line], max_walls: usize, choice: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
    let Some((row, rest)) = rows.split_first() else {
        out.push(choice.clone());
        return;
    };
    for (class, states) in row.classes.iter().enumerate() {
        let walls = row.items[states.start as usize]
            .iter()
            .filter(|i| i.wall)
            .count();
        if walls > max_walls {
            continue;
        }
        choice.push(class as u32);
        choose_rows(rest, max_walls - walls, choice, out);
        choice.pop();
    }
}

/// Calls `visit` with every position of the layout (only those with the
/// target at the goal when `goals_only`).
fn enumerate(layout: &Layout, goals_only: bool, visit: &mut dyn FnMut(u64)) {
    let lines = layout.lines();
    let mut states = vec![0u32; lines.len()];
    fn place(
        layout: &Layout,
        goals_only: bool,
        i: usize,
        occupied: u64,
        states: &mut Vec<u32>,
        visit: &mut dyn FnMut(u64),
    ) {
        let lines = layout.lines();
        if i == lines.len() {
            let key = layout.key(states);
            if !goals_only || layout.is_goal(key) {
                visit(key);
            }
            return;
        }
        for s in layout.field_states(i) {
            let cells = lines[i].cells[s as usize];
            if cells & occupied != 0 {
                continue;
            }
            if goals_only && lines[i].kind == LineKind::TargetRow {
                let target = lines[i].items[s as usize].last().expect("target");
                if (target.start + target.len) as usize != lines[i].size {
                    continue;
                }
            }
            states[i] = s;
            place(layout, goals_only, i + 1, occupied | cells, states, visit);
        }
    }
    place(layout, goals_only, 0, 0, &mut states, visit);
}

/// One explored component, its positions in `Scratch`.
pub struct Component {
    size: usize,
}

/// Search memory reused from one component to the next (one per thread).
#[derive(Default)]
pub struct Scratch {
    seen: KeySet,
    index: KeyMap<u32>,
    nodes: Vec<u64>,
    /// Neighbours of node `i`: `edges[edge_start[i]..edge_start[i + 1]]`.
    edge_start: Vec<u32>,
    edges: Vec<u32>,
    distance: Vec<u8>,
    queue: Vec<u32>,
    neighbours: Vec<u64>,
    frontier: Vec<u64>,
    next_frontier: Vec<u64>,
    visited: KeySet,
}

/// Distance of positions not yet reached.
const UNREACHED: u8 = u8::MAX;

impl Scratch {
    /// Explores the component of a goal position, marking its goal
    /// positions seen and measuring every position's distance to the goal.
    fn explore(&mut self, layout: &Layout, start: u64) -> Component {
        self.index = fresh_if_large(std::mem::take(&mut self.index));
        self.nodes.clear();
        self.edge_start.clear();
        self.edges.clear();
        self.index.insert(start, 0);
        self.nodes.push(start);
        let mut i = 0;
        while i < self.nodes.len() {
            self.neighbours.clear();
            layout.expand(self.nodes[i], &mut self.neighbours);
            self.edge_start.push(self.edges.len() as u32);
            for &next in &self.neighbours {
                let fresh = self.nodes.len() as u32;
                let j = *self.index.entry(next).or_insert(fresh);
                if j == fresh {
                    self.nodes.push(next);
                }
                self.edges.push(j);
            }
            i += 1;
        }
        self.edge_start.push(self.edges.len() as u32);
        // Distances to the goal, seeded by every goal position.
        self.distance.clear();
        self.distance.resize(self.nodes.len(), UNREACHED);
        self.queue.clear();
        for (n, &key) in self.nodes.iter().enumerate() {
            if layout.is_goal(key) {
                self.seen.insert(key);
                self.distance[n] = 0;
                self.queue.push(n as u32);
            }
        }
        let mut head = 0;
        while head < self.queue.len() {
            let n = self.queue[head] as usize;
            head += 1;
            let d = self.distance[n] + 1;
            for e in self.edge_start[n]..self.edge_start[n + 1] {
                let m = self.edges[e as usize] as usize;
                if self.distance[m] == UNREACHED {
                    self.distance[m] = d;
                    self.queue.push(m as u32);
                }
            }
        }
        Component {
            size: self.nodes.len(),
        }
    }

    /// The component's interesting puzzle, if its hardest position is
    /// minimal.
    fn interesting(&mut self, layout: &Layout, component: &Component) -> Option<Puzzle> {
        let nodes = &self.nodes[..component.size];
        let farthest = *self.distance.iter().max().expect("a component");
        let hardest = (0..nodes.len())
            .filter(|&n| self.distance[n] == farthest)
            .min_by_key(|&n| layout.order_key(nodes[n]))
            .expect("a position at the largest distance");
        if farthest == 0 || !self.is_minimal(layout, hardest) {
            return None;
        }
        let mut histogram = vec![0u64; farthest as usize + 1];
        for &d in &self.distance {
            histogram[d as usize] += 1;
        }
        let key = self.nodes[hardest];
        let pieces = layout.pieces(key);
        let walls = pieces.iter().filter(|(_, item)| item.wall).count();
        Some(Puzzle {
            moves: farthest as u32,
            board: layout.board_string(key),
            cluster: component.size as u64,
            walls: walls as u32,
            pieces: (pieces.len() - walls) as u32,
            histogram,
        })
    }

    /// fogleman/rush's minimality: every piece (walls included, the target
    /// excepted) that the solution found from `hardest` never moves must
    /// lower the optimum when removed.
    fn is_minimal(&mut self, layout: &Layout, hardest: usize) -> bool {
        let start = self.nodes[hardest];
        let optimum = self.distance[hardest] as u32;
        let mut moved = Vec::new();
        let mut node = hardest;
        while self.distance[node] > 0 {
            let closer = self.distance[node] - 1;
            let next = (self.edge_start[node]..self.edge_start[node + 1])
                .map(|e| self.edges[e as usize] as usize)
                .find(|&m| self.distance[m] == closer)
                .expect("a move one step closer to the goal");
            let (a, b) = (self.nodes[node], self.nodes[next]);
            let line = (0..layout.lines().len())
                .find(|&i| layout.state(a, i) != layout.state(b, i))
                .expect("the positions differ by one move");
            let before = &layout.lines()[line].items[layout.state(a, line) as usize];
            let after = &layout.lines()[line].items[layout.state(b, line) as usize];
            let slot = (0..before.len())
                .find(|&k| before[k] != after[k])
                .expect("one car moved");
            moved.push((line, slot));
            node = next;
        }
        let states = layout.states(start);
        for (line_index, line) in layout.lines().iter().enumerate() {
            let items = &line.items[states[line_index] as usize];
            for slot in 0..items.len() {
                let is_target = line.kind == LineKind::TargetRow && !items[slot].wall;
                if is_target || moved.contains(&(line_index, slot)) {
                    continue;
                }
                let mut fewer = items.clone();
                fewer.remove(slot);
                let state = line
                    .state_of(&fewer)
                    .expect("removing an item keeps the line rules");
                let mut reduced_states = states.clone();
                reduced_states[line_index] = state;
                let row_classes: Vec<u32> = layout
                    .lines()
                    .iter()
                    .zip(&reduced_states)
                    .filter(|(l, _)| l.horizontal())
                    .map(|(l, &s)| l.class_of[s as usize])
                    .collect();
                let reduced = Layout::new(layout.lines(), &row_classes).expect("fits");
                let key = reduced.key(&reduced_states);
                if !self.reaches_goal_within(&reduced, key, optimum - 1) {
                    return false;
                }
            }
        }
        true
    }

    /// True when a goal position is at most `depth` moves from `start`.
    fn reaches_goal_within(&mut self, layout: &Layout, start: u64, depth: u32) -> bool {
        self.visited = fresh_if_large(std::mem::take(&mut self.visited));
        self.frontier.clear();
        self.visited.insert(start);
        self.frontier.push(start);
        for level in 0..=depth {
            if self.frontier.iter().any(|&k| layout.is_goal(k)) {
                return true;
            }
            if level == depth {
                break;
            }
            self.next_frontier.clear();
            for &key in &self.frontier {
                self.neighbours.clear();
                layout.expand(key, &mut self.neighbours);
                for &next in &self.neighbours {
                    if self.visited.insert(next) {
                        self.next_frontier.push(next);
                    }
                }
            }
            std::mem::swap(&mut self.frontier, &mut self.next_frontier);
        }
        false
    }
}

/// Tables that a huge component can leave large.
trait Emptied: Default {
    fn capacity(&self) -> usize;
    fn clear(&mut self);
}

impl<V> Emptied for KeyMap<V> {
    fn capacity(&self) -> usize {
        HashMap::capacity(self)
    }
    fn clear(&mut self) {
        HashMap::clear(self)
    }
}

impl Emptied for KeySet {
    fn capacity(&self) -> usize {
        HashSet::capacity(self)
    }
    fn clear(&mut self) {
        HashSet::clear(self)
    }
}

/// The table emptied: cleared when small, replaced when large (clearing
/// costs its capacity, and most components are tiny).
fn fresh_if_large<T: Emptied>(mut table: T) -> T {
    if table.capacity() > 1 << 16 {
        return T::default();
    }
    table.clear();
    table
}
