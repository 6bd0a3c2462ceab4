import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { LIVE_CLOSE_RECONNECT, LIVE_PATH } from '../../contract/live';
import {
  call,
  consolePost,
  pendingRecharge,
  signInOperator,
  signUp,
  startTestServer,
  type TestServer,
} from '../testing/test-support';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function listening(
  options: Parameters<typeof startTestServer>[0] = {},
): Promise<{ server: TestServer; base: string }> {
  server = await startTestServer(options);
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  return { server, base: `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}` };
}

describe('health', () => {
  it('answers /healthz and /readyz without a limit, a log line at info, or anything about the node', async () => {
    const lines: string[] = [];
    const started = await listening({
      limits: { requestsPerMinute: 5 },
      logStream: { write: (line) => lines.push(line) },
    });
    lines.length = 0;
    for (let ask = 0; ask < 20; ask += 1) {
      const health = await fetch(`${started.base}/healthz`);
      expect([health.status, await health.text()]).toEqual([200, 'ok']);
      const ready = await fetch(`${started.base}/readyz`);
      expect([ready.status, await ready.text()]).toEqual([200, 'ready']);
      expect(ready.headers.get('cache-control')).toBe('no-store');
      expect(ready.headers.get('server')).toBeNull();
      expect(ready.headers.get('x-powered-by')).toBeNull();
    }
    expect(lines).toEqual([]);
  });

  it('is not ready when the database lacks a migration this code needs', async () => {
    const { server: started } = await listening();
    if (started.db.dialect !== 'sqlite') return;
    const { known } = await started.db.schema();
    await started.db.exec(`PRAGMA user_version = ${known - 1}`);
    const ready = await started.app.inject({ url: '/readyz' });
    expect([ready.statusCode, ready.body]).toEqual([503, 'migrations']);
    await started.db.exec(`PRAGMA user_version = ${known}`);
    expect((await started.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
});

describe('request ids', () => {
  it('names every reply and every line logged for it; keeps a trusted proxy’s id, ignores anyone else’s', async () => {
    const lines: string[] = [];
    const { server: started } = await listening({ logStream: { write: (line) => lines.push(line) } });
    const reply = await started.app.inject({
      method: 'POST',
      url: '/api/nosuch',
      headers: { 'x-request-id': 'from-anyone' },
    });
    const id = reply.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const trusting = await startTestServer({
      demo: true,
      trustProxy: '127.0.0.1',
      logStream: { write: (line) => lines.push(line) },
    });
    let recharge = 0;
    let token = '';
    try {
      const malformed = await trusting.app.inject({ url: '/healthz', headers: { 'x-request-id': 'no "quotes"' } });
      expect(malformed.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      // An approval through the balancer: its decision and the credit it makes are logged under the balancer's id.
      const customer = await signUp(trusting);
      token = customer.token;
      recharge = await pendingRecharge(trusting, customer, '12.50');
      const operator = await signInOperator(trusting, 'logs');
      const approved = await consolePost(
        trusting,
        'review/decide',
        { kind: 'recharge', id: String(recharge), decision: 'approve', remark: '' },
        { ...operator, headers: { 'x-request-id': 'lb-1234' } },
      );
      expect(approved.envelope.code).toBe(200);
    } finally {
      await trusting.close();
    }
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged.filter((line) => line.reqId === 'lb-1234')).toEqual([
      expect.objectContaining({ msg: 'credit', amount: '12.50', ref: `recharge ${recharge}` }),
      expect.objectContaining({ msg: 'review decision', decision: 'approve', outcome: 'success' }),
    ]);
    expect(JSON.stringify(logged)).not.toContain(token);
  });
});

describe('draining', () => {
  it('turns /readyz 503 at once, serves during the notice, then closes live sockets with 1012 and stops', async () => {
    const { server: started, base } = await listening({ demo: true });
    const user = await signUp(started);
    const socket = new WebSocket(`${base.replace('http', 'ws')}${LIVE_PATH}`);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    socket.send(JSON.stringify({ type: 'auth', token: user.token }));
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));

    const draining = started.app.drain({ noticeMs: 400, limitMs: 2000 });
    const ready = await fetch(`${base}/readyz`);
    expect([ready.status, await ready.text()]).toEqual([503, 'draining']);
    expect(ready.headers.get('connection')).toBe('close');
    // Still served while the balancer notices.
    expect((await call(started, 'userinfo/get-money-info', {}, user.token)).balance).toBe('0.00');
    const refused = await new Promise<number>((resolve) => {
      const late = new WebSocket(`${base.replace('http', 'ws')}${LIVE_PATH}`);
      late.once('unexpected-response', (request, response) => {
        request.destroy();
        resolve(response.statusCode ?? 0);
      });
      late.once('open', () => resolve(101));
    });
    expect(refused).toBe(503);
    expect(await closed).toBe(LIVE_CLOSE_RECONNECT);
    await draining;
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  });
});
