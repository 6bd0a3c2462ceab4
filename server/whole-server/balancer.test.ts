import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { Envelope } from '../../contract/envelope';
import { LIVE_CLOSE_RECONNECT, LIVE_PATH } from '../../contract/live';
import { ROOT, startServer, type RunningServer } from '../../e2e/server';
import { createQueries } from '../query-groups';
import { openDatabase } from '../platform/database/database';
import type { DatabaseConfig, Db } from '../platform/database/sql';
import { DEMO_ACCOUNT } from '../demo/demo-data';
import { checkIntegrity } from '../ledger/integrity';
import { testDatabase } from '../testing/test-support';
import { freePort } from '../testing/free-port';

/**
 * Two nodes on one PostgreSQL behind Debian's haproxy, configured by deploy/haproxy.cfg as an
 * operator would: restarted one after the other under load, then one killed. Runs where haproxy
 * is installed (`.ci/run` installs it), in the PostgreSQL run only.
 */
const HAPROXY = ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy'].find((file) => fs.existsSync(file));
/** Longer than the balancer's `inter 500ms` × `fall 2`. */
const DRAIN_NOTICE_SECONDS = 2;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-balancer-'));
let database: { config: DatabaseConfig; drop(): Promise<void> };
let db: Db;
const ports: number[] = [];
const nodes: (RunningServer | undefined)[] = [];
let balancer: ChildProcess | undefined;
let front = '';

function startNode(index: number): Promise<RunningServer> {
  return startServer({
    port: ports[index] ?? 0,
    dataDir: fs.mkdtempSync(path.join(dir, `node-${index}-`)),
    staticDir: path.join(dir, 'no-build'),
    env: {
      DATABASE_URL: database.config.databaseUrl ?? '',
      LOG_LEVEL: 'error',
      TRUST_PROXY: '127.0.0.1',
      DRAIN_NOTICE_SECONDS: String(DRAIN_NOTICE_SECONDS),
      DRAIN_SECONDS: '10',
      LIMIT_REQUESTS_PER_MINUTE: '1000000',
      LIMIT_CONNECTIONS_PER_IP: '100000',
    },
  });
}

async function post<T>(callPath: string, fields: Record<string, string>, token?: string): Promise<Envelope<T>> {
  const response = await fetch(`${front}/api/v1/${callPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { 'access-token': token } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
  if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as Envelope<T>;
}

async function ready(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/readyz`)).status === 200;
  } catch {
    return false;
  }
}

