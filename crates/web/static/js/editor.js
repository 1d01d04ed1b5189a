// Edit: add, drag, rotate, resize and delete pieces, place walls, set the exit or
// goal, switch game, undo and redo; every change is validated by the server and the
// board string follows. Keyboard: Tab to a piece, arrows move it, Enter selects it.

import { readBoard } from './api.js';
import { clone, describeGoal, onPieceKey, overlaps, toRequest, DELTA } from './board.js';
import { $, ARROWS } from './dom.js';

const SHAPES = {
  rush: [[2, 1, 'car →'], [3, 1, 'truck →'], [1, 2, 'car ↓'], [1, 3, 'truck ↓']],
  klotski: [[1, 1, '1×1'], [2, 1, '2×1'], [1, 2, '1×2'], [2, 2, '2×2']],
};
const LABELS = 'ABCDEFGHIJKLMNPQRSTUVWYZabcdefghijklmnpqrstuvwyz';

const editor = {
  draft: null,
  tool: 'move',
  shape: 0,
  selected: null,
  timer: null,
  version: 0,
  /** The validation in progress, and the server's verdict on the draft (null: valid). */
  validating: null,
  error: null,
  /** Drafts before each change, and those undone. */
  past: [],
  future: [],
  /** The cell that takes Tab with the Add, Wall and Goal tools ([row, col]). */
  cell: [0, 0],
  /** What had the keyboard focus on the board, to give it back after a redraw (a CSS selector). */
  focus: null,
  /** The game the shape buttons are for. */
  shapesOf: null,
};

function say(text, kind) {
  $('edit-message').textContent = text;
  $('edit-message').className = `message ${kind}`;
}

function selectedPiece() {
  return editor.draft.pieces.find(p => p.label === editor.selected);
}

/** A label for a new piece: A (the target) only on an empty board, never in place of a deleted target. */
function freeLabel() {
  const used = new Set(editor.draft.pieces.map(p => p.label));
  if (used.size) used.add('A');
  return [...LABELS].find(l => !used.has(l));
}

function pieceAtCell(row, col) {
  return editor.draft.pieces.find(p => row >= p.row && row < p.row + p.height && col >= p.col && col < p.col + p.width);
}

/** Applies `change` to the draft as one step of the undo history, then validates. */
function mutate(app, change) {
  const before = JSON.stringify(editor.draft);
  if (change() === false) return;
  if (JSON.stringify(editor.draft) === before) { changed(app); return; }
  editor.past.push(JSON.parse(before));
  editor.future = [];
  changed(app);
}

/** Cells take Tab (one at a time, arrows between them) when a click on a cell is what the tool does. */
function cellTool() {
  return editor.tool === 'add' || editor.tool === 'wall' || (editor.tool === 'goal' && editor.draft.game === 'klotski');
}

/**
 * Draws the draft: overlapping cells marked, the cells and the exit made
 * keys for the tool in hand, and the keyboard focus given back to what had
 * it (a redraw may rebuild the board).
 */
function drawDraft(app) {
  const { draft } = editor;
  app.board.draw(draft, { selected: editor.selected, moveMs: 120, marks: overlaps(draft) });
  const container = $('board');
  for (const cell of container.querySelectorAll('.cell')) {
    const [row, col] = [Number(cell.dataset.row), Number(cell.dataset.col)];
    if (!cellTool()) {
      for (const name of ['tabindex', 'role', 'aria-label']) cell.removeAttribute(name);
      continue;
    }
    const piece = pieceAtCell(row, col);
    const wall = draft.walls.some(([r, c]) => r === row && c === col);
    cell.setAttribute('role', 'button');
    cell.setAttribute('aria-label', `row ${row + 1}, column ${col + 1}: ${piece ? `piece ${piece.label}` : wall ? 'wall' : 'empty'}`);
    cell.setAttribute('tabindex', row === editor.cell[0] && col === editor.cell[1] ? '0' : '-1');
  }
  const exit = container.querySelector('.exit');
  if (exit && editor.tool === 'goal' && draft.game === 'rush') {
    exit.setAttribute('tabindex', '0');
    exit.setAttribute('role', 'button');
    exit.setAttribute('aria-label', `${describeGoal(draft)}; the arrow keys move it`);
  }
  // Only when the redraw took it (to the page's body), never from a control the user went to.
  const lost = !document.activeElement || document.activeElement === document.body;
  if (editor.focus && lost) container.querySelector(editor.focus)?.focus();
}

