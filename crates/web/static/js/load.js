// Load: a screenshot (scanned on the server), a board string, a bundled puzzle, or a
// random puzzle of the database by Unblock Me's difficulty categories.

import { getJson, postBytes, readBoard } from './api.js';

const $ = id => document.getElementById(id);

/** What the random row says when no random puzzle is loaded. */
let randomNote = '';

export function message(text, error = false) {
  const node = $('load-message');
  node.textContent = text;
  node.className = `message ${error ? 'error' : 'ok'}`;
}

async function open(app, puzzle, { title = null } = {}) {
  try {
    const answer = await readBoard(puzzle);
    app.setPuzzle(answer, { title });
    message(`Loaded ${title || answer.name || answer.line}`);
    return answer;
  } catch (error) {
    message(error.message, true);
    return null;
  }
}

async function fillBundled() {
  const select = $('bundled');
  const puzzles = await getJson('/api/puzzles');
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

async function scan(app, file) {
  const result = $('scan-result');
  const overlay = $('scan-overlay');
  $('original-image').src = URL.createObjectURL(file);
  $('original').hidden = false;
  result.hidden = false;
  overlay.hidden = true;
  $('scan-message').className = 'message';
  $('scan-message').textContent = `Scanning ${file.name}…`;
  try {
    const scanned = await postBytes('/api/scan', file);
    const answer = await readBoard(scanned.board);
    app.setPuzzle(answer, { keepOriginal: true });
    const confidence = scanned.confidence == null ? '' : `, confidence ${Math.round(scanned.confidence * 100)}%`;
    const assumed = scanned.exit_assumed ? ' (exit assumed)' : '';
    $('scan-message').textContent = `Scanned ${file.name}${confidence}${assumed}`;
    $('scan-message').className = 'message ok';
  } catch (error) {
    // The board shown is not this picture's: keep the picture beside the reason only.
    $('original').hidden = true;
    $('scan-message').textContent = `The scan failed: ${error.message}`;
    $('scan-message').className = 'message error';
    if (error.body?.overlay) {
      overlay.src = `data:image/png;base64,${error.body.overlay}`;
      overlay.hidden = false;
    }
  }
}

export function setup(app) {
  fillBundled().then(() => app.puzzle && reset(app)).catch(error => message(error.message, true));
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
  getJson('/api/health').then(health => {
    if (!health.database) {
      randomNote = 'Random puzzles come from a small sample built into Unblocker; ' +
        '`unblocker db generate` makes the whole database.';
      $('random-note').textContent = randomNote;
    }
    if (!health.scanner) {
      $('dropzone').querySelector('span').textContent = 'Screenshot scanning is not in this build yet.';
    }
  });
  $('load-random').addEventListener('click', () => random(app));
}

/** A random puzzle of the chosen category, with its optimum and where it came from. */
async function random(app) {
  const select = $('random-level');
  const [min, max] = select.value.split('-');
  const level = select.selectedOptions[0].textContent.replace(/ \(.*/, '');
  try {
    const puzzle = await getJson(`/api/random?min=${min}${max ? `&max=${max}` : ''}`);
    const category = min === '1' && !max ? '' : `${level.toLowerCase()} `;
    const title = `Random ${category}puzzle · ${puzzle.moves} moves`;
    if (await open(app, puzzle.board, { title })) {
      $('random-note').textContent = `${level}: ${puzzle.moves} moves optimal, one of ` +
        `${puzzle.cluster.toLocaleString()} positions of its family; from ${puzzle.source}.`;
    }
  } catch (error) {
    message(error.message, true);
  }
}

/** The bundled list shows the loaded puzzle, or its prompt when the puzzle is not one of them. */
export function reset(app) {
  $('board-text').value = app.puzzle.line;
  // The note tells a random puzzle's provenance, or where random puzzles come from.
  $('random-note').textContent = randomNote;
  const select = $('bundled');
  const listed = [...select.options].some(o => o.value && o.value === app.puzzle.name);
  select.value = listed ? app.puzzle.name : '';
}
