/**
 * What should happen when the service worker first takes control of this page. The reads on
 * screen sign up here (app/api/swr.ts), so the worker's set-up, which every screen loads, does
 * not load the reads' code (swr) on a screen that makes none, such as sign-in.
 */
const listeners = new Set<() => void>();

export function onFirstControl(listener: () => void): void {
  listeners.add(listener);
}

export function announceFirstControl(): void {
  for (const listener of listeners) listener();
}
