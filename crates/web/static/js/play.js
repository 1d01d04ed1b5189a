// Play: the user drags pieces along legal moves (the server's rules), with a move
// counter against the optimum, undo/redo, hints from the current position and a win message.

import { postJson, readBoard } from './api.js';
import { applyMove, describeMove, toRequest } from './board.js';

const $ = id => document.getElementById(id);
const OPPOSITE = { up: 'down', down: 'up', left: 'right', right: 'left' };

const state = {
  model: null,
  history: [],
  future: [],
  /** label -> [{direction, distance}] for the current position. */
  legal: new Map(),
  /** The server's (canonical) label -> ours, for the current position. */
  ours: new Map(),
  solved: false,
  optimum: null,
  hint: null,
  version: 0,
};

function metricOf(app) {
  return app.solution?.metric || app.metric || (app.puzzle.game === 'klotski' ? 'piece' : 'slide');
}

/** Moves made so far, counted as the metric counts them. */
function count(history, metric) {
  if (metric === 'step') return history.reduce((sum, s) => sum + s.distance, 0);
  let moves = 0;
  let previous = null;
  for (const slide of history) {
    const continues = previous && previous.piece === slide.piece
      && (metric === 'piece' || previous.direction === slide.direction);
    if (!continues) moves++;
    previous = slide;
  }
  return moves;
}

function say(text, kind = '') {
  $('play-message').textContent = text;
  $('play-message').className = `message ${kind}`;
}

/** Asks the server for the legal moves of the current position and whether it is solved. */
async function refreshLegal(app) {
  const version = ++state.version;
  $('board').dataset.moves = 'pending';
  const answer = await readBoard(toRequest(state.model));
  if (version !== state.version) return;
  state.ours = new Map();
  for (const theirs of answer.board.pieces) {
    const mine = state.model.pieces.find(p => p.row === theirs.row && p.col === theirs.col);
    if (mine) state.ours.set(theirs.label, mine.label);
  }
  state.legal = new Map();
  for (const move of answer.moves) {
    const label = state.ours.get(move.piece);
    if (!state.legal.has(label)) state.legal.set(label, []);
    state.legal.get(label).push({ direction: move.direction, distance: move.distance });
  }
  state.solved = answer.solved;
  $('board').dataset.moves = 'ready';
  showScore(app);
}

async function fetchOptimum(app) {
  const metric = metricOf(app);
  const solution = app.solution;
  if (solution && solution.metric === metric) {
    state.optimum = solution.status === 'solved' ? (metric === 'step' ? solution.steps : solution.moves) : null;
  } else {
    const result = await postJson('/api/solve', { puzzle: app.puzzle.line, metric });
    state.optimum = result.status === 'solved' ? (metric === 'step' ? result.steps : result.moves) : null;
  }
  showScore(app);
}

function showScore(app) {
  const made = count(state.history, metricOf(app));
  $('play-count').textContent = String(made);
  $('play-optimum').textContent = state.optimum == null ? '–' : String(state.optimum);
  $('play-undo').disabled = state.history.length === 0;
  $('play-redo').disabled = state.future.length === 0;
  if (app.view !== 'play') return;
  if (state.solved) {
    const verdict = state.optimum != null && made <= state.optimum ? ' That is optimal!' : state.optimum != null ? ` The optimum is ${state.optimum}.` : '';
    app.banner(`You solved it in ${made} ${metricOf(app) === 'step' ? 'steps' : 'moves'}!${verdict}`);
    $('board').classList.add('won');
  } else {
    app.banner(null);
    $('board').classList.remove('won');
  }
}

async function move(app, slide, { keepFuture = false } = {}) {
  state.model = applyMove(state.model, { piece: slide.piece, direction: slide.direction, distance: slide.distance });
  state.history.push(slide);
  if (!keepFuture) state.future = [];
  state.hint = null;
  say('');
  draw(app);
  await refreshLegal(app);
}

function undo(app) {
  const last = state.history.pop();
  if (!last) return;
  state.model = applyMove(state.model, { piece: last.piece, direction: OPPOSITE[last.direction], distance: last.distance });
  state.future.push(last);
  state.hint = null;
  draw(app);
  refreshLegal(app);
}

