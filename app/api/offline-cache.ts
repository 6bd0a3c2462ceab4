import type { WorkerMessage } from '../../contract/offline';

/** Asks the service worker to forget every statistics answer it keeps for this token. */
export function purgeCachedReads(token: string): void {
  const message: WorkerMessage = { type: 'PURGE_USER', token };
  navigator.serviceWorker?.controller?.postMessage(message);
}
