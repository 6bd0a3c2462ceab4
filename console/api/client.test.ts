// @vitest-environment happy-dom
// @vitest-environment-options {"url": "http://127.0.0.1:8091/console/"}
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleSession } from '../../contract/console';
import { NetworkFailure, ServerRefusal, SignedOut } from '../../web-kit/lib/failures';
import { sessionStateAtom } from '../state/session';
import { store } from '../state/store';
import { call } from './client';

const SESSION: ConsoleSession = {
  operator: { name: 'alice', role: 'reviewer', must_change_password: false },
  csrf: 'token-123',
  idle_minutes: 15,
};

interface Sent {
  url: string;
  method: string;
  credentials: RequestCredentials;
  csrf: string | null;
  contentType: string | null;
  body: URLSearchParams;
}

function answer(envelope: unknown, status = 200): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      sent.push({
        url: request.url,
        method: request.method,
        credentials: request.credentials,
        csrf: request.headers.get('x-csrf-token'),
        contentType: request.headers.get('content-type'),
        body: new URLSearchParams(await request.text()),
      });
      return new Response(JSON.stringify(envelope), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

beforeEach(() => {
  localStorage.setItem('console.language', 'zh-Hans');
  store.set(sessionStateAtom, { status: 'signed-in', session: SESSION });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the console client', () => {
  it('posts a form with lang, the cookie and the CSRF header, and gives data on 200', async () => {
    const sent = answer({ code: 200, msg: 'ok', data: { outcome: 'success' } });
    await expect(
      call('review/decide', { kind: 'withdraw', id: '7', decision: 'approve', remark: '' }),
    ).resolves.toEqual({ outcome: 'success' });
    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request?.url).toBe('http://127.0.0.1:8091/api/console/review/decide');
    expect(request?.method).toBe('POST');
    expect(request?.credentials).toBe('same-origin');
    expect(request?.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(request?.csrf).toBe('token-123');
    expect(Object.fromEntries(request?.body ?? [])).toEqual({
      kind: 'withdraw',
      id: '7',
      decision: 'approve',
      remark: '',
      lang: expect.any(String),
    });
  });

  it('sends no CSRF header with sign-in and the session read', async () => {
    store.set(sessionStateAtom, { status: 'signed-out', ended: false });
    const sent = answer({ code: 200, msg: 'ok', data: SESSION });
    await call('auth/login', { name: 'alice', password: 'x', code: '123456' });
    await call('auth/session', {});
    expect(sent.map((request) => request.csrf)).toEqual([null, null]);
  });

  it('sends nothing but sign-in and the session read without a session', async () => {
    store.set(sessionStateAtom, { status: 'signed-out', ended: false });
    const sent = answer({ code: 200, msg: 'ok', data: {} });
    await expect(call('review/queue', {})).rejects.toBeInstanceOf(SignedOut);
    expect(sent).toHaveLength(0);
  });

  it('on -1 ends the session and says so on the sign-in screen', async () => {
    answer({ code: -1, msg: 'Sign in again', data: {} });
    await expect(call('review/queue', {})).rejects.toBeInstanceOf(SignedOut);
    expect(store.get(sessionStateAtom)).toEqual({ status: 'signed-out', ended: true });
  });

  it('treats a refused sign-in as an answer about the form', async () => {
    store.set(sessionStateAtom, { status: 'signed-out', ended: false });
    answer({ code: -1, msg: 'Wrong name, password or code', data: {} });
    await expect(call('auth/login', { name: 'alice', password: 'x', code: '123456' })).rejects.toEqual(
      new ServerRefusal(-1, 'Wrong name, password or code'),
    );
    expect(store.get(sessionStateAtom)).toEqual({ status: 'signed-out', ended: false });
  });

  it("rejects other codes with the server's message and the failing field", async () => {
    answer({ code: 400, msg: '请填写备注', data: { field: 'remark' } });
    const failure = await call('review/decide', { kind: 'sale', id: '3', decision: 'reject', remark: '' }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ServerRefusal);
    expect(failure).toMatchObject({ code: 400, message: '请填写备注', field: 'remark' });
  });

  it('reads an envelope whatever the HTTP status, and fails plainly without one', async () => {
    answer({ code: 429, msg: 'Too many tries', data: { retry_after: 30 } }, 429);
    await expect(call('review/queue', {})).rejects.toMatchObject({ code: 429, message: 'Too many tries' });
    answer('<html>Bad gateway</html>', 502);
    await expect(call('review/queue', {})).rejects.toBeInstanceOf(NetworkFailure);
  });
});
