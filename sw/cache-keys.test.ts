import { describe, expect, it } from 'vitest';
import { CACHED_READ_CALLS, belongsToUser, purgeUser, tokenHash, type KeyedCache } from '../contract/offline';
import { CACHED_READ_PATHS, cacheKeyUrl, isSuccessEnvelope, purgeExpired } from './cache-keys';

const origin = 'https://wallet.example';

describe('cache keys', () => {
  it('hash the token instead of storing it', async () => {
    const hash = await tokenHash('secret-token');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain('secret');
    expect(await tokenHash('secret-token')).toBe(hash);
    expect(await tokenHash('other-token')).not.toBe(hash);
  });

  it('differ by user and by language', async () => {
    const alice = await tokenHash('alice');
    const bob = await tokenHash('bob');
    const path = '/api/v1/userinfo/get-money-info';
    expect(cacheKeyUrl(origin, alice, 'en', path)).not.toBe(cacheKeyUrl(origin, bob, 'en', path));
    expect(cacheKeyUrl(origin, alice, 'en', path)).not.toBe(cacheKeyUrl(origin, alice, 'xby', path));
    expect(cacheKeyUrl(origin, alice, 'xby', path)).toBe(`${origin}/__wallet-cache__/${alice}/xby${path}`);
  });

  it('never let an odd lang value shape the key', async () => {
    const hash = await tokenHash('alice');
    expect(cacheKeyUrl(origin, hash, '../../evil', '/api/v1/team/tongji')).toBe(
      cacheKeyUrl(origin, hash, 'en', '/api/v1/team/tongji'),
    );
  });

  it('cover exactly the read-only statistics calls', () => {
    expect([...CACHED_READ_PATHS].sort()).toEqual(CACHED_READ_CALLS.map((call) => `/api/v1/${call}`).sort());
    for (const moving of ['withdraw/create', 'recharge/create', 'saleu/create-order', 'lixibao/create-order']) {
      expect(CACHED_READ_PATHS.has(`/api/v1/${moving}`)).toBe(false);
    }
  });
});

describe('purgeUser', () => {
  function fakeCache(urls: string[]): KeyedCache & { urls: string[] } {
    const state = { urls: [...urls] };
    return {
      get urls() {
        return state.urls;
      },
      keys: async () => state.urls.map((url) => new Request(url)),
      delete: async (request) => {
        const before = state.urls.length;
        state.urls = state.urls.filter((url) => url !== request.url);
        return state.urls.length < before;
      },
    };
  }

  it('removes one user’s entries in every language and keeps everyone else’s', async () => {
    const alice = await tokenHash('alice');
    const bob = await tokenHash('bob');
    const cache = fakeCache([
      cacheKeyUrl(origin, alice, 'en', '/api/v1/userinfo/get-money-info'),
      cacheKeyUrl(origin, alice, 'ja', '/api/v1/userinfo/get-info'),
      cacheKeyUrl(origin, bob, 'en', '/api/v1/userinfo/get-money-info'),
    ]);
    expect(await purgeUser(cache, origin, alice)).toBe(2);
    expect(cache.urls).toEqual([cacheKeyUrl(origin, bob, 'en', '/api/v1/userinfo/get-money-info')]);
    expect(belongsToUser(cache.urls[0] ?? '', origin, bob)).toBe(true);
    expect(await purgeUser(cache, origin, alice)).toBe(0);
  });

  it('does not treat a hash that merely starts the same as the same user', async () => {
    const alice = await tokenHash('alice');
    expect(belongsToUser(`${origin}/__wallet-cache__/${alice}0/en/x`, origin, alice)).toBe(false);
  });
});

describe('isSuccessEnvelope', () => {
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

  it.each([
    [json({ code: 200, msg: 'ok', data: {} }), true],
    [json({ code: -1, msg: 'sign in', data: {} }), false],
    [json({ code: 500, msg: 'oops', data: {} }), false],
    [json({ code: 200 }, 502), false],
    [new Response('not json'), false],
  ])('keeps only code-200 answers (%#)', async (response, expected) => {
    expect(await isSuccessEnvelope(response)).toBe(expected);
  });
});

describe('purgeExpired', () => {
  it('deletes answers older than the limit or with no date, and keeps the rest', async () => {
    const now = Date.parse('2026-11-23T12:00:00.000Z');
    const stored = new Map<string, Response>([
      [`${origin}/old`, new Response('{}', { headers: { 'x-wallet-cached-at': '2026-10-01T00:00:00.000Z' } })],
      [`${origin}/fresh`, new Response('{}', { headers: { 'x-wallet-cached-at': '2026-11-22T00:00:00.000Z' } })],
      [`${origin}/undated`, new Response('{}')],
    ]);
    const cache = {
      keys: async () => [...stored.keys()].map((url) => new Request(url)),
      match: async (request: Request) => stored.get(request.url)?.clone(),
      delete: async (request: Request) => stored.delete(request.url),
    };
    expect(await purgeExpired(cache, now, 30 * 24 * 3600)).toBe(2);
    expect([...stored.keys()]).toEqual([`${origin}/fresh`]);
  });
});
