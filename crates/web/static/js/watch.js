// Watch: the solution played back with Play/Stop, steps, Reset, speed, a slider,
// the move list, and the keys space, arrows and R.

import { describeMove } from './board.js';

const $ = id => document.getElementById(id);
let timer = null;

function interval() {
  return 2200 / Number($('w-speed').value);
}

export function clear() {
  stop();
  $('watch').hidden = true;
  $('w-moves').textContent = '';
}

/** Shows the controls and the move list of a new solution. */
export function refresh(app) {
  stop();
  const moves = app.solution?.solution || [];
  $('watch').hidden = !app.solution || moves.length === 0;
  $('w-slider').max = String(moves.length);
  const list = $('w-moves');
  list.textContent = '';
  moves.forEach((move, i) => {
    const item = document.createElement('li');
    item.textContent = describeMove(move);
    item.addEventListener('click', () => goTo(app, i + 1));
    list.appendChild(item);
  });
}

export function goTo(app, step) {
  const last = Math.max(app.frames.length - 1, 0);
  app.step = Math.min(Math.max(step, 0), last);
  if (app.step === last) stop();
  app.changed();
}

function play(app) {
  if (app.step >= app.frames.length - 1) app.step = 0;
  $('w-play').textContent = '⏸ Stop';
  timer = setInterval(() => goTo(app, app.step + 1), interval());
  goTo(app, app.step + 1);
}

function stop() {
  clearInterval(timer);
  timer = null;
  $('w-play').textContent = '▶ Play';
}

function toggle(app) {
  if (timer) stop(); else if (app.frames.length > 1) play(app);
}

export function draw(app) {
  if (!app.puzzle) return;
  const frame = app.frames[app.step] || app.puzzle.model;
  const moves = app.solution?.solution || [];
  const justMoved = app.step > 0 ? moves[app.step - 1]?.piece : null;
  app.board.draw(frame, { highlight: justMoved, moveMs: Math.min(interval() * 0.7, 380) });
  $('w-slider').value = String(app.step);
  $('w-counter').textContent = `${app.step} / ${moves.length}`;
  const items = $('w-moves').children;
  for (let i = 0; i < items.length; i++) {
    items[i].classList.toggle('current', i === app.step - 1);
    items[i].classList.toggle('done', i < app.step - 1);
  }
  items[app.step - 1]?.scrollIntoView({ block: 'nearest' });
  if (app.solution && app.step === moves.length && moves.length) {
    app.banner(`Solved: ${moves.length} moves`);
  } else {
    app.banner(null);
  }
}

export function leave() {
  stop();
}

export function setup(app) {
  $('w-play').addEventListener('click', () => toggle(app));
  $('w-forward').addEventListener('click', () => { stop(); goTo(app, app.step + 1); });
  $('w-back').addEventListener('click', () => { stop(); goTo(app, app.step - 1); });
  $('w-reset').addEventListener('click', () => { stop(); goTo(app, 0); });
  $('w-slider').addEventListener('input', () => { stop(); goTo(app, Number($('w-slider').value)); });
  $('w-speed').addEventListener('input', () => { if (timer) { stop(); play(app); } });
  document.addEventListener('keydown', event => {
    if (app.view !== 'solve' || !app.solution) return;
    if (event.target.closest('input, textarea, select')) return;
    // A focused button would also take the space as a click.
    if (event.target.closest('button')) event.target.blur();
    if (event.key === ' ') { event.preventDefault(); toggle(app); }
    else if (event.key === 'ArrowRight') { event.preventDefault(); stop(); goTo(app, app.step + 1); }
    else if (event.key === 'ArrowLeft') { event.preventDefault(); stop(); goTo(app, app.step - 1); }
    else if (event.key === 'r' || event.key === 'R') { stop(); goTo(app, 0); }
  });
}
