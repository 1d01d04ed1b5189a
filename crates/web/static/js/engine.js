// The engine in the browser: the answers of the server's JSON API, computed by
// the WebAssembly engine in Web Workers so the page never freezes. The module is
// compiled once and handed to each worker; a worker runs one request at a time.
// Aborting a request ends its worker (the search stops at once) and a fresh one
// takes its place. The messages to and from a worker are js/protocol.js's.

import { site } from './site.js';
import { refusal } from './protocol.js';

/**
 * The address of one of the page's files. Under a service worker, with the
 * page's version: a page of an older version, still open while a new one
 * takes over, gets its own version's files or none, never the new ones.
 */
function own(path) {
  const url = new URL(path, import.meta.url);
  if (site.version && globalThis.navigator?.serviceWorker?.controller) url.searchParams.set('v', site.version);
  return url;
}

/** Workers ready for a request, each a Promise of a Worker whose engine is loaded. */
const idle = [];
/** Idle workers kept beyond a request (one warm for the next tap, one spare). */
const KEEP = 2;
let compiled = null;
let nextId = 1;

function compile() {
  compiled ??= (async () => {
    const response = await fetch(own('../engine/unblocker_wasm_bg.wasm'));
    if (!response.ok) throw new Error(`the engine could not be loaded (HTTP ${response.status})`);
    // A host that sends .wasm with another type cannot stream it.
    if ((response.headers.get('content-type') || '').startsWith('application/wasm')) {
      return WebAssembly.compileStreaming(response);
    }
    return WebAssembly.compile(await response.arrayBuffer());
  })();
  compiled.catch(() => { compiled = null; });
  return compiled;
}

function spawn() {
  // The worker starts (its thread, its glue) while the engine compiles.
  const worker = new Worker(own('./worker.js'), { type: 'module' });
  const failed = new Promise((_, reject) => {
    worker.onerror = event => reject(new Error(event.message || 'the engine worker failed to start'));
  });
  failed.catch(() => {});
  return (async () => {
    try {
      const module = await Promise.race([compile(), failed]);
      await Promise.race([failed, new Promise((resolve, reject) => {
        /** @param {{data: import('./protocol.js').Started}} message */
        worker.onmessage = ({ data }) => (data.ready ? resolve() : reject(new Error(data.error)));
        /** @type {import('./protocol.js').Start} */
        const start = { module };
        worker.postMessage(start);
      })]);
    } catch (error) {
      worker.terminate();
      throw error;
    }
    return worker;
  })();
}

/** Starts loading the engine before the first request needs it. */
export function warm() {
  if (!idle.length) {
    const worker = spawn();
    // A worker that failed to start leaves the list, if a request has not
    // taken it out already (and then it is that request's error).
    worker.catch(() => {
      const at = idle.indexOf(worker);
      if (at >= 0) idle.splice(at, 1);
    });
    idle.push(worker);
  }
}

function release(worker) {
  if (idle.length < KEEP) idle.push(Promise.resolve(worker));
  else worker.terminate();
}

/**
 * Runs `op` (one of protocol.js's OP) with `args` in a worker: its answer, or
 * an Error as the API gives it. `onProgress` receives a search's progress;
 * aborting `signal` ends the worker and rejects with an AbortError.
 */
export async function call(op, args, { signal, onProgress } = {}) {
  if (signal?.aborted) throw new DOMException('Aborted', 'AbortError');
  const worker = await (idle.shift() || spawn());
  const id = nextId++;
  try {
    return await new Promise((resolve, reject) => {
      const abort = () => {
        worker.terminate();
        warm();
        reject(new DOMException('Aborted', 'AbortError'));
      };
      signal?.addEventListener('abort', abort, { once: true });
      worker.onerror = event => {
        signal?.removeEventListener('abort', abort);
        worker.terminate();
        reject(new Error(event.message || 'the engine stopped'));
      };
      /** @param {{data: import('./protocol.js').ProgressLine | import('./protocol.js').Answered}} message */
      worker.onmessage = ({ data }) => {
        if (data.id !== id) return;
        if (data.progress) {
          onProgress?.(JSON.parse(data.progress).progress);
          return;
        }
        signal?.removeEventListener('abort', abort);
        if (data.crashed) worker.terminate();
        else release(worker);
        if (data.reply.status) reject(refusal(data.reply.status, data.reply.body));
        else resolve(data.reply.answer);
      };
      /** @type {import('./protocol.js').Request} */
      const request = { id, op, args };
      worker.postMessage(request);
    });
  } finally {
    if (!idle.length) warm();
  }
}

// The page computing in the browser starts its engine as soon as this module runs.
if (site.engine === 'wasm') warm();

/**
 * A search's memory cap in the browser: a quarter of the device's memory as
 * the browser reports it (most report at most 8 GB), between 256 MiB and 1 GiB.
 */
export function memoryCap() {
  const gib = navigator.deviceMemory || 2;
  return Math.min(Math.max(gib / 4, 0.25), 1) * 2 ** 30;
}
