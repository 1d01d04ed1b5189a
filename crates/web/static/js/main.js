// The page: one board, six views (levels, load, edit, watch, play, statistics)
// as tabs, the link that reopens the current view, and the board sized to the
// screen.

import { readBoard, level as readLevel } from './api.js';
import * as offline from './offline.js';
import { BoardView, describeGoal, fromServer } from './board.js';
import { $ } from './dom.js';
import * as load from './load.js';
import * as editor from './editor.js';
import * as solve from './solve.js';
import * as watch from './watch.js';
import * as play from './play.js';
import * as stats from './stats.js';
import * as share from './share.js';
import * as levels from './levels.js';
import * as progress from './progress.js';

/**
 * A view of the page (a tab): the module that runs its controls and draws the
 * board while it is shown. Every view's module exports each of these (a test
 * of the page checks), and `app` calls them.
 *
 * @typedef {object} Mode
 * @property {(app: App) => void} setup once, as the page opens: its controls
 * @property {(app: App, change: {source: string}) => void} reset a new puzzle
 *   is loaded (`source`: 'editor' when it is the editor's draft)
 * @property {(app: App) => void} enter the view is shown
 * @property {(app: App) => void} leave another view is chosen
 * @property {(app: App) => void} draw draws the board as the view shows it
 * @property {((app: App) => void) | null} undo Ctrl+Z (null: the view keeps no history)
 * @property {((app: App) => void) | null} redo Ctrl+Shift+Z or Ctrl+Y
 */

/** @typedef {typeof app} App */

const app = {
  view: 'load',
  board: new BoardView($('board')),
  /** {model, line, name, game}: the loaded puzzle's start position. */
  puzzle: null,
  /** '' for the game's own metric, else slide, step or piece. */
  metric: '',
  /** The last `solve --json` object for this puzzle and metric, and the positions along it. */
  solution: null,
  frames: [],
  step: 0,
  /** The views, by the name their tab, panel and link give them. @type {Record<string, Mode>} */
  modes: { levels, load, edit: editor, watch, play, stats },

  /**
   * Takes the answer of /api/board as the new puzzle. `title` names a puzzle
   * that has no name of its own (a random one, a level); `level` is a
   * level's {id, number, count}.
   */
  setPuzzle(answer, { source = 'load', title = null, random = null, level = null } = {}) {
    this.puzzle = { model: fromServer(answer.board), line: answer.line, name: answer.name, game: answer.game,
      title, random, level: level?.id || null, levelCount: level?.count || null };
    delete document.body.dataset.level;
    this.clearSolution();
    const game = answer.game === 'klotski' ? 'Klotski' : 'Rush Hour';
    $('game-badge').textContent = game;
    const alias = answer.aliases?.length ? ` (${answer.aliases[0]})` : '';
    const name = title || (answer.name ? `${answer.name}${alias}`
      : answer.common_code ? `CommonCode ${answer.common_code}` : 'Custom board');
    $('puzzle-name').textContent = name;
    $('board').setAttribute('aria-label', `${game} board: ${name}, ${answer.board.width} by ${answer.board.height}`);
    $('board-goal').textContent = `${describeGoal(this.puzzle.model)}.`;
    $('board-line').textContent = answer.line;
    for (const mode of Object.values(this.modes)) mode.reset(this, { source });
    if (source !== 'editor') this.changed();
    else share.write(this);
  },

  /**
   * Watch at once: the loaded puzzle is solved and its solution plays from
   * the start, with the board in view (a tap on Edit edits it instead).
   */
  async watchNow() {
    this.show('watch');
    window.scrollTo(0, 0);
    await solve.run(this, { play: true });
  },

  clearSolution() {
    this.solution = null;
    this.frames = [];
    this.step = 0;
    solve.forget(this);
  },

  show(view) {
    if (!this.modes[view]) view = 'load';
    // Only Load, Edit and Levels have something to show without a puzzle.
    if (![load, editor, levels].includes(this.modes[view]) && !this.puzzle) view = 'load';
    this.modes[this.view].leave(this);
    this.view = view;
    document.body.dataset.view = view;
    for (const tab of document.querySelectorAll('.tabs [role=tab]')) {
      const selected = tab.dataset.view === view;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
    }
    for (const section of document.querySelectorAll('.view')) {
      section.classList.toggle('active', section.dataset.view === view);
    }
    $('board').classList.remove('playable', 'editable', 'won');
    this.board.focusable = view === 'play' || view === 'edit';
    this.banner(null);
    this.modes[view].enter(this);
    this.changed();
    this.fit();
  },

  /** Redraws the board for the current view and updates the link. */
  changed() {
    this.modes[this.view].draw(this);
    share.write(this);
  },

  /** Writes the link again (a move played). */
  relink() {
    share.write(this);
  },

  drawStart() {
    if (this.puzzle) this.board.draw(this.puzzle.model);
  },

  /**
   * Sizes the board so that it and the controls under it fit the screen
   * (its top as the page opens, less what follows it in the stage).
   */
  fit() {
    const box = $('board').getBoundingClientRect();
    const top = box.top + window.scrollY;
    // What the view shows under the board (beside it on a short landscape screen).
    const parts = [$('status-row'), document.querySelector(`.dock[data-for="${this.view}"]`)];
    const below = parts.filter(n => n && n.offsetParent && n.getBoundingClientRect().top >= box.bottom - 2)
      .reduce((sum, n) => sum + n.getBoundingClientRect().height + 8, 0);
    const margin = window.innerWidth <= 820 || window.innerHeight <= 520 ? 10 : 32;
    this.board.fit(Math.max(window.innerHeight - top - below - margin, 160));
  },

  /** The line under the board: a verdict (`won` offers the next puzzle), or nothing. */
  banner(text, { bad = false, won = false } = {}) {
    const banner = $('banner');
    banner.hidden = !text;
    $('banner-text').textContent = text || '';
    banner.classList.toggle('bad', bad);
    $('banner-next').hidden = !won;
  },

  /** Says what happened on the board to screen readers (a polite live region). */
  announce(text) {
    $('board-status').textContent = text;
  },

  toast(text) {
    const toast = $('toast');
    toast.textContent = text;
    toast.hidden = false;
    clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => { toast.hidden = true; }, 2500);
  },
};

