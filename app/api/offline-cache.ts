import { READS_CACHE, purgeUser, tokenHash } from '../../contract/offline';
import { SESSIONS_CACHE, sessionMarkUrl } from '../../web-kit/session/marks';

/** Lets the worker keep this session's statistics answers, until the session's purge. */
export async function markSessionLive(token: string): Promise<void> {
  if (typeof caches === 'undefined') return;
  const marks = await caches.open(SESSIONS_CACHE);
  await marks.put(sessionMarkUrl(location.origin, await tokenHash(token)), new Response());
}

/**
 * Forgets every statistics answer the worker keeps for this token, in Cache Storage directly:
 * a message to the worker would be lost when none controls the page (after a hard reload). The
 * mark goes first, so an answer still on its way is refused, or removed by the worker if it was
 * stored after this purge.
 */
export async function purgeCachedReads(token: string): Promise<void> {
  if (typeof caches === 'undefined') return;
  const hash = await tokenHash(token);
  await (await caches.open(SESSIONS_CACHE)).delete(sessionMarkUrl(location.origin, hash));
  await purgeUser(await caches.open(READS_CACHE), location.origin, hash);
}

/** Nobody is signed in on this device: no session may keep statistics, and none stays. */
export async function purgeAllCachedReads(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(SESSIONS_CACHE);
  await caches.delete(READS_CACHE);
}
