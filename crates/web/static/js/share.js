// The link: puzzle (a bundled puzzle by its name), metric, view and step in the
// URL's hash, so a copied link reopens the view.

export function write(app) {
  if (!app.puzzle) return;
  const params = new URLSearchParams();
  params.set('p', app.puzzle.name || app.puzzle.line);
  if (app.metric) params.set('m', app.metric);
  params.set('v', app.view);
  if (app.view === 'solve' && app.step) params.set('s', String(app.step));
  history.replaceState(null, '', `#${params}`);
}

export function read() {
  const params = new URLSearchParams(location.hash.slice(1));
  const step = Number.parseInt(params.get('s') || '0', 10);
  return {
    puzzle: params.get('p'),
    metric: params.get('m'),
    view: params.get('v'),
    step: Number.isFinite(step) && step > 0 ? step : 0,
  };
}

export async function copy(app) {
  write(app);
  try {
    await navigator.clipboard.writeText(location.href);
    app.toast('Link copied');
  } catch {
    app.toast('Copy the address bar to share this view');
  }
}
