// Every answer the page needs, from the engine in the browser (the static site)
// or from the server's JSON API (`unblocker serve` without the engine), in the
// same shapes (js/protocol.js); every error becomes an Error with the API's
// message, `status` and `body`.

import { site } from './site.js';
import * as engine from './engine.js';
import { HEALTH, OP, SOLVE_STREAM, refusal, route } from './protocol.js';

/** True when this page computes in the browser. */
export const local = site.engine === 'wasm';

async function answer(response) {
  const text = await response.text();
  let body;
  try { body = JSON.parse(text); } catch { body = { error: text || response.statusText }; }
  if (!response.ok) throw refusal(response.status, body);
  return body;
}

async function getJson(path) {
  return answer(await fetch(path));
}

async function postJson(path, body, signal) {
  return answer(await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  }));
}

/** True when a server is beside the page: `unblocker serve`, with or without the engine. */
const served = !local || site.server === true;
let healthAsked = null;

/**
 * The server's `/api/health`, or null where there is no server (a static host,
 * which is never asked, or a server now out of reach). Asked once.
 */
export function health() {
  healthAsked ??= served ? getJson(HEALTH).catch(() => null) : Promise.resolve(null);
  return healthAsked;
}

/** Reads and validates a puzzle: {board, line, game, solved, moves, …}. */
export function readBoard(puzzle) {
  const request = { puzzle };
  return local ? engine.call(OP.board, request) : postJson(route(OP.board), request);
}

/** The bundled puzzles, as `unblocker list --json`. */
export function puzzles() {
  return local ? engine.call(OP.puzzles) : getJson(route(OP.puzzles));
}

/**
 * Solves (`solve --json`'s object). `onProgress({examined, enqueued, depth})`
 * is called while the search runs; aborting `signal` stops the search.
 */
export function solve(request, { onProgress, signal } = {}) {
  if (local) {
    return engine.call(OP.solve, { request, maxMemory: engine.memoryCap() }, { onProgress, signal });
  }
  return onProgress ? solveStream(request, onProgress, signal) : postJson(route(OP.solve), request, signal);
}

/**
 * A random puzzle of `{min, max, walls}` (`walls` null: any): from the server's
 * database when it has one, else from the sample of the database the engine
 * carries (or the server's, without the engine).
 */
export async function random({ min, max, walls }) {
  const query = new URLSearchParams({ min: String(min) });
  if (max) query.set('max', String(max));
  if (walls !== null) query.set('walls', String(walls));
  if (!local || (await health())?.database) {
    try {
      return await getJson(`${route(OP.random)}?${query}`);
    } catch (error) {
      if (!local || error.status) throw error;
      // The server is gone: the engine's sample.
    }
  }
  return engine.call(OP.random, { query: String(query) });
}

/** Every band of numbered levels (protocol.js's Levels). */
export function levels() {
  return local ? engine.call(OP.levels) : getJson(route(OP.levels));
}

/** The level at `id` (`beginner/1`): protocol.js's LevelAnswer. */
export function level(id) {
  return local ? engine.call(OP.level, { id }) : getJson(`${route(OP.level)}?${new URLSearchParams({ id })}`);
}

/** The puzzle of `date` (`YYYY-MM-DD`): a LevelAnswer with its date, weekday and difficulty. */
export function daily(date) {
  return local ? engine.call(OP.daily, { date }) : getJson(`${route(OP.daily)}?${new URLSearchParams({ date })}`);
}

/**
 * The review of a game: `request` is {puzzle, moves: [{piece, direction,
 * distance}], metric?}; each move's distance to the goal before and after it.
 */
export function review(request, { signal } = {}) {
  if (local) return engine.call(OP.review, { request, maxMemory: engine.memoryCap() }, { signal });
  return postJson(route(OP.review), request, signal);
}

/**
 * Reads the board in a screenshot: `scan --json`'s object. A failed scan's
 * error carries what the scanner saw as `body.overlay`, a base64 PNG, from
 * the server and the engine alike.
 */
export async function scan(file) {
  if (local) return engine.call(OP.scan, { file });
  const type = file.type || 'application/octet-stream';
  return answer(await fetch(route(OP.scan), { method: 'POST', headers: { 'Content-Type': type }, body: file }));
}

/** The server's NDJSON stream: progress lines, then the result. */
async function solveStream(request, onProgress, signal) {
  const response = await fetch(SOLVE_STREAM, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(request),
    signal,
  });
  if (!response.ok) return answer(response);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    let newline;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = JSON.parse(buffered.slice(0, newline));
      buffered = buffered.slice(newline + 1);
      if (line.progress) onProgress(line.progress);
      if (line.result) return line.result;
      if (line.error) throw new Error(line.error);
    }
  }
  throw new Error('the server closed the stream before the answer');
}
