import net, { type AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { CONSOLE_LIVE_PATH } from '../../contract/console';
import { sha256 } from '../platform/security/tokens';
import { LIVE_AUTH_TIMEOUT_MS, LIVE_CLOSE_RECONNECT, LIVE_PATH, type LiveEvent } from '../../contract/live';
import { LIVE_CLOSE_GRACE_MS, MAX_SOCKETS_PER_USER } from './hub';
import { LIVE_FRAMES_PER_WINDOW, LIVE_FRAME_WINDOW_MS } from './socket-route';
import { cliUser, decide } from '../review/review';
import {
  call,
  pendingRecharge,
  signInOperator,
  signUp,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../testing/test-support';
import { withClient } from '../testing/postgres-admin';

let server: TestServer;
let url: string;
const sockets: WebSocket[] = [];

beforeEach(async () => {
  server = await startTestServer({ demo: true });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(server.app.server.address() as AddressInfo).port}/ws1`;
});
afterEach(async () => {
  for (const socket of sockets) socket.terminate();
  sockets.length = 0;
  await server.close();
});

function open(): Promise<WebSocket> {
  const socket = new WebSocket(url);
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

function nextEvents(socket: WebSocket, count: number): Promise<LiveEvent[]> {
  const events: LiveEvent[] = [];
  return new Promise((resolve) => {
    socket.on('message', (data) => {
      events.push(JSON.parse(String(data)) as LiveEvent);
      if (events.length === count) resolve(events);
    });
  });
}

function closed(socket: WebSocket): Promise<number> {
  return new Promise((resolve) => socket.once('close', (code) => resolve(code)));
}

describe('/ws1', () => {
  it('tells a signed-in customer when the operator acts, and no one else', async () => {
    const user = await signUp(server);
    const bystander = await signUp(server);
    const socket = await open();
    socket.send(JSON.stringify({ type: 'auth', token: user.token }));
    const other = await open();
    other.send(JSON.stringify({ type: 'auth', token: bystander.token }));
    const otherEvents: LiveEvent[] = [];
    other.on('message', (data) => otherEvents.push(JSON.parse(String(data)) as LiveEvent));
    const id = await pendingRecharge(server, user);
    const received = nextEvents(socket, 2);
    await decide(server.app.wallet, 'recharge', 'approve', id, cliUser('test'));
    expect(await received).toEqual([{ type: 'recharge', id, state: 'success' }, { type: 'balance' }]);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(otherEvents).toEqual([]);
  });

  it('closes with 4001 on a bad token', async () => {
    const socket = await open();
    const code = closed(socket);
    socket.send(JSON.stringify({ type: 'auth', token: 'nonsense' }));
    expect(await code).toBe(4001);
  });

  /** A socket signed in as `user`, once the server has taken it in. */
  async function signedInSocket(user: TestUser): Promise<WebSocket> {
    const socket = await open();
    const before = server.app.wallet.live.size();
    socket.send(JSON.stringify({ type: 'auth', token: user.token }));
    await expect.poll(() => server.app.wallet.live.size()).toBe(before + 1);
    return socket;
  }

  it('closes a session’s sockets at once on logout, and only that session’s', async () => {
    const user = await signUp(server);
    const second = await call(server, 'user/login', { account: user.user.account, password: user.password });
    const loggingOut = await signedInSocket(user);
    const staying = await signedInSocket({ ...user, token: second.token });
    const code = closed(loggingOut);
    const started = Date.now();
    await call(server, 'user/logout', {}, user.token);
    expect(await code).toBe(4001);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(staying.readyState).toBe(WebSocket.OPEN);
  });

  it('closes the sockets of the sessions ended from My → Security, one or all but the caller’s', async () => {
    const user = await signUp(server);
    const signIn = async () =>
      (await call(server, 'user/login', { account: user.user.account, password: user.password })).token;
    const [second, third] = [await signIn(), await signIn()];
    const staying = await signedInSocket(user);
    const ended = await signedInSocket({ ...user, token: second });
    const endedLater = await signedInSocket({ ...user, token: third });
    const { list } = await call(server, 'security/sessions', {}, user.token);
    const secondId = list.find((session) => session.id === sha256(second).slice(0, 16))?.id ?? '';
    const code = closed(ended);
    await call(server, 'security/end-session', { id: secondId, password: user.password }, user.token);
    expect(await code).toBe(4001);
    expect(endedLater.readyState).toBe(WebSocket.OPEN);
    const laterCode = closed(endedLater);
    await call(server, 'security/end-other-sessions', { password: user.password }, user.token);
    expect(await laterCode).toBe(4001);
    expect(staying.readyState).toBe(WebSocket.OPEN);
  });

  it('closes every socket of the user at once on a password reset', async () => {
    const user = await signUp(server);
    const socket = await signedInSocket(user);
    const code = closed(socket);
    server.clock.advance(60);
    await call(server, 'sms/send-code', { email: user.user.email, scene: 'reset' });
    await call(server, 'user/reset-password', {
      email: user.user.email,
      code: server.mailer.codeFor(user.user.email),
      password: 'Another123',
      repassword: 'Another123',
    });
    expect(await code).toBe(4001);
  });

  it(`refuses a user's socket beyond ${MAX_SOCKETS_PER_USER}`, async () => {
    const user = await signUp(server);
    for (let index = 0; index < MAX_SOCKETS_PER_USER; index += 1) await signedInSocket(user);
    const extra = await open();
    const code = closed(extra);
    extra.send(JSON.stringify({ type: 'auth', token: user.token }));
    expect(await code).toBe(1008);
    expect(server.app.wallet.live.size()).toBe(MAX_SOCKETS_PER_USER);
  });

  it('logs an oversized frame from a stranger as a warning, without a stack', async () => {
    const errors = vi.spyOn(server.app.log, 'error');
    const warnings = vi.spyOn(server.app.log, 'warn');
    const socket = await open();
    const gone = closed(socket);
    socket.send('x'.repeat(1024 * 1024));
    await gone;
    await expect.poll(() => warnings.mock.calls.length).toBeGreaterThan(0);
    expect(errors).not.toHaveBeenCalled();
    expect(JSON.stringify(warnings.mock.calls)).not.toContain('    at ');
  });

  it(`cuts off a socket that sends more than ${LIVE_FRAMES_PER_WINDOW} frames in ${LIVE_FRAME_WINDOW_MS / 1000} s`, async () => {
    const user = await signUp(server);
    const flooding = await signedInSocket(user);
    const calm = await signedInSocket(user);
    const gone = closed(flooding);
    for (let index = 0; index < 500 && flooding.readyState === WebSocket.OPEN; index += 1) {
      flooding.send(JSON.stringify({ type: 'pong' }));
    }
    expect(await gone).toBe(1006);
    await expect.poll(() => server.app.wallet.live.size()).toBe(1);
    calm.send(JSON.stringify({ type: 'pong' }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calm.readyState).toBe(WebSocket.OPEN);
  });

  // SQLite has no listeners: its relay reads the events table.
  it.runIf(process.env.TEST_ENGINE === 'postgres')(
    'catches up once it hears the other nodes again: customers connect again, consoles re-read, the push sender runs',
    async () => {
      const user = await signUp(server);
      const socket = await signedInSocket(user);
      let closeCode: number | 'open' = 'open';
      socket.once('close', (code) => (closeCode = code));
      const operator = await signInOperator(server, 'listening');
      const staff = new WebSocket(url.replace(LIVE_PATH, CONSOLE_LIVE_PATH), { headers: { cookie: operator.cookie } });
      sockets.push(staff);
      const staffHeard: string[] = [];
      staff.on('message', (data) => staffHeard.push(String(data)));
      await new Promise((resolve) => staff.once('open', resolve));
      const nudge = vi.spyOn(server.app.wallet.push, 'nudge');
      const forgetAll = vi.spyOn(server.app.wallet.sessions, 'forgetAll');

      const killed = await withClient(server.database.databaseUrl ?? '', (client) =>
        client.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
           WHERE datname = current_database() AND application_name LIKE 'wallet listener: %'`,
        ),
      );
      expect(killed.rowCount).toBe(2);
      await expect.poll(() => closeCode, { timeout: 3000 }).toBe(LIVE_CLOSE_RECONNECT);
      await expect.poll(() => staffHeard).toContain('{"type":"queue"}');
      expect(nudge).toHaveBeenCalled();
      await expect.poll(() => forgetAll.mock.calls.length).toBe(1);

      const again = await signedInSocket(user);
      const id = await pendingRecharge(server, user);
      const received = nextEvents(again, 2);
      await decide(server.app.wallet, 'recharge', 'approve', id, cliUser('test'));
      expect(await received).toEqual([{ type: 'recharge', id, state: 'success' }, { type: 'balance' }]);
    },
  );

  // Timers of the socket server, whatever the database: once, on SQLite, is enough.
  it.skipIf(process.env.TEST_ENGINE === 'postgres')(
    'closes with 4001 when no auth comes within 5 s, and cuts off a peer that never answers the close',
    async () => {
      const socket = await open();
      // A raw connection that completes the upgrade and then says nothing, not even to a close.
      const port = (server.app.server.address() as AddressInfo).port;
      const raw = net.connect(port, '127.0.0.1');
      raw.on('data', () => undefined);
      raw.on('error', () => undefined);
      raw.write(
        'GET /ws1 HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
      );
      const started = Date.now();
      const [[code, closedAfter], rawClosedAfter] = await Promise.all([
        closed(socket).then((closeCode) => [closeCode, Date.now() - started] as const),
        new Promise<number>((resolve) => raw.once('close', () => resolve(Date.now() - started))),
      ]);
      expect(code).toBe(4001);
      expect(closedAfter).toBeGreaterThanOrEqual(LIVE_AUTH_TIMEOUT_MS - 100);
      // ws itself would wait 30 s for the answer to its close.
      expect(rawClosedAfter).toBeLessThan(LIVE_AUTH_TIMEOUT_MS + LIVE_CLOSE_GRACE_MS + 2000);
    },
    15_000,
  );
});
