// Edit: add, drag, rotate, resize and delete pieces, place walls, set the exit or
// goal, switch game; every change is validated by the server and the board string follows.

import { readBoard } from './api.js';
import { clone, toRequest } from './board.js';

const $ = id => document.getElementById(id);
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
};

function say(text, kind) {
  $('edit-message').textContent = text;
  $('edit-message').className = `message ${kind}`;
}

function selectedPiece() {
  return editor.draft.pieces.find(p => p.label === editor.selected);
}

function freeLabel() {
  const used = new Set(editor.draft.pieces.map(p => p.label));
  return [...LABELS].find(l => !used.has(l));
}

function pieceAtCell(row, col) {
  return editor.draft.pieces.find(p => row >= p.row && row < p.row + p.height && col >= p.col && col < p.col + p.width);
}

/** Redraws, then asks the server whether the draft is a valid board. */
function changed(app) {
  app.board.draw(editor.draft, { selected: editor.selected, moveMs: 120 });
  showTools();
  clearTimeout(editor.timer);
  editor.timer = setTimeout(() => validate(app), 120);
}

async function validate(app) {
  const version = ++editor.version;
  try {
    const answer = await readBoard(toRequest(editor.draft));
    if (version !== editor.version) return;
    // The server fills in a default exit or goal; show it.
    if (editor.draft.game === 'rush' && !editor.draft.exit) editor.draft.exit = answer.board.exit;
    if (editor.draft.game === 'klotski' && !editor.draft.goal) editor.draft.goal = answer.board.goal;
    app.setPuzzle(answer, { source: 'editor' });
    $('edit-line').value = answer.line;
    $('edit-line').classList.remove('stale');
    say(answer.solved ? 'Valid board (already solved)' : `Valid ${answer.game === 'klotski' ? 'Klotski' : 'Rush Hour'} board`, 'ok');
    app.board.draw(editor.draft, { selected: editor.selected, moveMs: 120 });
  } catch (error) {
    if (version !== editor.version) return;
    $('edit-line').classList.add('stale');
    say(error.message, 'error');
  }
}

function showTools() {
  for (const button of $('edit-tools').querySelectorAll('button')) {
    button.classList.toggle('on', button.dataset.tool === editor.tool);
  }
  for (const button of $('edit-game').querySelectorAll('button')) {
    button.classList.toggle('on', button.dataset.game === editor.draft.game);
  }
  const shapes = $('edit-shapes');
  shapes.hidden = editor.tool !== 'add';
  shapes.replaceChildren(...SHAPES[editor.draft.game].map(([w, h, name], i) => {
    const button = document.createElement('button');
    button.textContent = name;
    button.dataset.shape = `${w}x${h}`;
    button.classList.toggle('on', i === editor.shape);
    button.addEventListener('click', () => { editor.shape = i; showTools(); });
    return button;
  }));
  $('edit-width').value = editor.draft.width;
  $('edit-height').value = editor.draft.height;
  const none = !selectedPiece();
  for (const id of ['edit-rotate', 'edit-grow', 'edit-shrink', 'edit-target', 'edit-delete']) $(id).disabled = none;
}

function mobilityOf(game, piece) {
  if (game === 'klotski') return 'free';
  return piece.height > piece.width ? 'vertical' : 'horizontal';
}

function clampInside(piece) {
  piece.row = Math.min(Math.max(piece.row, 0), Math.max(editor.draft.height - piece.height, 0));
  piece.col = Math.min(Math.max(piece.col, 0), Math.max(editor.draft.width - piece.width, 0));
}

function click(app, at) {
  const row = Math.floor(at.row), col = Math.floor(at.col);
  const { draft } = editor;
  const inside = row >= 0 && row < draft.height && col >= 0 && col < draft.width;
  if (editor.tool === 'add' && inside && !pieceAtCell(row, col)) {
    const [width, height] = SHAPES[draft.game][editor.shape];
    const piece = { label: freeLabel(), row, col, width, height };
    if (!piece.label) return;
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
    } else return;
  } else if (editor.tool === 'move') {
    editor.selected = null;
  } else return;
  changed(app);
}

