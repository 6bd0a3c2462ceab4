import { Workbox } from 'workbox-window';
import { store } from '../state/store';
import { updateAvailableAtom } from '../state/ui';
import { announceFirstControl } from './worker-control';

let workbox: Workbox | undefined;
let acceptedUpdate = false;

/**
 * Registers the service worker. A new version installs in the background and then waits: the
 * shell offers "update available", and only an accepted update takes over and reloads.
 */
export function registerWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  workbox = new Workbox('/sw.js');
  workbox.addEventListener('waiting', () => store.set(updateAvailableAtom, true));
  workbox.addEventListener('controlling', (event) => {
    if (acceptedUpdate) location.reload();
    // The first screen's reads went out before any worker was there to keep them: they are made
    // again through it, so a first visit that loses the network right after still has its balance.
    else if (!event.isUpdate) announceFirstControl();
  });
  void workbox.register();
}

export function acceptUpdate(): void {
  acceptedUpdate = true;
  store.set(updateAvailableAtom, false);
  workbox?.messageSkipWaiting();
}
