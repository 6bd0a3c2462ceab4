// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { networkAtom } from '../state/network';
import { languageChoiceAtom } from '../state/language';
import { sessionAtom, type Session } from '../state/session';
import { store } from '../state/store';
import { toastsAtom } from '../state/toast';
import { call, setSignOutHandler } from './client';
import { ServerRefusal as ApiFailure, NetworkFailure } from '../../web-kit/lib/failures';

const session: Session = {
  id: 7,
  account: 'alice',
  email: 'alice@example.com',
  nickname: 'Alice',
  avatar: '',
  invite_code: 'ABCDEFGH',
  vip: 0,
  created_at: '2026-11-22T08:00:00.000Z',
  token: 'secret-token',
};

let requests: Request[] = [];
let answer: () => Response | Promise<Response>;
const signedOut = vi.fn();

function envelope(code: number, data: unknown = {}, msg = 'server says') {
  return () => new Response(JSON.stringify({ code, msg, data }), { headers: { 'content-type': 'application/json' } });
}

async function pendingAfterTicks<T>(promise: Promise<T>): Promise<'pending' | 'settled'> {
  const marker = Symbol('pending');
  const result = await Promise.race([
    promise.then(
      () => 'settled' as const,
      () => 'settled' as const,
    ),
    new Promise((resolve) => setTimeout(() => resolve(marker), 20)),
  ]);
  return result === marker ? 'pending' : 'settled';
}