/** Redraws, then asks the server whether the draft is a valid board. */
function changed(app) {
  drawDraft(app);
  showTools();
  clearTimeout(editor.timer);
  editor.version++;
  editor.error = 'the board is being checked';
  editor.validating = new Promise(resolve => {
    editor.timer = setTimeout(() => validate(app).then(resolve), 120);
  });
}

/** What is wrong with the draft before the server is asked: no target. */
function missingTarget() {
  if (editor.draft.pieces.some(p => p.label === 'A')) return null;
  return editor.draft.game === 'klotski'
    ? 'No target block: select a block and make it the target'
    : 'No red car: select a piece and make it the target';
}

async function validate(app) {
  const version = editor.version;
  const missing = missingTarget();
  if (missing) {
    editor.error = missing;
    $('edit-line').classList.add('stale');
    say(missing, 'error');
    return;
  }
  try {
    const answer = await readBoard(toRequest(editor.draft));
    if (version !== editor.version) return;
    // The server fills in a default exit or goal; show it.
    if (editor.draft.game === 'rush' && !editor.draft.exit) editor.draft.exit = answer.board.exit;
    if (editor.draft.game === 'klotski' && !editor.draft.goal) editor.draft.goal = answer.board.goal;
    editor.error = null;
    app.setPuzzle(answer, { source: 'editor' });
    $('edit-line').value = answer.line;
    $('edit-line').classList.remove('stale');
    say(answer.solved ? 'Valid board (already solved)' : `Valid ${answer.game === 'klotski' ? 'Klotski' : 'Rush Hour'} board`, 'ok');
    drawDraft(app);
  } catch (error) {
    if (version !== editor.version) return;
    editor.error = error.message;
    $('edit-line').classList.add('stale');
    const marked = overlaps(editor.draft).length ? ' (the overlapping cells are marked on the board)' : '';
    say(`${error.message}${marked}`, 'error');
  }
}

/**
 * Why the draft cannot be solved or played (after its pending check), or
 * null when it is a valid board; the message is shown in the editor.
 */
export async function problem(app) {
  if (!editor.draft) return null;
  if (editor.timer) {
    clearTimeout(editor.timer);
    editor.timer = null;
    await validate(app);
  } else {
    await editor.validating;
  }
  if (editor.error) {
    say(`Not solved: the board in the editor is not valid (${editor.error}). Fix it, or undo.`, 'error');
  }
  return editor.error;
}

function showTools() {
  for (const button of $('edit-tools').querySelectorAll('button')) {
    button.setAttribute('aria-pressed', String(button.dataset.tool === editor.tool));
  }
  $('edit-tools').querySelector('[data-tool=goal]').textContent = editor.draft.game === 'klotski' ? 'Goal' : 'Exit';
  for (const button of $('edit-game').querySelectorAll('button')) {
    button.setAttribute('aria-pressed', String(button.dataset.game === editor.draft.game));
  }
  const shapes = $('edit-shapes');
  shapes.hidden = editor.tool !== 'add';
  // Built again only for another game, so a pressed shape keeps the focus.
  if (editor.shapesOf !== editor.draft.game) {
    editor.shapesOf = editor.draft.game;
    shapes.replaceChildren(...SHAPES[editor.draft.game].map(([w, h, name], i) => {
      const button = document.createElement('button');
      button.textContent = name;
      button.dataset.shape = `${w}x${h}`;
      button.addEventListener('click', () => { editor.shape = i; showTools(); });
      return button;
    }));
  }
  shapes.querySelectorAll('button').forEach((button, i) => button.setAttribute('aria-pressed', String(i === editor.shape)));
  $('edit-width').value = editor.draft.width;
  $('edit-height').value = editor.draft.height;
  const none = !selectedPiece();
  for (const id of ['edit-rotate', 'edit-grow', 'edit-shrink', 'edit-target', 'edit-delete']) $(id).setAttribute('aria-disabled', String(none));
  $('edit-undo').setAttribute('aria-disabled', String(editor.past.length === 0));
  $('edit-redo').setAttribute('aria-disabled', String(editor.future.length === 0));
}

