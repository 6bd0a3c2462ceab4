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

/** On an answer the worker served from its cache: when that answer was stored (ISO 8601). */
export const CACHED_AT_HEADER = 'x-wallet-cached-at';

export type WorkerMessage = { type: 'SKIP_WAITING' } | { type: 'PURGE_USER'; token: string };

export function isCachedRead(path: string): boolean {
  return (CACHED_READ_CALLS as readonly string[]).includes(path);
}
