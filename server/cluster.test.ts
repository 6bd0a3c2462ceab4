import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { Envelope } from '../contract/envelope';
import { cents, formatMoney, parseMoney } from '../contract/money';
import { ROOT, startServer, type RunningServer } from '../e2e/server';
import { createQueries } from './db';
import { openDatabase, type DatabaseConfig, type Db } from './db/database';
import { DEMO_ACCOUNT } from './demo';
import { testDatabase, uniquePng } from './test-support';

/**
 * Several nodes on one PostgreSQL: two real server processes on two ports, as behind a load
 * balancer, and the operator CLI as a third process. Runs in the PostgreSQL run only.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-cluster-'));
let database: { config: DatabaseConfig; drop(): Promise<void> };
let db: Db;
const nodes: RunningServer[] = [];

function startNode(): Promise<RunningServer> {
  return startServer({
    dataDir: fs.mkdtempSync(path.join(dir, 'node-')),
    staticDir: path.join(dir, 'no-build'),
    env: { DATABASE_URL: database.config.databaseUrl ?? '', LOG_LEVEL: 'error', LIMIT_REQUESTS_PER_MINUTE: '1000000' },
  });
}

beforeAll(async () => {
  database = await testDatabase(dir);
  // Both nodes start together on the empty database: one migrates and fills it, the other waits.
  nodes.push(...(await Promise.all([startNode(), startNode()])));
  db = await openDatabase(database.config);
}, 60_000);

afterAll(async () => {
  await Promise.all(nodes.map((node) => node.stop()));
  await db.close();
  await database.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

function node(index: number): RunningServer {
  const found = nodes[index];
  if (!found) throw new Error(`no node ${index}`);
  return found;
}

async function post<T>(baseUrl: string, callPath: string, fields: Record<string, string>, token?: string) {
  const response = await fetch(`${baseUrl}/api/v1/${callPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { 'access-token': token } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
  return (await response.json()) as Envelope<T>;
}

async function signIn(baseUrl: string): Promise<string> {
  const login = await post<{ token: string }>(baseUrl, 'user/login', {
    account: DEMO_ACCOUNT.account,
    password: DEMO_ACCOUNT.password,
  });
  expect(login.code).toBe(200);
  return login.data.token;
}

async function ops(...argv: string[]): Promise<string> {
  const run = promisify(execFile);
  const env = { ...process.env, DATABASE_URL: database.config.databaseUrl ?? '', DATA_DIR: dir };
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'server/ops/cli.ts', ...argv], { cwd: ROOT, env });
  return stdout.trim().split('\n').at(-1) ?? '';
}

async function balanceOf(baseUrl: string, token: string): Promise<string> {
  return (await post<{ balance: string }>(baseUrl, 'userinfo/get-money-info', {}, token)).data.balance;
}

/** Every balance equals its ledger, and every order has exactly its one ledger row. */
async function expectNothingHalfApplied(): Promise<void> {
  expect(await createQueries(db).ledger.mismatches()).toEqual([]);
  const orphans = await db.all(
    `SELECT 'sale' AS kind, id FROM sale_orders WHERE (SELECT COUNT(*) FROM ledger WHERE ref_type = 'sale' AND ref_id = sale_orders.id AND kind = 'sale') <> 1
     UNION ALL SELECT 'withdraw', id FROM withdrawals WHERE (SELECT COUNT(*) FROM ledger WHERE ref_type = 'withdraw' AND ref_id = withdrawals.id AND kind = 'withdraw') <> 1
     UNION ALL SELECT 'offer', id FROM offers WHERE remaining <> quantity - (SELECT COALESCE(SUM(number), 0) FROM sale_orders WHERE offer_id = offers.id AND state <> 'reject')`,
  );
  expect(orphans).toEqual([]);
}

/** A recharge in review, paid to the first receiving address with the given proof. */
async function pendingRecharge(token: string, amount: string, proof: string): Promise<number> {
  const address = await post<{ type: string; address: string }>(
    node(0).baseUrl,
    'recharge/shoukuan-address',
    { type: '' },
    token,
  );
  const recharge = await post<{ id: number }>(
    node(0).baseUrl,
    'recharge/create',
    { type: address.data.type, category: 'USDT', address: address.data.address, amount, credentials: proof },
    token,
  );
  expect(recharge.code).toBe(200);
  return recharge.data.id;
}

/** Credits the demo account the way production does: a recharge the operator approves. */
async function topUp(token: string, amount: string): Promise<void> {
  const id = await pendingRecharge(token, amount, await uploadProof(node(0).baseUrl, token));
  await ops('approve', 'recharge', String(id));
}

async function uploadProof(baseUrl: string, token: string): Promise<string> {
  const form = new FormData();
  form.append('lang', 'en');
  form.append('file', new Blob([await uniquePng()], { type: 'image/png' }), 'proof.png');
  const response = await fetch(`${baseUrl}/api/v1/attach/upload`, {
    method: 'POST',
    headers: { 'access-token': token },
    body: form,
  });
  const reply = (await response.json()) as Envelope<{ url: string }>;
  expect(reply.code).toBe(200);
  return reply.data.url;
}

