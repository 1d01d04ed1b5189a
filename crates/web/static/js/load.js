// Load: a screenshot (read in the browser, or by the server without the engine) —
// picked, dropped, pasted, taken with the camera, shared from another app or opened
// with the installed app —, a board string, a bundled puzzle, or a random puzzle of
// the database by Unblock Me's difficulty categories.

import * as api from './api.js';
import { $ } from './dom.js';
import { number } from './numbers.js';
import * as solve from './solve.js';

/** What the random row says when no random puzzle is loaded. */
let randomNote = '';

export function message(text, error = false) {
  const node = $('load-message');
  node.textContent = text;
  node.className = `message ${error ? 'error' : 'ok'}`;
}

/**
 * Reads `puzzle` (or takes `answer`, its board read already) and watches its
 * solution at once; the answer, or null when it is not a board.
 */
async function open(app, puzzle, { title = null, random = null, answer: known = null } = {}) {
  try {
    const answer = known || await api.readBoard(puzzle);
    app.setPuzzle(answer, { title, random });
    message(`Loaded ${title || answer.name || answer.line}`);
    app.watchNow();
    return answer;
  } catch (error) {
    message(error.message, true);
    return null;
  }
}

async function fillBundled() {
  const select = $('bundled');
  const puzzles = await api.puzzles();
  const groups = { rush: 'Rush Hour', klotski: 'Klotski' };
  for (const [game, title] of Object.entries(groups)) {
    const group = document.createElement('optgroup');
    group.label = title;
    for (const p of puzzles.filter(p => p.game === game)) {
      const option = document.createElement('option');
      option.value = p.name;
      const optimum = p.optimum == null ? 'unsolvable' : `${p.optimum} moves`;
      option.textContent = `${p.name}${p.aliases.length ? ` (${p.aliases[0]})` : ''} — ${optimum}`;
      option.title = p.description;
      group.appendChild(option);
    }
    select.appendChild(group);
  }
}

/** The object URL of the screenshot shown above the board, if one is. */
let original = null;

/**
 * Shows the original screenshot `file` above the board (a thumbnail, and
 * large when it is tapped), or with null hides it; the URL of the one shown
 * before is revoked.
 */
function showOriginal(file) {
  if (original) URL.revokeObjectURL(original);
  original = file && URL.createObjectURL(file);
  $('original').hidden = !original;
  $('original-large').hidden = true;
  $('original').setAttribute('aria-expanded', 'false');
  for (const id of ['original-image', 'original-large-image']) {
    if (original) $(id).src = original;
    else $(id).removeAttribute('src');
  }
}

/** Says how a screenshot's scan went, in the Load view. */
function scanSays(text, kind = '') {
  $('scan-result').hidden = false;
  $('scan-overlay').hidden = true;
  $('scan-message').className = `message ${kind}`;
  $('scan-message').textContent = text;
}

/** Scans the board in a screenshot, titled with the file's name, and watches its solution. */
export async function scan(app, file) {
  const overlay = $('scan-overlay');
  scanSays(`Scanning ${file.name}…`);
  try {
    const scanned = await api.scan(file);
    const answer = await api.readBoard(scanned.board);
    // The engine solves it while the page draws it (the request goes out
    // before the drawing, which yields to nothing).
    if (api.local) {
      solve.prepare(answer.line, app.metric);
      await new Promise(resolve => setTimeout(resolve));
    }
    app.setPuzzle(answer, { title: file.name });
    showOriginal(file);
    const confidence = scanned.confidence == null ? '' : `, confidence ${Math.round(scanned.confidence * 100)}%`;
    const assumed = scanned.exit_assumed ? ' (exit assumed)' : '';
    $('scan-message').textContent = `Scanned ${file.name}${confidence}${assumed}`;
    $('scan-message').className = 'message ok';
    // Awaited: a page opened on a shared screenshot does the rest of its
    // opening (the bundled list, the next random puzzle) once it plays.
    await app.watchNow();
  } catch (error) {
    $('scan-message').textContent = `The scan failed: ${error.message}`;
    $('scan-message').className = 'message error';
    if (error.body?.overlay) {
      overlay.src = `data:image/png;base64,${error.body.overlay}`;
      overlay.hidden = false;
    }
    // The reason is in the Load view, where the picture was dropped (or,
    // for a page opened on a shared screenshot, that shows no view yet).
    if (app.view !== 'load' || !document.body.dataset.view) app.show('load');
  }
}

