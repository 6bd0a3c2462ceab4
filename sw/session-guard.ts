import type { WorkboxPlugin } from 'workbox-core/types';
import { tokenHash } from '../contract/offline';
import { SESSIONS_CACHE, sessionMarkUrl } from '../web-kit/session/marks';
import { keyOwner } from './cache-keys';

/** The part of Cache Storage the guard uses. */
export interface CacheStorageLike {
  open(name: string): Promise<{
    match(request: RequestInfo): Promise<Response | undefined>;
    delete(request: RequestInfo): Promise<boolean>;
  }>;
}

/**
 * Keeps a read's answer only for a session the page still marks live (app/api/session-marks.ts).
 * The mark is checked before the answer is stored and again after: the page may sign out in
 * between, dropping the mark and then purging, and an answer stored after that purge must go too.
 */
export function sessionGuard(storage: CacheStorageLike, origin: string) {
  const isLive = async (hash: string | undefined) =>
    hash !== undefined &&
    (await (await storage.open(SESSIONS_CACHE)).match(sessionMarkUrl(origin, hash))) !== undefined;
  return {
    cacheWillUpdate: async ({ request, response }: { request: Request; response: Response }) =>
      (await isLive(await tokenHash(request.headers.get('access-token') ?? ''))) ? response : null,
    cacheDidUpdate: async ({ cacheName, request }: { cacheName: string; request: Request }) => {
      if (!(await isLive(keyOwner(request.url, origin)))) await (await storage.open(cacheName)).delete(request);
    },
  } satisfies WorkboxPlugin;
}
