// Load: a screenshot (scanned on the server), a board string, a bundled or a random puzzle.

import { getJson, postBytes, readBoard } from './api.js';

const $ = id => document.getElementById(id);

export function message(text, error = false) {
  const node = $('load-message');
  node.textContent = text;
  node.className = `message ${error ? 'error' : 'ok'}`;
}

async function open(app, puzzle, extra) {
  try {
    const answer = await readBoard(puzzle, extra);
    app.setPuzzle(answer);
    message(`Loaded ${answer.name || answer.line}`);
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
  fillBundled().catch(error => message(error.message, true));
  $('load-text').addEventListener('click', () => open(app, $('board-text').value));
  $('load-bundled').addEventListener('click', () => open(app, $('bundled').value));
  $('bundled').addEventListener('change', () => open(app, $('bundled').value));
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
      for (const input of $('random-row').querySelectorAll('input, button')) input.disabled = true;
      $('random-note').textContent = 'Random puzzles need the puzzle database, which this build does not have yet.';
    }
    if (!health.scanner) {
      $('dropzone').querySelector('span').textContent = 'Screenshot scanning is not in this build yet.';
    }
  });
  $('load-random').addEventListener('click', async () => {
    try {
      const min = $('random-min').value, max = $('random-max').value;
      const random = await getJson(`/api/random?min=${min}&max=${max}`);
      await open(app, random.board);
    } catch (error) {
      message(error.message, true);
    }
  });
}

export function reset(app) {
  $('board-text').value = app.puzzle.line;
}
