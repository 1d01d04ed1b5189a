// The page's pool of engine workers (static/js/engine.js) under Node, with a
// stand-in for Web Workers whose start the test controls: a worker that
// fails to start after a request took it must not take a live idle worker
// out of the pool with it (it would never be ended, nor used again), and a
// worker that fails to start is ended.
//
//   node crates/web/tests/js/engine-pool.mjs
import assert from 'node:assert/strict';

/** Every stand-in worker made, in order. */
const made = [];

class StandIn {
  constructor(url) {
    this.name = `worker ${made.length + 1}`;
    this.url = String(url);
    this.ended = false;
    made.push(this);
  }

  postMessage(data) {
    // The engine's module: started by the test (`start` or `fail`).
    if (data.module) return;
    // A request: answered at once, naming the worker that answered it.
    setTimeout(() => this.onmessage({ data: { id: data.id, reply: { answer: `${data.op} by ${this.name}` } } }));
  }

  start() {
    this.onmessage({ data: { ready: true } });
  }

  fail() {
    this.onerror({ message: 'the worker failed to start' });
  }

  terminate() {
    this.ended = true;
  }
}

globalThis.Worker = StandIn;
// The smallest WebAssembly module: its compile is real.
const empty = new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]);
globalThis.fetch = async () => ({
  ok: true,
  headers: new Map([['content-type', 'application/octet-stream']]),
  arrayBuffer: async () => empty.buffer,
});

const settle = () => new Promise(resolve => setTimeout(resolve, 20));
/** `promise`, or an error when it has not settled within a second. */
const within = (promise, what) => Promise.race([promise, new Promise((_, reject) =>
  setTimeout(() => reject(new Error(`${what}: no answer (a new worker, never started, took it)`)), 1000))]);
const engine = await import(new URL('../../static/js/engine.js', import.meta.url));

engine.warm();
await settle();
const [first] = made;
// A request takes the warm worker while it is still starting ...
const taken = engine.call('a');
// ... and another request, with none idle, starts one of its own, which
// answers and stays idle.
const other = engine.call('b');
await settle();
const second = made[1];
second.start();
assert.equal(await other, 'b by worker 2');
// The first worker fails: its request fails, it is ended, and the idle
// worker stays in the pool.
first.fail();
await assert.rejects(taken, /failed to start/);
assert.equal(first.ended, true, 'a worker that failed to start is ended');
assert.equal(await within(engine.call('c'), 'the next request'), 'c by worker 2');
assert.equal(second.ended, false);
assert.equal(made.length, 2, 'no worker made for nothing');
console.log('the pool keeps its idle worker when another fails to start');
