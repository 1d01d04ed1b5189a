// The player's progress, kept on the device (localStorage: no account, no
// server): for each level (by its address, `beginner/1`) whether it was
// solved, the best count and whether that was the optimum, and the moves of
// an unfinished game; the days whose daily puzzle was solved. It survives
// reloads, offline use and new versions of the site: a record is stored
// with its version, read by every later version through `migrate`, and
// what a version does not know of a record is kept as it is. Exported and
// imported as a JSON file, and reset.

/** The version of the record this page writes. */
const VERSION = 1;

/** Where the record lives (one per origin: every copy of the site on it shares it). */
export const KEY = 'unblocker-progress';

/**
 * A record of version 1:
 * {version: 1,
 *  levels: {"beginner/1": {solved: true, best: 9, optimal: true, played?: "Br1.Cd2"}},
 *  daily: {"2025-03-14": "advanced/12"}}
 * `played`: the moves of the unfinished game (the link's form), left out once
 * the game is won. `daily`: each day whose puzzle was solved that day.
 */
function empty() {
  return { version: VERSION, levels: {}, daily: {} };
}

/** A level's address, as the levels have them. */
const ADDRESS = /^[a-z]+\/[1-9][0-9]{0,5}$/;
/** A day, as the daily puzzle names it. */
const DAY = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;

/**
 * A stored record brought to this version's shape; null when it is not a
 * record at all. A record of a later version keeps what this one does not
 * know; entries that do not read are dropped, never the rest.
 */
function migrate(stored) {
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return null;
  if (!Number.isInteger(stored.version) || stored.version < 1) return null;
  const record = { ...stored, levels: {}, daily: {} };
  for (const [address, entry] of Object.entries(stored.levels || {})) {
    if (!ADDRESS.test(address) || !entry || typeof entry !== 'object') continue;
    const clean = { ...entry, solved: entry.solved === true, optimal: entry.optimal === true };
    if (!(Number.isInteger(entry.best) && entry.best >= 0)) delete clean.best;
    if (typeof entry.played !== 'string') delete clean.played;
    record.levels[address] = clean;
  }
  for (const [day, address] of Object.entries(stored.daily || {})) {
    if (DAY.test(day) && typeof address === 'string' && ADDRESS.test(address)) record.daily[day] = address;
  }
  return record;
}

/** The record kept in `storage` (the page's localStorage), or an empty one. */
export function load(storage = globalThis.localStorage) {
  try {
    return migrate(JSON.parse(storage.getItem(KEY))) || empty();
  } catch {
    return empty();
  }
}

function save(record, storage = globalThis.localStorage) {
  try {
    storage.setItem(KEY, JSON.stringify(record));
    return true;
  } catch {
    // Private modes and full storage: the game goes on, unremembered.
    return false;
  }
}

/** The level's entry: {solved, best, optimal, played}, or null when it was never played. */
export function level(address, storage) {
  return load(storage).levels[address] || null;
}

/**
 * A won game of `address` in `count` moves against `optimum`: solved, the
 * best count kept, optimal once it is reached; the unfinished game is gone.
 * A `count` of null (moves counted another way) only marks it solved. With
 * `day`, the day whose daily puzzle this level is.
 */
export function won(address, { count, optimum, day = null }, storage) {
  const record = load(storage);
  const entry = { ...(record.levels[address] || {}) };
  entry.solved = true;
  if (Number.isInteger(count)) {
    entry.best = Number.isInteger(entry.best) ? Math.min(entry.best, count) : count;
    entry.optimal = entry.optimal === true || (optimum != null && count <= optimum);
  } else {
    entry.optimal = entry.optimal === true;
  }
  delete entry.played;
  record.levels[address] = entry;
  if (day) record.daily[day] = address;
  save(record, storage);
  return entry;
}

/** The moves of an unfinished game of `address` (the link's form; '' forgets them). */
export function played(address, moves, storage) {
  const record = load(storage);
  const before = record.levels[address];
  if ((before?.played || '') === (moves || '')) return;
  const entry = { solved: false, optimal: false, ...before };
  if (moves) entry.played = moves;
  else delete entry.played;
  record.levels[address] = entry;
  save(record, storage);
}

/** The record as the text of an exported file. */
export function exported(storage) {
  return JSON.stringify({ ...load(storage), exported: 'Unblocker progress' }, null, 1);
}

/**
 * Takes an exported file's text into the progress: each level keeps the
 * better of the two (solved, the lower best, optimal) and the unfinished
 * game of either; days solved are joined. Throws an Error saying why a
 * text is not an export.
 */
export function imported(text, storage) {
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error('this file is not an export of Unblocker progress (it is not JSON)');
  }
  const incoming = migrate(parsed);
  if (!incoming) throw new Error('this file is not an export of Unblocker progress');
  const record = load(storage);
  for (const [address, theirs] of Object.entries(incoming.levels)) {
    const ours = record.levels[address];
    if (!ours) {
      record.levels[address] = theirs;
      continue;
    }
    const bests = [ours.best, theirs.best].filter(Number.isInteger);
    record.levels[address] = {
      ...theirs,
      ...ours,
      solved: ours.solved || theirs.solved,
      optimal: ours.optimal || theirs.optimal,
      ...(bests.length ? { best: Math.min(...bests) } : {}),
    };
    if (record.levels[address].solved) delete record.levels[address].played;
  }
  Object.assign(record.daily, incoming.daily);
  save(record, storage);
  return Object.keys(incoming.levels).length;
}

/** Forgets every level and day. */
export function reset(storage = globalThis.localStorage) {
  try {
    storage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}
