// Play: the user drags pieces (or moves them with the arrow keys) along legal moves
// (the server's rules), with a move counter against the optimum, undo/redo, hints
// from the current position and the win: the target drives out, then the verdict.
// A level's game is kept on the device as it goes and its win recorded; a game
// is reviewed after its win, or on demand.

import { readBoard, solve as solveOn, review as reviewOn } from './api.js';
import { applyMove, describeMove, onPieceKey, overlaps, pieceName, segments, toRequest } from './board.js';
import { $, ARROWS } from './dom.js';
import * as solve from './solve.js';
import * as progress from './progress.js';
import * as review from './review.js';
import * as levels from './levels.js';
import { writeMoves } from './share.js';

const OPPOSITE = { up: 'down', down: 'up', left: 'right', right: 'left' };

const state = {
  model: null,
  history: [],
  future: [],
  /** label -> [{direction, distance}] for the position shown; null until the server says. */
  legal: null,
  /** The server's (canonical) label -> ours, for the current position. */
  ours: new Map(),
  solved: false,
  optimum: null,
  hint: null,
  /** The piece picked up with Enter or Space, and the one that takes Tab. */
  selected: null,
  cursor: 'A',
  /** Counts positions: a drag or a key press acts only on the position it started from. */
  version: 0,
  /** The hint's search in progress. */
  hinting: null,
  /** The review's request in progress. */
  reviewing: null,
  ready: false,
};

/** The game's own metric: slides for Rush Hour, piece moves for Klotski (a level's optimum is in it). */
function ownMetric(app) {
  return app.puzzle.game === 'klotski' ? 'piece' : 'slide';
}

function metricOf(app) {
  return app.solution?.metric || app.metric || ownMetric(app);
}

