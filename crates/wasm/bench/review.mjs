// The review of a long game in the engine in WebAssembly under Node (V8, as
// in Chromium's worker): a puzzle played the long way, its optimal solution
// with every fifth move undone and made again (`hardest`: 60 moves and 24
// more, 84 reviewed in one call; a Klotski piece move undone and made again
// is one move); the best of ROUNDS rounds of RUNS
// reviews, the whole call (request read, analysis, answer written).
//
//   cargo xtask web --out target/site
//   node crates/wasm/bench/review.mjs target/site hardest

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
const solution = answer(engine.solve(JSON.stringify({ puzzle }), GIB, null)).solution;
// A move's slides (a Klotski piece move has several), and those that undo it.
const slides = m => (m.path || [m]).map(({ direction, distance }) => ({ piece: m.piece, direction, distance }));
const undo = m => slides(m).reverse().map(s => ({ ...s, direction: OPPOSITE[s.direction] }));
// The long way: after every fifth move of the solution, that move undone and made again.
const moves = solution.flatMap((m, i) => (i % 5 === 4 ? [...slides(m), ...undo(m), ...slides(m)] : slides(m)));
const request = JSON.stringify({ puzzle, moves });
const review = answer(engine.review(request, GIB));
let best = Infinity;
for (let round = 0; round < ROUNDS; round++) {
  const started = performance.now();
  for (let i = 0; i < RUNS; i++) answer(engine.review(request, GIB));
  best = Math.min(best, (performance.now() - started) / RUNS);
}
const wasted = review.moves.filter(m => m.mark !== 'optimal').length;
const first = review.first_wasted == null ? '' : `, the first at move ${review.first_wasted + 1}`;
console.log(`${puzzle}: ${review.moves.length} moves reviewed (${wasted} not optimal${first}; ` +
  `${review.reachable_states} positions) in ${best.toFixed(2)} ms a review (the best of ${ROUNDS} rounds of ${RUNS})`);
