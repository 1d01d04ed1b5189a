// Calls to the server's JSON API; every error becomes an Error with the server's message.

async function answer(response) {
  const text = await response.text();
  let body;
  try { body = JSON.parse(text); } catch { body = { error: text || response.statusText }; }
  if (!response.ok) {
    const error = new Error(body.error || `HTTP ${response.status}`);
    error.status = response.status;
    error.body = body;
    throw error;
  }
  return body;
}

export async function getJson(path) {
  return answer(await fetch(path));
}

export async function postJson(path, body, signal) {
  return answer(await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  }));
}

/** Sends a picture as the body, typed (the server refuses untyped bodies). */
export async function postBytes(path, blob) {
  const type = blob.type || 'application/octet-stream';
  return answer(await fetch(path, { method: 'POST', headers: { 'Content-Type': type }, body: blob }));
}

/** Reads and validates a puzzle: {board, line, game, solved, moves, …}. */
export function readBoard(puzzle, extra = {}) {
  return postJson('/api/board', { puzzle, ...extra });
}

/**
 * Solves with live progress (NDJSON). `onProgress({examined, enqueued, depth})`
 * is called while the search runs; aborting `signal` closes the stream, and
 * the server cancels the search.
 */
export async function solveStream(request, onProgress, signal) {
  const response = await fetch('/api/solve/stream', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(request),
    signal,
  });
  if (!response.ok) return answer(response);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    let newline;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = JSON.parse(buffered.slice(0, newline));
      buffered = buffered.slice(newline + 1);
      if (line.progress) onProgress(line.progress);
      if (line.result) return line.result;
      if (line.error) throw new Error(line.error);
    }
  }
  throw new Error('the server closed the stream before the answer');
}
