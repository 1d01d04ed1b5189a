// The page's protocol: the name of every request the page makes of its engine
// or its server (an op), the messages between the page and its engine's Web
// Workers, and those between the page and its service worker, with the share
// inbox's names. This module is the only one that spells them (a test of the
// page fails when another module names an op in a string); the others import
// them from here.
//
// An op is answered by the engine in a worker (js/engine.js posts it,
// js/worker.js calls the engine's function of the same name in
// crates/wasm/src/lib.rs) or by the server at `api/<op>`, and both answer the
// same objects, built by crates/api. Adding an op: its name and types here;
// its function in crates/wasm/src/lib.rs and its route in crates/web/src/api;
// its line in worker.js's `answersFor`; the function of api.js that asks it.
//
// The service worker (sw.js) is a classic script: `cargo xtask web` writes
// this module into it, its `export`s made plain declarations.

/**
 * The ops, by name. Each op's arguments and answer:
 * - `board`: {@link BoardRequest} → the puzzle read and checked, with its
 *   legal moves (`POST api/board`).
 * - `puzzles`: nothing → the bundled puzzles, as `unblocker list --json`
 *   (`GET api/puzzles`).
 * - `solve`, `analyze`: {@link SearchArgs} → `solve --json`'s or
 *   `analyze --json`'s object; {@link Progress} while the search runs
 *   (`POST api/solve`, `api/analyze`, `api/solve/stream`).
 * - `random`: {@link RandomArgs} → a {@link RandomPuzzle}
 *   (`GET api/random?QUERY`).
 * - `scan`: {@link ScanArgs} → `scan --json`'s object, or a refusal whose
 *   body is a {@link ScanRefusal} (`POST api/scan`, the file as the body).
 * - `levels`: nothing → every band of numbered levels, {@link Levels}
 *   (`GET api/levels`).
 * - `level`: {@link LevelArgs} → the level with its board, {@link
 *   LevelAnswer} (`GET api/level?id=BAND/N`).
 * - `daily`: {@link DailyArgs} → that date's puzzle, a {@link LevelAnswer}
 *   with `date`, `weekday` and `difficulty` (`GET api/daily?date=…`).
 * - `review`: {@link ReviewArgs} → the game's review, {@link Review}
 *   (`POST api/review`, the request as the body).
 */
export const OP = Object.freeze({
  board: 'board',
  puzzles: 'puzzles',
  solve: 'solve',
  analyze: 'analyze',
  random: 'random',
  scan: 'scan',
  levels: 'levels',
  level: 'level',
  daily: 'daily',
  review: 'review',
});

/** The server's JSON API, relative to the page (the service worker leaves it to the network). */
export const API = 'api/';

/** The server's address of `op`: `api/board`, … */
export function route(op) {
  return `${API}${op}`;
}

/** The server's streamed solve: NDJSON lines of {progress}, then {result} or {error}. */
export const SOLVE_STREAM = `${route(OP.solve)}/stream`;

/** The server's health: its database, its searches, its memory. */
export const HEALTH = `${API}health`;

