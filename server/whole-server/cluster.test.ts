import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { CONSOLE_API_PREFIX, CONSOLE_LIVE_PATH, type EnrolmentStart } from '../../contract/console';
import type { Envelope } from '../../contract/envelope';
import { cents, formatMoney, parseMoney } from '../../contract/money';
import { startServer, type RunningServer } from '../../e2e/server';
import { totpCode } from '../staff/totp';
import { createQueries } from '../query-groups';
import { openDatabase } from '../platform/database/database';
import type { DatabaseConfig, Db } from '../platform/database/sql';
import { DEMO_ACCOUNT } from '../demo/demo-data';
import { watchNetwork } from '../deposits/chain/networks';
import { startLocalChain, units } from '../testing/chain/local-chain';
import { checkIntegrity } from '../ledger/integrity';
import { outboxMailer } from '../platform/mail/mailer';
import { opsOutput, testDatabase, uniquePng } from '../testing/test-support';

/**
 * Several nodes on one PostgreSQL: two real server processes on two ports, as behind a load
 * balancer, and the operator's commands as a third party on connections of their own. Runs in the
 * PostgreSQL run only.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-cluster-'));
let database: { config: DatabaseConfig; drop(): Promise<void> };
let db: Db;
const nodes: RunningServer[] = [];

function startNode(): Promise<RunningServer> {
  return startServer({
    dataDir: fs.mkdtempSync(path.join(dir, 'node-')),
    staticDir: path.join(dir, 'no-build'),
    env: {
      DATABASE_URL: database.config.databaseUrl ?? '',
      LOG_LEVEL: 'error',
      // These tests race the per-account and per-code limits, not the per-address ones.
      LIMIT_REQUESTS_PER_MINUTE: '1000000',
      LIMIT_SIGN_INS_PER_IP_HOUR: '1000000',
      LIMIT_CODES_PER_IP_HOUR: '1000000',
      LIMIT_REGISTRATIONS_PER_IP_HOUR: '1000000',
      // The chain watchers look often and a dead node's lease runs out soon (see the chain test).
      CHAIN_POLL_MS: '100',
      CHAIN_LEASE_SECONDS: '2',
    },
  });
}

beforeAll(async () => {
  database = await testDatabase(dir, { empty: true });
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

/**
 * An operator command as the CLI runs it (server/ops/cli.ts: `runOps` on a database connection of
 * its own, its mail in the outbox of the machine it runs on, node A's), in this process: what it
 * printed and whether it succeeded. Two at once are two connections racing, as two operators'
 * terminals would be. A Node process for each, as before, cost some 1.7 s of CPU a command;
 * ops.test.ts runs the CLI itself.
 */
async function opsRun(...argv: string[]): Promise<{ ok: boolean; stdout: string; stderr: string }> {
  const connection = await openDatabase(database.config);
  const mailer = outboxMailer(path.join(node(0).dataDir, 'outbox'));
  try {
    return { ok: true, stdout: (await opsOutput({ db: connection, mailer }, ...argv)).join('\n'), stderr: '' };
  } catch (error) {
    return { ok: false, stdout: '', stderr: error instanceof Error ? error.message : String(error) };
  } finally {
    await connection.close();
  }
}

async function ops(...argv: string[]): Promise<string> {
  const { ok, stdout, stderr } = await opsRun(...argv);
  if (!ok) throw new Error(`ops ${argv.join(' ')} failed: ${stderr}`);
  return stdout.trim().split('\n').at(-1) ?? '';
}

/**
 * The newest mail to `address` in either node's outbox that says `about` (mail goes out after
 * the answer, so an older one may be there first).
 */
async function mailTo(address: string, about = ''): Promise<string> {
  const header = `To: ${address}\n`;
  let found: string | undefined;
  await expect
    .poll(() => {
      // Named by the time they were written, so the newest sorts last across both outboxes.
      const mails = nodes
        .flatMap((running) => {
          const outbox = path.join(running.dataDir, 'outbox');
          return fs.existsSync(outbox) ? fs.readdirSync(outbox).map((name) => path.join(outbox, name)) : [];
        })
        .sort((a, b) => path.basename(a).localeCompare(path.basename(b)))
        .map((file) => fs.readFileSync(file, 'utf8'));
      found = mails.filter((mail) => mail.startsWith(header) && mail.includes(about)).at(-1);
      return found !== undefined;
    })
    .toBe(true);
  return found ?? '';
}

