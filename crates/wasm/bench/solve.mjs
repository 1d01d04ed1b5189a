// The engine in WebAssembly under Node (V8, as in Chromium), beside
// `unblocker bench` for the native engine: each puzzle solved ROUNDS × RUNS
// times, and per round the mean search time (the answer's own `elapsed_ms`)
// and the mean time of the whole call (request read, search, answer written).
//
//   cargo xtask web --out target/site
//   node crates/wasm/bench/solve.mjs target/site hardest 横刀立马
//   target/release/unblocker bench --only hardest

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const [site = 'target/site', ...asked] = process.argv.slice(2);
const puzzles = asked.length ? asked : ['hardest', '横刀立马'];
const engine = await import(resolve(site, 'engine/unblocker_wasm.js'));
engine.initSync({ module: readFileSync(resolve(site, 'engine/unblocker_wasm_bg.wasm')) });
const ROUNDS = 6;
const RUNS = 300;
const GIB = 2 ** 30;

for (const puzzle of puzzles) {
  const request = JSON.stringify({ puzzle });
  const best = { search: Infinity, call: Infinity };
  for (let round = 0; round < ROUNDS; round++) {
    let search = 0;
    const started = performance.now();
    for (let i = 0; i < RUNS; i++) {
      const reply = JSON.parse(engine.solve(request, GIB, null));
      if (!reply.answer) throw new Error(`${puzzle}: ${JSON.stringify(reply)}`);
      search += reply.answer.stats.elapsed_ms;
    }
    best.call = Math.min(best.call, (performance.now() - started) / RUNS);
    best.search = Math.min(best.search, search / RUNS);
  }
  console.log(`${puzzle}: search ${best.search.toFixed(3)} ms, whole call ${best.call.toFixed(3)} ms ` +
    `(the best of ${ROUNDS} rounds of ${RUNS})`);
}