function clampIndex(index, size) {
  return Math.min(Math.max(index, 0), size - 1);
}

function setupPointer(app) {
  const container = $('board');
  let drag = null;
  container.addEventListener('pointerdown', event => {
    if (app.view !== 'edit') return;
    event.preventDefault();
    const label = app.board.pieceAt(event);
    const at = app.board.toCells(event);
    if (label && (editor.tool === 'move' || editor.tool === 'add')) {
      editor.selected = label;
      drag = { label, from: at, dr: 0, dc: 0 };
      container.setPointerCapture(event.pointerId);
      app.board.draw(editor.draft, { selected: label });
      showTools();
    } else {
      click(app, at);
    }
  });
  container.addEventListener('pointermove', event => {
    if (!drag) return;
    const at = app.board.toCells(event);
    drag.dr = at.row - drag.from.row;
    drag.dc = at.col - drag.from.col;
    app.board.nudge(drag.label, drag.dr, drag.dc);
  });
  const end = () => {
    if (!drag) return;
    const piece = editor.draft.pieces.find(p => p.label === drag.label);
    app.board.release(drag.label);
    piece.row += Math.round(drag.dr);
    piece.col += Math.round(drag.dc);
    clampInside(piece);
    drag = null;
    changed(app);
  };
  container.addEventListener('pointerup', end);
  container.addEventListener('pointercancel', end);
}

function edit(app, change) {
  const piece = selectedPiece();
  if (!piece) return;
  change(piece);
  piece.mobility = mobilityOf(editor.draft.game, piece);
  clampInside(piece);
  changed(app);
}

function grow(piece, by) {
  if (piece.height > piece.width) piece.height = Math.max(1, piece.height + by);
  else piece.width = Math.max(1, piece.width + by);
}

export function setup(app) {
  setupPointer(app);
  for (const button of $('edit-tools').querySelectorAll('button')) {
    button.addEventListener('click', () => { editor.tool = button.dataset.tool; showTools(); });
  }
  for (const button of $('edit-game').querySelectorAll('button')) {
    button.addEventListener('click', () => {
      const draft = editor.draft;
      if (draft.game === button.dataset.game) return;
      draft.game = button.dataset.game;
      draft.exit = null;
      draft.goal = null;
      editor.shape = 0;
      for (const piece of draft.pieces) piece.mobility = mobilityOf(draft.game, piece);
      changed(app);
    });
  }
  const resize = () => {
    const width = Number($('edit-width').value), height = Number($('edit-height').value);
    if (!(width >= 2 && width <= 8 && height >= 2 && height <= 8)) return;
    const draft = editor.draft;
    draft.width = width;
    draft.height = height;
    draft.walls = draft.walls.filter(([r, c]) => r < height && c < width);
    draft.pieces = draft.pieces.filter(p => p.row + p.height <= height && p.col + p.width <= width);
    draft.exit = null;
    draft.goal = null;
    changed(app);
  };
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
  $('edit-delete').addEventListener('click', () => {
    editor.draft.pieces = editor.draft.pieces.filter(p => p.label !== editor.selected);
    editor.selected = null;
    changed(app);
  });
  $('edit-clear').addEventListener('click', () => {
    editor.draft.pieces = [];
    editor.draft.walls = [];
    editor.selected = null;
    changed(app);
  });
}

/** A new puzzle from elsewhere replaces the draft; the editor's own updates do not. */
export function reset(app, { source } = {}) {
  if (source === 'editor') return;
  editor.draft = null;
}

export function enter(app) {
  if (!editor.draft) {
    editor.draft = app.puzzle ? clone(app.puzzle.model)
      : { game: 'rush', width: 6, height: 6, pieces: [], walls: [], exit: null, goal: null };
    editor.selected = null;
    $('edit-line').value = app.puzzle?.line || '';
  }
  $('board').classList.add('editable');
  say('', '');
  showTools();
}

export function draw(app) {
  app.board.draw(editor.draft, { selected: editor.selected, moveMs: 120 });
}
