import { CACHED_AT_HEADER, CACHED_READ_CALLS, KEY_PREFIX, type KeyedCache } from '../contract/offline';
import { API_PREFIX, isWireLanguage } from '../contract/rules';

export const MAX_AGE_SECONDS = 30 * 24 * 3600;
export const CACHED_READ_PATHS: ReadonlySet<string> = new Set(CACHED_READ_CALLS.map((call) => `${API_PREFIX}${call}`));

/**
 * The cache key of one read: the user's token hash and the language are part of it, so one device
 * never answers one user's request with another user's figures, nor in another language.
 */
export function cacheKeyUrl(origin: string, hash: string, lang: string, pathname: string): string {
  const language = isWireLanguage(lang) ? lang : 'en';
  return `${origin}${KEY_PREFIX}${hash}/${language}${pathname}`;
}

/** The token hash a read's key was made for (see cacheKeyUrl), or undefined for any other URL. */
export function keyOwner(url: string, origin: string): string | undefined {
  const prefix = `${origin}${KEY_PREFIX}`;
  return url.startsWith(prefix) ? /^([0-9a-f]{64})\//.exec(url.slice(prefix.length))?.[1] : undefined;
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

/** Deletes the answers stored longer ago than `maxAgeSeconds` (or with no date); returns how many. */
export async function purgeExpired(
  cache: KeyedCache & { match(request: Request): Promise<Response | undefined> },
  now: number,
  maxAgeSeconds: number,
): Promise<number> {
  let removed = 0;
  for (const request of await cache.keys()) {
    const storedAt = Date.parse((await cache.match(request))?.headers.get(CACHED_AT_HEADER) ?? '');
    const expired = Number.isNaN(storedAt) || now - storedAt > maxAgeSeconds * 1000;
    if (expired && (await cache.delete(request))) removed += 1;
  }
  return removed;
}
