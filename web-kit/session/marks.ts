import { KEY_PREFIX } from '../../contract/offline';

/**
 * The sessions whose statistics the worker may keep: the page marks a session here while it lasts
 * and drops the mark before it purges the session's answers; the worker stores an answer only
 * while its session is marked (sw/session-guard.ts). Cache Storage is shared by the page and the
 * worker, so the marks need no worker in control of the page.
 */
export const SESSIONS_CACHE = 'wallet-sessions-v1';

/** The mark of the session whose token hashes to `hash` (see tokenHash). */
export function sessionMarkUrl(origin: string, hash: string): string {
  return `${origin}${KEY_PREFIX}session/${hash}`;
}
