import { describe, expect, it } from 'vitest';
import { READS_CACHE, tokenHash } from '../contract/offline';
import { SESSIONS_CACHE, sessionMarkUrl } from '../web-kit/session/marks';
import { cacheKeyUrl, keyOwner } from './cache-keys';
import { sessionGuard, type CacheStorageLike } from './session-guard';

const origin = 'https://wallet.example';
const path = '/api/v1/userinfo/get-money-info';

/** Cache Storage as URL sets per cache name: only whether an entry is there matters here. */
function fakeStorage() {
  const caches = new Map<string, Set<string>>();
  const entries = (name: string): Set<string> => {
    const found = caches.get(name) ?? new Set<string>();
    caches.set(name, found);
    return found;
  };
  const url = (request: RequestInfo) => (typeof request === 'string' ? request : request.url);
  const storage: CacheStorageLike = {
    open: async (name) => ({
      match: async (request) => (entries(name).has(url(request)) ? new Response('{}') : undefined),
      delete: async (request) => entries(name).delete(url(request)),
    }),
  };
  return { storage, entries };
}

/** What the page does at sign-in and at sign-out (app/api/offline-cache.ts). */
const mark = (entries: (name: string) => Set<string>, hash: string) =>
  entries(SESSIONS_CACHE).add(sessionMarkUrl(origin, hash));
const unmark = (entries: (name: string) => Set<string>, hash: string) =>
  entries(SESSIONS_CACHE).delete(sessionMarkUrl(origin, hash));

function read(token: string): Request {
  return new Request(`${origin}${path}`, { method: 'POST', headers: { 'access-token': token } });
}

describe('sessionGuard', () => {
  it('lets an answer of a live session be stored, and keeps it', async () => {
    const { storage, entries } = fakeStorage();
    const guard = sessionGuard(storage, origin);
    const hash = await tokenHash('alice');
    mark(entries, hash);
    const response = new Response('{}');
    expect(await guard.cacheWillUpdate({ request: read('alice'), response })).toBe(response);

    const key = cacheKeyUrl(origin, hash, 'en', path);
    entries(READS_CACHE).add(key);
    await guard.cacheDidUpdate({ cacheName: READS_CACHE, request: new Request(key) });
    expect(entries(READS_CACHE).has(key)).toBe(true);
  });

  it('refuses an answer of a session that has ended, or was never marked', async () => {
    const { storage, entries } = fakeStorage();
    const guard = sessionGuard(storage, origin);
    mark(entries, await tokenHash('bob'));
    expect(await guard.cacheWillUpdate({ request: read('alice'), response: new Response('{}') })).toBeNull();
    unmark(entries, await tokenHash('bob'));
    expect(await guard.cacheWillUpdate({ request: read('bob'), response: new Response('{}') })).toBeNull();
  });

  it('removes an answer stored just after its session ended (the page purged before the put)', async () => {
    const { storage, entries } = fakeStorage();
    const guard = sessionGuard(storage, origin);
    const alice = await tokenHash('alice');
    const bob = await tokenHash('bob');
    mark(entries, alice);
    mark(entries, bob);
    expect(await guard.cacheWillUpdate({ request: read('alice'), response: new Response('{}') })).not.toBeNull();

    unmark(entries, alice);
    const late = cacheKeyUrl(origin, alice, 'en', path);
    const other = cacheKeyUrl(origin, bob, 'en', path);
    entries(READS_CACHE).add(late).add(other);
    await guard.cacheDidUpdate({ cacheName: READS_CACHE, request: new Request(late) });
    expect([...entries(READS_CACHE)]).toEqual([other]);
  });

  it('removes an entry whose key names no session', async () => {
    const { storage, entries } = fakeStorage();
    const stray = `${origin}/__wallet-cache__/leftover/en${path}`;
    entries(READS_CACHE).add(stray);
    await sessionGuard(storage, origin).cacheDidUpdate({ cacheName: READS_CACHE, request: new Request(stray) });
    expect(entries(READS_CACHE).size).toBe(0);
  });
});

describe('keyOwner', () => {
  it('reads back the token hash a key was made for', async () => {
    const hash = await tokenHash('alice');
    expect(keyOwner(cacheKeyUrl(origin, hash, 'ja', path), origin)).toBe(hash);
    expect(keyOwner(`https://other.example/__wallet-cache__/${hash}/en${path}`, origin)).toBeUndefined();
    expect(keyOwner(`${origin}/__wallet-cache__/${hash}`, origin)).toBeUndefined();
    expect(keyOwner(sessionMarkUrl(origin, hash), origin)).toBeUndefined();
  });
});
