// The installed, offline page (the static site only): registers the service worker,
// which keeps every file of the site for use without the network, and offers a
// reload when a new version of the site is ready. The new version takes over
// every open page at once, and each of them reloads on its files (or, until a
// Reload, none of them), so a page never mixes files of two versions. Also the
// screenshot the share sheet sent, which the service worker keeps for the page,
// and the browser's offer to install the page as an app.

import { local } from './api.js';
import { $ } from './dom.js';
import { SHARE, SW } from './protocol.js';
import { site } from './site.js';

/** Asks a service worker `question` (one of protocol.js's SW); its answer, or null when it gives none within 5 s. */
function ask(worker, question) {
  return new Promise(resolve => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(null), 5000);
    channel.port1.onmessage = ({ data }) => {
      clearTimeout(timer);
      resolve(data);
    };
    worker.postMessage(question, [channel.port2]);
  });
}

export function setup() {
  if (!local || !('serviceWorker' in navigator)) return;
  const workers = navigator.serviceWorker;
  workers.addEventListener('controllerchange', async () => {
    // Another version took over this page's scope (a Reload in this or another
    // tab, or a first visit that met a new deployment): this page's files are
    // not its files any more.
    if (workers.controller && (await ask(workers.controller, SW.version)) !== site.version) {
      window.location.reload();
    }
  });
  workers.register('sw.js').then(registration => {
    const offer = () => {
      // The first version of a first visit takes over by itself; only a newer one waits.
      if (!registration.waiting || !workers.controller) return;
      $('update').hidden = false;
      // The board makes room for the line above it.
      window.dispatchEvent(new Event('resize'));
      $('update-reload').onclick = () => registration.waiting?.postMessage(SW.takeOver);
    };
    offer();
    registration.addEventListener('updatefound', () => {
      const incoming = registration.installing;
      incoming?.addEventListener('statechange', () => {
        if (incoming.state === 'installed') offer();
      });
    });
  }).catch(error => console.warn('no offline copy:', error));
}

/** True when the page was opened by the share sheet (the service worker sends it to `#shared`). */
export function openedByShare() {
  return window.location.hash === `#${SHARE.hash}`;
}

/** The screenshot the share sheet sent, taken from the service worker's inbox; null when none is there. */
export async function shared() {
  const worker = navigator.serviceWorker?.controller;
  return worker ? ask(worker, SW.shared) : null;
}

/** An Install button while the browser offers to install the page (`beforeinstallprompt`). */
export function offerInstall() {
  const button = $('install');
  let offered = null;
  window.addEventListener('beforeinstallprompt', event => {
    // The page's own button instead of the browser's banner.
    event.preventDefault();
    offered = event;
    button.hidden = false;
  });
  button.addEventListener('click', async () => {
    if (!offered) return;
    const prompt = offered;
    offered = null;
    button.hidden = true;
    await prompt.prompt();
  });
  window.addEventListener('appinstalled', () => {
    offered = null;
    button.hidden = true;
  });
}