describe('two nodes on one PostgreSQL', () => {
  it('lets exactly as many of 40 concurrent sells through both nodes succeed as the balance covers', async () => {
    const token = await signIn(node(0).baseUrl);
    const offer = await ops(
      'offer',
      'add',
      '--merchant',
      '1',
      '--price',
      '1',
      '--currency',
      'USD',
      '--quantity',
      '100000',
      '--min',
      '1',
      '--max',
      '100000',
    );
    const before = parseMoney(await balanceOf(node(0).baseUrl, token)) ?? 0;
    expect(before).toBeGreaterThan(110);
    const share = formatMoney(cents(Math.floor(before / 10)));
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        post(node(index % 2).baseUrl, 'saleu/create-order', { saleu_id: offer, number: share }, token),
      ),
    );
    const codes = replies.map((reply) => reply.code);
    expect(codes.filter((code) => code === 200)).toHaveLength(10);
    expect(codes.filter((code) => code === 409)).toHaveLength(30);
    await expectNothingHalfApplied();
  });

  it('brings an operator approval to a socket on node A within a second; node B agrees on the balance', async () => {
    const token = await signIn(node(0).baseUrl);
    const proof = await uploadProof(node(0).baseUrl, token);
    // An upload through node A is served by node B.
    const served = await fetch(`${node(1).baseUrl}${proof}`);
    expect(served.status).toBe(200);
    const stored = await db.get<{ content: Buffer }>('SELECT content FROM uploads WHERE name = ?', [
      proof.replace('/uploads/', ''),
    ]);
    expect(Buffer.from(await served.arrayBuffer()).equals(stored?.content ?? Buffer.alloc(0))).toBe(true);

    const rechargeId = await pendingRecharge(token, '25', proof);
    const socket = new WebSocket(`${node(0).baseUrl.replace('http', 'ws')}/ws1`);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    socket.send(JSON.stringify({ type: 'auth', token }));
    // The auth is checked asynchronously; give it a moment before the event is sent.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const received = new Promise<number>((resolve) =>
      socket.on('message', (data) => {
        if (String(data).includes('"recharge"')) resolve(Date.now());
      }),
    );
    await ops('approve', 'recharge', String(rechargeId));
    const approvedAt = Date.now();
    const arrivedAt = await received;
    socket.close();
    expect(arrivedAt - approvedAt).toBeLessThan(1000);
    expect(await balanceOf(node(1).baseUrl, token)).toBe(await balanceOf(node(0).baseUrl, token));
  });

  it('signs a session out on every node at once', async () => {
    const token = await signIn(node(0).baseUrl);
    expect((await post(node(1).baseUrl, 'userinfo/get-info', {}, token)).code).toBe(200);
    expect((await post(node(0).baseUrl, 'user/logout', {}, token)).code).toBe(200);
    // Node B had the session in its cache a moment ago; the logout on node A reaches it.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await post(node(1).baseUrl, 'userinfo/get-info', {}, token)).code).toBe(-1);
  });

  it('counts one rate limit across both nodes', async () => {
    const key = 'all 127.0.0.1';
    await db.run('DELETE FROM rate_limits WHERE key = ?', [key]);
    for (const index of [0, 1, 0, 1]) {
      await post(node(index).baseUrl, 'userinfo/get-info', {});
    }
    expect(await db.get('SELECT hits FROM rate_limits WHERE key = ?', [key])).toEqual({ hits: 4 });
  });

  it('pays matured holdings once when both nodes run the maturity job', async () => {
    const token = await signIn(node(0).baseUrl);
    await topUp(token, '300.00');
    const buys = await Promise.all(
      [0, 1, 0].map((index) =>
        post<{ id: number }>(node(index).baseUrl, 'lixibao/create-order', { lixibao_id: '1', number: '100' }, token),
      ),
    );
    const ids = buys.map((reply) => reply.data.id);
    expect(buys.map((reply) => reply.code)).toEqual([200, 200, 200]);
    // Their term ends now; both nodes restart together and run the job at start.
    await db.run(
      `UPDATE interest_orders SET expires_at = '2000-01-01T00:00:00.000Z' WHERE id IN (${ids.map(() => '?').join(', ')})`,
      ids,
    );
    await Promise.all(nodes.map((running) => running.stop()));
    nodes.splice(0, nodes.length, ...(await Promise.all([startNode(), startNode()])));
    const paid = await db.all<{ ref_id: number; n: number }>(
      `SELECT ref_id, COUNT(*) AS n FROM ledger WHERE kind = 'lixibao_return' AND ref_id IN (${ids.map(() => '?').join(', ')})
       GROUP BY ref_id ORDER BY ref_id`,
      ids,
    );
    expect(paid).toEqual([...ids].sort((a, b) => a - b).map((id) => ({ ref_id: id, n: 1 })));
    await expectNothingHalfApplied();
  }, 60_000);

  it('keeps serving on one node while the other is killed mid-burst, and the restarted node rejoins', async () => {
    const token = await signIn(node(1).baseUrl);
    const burst = Array.from(
      { length: 60 },
      (_, index) => () =>
        post(
          node(index % 2).baseUrl,
          'saleu/create-order',
          { saleu_id: '1', number: '10', request_id: `cluster-burst-${index}` },
          token,
        ).catch(() => undefined),
    );
    const running = burst.map((send, index) =>
      new Promise((resolve) => setTimeout(resolve, index * 5)).then(() => send()),
    );
    await new Promise((resolve) => setTimeout(resolve, 120));
    await node(0).crash();
    const replies = await Promise.all(running);
    // Every call to the surviving node was answered.
    const survivor = replies.filter((_, index) => index % 2 === 1);
    expect(survivor.every((reply) => reply !== undefined)).toBe(true);
    expect((await post(node(1).baseUrl, 'userinfo/get-info', {}, token)).code).toBe(200);

    nodes[0] = await startNode();
    expect(await balanceOf(node(0).baseUrl, token)).toBe(await balanceOf(node(1).baseUrl, token));
    await expectNothingHalfApplied();
  }, 60_000);
});
