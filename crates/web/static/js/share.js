// The link: puzzle (a bundled puzzle by its name, a level by its address),
// metric, view and step in the URL's hash, with a random puzzle's title and difficulty and the moves played,
// so a shared link reopens the view as it was; shared with the phone's own share
// sheet where there is one, else copied.

import { played } from './play.js';

const DIRECTIONS = { up: 'u', down: 'd', left: 'l', right: 'r' };
const NAMES = { u: 'up', d: 'down', l: 'left', r: 'right' };
/** Views the link once named otherwise, by their old name: links made before keep working. */
const RENAMED = Object.freeze({ solve: 'watch' });

/** Moves as "Br1.Cd2" (piece, direction's initial, distance). */
export function writeMoves(moves) {
  return moves.map(m => `${m.piece}${DIRECTIONS[m.direction]}${m.distance}`).join('.');
}

/** The moves of `writeMoves`, or [] when the text is not that. */
export function readMoves(text) {
  const moves = [];
  for (const part of (text || '').split('.').filter(Boolean)) {
    const match = /^([A-Za-z0-9])([udlr])([0-9]+)$/.exec(part);
    if (!match) return [];
    moves.push({ piece: match[1], direction: NAMES[match[2]], distance: Number(match[3]) });
  }
  return moves;
}

/** A random puzzle's difficulty as "min-max-walls" (empty parts for none). */
function writeDifficulty(random) {
  return [random.min, random.max ?? '', random.walls ?? '', random.level].join('-');
}

function readDifficulty(text) {
  if (!text) return null;
  const [min, max, walls, ...level] = text.split('-');
  if (!/^[0-9]+$/.test(min)) return null;
  return {
    min: Number(min),
    max: /^[0-9]+$/.test(max) ? Number(max) : null,
    walls: /^[0-9]+$/.test(walls) ? Number(walls) : null,
    level: level.join('-') || 'Any difficulty',
  };
}

/** The pending write of the address, if one is waiting. */
let pending = null;
// A link pasted into the address bar wins over a write still waiting.
window.addEventListener('hashchange', () => clearTimeout(pending));

/**
 * Writes the address of the view shown, a moment later: a tap often changes
 * it several times (the puzzle, the view, the step), and each write costs a
 * phone milliseconds (Chromium's `replaceState`), so they are made once,
 * after the frame the tap draws.
 */
export function write(app) {
  clearTimeout(pending);
  pending = setTimeout(() => {
    pending = null;
    writeNow(app);
  }, 100);
}

/** Writes the address of the view shown at once. */
function writeNow(app) {
  clearTimeout(pending);
  pending = null;
  if (!app.puzzle) return;
  const params = new URLSearchParams();
  // A level by its address (first, as the levels link to it), any other puzzle by its name or board.
  if (!app.puzzle.level) params.set('p', app.puzzle.name || app.puzzle.line);
  if (app.puzzle.title && !app.puzzle.level) params.set('t', app.puzzle.title);
  if (app.puzzle.random) params.set('r', writeDifficulty(app.puzzle.random));
  if (app.metric) params.set('m', app.metric);
  params.set('v', app.view);
  if (app.view === 'watch' && app.step) params.set('s', String(app.step));
  const moves = played();
  if (app.view === 'play' && moves.length) params.set('h', writeMoves(moves));
  const hash = app.puzzle.level ? `${levelLink(app.puzzle.level)}&${params}` : `#${params}`;
  // A link put into the address bar since the page last wrote or read it
  // wins: it is opened by its hashchange, which may not have come yet.
  if (written !== null && location.hash !== written) return;
  // Writing the address costs a phone a few milliseconds: only when it changes.
  if (hash !== written) history.replaceState(null, '', hash);
  written = hash;
}

/** A level's link: `#level=beginner/1`. */
export function levelLink(address) {
  return `#level=${address}`;
}

/** The level a link holds (its hash starts `#level=beginner/1`), or null. */
function levelOf(hash) {
  return /^#level=([a-z]+\/[0-9]+)(?:&|$)/.exec(hash)?.[1] ?? null;
}

/** The address the page wrote or read last (null: neither yet). */
let written = null;

/** The view the address names, as the page opens it (the address is the page's from then on). */
export function read() {
  written = location.hash;
  const params = new URLSearchParams(location.hash.slice(1));
  const step = Number.parseInt(params.get('s') ?? '', 10);
  const view = params.get('v');
  return {
    /** A level's address (`beginner/1`), or null. */
    level: levelOf(location.hash),
    puzzle: params.get('p'),
    title: params.get('t'),
    random: readDifficulty(params.get('r')),
    metric: params.get('m'),
    view: Object.hasOwn(RENAMED, view) ? RENAMED[view] : view,
    /** null: no step given (Watch plays from the start). */
    step: Number.isFinite(step) && step >= 0 ? step : null,
    moves: readMoves(params.get('h')),
  };
}

/** The phone's share sheet (Web Share API) where there is one, else the link copied. */
export async function share(app) {
  writeNow(app);
  const title = app.puzzle ? `Unblocker: ${app.puzzle.title || app.puzzle.name || 'a puzzle'}` : 'Unblocker';
  if (navigator.share) {
    try {
      await navigator.share({ title, url: location.href });
      return;
    } catch (error) {
      if (error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(location.href);
    app.toast('Link copied');
  } catch {
    app.toast('Copy the address bar to share this view');
  }
}
