// The review of a long game in the engine in WebAssembly under Node (V8, as
// in Chromium's worker): `hardest` played the long way, twelve moves out and
// back from the start (each piece moved and moved back) and then its
// 60-move solution, 84 moves reviewed in one call; the best of ROUNDS rounds
// of RUNS reviews, the whole call (request read, analysis, answer written).
//
//   cargo xtask web --out target/site
//   node crates/wasm/bench/review.mjs target/site

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const [site = 'target/site', puzzle = 'hardest'] = process.argv.slice(2);
const engine = await import(resolve(site, 'engine/unblocker_wasm.js'));
engine.initSync({ module: readFileSync(resolve(site, 'engine/unblocker_wasm_bg.wasm')) });
const ROUNDS = 6;
const RUNS = 20;
const GIB = 2 ** 30;
const OPPOSITE = { up: 'down', down: 'up', left: 'right', right: 'left' };

const answer = reply => {
  const parsed = JSON.parse(reply);
  if (!parsed.answer) throw new Error(JSON.stringify(parsed));
  return parsed.answer;
};
const start = answer(engine.board(JSON.stringify({ puzzle })));
const solution = answer(engine.solve(JSON.stringify({ puzzle }), GIB, null)).solution;
// Out and back with a different piece each time, so that no two moves join.
const detour = [];
const used = new Set();
for (const move of start.moves) {
  if (used.has(move.piece) || detour.length >= 24) continue;
  used.add(move.piece);
  const { piece, direction, distance } = move;
  detour.push({ piece, direction, distance }, { piece, direction: OPPOSITE[direction], distance });
}
const moves = [...detour, ...solution.map(({ piece, direction, distance }) => ({ piece, direction, distance }))];
const request = JSON.stringify({ puzzle, moves });
const review = answer(engine.review(request, GIB));
let best = Infinity;
for (let round = 0; round < ROUNDS; round++) {
  const started = performance.now();
  for (let i = 0; i < RUNS; i++) answer(engine.review(request, GIB));
  best = Math.min(best, (performance.now() - started) / RUNS);
}
const wasted = review.moves.filter(m => m.mark !== 'optimal').length;
console.log(`${puzzle}: ${review.moves.length} moves reviewed (${wasted} not optimal, the first at move ` +
  `${review.first_wasted + 1}; ${review.reachable_states} positions) in ${best.toFixed(2)} ms a review ` +
  `(the best of ${ROUNDS} rounds of ${RUNS})`);
