// The review of a game: the player's moves, each with the position's exact
// distance to the goal before and after it (from the engine: one analysis of
// the puzzle's component), the optimal ones marked, the first move that left
// every optimal path highlighted with an optimal move in its place and
// "Try again from here", and a small chart of the distance over the moves.
// Drawn into the container it is given; a list a screen reader reads in
// order.

import { describeMove } from './board.js';
import { svg } from './dom.js';

/** What each mark says in the list. */
const SAID = { optimal: 'optimal', wasted: 'wasted: no closer', backward: 'backwards: farther' };

// The chart's colours: the distance in the stats chart's dark blue, the
// optimal path as a grey guide, the first wasted move in the target's red.
const LINE = '#08306B', GUIDE = '#9A9A9A', WASTED = '#BE0032', INK = '#222222', GRID = '#DDDDDD';

function element(name, { text = null, className = null, ...attributes } = {}) {
  const node = document.createElement(name);
  if (text != null) node.textContent = text;
  if (className) node.className = className;
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  return node;
}

/** An SVG element `name` of `parent`, with `text` when given. */
function svgElement(parent, name, attributes, text = null) {
  const node = svg(name, attributes, parent);
  if (text != null) node.textContent = text;
  return node;
}

/** `n moves` (or steps) in the review's metric. */
function amount(review, n) {
  const unit = review.metric === 'step' ? 'step' : 'move';
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/** One line of the summary: how the game went against the optimum. */
function summary(review) {
  const played = review.moves.length;
  if (review.optimum == null) return `${amount(review, played)}: this puzzle has no solution.`;
  const wasted = review.moves.filter(m => m.mark !== 'optimal').length;
  const start = `${amount(review, played)} played; the optimum from the start is ${review.optimum}.`;
  if (!played) return start;
  return wasted === 0 ? `${start} Every move was optimal.`
    : `${start} ${wasted} of them ${wasted === 1 ? 'was' : 'were'} not optimal.`;
}

/**
 * The chart: the distance to the goal before the first move and after each,
 * the optimal path from the start as a dashed guide, the first wasted move
 * circled; drawn at `width` CSS pixels (its text 12 px on any screen).
 */
function chart(review, width) {
  const distances = [review.optimum, ...review.moves.map(m => m.after)];
  const height = Math.round(Math.min(180, Math.max(130, width * 0.4)));
  const font = 12, top = 12, bottom = 34, right = 10;
  const most = Math.max(1, ...distances);
  const left = Math.ceil(String(most).length * font * 0.62 + font * 2.2);
  const picture = svg('svg', { viewBox: `0 0 ${width} ${height}`, width, height, role: 'img' });
  const first = review.first_wasted;
  picture.setAttribute('aria-label', `Distance to the goal over your ${amount(review, review.moves.length)}: `
    + `${distances[0]} at the start, ${distances.at(-1)} at the end`
    + (first == null ? ', one closer at every move.' : `, first left the optimal path at move ${first + 1}.`));
  const plotW = width - left - right, plotH = height - top - bottom;
  const steps = Math.max(1, distances.length - 1);
  const x = i => left + plotW * i / steps;
  const y = d => top + plotH - plotH * d / most;
  const label = { 'font-size': font, fill: INK };
  for (const tick of [0, most]) {
    svgElement(picture, 'line', { x1: left, x2: width - right, y1: y(tick), y2: y(tick), stroke: GRID });
    svgElement(picture, 'text', { ...label, x: left - 6, y: y(tick) + font / 3, 'text-anchor': 'end' }, tick);
  }
  // The optimal path from the start: one closer at every move.
  svgElement(picture, 'line', { x1: x(0), y1: y(distances[0]), x2: x(Math.min(distances[0], steps)),
    y2: y(Math.max(distances[0] - steps, 0)), stroke: GUIDE, 'stroke-dasharray': '4 3', 'stroke-width': 1.5 });
  const points = distances.map((d, i) => `${x(i)},${y(d)}`).join(' ');
  svgElement(picture, 'polyline', { points, fill: 'none', stroke: LINE, 'stroke-width': 2 });
  if (first != null) {
    svgElement(picture, 'circle', { cx: x(first + 1), cy: y(distances[first + 1]), r: 5, fill: 'none',
      stroke: WASTED, 'stroke-width': 2.5 });
  }
  svgElement(picture, 'line', { x1: left, x2: left, y1: top, y2: top + plotH, stroke: INK });
  svgElement(picture, 'line', { x1: left, x2: width - right, y1: top + plotH, y2: top + plotH, stroke: INK });
  svgElement(picture, 'text', { ...label, x: left, y: top + plotH + font + 4, 'text-anchor': 'middle' }, 0);
  svgElement(picture, 'text', { ...label, x: x(steps), y: top + plotH + font + 4, 'text-anchor': 'end' }, steps);
  svgElement(picture, 'text', { ...label, x: left + plotW / 2, y: height - 4, 'text-anchor': 'middle' },
    'your moves');
  svgElement(picture, 'text', { ...label, x: 0, y: 0, 'text-anchor': 'middle',
    transform: `translate(${font} ${top + plotH / 2}) rotate(-90)` }, 'to go');
  return picture;
}

/**
 * Draws `review` into `container`: the summary, the first wasted move with
 * the better one and "Try again from here" (`onRetry(index)`: back to the
 * position before move `index`), the chart and the list of moves.
 */
export function render(container, review, { onRetry }) {
  const parts = [element('p', { className: 'review-summary', text: summary(review) })];
  const first = review.first_wasted;
  if (first != null) {
    const move = review.moves[first];
    const box = element('div', { className: 'review-wasted' });
    const better = move.better ? ` An optimal move there: ${describeMove(move.better)}.` : '';
    box.append(element('p', { text: `Move ${first + 1}, ${describeMove(move)}, left every optimal path `
      + `(${move.before} to go before it, ${move.after} after).${better}` }));
    const retry = element('button', { className: 'primary', text: 'Try again from here', id: 'review-retry' });
    retry.addEventListener('click', () => onRetry(first));
    box.append(retry);
    parts.push(box);
  }
  const figure = element('div', { className: 'chart review-chart' });
  parts.push(figure);
  const list = element('ol', { className: 'review-moves', 'aria-label': 'Your moves, with the moves to go' });
  review.moves.forEach((move, i) => {
    const item = element('li', { className: `mark-${move.mark || 'none'}${i === first ? ' first-wasted' : ''}` });
    const figures = move.before == null ? '' : ` — ${move.before} to ${move.after}, ${SAID[move.mark]}`;
    const better = i === first && move.better ? `; better: ${describeMove(move.better)}` : '';
    item.textContent = `${describeMove(move)}${figures}${better}`;
    list.appendChild(item);
  });
  parts.push(list);
  container.replaceChildren(...parts);
  figure.appendChild(chart(review, Math.max(figure.clientWidth, 240)));
}