function mobilityOf(game, piece) {
  if (game === 'klotski') return 'free';
  return piece.height > piece.width ? 'vertical' : 'horizontal';
}

function clampInside(piece) {
  piece.row = Math.min(Math.max(piece.row, 0), Math.max(editor.draft.height - piece.height, 0));
  piece.col = Math.min(Math.max(piece.col, 0), Math.max(editor.draft.width - piece.width, 0));
}

/** A click on the board at `at` (cells) with the current tool; false when it changes nothing. */
function click(at) {
  const row = Math.floor(at.row), col = Math.floor(at.col);
  const { draft } = editor;
  const inside = row >= 0 && row < draft.height && col >= 0 && col < draft.width;
  if (editor.tool === 'add' && inside && !pieceAtCell(row, col)) {
    const [width, height] = SHAPES[draft.game][editor.shape];
    const piece = { label: freeLabel(), row, col, width, height };
    if (!piece.label) return false;
    piece.mobility = mobilityOf(draft.game, piece);
    clampInside(piece);
    draft.pieces.push(piece);
    editor.selected = piece.label;
  } else if (editor.tool === 'wall' && inside && !pieceAtCell(row, col)) {
    const at = draft.walls.findIndex(([r, c]) => r === row && c === col);
    if (at >= 0) draft.walls.splice(at, 1); else draft.walls.push([row, col]);
  } else if (editor.tool === 'goal') {
    if (draft.game === 'klotski' && inside) draft.goal = { row, col };
    else if (draft.game === 'rush' && !inside) {
      if (at.col < 0) draft.exit = { side: 'left', row: clampIndex(row, draft.height) };
      else if (at.col >= draft.width) draft.exit = { side: 'right', row: clampIndex(row, draft.height) };
      else if (at.row < 0) draft.exit = { side: 'top', col: clampIndex(col, draft.width) };
      else draft.exit = { side: 'bottom', col: clampIndex(col, draft.width) };
    } else return false;
  } else if (editor.tool === 'move') {
    editor.selected = null;
  } else return false;
  return true;
}

function clampIndex(index, size) {
  return Math.min(Math.max(index, 0), size - 1);
}

function setupPointer(app) {
  const container = $('board');
  let drag = null;
  container.addEventListener('pointerdown', event => {
    if (app.view !== 'edit') return;
    const label = app.board.pieceAt(event);
    const at = app.board.toCells(event);
    if (label && (editor.tool === 'move' || editor.tool === 'add')) {
      event.preventDefault();
      editor.selected = label;
      drag = { label, from: at, dr: 0, dc: 0 };
      container.setPointerCapture(event.pointerId);
      drawDraft(app);
      showTools();
    } else {
      mutate(app, () => click(at));
    }
  });
  container.addEventListener('pointermove', event => {
    if (!drag) return;
    const at = app.board.toCells(event);
    drag.dr = at.row - drag.from.row;
    drag.dc = at.col - drag.from.col;
    app.board.nudge(drag.label, drag.dr, drag.dc);
  });
  container.addEventListener('touchmove', event => { if (drag) event.preventDefault(); }, { passive: false });
  const end = () => {
    if (!drag) return;
    const { label, dr, dc } = drag;
    drag = null;
    app.board.release(label);
    mutate(app, () => {
      const piece = editor.draft.pieces.find(p => p.label === label);
      piece.row += Math.round(dr);
      piece.col += Math.round(dc);
      clampInside(piece);
    });
  };
  container.addEventListener('pointerup', end);
  container.addEventListener('pointercancel', end);
}

