import { atom } from 'jotai';
import { store } from './store';

export interface NetworkState {
  /** The browser's own view (navigator.onLine and its events). */
  browserOnline: boolean;
  /** The last request failed to reach the server. */
  requestFailed: boolean;
  /** The last statistics answer came from the worker's cache, stored at this time (ISO 8601). */
  cachedAt: string | null;
}

export const networkAtom = atom<NetworkState>({
  browserOnline: typeof navigator === 'undefined' ? true : navigator.onLine,
  requestFailed: false,
  cachedAt: null,
});

networkAtom.onMount = (set) => {
  const update = () => set((state) => ({ ...state, browserOnline: navigator.onLine, requestFailed: false }));
  addEventListener('online', update);
  addEventListener('offline', update);
  return () => {
    removeEventListener('online', update);
    removeEventListener('offline', update);
  };
};

/** What the no-network tip shows: nothing, "no network", or "showing figures from <time>". */
export const networkTipAtom = atom((get) => {
  const state = get(networkAtom);
  if (state.browserOnline && !state.requestFailed && state.cachedAt === null) return null;
  return { cachedAt: state.cachedAt };
});

export function isBrowserOffline(): boolean {
  return !store.get(networkAtom).browserOnline;
}

/**
 * Offline as far as the app can tell: the browser says so, or the last request could not reach
 * the server, or the worker had to answer from its cache. `navigator.onLine` alone is not enough:
 * it stays true behind a dead Wi-Fi or a captive portal, and in some browsers' offline emulation.
 */
export function isKnownOffline(): boolean {
  const state = store.get(networkAtom);
  return !state.browserOnline || state.requestFailed || state.cachedAt !== null;
}

export function reportRequestFailed(): void {
  store.set(networkAtom, (state) => ({ ...state, requestFailed: true }));
}

export function reportRequestReached(): void {
  const state = store.get(networkAtom);
  if (state.requestFailed || state.cachedAt !== null)
    store.set(networkAtom, { ...state, requestFailed: false, cachedAt: null });
}

/** Keeps the oldest date among the cached answers on screen: the figures are at least that old. */
export function reportServedFromCache(cachedAt: string): void {
  store.set(networkAtom, (state) => ({
    ...state,
    cachedAt: state.cachedAt === null || cachedAt < state.cachedAt ? cachedAt : state.cachedAt,
  }));
}