/** `n moves` (or steps) in the metric played. */
function amount(app, n) {
  const unit = metricOf(app) === 'step' ? 'step' : 'move';
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
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

/** Stops the hint's search: its answer would be for another position. */
function stopHint() {
  state.hinting?.abort();
  state.hinting = null;
}

/** A new position: forget what was known of the old one, then ask the server. */
function moved(app) {
  state.version++;
  state.legal = null;
  state.hint = null;
  stopHint();
  draw(app);
  showScore(app);
  app.relink();
  if (app.puzzle.level) progress.played(app.puzzle.level, writeMoves(state.history));
  refreshLegal(app).catch(error => say(error.message, 'error'));
}

/** Asks the server for the legal moves of the current position and whether it is solved. */
async function refreshLegal(app) {
  const version = state.version;
  $('board').dataset.moves = 'pending';
  const answer = await readBoard(toRequest(state.model));
  if (version !== state.version) return;
  state.ours = new Map();
  for (const theirs of answer.board.pieces) {
    const mine = state.model.pieces.find(p => p.row === theirs.row && p.col === theirs.col);
    if (mine) state.ours.set(theirs.label, mine.label);
  }
  const legal = new Map();
  for (const move of answer.moves) {
    const label = state.ours.get(move.piece);
    if (!legal.has(label)) legal.set(label, []);
    legal.get(label).push({ direction: move.direction, distance: move.distance });
  }
  state.legal = legal;
  const won = answer.solved && !state.solved;
  state.solved = answer.solved;
  $('board').dataset.moves = 'ready';
  if (won && app.view === 'play') {
    showScore(app, { verdict: false });
    await app.board.celebrate(state.model);
    if (version !== state.version) return;
  }
  showScore(app);
  if (won) finished(app, version);
}

/** A game won: a level's win recorded (the daily puzzle's on its day), and the game reviewed. */
async function finished(app, version) {
  const address = app.puzzle.level;
  if (address) {
    // The best count is kept in the game's own metric only (the levels say it in moves).
    const own = metricOf(app) === ownMetric(app);
    const made = own ? count(state.history, ownMetric(app)) : null;
    const optimum = own ? state.optimum ?? (await solve.ensure(app).catch(() => null))?.length ?? null : null;
    const today = await levels.daily().catch(() => null);
    const day = today?.level.id === address ? today.date : null;
    progress.won(address, { count: made, optimum, day });
  }
  if (version === state.version) showReview(app);
}

/** Reviews the game played so far (every move by its distance to the goal) in Play's panel. */
async function showReview(app) {
  state.reviewing?.abort();
  const controller = new AbortController();
  state.reviewing = controller;
  const version = state.version;
  const box = $('play-review');
  box.hidden = false;
  box.replaceChildren(Object.assign(document.createElement('p'), { className: 'hint', textContent: 'Reviewing…' }));
  try {
    const moves = state.history.map(({ piece, direction, distance }) => ({ piece, direction, distance }));
    const answer = await reviewOn({ puzzle: app.puzzle.line, moves, metric: metricOf(app) },
      { signal: controller.signal });
    if (version !== state.version || state.reviewing !== controller) return;
    review.render(box, answer, {
      // Back to the position before move `index`, in Play.
      onRetry: index => {
        restart(app);
        replay(app, answer.moves.slice(0, index).flatMap(m => segments(m).map(s => ({ piece: m.piece, ...s }))));
        // The button is gone with the review: the focus goes to the board's piece that takes it.
        document.querySelector('#board [tabindex="0"]')?.focus();
      },
    });
  } catch (error) {
    if (error.name !== 'AbortError') box.textContent = `The review failed: ${error.message}`;
  } finally {
    if (state.reviewing === controller) state.reviewing = null;
  }
}

/** The optimum from the start: the solve of the Solve view (or the one in progress). */
async function fetchOptimum(app) {
  const puzzle = app.puzzle;
  const solution = await solve.ensure(app);
  if (!solution || app.puzzle !== puzzle) return;
  state.optimum = solution.status === 'solved'
    ? (solution.metric === 'step' ? solution.steps : solution.moves) : null;
  showScore(app);
}

function showScore(app, { verdict = true } = {}) {
  const made = count(state.history, metricOf(app));
  $('play-count').textContent = String(made);
  $('play-optimum').textContent = state.optimum == null ? '–' : String(state.optimum);
  $('play-undo').setAttribute('aria-disabled', String(state.history.length === 0));
  $('play-redo').setAttribute('aria-disabled', String(state.future.length === 0));
  if (app.view !== 'play') return;
  if (state.solved && verdict) {
    const text = state.optimum == null ? `${amount(app, made)} — solved!`
      : made <= state.optimum ? `${amount(app, made)} — optimal!`
        : `${amount(app, made)} — the optimum is ${state.optimum}`;
    app.banner(text, { won: true });
    app.announce(`Solved: ${text}`);
    $('board').classList.add('won');
  } else if (!state.solved) {
    app.banner(null);
  }
}

/** Plays `slide`; one that goes on with the last (a piece moved on a cell at a time) joins it. */
function move(app, slide, { keepFuture = false } = {}) {
  state.model = applyMove(state.model, slide);
  const last = state.history.at(-1);
  if (!keepFuture && last && last.piece === slide.piece && last.direction === slide.direction) {
    state.history[state.history.length - 1] = { ...last, distance: last.distance + slide.distance };
  } else {
    state.history.push(slide);
  }
  if (!keepFuture) state.future = [];
  say('');
  app.announce(`${describeMove(slide)}. ${amount(app, count(state.history, metricOf(app)))}.`);
  moved(app);
}

/** The moves played so far (what a shared link keeps). */
export function played() {
  return state.history;
}

/**
 * Plays `moves` (a shared link's) from the start, as far as each is legal on
 * the board (a move off the board or through a piece stops the replay).
 */
export function replay(app, moves) {
  let model = state.model;
  const history = [];
  for (const m of moves) {
    const next = applyMove(model, m);
    const piece = next.pieces.find(p => p.label === m.piece);
    const inside = piece && piece.row >= 0 && piece.col >= 0 && piece.row + piece.height <= model.height
      && piece.col + piece.width <= model.width;
    if (!inside || overlaps(next).length) break;
    model = next;
    history.push(m);
  }
  state.model = model;
  state.history = history;
  state.future = [];
  moved(app);
}

export function undo(app) {
  const last = state.history.pop();
  if (!last) return;
  state.model = applyMove(state.model, { ...last, direction: OPPOSITE[last.direction] });
  state.future.push(last);
  state.solved = false;
  app.announce(`Undone: ${describeMove(last)}`);
  moved(app);
}

export function redo(app) {
  const next = state.future.pop();
  if (next) move(app, next, { keepFuture: true });
}

async function hint(app) {
  if (state.solved) { say('Already solved!', 'ok'); return; }
  // A new hint replaces the one being searched (the server stops that search).
  stopHint();
  const controller = new AbortController();
  state.hinting = controller;
  const version = state.version;
  say('Thinking…');
  try {
    const result = await solveOn({ puzzle: toRequest(state.model), metric: metricOf(app) },
      { signal: controller.signal });
    if (version !== state.version || state.hinting !== controller) return;
    state.hinting = null;
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
    if (error.name !== 'AbortError') say(error.message, 'error');
  }
}

/** How far a piece may go in each direction from the position shown (null: not known yet). */
function reachOf(label) {
  if (!state.legal) return null;
  const reach = { up: 0, down: 0, left: 0, right: 0 };
  for (const { direction, distance } of state.legal.get(label) || []) {
    reach[direction] = Math.max(reach[direction], distance);
  }
  return reach;
}

/** Plays `slide` if it is legal in position `version`, the one it was chosen in. */
function attempt(app, version, slide) {
  if (version !== state.version || !state.legal) return false;
  const legal = (state.legal.get(slide.piece) || [])
    .some(m => m.direction === slide.direction && m.distance === slide.distance);
  if (legal) move(app, slide);
  return legal;
}

/** Dragging a piece: it follows the pointer along its legal moves and snaps to a cell. */
function setupDrag(app) {
  const container = $('board');
  let drag = null;
  container.addEventListener('pointerdown', event => {
    if (app.view !== 'play' || state.solved) return;
    const label = app.board.pieceAt(event);
    const reach = label && reachOf(label);
    if (!reach) return;
    state.cursor = label;
    drag = { label, from: app.board.toCells(event), reach, axis: null, offset: 0, version: state.version };
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
  // The page does not scroll under a piece being dragged.
  container.addEventListener('touchmove', event => { if (drag) event.preventDefault(); }, { passive: false });
  const end = () => {
    if (drag) {
      const { label, axis, offset, version } = drag;
      drag = null;
      app.board.release(label);
      const cells = Math.round(offset);
      const direction = axis === 'x' ? (cells > 0 ? 'right' : 'left') : (cells > 0 ? 'down' : 'up');
      if (!axis || cells === 0 || !attempt(app, version, { piece: label, direction, distance: Math.abs(cells) })) {
        draw(app);
      }
    }
    // Counts the presses handled, played or refused (what a test waits for).
    if (app.view === 'play') container.dataset.drags = String(Number(container.dataset.drags || 0) + 1);
  };
  container.addEventListener('pointerup', end);
  container.addEventListener('pointercancel', end);
}

/**
 * The keyboard: Tab reaches one piece (the last one used, else the target);
 * the arrow keys go from piece to piece, Enter or Space picks one up, and
 * then the arrow keys slide it a cell at a time until Enter, Space or Escape
 * puts it down.
 */
function setupKeys(app) {
  onPieceKey($('board'), (key, label, event) => {
    if (app.view !== 'play') return;
    const piece = state.model.pieces.find(p => p.label === label);
    if (key === 'Enter' || key === ' ' || (key === 'Escape' && state.selected)) {
      event.preventDefault();
      state.selected = state.selected === label || key === 'Escape' ? null : label;
      state.cursor = label;
      const ways = piece.width > piece.height ? 'left and right' : piece.height > piece.width ? 'up and down'
        : 'the four arrow keys';
      app.announce(state.selected ? `Picked up ${pieceName(piece, app.puzzle.game)}: ${ways} slide it, Enter puts it down`
        : `Put down ${pieceName(piece, app.puzzle.game)}`);
      draw(app);
      return;
    }
    const direction = ARROWS[key];
    if (!direction) return;
    event.preventDefault();
    if (state.selected !== label) {
      const next = app.board.neighbour(label, direction);
      if (!next) { app.announce(`No piece ${direction === 'up' || direction === 'down' ? direction : `to the ${direction}`}`); return; }
      state.cursor = next;
      draw(app);
      app.board.pieces.get(next)?.focus();
      return;
    }
    if (state.solved) return;
    if (!attempt(app, state.version, { piece: label, direction, distance: 1 })) {
      app.announce(state.legal ? `${pieceName(piece, app.puzzle.game)} cannot move ${direction}` : 'Wait a moment');
    }
  });
}

/** Back to the start: no moves played (a level's unfinished game forgotten). */
function restart(app) {
  reset(app);
  enter(app);
  draw(app);
  if (app.puzzle.level) progress.played(app.puzzle.level, '');
}

export function reset(app) {
  stopHint();
  state.reviewing?.abort();
  $('play-review').hidden = true;
  $('play-review').replaceChildren();
  state.model = app.puzzle.model;
  state.history = [];
  state.future = [];
  state.hint = null;
  state.selected = null;
  state.cursor = 'A';
  state.solved = false;
  state.optimum = null;
  state.legal = null;
  state.version++;
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

export function leave() {
  stopHint();
}

export function draw(app) {
  if (state.model) {
    app.board.draw(state.model, { highlight: state.hint, selected: state.selected, moveMs: 180, cursor: state.cursor });
  }
  if (state.solved && app.view === 'play') $('board').classList.add('won');
}

export function setup(app) {
  setupDrag(app);
  setupKeys(app);
  $('play-undo').addEventListener('click', () => undo(app));
  $('play-redo').addEventListener('click', () => redo(app));
  $('play-hint').addEventListener('click', () => hint(app));
  $('play-restart').addEventListener('click', () => restart(app));
  $('play-review-button').addEventListener('click', () => showReview(app));
}
