// Statistics ("Additional stats"): length, search counts, peak queue, time, and
// positions examined and enqueued per level as a table and a chart.

import { run } from './solve.js';

const $ = id => document.getElementById(id);
const SVG_NS = 'http://www.w3.org/2000/svg';

function figure(list, name, value) {
  const box = document.createElement('div');
  const dt = document.createElement('dt');
  const dd = document.createElement('dd');
  dt.textContent = name;
  dd.textContent = value;
  box.append(dt, dd);
  list.appendChild(box);
}

function chart(levels) {
  const width = 600, height = 220, left = 56, bottom = 26, top = 12;
  const max = Math.max(1, ...levels.map(l => Math.max(l.examined, l.enqueued)));
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', 'Positions enqueued and examined per level');
  const plotW = width - left - 8, plotH = height - top - bottom;
  const bar = plotW / Math.max(levels.length, 1);
  const add = (name, attributes, text) => {
    const node = document.createElementNS(SVG_NS, name);
    for (const [k, v] of Object.entries(attributes)) node.setAttribute(k, v);
    if (text != null) node.textContent = text;
    svg.appendChild(node);
    return node;
  };
  for (const fraction of [0, 0.5, 1]) {
    const y = top + plotH * (1 - fraction);
    add('line', { x1: left, x2: width - 8, y1: y, y2: y, stroke: '#eadfcd' });
    add('text', { x: left - 6, y: y + 4, 'text-anchor': 'end', 'font-size': 11, fill: '#7a6a58' },
      Math.round(max * fraction).toLocaleString());
  }
  levels.forEach((level, i) => {
    const h = plotH * level.enqueued / max;
    add('rect', { x: left + i * bar + bar * 0.12, y: top + plotH - h, width: bar * 0.76, height: h,
      fill: '#d49a5a', rx: Math.min(3, bar / 4) }).appendChild(
      Object.assign(document.createElementNS(SVG_NS, 'title'),
        { textContent: `depth ${level.depth}: ${level.enqueued} enqueued, ${level.examined} examined` }));
  });
  const points = levels.map((level, i) =>
    `${left + (i + 0.5) * bar},${top + plotH - plotH * level.examined / max}`).join(' ');
  add('polyline', { points, fill: 'none', stroke: '#8a3b1f', 'stroke-width': 2 });
  const step = Math.max(1, Math.ceil(levels.length / 12));
  levels.forEach((level, i) => {
    if (i % step === 0) {
      add('text', { x: left + (i + 0.5) * bar, y: height - 8, 'text-anchor': 'middle', 'font-size': 11,
        fill: '#7a6a58' }, level.depth);
    }
  });
  add('rect', { x: left + 8, y: top, width: 10, height: 10, fill: '#d49a5a' });
  add('text', { x: left + 22, y: top + 9, 'font-size': 11, fill: '#2b2118' }, 'enqueued');
  add('line', { x1: left + 90, x2: left + 104, y1: top + 5, y2: top + 5, stroke: '#8a3b1f', 'stroke-width': 2 });
  add('text', { x: left + 108, y: top + 9, 'font-size': 11, fill: '#2b2118' }, 'examined');
  return svg;
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
  figure(list, 'examined', s.examined.toLocaleString());
  figure(list, 'enqueued', s.enqueued.toLocaleString());
  figure(list, 'generated', s.generated.toLocaleString());
  figure(list, 'peak queue', s.max_frontier.toLocaleString());
  figure(list, 'memory', `${(s.memory_bytes / 1048576).toFixed(1)} MiB`);
  figure(list, 'time', `${s.elapsed_ms.toFixed(2)} ms`);
  if (result.reachable_states != null) figure(list, 'reachable', result.reachable_states.toLocaleString());
  $('stats-chart').replaceChildren(chart(s.per_level));
  const body = $('stats-table').querySelector('tbody');
  body.replaceChildren(...s.per_level.map(level => {
    const row = document.createElement('tr');
    for (const value of [level.depth, level.examined.toLocaleString(), level.enqueued.toLocaleString()]) {
      const cell = document.createElement('td');
      cell.textContent = value;
      row.appendChild(cell);
    }
    return row;
  }));
}

export function enter(app) {
  if (!app.solution && app.puzzle) run(app);
}

export function setup() {}
