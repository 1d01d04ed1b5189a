// The page: one board, five views (load, edit, solve and watch, play, statistics),
// and the link that reopens the current view.

import { readBoard } from './api.js';
import { BoardView, fromServer } from './board.js';
import * as load from './load.js';
import * as editor from './editor.js';
import * as solve from './solve.js';
import * as watch from './watch.js';
import * as play from './play.js';
import * as stats from './stats.js';
import * as share from './share.js';

const $ = id => document.getElementById(id);

export const app = {
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
  modes: { load, edit: editor, solve: watch, play, stats },

  /** Takes the answer of /api/board as the new puzzle. */
  setPuzzle(answer, { keepOriginal = false, source = 'load' } = {}) {
    this.puzzle = { model: fromServer(answer.board), line: answer.line, name: answer.name, game: answer.game };
    this.clearSolution();
    if (!keepOriginal) $('original').hidden = true;
    $('game-badge').textContent = answer.game === 'klotski' ? 'Klotski' : 'Rush Hour';
    const alias = answer.aliases?.length ? ` (${answer.aliases[0]})` : '';
    $('puzzle-name').textContent = answer.name ? `${answer.name}${alias}`
      : answer.common_code ? `CommonCode ${answer.common_code}` : 'Custom board';
    $('board-line').textContent = answer.line;
    for (const mode of Object.values(this.modes)) mode.reset?.(this, { source });
    if (source !== 'editor') this.changed();
    else share.write(this);
  },

  clearSolution() {
    this.solution = null;
    this.frames = [];
    this.step = 0;
    solve.forget(this);
  },

  show(view) {
    if (!this.modes[view]) view = 'load';
    if (view !== 'load' && view !== 'edit' && !this.puzzle) view = 'load';
    this.modes[this.view].leave?.(this);
    this.view = view;
    for (const tab of document.querySelectorAll('.tabs button')) {
      tab.setAttribute('aria-selected', String(tab.dataset.view === view));
    }
    for (const section of document.querySelectorAll('.view')) {
      section.classList.toggle('active', section.dataset.view === view);
    }
    $('board').className = 'board';
    this.banner(null);
    this.modes[view].enter?.(this);
    this.changed();
  },

  /** Redraws the board for the current view and updates the link. */
  changed() {
    this.modes[this.view].draw?.(this);
    if (!this.modes[this.view].draw) this.drawStart();
    share.write(this);
  },

  drawStart() {
    if (this.puzzle) this.board.draw(this.puzzle.model);
  },

  banner(text, bad = false) {
    const banner = $('banner');
    banner.hidden = !text;
    banner.textContent = text || '';
    banner.classList.toggle('bad', bad);
  },

  toast(text) {
    const toast = $('toast');
    toast.textContent = text;
    toast.hidden = false;
    clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => { toast.hidden = true; }, 2500);
  },
};

/** Opens the puzzle, metric, view and step of a link; without one, card 1. */
async function openLink() {
  const link = share.read();
  if (!link.puzzle) {
    app.setPuzzle(await readBoard('card1'));
    return 'load';
  }
  try {
    app.metric = link.metric || '';
    solve.showMetric(app);
    app.setPuzzle(await readBoard(link.puzzle));
    const view = link.view || 'solve';
    if (view === 'solve' || view === 'stats') {
      app.show(view);
      await solve.run(app);
      watch.goTo(app, link.step || 0);
    }
    return view;
  } catch (error) {
    load.message(`The link's puzzle could not be opened: ${error.message}`, true);
    return 'load';
  }
}

async function start() {
  for (const tab of document.querySelectorAll('.tabs button')) {
    tab.addEventListener('click', () => app.show(tab.dataset.view));
  }
  $('share').addEventListener('click', () => share.copy(app));
  load.setup(app);
  editor.setup(app);
  solve.setup(app);
  watch.setup(app);
  play.setup(app);
  stats.setup(app);
  // A link pasted into the address bar of an open page (the page writes its
  // own hash with replaceState, which fires no event).
  window.addEventListener('hashchange', async () => app.show(await openLink()));
  app.show(await openLink());
  document.body.dataset.ready = 'true';
}

start();