export function setup(app) {
  $('load-text').addEventListener('click', () => open(app, $('board-text').value));
  const openBundled = () => { if ($('bundled').value) open(app, $('bundled').value); };
  $('load-bundled').addEventListener('click', openBundled);
  $('bundled').addEventListener('change', openBundled);
  const dropzone = $('dropzone');
  $('file').addEventListener('change', event => {
    if (event.target.files[0]) scan(app, event.target.files[0]);
  });
  dropzone.addEventListener('dragover', event => { event.preventDefault(); dropzone.classList.add('over'); });
  dropzone.addEventListener('dragleave', () => dropzone.classList.remove('over'));
  dropzone.addEventListener('drop', event => {
    event.preventDefault();
    dropzone.classList.remove('over');
    const file = event.dataTransfer.files[0];
    if (file) scan(app, file);
  });
  setupPaste(app);
  setupCamera(app);
  if (!api.local) $('dropzone-where').textContent = 'or tap to pick one — it is scanned by the server';
  api.health().then(health => {
    if (health?.database) return;
    randomNote = health
      ? 'Random puzzles come from a small sample built into Unblocker; the command unblocker db generate makes the whole database.'
      : 'Random puzzles come from a sample of the full 6×6 database that comes with this page.';
    if (!app.puzzle?.random) $('random-note').textContent = randomNote;
  });
  $('load-random').addEventListener('click', () => random(app, chosen()));
  for (const choice of ['random-level', 'random-nowalls']) {
    $(choice).addEventListener('change', () => prepare(app, chosen()));
  }
  $('original').addEventListener('click', () => {
    const large = $('original-large');
    large.hidden = !large.hidden;
    $('original').setAttribute('aria-expanded', String(!large.hidden));
  });
}

/**
 * Paste: a picture pasted anywhere on the page (Ctrl+V or ⌘V, or the phone's
 * own Paste) is scanned; pasted text goes where it was going. The Paste
 * button reads the clipboard where the browser lets a page do so.
 */
function setupPaste(app) {
  document.addEventListener('paste', event => {
    const file = [...(event.clipboardData?.files || [])].find(f => f.type.startsWith('image/'));
    if (!file) return;
    event.preventDefault();
    scan(app, file);
  });
  if (/Mac|iPhone|iPad/.test(navigator.platform)) {
    $('paste-keys').textContent = '⌘V pastes a screenshot you copied, wherever you are on the page.';
  }
  if (!navigator.clipboard?.read) return;
  $('paste').hidden = false;
  $('paste').addEventListener('click', () => pasteClipboard(app));
}

async function pasteClipboard(app) {
  let items;
  try {
    items = await navigator.clipboard.read();
  } catch (error) {
    scanSays(`The clipboard could not be read: ${error.message}`, 'error');
    return;
  }
  for (const item of items) {
    const type = item.types.find(t => t.startsWith('image/'));
    if (type) {
      const picture = await item.getType(type);
      scan(app, new File([picture], 'Pasted screenshot', { type }));
      return;
    }
  }
  scanSays('The clipboard holds no picture: copy a screenshot first (in the photo viewer, Share → Copy).', 'error');
}

/** The camera, beside the file pick, where the device has one and a touch screen. */
async function setupCamera(app) {
  $('camera').addEventListener('change', event => {
    const file = event.target.files[0];
    if (file) scan(app, file);
    event.target.value = '';
  });
  if (!matchMedia('(pointer: coarse)').matches) return;
  const devices = navigator.mediaDevices?.enumerateDevices
    ? await navigator.mediaDevices.enumerateDevices().catch(() => []) : null;
  if (!devices || devices.some(d => d.kind === 'videoinput')) $('camera-pick').hidden = false;
}

/**
 * The installed app opened with a picture ("Open with Unblocker", the
 * manifest's file_handlers): the first one is scanned.
 */
export function openLaunched(app) {
  window.launchQueue?.setConsumer(async ({ files }) => {
    if (files?.length) scan(app, await files[0].getFile());
  });
}

