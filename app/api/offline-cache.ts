import { READS_CACHE, purgeUser, tokenHash } from '../../contract/offline';

/**
 * Forgets every statistics answer the worker keeps for this token, in Cache Storage directly:
 * a message to the worker would be lost when none controls the page (after a hard reload).
 */
export async function purgeCachedReads(token: string): Promise<void> {
  if (typeof caches === 'undefined') return;
  await purgeUser(await caches.open(READS_CACHE), location.origin, await tokenHash(token));
}

/** Nobody is signed in on this device: no statistics answer may stay. */
export async function purgeAllCachedReads(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(READS_CACHE);
}
