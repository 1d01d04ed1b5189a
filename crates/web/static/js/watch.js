// Watch: the loaded puzzle's solution (solve.js finds it) played back with
// Play/Stop, steps, Reset, speed, a slider, the move list, and the keys space,
// arrows and R. A bent Klotski move travels along its path; the last move ends
// with the target driving out.

import { describeMove, segments, DELTA } from './board.js';
import { $ } from './dom.js';
const PLAY_ICON = 'M4 2v12l8-6z';
const STOP_ICON = 'M3 3h10v10H3z';
let timer = null;
/** The step drawn last, to animate one step forward along its path. */
let shown = 0;

function interval() {
  return 2200 / Number($('w-speed').value);
}

export function clear() {
  stop();
  $('watch').hidden = true;
  $('watch-more').hidden = true;
  $('w-moves').textContent = '';
  $('w-caption').textContent = '';
}

/** Shows the controls and the move list of a new solution. */
export function refresh(app) {
  stop();
  const moves = app.solution?.solution || [];
  const none = !app.solution || moves.length === 0;
  $('watch').hidden = none;
  $('watch-more').hidden = none;
  $('w-slider').max = String(moves.length);
  const list = $('w-moves');
  list.textContent = '';
  moves.forEach((move, i) => {
    const item = document.createElement('li');
    item.textContent = describeMove(move);
    item.addEventListener('click', () => goTo(app, i + 1));
    list.appendChild(item);
  });
  shown = 0;
  app.fit();
}

export function goTo(app, step) {
  const last = Math.max(app.frames.length - 1, 0);
  app.step = Math.min(Math.max(step, 0), last);
  if (app.step === last) stop();
  app.changed();
}

/** Plays the solution from the step shown (from the start at the end). */
export function start(app) {
  if (app.step >= app.frames.length - 1) app.step = 0;
  $('w-play-label').textContent = 'Stop';
  $('w-play-icon').setAttribute('d', STOP_ICON);
  timer = setInterval(() => goTo(app, app.step + 1), interval());
  goTo(app, app.step + 1);
}

function stop() {
  clearInterval(timer);
  timer = null;
  $('w-play-label').textContent = 'Play';
  $('w-play-icon').setAttribute('d', PLAY_ICON);
}

function toggle(app) {
  if (timer) stop(); else if (app.frames.length > 1) start(app);
}

/** The corners a piece passes through in `move`, from `frame` (its position before). */
function corners(frame, move) {
  const piece = frame.pieces.find(p => p.label === move.piece);
  const cells = [[piece.row, piece.col]];
  for (const { direction, distance } of segments(move)) {
    const [row, col] = cells.at(-1);
    cells.push([row + DELTA[direction][0] * distance, col + DELTA[direction][1] * distance]);
  }
  return cells;
}

/**
 * Scrolls the move list (and only the list: the page stays where it is, so
 * the board stays on the screen) until `item` is in its middle.
 */
function keepInView(list, item) {
  // In the next frame, when the browser lays the page out anyway: scrolling
  // or measuring now would lay it out once more.
  cancelAnimationFrame(scrolling);
  scrolling = requestAnimationFrame(() => {
    list.scrollTop = item ? item.offsetTop - (list.clientHeight - item.offsetHeight) / 2 : 0;
  });
}

/** The list's scroll waiting for the next frame. */
let scrolling = 0;

export function draw(app) {
  if (!app.puzzle) return;
  const frame = app.frames[app.step] || app.puzzle.model;
  const moves = app.solution?.solution || [];
  const move = app.step > 0 ? moves[app.step - 1] : null;
  const forward = move && app.step === shown + 1;
  const path = forward && segments(move).length > 1
    ? { label: move.piece, cells: corners(app.frames[app.step - 1], move) } : null;
  shown = app.step;
  app.board.draw(frame, { highlight: move?.piece, path, moveMs: Math.min(interval() * 0.7, 380) });
  $('w-slider').value = String(app.step);
  $('w-counter').textContent = `${app.step} / ${moves.length}`;
  const items = $('w-moves').children;
  for (let i = 0; i < items.length; i++) {
    items[i].classList.toggle('current', i === app.step - 1);
    items[i].classList.toggle('done', i < app.step - 1);
  }
  keepInView($('w-moves'), items[app.step - 1]);
  const end = app.solution && app.step === moves.length && moves.length;
  const said = !app.solution ? ''
    : move ? `Move ${app.step} of ${moves.length}: ${describeMove(move)}`
      : moves.length ? `Start: ${moves.length} ${moves.length === 1 ? 'move' : 'moves'} to go` : '';
  $('w-caption').textContent = said;
  if (app.solution) app.announce(`${said}${end ? '. Solved.' : ''}`);
  app.banner(null);
  if (end) {
    const count = app.solution.metric === 'step' ? app.solution.steps : app.solution.moves;
    const unit = `${app.solution.metric === 'step' ? 'step' : 'move'}${count === 1 ? '' : 's'}`;
    const step = app.step;
    const show = () => { if (app.view === 'watch' && app.step === step) app.banner(`Solved: ${count} ${unit}`, { won: true }); };
    // Stepping onto the end plays the win; jumping there just says it.
    if (forward) app.board.celebrate(frame).then(show); else show();
  }
}

/** A new puzzle's solution is not known yet: `app.clearSolution` has cleared the controls. */
export function reset() {}

/** Watch shows the solution as far as it has played (`draw`). */
export function enter() {}

/** Watch keeps no history (its steps are the solution's). */
export const undo = null;
export const redo = null;

/** Leaving Watch: the playback stops and its caption goes (Play shares the line under the board). */
export function leave() {
  stop();
  $('w-caption').textContent = '';
}

export function setup(app) {
  $('w-play').addEventListener('click', () => toggle(app));
  $('w-forward').addEventListener('click', () => { stop(); goTo(app, app.step + 1); });
  $('w-back').addEventListener('click', () => { stop(); goTo(app, app.step - 1); });
  $('w-reset').addEventListener('click', () => { stop(); goTo(app, 0); });
  $('w-slider').addEventListener('input', () => { stop(); goTo(app, Number($('w-slider').value)); });
  $('w-speed').addEventListener('input', () => { if (timer) { stop(); start(app); } });
  document.addEventListener('keydown', event => {
    if (app.view !== 'watch' || !app.solution || event.ctrlKey || event.metaKey || event.altKey) return;
    // Form fields, tabs and the slider keep their own keys; buttons other than
    // the playback's keep the space (Play itself takes it as a click).
    if (event.target.closest('input, textarea, select, [role=tab]')) return;
    const button = event.target.closest('button');
    if (event.key === ' ' && button && (button.id === 'w-play' || !button.closest('#watch'))) return;
    if (event.key === ' ') { event.preventDefault(); toggle(app); }
    else if (event.key === 'ArrowRight') { event.preventDefault(); stop(); goTo(app, app.step + 1); }
    else if (event.key === 'ArrowLeft') { event.preventDefault(); stop(); goTo(app, app.step - 1); }
    else if (event.key === 'r' || event.key === 'R') { stop(); goTo(app, 0); }
  });
}