async function codeMailedTo(address: string, about = ''): Promise<string> {
  const code = /\b\d{6}\b/.exec(await mailTo(address, about))?.[0];
  if (!code) throw new Error(`no code was mailed to ${address}`);
  return code;
}

let customers = 0;

/** A new customer registered through node A, signed in; their token and password. */
async function newCustomer(): Promise<{ token: string; account: string; email: string; password: string }> {
  customers += 1;
  const account = `racer${customers}x${process.pid % 1000}`;
  const email = `${account}@example.com`;
  const password = 'Racing123';
  expect((await post(node(0).baseUrl, 'sms/send-code', { email })).code).toBe(200);
  const registered = await post<{ token: string }>(node(0).baseUrl, 'user/register', {
    account,
    email,
    code: await codeMailedTo(email),
    password,
    repassword: password,
    invite_code: await ops('invite-code'),
  });
  expect(registered.code).toBe(200);
  return { token: registered.data.token, account, email, password };
}

/** `count` copies of a call, sent at once, alternating between the two nodes. */
function raced<T>(count: number, send: (baseUrl: string, index: number) => Promise<Envelope<T>>) {
  return Promise.all(Array.from({ length: count }, (_, index) => send(node(index % 2).baseUrl, index)));
}

async function balanceOf(baseUrl: string, token: string): Promise<string> {
  return (await post<{ balance: string }>(baseUrl, 'userinfo/get-money-info', {}, token)).data.balance;
}

/** The operator's whole-database check finds nothing wrong (balances, ledger, orders, offers, answers). */
async function expectNothingHalfApplied(): Promise<void> {
  expect(await checkIntegrity({ db, queries: createQueries(db), now: () => new Date() })).toEqual([]);
}

