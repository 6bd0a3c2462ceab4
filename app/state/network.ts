import { atom } from 'jotai';
import { store } from './store';

export interface NetworkState {
  /** The browser's own view (navigator.onLine and its events). */
  browserOnline: boolean;
  /** The last request failed to reach the server. */
  requestFailed: boolean;
}

export const networkAtom = atom<NetworkState>({
  browserOnline: typeof navigator === 'undefined' ? true : navigator.onLine,
  requestFailed: false,
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

export const offlineAtom = atom((get) => {
  const state = get(networkAtom);
  return !state.browserOnline || state.requestFailed;
});

export function reportRequestFailed(): void {
  store.set(networkAtom, (state) => ({ ...state, requestFailed: true }));
}

export function reportRequestReached(): void {
  if (store.get(networkAtom).requestFailed) store.set(networkAtom, (state) => ({ ...state, requestFailed: false }));
}
