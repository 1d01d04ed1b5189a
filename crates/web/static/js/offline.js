// The installed, offline page (the static site only): registers the service worker,
// which keeps every file of the site for use without the network, and offers a
// reload when a new version of the site is ready (it takes over only then, so the
// page never mixes files of two versions).

import { local } from './api.js';

const $ = id => document.getElementById(id);

export function setup() {
  if (!local || !('serviceWorker' in navigator)) return;
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloading) window.location.reload();
  });
  navigator.serviceWorker.register('sw.js').then(registration => {
    const offer = () => {
      // The first version of a first visit takes over by itself; only a newer one waits.
      if (!registration.waiting || !navigator.serviceWorker.controller) return;
      $('update').hidden = false;
      // The board makes room for the line above it.
      window.dispatchEvent(new Event('resize'));
      $('update-reload').onclick = () => {
        reloading = true;
        registration.waiting.postMessage('take-over');
      };
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