/** The exit (Rush Hour) after an arrow key: along its side, or across to the side the arrow points at. */
function movedExit(exit, direction, draft) {
  const across = { left: 'left', right: 'right', up: 'top', down: 'bottom' }[direction];
  const vertical = exit.side === 'left' || exit.side === 'right';
  const along = vertical ? direction === 'up' || direction === 'down' : direction === 'left' || direction === 'right';
  if (along) {
    const [dr, dc] = DELTA[direction];
    return vertical ? { side: exit.side, row: clampIndex(exit.row + dr, draft.height) }
      : { side: exit.side, col: clampIndex(exit.col + dc, draft.width) };
  }
  const index = vertical ? exit.row : exit.col;
  const toVertical = across === 'left' || across === 'right';
  return toVertical ? { side: across, row: clampIndex(index, draft.height) } : { side: across, col: clampIndex(index, draft.width) };
}

/**
 * Cells (Add, Wall, Klotski goal): arrows go from cell to cell, Enter or
 * Space does what a click there does. The exit (Rush Hour, Exit tool):
 * arrows move it.
 */
function setupCellKeys(app) {
  $('board').addEventListener('keydown', event => {
    if (app.view !== 'edit' || event.ctrlKey || event.metaKey || event.altKey) return;
    const direction = ARROWS[event.key];
    const cell = event.target.closest?.('.cell');
    if (cell && cellTool()) {
      const [row, col] = [Number(cell.dataset.row), Number(cell.dataset.col)];
      if (direction) {
        event.preventDefault();
        const [dr, dc] = DELTA[direction];
        editor.cell = [clampIndex(row + dr, editor.draft.height), clampIndex(col + dc, editor.draft.width)];
        editor.focus = `.cell[data-row="${editor.cell[0]}"][data-col="${editor.cell[1]}"]`;
        drawDraft(app);
        $('board').querySelector(editor.focus)?.focus();
      } else if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        editor.cell = [row, col];
        editor.focus = `.cell[data-row="${row}"][data-col="${col}"]`;
        mutate(app, () => click({ row: row + 0.5, col: col + 0.5 }));
        app.announce($('board').querySelector(editor.focus)?.getAttribute('aria-label') || '');
      }
      return;
    }
    if (event.target.closest?.('.exit') && direction && editor.tool === 'goal' && editor.draft.game === 'rush') {
      event.preventDefault();
      editor.focus = '.exit';
      mutate(app, () => {
        const draft = editor.draft;
        draft.exit = movedExit(draft.exit || { side: 'right', row: 0 }, direction, draft);
      });
      app.announce(describeGoal(editor.draft));
    }
  });
}

/** A focused piece: arrows move it a cell, Enter or Space selects it, Delete removes the selected one. */
function setupKeys(app) {
  onPieceKey($('board'), (key, label, event) => {
    if (app.view !== 'edit') return;
    if (key === 'Enter' || key === ' ') {
      event.preventDefault();
      editor.selected = label;
      app.announce(`Piece ${label} selected`);
      changed(app);
    } else if (key === 'Delete' || key === 'Backspace') {
      event.preventDefault();
      remove(app, label);
    } else if (ARROWS[key]) {
      event.preventDefault();
      const [dr, dc] = DELTA[ARROWS[key]];
      mutate(app, () => {
        const piece = editor.draft.pieces.find(p => p.label === label);
        piece.row += dr;
        piece.col += dc;
        clampInside(piece);
        app.announce(`Piece ${label} at row ${piece.row + 1}, column ${piece.col + 1}`);
      });
    }
  });
}

function edit(app, change) {
  mutate(app, () => {
    const piece = selectedPiece();
    if (!piece) return false;
    change(piece);
    piece.mobility = mobilityOf(editor.draft.game, piece);
    clampInside(piece);
    return true;
  });
}

function remove(app, label) {
  mutate(app, () => {
    editor.draft.pieces = editor.draft.pieces.filter(p => p.label !== label);
    editor.selected = null;
  });
}