beforeEach(() => {
  requests = [];
  vi.stubGlobal('fetch', async (input: Request) => {
    requests.push(input.clone());
    return answer();
  });
  store.set(sessionAtom, session);
  store.set(languageChoiceAtom, 'xby');
  store.set(toastsAtom, []);
  store.set(networkAtom, { browserOnline: true, requestFailed: false, cachedAt: null });
  setSignOutHandler(signedOut);
  signedOut.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('call', () => {
  it('posts a form with lang and the access token and resolves with data', async () => {
    answer = envelope(200, { balance: '1.00' });
    await expect(call('userinfo/get-money-info', {})).resolves.toEqual({ balance: '1.00' });
    const request = requests[0];
    expect(request?.method).toBe('POST');
    expect(new URL(request?.url ?? '').pathname).toBe('/api/v1/userinfo/get-money-info');
    expect(request?.headers.get('access-token')).toBe('secret-token');
    expect(request?.headers.get('content-type')).toContain('application/x-www-form-urlencoded');
    expect(new URLSearchParams(await request?.text()).get('lang')).toBe('xby');
  });

  it('sends no token on the public calls', async () => {
    answer = envelope(200, { retry_after: 60 });
    await call('sms/send-code', { email: 'a@b.co' });
    expect(requests[0]?.headers.get('access-token')).toBeNull();
    const body = new URLSearchParams(await requests[0]?.text());
    expect(body.get('email')).toBe('a@b.co');
  });

  it('gives {} when a success carries no data', async () => {
    answer = () => new Response(JSON.stringify({ code: 200, msg: 'ok' }));
    await expect(call('user/logout', {})).resolves.toEqual({});
  });

  it('signs out on -1 and never settles', async () => {
    answer = envelope(-1);
    expect(await pendingAfterTicks(call('userinfo/get-info', {}))).toBe('pending');
    expect(signedOut).toHaveBeenCalledOnce();
    expect(store.get(toastsAtom)).toEqual([]);
  });

  it('toasts other codes, then rejects so the caller can recover', async () => {
    answer = envelope(409, { field: 'email' }, 'Already registered');
    const failure = await call('user/register', {} as never).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiFailure);
    expect((failure as ApiFailure).field).toBe('email');
    expect(store.get(toastsAtom).map((toast) => toast.text)).toEqual(['Already registered']);
  });

  it('settles every other code: nothing is left pending', async () => {
    answer = envelope(400);
    expect(await pendingAfterTicks(call('user/login', { account: 'a', password: 'b' }).catch(() => 'failed'))).toBe(
      'settled',
    );
    expect(store.get(toastsAtom)).toHaveLength(1);
  });

  it('does not toast a silent call', async () => {
    answer = envelope(404);
    await expect(call('userinfo/get-info', {}, { silent: true })).rejects.toBeInstanceOf(ApiFailure);
    expect(store.get(toastsAtom)).toEqual([]);
  });

  it.each([
    ['a network error', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['an HTTP 502', () => new Response('bad gateway', { status: 502 })],
    ['a body that is not an envelope', () => new Response('{"hello":1}')],
  ])('rejects %s as a network failure and lights the tip', async (_name, failing) => {
    answer = failing;
    await expect(call('userinfo/get-info', {})).rejects.toBeInstanceOf(NetworkFailure);
    expect(store.get(networkAtom).requestFailed).toBe(true);
    expect(store.get(toastsAtom).map((toast) => toast.message)).toEqual(['network-error']);
    answer = envelope(200);
    await call('userinfo/get-info', {});
    expect(store.get(networkAtom).requestFailed).toBe(false);
  });

  it('signs out without a request when a private call has no session', async () => {
    store.set(sessionAtom, null);
    answer = envelope(200);
    expect(await pendingAfterTicks(call('userinfo/get-info', {}))).toBe('pending');
    expect(requests).toHaveLength(0);
    expect(signedOut).toHaveBeenCalledOnce();
  });

  it('notes when an answer came from the worker’s cache, and forgets it on a fresh one', async () => {
    answer = () =>
      new Response(JSON.stringify({ code: 200, msg: 'ok', data: {} }), {
        headers: { 'x-wallet-cached-at': '2026-11-20T10:00:00.000Z' },
      });
    await call('userinfo/get-money-info', {});
    expect(store.get(networkAtom).cachedAt).toBe('2026-11-20T10:00:00.000Z');
    answer = envelope(200);
    await call('userinfo/get-money-info', {});
    expect(store.get(networkAtom).cachedAt).toBeNull();
  });

  it('refuses an action at once while the browser is offline, but lets cached reads through', async () => {
    store.set(networkAtom, { browserOnline: false, requestFailed: false, cachedAt: null });
    answer = envelope(200);
    await expect(call('userinfo/save', { nickname: 'x' })).rejects.toBeInstanceOf(NetworkFailure);
    expect(requests).toHaveLength(0);
    expect(store.get(toastsAtom).map((toast) => toast.message)).toEqual(['offline-action']);
    await call('userinfo/get-money-info', {});
    expect(requests).toHaveLength(1);
  });

  it.each([
    ['a request failed', { requestFailed: true, cachedAt: null }],
    ['the worker answered from its cache', { requestFailed: false, cachedAt: '2026-11-20T10:00:00.000Z' }],
  ])('refuses an action at once when %s, though the browser says online', async (_name, evidence) => {
    store.set(networkAtom, { browserOnline: true, ...evidence });
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(call('withdraw/create', {} as never)).rejects.toBeInstanceOf(NetworkFailure);
    expect(store.get(toastsAtom).map((toast) => toast.message)).toEqual(['offline-action']);
    expect(requests.map((request) => new URL(request.url).pathname)).toEqual(['/api/v1/userinfo/get-info']);
  });

  it('lets the next action through once the probe reached the server', async () => {
    store.set(networkAtom, { browserOnline: true, requestFailed: true, cachedAt: null });
    answer = envelope(200);
    await expect(call('userinfo/save', { nickname: 'x' })).rejects.toBeInstanceOf(NetworkFailure);
    await vi.waitFor(() => expect(store.get(networkAtom).requestFailed).toBe(false));
    await expect(call('userinfo/save', { nickname: 'x' })).resolves.toEqual({});
    expect(requests.map((request) => new URL(request.url).pathname)).toEqual([
      '/api/v1/userinfo/get-info',
      '/api/v1/userinfo/save',
    ]);
  });

  it('lets a read try the network after a failed request: the read is the check', async () => {
    store.set(networkAtom, { browserOnline: true, requestFailed: true, cachedAt: null });
    answer = envelope(200, { list: [] });
    await expect(call('team/kefu-list', {})).resolves.toEqual({ list: [] });
    expect(store.get(networkAtom).requestFailed).toBe(false);
  });
});
