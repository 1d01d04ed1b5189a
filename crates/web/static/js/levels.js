// Levels: the numbered packs (four bands of the database's sample, the
// ThinkFun cards, the Klotski classics; the engine numbers them, the same for
// everyone), each level a link to `#level=BAND/N` that opens it in Play and
// whose name says how it went ("Beginner 1, solved in 9 moves, optimal");
// the first unsolved level one tap away; today's puzzle and the streak; and
// the progress exported, imported and reset.

import * as api from './api.js';
import * as progress from './progress.js';
import { dayOf, said, streak } from './daily.js';
import { levelLink } from './share.js';
import { $ } from './dom.js';

/** The bands and their levels, as the engine lists them (asked once). */
let listed = null;
/** The band shown. */
let band = 'beginner';
/** Today's puzzle: {day, answer}, asked once a day. */
let today = null;

/** The levels, asked once. */
function bands() {
  listed ??= api.levels().then(answer => answer.bands).catch(error => {
    listed = null;
    throw error;
  });
  return listed;
}

/** Today's puzzle (the engine's answer for the player's own day), asked once a day. */
export function daily() {
  const day = dayOf();
  if (today?.day !== day) today = { day, answer: api.daily(day) };
  today.answer.catch(() => { today = null; });
  return today.answer;
}

/** The accessible name of a level's link: its title and how it went. */
function describe(title, entry, unit = 'moves') {
  if (entry?.solved) {
    const best = Number.isInteger(entry.best) ? ` in ${entry.best} ${unit}` : '';
    return `${title}, solved${best}${entry.optimal ? ', optimal' : ''}`;
  }
  return `${title}, ${entry?.played ? 'started, ' : ''}not solved`;
}

function say(text, kind = '') {
  $('levels-message').textContent = text;
  $('levels-message').className = `message ${kind}`;
}

/** The band's grid of level links, and the link to its first unsolved level. */
function drawBand(all) {
  const record = progress.load();
  const shown = all.find(b => b.band === band) || all[0];
  const grid = $('level-grid');
  let firstUnsolved = null;
  let solved = 0;
  const items = shown.levels.map(level => {
    const address = `${shown.band}/${level.number}`;
    const entry = record.levels[address];
    const title = `${shown.title} ${level.number}`;
    const link = document.createElement('a');
    link.href = levelLink(address);
    link.textContent = String(level.number);
    link.setAttribute('aria-label', describe(title, entry));
    link.title = `${title}: ${level.optimum} moves at best`;
    link.className = entry?.solved ? (entry.optimal ? 'solved optimal' : 'solved') : entry?.played ? 'started' : '';
    if (entry?.solved) solved++;
    else firstUnsolved ??= { link, title, address };
    const item = document.createElement('li');
    item.appendChild(link);
    return item;
  });
  grid.replaceChildren(...items);
  grid.setAttribute('aria-label', `${shown.title === 'Card' ? 'Cards' : shown.title} levels`);
  $('band-count').textContent = `${solved} of ${shown.levels.length} solved`;
  const next = $('next-unsolved');
  next.hidden = !firstUnsolved;
  if (firstUnsolved) {
    next.href = levelLink(firstUnsolved.address);
    next.textContent = `Next unsolved: ${firstUnsolved.title}`;
    // The list scrolls by itself to it, the page does not.
    const row = firstUnsolved.link.parentElement;
    grid.scrollTop = Math.max(0, row.offsetTop - grid.offsetTop - grid.clientHeight / 3);
  }
}

async function drawDaily() {
  try {
    const answer = await daily();
    const record = progress.load();
    const { level } = answer;
    $('daily-when').textContent = `${said(answer.date)}: ${answer.difficulty.replace(' and 0 walls', '')}`;
    const link = $('daily-link');
    link.href = levelLink(level.id);
    const solvedToday = record.daily[answer.date] === level.id;
    link.textContent = `${level.title}${solvedToday ? ', solved' : ''}`;
    link.setAttribute('aria-label', `Today's puzzle: ${describe(level.title, record.levels[level.id])}`);
    const days = streak(record.daily, answer.date);
    $('daily-streak').textContent = days ? `Streak: ${days} day${days === 1 ? '' : 's'}` : 'No streak yet';
    $('daily').dataset.level = level.id;
  } catch (error) {
    $('daily-when').textContent = `Today's puzzle could not be found: ${error.message}`;
  }
}

/** Draws the view: the chosen band's levels, today's puzzle and the streak. */
export async function draw() {
  try {
    const all = await bands();
    const select = $('band');
    if (!select.options.length) {
      for (const b of all) select.appendChild(new Option(b.title === 'Card' ? 'Cards' : b.title, b.band));
    }
    select.value = band;
    drawBand(all);
  } catch (error) {
    say(`The levels could not be listed: ${error.message}`, 'error');
  }
  await drawDaily();
}

function download() {
  const blob = new Blob([progress.exported()], { type: 'application/json' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = `unblocker-progress-${dayOf()}.json`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  say('Progress exported.', 'ok');
}

async function upload(file) {
  try {
    const count = progress.imported(await file.text());
    say(`Imported ${count} level${count === 1 ? '' : 's'} from ${file.name}.`, 'ok');
    await draw();
  } catch (error) {
    say(`The progress could not be imported: ${error.message}`, 'error');
  }
}

export function setup() {
  $('band').addEventListener('change', () => {
    band = $('band').value;
    draw();
  });
  $('progress-export').addEventListener('click', download);
  $('progress-import').addEventListener('change', event => {
    const file = event.target.files[0];
    if (file) upload(file);
    event.target.value = '';
  });
  // Reset asks once more, in place (no dialog).
  $('progress-reset').addEventListener('click', () => { $('reset-confirm').hidden = false; });
  $('reset-no').addEventListener('click', () => { $('reset-confirm').hidden = true; });
  $('reset-yes').addEventListener('click', () => {
    progress.reset();
    $('reset-confirm').hidden = true;
    say('Progress reset: every level is unsolved.', 'ok');
    draw();
  });
}

/** A level opened: its band is the one the view shows next. */
export function reset(app) {
  const address = app.puzzle?.level;
  if (address) band = address.split('/')[0];
}

export function enter() {
  say('');
}

export function leave() {}

/** The view shows no board and keeps no history. */
export const undo = null;
export const redo = null;
