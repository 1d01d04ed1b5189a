// Statistics ("Additional stats"): length, search counts, peak queue, time, and
// positions examined and enqueued per level as a table and a chart.

import { $, svg } from './dom.js';
import { number } from './numbers.js';
import { ensure } from './solve.js';

function figure(list, name, value) {
  const box = document.createElement('div');
  const dt = document.createElement('dt');
  const dd = document.createElement('dd');
  dt.textContent = name;
  dd.textContent = value;
  box.append(dt, dd);
  list.appendChild(box);
}

/** A power of ten written as the report's charts write it: 1, 10, 100, 1k, 10k, 1M. */
function power(exponent) {
  const units = ['', 'k', 'M', 'G', 'T'];
  const unit = Math.min(Math.floor(exponent / 3), units.length - 1);
  return `${10 ** (exponent - unit * 3)}${units[unit]}`;
}

// The colours of the report's charts for breadth-first search (its family's
// blue): light bars, the dark line, grey grid lines at the ticks only.
const BARS = '#4392C3', LINE = '#08306B', GRID = '#DDDDDD', INK = '#222222';

/**
 * The chart, drawn at the container's own width in CSS pixels (so its text is
 * 12 px on a phone as on a desktop): enqueued positions per depth as bars,
 * examined as a line, on a logarithmic axis ticked at the powers of ten, with
 * axis titles and the y labels' room measured.
 */
function chart(levels, width) {
  const height = Math.round(Math.min(260, Math.max(190, width * 0.5)));
  const font = 12, top = 26, bottom = 40, right = 10;
  const max = Math.max(1, ...levels.map(l => Math.max(l.examined, l.enqueued)));
  const decades = Math.max(1, Math.ceil(Math.log10(max)));
  const ticks = Array.from({ length: decades + 1 }, (_, i) => i);
  const labelWidth = Math.max(...ticks.map(t => power(t).length)) * font * 0.62;
  const left = Math.ceil(labelWidth + font * 2.2);
  const picture = svg('svg', { viewBox: `0 0 ${width} ${height}`, width, height, role: 'img',
    'aria-label': `Positions enqueued (bars) and examined (line) at each depth, on a logarithmic scale, up to ${number(max)}` });
  const plotW = width - left - right, plotH = height - top - bottom;
  const bar = plotW / Math.max(levels.length, 1);
  // Height of a count on the log scale: 1 at the bottom, 10^decades at the top.
  const scale = count => (count >= 1 ? plotH * Math.log10(count) / decades : 0);
  const add = (name, attributes, text) => {
    const node = svg(name, attributes, picture);
    if (text != null) node.textContent = text;
    return node;
  };
  const label = { 'font-size': font, fill: INK };
  // Tick labels far enough apart for their text.
  const tickEvery = Math.max(1, Math.ceil((decades + 1) * font * 1.4 / plotH));
  ticks.forEach(tick => {
    const y = top + plotH - plotH * tick / decades;
    add('line', { x1: left, x2: width - right, y1: y, y2: y, stroke: GRID });
    if (tick % tickEvery === 0) {
      add('text', { ...label, x: left - 6, y: y + font / 3, 'text-anchor': 'end', class: 'tick' }, power(tick));
    }
  });
  levels.forEach((level, i) => {
    const h = scale(level.enqueued);
    const rect = add('rect', { x: left + i * bar + bar * 0.12, y: top + plotH - h, width: bar * 0.76, height: h,
      fill: BARS });
    svg('title', {}, rect).textContent =
      `depth ${level.depth}: ${number(level.enqueued)} enqueued, ${number(level.examined)} examined`;
  });
  const points = levels.map((level, i) =>
    `${left + (i + 0.5) * bar},${top + plotH - scale(level.examined)}`).join(' ');
  add('polyline', { points, fill: 'none', stroke: LINE, 'stroke-width': 2 });
  add('line', { x1: left, x2: left, y1: top, y2: top + plotH, stroke: INK });
  add('line', { x1: left, x2: width - right, y1: top + plotH, y2: top + plotH, stroke: INK });
  // Depth labels far enough apart for their text.
  const every = Math.max(1, Math.ceil(levels.length / Math.max(1, Math.floor(plotW / (font * 2.6)))));
  levels.forEach((level, i) => {
    if (i % every === 0) {
      add('text', { ...label, x: left + (i + 0.5) * bar, y: top + plotH + font + 4, 'text-anchor': 'middle' }, level.depth);
    }
  });
  add('text', { ...label, x: left + plotW / 2, y: height - 6, 'text-anchor': 'middle', class: 'axis-title' },
    'depth (moves from the start)');
  add('text', { ...label, x: 0, y: 0, 'text-anchor': 'middle', class: 'axis-title',
    transform: `translate(${font} ${top + plotH / 2}) rotate(-90)` }, 'positions');
  add('rect', { x: left + 8, y: 6, width: 12, height: 12, fill: BARS });
  add('text', { ...label, x: left + 25, y: 16 }, 'enqueued');
  add('line', { x1: left + 95, x2: left + 111, y1: 12, y2: 12, stroke: LINE, 'stroke-width': 2 });
  add('text', { ...label, x: left + 116, y: 16 }, 'examined');
  return picture;
}

export function draw(app) {
  app.drawStart();
  const result = app.solution;
  $('stats-empty').hidden = !!result;
  $('stats-body').hidden = !result;
  if (!result) return;
  const s = result.stats;
  const list = $('stats-figures');
  list.textContent = '';
  figure(list, 'moves', result.moves ?? '–');
  figure(list, 'steps', result.steps ?? '–');
  figure(list, 'metric', result.metric);
  figure(list, 'examined', number(s.examined));
  figure(list, 'enqueued', number(s.enqueued));
  figure(list, 'generated', number(s.generated));
  figure(list, 'peak queue', number(s.max_frontier));
  figure(list, 'memory', `${(s.memory_bytes / 1048576).toFixed(1)} MiB`);
  figure(list, 'time', `${s.elapsed_ms.toFixed(2)} ms`);
  if (result.reachable_states != null) figure(list, 'reachable', number(result.reachable_states));
  drawChart(s.per_level);
  const body = $('stats-table').querySelector('tbody');
  body.replaceChildren(...s.per_level.map(level => {
    const row = document.createElement('tr');
    for (const value of [level.depth, number(level.examined), number(level.enqueued)]) {
      const cell = document.createElement('td');
      cell.textContent = value;
      row.appendChild(cell);
    }
    return row;
  }));
}

function drawChart(levels) {
  const container = $('stats-chart');
  container.replaceChildren(chart(levels, Math.max(container.clientWidth, 240)));
}

/** The statistics need the solution: the one known, the search in progress, or a new one. */
export function enter(app) {
  if (!app.solution && app.puzzle) ensure(app);
}

/** A new puzzle's statistics come with its solution (`draw`). */
export function reset() {}

/** Nothing runs in Stats to stop as it is left. */
export function leave() {}

/** Stats keeps no history. */
export const undo = null;
export const redo = null;

export function setup(app) {
  window.addEventListener('resize', () => {
    if (app.view === 'stats' && app.solution) drawChart(app.solution.stats.per_level);
  });
}
