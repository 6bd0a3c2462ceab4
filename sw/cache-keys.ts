import { CACHED_READ_CALLS } from '../contract/offline';
import { API_PREFIX, isWireLanguage } from '../contract/rules';

export const READS_CACHE = 'wallet-reads-v1';
export const MAX_AGE_SECONDS = 30 * 24 * 3600;
/** Synthetic GET URLs under this path hold the cached POST answers; the server never serves it. */
export const KEY_PREFIX = '/__wallet-cache__/';

export const CACHED_READ_PATHS: ReadonlySet<string> = new Set(CACHED_READ_CALLS.map((call) => `${API_PREFIX}${call}`));

/** SHA-256 of the access token, hex: names a user's entries without storing the token. */
export async function tokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The cache key of one read: the user's token hash and the language are part of it, so one device
 * never answers one user's request with another user's figures, nor in another language.
 */
export function cacheKeyUrl(origin: string, hash: string, lang: string, pathname: string): string {
  const language = isWireLanguage(lang) ? lang : 'en';
  return `${origin}${KEY_PREFIX}${hash}/${language}${pathname}`;
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

/** Only a code-200 envelope is worth keeping; errors and sign-outs never are. */
export async function isSuccessEnvelope(response: Response): Promise<boolean> {
  if (!response.ok) return false;
  try {
    const body = (await response.clone().json()) as { code?: unknown };
    return body.code === 200;
  } catch {
    return false;
  }
}