function grow(piece, by) {
  if (piece.height > piece.width) piece.height = Math.max(1, piece.height + by);
  else piece.width = Math.max(1, piece.width + by);
}

/** Takes the draft from one history (`from`), keeping the current one in the other. */
function restore(app, from, to, said) {
  const draft = from.pop();
  if (!draft) return;
  to.push(editor.draft);
  editor.draft = draft;
  app.announce(said);
  changed(app);
}

export function undo(app) {
  restore(app, editor.past, editor.future, 'Undone');
}

export function redo(app) {
  restore(app, editor.future, editor.past, 'Redone');
}

export function setup(app) {
  setupPointer(app);
  setupKeys(app);
  setupCellKeys(app);
  for (const button of $('edit-tools').querySelectorAll('button')) {
    button.addEventListener('click', () => { editor.tool = button.dataset.tool; showTools(); drawDraft(app); });
  }
  for (const button of $('edit-game').querySelectorAll('button')) {
    button.addEventListener('click', () => mutate(app, () => {
      const draft = editor.draft;
      if (draft.game === button.dataset.game) return false;
      draft.game = button.dataset.game;
      draft.exit = null;
      draft.goal = null;
      editor.shape = 0;
      for (const piece of draft.pieces) piece.mobility = mobilityOf(draft.game, piece);
      return true;
    }));
  }
  const resize = () => mutate(app, () => {
    const width = Number($('edit-width').value), height = Number($('edit-height').value);
    if (!(width >= 2 && width <= 8 && height >= 2 && height <= 8)) return false;
    const draft = editor.draft;
    draft.width = width;
    draft.height = height;
    draft.walls = draft.walls.filter(([r, c]) => r < height && c < width);
    draft.pieces = draft.pieces.filter(p => p.row + p.height <= height && p.col + p.width <= width);
    draft.exit = null;
    draft.goal = null;
    return true;
  });
  $('edit-width').addEventListener('change', resize);
  $('edit-height').addEventListener('change', resize);
  $('edit-rotate').addEventListener('click', () => edit(app, p => { [p.width, p.height] = [p.height, p.width]; }));
  $('edit-grow').addEventListener('click', () => edit(app, p => grow(p, 1)));
  $('edit-shrink').addEventListener('click', () => edit(app, p => grow(p, -1)));
  $('edit-target').addEventListener('click', () => edit(app, p => {
    const old = editor.draft.pieces.find(q => q.label === 'A');
    if (old) old.label = p.label;
    p.label = 'A';
    editor.selected = 'A';
  }));
  $('edit-delete').addEventListener('click', () => remove(app, editor.selected));
  $('edit-clear').addEventListener('click', () => mutate(app, () => {
    editor.draft.pieces = [];
    editor.draft.walls = [];
    editor.selected = null;
  }));
  $('edit-undo').addEventListener('click', () => undo(app));
  $('edit-redo').addEventListener('click', () => redo(app));
}

/**
 * A new puzzle from elsewhere (a link, a scan, the Load view) replaces the
 * draft, its history and any check in progress; the editor's own updates do not.
 */
export function reset(app, { source } = {}) {
  if (source === 'editor') return;
  clearTimeout(editor.timer);
  editor.timer = null;
  editor.version++;
  editor.validating = null;
  editor.error = null;
  editor.draft = null;
  editor.past = [];
  editor.future = [];
  if (app.view === 'edit') start(app);
}

/** A draft of the loaded puzzle (or an empty Rush Hour board). */
function start(app) {
  editor.draft = app.puzzle ? clone(app.puzzle.model)
    : { game: 'rush', width: 6, height: 6, pieces: [], walls: [], exit: null, goal: null };
  editor.selected = null;
  $('edit-line').value = app.puzzle?.line || '';
}

export function enter(app) {
  if (!editor.draft) start(app);
  $('board').classList.add('editable');
  say('', '');
  showTools();
}

export function draw(app) {
  if (!editor.draft) start(app);
  drawDraft(app);
}

/** The draft stays as it is when another view is chosen (its check goes on). */
export function leave() {}
