import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { LiveEvent } from '../../contract/live';
import { decide } from '../review';
import { TINY_PNG, call, signUp, startTestServer, upload, type TestServer, type TestUser } from '../test-support';

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

async function pendingRecharge(user: TestUser): Promise<number> {
  const proof = await upload(server, user.token, TINY_PNG);
  const recharge = await call(
    server,
    'recharge/create',
    {
      type: 'TRC20',
      category: 'USDT',
      address: 'TDEMOxNOTxAxREALxADDRESSxDONOTPAY',
      amount: '30',
      credentials: proof.data.url,
    },
    user.token,
  );
  return recharge.id;
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
    const id = await pendingRecharge(user);
    const received = nextEvents(socket, 2);
    decide(server.app.wallet, 'recharge', 'approve', id, 'test');
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

  it('closes with 4001 when no auth comes within 5 s', async () => {
    const socket = await open();
    const started = Date.now();
    expect(await closed(socket)).toBe(4001);
    expect(Date.now() - started).toBeGreaterThanOrEqual(4900);
  }, 10_000);
});