function redo(app) {
  const next = state.future.pop();
  if (next) move(app, next, { keepFuture: true });
}

async function hint(app) {
  if (state.solved) { say('Already solved!', 'ok'); return; }
  say('Thinking…');
  try {
    const result = await postJson('/api/solve', { puzzle: toRequest(state.model), metric: metricOf(app) });
    if (result.status !== 'solved') {
      say('No solution from here: undo a few moves.', 'error');
      return;
    }
    const first = result.solution[0];
    const label = state.ours.get(first.piece) || first.piece;
    state.hint = label;
    const left = metricOf(app) === 'step' ? result.steps : result.moves;
    say(`Hint: ${describeMove({ ...first, piece: label })} (${left} to go)`, 'ok');
    draw(app);
  } catch (error) {
    say(error.message, 'error');
  }
}

/** Dragging a piece: it follows the pointer along its legal moves and snaps to a cell. */
function setupDrag(app) {
  const container = $('board');
  let drag = null;
  container.addEventListener('pointerdown', event => {
    if (app.view !== 'play' || state.solved) return;
    const label = app.board.pieceAt(event);
    if (!label) return;
    const reach = { up: 0, down: 0, left: 0, right: 0 };
    for (const { direction, distance } of state.legal.get(label) || []) {
      reach[direction] = Math.max(reach[direction], distance);
    }
    drag = { label, from: app.board.toCells(event), reach, axis: null, offset: 0 };
    container.setPointerCapture(event.pointerId);
    event.preventDefault();
  });
  container.addEventListener('pointermove', event => {
    if (!drag) return;
    const at = app.board.toCells(event);
    const dr = at.row - drag.from.row, dc = at.col - drag.from.col;
    const { reach } = drag;
    const canX = reach.left + reach.right > 0, canY = reach.up + reach.down > 0;
    if (!drag.axis && Math.max(Math.abs(dr), Math.abs(dc)) > 0.15) {
      drag.axis = canX && (!canY || Math.abs(dc) >= Math.abs(dr)) ? 'x' : canY ? 'y' : null;
    }
    if (drag.axis === 'x') drag.offset = Math.min(Math.max(dc, -reach.left), reach.right);
    if (drag.axis === 'y') drag.offset = Math.min(Math.max(dr, -reach.up), reach.down);
    app.board.nudge(drag.label, drag.axis === 'y' ? drag.offset : 0, drag.axis === 'x' ? drag.offset : 0);
  });
  const end = () => {
    if (!drag) return;
    const { label, axis, offset } = drag;
    drag = null;
    app.board.release(label);
    const cells = Math.round(offset);
    if (!axis || cells === 0) { draw(app); return; }
    const direction = axis === 'x' ? (cells > 0 ? 'right' : 'left') : (cells > 0 ? 'down' : 'up');
    move(app, { piece: label, direction, distance: Math.abs(cells) });
  };
  container.addEventListener('pointerup', end);
  container.addEventListener('pointercancel', end);
}

export function reset(app) {
  state.model = app.puzzle.model;
  state.history = [];
  state.future = [];
  state.hint = null;
  state.solved = false;
  state.optimum = null;
  state.legal = new Map();
  state.ready = false;
  say('');
}

export function enter(app) {
  $('board').classList.add('playable');
  $('play-goal-word').textContent = app.puzzle.game === 'klotski' ? 'goal' : 'exit';
  if (!state.ready) {
    state.ready = true;
    refreshLegal(app).catch(error => say(error.message, 'error'));
    fetchOptimum(app).catch(error => say(error.message, 'error'));
  }
  showScore(app);
}

export function draw(app) {
  if (state.model) app.board.draw(state.model, { highlight: state.hint, moveMs: 180 });
}

export function setup(app) {
  setupDrag(app);
  $('play-undo').addEventListener('click', () => undo(app));
  $('play-redo').addEventListener('click', () => redo(app));
  $('play-hint').addEventListener('click', () => hint(app));
  $('play-restart').addEventListener('click', () => { reset(app); enter(app); draw(app); });
}
