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
  'recharge/create',
  'bankinfo/create',
  'lixibao/create-order',
  'withdraw/create',
  'saleu/create-order',
  'attach/upload',
] as const;

/** On an answer the worker served from its cache: when that answer was stored (ISO 8601). */
export const CACHED_AT_HEADER = 'x-wallet-cached-at';

export type WorkerMessage = { type: 'SKIP_WAITING' } | { type: 'PURGE_USER'; token: string };

export function isCachedRead(path: string): boolean {
  return (CACHED_READ_CALLS as readonly string[]).includes(path);
}

export function isAction(path: string): boolean {
  return (ACTION_CALLS as readonly string[]).includes(path);
}