/**
 * @typedef {object} BoardRequest `POST api/board`'s body.
 * @property {string | object} puzzle a bundled puzzle's name, a board string or a JSON board
 *
 * @typedef {object} SolveRequest `POST api/solve`'s body.
 * @property {string | object} puzzle as {@link BoardRequest}'s
 * @property {string} [metric] slide, step or piece (else the game's own)
 *
 * @typedef {object} SearchArgs A search in the engine.
 * @property {SolveRequest} request
 * @property {number} maxMemory the most bytes the search's tables may hold
 *
 * @typedef {object} RandomArgs A random puzzle from the engine's sample.
 * @property {string} query `GET api/random`'s query string, `min=M&max=N&walls=W`
 *
 * @typedef {object} RandomPuzzle A puzzle of the database (or its sample).
 * @property {string} board its board string
 * @property {number} moves its optimum
 * @property {number} walls
 * @property {number} cluster how many positions its family has
 * @property {string} source the database it came from
 *
 * @typedef {object} ScanArgs A screenshot for the engine to read.
 * @property {Blob} file the picture as the user gave it (the worker decodes it)
 *
 * @typedef {object} Refusal An op's error, as the server's JSON error body.
 * @property {string} error the message
 *
 * @typedef {Refusal & {overlay?: string, overlay_omitted?: string}} ScanRefusal
 * A failed scan's body: `overlay` is what the scanner saw drawn over the
 * picture, a PNG in base64 (the server's and the engine's alike); the server
 * leaves out one over its size cap and says so in `overlay_omitted`.
 *
 * @typedef {object} Levels Every band of numbered levels.
 * @property {{band: string, title: string, difficulty: string | null,
 *   levels: {number: number, optimum: number, line: string, name: string | null}[]}[]} bands
 *
 * @typedef {object} LevelArgs A level by its address.
 * @property {string} id `BAND/N`: `beginner/1`, `cards/40`, `klotski/1`
 *
 * @typedef {object} LevelAnswer A level, as `api/level` and `api/daily` answer.
 * @property {{id: string, band: string, number: number, title: string, optimum: number,
 *   name: string | null, count: number}} level `count`: the levels of its band
 * @property {object} puzzle the answer of `board` for its start
 *
 * @typedef {object} DailyArgs The puzzle of a day.
 * @property {string} date `YYYY-MM-DD`, the player's own calendar day
 *
 * @typedef {object} ReviewArgs A game to review in the engine.
 * @property {{puzzle: string, moves: {piece: string, direction: string, distance: number}[],
 *   metric?: string}} request `POST api/review`'s body: the slides played from the start
 * @property {number} maxMemory the most bytes the analysis may hold
 *
 * @typedef {object} Review A game's review.
 * @property {string} metric how its moves are counted
 * @property {number | null} optimum from the start (null: no solution)
 * @property {{piece: string, direction: string, distance: number, before: number | null,
 *   after: number | null, mark: 'optimal' | 'wasted' | 'backward' | null, better?: object}[]} moves
 *   each move with the distance to the goal before and after it, and an
 *   optimal move (`better`) where it was not one
 * @property {number | null} first_wasted the index of the first move that was not optimal
 *
 * @typedef {object} Progress A search's progress (at most every 100 ms).
 * @property {number} examined positions looked at
 * @property {number} enqueued positions found
 * @property {number} depth the level the search is at
 */

/**
 * A refusal as the Error the page throws: the API's message, with the
 * refusal's `status` and `body`.
 */
export function refusal(status, body) {
  const error = new Error(body.error || `error ${status}`);
  error.status = status;
  error.body = body;
  return error;
}

/**
 * The messages between the page (js/engine.js) and an engine worker
 * (js/worker.js), in order.
 *
 * @typedef {{module: WebAssembly.Module}} Start
 * Page → worker, once: the engine, compiled by the page.
 *
 * @typedef {{ready: true} | {error: string}} Started
 * Worker → page: the engine is loaded, or why it is not.
 *
 * @typedef {{id: number, op: string, args: *}} Request
 * Page → worker: op `op` (one of {@link OP}) with its arguments; `id` is the
 * page's number for it. A worker answers one request at a time.
 *
 * @typedef {{id: number, progress: string}} ProgressLine
 * Worker → page, while a search runs: a progress line as the server streams
 * it, JSON text of `{"progress": Progress}`.
 *
 * @typedef {{id: number, reply: Reply, crashed?: true}} Answered
 * Worker → page: the request's reply; `crashed` when the engine failed (it
 * is not used again: the page ends the worker).
 *
 * @typedef {{answer: *} | {status: number, body: Refusal}} Reply
 * An op's answer, or its refusal as the server gives it (its HTTP status and
 * error body). The engine's functions return it as JSON text
 * (crates/wasm/src/lib.rs, `Reply`).
 */

/**
 * What a page asks its service worker: a message with a MessageChannel port
 * for the answer.
 */
export const SW = Object.freeze({
  /** Take over every page of the scope now (the version waiting; the page's Reload). No answer. */
  takeOver: 'take-over',
  /** The service worker's version: the site's version (a string). */
  version: 'version',
  /** The screenshot the share sheet sent: a File, or null; the inbox is emptied. */
  shared: 'shared',
});

/**
 * The share sheet's way in (manifest.webmanifest's `share_target` says the
 * same `path` and `field`: a test checks them).
 */
export const SHARE = Object.freeze({
  /** The share target's address, relative to the service worker's scope: a POST. */
  path: 'share',
  /** The form's file field. */
  field: 'screenshot',
  /** The page's hash when the share opens it. */
  hash: 'shared',
  /** The cache that keeps the screenshot until the page takes it (its scope follows, after a space). */
  inbox: 'unblocker-inbox',
  /** The screenshot's address in the inbox, relative to the scope. */
  key: 'shared-screenshot',
  /** The header that keeps the screenshot's file name in the inbox. */
  nameHeader: 'x-name',
});
