// The loaded puzzle's search, shared by the views: in Watch with the metric,
// live counts, Solve and Cancel and the verdict; Play's optimum and the
// statistics take the same search; a puzzle about to be shown is solved ahead.

import * as api from './api.js';
import { number } from './numbers.js';
import { applyMove } from './board.js';
import { $ } from './dom.js';
import * as watch from './watch.js';
/** The search in progress: {controller, key, promise}. */
let running = null;
/**
 * Searches started ahead of need (a random puzzle prepared before its tap, a
 * screenshot's puzzle while the page draws it), by key: each a promise of the
 * solution, or of null when the search failed.
 */
const ahead = new Map();

/** What a solve answers: the puzzle and the metric. */
function keyOf(app) {
  return keyFor(app.puzzle?.line, app.metric);
}

function keyFor(line, metric) {
  return JSON.stringify([line, metric]);
}

/**
 * Solves a puzzle before it is shown (the engine in the browser only), so that
 * its solution plays as soon as it is loaded; the promise resolves when it is
 * known, or fails quietly.
 */
export function prepare(line, metric) {
  const key = keyFor(line, metric);
  if (!ahead.has(key)) {
    const request = { puzzle: line };
    if (metric) request.metric = metric;
    // A few puzzles at most: the next random ones, a screenshot's.
    if (ahead.size >= 4) ahead.delete(ahead.keys().next().value);
    ahead.set(key, api.solve(request).catch(() => null));
  }
  return ahead.get(key).then(() => {});
}

/** `promise`, or an AbortError as soon as `signal` aborts. */
function abortable(promise, signal) {
  return new Promise((resolve, reject) => {
    signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')), { once: true });
    promise.then(resolve);
  });
}

/**
 * The loaded puzzle's solution in the chosen metric: the one known, or the
 * search in progress (Play and Solve share it), or a new search.
 */
export function ensure(app) {
  if (app.solution) return Promise.resolve(app.solution);
  if (running && running.key === keyOf(app)) return running.promise;
  return run(app);
}

/**
 * Solves the loaded puzzle in the chosen metric; returns the `solve --json`
 * object. With `play`, a solution plays at once if Watch is still shown.
 */
export function run(app, { play = false } = {}) {
  if (!app.puzzle) return Promise.resolve(null);
  running?.controller.abort();
  // How many searches the page has started (what a test reads to know none more was).
  document.body.dataset.searches = String(Number(document.body.dataset.searches || 0) + 1);
  const controller = new AbortController();
  const promise = search(app, controller, play);
  running = { controller, key: keyOf(app), promise };
  return promise;
}

async function search(app, controller, play) {
  const started = performance.now();
  $('progress').hidden = false;
  $('progress-text').textContent = 'Starting…';
  $('solve').setAttribute('aria-disabled', 'true');
  $('cancel').setAttribute('aria-disabled', 'false');
  $('result').textContent = '';
  $('result').className = 'result';
  const request = { puzzle: app.puzzle.line };
  if (app.metric) request.metric = app.metric;
  try {
    const onProgress = p => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      $('progress-text').textContent =
        `${number(p.examined)} examined · ${number(p.enqueued)} enqueued · depth ${p.depth} · ${seconds} s`;
    };
    const known = ahead.get(keyOf(app));
    ahead.delete(keyOf(app));
    // Awaited either way: `running` is this search's only once run() has returned.
    const result = (known && await abortable(known, controller.signal))
      || await api.solve(request, { onProgress, signal: controller.signal });
    if (running?.controller !== controller) return null;
    app.solution = result;
    app.frames = [app.puzzle.model];
    for (const move of result.solution) app.frames.push(applyMove(app.frames.at(-1), move));
    app.step = 0;
    showVerdict(result);
    watch.refresh(app);
    // Playing draws the first move: the start, drawn already, is not drawn again.
    if (play && result.status === 'solved' && app.view === 'watch') watch.start(app);
    else app.changed();
    return result;
  } catch (error) {
    if (running?.controller !== controller) return null;
    $('result').textContent = error.name === 'AbortError' ? 'Cancelled.' : error.message;
    $('result').className = 'result unsolvable';
    return null;
  } finally {
    if (running?.controller === controller) {
      running = null;
      $('progress').hidden = true;
      $('solve').setAttribute('aria-disabled', 'false');
      $('cancel').setAttribute('aria-disabled', 'true');
    }
  }
}

function showVerdict(result) {
  const node = $('result');
  const stats = result.stats;
  if (result.status === 'solved') {
    const main = result.metric === 'step'
      ? `${result.steps} steps (${result.moves} moves)`
      : `${result.moves} moves (${result.steps} steps)`;
    node.textContent = `Solved in ${main}, the fewest possible · ${number(stats.examined)} positions looked at in ${stats.elapsed_ms.toFixed(1)} ms`;
    node.className = 'result solved';
  } else if (result.status === 'unsolvable') {
    node.textContent = `Unsolvable: all ${number(stats.enqueued)} reachable positions were seen, and in none does the target reach its goal.`;
    node.className = 'result unsolvable';
  } else {
    node.textContent = `No answer: stopped (${result.status.replace('_', ' ')}) after ${number(stats.examined)} positions.`;
    node.className = 'result unsolvable';
  }
}

function cancel() {
  running?.controller.abort();
}

/** Forgets the shown verdict (a new puzzle or metric). */
export function forget() {
  cancel();
  $('result').textContent = '';
  watch.clear();
}

export function showMetric(app) {
  $('metric').value = app.metric;
}

export function setup(app) {
  $('solve').addEventListener('click', () => run(app));
  $('cancel').addEventListener('click', () => cancel());
  $('metric').addEventListener('change', () => {
    app.metric = $('metric').value;
    app.clearSolution();
    app.modes.play.reset(app, { source: 'metric' });
    app.changed();
  });
}