/** A recharge in review, paid to the first receiving address with the given proof. */
async function pendingRecharge(token: string, amount: string, proof: string): Promise<number> {
  const address = await post<{ type: string; address: string }>(
    node(0).baseUrl,
    'recharge/shoukuan-address',
    { type: 'TRC20' },
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
        post(
          node(index % 2).baseUrl,
          'saleu/create-order',
          { saleu_id: offer, number: share, unit_price: '1.00', currency: 'USD' },
          token,
        ),
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
    const served = await fetch(`${node(1).baseUrl}${proof}`, { headers: { 'access-token': token } });
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

  it('tells an operator on node A at once when a customer on node B submits a recharge', async () => {
    await ops('operator', 'add', 'cluster-op', '--role', 'reviewer', '--email', 'cluster-op@operators.example');
    const link = await mailTo('cluster-op@operators.example', '#/enrol?token=');
    const enrolmentToken = /#\/enrol\?token=([\w-]{43})/.exec(link)?.[1] ?? '';
    const consolePost = (path: string, fields: Record<string, string>) =>
      fetch(`${node(0).baseUrl}${CONSOLE_API_PREFIX}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields),
      });
    const opened = (await (
      await consolePost('enrol/start', { token: enrolmentToken })
    ).json()) as Envelope<EnrolmentStart>;
    const enrolled = await consolePost('enrol/finish', {
      token: enrolmentToken,
      new_password: 'Cluster12345',
      code: totpCode(opened.data.totp_secret, new Date()),
    });
    expect(((await enrolled.clone().json()) as Envelope).code).toBe(200);
    const cookie = (enrolled.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

    const socket = new WebSocket(`${node(0).baseUrl.replace('http', 'ws')}${CONSOLE_LIVE_PATH}`, {
      headers: { cookie },
    });
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const heard = new Promise<number>((resolve) =>
      socket.on('message', (message) => {
        if (String(message) === '{"type":"queue"}') resolve(Date.now());
      }),
    );
    const token = await signIn(node(1).baseUrl);
    await pendingRecharge(token, '15', await uploadProof(node(1).baseUrl, token));
    const submittedAt = Date.now();
    const arrivedAt = await heard;
    socket.close();
    expect(arrivedAt - submittedAt).toBeLessThan(1000);
  });

  it('signs a session out on every node at once', async () => {
    const token = await signIn(node(0).baseUrl);
    expect((await post(node(1).baseUrl, 'userinfo/get-info', {}, token)).code).toBe(200);
    expect((await post(node(0).baseUrl, 'user/logout', {}, token)).code).toBe(200);
    // Node B had the session in its cache a moment ago; the logout on node A reaches it.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await post(node(1).baseUrl, 'userinfo/get-info', {}, token)).code).toBe(-1);
  });

  it('ends the other sessions from My → Security on every node at once', async () => {
    const [kept, ended] = [await signIn(node(0).baseUrl), await signIn(node(0).baseUrl)];
    expect((await post(node(1).baseUrl, 'userinfo/get-info', {}, ended)).code).toBe(200);
    expect(
      (await post(node(0).baseUrl, 'security/end-other-sessions', { password: DEMO_ACCOUNT.password }, kept)).code,
    ).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await post(node(1).baseUrl, 'userinfo/get-info', {}, ended)).code).toBe(-1);
    expect((await post(node(1).baseUrl, 'userinfo/get-info', {}, kept)).code).toBe(200);
  });

  it('signs Web Push with the one VAPID key pair both nodes agreed on while starting together', async () => {
    const token = await signIn(node(0).baseUrl);
    const keys = await Promise.all(
      [0, 1].map(
        async (index) => (await post<{ public_key: string }>(node(index).baseUrl, 'push/key', {}, token)).data,
      ),
    );
    expect(keys[0]?.public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(keys[1]).toEqual(keys[0]);
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
          { saleu_id: '1', number: '10', unit_price: '0.93', currency: 'EUR', request_id: `cluster-burst-${index}` },
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

/**
 * Every place that reads a count or a state and then writes it, raced through both nodes at once
 * (docs/security.md → Limits and time-outs lists them): each must let exactly as much through as one node at a time.
 */
describe('read-then-write places, raced across two nodes', () => {
  it('counts every try at a reset code before comparing it: of 400 tries, at most five are compared', async () => {
    const customer = await newCustomer();
    await db.run("UPDATE email_codes SET created_at = '2000-01-01T00:00:00.000Z' WHERE email = ?", [customer.email]);
    expect((await post(node(1).baseUrl, 'sms/send-code', { email: customer.email, scene: 'reset' })).code).toBe(200);
    await expect.poll(async () => (await mailTo(customer.email)).includes('reset')).toBe(true);
    const code = await codeMailedTo(customer.email);
    const wrongCode = (index: number) => String((Number(code) + 1 + index) % 1_000_000).padStart(6, '0');
    const reset = { email: customer.email, password: 'Taken0ver9', repassword: 'Taken0ver9' };
    const replies = await raced(400, (baseUrl, index) =>
      post(baseUrl, 'user/reset-password', { ...reset, code: wrongCode(index) }),
    );
    expect(replies.every((reply) => reply.code === 400)).toBe(true);
    const compared = replies.filter((reply) => reply.msg === 'The e-mail code is wrong or has expired');
    expect(compared.length).toBeLessThanOrEqual(4);
    const right = await post(node(0).baseUrl, 'user/reset-password', { ...reset, code });
    expect(right.msg).toBe('Too many wrong codes. Please request a new one');
    const attacker = await post(node(1).baseUrl, 'user/login', { account: customer.account, password: 'Taken0ver9' });
    expect(attacker.code).toBe(400);
  }, 60_000);

  it('sends one code when ten requests for one address reach both nodes at once', async () => {
    const email = `once${process.pid}@example.com`;
    const replies = await raced(10, (baseUrl) => post(baseUrl, 'sms/send-code', { email }));
    expect(replies.filter((reply) => reply.code === 200)).toHaveLength(1);
    expect(await db.get('SELECT COUNT(*) AS n FROM email_codes WHERE email = ?', [email])).toEqual({ n: 1 });
  });

  it('registers one of two customers of one name sent to both nodes at once', async () => {
    const emails = [`twin1x${process.pid}@example.com`, `twin2x${process.pid}@example.com`];
    for (const email of emails) expect((await post(node(0).baseUrl, 'sms/send-code', { email })).code).toBe(200);
    const inviteCode = await ops('invite-code');
    const forms = await Promise.all(
      emails.map(async (email) => ({
        account: `twin${process.pid % 1000}`,
        email,
        code: await codeMailedTo(email),
        password: 'Twins1234',
        repassword: 'Twins1234',
        invite_code: inviteCode,
      })),
    );
    const replies = await raced(2, (baseUrl, index) => post(baseUrl, 'user/register', forms[index] ?? {}));
    expect(replies.map((reply) => reply.code).sort()).toEqual([200, 409]);
  });

  it('lets at most five of 60 sign-in guesses through both nodes reach the password check', async () => {
    const customer = await newCustomer();
    const replies = await raced(60, (baseUrl, index) =>
      post(baseUrl, 'user/login', {
        account: index % 3 ? customer.account : customer.email,
        password: `Wrong${index}x`,
      }),
    );
    expect(replies.filter((reply) => reply.code === 400).length).toBeLessThanOrEqual(5);
    expect(replies.every((reply) => reply.code === 400 || reply.code === 429)).toBe(true);
  });

  it('binds one card of four sent at once, and checks at most five withdrawal passwords of 20', async () => {
    const customer = await newCustomer();
    const card = {
      type: 'bank',
      full_name: 'Race Example',
      telephone: '+44 20 7946 0958',
      email: customer.email,
      iban: 'GB82WEST12345698765432',
      bank_name: 'Example Bank',
      area: 'London',
      country: 'United Kingdom',
      swift: 'WESTGB2L',
    };
    await db.run("UPDATE email_codes SET created_at = '2000-01-01T00:00:00.000Z' WHERE email = ?", [customer.email]);
    expect((await post(node(1).baseUrl, 'sms/send-code', { email: customer.email, scene: 'bind' })).code).toBe(200);
    const code = await codeMailedTo(customer.email, 'bind a payout account');
    const binds = await raced<{ bk_id: number }>(4, (baseUrl) =>
      post(baseUrl, 'bankinfo/create', { ...card, code }, customer.token),
    );
    // One binds; the rest find the card bound, or the code it used spent.
    expect(binds.filter((reply) => reply.code === 200)).toHaveLength(1);
    expect(binds.every((reply) => reply.code === 200 || reply.code === 409 || reply.code === 400)).toBe(true);
    const bkId = String(binds.find((reply) => reply.code === 200)?.data.bk_id);
    const withdrawals = await raced(20, (baseUrl, index) =>
      post(
        baseUrl,
        'withdraw/create',
        { type: 'bank', bk_id: bkId, amount: '10', password: `Wrong${index}x` },
        customer.token,
      ),
    );
    expect(withdrawals.filter((reply) => reply.code === 400).length).toBeLessThanOrEqual(5);
    expect(withdrawals.every((reply) => reply.code === 400 || reply.code === 429)).toBe(true);
  });

  it('lets one proof back one recharge and five recharges wait, whichever node each reaches', async () => {
    const customer = await newCustomer();
    const proof = await uploadProof(node(0).baseUrl, customer.token);
    const address = await post<{ type: string; address: string }>(
      node(1).baseUrl,
      'recharge/shoukuan-address',
      {},
      customer.token,
    );
    const recharge = (credentials: string) => ({
      type: address.data.type,
      category: 'USDT',
      address: address.data.address,
      amount: '100',
      credentials,
    });
    const sameProof = await raced(6, (baseUrl) => post(baseUrl, 'recharge/create', recharge(proof), customer.token));
    expect(sameProof.map((reply) => reply.code).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const proofs = await Promise.all(Array.from({ length: 7 }, () => uploadProof(node(1).baseUrl, customer.token)));
    const more = await raced(7, (baseUrl, index) =>
      post(baseUrl, 'recharge/create', recharge(proofs[index] ?? ''), customer.token),
    );
    expect(more.filter((reply) => reply.code === 200)).toHaveLength(4);
  });

  it('acts once on one request_id sent to both nodes at once', async () => {
    const { token } = await newCustomer();
    await topUp(token, '100.00');
    const replies = await raced<{ id: number }>(10, (baseUrl) =>
      post(
        baseUrl,
        'saleu/create-order',
        { saleu_id: '1', number: '10', unit_price: '0.93', currency: 'EUR', request_id: `race-${process.pid}` },
        token,
      ),
    );
    expect(replies.every((reply) => reply.code === 200)).toBe(true);
    expect(new Set(replies.map((reply) => reply.data.id)).size).toBe(1);
    await expectNothingHalfApplied();
  });

  it('decides an order once when two operators approve it at the same moment, and audits VIP changes truly', async () => {
    const customer = await newCustomer();
    const id = await pendingRecharge(customer.token, '40', await uploadProof(node(0).baseUrl, customer.token));
    const approvals = await Promise.all([
      opsRun('approve', 'recharge', String(id)),
      opsRun('approve', 'recharge', String(id)),
    ]);
    expect(approvals.map((run) => run.ok).sort()).toEqual([false, true]);
    expect(approvals.find((run) => !run.ok)?.stderr).toContain('already reviewed');
    expect(await balanceOf(node(1).baseUrl, customer.token)).toBe('40.00');

    await Promise.all([opsRun('user', customer.account, '--vip', '3'), opsRun('user', customer.account, '--vip', '4')]);
    const changes = await db.all<{ detail: string }>(
      "SELECT detail FROM audit_log WHERE action = 'vip set' AND target_id = (SELECT id FROM users WHERE account = ?) ORDER BY id",
      [customer.account],
    );
    const [first, second] = changes.map((change) => change.detail.split(' → '));
    expect(first?.[0]).toBe('0');
    expect(second?.[0]).toBe(first?.[1]);
    await expectNothingHalfApplied();
  }, 60_000);
});

/** BIP-39's published test phrase at m/44'/60'/0': a public key only. */
const EVM_XPUB =
  'xpub6DCoCpSuQZB2jawqnGMEPS63ePKWkwWPH4TU45Q7LPXWuNd8TMtVxRrgjtEshuqpK3mdhaWHPFsBngh5GFZaM6si3yZdUsT8ddYM3PwnATt';

describe('deposits read from the chain by two nodes', () => {
  it('credits each transfer once while both nodes watch, the crediting one killed -9 midway', async () => {
    const chain = await startLocalChain();
    try {
      const token = await chain.deployToken(6);
      const domain = { db, queries: createQueries(db), now: () => new Date() };
      await watchNetwork(
        domain,
        {
          type: 'CLUSTER',
          kind: 'evm',
          rpcUrls: [chain.url],
          contract: token,
          decimals: 6,
          minAmount: cents(100),
          confirmations: 2,
          finalizedTag: true,
          xpub: EVM_XPUB,
        },
        'cluster test',
      );
      const customer = await newCustomer();
      const address = await post<{ address: string }>(
        node(1).baseUrl,
        'recharge/shoukuan-address',
        { type: 'CLUSTER' },
        customer.token,
      );
      expect(address.code).toBe(200);
      const sent = 40;
      const holderPid = async () =>
        Number(
          (
            await db.get<{ lease_holder: string | null }>(
              "SELECT lease_holder FROM chain_networks WHERE type = 'CLUSTER'",
            )
          )?.lease_holder?.split(':')[1],
        );
      const credited = async () =>
        (
          await db.get<{ n: number }>(
            "SELECT COUNT(*) AS n FROM chain_deposits WHERE network = 'CLUSTER' AND state = 'credited'",
          )
        )?.n ?? 0;
      let killed: number | undefined;
      for (let index = 0; index < sent; index += 1) {
        await chain.transfer(token, address.data.address, units('1', 6));
        await new Promise((resolve) => setTimeout(resolve, 40));
        // Halfway, with deposits being credited, the node holding the lease dies at once.
        if (index === sent / 2) {
          await expect.poll(credited, { timeout: 10_000 }).toBeGreaterThan(0);
          const pid = await holderPid();
          killed = nodes.findIndex((running) => running.pid === pid);
          expect(killed).toBeGreaterThanOrEqual(0);
          await node(killed).crash();
        }
      }
      await chain.mine(2);
      // The other node takes the network over once the dead one's lease runs out, and catches up.
      await expect.poll(credited, { timeout: 20_000, interval: 200 }).toBe(sent);
      expect(await holderPid()).toBe(nodes[killed === 0 ? 1 : 0]?.pid);
      const lines = await db.all<{ ref_id: number }>(
        "SELECT ref_id FROM ledger WHERE ref_type = 'deposit' ORDER BY ref_id",
      );
      expect(new Set(lines.map((line) => line.ref_id)).size).toBe(sent);
      expect(lines).toHaveLength(sent);
      if (killed !== undefined) nodes[killed] = await startNode();
      expect(await balanceOf(node(0).baseUrl, customer.token)).toBe(formatMoney(cents(sent * 100)));
      await expectNothingHalfApplied();
    } finally {
      await chain.close();
    }
  }, 90_000);
});