async function until(test: () => Promise<boolean>, limitMs: number, what: string): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  if (!HAPROXY) return;
  database = await testDatabase(dir, { empty: true });
  ports.push(await freePort(), await freePort());
  nodes.push(await startNode(0), await startNode(1));
  db = await openDatabase(database.config);
  const listen = await freePort();
  front = `http://127.0.0.1:${listen}`;
  balancer = spawn(HAPROXY, ['-f', path.join(ROOT, 'deploy/haproxy.cfg'), '-db'], {
    env: {
      ...process.env,
      WALLET_LISTEN: `127.0.0.1:${listen}`,
      WALLET_NODE_A: `127.0.0.1:${ports[0]}`,
      WALLET_NODE_B: `127.0.0.1:${ports[1]}`,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await until(() => ready(front), 10_000, 'the balancer answering');
}, 90_000);

afterAll(async () => {
  balancer?.kill('SIGTERM');
  await Promise.all(nodes.flatMap((running) => (running ? [running.stop()] : [])));
  await db?.close();
  await database?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A customer's live socket through the balancer that connects again on 1012, as the app does. */
function liveSocket(token: string) {
  const gaps: number[] = [];
  const unexpected: number[] = [];
  let stopped = false;
  let closedAt = 0;
  let socket: WebSocket;
  const connect = () => {
    socket = new WebSocket(`${front.replace('http', 'ws')}${LIVE_PATH}`);
    socket.on('open', () => {
      socket.send(JSON.stringify({ type: 'auth', token }));
      if (closedAt > 0) gaps.push(Date.now() - closedAt);
      closedAt = 0;
    });
    socket.on('error', () => undefined);
    socket.on('close', (code) => {
      if (stopped) return;
      if (code !== LIVE_CLOSE_RECONNECT && closedAt === 0) unexpected.push(code);
      if (closedAt === 0) closedAt = Date.now();
      setTimeout(connect, 200 + Math.random() * 500);
    });
  };
  connect();
  return {
    gaps,
    unexpected,
    stop() {
      stopped = true;
      socket.terminate();
    },
  };
}

const SALE = { saleu_id: '1', number: '10', unit_price: '0.93', currency: 'EUR' };
const SALE_EVERY = 40;

interface Tally {
  sent: number;
  failed: string[];
  sales: Set<string>;
  /** Sales whose answer never came: asked again with the same request_id afterwards. */
  unknown: string[];
}

/**
 * Reads and sells through the balancer, `workers` at a time, until stopped (and at most `cap`
 * rounds each); `name` keeps its sales' request ids apart from another load's.
 */
function load(name: string, token: string, workers: number, cap: number) {
  const tally: Tally = { sent: 0, failed: [], sales: new Set(), unknown: [] };
  let stopped = false;
  let serial = 0;
  const work = async (worker: number) => {
    for (let round = 0; round < cap && !stopped; round += 1) {
      serial += 1;
      const requestId = `${name}-${worker}-${serial}`;
      const sale = { ...SALE, request_id: requestId };
      // Mostly reads; a sale of 10.00 (the offer's smallest) every SALE_EVERY rounds, within the demo balance.
      const calls = round % SALE_EVERY === SALE_EVERY - 1 ? [['saleu/create-order', sale] as const] : [];
      for (const [callPath, fields] of [['userinfo/get-money-info', {}] as const, ...calls]) {
        tally.sent += 1;
        try {
          const reply = await post<{ id?: number }>(callPath, fields, token);
          if (reply.code !== 200) tally.failed.push(`${callPath}: ${reply.code} ${reply.msg}`);
          else if (callPath === 'saleu/create-order') tally.sales.add(requestId);
        } catch (error) {
          tally.failed.push(`${callPath}: ${error instanceof Error ? error.message : String(error)}`);
          if (callPath === 'saleu/create-order') tally.unknown.push(requestId);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  const running = Promise.all(Array.from({ length: workers }, (_, worker) => work(worker)));
  return {
    tally,
    async stop() {
      stopped = true;
      await running;
    },
  };
}

/** The demo customer's sale orders. */
async function demoSales(): Promise<number> {
  const rows = await db.all<{ n: number }>(
    'SELECT COUNT(*) AS n FROM sale_orders WHERE user_id = (SELECT id FROM users WHERE account = ?)',
    [DEMO_ACCOUNT.account],
  );
  return Number(rows[0]?.n ?? 0);
}

describe.skipIf(!HAPROXY)('two nodes behind haproxy', () => {
  it('restarts node A, then node B, under load with nothing failed; then loses no sale to a kill -9', async () => {
    const login = await post<{ token: string }>('user/login', {
      account: DEMO_ACCOUNT.account,
      password: DEMO_ACCOUNT.password,
    });
    expect(login.code).toBe(200);
    const token = login.data.token;
    const initial = await demoSales();
    const sockets = Array.from({ length: 4 }, () => liveSocket(token));
    const traffic = load('rolling', token, 3, 5000);
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const drains: number[] = [];
    for (const index of [0, 1]) {
      const started = Date.now();
      await nodes[index]?.stop();
      drains.push(Date.now() - started);
      nodes[index] = await startNode(index);
      // Back in the balancer's pool: ready, and `rise 2` checks of 500 ms seen.
      await until(() => ready(`http://127.0.0.1:${ports[index]}`), 10_000, `node ${index} ready`);
      await new Promise((resolve) => setTimeout(resolve, 1500));
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    await traffic.stop();
    for (const socket of sockets) socket.stop();
    const { tally } = traffic;
    const reconnects = sockets.flatMap((socket) => socket.gaps);
    console.info(
      `rolling restart: ${tally.sent} requests, ${tally.failed.length} failed; ` +
        `drains ${drains.join(' ms, ')} ms; socket reconnects ${reconnects.join(', ')} ms`,
    );
    expect(tally.failed).toEqual([]);
    expect(sockets.flatMap((socket) => socket.unexpected)).toEqual([]);
    // Each socket was closed by each node it sat on at most once, and was back within 5 s.
    expect(reconnects.length).toBeGreaterThanOrEqual(4);
    expect(Math.max(...reconnects)).toBeLessThan(5000);
    const queries = createQueries(db);
    const before = await demoSales();
    // Every sale counted once: as many orders as sales answered.
    expect(before - initial).toBe(tally.sales.size);
    expect(await checkIntegrity({ db, queries, now: () => new Date() })).toEqual([]);

    // A node killed: what was in flight there may fail; the balancer stops sending to it within
    // its checks (1 s), and every sale whose answer was lost is found once when asked again.
    const second = load('killed', token, 3, 5000);
    await new Promise((resolve) => setTimeout(resolve, 700));
    const killedAt = Date.now();
    await nodes[1]?.crash();
    nodes[1] = undefined;
    const failedBy = () => second.tally.failed.length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const failedInWindow = failedBy();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await second.stop();
    expect(failedBy()).toBe(failedInWindow);
    console.info(
      `kill -9: ${second.tally.sent} requests, ${second.tally.failed.length} failed, all within ` +
        `${Date.now() - killedAt} ms of the kill and none after the first 1.5 s`,
    );
    for (const requestId of second.tally.unknown) {
      const again = await post<{ id?: number }>('saleu/create-order', { ...SALE, request_id: requestId }, token);
      expect(again.code).toBe(200);
      second.tally.sales.add(requestId);
    }
    expect((await demoSales()) - before).toBe(second.tally.sales.size);
    expect(await checkIntegrity({ db, queries, now: () => new Date() })).toEqual([]);
  }, 120_000);
});
