/**
 * What the page and its service worker agree on. Only these read-only statistics calls are kept
 * for offline use; nothing that moves money is ever cached or queued.
 */
export const CACHED_READ_CALLS = [
  'userinfo/get-info',
  'userinfo/get-money-info',
  'property/tongji',
  'asset-log/tongji',
  'team/tongji',
  'selling/tongji',
  'invite/detail',
] as const;

/**
 * Calls that change something on the server. Offline they are refused at once and never queued;
 * every other call only reads.
 */
export const ACTION_CALLS = [
  'sms/send-code',
  'user/register',
  'user/login',
  'user/reset-password',
  'user/logout',
  'userinfo/save',
  'recharge/quote',
  'recharge/create',
  'bankinfo/create',
  'lixibao/create-order',
  'withdraw/create',
  'saleu/create-order',
  'attach/upload',
  'push/subscribe',
  'push/unsubscribe',
] as const;

/** On an answer the worker served from its cache: when that answer was stored (ISO 8601). */
export const CACHED_AT_HEADER = 'x-wallet-cached-at';

/**
 * What the page tells its worker: take over now (an accepted update), or the customer has opened
 * the app, so no outcome is unread any more (the app badge's count starts again at nought).
 */
export type WorkerMessage = { type: 'SKIP_WAITING' } | { type: 'CLEAR_BADGE' };

export function isCachedRead(path: string): boolean {
  return (CACHED_READ_CALLS as readonly string[]).includes(path);
}

export function isAction(path: string): boolean {
  return (ACTION_CALLS as readonly string[]).includes(path);
}

/**
 * The worker's cache of statistics answers. The page purges it itself (app/api/offline-cache.ts):
 * Cache Storage is shared, so no worker needs to be running or in control for that.
 */
export const READS_CACHE = 'wallet-reads-v1';
/** Synthetic GET URLs under this path hold the cached POST answers; the server never serves it. */
export const KEY_PREFIX = '/__wallet-cache__/';

/** SHA-256 of the access token, hex: names a user's entries without storing the token. */
export async function tokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function belongsToUser(url: string, origin: string, hash: string): boolean {
  return url.startsWith(`${origin}${KEY_PREFIX}${hash}/`);
}

export interface KeyedCache {
  keys(): Promise<readonly Request[]>;
  delete(request: Request): Promise<boolean>;
}

/** Deletes every entry of one user; returns how many went. */
export async function purgeUser(cache: KeyedCache, origin: string, hash: string): Promise<number> {
  let removed = 0;
  for (const request of await cache.keys()) {
    if (belongsToUser(request.url, origin, hash) && (await cache.delete(request))) removed += 1;
  }
  return removed;
}
