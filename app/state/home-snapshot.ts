import { readStored, writeStored } from './storage';
import { SNAPSHOT_ELEMENT_ID, STORAGE_KEYS, type HomeSnapshot } from './storage-keys';

/** Attributes a copy must not repeat: ids and test hooks belong to the live screen alone. */
const DROPPED_ATTRIBUTES = ['id', 'data-testid', 'aria-labelledby', 'aria-describedby', 'aria-controls'];

/**
 * Keeps a copy of the Home screen React has on screen now, for the boot script to paint on the
 * next open. Parts that come and go (toasts, the offline tip, sheets) carry `data-no-snapshot`.
 */
export function saveHomeSnapshot(fields: Pick<HomeSnapshot, 'user' | 'hidden' | 'asOf' | 'tip'>): void {
  const screen = document.querySelector('#root > .app');
  if (!screen) return;
  const copy = screen.cloneNode(true) as Element;
  for (const transient of copy.querySelectorAll('[data-no-snapshot]')) transient.remove();
  for (const element of [copy, ...copy.querySelectorAll('*')]) {
    for (const attribute of DROPPED_ATTRIBUTES) element.removeAttribute(attribute);
  }
  const snapshot: HomeSnapshot = {
    ...fields,
    language: readStored(STORAGE_KEYS.language) ?? '',
    device: navigator.language,
    locale: document.documentElement.lang,
    html: copy.outerHTML,
  };
  writeStored(STORAGE_KEYS.homeSnapshot, JSON.stringify(snapshot));
}

/** Signed out, another account, or amounts just hidden: no copy of this screen may stay. */
export function dropHomeSnapshot(): void {
  writeStored(STORAGE_KEYS.homeSnapshot, null);
}

/** React's own screen is ready: the painted copy steps aside (a no-op when none was painted). */
export function releaseHomeSnapshot(): void {
  document.getElementById(SNAPSHOT_ELEMENT_ID)?.remove();
}