/**
 * Opens the screenshot the share sheet sent, or the puzzle, metric, view and
 * step of a link; without either, card 1.
 */
async function openLink() {
  if (offline.openedByShare()) {
    const file = await offline.shared();
    if (file) {
      // Straight to Watch (or, when the scan fails, to Load with the reason).
      await load.scan(app, file);
      return;
    }
    load.message('The shared screenshot did not arrive: share it again, or pick it here.', true);
  }
  const link = share.read();
  if (link.level) {
    await openLevel(link);
    return;
  }
  if (!link.puzzle) {
    app.setPuzzle(await readBoard('card1'));
    app.show(app.modes[link.view] === levels ? link.view : 'load');
    return;
  }
  try {
    app.metric = link.metric || '';
    solve.showMetric(app);
    app.setPuzzle(await readBoard(link.puzzle), { title: link.title, random: link.random });
    const view = link.view || 'watch';
    // A link to Watch without a step plays the solution from the start.
    if (view === 'watch' && link.step === null) {
      app.watchNow();
      return;
    }
    app.show(view);
    if (view === 'play' && link.moves.length) play.replay(app, link.moves);
    if (view === 'watch' || view === 'stats') {
      await solve.run(app);
      watch.goTo(app, link.step || 0);
    }
  } catch (error) {
    load.message(`The link's puzzle could not be opened: ${error.message}`, true);
    app.show('load');
  }
}

/**
 * A level's link: the level in Play (or the view the link names), at the
 * moves the link holds or, without them, where the player left it.
 */
async function openLevel(link) {
  try {
    const answer = await readLevel(link.level);
    const id = answer.level.id;
    app.metric = link.metric || '';
    solve.showMetric(app);
    app.setPuzzle(answer.puzzle, { title: answer.level.title, level: answer.level });
    app.show(link.view && app.modes[link.view] ? link.view : 'play');
    const moves = link.moves.length ? link.moves : share.readMoves(progress.level(id)?.played);
    if (app.view === 'play' && moves.length) play.replay(app, moves);
    // The level is drawn (what a test of the link's time waits for).
    document.body.dataset.level = id;
  } catch (error) {
    load.message(`The level ${link.level} could not be opened: ${error.message}`, true);
    app.show('load');
  }
}

/** Next puzzle: after a level, the next one of its band; else a random one of the same difficulty. */
function nextPuzzle() {
  const address = app.puzzle?.level;
  if (!address) return load.next(app);
  const [band, number] = address.split('/');
  const next = Number(number) + 1;
  window.location.hash = next <= app.puzzle.levelCount ? share.levelLink(`${band}/${next}`) : '#v=levels';
}

/** A tab chosen by the user: the editor's draft must be a valid board before it is solved or played. */
async function choose(view) {
  if (app.view === 'edit' && view !== 'edit' && view !== 'load') {
    const problem = await editor.problem(app);
    if (problem) return;
  }
  app.show(view);
}

/** Tabs: click, or the arrow keys, Home and End (the WAI-ARIA tabs pattern). */
function setupTabs() {
  const tabs = [...document.querySelectorAll('.tabs [role=tab]')];
  for (const tab of tabs) {
    tab.addEventListener('click', () => choose(tab.dataset.view));
    tab.addEventListener('keydown', event => {
      const at = tabs.indexOf(tab);
      const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
      if (next === undefined) return;
      event.preventDefault();
      const target = tabs[(next + tabs.length) % tabs.length];
      target.focus();
      choose(target.dataset.view);
    });
  }
}

/** Ctrl+Z undoes and Ctrl+Shift+Z (or Ctrl+Y) redoes in Play and Edit. */
function setupUndoKeys() {
  document.addEventListener('keydown', event => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
    if (event.target.closest('input, textarea, select')) return;
    const key = event.key.toLowerCase();
    const redo = (key === 'z' && event.shiftKey) || key === 'y';
    if (key !== 'z' && key !== 'y') return;
    const mode = app.modes[app.view];
    if (!mode.undo || !mode.redo) return;
    event.preventDefault();
    if (redo) mode.redo(app); else mode.undo(app);
  });
}

/**
 * A control that cannot act now is `aria-disabled` rather than disabled, so
 * it keeps the focus when pressing it made it so (Undo at the start of the
 * history, Delete of the selected piece, Solve while it searches).
 */
function setupDisabled() {
  document.addEventListener('click', event => {
    if (event.target.closest?.('button[aria-disabled="true"]')) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  }, true);
}

async function start() {
  offline.setup();
  offline.offerInstall();
  setupDisabled();
  setupTabs();
  setupUndoKeys();
  $('share').addEventListener('click', () => share.share(app));
  $('banner-next').addEventListener('click', nextPuzzle);
  $('banner-close').addEventListener('click', () => app.banner(null));
  solve.setup(app);
  for (const mode of Object.values(app.modes)) mode.setup(app);
  window.addEventListener('resize', () => app.fit());
  // A link pasted into the address bar of an open page (the page writes its
  // own hash with replaceState, which fires no event).
  window.addEventListener('hashchange', openLink);
  await openLink();
  document.body.dataset.ready = 'true';
  load.ready(app);
  load.openLaunched(app);
}

start();
