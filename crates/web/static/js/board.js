// The board: the page's model of a position and its SVG drawing.
// A model is {game, width, height, pieces: [{label, row, col, width, height, mobility}],
// walls: [[row, col]], exit: {side, row|col} | null, goal: {row, col} | null};
// labels follow the pieces along a solution, so they name them.

export const CELL = 100;
const MARGIN = 44;
const SVG_NS = 'http://www.w3.org/2000/svg';
export const DELTA = { up: [-1, 0], down: [1, 0], left: [0, -1], right: [0, 1] };
const TARGET_COLOUR = '#c8372d';
const CAR_COLOURS = ['#3d6f8e', '#d49a2a', '#5b8c5a', '#7a5c99', '#c86f3c', '#2f8f8f', '#a0522d',
  '#6b8e23', '#b8860b', '#4f6d9a', '#8c4f6f', '#5c7c4a', '#9a6b3f', '#3f7f6f'];
const BLOCK_COLOURS = { '1x1': '#d9a066', '1x2': '#b97a43', '2x1': '#a8713f' };

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

function colourOf(model, piece, index) {
  if (piece.label === 'A') return TARGET_COLOUR;
  if (model.game === 'klotski') return BLOCK_COLOURS[`${piece.width}x${piece.height}`] || '#9b6a3c';
  return CAR_COLOURS[(piece.label.charCodeAt(0) + index) % CAR_COLOURS.length];
}

function element(name, attributes = {}, parent) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

/** Draws models into a container and maps pointer positions back to cells. */
export class BoardView {
  constructor(container) {
    this.container = container;
    this.svg = null;
    this.structure = '';
    this.pieces = new Map();
  }

  /** Draws `model`; pieces that stay glide to their new cells (`moveMs`). */
  draw(model, { highlight = null, selected = null, moveMs = 250 } = {}) {
    const structure = JSON.stringify([model.game, model.width, model.height, model.walls, model.exit,
      model.goal, model.pieces.map(p => [p.label, p.width, p.height])]);
    if (structure !== this.structure) this.build(model);
    this.structure = structure;
    this.svg.style.setProperty('--move-ms', `${moveMs}ms`);
    for (const piece of model.pieces) {
      const node = this.pieces.get(piece.label);
      if (!node) continue;
      node.style.transform = `translate(${piece.col * CELL}px, ${piece.row * CELL}px)`;
      node.classList.toggle('highlight', piece.label === highlight);
      node.classList.toggle('selected', piece.label === selected);
    }
    this.model = model;
  }

  build(model) {
    const width = model.width * CELL + 2 * MARGIN;
    const height = model.height * CELL + 2 * MARGIN;
    this.container.textContent = '';
    this.svg = element('svg', { viewBox: `0 0 ${width} ${height}`, role: 'img' }, this.container);
    const defs = element('defs', {}, this.svg);
    const wood = element('linearGradient', { id: 'wood', x1: 0, y1: 0, x2: 1, y2: 1 }, defs);
    element('stop', { offset: '0', 'stop-color': '#9a6534' }, wood);
    element('stop', { offset: '1', 'stop-color': '#6d4320' }, wood);
    const shine = element('linearGradient', { id: 'shine', x1: 0, y1: 0, x2: 0, y2: 1 }, defs);
    element('stop', { offset: '0', 'stop-color': '#fff', 'stop-opacity': '.35' }, shine);
    element('stop', { offset: '.5', 'stop-color': '#fff', 'stop-opacity': '0' }, shine);
    element('rect', { x: 0, y: 0, width, height, rx: 28, fill: 'url(#wood)' }, this.svg);
    const grid = element('g', { transform: `translate(${MARGIN} ${MARGIN})` }, this.svg);
    this.grid = grid;
    element('rect', { x: -6, y: -6, width: model.width * CELL + 12, height: model.height * CELL + 12,
      rx: 10, fill: '#caa46d' }, grid);
    for (let r = 0; r < model.height; r++) {
      for (let c = 0; c < model.width; c++) {
        element('rect', { class: 'cell', x: c * CELL + 3, y: r * CELL + 3, width: CELL - 6,
          height: CELL - 6, rx: 8, 'data-row': r, 'data-col': c }, grid);
      }
    }
    if (model.game === 'rush' && model.exit) this.drawExit(model, grid);
    if (model.game === 'klotski' && model.goal && model.pieces.length) {
      const target = model.pieces.find(p => p.label === 'A') || model.pieces[0];
      element('rect', { class: 'goal-mark', x: model.goal.col * CELL + 8, y: model.goal.row * CELL + 8,
        width: target.width * CELL - 16, height: target.height * CELL - 16, rx: 14 }, grid);
    }
    for (const [r, c] of model.walls) {
      const wall = element('g', { class: 'wall', transform: `translate(${c * CELL} ${r * CELL})` }, grid);
      element('rect', { x: 8, y: 8, width: CELL - 16, height: CELL - 16, rx: 12 }, wall);
      element('circle', { cx: CELL / 2, cy: CELL / 2, r: 12 }, wall);
    }
    this.pieces = new Map();
    model.pieces.forEach((piece, index) => {
      const node = element('g', { class: 'piece', 'data-label': piece.label }, grid);
      const w = piece.width * CELL, h = piece.height * CELL;
      element('rect', { class: 'body', x: 7, y: 7, width: w - 14, height: h - 14, rx: 16,
        fill: colourOf(model, piece, index) }, node);
      element('rect', { x: 7, y: 7, width: w - 14, height: h - 14, rx: 16, fill: 'url(#shine)',
        'pointer-events': 'none' }, node);
      const text = element('text', { x: w / 2, y: h / 2 + 10, 'text-anchor': 'middle' }, node);
      text.textContent = piece.label;
      this.pieces.set(piece.label, node);
    });
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
    element('rect', { x, y, width: w, height: h, fill: '#caa46d' }, grid);
    element('path', { class: 'exit-arrow', d: arrow }, grid);
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
    node.style.transform = `translate(${(piece.col + dc) * CELL}px, ${(piece.row + dr) * CELL}px)`;
  }

  release(label) {
    this.pieces.get(label)?.classList.remove('dragging');
  }
}