/** The difficulty chosen in the Load view: {min, max, walls, level}. */
function chosen() {
  const select = $('random-level');
  const [min, max] = select.value.split('-');
  return {
    min: Number(min),
    max: max ? Number(max) : null,
    walls: $('random-nowalls').checked ? 0 : null,
    level: select.selectedOptions[0].textContent.replace(/,.*/, ''),
  };
}

/**
 * Once the page has opened (a shared screenshot first): the bundled puzzles'
 * list, and the first random puzzle, ready for the tap.
 */
export function ready(app) {
  fillBundled().then(() => app.puzzle && showLoaded(app)).catch(error => message(error.message, true));
  prepare(app, chosen());
}

/** The next random puzzle at the difficulty of the one loaded (or the one chosen). */
export function next(app) {
  return random(app, app.puzzle?.random || chosen());
}

/** A puzzle drawn for the next tap on Random: {key, puzzle, answer}, its solution found too. */
let prepared = null;

function difficultyKey(app, { min, max, walls }) {
  return JSON.stringify([min, max, walls, app.metric]);
}

/**
 * Draws, reads and solves the next random puzzle of `difficulty` before the tap
 * that asks for it, when the engine is in the browser (a server's solves are
 * not spent on puzzles no one may ask for).
 */
async function prepare(app, difficulty) {
  if (!api.local) return;
  const key = difficultyKey(app, difficulty);
  if (prepared?.key === key) return;
  prepared = null;
  try {
    const puzzle = await api.random(difficulty);
    const answer = await api.readBoard(puzzle.board);
    await solve.prepare(answer.line, app.metric);
    if (key === difficultyKey(app, difficulty)) prepared = { key, puzzle, answer };
  } catch {
    // The tap draws one itself.
  }
}

/** A random puzzle of a difficulty, with its optimum and where it came from; then its solution plays. */
async function random(app, difficulty) {
  const { min, max, level } = difficulty;
  try {
    let puzzle;
    let answer = null;
    // Never the puzzle shown again (a small sample has few of a kind).
    const ready = prepared;
    prepared = null;
    if (ready?.key === difficultyKey(app, difficulty) && ready.answer.line !== app.puzzle?.line) {
      ({ puzzle, answer } = ready);
    } else {
      puzzle = await api.random(difficulty);
      for (let draw = 0; draw < 4 && puzzle.board === app.puzzle?.line; draw++) {
        puzzle = await api.random(difficulty);
      }
    }
    const category = min === 1 && !max ? '' : `${level.toLowerCase()} `;
    const wallsSaid = puzzle.walls === 0 ? 'no walls' : `${puzzle.walls} wall${puzzle.walls === 1 ? '' : 's'}`;
    const title = `Random ${category}puzzle · ${puzzle.moves} moves · ${wallsSaid}`;
    if (await open(app, puzzle.board, { title, random: difficulty, answer })) {
      $('random-note').textContent = `Drew: ${level}, ${wallsSaid}, ${puzzle.moves} moves at best ` +
        `(one of ${number(puzzle.cluster)} positions of its family), from ${puzzle.source}.`;
      // The next one, for Next puzzle or another tap.
      prepare(app, difficulty);
    }
  } catch (error) {
    message(error.message, true);
  }
}

/** A new puzzle: a scan's original goes, unless the editor changed its board. */
export function reset(app, { source }) {
  if (source !== 'editor') showOriginal(null);
  showLoaded(app);
}

/** The bundled list shows the loaded puzzle, or its prompt when the puzzle is not one of them. */
function showLoaded(app) {
  $('board-text').value = app.puzzle.line;
  // The note tells a random puzzle's provenance, or where random puzzles come from.
  if (!app.puzzle.random) $('random-note').textContent = randomNote;
  const select = $('bundled');
  const listed = [...select.options].some(o => o.value && o.value === app.puzzle.name);
  select.value = listed ? app.puzzle.name : '';
}

/** Nothing to start as Load is shown, nor to stop as it is left. */
export function enter() {}

export function leave() {}

/** Load shows the puzzle's start. */
export function draw(app) {
  app.drawStart();
}

/** Load keeps no history. */
export const undo = null;
export const redo = null;
