// The progress kept on the device (static/js/progress.js) under Node, with a
// stand-in for localStorage: a record of version 1, as this version writes
// it, is read back by this and any later version (what it does not know is
// kept); a won level keeps its best count and its star; an export, a reset
// and an import give back the same progress; a file that is not an export is
// refused with the reason; and the streak counts the days in a row.
//
//   node crates/web/tests/js/progress.mjs
import assert from 'node:assert/strict';
import * as progress from '../../static/js/progress.js';
import { streak } from '../../static/js/daily.js';

class Storage {
  constructor() { this.items = new Map(); }
  getItem(key) { return this.items.has(key) ? this.items.get(key) : null; }
  setItem(key, value) { this.items.set(key, String(value)); }
  removeItem(key) { this.items.delete(key); }
}

// A record of today's shape, as an earlier copy of the site stored it, with
// a key a later version added and a damaged entry.
const stored = new Storage();
stored.setItem(progress.KEY, JSON.stringify({
  version: 1,
  levels: {
    'beginner/1': { solved: true, best: 15, optimal: true },
    'cards/3': { solved: false, optimal: false, played: 'Br1.Cd2' },
    'not a level': { solved: true },
  },
  daily: { '2025-03-14': 'advanced/12', 'yesterday': 'beginner/1' },
  theme: 'dark',
}));
const record = progress.load(stored);
assert.deepEqual(record.levels['beginner/1'], { solved: true, best: 15, optimal: true });
assert.equal(record.levels['cards/3'].played, 'Br1.Cd2');
assert.equal(record.levels['not a level'], undefined);
assert.deepEqual(record.daily, { '2025-03-14': 'advanced/12' });
assert.equal(record.theme, 'dark', 'what a later version added is kept');
// A record of a later version is read for what this one knows.
const later = new Storage();
later.setItem(progress.KEY, JSON.stringify({ version: 7, levels: { 'expert/2': { solved: true, best: 40 } } }));
assert.equal(progress.level('expert/2', later).best, 40);
// Not a record: an empty progress, never an error.
const broken = new Storage();
broken.setItem(progress.KEY, '{"levels": 3');
assert.deepEqual(progress.load(broken).levels, {});

// Winning: the best count stays the lowest, the star once earned.
const mine = new Storage();
progress.played('cards/1', 'Br1', mine);
assert.equal(progress.level('cards/1', mine).played, 'Br1');
assert.deepEqual(progress.won('cards/1', { count: 9, optimum: 8 }, mine), { solved: true, best: 9, optimal: false });
assert.deepEqual(progress.won('cards/1', { count: 8, optimum: 8, day: '2025-03-15' }, mine),
  { solved: true, best: 8, optimal: true });
assert.deepEqual(progress.won('cards/1', { count: 12, optimum: 8 }, mine), { solved: true, best: 8, optimal: true });
assert.equal(progress.load(mine).daily['2025-03-15'], 'cards/1');
// Won with the moves counted another way (steps): solved, the best count as it was.
assert.deepEqual(progress.won('cards/2', { count: null, optimum: null }, mine), { solved: true, optimal: false });
assert.deepEqual(progress.won('cards/1', { count: null, optimum: null }, mine), { solved: true, best: 8, optimal: true });

// Export, reset, import: the same progress.
const before = progress.load(mine);
const file = progress.exported(mine);
progress.reset(mine);
assert.deepEqual(progress.load(mine).levels, {});
assert.equal(progress.imported(file, mine), 2);
assert.deepEqual(progress.load(mine), before);
assert.throws(() => progress.imported('{"hello": 1}', mine), /not an export of Unblocker progress/);
assert.throws(() => progress.imported('<html>', mine), /it is not JSON/);

// The streak: days in a row up to today, or yesterday while today's is to play.
const days = { '2025-03-12': 'a/1', '2025-03-13': 'a/2', '2025-03-14': 'a/3', '2025-03-01': 'a/4' };
assert.equal(streak(days, '2025-03-14'), 3);
assert.equal(streak(days, '2025-03-15'), 3);
assert.equal(streak(days, '2025-03-16'), 0);
assert.equal(streak({ '2024-12-31': 'a/1', '2025-01-01': 'a/2' }, '2025-01-01'), 2);
console.log('progress: every check passed');
