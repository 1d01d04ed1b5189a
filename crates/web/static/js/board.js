// The board: the page's model of a position and its SVG drawing.
// A model is {game, width, height, pieces: [{label, row, col, width, height, mobility}],
// walls: [[row, col]], exit: {side, row|col} | null, goal: {row, col} | null};
// labels follow the pieces along a solution, so they name them.

import { svg } from './dom.js';

const CELL = 100;
const MARGIN = 44;
export const DELTA = { up: [-1, 0], down: [1, 0], left: [0, -1], right: [0, 1] };
/**
 * Kelly's colours of maximum contrast, the target's red first: piece i of a
 * board (the target apart) takes colour i + 1, so the pieces of a board of up
 * to 19 are all different. The image renderer of `unblocker render` uses the
 * same list.
 */
const PALETTE = ['#BE0032', '#F3C300', '#875692', '#F38400', '#A1CAF1', '#C2B280', '#848482',
  '#008856', '#E68FAC', '#0067A5', '#F99379', '#604E97', '#F6A600', '#B3446C', '#DCD300', '#882D17',
  '#8DB600', '#654522', '#2B3D26'];
const TARGET_COLOUR = PALETTE[0];
const BLACK = '#000000';
const WHITE = '#ffffff';

/** WCAG relative luminance of `#rrggbb`. */
function luminance(hex) {
  const [r, g, b] = [1, 3, 5].map(i => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a, b) {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

/** White or black, whichever reads better on `background` (4.5:1 or more for every colour of the palette). */
function letterColour(background) {
  return contrast(WHITE, background) >= contrast(BLACK, background) ? WHITE : BLACK;
}

function reducedMotion() {
  return matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** The model of a board as the server writes it (`BoardJson`). */
export function fromServer(json) {
  return {
    game: json.game || 'rush',
    width: json.width,
    height: json.height,
    pieces: json.pieces.map((p, i) => ({
      label: p.label || String.fromCharCode(65 + i),
      row: p.row, col: p.col, width: p.width, height: p.height, mobility: p.mobility,
    })),
    walls: (json.walls || []).map(w => [w[0], w[1]]),
    exit: json.exit || null,
    goal: json.goal || null,
  };
}

/** The JSON board the API reads. */
export function toRequest(model) {
  const board = {
    game: model.game,
    width: model.width,
    height: model.height,
    pieces: model.pieces.map(p => {
      const piece = { label: p.label, row: p.row, col: p.col, width: p.width, height: p.height };
      if (model.game === 'klotski') piece.mobility = 'free';
      return piece;
    }),
  };
  if (model.walls.length) board.walls = model.walls;
  if (model.game === 'rush' && model.exit) board.exit = model.exit;
  if (model.game === 'klotski' && model.goal) board.goal = model.goal;
  return board;
}

export function clone(model) {
  return JSON.parse(JSON.stringify(model));
}

/** The segments of a solution move: `path`, or its one direction and distance. */
export function segments(move) {
  return move.path || [{ direction: move.direction, distance: move.distance }];
}

/** `model` after `move` ({piece, direction, distance, path?}); pieces keep their labels. */
export function applyMove(model, move) {
  const next = clone(model);
  const piece = next.pieces.find(p => p.label === move.piece);
  if (!piece) return next;
  for (const { direction, distance } of segments(move)) {
    const [dr, dc] = DELTA[direction];
    piece.row += dr * distance;
    piece.col += dc * distance;
  }
  return next;
}

export function describeMove(move) {
  return `${move.piece} ${segments(move).map(s => `${s.direction} ${s.distance}`).join(', ')}`;
}

/**
 * The colour of each piece of `model` by its index: the target red, the
 * others the next colours of the palette in turn (round again after the 18th).
 */
function colours(model) {
  let next = 1;
  return model.pieces.map(piece => {
    if (piece.label === 'A') return TARGET_COLOUR;
    const colour = PALETTE[next];
    next = next % (PALETTE.length - 1) + 1;
    return colour;
  });
}

/**
 * Calls `handle(key, label, event)` for a key pressed on a focused piece
 * (without Ctrl, Alt or Meta: those are the page's shortcuts).
 */
export function onPieceKey(container, handle) {
  container.addEventListener('keydown', event => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const label = event.target.closest?.('.piece')?.dataset.label;
    if (label) handle(event.key, label, event);
  });
}

function translate(row, col) {
  return `translate(${col * CELL}px, ${row * CELL}px)`;
}

/** "columns 2–3" or "column 2". */
function span(word, from, length) {
  return length > 1 ? `${word}s ${from + 1}–${from + length}` : `${word} ${from + 1}`;
}

/**
 * How a person hears a piece: "red car A (the target), horizontal, row 3,
 * columns 1–2", "truck B, vertical, column 4, rows 1–3", "block C, 1 wide
 * and 2 tall, rows 1–2, column 1".
 */
export function pieceName(piece, game = 'rush') {
  const target = piece.label === 'A';
  const where = `${span('row', piece.row, piece.height)}, ${span('column', piece.col, piece.width)}`;
  if (game === 'klotski') {
    const kind = target ? `target block ${piece.label}` : `block ${piece.label}`;
    return `${kind}, ${piece.width} wide and ${piece.height} tall, ${where}`;
  }
  const length = Math.max(piece.width, piece.height);
  const kind = target ? `red car ${piece.label} (the target)` : `${length >= 3 ? 'truck' : 'car'} ${piece.label}`;
  const orientation = piece.width > piece.height ? 'horizontal' : piece.height > piece.width ? 'vertical' : 'square';
  return `${kind}, ${orientation}, ${where}`;
}

/** Where the target must go: "the exit is on the right side, at row 3", or the Klotski goal. */
export function describeGoal(model) {
  if (model.game === 'klotski') {
    if (!model.goal) return 'no goal set';
    const target = model.pieces.find(p => p.label === 'A') || { width: 1, height: 1 };
    return `the goal: the target block to ${span('row', model.goal.row, target.height)}, ` +
      `${span('column', model.goal.col, target.width)}`;
  }
  if (!model.exit) return 'no exit set';
  const { side } = model.exit;
  const at = side === 'left' || side === 'right' ? `row ${model.exit.row + 1}` : `column ${model.exit.col + 1}`;
  return `the exit is on the ${side} side, at ${at}`;
}

/** The cells ([row, col]) that two pieces, or a piece and a wall, both cover. */
export function overlaps(model) {
  const seen = new Map();
  const clash = new Set();
  const cover = key => { if (seen.has(key)) clash.add(key); else seen.set(key, true); };
  for (const [r, c] of model.walls) cover(`${r},${c}`);
  for (const p of model.pieces) {
    for (let r = p.row; r < p.row + p.height; r++) {
      for (let c = p.col; c < p.col + p.width; c++) cover(`${r},${c}`);
    }
  }
  return [...clash].map(key => key.split(',').map(Number));
}

/** Draws models into a container and maps pointer positions back to cells. */
export class BoardView {
  constructor(container) {
    this.container = container;
    this.svg = null;
    this.structure = '';
    this.pieces = new Map();
    /** Pieces take the keyboard focus (play and edit). */
    this.focusable = false;
    this.maxHeight = Infinity;
    this.marks = null;
    /** Until when (performance.now()) a piece may still be moving. */
    this.movingUntil = 0;
    /** The container's width at the last fit (0: not measured yet). */
    this.room = 0;
  }

  /**
   * Draws `model`; pieces that stay glide to their new cells (`moveMs`). `path`
   * ({label, cells: [[row, col], …]}) makes one piece travel through those
   * corners instead of straight to its cell (a bent Klotski move).
   */
  draw(model, { highlight = null, selected = null, moveMs = 250, path = null, cursor = null, marks = [] } = {}) {
    const structure = JSON.stringify([model.game, model.width, model.height, model.walls, model.exit,
      model.goal, model.pieces.map(p => [p.label, p.width, p.height])]);
    if (structure !== this.structure) this.build(model);
    this.structure = structure;
    const ms = reducedMotion() ? 0 : moveMs;
    this.svg.style.setProperty('--move-ms', `${ms}ms`);
    this.container.classList.remove('won');
    // A running animation stops first. Asking for them makes the browser
    // compute the page's styles at once, which a phone feels: only while
    // something may still move.
    if (performance.now() < this.movingUntil) {
      for (const animation of this.svg.getAnimations({ subtree: true })) animation.cancel();
    }
    for (const piece of model.pieces) {
      const node = this.pieces.get(piece.label);
      if (!node) continue;
      node.style.opacity = '';
      const to = translate(piece.row, piece.col);
      if (path && path.label === piece.label && ms > 0) this.travel(node, path.cells, ms);
      else node.classList.remove('pathing');
      // A piece that was drawn elsewhere glides (a CSS transition).
      if (node.style.transform && node.style.transform !== to) {
        this.movingUntil = Math.max(this.movingUntil, performance.now() + ms);
      }
      node.style.transform = to;
      node.classList.toggle('highlight', piece.label === highlight);
      node.classList.toggle('selected', piece.label === selected);
      node.setAttribute('aria-label', pieceName(piece, model.game));
      node.setAttribute('aria-pressed', String(piece.label === selected));
      // `cursor`: one piece takes Tab (the arrow keys go from piece to piece); else each does.
      if (!this.focusable) node.removeAttribute('tabindex');
      else node.setAttribute('tabindex', !cursor || cursor === piece.label ? '0' : '-1');
    }
    this.mark(marks);
    this.model = model;
  }

  /** Marks cells (a red hatch over the pieces): those two pieces cover in the editor. */
  mark(cells) {
    this.marks.textContent = '';
    for (const [r, c] of cells) {
      svg('rect', { class: 'overlap', x: c * CELL + 4, y: r * CELL + 4, width: CELL - 8, height: CELL - 8,
        rx: 10, 'data-row': r, 'data-col': c }, this.marks);
    }
  }

  /** The label of the piece nearest to `label`'s centre in `direction`, if any. */
  neighbour(label, direction) {
    const centre = p => [p.row + p.height / 2, p.col + p.width / 2];
    const from = this.model.pieces.find(p => p.label === label);
    if (!from) return null;
    const [r0, c0] = centre(from);
    const [dr, dc] = DELTA[direction];
    let best = null;
    for (const p of this.model.pieces) {
      if (p === from) continue;
      const [r, c] = centre(p);
      const ahead = (r - r0) * dr + (c - c0) * dc;
      if (ahead <= 0) continue;
      const aside = Math.abs((r - r0) * dc) + Math.abs((c - c0) * dr);
      const score = ahead + 2 * aside;
      if (!best || score < best.score) best = { label: p.label, score };
    }
    return best?.label ?? null;
  }

  /** Moves a piece through the cells of `cells` (first to last) at an even speed. */
  travel(node, cells, ms) {
    const lengths = cells.slice(1).map((c, i) => Math.abs(c[0] - cells[i][0]) + Math.abs(c[1] - cells[i][1]));
    const total = lengths.reduce((a, b) => a + b, 0) || 1;
    let done = 0;
    const frames = cells.map((cell, i) => {
      if (i > 0) done += lengths[i - 1];
      return { transform: translate(cell[0], cell[1]), offset: done / total };
    });
    node.classList.add('pathing');
    const duration = ms * Math.min(cells.length - 1, 3);
    this.movingUntil = Math.max(this.movingUntil, performance.now() + duration);
    node.animate(frames, { duration, easing: 'ease-in-out' })
      .finished.then(() => node.classList.remove('pathing'), () => {});
  }

  /**
   * The win: the board flashes and the target drives out through the exit
   * (Rush Hour; a Klotski target at the bottom edge leaves downwards).
   * Resolves when the animation is over (at once with reduced motion).
   */
  async celebrate(model) {
    this.container.classList.add('won');
    const target = model.pieces.find(p => p.label === 'A');
    const node = target && this.pieces.get('A');
    if (!node) return;
    let [dr, dc] = [0, 0];
    const side = model.game === 'rush' ? model.exit?.side
      : target.row + target.height === model.height ? 'bottom' : null;
    if (side === 'right') dc = model.width - target.col;
    if (side === 'left') dc = -(target.col + target.width);
    if (side === 'bottom') dr = model.height - target.row;
    if (side === 'top') dr = -(target.row + target.height);
    if (!dr && !dc) return;
    // The last move glides to the exit first.
    const glide = reducedMotion() ? 0 : Number.parseFloat(this.svg.style.getPropertyValue('--move-ms')) || 0;
    await new Promise(resolve => setTimeout(resolve, glide));
    const from = translate(target.row, target.col);
    const to = translate(target.row + dr, target.col + dc);
    node.style.transform = to;
    node.style.opacity = '0';
    if (reducedMotion()) return;
    node.classList.add('pathing');
    this.movingUntil = Math.max(this.movingUntil, performance.now() + 700);
    await node.animate([{ transform: from, opacity: 1 }, { transform: to, opacity: 0 }],
      { duration: 700, easing: 'ease-in' }).finished.catch(() => {});
    node.classList.remove('pathing');
  }

  /** The tallest the board may be (the screen less the controls under it). */
  fit(maxHeight) {
    this.maxHeight = maxHeight;
    this.room = this.container.clientWidth;
    this.size();
  }

  /**
   * Sets the board's width for its room: the container's width as the last
   * fit measured it (measuring again for each new board would make the
   * browser lay the page out once more).
   */
  size() {
    if (!this.svg) return;
    const box = this.svg.viewBox.baseVal;
    this.room ||= this.container.clientWidth;
    const width = Math.min(this.room || box.width, this.maxHeight * box.width / box.height);
    this.svg.style.width = `${Math.floor(width)}px`;
  }

  build(model) {
    const width = model.width * CELL + 2 * MARGIN;
    const height = model.height * CELL + 2 * MARGIN;
    this.container.textContent = '';
    this.svg = svg('svg', { viewBox: `0 0 ${width} ${height}`, role: 'presentation' }, this.container);
    const defs = svg('defs', {}, this.svg);
    const wood = svg('linearGradient', { id: 'wood', x1: 0, y1: 0, x2: 1, y2: 1 }, defs);
    svg('stop', { offset: '0', 'stop-color': '#9a6534' }, wood);
    svg('stop', { offset: '1', 'stop-color': '#6d4320' }, wood);
    const shine = svg('linearGradient', { id: 'shine', x1: 0, y1: 0, x2: 0, y2: 1 }, defs);
    svg('stop', { offset: '0', 'stop-color': '#fff', 'stop-opacity': '.3' }, shine);
    svg('stop', { offset: '.3', 'stop-color': '#fff', 'stop-opacity': '0' }, shine);
    // The editor's mark on a cell two pieces cover: red stripes.
    const clash = svg('pattern', { id: 'clash', width: 16, height: 16, patternUnits: 'userSpaceOnUse',
      patternTransform: 'rotate(45)' }, defs);
    svg('rect', { width: 8, height: 16, fill: 'rgba(179, 38, 30, .55)' }, clash);
    svg('rect', { x: 0, y: 0, width, height, rx: 28, fill: 'url(#wood)' }, this.svg);
    const grid = svg('g', { transform: `translate(${MARGIN} ${MARGIN})` }, this.svg);
    this.grid = grid;
    svg('rect', { x: -6, y: -6, width: model.width * CELL + 12, height: model.height * CELL + 12,
      rx: 10, fill: '#caa46d' }, grid);
    for (let r = 0; r < model.height; r++) {
      for (let c = 0; c < model.width; c++) {
        svg('rect', { class: 'cell', x: c * CELL + 3, y: r * CELL + 3, width: CELL - 6,
          height: CELL - 6, rx: 8, 'data-row': r, 'data-col': c }, grid);
      }
    }
    if (model.game === 'rush' && model.exit) this.drawExit(model, grid);
    if (model.game === 'klotski' && model.goal && model.pieces.length) {
      const target = model.pieces.find(p => p.label === 'A') || model.pieces[0];
      const goal = svg('g', { class: 'exit' }, grid);
      svg('rect', { class: 'goal-mark', x: model.goal.col * CELL + 8, y: model.goal.row * CELL + 8,
        width: target.width * CELL - 16, height: target.height * CELL - 16, rx: 14 }, goal);
    }
    for (const [r, c] of model.walls) {
      const wall = svg('g', { class: 'wall', transform: `translate(${c * CELL} ${r * CELL})` }, grid);
      svg('rect', { x: 8, y: 8, width: CELL - 16, height: CELL - 16, rx: 12 }, wall);
      svg('circle', { cx: CELL / 2, cy: CELL / 2, r: 12 }, wall);
    }
    this.pieces = new Map();
    const palette = colours(model);
    model.pieces.forEach((piece, index) => {
      const node = svg('g', { class: 'piece', 'data-label': piece.label, role: 'button' }, grid);
      // In place from the start: a piece must not glide in from the corner.
      node.style.transform = translate(piece.row, piece.col);
      const w = piece.width * CELL, h = piece.height * CELL;
      const colour = palette[index];
      svg('rect', { class: 'body', x: 7, y: 7, width: w - 14, height: h - 14, rx: 16, fill: colour }, node);
      svg('rect', { x: 7, y: 7, width: w - 14, height: h - 14, rx: 16, fill: 'url(#shine)',
        'pointer-events': 'none' }, node);
      svg('rect', { class: 'ring', x: 1, y: 1, width: w - 2, height: h - 2, rx: 20 }, node);
      const text = svg('text', { x: w / 2, y: h / 2 + 11, 'text-anchor': 'middle', fill: letterColour(colour) }, node);
      text.textContent = piece.label;
      this.pieces.set(piece.label, node);
    });
    this.marks = svg('g', { class: 'marks', 'aria-hidden': 'true' }, grid);
    this.size();
  }

  drawExit(model, grid) {
    const { side } = model.exit;
    const index = side === 'left' || side === 'right' ? model.exit.row : model.exit.col;
    const W = model.width * CELL, H = model.height * CELL, gap = 10;
    let x, y, w, h, arrow;
    const t = index * CELL + CELL / 2;
    if (side === 'right') { x = W; y = index * CELL + gap; w = MARGIN; h = CELL - 2 * gap;
      arrow = `M ${W + 14} ${t - 14} L ${W + 34} ${t} L ${W + 14} ${t + 14} Z`; }
    if (side === 'left') { x = -MARGIN; y = index * CELL + gap; w = MARGIN; h = CELL - 2 * gap;
      arrow = `M -14 ${t - 14} L -34 ${t} L -14 ${t + 14} Z`; }
    if (side === 'bottom') { x = index * CELL + gap; y = H; w = CELL - 2 * gap; h = MARGIN;
      arrow = `M ${t - 14} ${H + 14} L ${t} ${H + 34} L ${t + 14} ${H + 14} Z`; }
    if (side === 'top') { x = index * CELL + gap; y = -MARGIN; w = CELL - 2 * gap; h = MARGIN;
      arrow = `M ${t - 14} -14 L ${t} -34 L ${t + 14} -14 Z`; }
    const exit = svg('g', { class: 'exit' }, grid);
    svg('rect', { x, y, width: w, height: h, fill: '#caa46d' }, exit);
    svg('path', { class: 'exit-arrow', d: arrow }, exit);
  }

  /** The pointer's position in cells (fractions; outside the board past its edges). */
  toCells(event) {
    const point = this.svg.createSVGPoint();
    point.x = event.clientX;
    point.y = event.clientY;
    const local = point.matrixTransform(this.grid.getScreenCTM().inverse());
    return { row: local.y / CELL, col: local.x / CELL };
  }

  /** The label of the piece under an event, if any. */
  pieceAt(event) {
    const node = event.target.closest && event.target.closest('.piece');
    return node ? node.dataset.label : null;
  }

  /** Shows a piece `dr`, `dc` cells away from its place in the model (while dragging). */
  nudge(label, dr, dc) {
    const piece = this.model.pieces.find(p => p.label === label);
    const node = this.pieces.get(label);
    node.classList.toggle('dragging', dr !== 0 || dc !== 0);
    node.style.transform = translate(piece.row + dr, piece.col + dc);
  }

  release(label) {
    this.pieces.get(label)?.classList.remove('dragging');
  }
}
