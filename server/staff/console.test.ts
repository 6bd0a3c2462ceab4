import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { OFFER_PAGE_SIZE, QUEUE_PAGE_SIZE, type ConsoleLiveEvent, type ConsoleSession } from '../../contract/console';
import { cents } from '../../contract/money';
import {
  TEST_OPERATOR_PASSWORD,
  addTestOperator,
  approveOrder,
  bindPayout,
  call,
  consoleCall,
  consolePost,
  countingStatements,
  enrolWithToken,
  enrolmentTokenMailedTo,
  fund,
  opsOutput,
  signInOperator,
  signInOperatorAs,
  signUp,
  startTestServer,
  testOperatorEmail,
  type TestOperator,
  type TestServer,
  type TestUser,
  pendingRecharge,
  post,
} from '../testing/test-support';
import { openDatabase } from '../platform/database/database';
import { fillReviewWaiting } from '../platform/database/migrations/029-review-waiting';
import { DEMO_ADMIN, prepareDatabase } from '../demo/demo-data';
import { sha256 } from '../platform/security/tokens';
import { CONSOLE_IDLE_MINUTES } from './session';
import { totpCode } from './totp';

let server: TestServer;

beforeEach(async () => {
  server = await startTestServer({ demo: true });
  cards.clear();
});
afterEach(async () => {
  await server.close();
});

const cards = new Map<number, number>();

async function boundCard(user: TestUser): Promise<number> {
  const bound = cards.get(user.user.id);
  if (bound !== undefined) return bound;
  const card = (
    await bindPayout(server, user, {
      type: 'bank',
      full_name: 'Ada Lovelace',
      telephone: '13800138000',
      email: 'ada@example.com',
      iban: 'DE89370400440532013000',
      bank_name: 'Example Bank',
      area: 'Berlin',
      country: 'DE',
      swift: 'COBADEFF',
    })
  ).data;
  cards.set(user.user.id, card.bk_id);
  return card.bk_id;
}

async function pendingWithdrawal(user: TestUser, amount: string): Promise<number> {
  const withdrawal = await call(
    server,
    'withdraw/create',
    { type: 'bank', bk_id: String(await boundCard(user)), amount, password: user.password },
    user.token,
  );
  return withdrawal.id;
}

async function balanceOf(user: TestUser): Promise<string> {
  return (await call(server, 'userinfo/get-money-info', {}, user.token)).balance;
}

describe('signing in', () => {
  it('takes the password and a code from the authenticator, and sets a cookie scripts cannot read', async () => {
    const account = await addTestOperator(server, 'alice', 'reviewer');
    const { envelope, setCookie } = await consolePost<ConsoleSession>(server, 'auth/login', {
      name: 'Alice',
      password: account.password,
      code: totpCode(account.totpSecret, server.clock.now()),
    });
    expect(envelope.data.operator).toEqual({ name: 'alice', role: 'reviewer', must_change_password: false });
    expect(envelope.data.idle_minutes).toBe(CONSOLE_IDLE_MINUTES);
    expect(setCookie).toMatch(/^console_session=[\w-]{20,}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=\d+$/);
  });

  it('refuses a wrong password, a wrong code and a code used once already, in the same words', async () => {
    const account = await addTestOperator(server, 'bob', 'reviewer');
    const code = totpCode(account.totpSecret, server.clock.now());
    const attempt = async (password: string, totp: string) =>
      (await consolePost(server, 'auth/login', { name: 'bob', password, code: totp, lang: 'en' })).envelope;
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect(await attempt('Wrong12345', code)).toMatchObject({
      code: 400,
      msg: 'Wrong name, password or authenticator code',
    });
    expect(await attempt(account.password, wrongCode)).toMatchObject({ code: 400 });
    expect(await attempt(account.password, code)).toMatchObject({ code: 200 });
    // The same code again, even within its 30 seconds: someone who saw it cannot use it.
    expect(await attempt(account.password, code)).toMatchObject({ code: 400 });
    expect((await consolePost(server, 'auth/login', { name: 'nobody', password: 'x', code })).envelope.code).toBe(400);
  });

  it('holds a name after five failures, like a customer account', async () => {
    const account = await addTestOperator(server, 'carol', 'reviewer');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const { envelope } = await consolePost(server, 'auth/login', {
        name: 'carol',
        password: account.password,
        code: '000000',
      });
      expect(envelope.code).toBe(400);
    }
    const held = await consolePost(server, 'auth/login', {
      name: 'carol',
      password: account.password,
      code: totpCode(account.totpSecret, server.clock.now()),
    });
    expect(held.envelope.code).toBe(429);
    const reader = await signInOperator(server, 'reader');
    const refused = await consoleCall(server, 'audit/list', { operator: 'carol', kind: 'sign in refused' }, reader);
    expect(refused.items.map((item) => item.after)).toEqual([
      'held: too many failures',
      ...Array.from({ length: 5 }, () => 'wrong authenticator code'),
    ]);
  });

  it('keeps the browser an operator signed in with open, whatever strangers try from elsewhere', async () => {
    const account = await addTestOperator(server, 'dora', 'reviewer');
    const signIn = async (ip: string, password: string, cookie?: string) => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/console/auth/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
        remoteAddress: ip,
        payload: new URLSearchParams({
          name: 'dora',
          password,
          code: totpCode(account.totpSecret, server.clock.now()),
        }).toString(),
      });
      server.clock.advance(30);
      const cookies = [response.headers['set-cookie'] ?? []].flat();
      return { code: response.json<{ code: number }>().code, cookies };
    };
    const first = await signIn('203.0.113.7', account.password);
    expect(first.code).toBe(200);
    const device = first.cookies.find((cookie) => cookie.startsWith('console_device='));
    expect(device).toMatch(/; HttpOnly; SameSite=Strict; Max-Age=31536000/);
    const deviceCookie = device?.split(';')[0] ?? '';
    for (let index = 0; index < 12; index += 1) {
      await signIn(`198.51.100.${index + 1}`, 'Guess12345');
    }
    expect((await signIn('192.0.2.50', account.password)).code).toBe(429);
    expect((await signIn('192.0.2.50', account.password, deviceCookie)).code).toBe(200);
  });

  it('asks the first admin for a new password on the first sign-in, and opens nothing else until then', async () => {
    const admin = await server.app.wallet.queries.operators.byName(DEMO_ADMIN.name);
    const account = { name: DEMO_ADMIN.name, password: DEMO_ADMIN.password, totpSecret: admin?.totp_secret ?? '' };
    const operator = await signInOperatorAs(server, account);
    const blocked = await consolePost(server, 'review/queue', {}, operator);
    expect(blocked.envelope).toMatchObject({ code: 403 });
    const proofPath = (
      await server.app.wallet.queries.recharge.byId(await pendingRecharge(server, await signUp(server)))
    )?.credentials;
    const proof = () =>
      server.app.inject({ method: 'GET', url: proofPath ?? '', headers: { cookie: operator.cookie } });
    expect((await proof()).statusCode).toBe(404);
    const same = await consolePost(
      server,
      'auth/password',
      { password: account.password, new_password: account.password },
      operator,
    );
    expect(same.envelope).toMatchObject({ code: 400, data: { field: 'new_password' } });
    const changed = await consoleCall(
      server,
      'auth/password',
      { password: account.password, new_password: 'Changed12345' },
      operator,
    );
    expect(changed.operator.must_change_password).toBe(false);
    const queue = await consoleCall(server, 'review/queue', {}, operator);
    expect(queue.items.map((item) => item.account)).toContain('demo');
    expect((await proof()).statusCode).toBe(200);
    server.clock.advance(30);
    await signInOperatorAs(server, { ...account, password: 'Changed12345' });
  });

  it('ends the operator’s other sessions when the password changes, and keeps the one that changed it', async () => {
    const account = await addTestOperator(server, 'erika', 'reviewer');
    const here = await signInOperatorAs(server, account);
    server.clock.advance(30);
    const elsewhere = await signInOperatorAs(server, account);
    await consoleCall(server, 'auth/password', { password: account.password, new_password: 'Changed12345' }, here);
    expect((await consolePost(server, 'review/queue', {}, elsewhere)).envelope.code).toBe(-1);
    await consoleCall(server, 'review/queue', {}, here);
    const audit = await consoleCall(server, 'audit/list', { kind: 'password change' }, here);
    // The other two: the one enrolment signed in, and the one elsewhere.
    expect(audit.items).toEqual([expect.objectContaining({ actor: 'erika', detail: '2 other session(s) ended' })]);
  });

  it('reads and writes as much for a name with no operator as for a wrong password of a real one', async () => {
    await addTestOperator(server, 'greta', 'reviewer');
    const work = async (name: string) => {
      const tried = await countingStatements(server, () =>
        consolePost(
          server,
          'auth/login',
          { name, password: 'Wrong12345', code: '000000' },
          { cookie: 'console_device=a-browser-with-a-device-cookie' },
        ),
      );
      expect(tried.result.envelope.code).toBe(400);
      return tried.counts;
    };
    const real = await work('greta');
    expect(real.writes).toBeGreaterThan(0);
    expect(await work('nobody')).toEqual(real);
  });

  it('writes every refused sign-in to the audit log with why, under the name that was tried', async () => {
    const account = await addTestOperator(server, 'frida', 'reviewer');
    const wrongCode = totpCode(account.totpSecret, server.clock.now()) === '000000' ? '111111' : '000000';
    const tries = [
      { name: 'frida', password: 'Wrong12345', code: wrongCode },
      { name: 'frida', password: account.password, code: wrongCode },
      { name: 'nobody', password: 'Wrong12345', code: wrongCode },
    ];
    for (const fields of tries) {
      expect((await consolePost(server, 'auth/login', fields, { ip: '198.51.100.7' })).envelope.code).toBe(400);
    }
    const operator = await signInOperatorAs(server, account);
    const refused = await consoleCall(server, 'audit/list', { kind: 'sign in refused' }, operator);
    expect(refused.items.map((item) => [item.actor, item.after, item.detail])).toEqual([
      ['nobody', 'no such operator', '198.51.100.7'],
      ['frida', 'wrong authenticator code', '198.51.100.7'],
      ['frida', 'wrong password', '198.51.100.7'],
    ]);
  });

  it('signs out after 15 idle minutes; a refreshed queue is not the operator being there', async () => {
    const operator = await signInOperator(server, 'idle');
    server.clock.advance(10 * 60);
    await consoleCall(server, 'audit/list', {}, operator);
    server.clock.advance(10 * 60);
    await consoleCall(server, 'review/queue', {}, operator);
    server.clock.advance(5 * 60 + 1);
    expect((await consolePost(server, 'review/queue', {}, operator)).envelope.code).toBe(-1);
  });

  it('records activity at most every 30 seconds, so a console busy reading does not write on each read', async () => {
    const operator = await signInOperator(server, 'busy');
    server.clock.advance(20);
    await consoleCall(server, 'audit/list', {}, operator);
    // Counted from the sign-in: the read 20 s after it was not written.
    server.clock.advance(CONSOLE_IDLE_MINUTES * 60 - 20 + 1);
    expect((await consolePost(server, 'audit/list', {}, operator)).envelope.code).toBe(-1);
  });

  it('ends every session of an account that `ops operator disable` closes, and a signed-out one', async () => {
    const operator = await signInOperator(server, 'gone');
    const other = await signInOperator(server, 'stays');
    expect(await opsOutput(server, 'operator', 'disable', operator.name)).toEqual([
      `${operator.name} disabled; its sessions have ended`,
    ]);
    expect((await consolePost(server, 'review/queue', {}, operator)).envelope.code).toBe(-1);
    await consoleCall(server, 'auth/logout', {}, other);
    expect((await consolePost(server, 'review/queue', {}, other)).envelope.code).toBe(-1);
  });
});

describe('the session cookie', () => {
  it('is Secure when the public address is https, even when the request came over plain HTTP', async () => {
    const behindProxy = await startTestServer({ publicUrl: 'https://wallet.example' });
    const account = await addTestOperator(behindProxy, 'gina', 'reviewer');
    const { setCookie } = await consolePost(behindProxy, 'auth/login', {
      name: 'gina',
      password: account.password,
      code: totpCode(account.totpSecret, behindProxy.clock.now()),
    });
    expect(setCookie).toMatch(/; HttpOnly; SameSite=Strict; Max-Age=\d+; Secure$/);
    await behindProxy.close();
  });
});

describe('the first administrator', () => {
  it('is printed once, by the start that made it: a later one prints no secret, demo data or not', async () => {
    expect((await prepareDatabase(server.app.wallet, true)).firstOperator).toBeNull();
    expect((await prepareDatabase(server.app.wallet, false)).firstOperator).toBeNull();
  });
});

describe('CONSOLE_HOST', () => {
  it('serves the console, its calls and its assets on that host only, and nothing of the app there', async () => {
    const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-static-'));
    for (const [file, content] of [
      ['index.html', '<!doctype html><title>app</title>'],
      ['console/index.html', '<!doctype html><title>console</title>'],
      ['assets/console-main.js', 'export {};'],
      ['assets/shared.js', 'export {};'],
    ] as const) {
      fs.mkdirSync(path.dirname(path.join(staticDir, file)), { recursive: true });
      fs.writeFileSync(path.join(staticDir, file), content);
    }
    const split = await startTestServer({ consoleHost: 'console.wallet.example', staticDir });
    const on = async (host: string, method: 'GET' | 'POST', url: string) =>
      (
        await split.app.inject({
          method,
          url,
          headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
          payload: method === 'POST' ? 'lang=en' : undefined,
        })
      ).statusCode;
    try {
      for (const [method, url] of [
        ['GET', '/console/'],
        ['GET', '/assets/console-main.js'],
        ['POST', '/api/console/auth/session'],
      ] as const) {
        expect(await on('console.wallet.example', method, url), url).toBe(200);
        expect(await on('wallet.example', method, url), url).toBe(404);
      }
      expect(await on('CONSOLE.wallet.example', 'GET', '/assets/shared.js')).toBe(200);
      expect(await on('wallet.example', 'GET', '/assets/shared.js')).toBe(200);
      expect(await on('wallet.example', 'GET', '/')).toBe(200);
      expect(await on('console.wallet.example', 'GET', '/')).toBe(302);
      expect(await on('console.wallet.example', 'GET', '/index.html')).toBe(404);
      expect(await on('console.wallet.example', 'POST', '/api/v1/user/login')).toBe(404);
    } finally {
      await split.close();
      fs.rmSync(staticDir, { recursive: true, force: true });
    }
  });
});

describe('what opens a console call', () => {
  let operator: TestOperator;
  let customer: TestUser;
  beforeEach(async () => {
    operator = await signInOperator(server, 'gate');
    customer = await signUp(server);
  });

  it('refuses a customer token, and an operator cookie on a customer call', async () => {
    const asCustomer = await consolePost(server, 'review/queue', {}, { headers: { 'access-token': customer.token } });
    expect(asCustomer.envelope.code).toBe(-1);
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/userinfo/get-info',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: operator.cookie },
      payload: 'lang=en',
    });
    expect(response.json()).toMatchObject({ code: -1 });
  });

  it('refuses a call without the CSRF token, with a wrong one, or from another site', async () => {
    expect((await consolePost(server, 'review/queue', {}, { cookie: operator.cookie })).envelope.code).toBe(403);
    const wrong = await consolePost(server, 'review/queue', {}, { cookie: operator.cookie, csrf: 'x'.repeat(43) });
    expect(wrong.envelope.code).toBe(403);
    const crossSite = await consolePost(
      server,
      'review/queue',
      {},
      { ...operator, headers: { origin: 'https://evil.example' } },
    );
    expect(crossSite.envelope.code).toBe(403);
    // The session read hands the token to the console's own page, which alone can read the answer.
    const session = await consolePost<ConsoleSession>(server, 'auth/session', {}, { cookie: operator.cookie });
    expect(session.envelope.data.csrf).toBe(operator.csrf);
  });

  it('lets a reviewer review and an admin also manage operator accounts', async () => {
    const admin = await signInOperator(server, 'boss', 'admin');
    const newcomer = { name: 'newcomer', role: 'reviewer', email: 'newcomer@operators.example' } as const;
    for (const path of ['operators/list', 'operators/add', 'operators/disable', 'operators/confirm'] as const) {
      const fields = path === 'operators/list' ? {} : newcomer;
      expect((await consolePost(server, path, fields, operator)).envelope, path).toMatchObject({ code: 403 });
    }
    const added = await consoleCall(server, 'operators/add', newcomer, admin);
    expect(added).toEqual({ ...newcomer, expires_at: expect.any(String) as string });
    const again = await consolePost(server, 'operators/add', { ...newcomer, name: 'Newcomer', role: 'admin' }, admin);
    expect(again.envelope).toMatchObject({ code: 409, data: { field: 'name' } });
    const noAddress = await consolePost(server, 'operators/add', { name: 'nomail', role: 'reviewer' }, admin);
    expect(noAddress.envelope).toMatchObject({ code: 400, data: { field: 'email' } });
    const names = (await consoleCall(server, 'operators/list', {}, admin)).operators.map((row) => row.name);
    expect(names).toContain('newcomer');
    await consoleCall(server, 'operators/disable', { name: 'newcomer' }, admin);
    const self = await consolePost(server, 'operators/disable', { name: admin.name }, admin);
    expect(self.envelope.code).toBe(400);
    for (const path of ['review/queue', 'audit/list'] as const) {
      await consoleCall(server, path, {}, operator);
      await consoleCall(server, path, {}, admin);
    }
  });
});

describe('the review queue', () => {
  it('lists what waits, oldest first, with counts, and shows a recharge beside its proof', async () => {
    const operator = await signInOperator(server, 'rev');
    const customer = await signUp(server);
    const first = await pendingRecharge(server, customer, '30');
    server.clock.advance(60);
    const second = await pendingRecharge(server, customer, '45.5');
    const queue = await consoleCall(server, 'review/queue', {}, operator);
    // The demo customer's recharge has waited since the start.
    expect(queue.counts).toEqual({ recharge: 3, withdraw: 0, sale: 0 });
    expect(queue.items.map((item) => [item.account, item.amount])).toEqual([
      ['demo', '120.00'],
      [customer.user.account, '30.00'],
      [customer.user.account, '45.50'],
    ]);
    expect(queue.items.slice(1).map((item) => item.id)).toEqual([first, second]);
    const review = await consoleCall(server, 'review/recharge', { id: String(second) }, operator);
    expect(review.recharge).toMatchObject({ amount: '45.50', type: 'TRC20', state: 'audit' });
    expect(review.address_is_current).toBe(true);
    expect(review.customer).toMatchObject({ account: customer.user.account, balance: '0.00' });
    expect(review.recent.map((row) => row.id)).toEqual([first]);
    const proof = await server.app.inject({
      method: 'GET',
      url: review.recharge.credentials,
      headers: { cookie: operator.cookie },
    });
    expect(proof.statusCode).toBe(200);
  });

  it('shows the queue as the database has it at once, whoever changed it: this server, a second approval, or the CLI', async () => {
    const operator = await signInOperator(server, 'adm', 'admin');
    const other = await signInOperator(server, 'rev');
    const customer = await signUp(server);
    const waiting = async () =>
      (await consoleCall(server, 'review/queue', {}, operator)).items.map((item) => [item.id, item.approvals]);
    const before = await waiting();
    // The test clock stands still: nothing but a commit can make a read answer differ.
    const recharge = await pendingRecharge(server, customer, '30');
    expect(await waiting()).toEqual([...before, [recharge, []]]);
    await consoleCall(server, 'settings/review-save', { second_approval_above: '20' }, operator);
    await consoleCall(server, 'review/decide', { kind: 'recharge', id: String(recharge), decision: 'approve' }, other);
    expect(await waiting()).toEqual([...before, [recharge, [other.name]]]);
    const cli = await openDatabase(server.database);
    try {
      await opsOutput(cli, 'reject', 'recharge', String(recharge), '--remark', 'Not received');
    } finally {
      await cli.close();
    }
    expect(await waiting()).toEqual(before);
  });

  it('answers at most a page, oldest first, and the next page after the last order it gave', async () => {
    const operator = await signInOperator(server, 'pager');
    const customer = await signUp(server);
    for (let index = 0; index <= QUEUE_PAGE_SIZE; index += 1) {
      await server.app.wallet.queries.recharge.insert({
        user_id: customer.user.id,
        type: 'TRC20',
        category: 'USDT',
        address: 'TDEMOxNOTxAxREALxADDRESSxDONOTPAY',
        amount: cents((100 + index) * 100),
        credentials: `/uploads/${String(index).padStart(32, '0')}.png`,
        proof_hash: `test:${index}`,
        created_at: server.clock.now().toISOString(),
      });
    }
    // Written straight into the table: counted as waiting as the migration counts them.
    await server.db.transaction((tx) => fillReviewWaiting(tx));
    const first = await consoleCall(server, 'review/queue', {}, operator);
    expect(first.items).toHaveLength(QUEUE_PAGE_SIZE);
    expect(first.counts).toEqual({ recharge: QUEUE_PAGE_SIZE + 2, withdraw: 0, sale: 0 });
    expect(first.items[0]?.account).toBe('demo');
    const last = first.items.at(-1);
    expect(first.next).toBe(`recharge:${last?.id}`);
    const second = await consoleCall(server, 'review/queue', { after: first.next ?? '' }, operator);
    expect(second.items.map((item) => item.amount)).toEqual([
      `${100 + QUEUE_PAGE_SIZE - 1}.00`,
      `${100 + QUEUE_PAGE_SIZE}.00`,
    ]);
    expect(second.next).toBeNull();
    const ids = new Set([...first.items, ...second.items].map((item) => item.id));
    expect(ids.size).toBe(QUEUE_PAGE_SIZE + 2);
    expect((await consoleCall(server, 'review/queue', { kind: 'withdraw' }, operator)).items).toEqual([]);
    const unknown = await consolePost(server, 'review/queue', { after: 'withdraw:999999' }, operator);
    expect(unknown.envelope).toMatchObject({ code: 400, data: { field: 'after' } });
  });

  it('approves through the same transaction as the CLI: credited once, audited under the operator', async () => {
    const operator = await signInOperator(server, 'approver');
    const customer = await signUp(server);
    const id = await pendingRecharge(server, customer, '30');
    const decided = await consoleCall(
      server,
      'review/decide',
      { kind: 'recharge', id: String(id), decision: 'approve' },
      operator,
    );
    expect(decided.outcome).toBe('success');
    expect(await balanceOf(customer)).toBe('30.00');
    const again = await consolePost(
      server,
      'review/decide',
      { kind: 'recharge', id: String(id), decision: 'approve' },
      operator,
    );
    expect(again.envelope.code).toBe(409);
    expect(await balanceOf(customer)).toBe('30.00');
    const audit = await consoleCall(server, 'audit/list', { account: customer.user.account }, operator);
    expect(audit.items).toEqual([
      expect.objectContaining({ actor: operator.name, action: 'approve', before: 'audit', after: 'success' }),
    ]);
  });

  it('needs a remark the customer will read to reject', async () => {
    const operator = await signInOperator(server, 'rejecter');
    const customer = await signUp(server);
    const id = String(await pendingRecharge(server, customer));
    const bare = await consolePost(
      server,
      'review/decide',
      { kind: 'recharge', id, decision: 'reject', lang: 'en' },
      operator,
    );
    expect(bare.envelope).toMatchObject({ code: 400, data: { field: 'remark' } });
    expect(bare.envelope.msg).toBe('Please write the reason the customer will read');
    await consoleCall(
      server,
      'review/decide',
      { kind: 'recharge', id, decision: 'reject', remark: 'No payment' },
      operator,
    );
    const list = await call(server, 'asset-log/list', {}, customer.token);
    expect(list.list).toEqual([]);
  });

  it('hears on its socket when a customer submits an order', async () => {
    const operator = await signInOperator(server, 'watcher');
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (server.app.server.address() as AddressInfo).port;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/console/live`, { headers: { cookie: operator.cookie } });
    try {
      await new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      const heard = new Promise<ConsoleLiveEvent>((resolve) =>
        socket.once('message', (data) => resolve(JSON.parse(String(data)) as ConsoleLiveEvent)),
      );
      // The hub needs a moment to take the socket in after the session read.
      await new Promise((resolve) => setTimeout(resolve, 100));
      await pendingRecharge(server, await signUp(server));
      expect(await heard).toEqual({ type: 'queue' });
    } finally {
      socket.terminate();
    }
  });

  it('closes a console socket opened without a session, or from another site', async () => {
    const operator = await signInOperator(server, 'socket');
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (server.app.server.address() as AddressInfo).port;
    for (const headers of [{}, { cookie: operator.cookie, origin: 'https://evil.example' }]) {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/api/console/live`, { headers });
      const code = await new Promise<number>((resolve) => socket.once('close', (closeCode) => resolve(closeCode)));
      expect(code).toBe(4001);
    }
  });
});

describe('four eyes on large withdrawals', () => {
  let customer: TestUser;
  let id: string;
  beforeEach(async () => {
    customer = await signUp(server);
    await fund(server, customer, '5000');
    id = String(await pendingWithdrawal(customer, '1500'));
  });

  const approve = (operator: TestOperator) =>
    consolePost<{ outcome: string }>(server, 'review/decide', { kind: 'withdraw', id, decision: 'approve' }, operator);

  it('pays only on a second approval by another operator, and says so to everyone in between', async () => {
    const first = await signInOperator(server, 'one');
    const second = await signInOperator(server, 'two');
    expect((await approve(first)).envelope.data.outcome).toBe('awaiting_second_approval');
    const again = await approve(first);
    expect(again.envelope).toMatchObject({ code: 409 });
    const queue = await consoleCall(server, 'review/queue', {}, second);
    expect(queue.items.filter((item) => item.kind === 'withdraw')).toEqual([
      expect.objectContaining({ kind: 'withdraw', approvals: [first.name], needs_second_approval: true }),
    ]);
    const review = await consoleCall(server, 'review/withdraw', { id }, second);
    expect(review.binding).toEqual({
      type: 'bank',
      holder: 'Ada Lovelace',
      iban: '**** 3000',
      bank: 'Example Bank',
      country: 'DE',
    });
    expect(review.approvals.map((row) => row.operator)).toEqual([first.name]);
    expect((await approve(second)).envelope.data.outcome).toBe('success');
    expect(await balanceOf(customer)).toBe('3500.00');
  });

  it('holds against the same operator approving twice at once', async () => {
    const operator = await signInOperator(server, 'twice');
    const replies = await Promise.all([approve(operator), approve(operator)]);
    expect(replies.map((reply) => reply.envelope.code).sort()).toEqual([200, 409]);
    const review = await consoleCall(server, 'review/withdraw', { id }, operator);
    expect(review.withdraw.state).toBe('audit');
  });

  it('counts two operators approving at once one after the other: paid once', async () => {
    const first = await signInOperator(server, 'left');
    const second = await signInOperator(server, 'right');
    const replies = await Promise.all([approve(first), approve(second)]);
    expect(replies.map((reply) => reply.envelope.data.outcome).sort()).toEqual(['awaiting_second_approval', 'success']);
    expect(await balanceOf(customer)).toBe('3500.00');
    const withdrawals = await call(server, 'withdraw/list', {}, customer.token);
    expect(withdrawals.list.map((row) => row.state)).toEqual(['success']);
  });

  it('lets either operator reject after the first approval, refunding the customer', async () => {
    const first = await signInOperator(server, 'yes');
    const second = await signInOperator(server, 'no');
    await approve(first);
    await consoleCall(
      server,
      'review/decide',
      { kind: 'withdraw', id, decision: 'reject', remark: 'Name differs' },
      second,
    );
    expect(await balanceOf(customer)).toBe('5000.00');
    expect((await approve(first)).envelope.code).toBe(409);
  });

  it('needs one approval at or below the limit', async () => {
    const other = await signUp(server);
    await fund(server, other, '1000');
    const small = String(await pendingWithdrawal(other, '1000'));
    const operator = await signInOperator(server, 'single');
    const reply = await consoleCall(
      server,
      'review/decide',
      { kind: 'withdraw', id: small, decision: 'approve' },
      operator,
    );
    expect(reply.outcome).toBe('success');
  });

  it('adds up the customer’s withdrawals of the 24 hours before, refused ones left out: a split payout still needs two', async () => {
    const splitter = await signUp(server);
    await fund(server, splitter, '3000');
    let operator = await signInOperator(server, 'splits');
    const decideOn = (withdrawal: number, decision: 'approve' | 'reject') =>
      consoleCall(
        server,
        'review/decide',
        { kind: 'withdraw', id: String(withdrawal), decision, remark: decision === 'reject' ? 'Split' : '' },
        operator,
      );
    expect((await decideOn(await pendingWithdrawal(splitter, '600'), 'approve')).outcome).toBe('success');
    server.clock.advance(600);
    const second = await pendingWithdrawal(splitter, '600');
    const queue = await consoleCall(server, 'review/queue', { kind: 'withdraw' }, operator);
    expect(queue.items.find((item) => item.id === second)?.needs_second_approval).toBe(true);
    expect((await decideOn(second, 'approve')).outcome).toBe('awaiting_second_approval');
    await decideOn(second, 'reject');
    expect((await decideOn(await pendingWithdrawal(splitter, '400'), 'approve')).outcome).toBe('success');
    server.clock.advance(24 * 3600 - 600 + 1);
    operator = await signInOperator(server, 'splits');
    // The first 600.00 is now more than 24 hours old; the 400.00 is not.
    expect((await decideOn(await pendingWithdrawal(splitter, '600'), 'approve')).outcome).toBe('success');
    expect((await decideOn(await pendingWithdrawal(splitter, '10'), 'approve')).outcome).toBe(
      'awaiting_second_approval',
    );
  });
});

describe('four eyes on a page of the queue', () => {
  it('marks each order by its own customer’s last 24 hours and its own approvals, all kinds on one page', async () => {
    const [splitter, small, large] = [await signUp(server), await signUp(server), await signUp(server)];
    await fund(server, splitter, '2000');
    await fund(server, small, '500');
    const first = await signInOperator(server, 'page');
    await approveOrder(server, 'withdraw', await pendingWithdrawal(splitter, '600'));
    server.clock.advance(60);
    const split = await pendingWithdrawal(splitter, '600');
    const modest = await pendingWithdrawal(small, '300');
    const smallRecharge = await pendingRecharge(server, small, '200');
    const largeRecharge = await pendingRecharge(server, large, '1500');
    const approveLarge = await consoleCall(
      server,
      'review/decide',
      { kind: 'recharge', id: String(largeRecharge), decision: 'approve' },
      first,
    );
    expect(approveLarge.outcome).toBe('awaiting_second_approval');

    const queue = await consoleCall(server, 'review/queue', {}, first);
    const line = (kind: string, id: number) => {
      const item = queue.items.find((entry) => entry.kind === kind && entry.id === id);
      return item && { needs: item.needs_second_approval, approvals: item.approvals };
    };
    expect(line('withdraw', split)).toEqual({ needs: true, approvals: [] });
    expect(line('withdraw', modest)).toEqual({ needs: false, approvals: [] });
    expect(line('recharge', smallRecharge)).toEqual({ needs: false, approvals: [] });
    expect(line('recharge', largeRecharge)).toEqual({ needs: true, approvals: [first.name] });
  });
});

describe('four eyes on large recharges', () => {
  it('takes two operators to credit a recharge that, with the customer’s others of the last 24 hours, is above the limit', async () => {
    const customer = await signUp(server);
    const first = await signInOperator(server, 'credit');
    const second = await signInOperator(server, 'credit');
    const approve = (id: number, operator: TestOperator) =>
      consolePost<{ outcome: string }>(
        server,
        'review/decide',
        { kind: 'recharge', id: String(id), decision: 'approve' },
        operator,
      );
    expect((await approve(await pendingRecharge(server, customer, '800'), first)).envelope.data.outcome).toBe(
      'success',
    );
    const topUp = await pendingRecharge(server, customer, '300');
    const review = await consoleCall(server, 'review/recharge', { id: String(topUp) }, first);
    expect(review.needs_second_approval).toBe(true);
    expect((await approve(topUp, first)).envelope.data.outcome).toBe('awaiting_second_approval');
    expect((await approve(topUp, first)).envelope.code).toBe(409);
    expect(await balanceOf(customer)).toBe('800.00');
    const queue = await consoleCall(server, 'review/queue', { kind: 'recharge' }, second);
    expect(queue.items.find((item) => item.id === topUp)).toMatchObject({ approvals: [first.name] });
    expect((await approve(topUp, second)).envelope.data.outcome).toBe('success');
    expect(await balanceOf(customer)).toBe('1100.00');
  });

  it('does not count the approval of an operator whose account was closed since', async () => {
    const customer = await signUp(server);
    const leaver = await signInOperator(server, 'leaver');
    const stayer = await signInOperator(server, 'stayer');
    const id = String(await pendingRecharge(server, customer, '1500'));
    const approve = (operator: TestOperator) =>
      consoleCall(server, 'review/decide', { kind: 'recharge', id, decision: 'approve' }, operator);
    expect((await approve(leaver)).outcome).toBe('awaiting_second_approval');
    await opsOutput(server, 'operator', 'disable', leaver.name);
    expect((await approve(stayer)).outcome).toBe('awaiting_second_approval');
  });
});

describe('the second-approval limit', () => {
  it('is the admin’s to change in Settings, audited; a lower one applies at once', async () => {
    const admin = await signInOperator(server, 'limits', 'admin');
    const reviewer = await signInOperator(server, 'nolimit');
    expect(await consoleCall(server, 'settings/review', {}, admin)).toEqual({
      second_approval_above: '1000.00',
      raise: null,
    });
    const denied = await consolePost(server, 'settings/review-save', { second_approval_above: '500' }, reviewer);
    expect(denied.envelope.code).toBe(403);
    const bad = await consolePost(server, 'settings/review-save', { second_approval_above: '0' }, admin);
    expect(bad.envelope).toMatchObject({ code: 400, data: { field: 'second_approval_above' } });
    await consoleCall(server, 'settings/review-save', { second_approval_above: '500' }, admin);
    expect((await consoleCall(server, 'review/queue', {}, reviewer)).second_approval_above).toBe('500.00');
    const customer = await signUp(server);
    const id = String(await pendingRecharge(server, customer, '600'));
    const decided = await consoleCall(server, 'review/decide', { kind: 'recharge', id, decision: 'approve' }, reviewer);
    expect(decided.outcome).toBe('awaiting_second_approval');
    const audit = await consoleCall(server, 'audit/list', { kind: 'setting change' }, admin);
    expect(audit.items).toEqual([
      expect.objectContaining({
        actor: admin.name,
        before: '1000.00',
        after: '500.00',
        detail: 'second approval above',
      }),
    ]);
  });
});

describe('four eyes against one administrator', () => {
  const DAY = 24 * 3600;
  let boss: TestOperator;
  let customer: TestUser;
  beforeEach(async () => {
    boss = await signInOperator(server, 'boss', 'admin');
    customer = await signUp(server);
    await fund(server, customer, '5000');
  });

  const approve = (operator: Pick<TestOperator, 'cookie' | 'csrf'>, kind: 'recharge' | 'withdraw', id: number) =>
    consolePost<{ outcome: string }>(server, 'review/decide', { kind, id: String(id), decision: 'approve' }, operator);
  const stateOf = async (kind: 'recharge' | 'withdraw', id: number) =>
    kind === 'recharge'
      ? (await consoleCall(server, 'review/recharge', { id: String(id) }, boss)).recharge.state
      : (await consoleCall(server, 'review/withdraw', { id: String(id) }, boss)).withdraw.state;

  /** The admin adds an operator at an address of his own and opens the link himself. */
  async function secondIdentity(name: string, role: 'reviewer' | 'admin' = 'reviewer') {
    const email = `${name}@boss-elsewhere.example`;
    await consoleCall(server, 'operators/add', { name, role, email }, boss);
    const enrolled = await enrolWithToken(server, enrolmentTokenMailedTo(server, email));
    server.clock.advance(30);
    return { name, password: TEST_OPERATOR_PASSWORD, ...enrolled };
  }

  it('lets no admin approve as a second identity he enrolled himself within 24 hours: withdrawal and recharge wait', async () => {
    const withdrawal = await pendingWithdrawal(customer, '2500');
    const recharge = await pendingRecharge(server, customer, '2500');
    const enrolledAt = server.clock.now().getTime();
    const sock = await secondIdentity('sock');
    for (const [kind, id] of [
      ['withdraw', withdrawal],
      ['recharge', recharge],
    ] as const) {
      expect((await approve(boss, kind, id)).envelope.data.outcome).toBe('awaiting_second_approval');
      const refused = await approve(sock, kind, id);
      expect(refused.envelope).toMatchObject({
        code: 409,
        data: { counts_from: new Date(enrolledAt + DAY * 1000).toISOString() },
      });
      expect(await stateOf(kind, id)).toBe('audit');
    }
    expect(await balanceOf(customer)).toBe('2500.00');
    const queue = await consoleCall(server, 'review/queue', {}, boss);
    const mine = (kind: string, id: number) => queue.items.find((item) => item.kind === kind && item.id === id);
    for (const item of [mine('withdraw', withdrawal), mine('recharge', recharge)]) {
      expect(item).toMatchObject({ approvals: [boss.name], needs_second_approval: true });
    }
    const status = await consoleCall(server, 'four-eyes/status', {}, boss);
    expect(status.waiting).toEqual([
      {
        name: 'sock',
        role: 'reviewer',
        counts_from: new Date(enrolledAt + DAY * 1000).toISOString(),
        added_by: boss.name,
      },
    ]);
  });

  it('lets no admin approve alone by raising the limit: a raise waits 24 hours, and putting it back applies at once', async () => {
    const withdrawal = await pendingWithdrawal(customer, '2500');
    await consolePost(server, 'settings/review-save', { second_approval_above: '1000000' }, boss);
    expect((await approve(boss, 'withdraw', withdrawal)).envelope.data.outcome).toBe('awaiting_second_approval');
    expect(await stateOf('withdraw', withdrawal)).toBe('audit');
    expect(await consoleCall(server, 'settings/review', {}, boss)).toEqual({
      second_approval_above: '1000.00',
      raise: {
        amount: '1000000.00',
        requested_by: boss.name,
        in_force_at: new Date(server.clock.now().getTime() + DAY * 1000).toISOString(),
      },
    });
    expect(await consoleCall(server, 'settings/review-save', { second_approval_above: '1000' }, boss)).toEqual({
      second_approval_above: '1000.00',
      raise: null,
    });
    server.clock.advance(DAY + 1);
    boss = await signInOperatorAs(server, boss);
    expect((await consoleCall(server, 'review/queue', {}, boss)).second_approval_above).toBe('1000.00');
    const audit = await consoleCall(server, 'audit/list', { kind: 'setting' }, boss);
    expect(audit.items.map((item) => [item.action, item.before, item.after])).toEqual([
      ['setting change', '1000.00', '1000.00'],
      ['setting raise', '1000.00', '1000000.00'],
    ]);
  });

  it('counts a new operator 24 hours after enrolment, or at once when another counted administrator confirms them', async () => {
    const withdrawal = await pendingWithdrawal(customer, '2500');
    const sock = await secondIdentity('sock');
    server.clock.advance(DAY - 60);
    await approve(await signInOperatorAs(server, boss), 'withdraw', withdrawal);
    expect((await approve(await signInOperatorAs(server, sock), 'withdraw', withdrawal)).envelope.code).toBe(409);
    server.clock.advance(60);
    expect((await approve(await signInOperatorAs(server, sock), 'withdraw', withdrawal)).envelope.data.outcome).toBe(
      'success',
    );

    boss = await signInOperatorAs(server, boss);
    const recharge = await pendingRecharge(server, customer, '2500');
    const puppet = await secondIdentity('puppet', 'admin');
    const newcomer = await secondIdentity('newcomer');
    const confirm = (who: Pick<TestOperator, 'cookie' | 'csrf'>, name: string) =>
      consolePost(server, 'operators/confirm', { name }, who);
    // Not the one who added them, not themselves, and not an administrator who does not count yet.
    expect((await confirm(boss, 'newcomer')).envelope).toMatchObject({ code: 409, data: { field: 'name' } });
    expect((await confirm(puppet, 'puppet')).envelope.code).toBe(409);
    expect((await confirm(puppet, 'newcomer')).envelope).toMatchObject({
      code: 409,
      msg: expect.stringContaining('once you count toward four eyes'),
    });
    // Nor can a second identity not yet counted add a third for its maker to confirm.
    const third = { name: 'third', role: 'reviewer', email: 'third@boss-elsewhere.example' } as const;
    expect((await consolePost(server, 'operators/add', third, puppet)).envelope.code).toBe(409);
    expect(
      (await consolePost(server, 'settings/review-save', { second_approval_above: '5000' }, puppet)).envelope.code,
    ).toBe(409);
    const other = await signInOperator(server, 'other', 'admin');
    await consoleCall(server, 'operators/confirm', { name: 'newcomer' }, other);
    expect((await confirm(other, 'newcomer')).envelope.code).toBe(409);
    await approve(boss, 'recharge', recharge);
    expect((await approve(newcomer, 'recharge', recharge)).envelope.data.outcome).toBe('success');
    const accounts = (await consoleCall(server, 'operators/list', {}, other)).operators;
    expect(accounts.find((row) => row.name === 'newcomer')).toMatchObject({
      counts_from: server.clock.now().toISOString(),
      counts: true,
    });
  });

  it('applies a raise after 24 hours, or at once when another counted administrator confirms the amount asked', async () => {
    const other = await signInOperator(server, 'other', 'admin');
    await consoleCall(server, 'settings/review-save', { second_approval_above: '5000' }, boss);
    const confirm = (who: TestOperator, amount: string) =>
      consolePost(server, 'settings/review-confirm', { second_approval_above: amount }, who);
    expect((await confirm(boss, '5000')).envelope.code).toBe(409);
    expect((await confirm(other, '6000')).envelope.code).toBe(409);
    expect((await confirm(other, '5000')).envelope.data).toEqual({ second_approval_above: '5000.00', raise: null });
    const withdrawal = await pendingWithdrawal(customer, '2500');
    expect((await approve(boss, 'withdraw', withdrawal)).envelope.data.outcome).toBe('success');

    await consoleCall(server, 'settings/review-save', { second_approval_above: '10000' }, boss);
    server.clock.advance(DAY);
    boss = await signInOperatorAs(server, boss);
    expect(await consoleCall(server, 'settings/review', {}, boss)).toEqual({
      second_approval_above: '10000.00',
      raise: null,
    });
    expect((await confirm(await signInOperatorAs(server, other), '10000')).envelope.code).toBe(409);
  });

  it('confirms a raise, and an operator, once when two administrators confirm at once', async () => {
    const [other, third] = [
      await signInOperator(server, 'other', 'admin'),
      await signInOperator(server, 'third', 'admin'),
    ];
    await consoleCall(server, 'settings/review-save', { second_approval_above: '5000' }, boss);
    const raise = (who: TestOperator) =>
      consolePost(server, 'settings/review-confirm', { second_approval_above: '5000' }, who);
    const raised = await Promise.all([raise(other), raise(third)]);
    expect(raised.map((reply) => reply.envelope.code).sort()).toEqual([200, 409]);
    await secondIdentity('sock');
    const confirm = (who: TestOperator) => consolePost(server, 'operators/confirm', { name: 'sock' }, who);
    const confirmed = await Promise.all([confirm(other), confirm(third)]);
    expect(confirmed.map((reply) => reply.envelope.code).sort()).toEqual([200, 409]);
    const audit = (await consoleCall(server, 'audit/list', {}, other)).items;
    expect(audit.filter((item) => item.action === 'operator confirm' && item.detail.startsWith('sock:'))).toHaveLength(
      1,
    );
    expect(audit.filter((item) => item.detail.endsWith('confirmed'))).toHaveLength(1);
  });

  it('mails every administrator at each change: operator added, enrolled, confirmed, disabled; limit raised, confirmed, lowered', async () => {
    await opsOutput(server, 'operator', 'email', DEMO_ADMIN.name, '--email', 'first@operators.example');
    const admins = [testOperatorEmail(boss.name), 'first@operators.example'];
    const other = await signInOperator(server, 'other', 'admin');
    admins.push(testOperatorEmail(other.name));
    let seen = server.mailer.sent.length;
    const subjectsSince = () => {
      const fresh = server.mailer.sent.slice(seen);
      seen = server.mailer.sent.length;
      return admins.map((address) => fresh.filter((mail) => mail.to === address).map((mail) => mail.subject));
    };
    const everyAdmin = (subject: string) => admins.map(() => [subject]);

    const sock = await secondIdentity('sock');
    expect(subjectsSince()).toEqual(admins.map(() => ['A console account was added', 'A new operator enrolled']));
    expect(server.mailer.sent.findLast((mail) => mail.subject === 'A new operator enrolled')?.text).toContain(
      `sock (reviewer), added by ${boss.name}, finished enrolment`,
    );
    await consoleCall(server, 'operators/confirm', { name: sock.name }, other);
    expect(subjectsSince()).toEqual(everyAdmin('An operator counts toward four eyes now'));
    await consoleCall(server, 'settings/review-save', { second_approval_above: '2000' }, boss);
    expect(subjectsSince()).toEqual(everyAdmin('A raise of the second-approval limit waits'));
    await consoleCall(server, 'settings/review-confirm', { second_approval_above: '2000' }, other);
    expect(subjectsSince()).toEqual(everyAdmin('The second-approval limit was raised'));
    await consoleCall(server, 'settings/review-save', { second_approval_above: '500' }, boss);
    expect(subjectsSince()).toEqual(everyAdmin('The second-approval limit was set'));
    await consoleCall(server, 'operators/disable', { name: other.name }, boss);
    expect(subjectsSince()).toEqual(everyAdmin('A console account was closed'));
    // Only the link went to the new operator, who is no administrator.
    expect(server.mailer.sent.filter((mail) => mail.to === 'sock@boss-elsewhere.example')).toHaveLength(1);
  });

  it('says in its status when four eyes rests on one administrator, and whom the notices cannot reach', async () => {
    const lone = await startTestServer();
    try {
      const admin = await signInOperatorAs(lone, await addTestOperator(lone, 'lone', 'admin'));
      expect(await consoleCall(lone, 'four-eyes/status', {}, admin)).toEqual({
        counted_admins: [DEMO_ADMIN.name, 'lone'],
        counted_operators: 2,
        waiting: [],
        limit_raise: null,
        unmailed_admins: [DEMO_ADMIN.name],
      });
      await opsOutput(lone, 'operator', 'disable', DEMO_ADMIN.name);
      expect(await consoleCall(lone, 'four-eyes/status', {}, admin)).toMatchObject({
        counted_admins: ['lone'],
        counted_operators: 1,
        unmailed_admins: [],
      });
    } finally {
      await lone.close();
    }
  });
});

describe('the audit log', () => {
  it('filters by operator, customer and kind, newest first, page by page', async () => {
    const operator = await signInOperator(server, 'auditor');
    const customer = await signUp(server);
    for (let index = 0; index < 3; index += 1) {
      const id = String(await pendingRecharge(server, customer));
      await consoleCall(server, 'review/decide', { kind: 'recharge', id, decision: 'approve' }, operator);
    }
    const mine = await consoleCall(server, 'audit/list', { operator: operator.name, kind: 'recharge' }, operator);
    expect(mine.items).toHaveLength(3);
    expect(mine.items[0]?.id).toBeGreaterThan(mine.items[1]?.id ?? Infinity);
    expect(mine.items.every((item) => item.account === customer.user.account)).toBe(true);
    const signIns = await consoleCall(server, 'audit/list', { kind: 'sign in' }, operator);
    expect(signIns.items.map((item) => item.actor)).toContain(operator.name);
    const nobody = await consoleCall(server, 'audit/list', { account: 'nobody_here' }, operator);
    expect(nobody).toEqual({ items: [], next: null });
    expect(await opsOutput(server.db, 'audit', '--operator', operator.name, '--limit', '2', '--json')).toHaveLength(1);
    const printed = JSON.parse((await opsOutput(server.db, 'audit', '--operator', operator.name, '--json'))[0] ?? '[]');
    // Its enrolment (opened, completed, signed in) and its three approvals.
    expect(printed).toHaveLength(6);
  });

  it('refuses an UPDATE or a DELETE in the database itself, whoever sends it', async () => {
    await signInOperator(server, 'sealed');
    const rows = async () => (await server.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM audit_log'))?.n;
    const before = await rows();
    expect(before).toBeGreaterThan(0);
    await expect(server.db.run("UPDATE audit_log SET actor = 'someone else'")).rejects.toThrow('append-only');
    await expect(server.db.run('DELETE FROM audit_log')).rejects.toThrow('append-only');
    expect(await rows()).toBe(before);
  });

  it('reads back what the CLI did too', async () => {
    await opsOutput(server.db, 'user', 'demo', '--vip', '3');
    const operator = await signInOperator(server, 'reader');
    const entries = await consoleCall(server, 'audit/list', { account: 'demo' }, operator);
    expect(entries.items).toEqual([
      expect.objectContaining({ action: 'vip set', before: '0', after: '3', account: 'demo' }),
    ]);
  });
});

describe('enrolment', () => {
  it('mails the link to the new operator alone; its holder sets password and authenticator there, once, audited', async () => {
    const admin = await signInOperator(server, 'hr', 'admin');
    const email = 'newbie@operators.example';
    const added = await consoleCall(server, 'operators/add', { name: 'Newbie', role: 'reviewer', email }, admin);
    expect(added).toEqual({
      name: 'newbie',
      role: 'reviewer',
      email,
      expires_at: new Date(server.clock.now().getTime() + 24 * 3600_000).toISOString(),
    });
    const token = enrolmentTokenMailedTo(server, email);
    expect(JSON.stringify(added)).not.toContain(token);
    const stored = async (value: string) =>
      (
        await server.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM operator_enrolments WHERE token_hash = ?', [
          value,
        ])
      )?.n;
    expect([await stored(token), await stored(sha256(token))]).toEqual([0, 1]);
    // Nothing signs the account in before its operator enrolled, whatever the admin tries.
    const early = await consolePost(server, 'auth/login', {
      name: 'newbie',
      password: 'Operator12345',
      code: '123456',
    });
    expect(early.envelope.code).toBe(400);

    const opened = await consoleCall(server, 'enrol/start', { token }, {});
    expect(opened).toMatchObject({ name: 'newbie', role: 'reviewer', expires_at: added.expires_at });
    expect(opened.totp_uri).toContain(`secret=${opened.totp_secret}`);
    expect((await consoleCall(server, 'enrol/start', { token }, {})).totp_secret).toBe(opened.totp_secret);
    const code = totpCode(opened.totp_secret, server.clock.now());
    const finish = (fields: { code: string }) =>
      consolePost<ConsoleSession>(server, 'enrol/finish', { token, new_password: 'Mine12345', ...fields, lang: 'en' });
    const wrong = await finish({ code: code === '000000' ? '111111' : '000000' });
    expect(wrong.envelope).toMatchObject({ code: 400, data: { field: 'code' } });
    const done = await finish({ code });
    expect(done.envelope.data.operator).toEqual({ name: 'newbie', role: 'reviewer', must_change_password: false });
    const session = { cookie: done.setCookie?.split(';')[0] ?? '', csrf: done.envelope.data.csrf };
    await consoleCall(server, 'review/queue', {}, session);
    expect((await finish({ code })).envelope).toMatchObject({ code: 404, data: { field: 'token' } });
    expect((await consolePost(server, 'enrol/start', { token })).envelope.code).toBe(404);

    server.clock.advance(30);
    await signInOperatorAs(server, { name: 'newbie', password: 'Mine12345', totpSecret: opened.totp_secret });
    const accounts = (await consoleCall(server, 'operators/list', {}, admin)).operators;
    expect(accounts.find((row) => row.name === 'newbie')).toMatchObject({
      enrolment: 'done',
      email,
      added_by: admin.name,
      counts_from: new Date(server.clock.now().getTime() - 30_000 + 24 * 3600_000).toISOString(),
      counts: false,
    });
    const audit = await consoleCall(server, 'audit/list', { operator: 'newbie' }, admin);
    expect(audit.items.map((item) => item.action).reverse()).toEqual([
      'sign in refused',
      'enrolment open',
      'enrolment open',
      'enrolment refused',
      'enrolment complete',
      'sign in',
      'sign in',
    ]);
    const add = await consoleCall(server, 'audit/list', { operator: admin.name, kind: 'operator add' }, admin);
    expect(add.items[0]?.detail).toBe(`newbie: enrolment link mailed to ${email}, until ${added.expires_at}`);
  });

  it('adds nobody when the link cannot be mailed, and says so at the address', async () => {
    const admin = await signInOperator(server, 'hr', 'admin');
    const send = vi.spyOn(server.mailer, 'send').mockRejectedValueOnce(new Error('mail server down'));
    const refused = await consolePost(
      server,
      'operators/add',
      { name: 'unmailed', role: 'reviewer', email: 'unmailed@operators.example', lang: 'en' },
      admin,
    );
    send.mockRestore();
    expect(refused.envelope).toMatchObject({
      code: 400,
      data: { field: 'email' },
      msg: expect.stringContaining('not added'),
    });
    const accounts = (await consoleCall(server, 'operators/list', {}, admin)).operators;
    expect(accounts.map((row) => row.name)).not.toContain('unmailed');
  });

  it('turns a link down after 24 hours, and lists its account as not enrolled', async () => {
    const admin = await signInOperator(server, 'hr', 'admin');
    const email = 'late@operators.example';
    await consoleCall(server, 'operators/add', { name: 'late', role: 'reviewer', email }, admin);
    server.clock.advance(24 * 3600 + 1);
    const late = await consolePost(server, 'enrol/start', { token: enrolmentTokenMailedTo(server, email), lang: 'en' });
    expect(late.envelope).toMatchObject({ code: 404, msg: expect.stringContaining('24 hours') });
    const fresh = await signInOperator(server, 'hr', 'admin');
    const accounts = (await consoleCall(server, 'operators/list', {}, fresh)).operators;
    expect(accounts.find((row) => row.name === 'late')?.enrolment).toBe('expired');
  });

  it('is what `ops operator add` does too: the link goes by mail, and the CLI never prints it', async () => {
    const email = 'erin@operators.example';
    const lines = await opsOutput(server, 'operator', 'add', 'Erin', '--role', 'admin', '--email', email, '--json');
    const created = JSON.parse(lines[0] ?? '{}') as Record<string, string>;
    expect(Object.keys(created).sort()).toEqual(['email', 'expires_at', 'name', 'role']);
    expect(created).toMatchObject({ name: 'erin', role: 'admin', email });
    const token = enrolmentTokenMailedTo(server, email);
    expect(lines.join('\n')).not.toContain(token);
    const opened = await consoleCall(server, 'enrol/start', { token }, {});
    expect(opened.name).toBe('erin');
    const listed = JSON.parse((await opsOutput(server, 'operator', 'list', '--json'))[0] ?? '[]') as {
      name: string;
      enrolment: string;
      email: string | null;
    }[];
    expect(listed.find((row) => row.name === 'erin')).toMatchObject({ enrolment: 'waiting', email });
    const text = await opsOutput(server, 'operator', 'add', 'fiona', '--role', 'reviewer', '--email', 'f@ops.example');
    const printed = text.join('\n');
    expect(printed).not.toContain(enrolmentTokenMailedTo(server, 'f@ops.example'));
    expect(printed).not.toMatch(/enrol\?token|one_time_password|totp|otpauth/i);
    expect(printed).toContain('went to f@ops.example alone');
    const again = ['--role', 'admin', '--email', email];
    await expect(opsOutput(server, 'operator', 'add', 'erin', ...again)).rejects.toThrow('already');
    await expect(opsOutput(server, 'operator', 'add', 'x', ...again)).rejects.toThrow('operator name');
    await expect(opsOutput(server, 'operator', 'add', 'frank', '--role', 'root', '--email', email)).rejects.toThrow(
      '--role',
    );
    await expect(opsOutput(server, 'operator', 'add', 'frank', '--role', 'admin')).rejects.toThrow('--email');
    await expect(opsOutput(server, 'operator', 'add', 'frank', '--role', 'admin', '--email', 'frank')).rejects.toThrow(
      'e-mail address',
    );
  });
});

describe('approvals at the command line', () => {
  let customer: TestUser;
  let id: string;
  beforeEach(async () => {
    customer = await signUp(server);
    await fund(server, customer, '2000');
    id = String(await pendingWithdrawal(customer, '1500'));
  });

  it('take a named operator’s current code, good once; the CLI’s user alone is neither of two', async () => {
    const alice = await addTestOperator(server, 'alice', 'reviewer');
    const bob = await addTestOperator(server, 'bob', 'reviewer');
    const code = (account: { totpSecret: string }) => totpCode(account.totpSecret, server.clock.now());
    await expect(opsOutput(server, 'approve', 'withdraw', id)).rejects.toThrow('needs the approvals of two operators');
    expect(await opsOutput(server, 'approve', 'withdraw', id, '--operator', 'alice', '--code', code(alice))).toEqual([
      `withdraw ${id} awaits a second approval: another operator must approve it`,
    ]);
    await expect(
      opsOutput(server, 'approve', 'withdraw', id, '--operator', 'bob', '--code', code(alice)),
    ).rejects.toThrow('wrong or already used code');
    server.clock.advance(30);
    await expect(
      opsOutput(server, 'approve', 'withdraw', id, '--operator', 'alice', '--code', code(alice)),
    ).rejects.toThrow('approved it already');
    const bobsCode = code(bob);
    expect(await opsOutput(server, 'approve', 'withdraw', id, '--operator', 'bob', '--code', bobsCode)).toEqual([
      `withdraw ${id} approved`,
    ]);
    expect(await balanceOf(customer)).toBe('500.00');
    const small = String(await pendingWithdrawal(customer, '100'));
    await expect(
      opsOutput(server, 'approve', 'withdraw', small, '--operator', 'bob', '--code', bobsCode),
    ).rejects.toThrow('wrong or already used code');
    const reader = await signInOperator(server, 'reader');
    const audit = await consoleCall(server, 'audit/list', { kind: 'withdraw', account: customer.user.account }, reader);
    expect(audit.items.map((item) => [item.actor, item.after])).toEqual([
      ['bob', 'success'],
      ['alice', 'awaiting second approval'],
    ]);
    expect(audit.items[0]?.detail).toMatch(/^1500\.00 \(CLI, unix user .+\)$/);
    const refused = await consoleCall(server, 'audit/list', { kind: 'code refused' }, reader);
    expect(refused.items.map((item) => item.actor)).toEqual(['bob', 'bob']);
  });

  it('take an operator who counts: a new one only 24 hours after enrolment, or once `ops operator confirm` confirms them', async () => {
    const code = (account: { totpSecret: string }) => totpCode(account.totpSecret, server.clock.now());
    const alice = await addTestOperator(server, 'alice', 'reviewer');
    const chief = await addTestOperator(server, 'chief', 'admin');
    await opsOutput(server, 'operator', 'add', 'newbie', '--role', 'reviewer', '--email', 'newbie@operators.example');
    const newbie = await enrolWithToken(server, enrolmentTokenMailedTo(server, 'newbie@operators.example'));
    server.clock.advance(30);
    await opsOutput(server, 'approve', 'withdraw', id, '--operator', 'alice', '--code', code(alice));
    await expect(
      opsOutput(server, 'approve', 'withdraw', id, '--operator', 'newbie', '--code', code(newbie)),
    ).rejects.toThrow("newbie's approvals count toward four eyes from");
    await expect(opsOutput(server, 'operator', 'confirm', 'newbie')).rejects.toThrow('takes an administrator');
    expect(
      await opsOutput(server, 'operator', 'confirm', 'newbie', '--operator', 'chief', '--code', code(chief)),
    ).toEqual(['newbie counts toward four eyes from now on (confirmed by chief)']);
    server.clock.advance(30);
    expect(await opsOutput(server, 'approve', 'withdraw', id, '--operator', 'newbie', '--code', code(newbie))).toEqual([
      `withdraw ${id} approved`,
    ]);
    const listed = JSON.parse((await opsOutput(server, 'operator', 'list', '--json'))[0] ?? '[]') as {
      name: string;
      counts_from: string;
    }[];
    expect(listed.find((row) => row.name === 'newbie')?.counts_from).toBe(
      new Date(server.clock.now().getTime() - 30_000).toISOString(),
    );
  });

  it('refuse an operator who has not set their own password, and a disabled one', async () => {
    const admin = await server.app.wallet.queries.operators.byName(DEMO_ADMIN.name);
    const adminCode = totpCode(admin?.totp_secret ?? '', server.clock.now());
    await expect(
      opsOutput(server, 'approve', 'withdraw', id, '--operator', 'admin', '--code', adminCode),
    ).rejects.toThrow('set a password of their own');
    const gone = await addTestOperator(server, 'gone', 'reviewer');
    await opsOutput(server, 'operator', 'disable', 'gone');
    const goneCode = totpCode(gone.totpSecret, server.clock.now());
    await expect(
      opsOutput(server, 'approve', 'withdraw', id, '--operator', 'gone', '--code', goneCode),
    ).rejects.toThrow('no usable operator');
  });
});

describe('customers', () => {
  it('finds a customer by the start of their account or e-mail, in any case', async () => {
    const operator = await signInOperator(server, 'finder');
    const customer = await signUp(server);
    const byAccount = await consoleCall(
      server,
      'customers/search',
      { query: customer.user.account.slice(0, 6).toUpperCase() },
      operator,
    );
    expect(byAccount.customers.map((row) => row.account)).toContain(customer.user.account);
    const byEmail = await consoleCall(server, 'customers/search', { query: customer.user.email }, operator);
    expect(byEmail.customers).toEqual([expect.objectContaining({ id: customer.user.id, balance: '0.00' })]);
    const none = await consoleCall(server, 'customers/search', { query: 'zz-nobody' }, operator);
    expect(none.customers).toEqual([]);
  });

  it("lists a customer's newest orders of every kind together, newest first, one page of them", async () => {
    const operator = await signInOperator(server, 'orders-reader');
    const customer = await signUp(server);
    await fund(server, customer, '500');
    server.clock.advance(60);
    await pendingWithdrawal(customer, '50');
    server.clock.advance(60);
    const recharge = await pendingRecharge(server, customer, '30');
    const merchant = (
      await opsOutput(server, 'merchant', 'add', '--name', 'Orders Ltd', '--completion-rate', '97')
    ).join('');
    const offer = (
      await opsOutput(
        server,
        'offer',
        'add',
        '--merchant',
        merchant,
        '--price',
        '1.00',
        '--currency',
        'USD',
        '--quantity',
        '1000',
        '--min',
        '10',
        '--max',
        '100',
      )
    ).join('');
    const sales: number[] = [];
    for (let count = 0; count < 18; count += 1) {
      server.clock.advance(1);
      const sale = await call(
        server,
        'saleu/create-order',
        { saleu_id: offer, number: '10', unit_price: '1.00', currency: 'USD' },
        customer.token,
      );
      sales.push(sale.id);
    }
    server.clock.advance(1);
    const newest = await pendingWithdrawal(customer, '60');

    const detail = await consoleCall(server, 'customers/detail', { id: String(customer.user.id) }, operator);
    // A page is 20: the funding recharge and the first withdrawal are older than all of these.
    expect(detail.orders.map((order) => [order.kind, order.id])).toEqual([
      ['withdraw', newest],
      ...sales.toReversed().map((id) => ['sale', id]),
      ['recharge', recharge],
    ]);
    expect(detail.orders[1]).toMatchObject({ amount: '10.00', state: 'audit' });
  });

  it('shows balance, orders, masked bindings, team and ledger page by page', async () => {
    const operator = await signInOperator(server, 'viewer');
    const customer = await signUp(server);
    await fund(server, customer, '300');
    server.clock.advance(60);
    const withdrawal = await pendingWithdrawal(customer, '100');
    const detail = await consoleCall(server, 'customers/detail', { id: String(customer.user.id) }, operator);
    expect(detail.customer).toMatchObject({ balance: '200.00', frozen: '100.00', inviter: null });
    expect(detail.bindings).toEqual([
      expect.objectContaining({ type: 'bank', iban: '**** 3000', holder: 'Ada Lovelace' }),
    ]);
    expect(detail.orders.map((order) => [order.kind, order.amount, order.state])).toEqual([
      ['withdraw', '100.00', 'audit'],
      ['recharge', '300.00', 'success'],
    ]);
    expect(detail.orders[0]?.id).toBe(withdrawal);
    const ledger = await consoleCall(server, 'customers/ledger', { id: String(customer.user.id) }, operator);
    expect(ledger.items.map((line) => line.amount)).toEqual(['-100.00', '300.00']);
    expect(ledger.next).toBeNull();
    const demo = await consoleCall(server, 'customers/search', { query: 'demo' }, operator);
    const demoId = String(demo.customers.find((row) => row.account === 'demo')?.id);
    const demoDetail = await consoleCall(server, 'customers/detail', { id: demoId }, operator);
    expect(demoDetail.team.direct).toBe(1);
    const invitee = await consoleCall(
      server,
      'customers/search',
      { query: demoDetail.team.members[0]?.account ?? '' },
      operator,
    );
    const inviteeId = String(invitee.customers[0]?.id);
    const inviteeDetail = await consoleCall(server, 'customers/detail', { id: inviteeId }, operator);
    expect(inviteeDetail.customer.inviter).toBe('demo');
    const missing = await consolePost(server, 'customers/detail', { id: '999999' }, operator);
    expect(missing.envelope.code).toBe(404);
  });

  it('reveals a binding to an admin only, and writes the reveal in the audit log', async () => {
    const reviewer = await signInOperator(server, 'peek');
    const admin = await signInOperator(server, 'reveal', 'admin');
    const customer = await signUp(server);
    const binding = String(await boundCard(customer));
    const id = String(customer.user.id);
    expect((await consolePost(server, 'customers/reveal-binding', { id, binding }, reviewer)).envelope.code).toBe(403);
    const other = await signUp(server);
    const foreign = await consolePost(
      server,
      'customers/reveal-binding',
      { id: String(other.user.id), binding },
      admin,
    );
    expect(foreign.envelope.code).toBe(404);
    const revealed = await consoleCall(server, 'customers/reveal-binding', { id, binding }, admin);
    expect(revealed.iban).toBe('DE89370400440532013000');
    const audit = await consoleCall(server, 'audit/list', { kind: 'binding reveal' }, admin);
    expect(audit.items).toEqual([
      expect.objectContaining({ actor: admin.name, account: customer.user.account, detail: 'bank **** 3000' }),
    ]);
  });

  it('disables a customer with a reason, signing them out at once, and enables them again', async () => {
    const operator = await signInOperator(server, 'guard');
    const customer = await signUp(server);
    const id = String(customer.user.id);
    const bare = await consolePost(server, 'customers/status', { id, status: 'disabled' }, operator);
    expect(bare.envelope).toMatchObject({ code: 400, data: { field: 'reason' } });
    await consoleCall(server, 'customers/status', { id, status: 'disabled', reason: 'Reported fraud' }, operator);
    expect((await post(server, 'userinfo/get-info', {}, { token: customer.token })).code).toBe(-1);
    const login = await post(server, 'user/login', { account: customer.user.account, password: customer.password });
    expect(login.code).toBe(400);
    await consoleCall(server, 'customers/status', { id, status: 'active' }, operator);
    server.clock.advance(1);
    const again = await post(server, 'user/login', { account: customer.user.account, password: customer.password });
    expect(again.code).toBe(200);
    const audit = await consoleCall(server, 'audit/list', { account: customer.user.account }, operator);
    expect(audit.items.map((item) => [item.action, item.before, item.after, item.detail])).toEqual([
      ['customer enable', 'disabled', 'active', ''],
      ['customer disable', 'active', 'disabled', 'Reported fraud'],
    ]);
  });

  it('lets an admin set the VIP level, audited', async () => {
    const reviewer = await signInOperator(server, 'novip');
    const admin = await signInOperator(server, 'vip', 'admin');
    const customer = await signUp(server);
    const id = String(customer.user.id);
    expect((await consolePost(server, 'customers/vip', { id, level: '4' }, reviewer)).envelope.code).toBe(403);
    expect(await consoleCall(server, 'customers/vip', { id, level: '4' }, admin)).toEqual({ vip: 4 });
    expect((await consolePost(server, 'customers/vip', { id, level: '100' }, admin)).envelope.code).toBe(400);
    server.clock.advance(6);
    expect((await call(server, 'userinfo/get-info', {}, customer.token)).vip).toBe(4);
  });
});

describe('hall and settings', () => {
  const adminCalls = [
    'hall/merchants',
    'hall/merchant-save',
    'hall/offers',
    'hall/offer-save',
    'hall/offer-pause',
    'settings/products',
    'settings/product-save',
    'settings/contacts',
    'settings/contact-save',
    'settings/contact-delete',
    'settings/addresses',
    'settings/address-save',
  ] as const;

  it('are for admins only', async () => {
    const reviewer = await signInOperator(server, 'nohall');
    for (const path of adminCalls) {
      expect((await consolePost(server, path, { id: '1' }, reviewer)).envelope, path).toMatchObject({ code: 403 });
    }
  });

  it('edits a merchant and an offer, pauses it out of the hall and back, by the API’s rules', async () => {
    const admin = await signInOperator(server, 'hall', 'admin');
    const badAvatar = await consolePost(
      server,
      'hall/merchant-save',
      { name: 'Evil', completion_rate: '99', avatar: 'javascript:alert(1)' },
      admin,
    );
    expect(badAvatar.envelope).toMatchObject({ code: 400, data: { field: 'avatar' } });
    const { id: merchant } = await consoleCall(
      server,
      'hall/merchant-save',
      { name: 'Console Traders', completion_rate: '97.5', avatar: '/merchants/console.png' },
      admin,
    );
    await consoleCall(
      server,
      'hall/merchant-save',
      { id: String(merchant), name: 'Console Traders Ltd', completion_rate: '98', avatar: '' },
      admin,
    );
    const merchants = await consoleCall(server, 'hall/merchants', {}, admin);
    expect(merchants.merchants.find((row) => row.id === merchant)).toMatchObject({
      name: 'Console Traders Ltd',
      completion_rate: '98.00',
      avatar: '',
    });
    const terms = {
      merchant_id: String(merchant),
      unit_price: '9.99',
      currency: 'eur',
      quantity: '100',
      min_number: '10',
      max_number: '50',
    };
    const inverted = await consolePost(server, 'hall/offer-save', { ...terms, min_number: '60' }, admin);
    expect(inverted.envelope).toMatchObject({ code: 400, data: { field: 'max_number' } });
    const { id: offer } = await consoleCall(server, 'hall/offer-save', terms, admin);

    const seller = await signUp(server);
    await fund(server, seller, '100');
    const sell = (number: string) =>
      post(
        server,
        'saleu/create-order',
        { saleu_id: String(offer), number, unit_price: '9.99', currency: 'EUR' },
        { token: seller.token },
      );
    expect((await sell('30')).code).toBe(200);
    const below = await consolePost(server, 'hall/offer-save', { ...terms, id: String(offer), quantity: '20' }, admin);
    expect(below.envelope).toMatchObject({ code: 409, data: { field: 'quantity' } });
    await consoleCall(server, 'hall/offer-save', { ...terms, id: String(offer), quantity: '200' }, admin);
    const edited = (await consoleCall(server, 'hall/offers', {}, admin)).offers.find((row) => row.id === offer);
    expect(edited).toMatchObject({ quantity: '200.00', remaining: '170.00', currency: 'EUR', paused: false });

    await consoleCall(server, 'hall/offer-pause', { id: String(offer), paused: 'true' }, admin);
    const hall = async () =>
      (await call(server, 'selling/order', { page_size: '50' }, seller.token)).list.map((row) => row.id);
    server.clock.advance(2);
    expect(await hall()).not.toContain(offer);
    expect(await sell('10')).toMatchObject({ code: 409, msg: 'This offer is paused. Please choose another one' });
    await consoleCall(server, 'hall/offer-pause', { id: String(offer), paused: 'false' }, admin);
    server.clock.advance(2);
    expect(await hall()).toContain(offer);
    const audit = await consoleCall(server, 'audit/list', { kind: 'offer' }, admin);
    expect(audit.items.map((item) => item.action)).toEqual(['offer resume', 'offer pause', 'offer edit', 'offer add']);
    expect(audit.items[2]).toMatchObject({
      before: '100.00 USDT at 9.99 EUR, 10.00–50.00',
      after: '200.00 USDT at 9.99 EUR, 10.00–50.00',
    });
  });

  it('lists the offers newest first, a page at a time, each once', async () => {
    const admin = await signInOperator(server, 'pages', 'admin');
    const merchant = (await consoleCall(server, 'hall/merchants', {}, admin)).merchants[0]?.id;
    const terms = { merchant_id: String(merchant), unit_price: '1', currency: 'EUR', min_number: '1', max_number: '5' };
    const added: number[] = [];
    for (let index = 0; index <= OFFER_PAGE_SIZE; index += 1) {
      added.push((await consoleCall(server, 'hall/offer-save', { ...terms, quantity: String(index + 10) }, admin)).id);
    }
    const first = await consoleCall(server, 'hall/offers', {}, admin);
    expect(first.offers).toHaveLength(OFFER_PAGE_SIZE);
    expect(first.offers.slice(0, 2).map((row) => [row.id, row.quantity])).toEqual([
      [added.at(-1), `${OFFER_PAGE_SIZE + 10}.00`],
      [added.at(-2), `${OFFER_PAGE_SIZE + 9}.00`],
    ]);
    expect(first.next).toBe(first.offers.at(-1)?.id);
    const rest = await consoleCall(server, 'hall/offers', { before: String(first.next) }, admin);
    expect(rest.next).toBeNull();
    const ids = [...first.offers, ...rest.offers].map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(ids).toEqual(expect.arrayContaining(added));
    expect((await consolePost(server, 'hall/offers', { before: 'x' }, admin)).envelope.code).toBe(400);
  });

  it('changes products, contact channels and receiving addresses that customers then see', async () => {
    const admin = await signInOperator(server, 'settings', 'admin');
    const customer = await signUp(server);
    const { id: product } = await consoleCall(
      server,
      'settings/product-save',
      { name: 'Console 14 days', rate: '5.5', days: '14', min_amount: '20', max_amount: '2000' },
      admin,
    );
    await consoleCall(
      server,
      'settings/product-save',
      { id: String(product), name: 'Console 14 days', rate: '6', days: '14', min_amount: '20', max_amount: '2000' },
      admin,
    );
    const products = (await call(server, 'lixibao/list', { page_size: '50' }, customer.token)).list;
    expect(products.find((row) => row.id === product)).toMatchObject({ rate: '6.00', days: 14 });

    const unsafe = await consolePost(
      server,
      'settings/contact-save',
      { name: 'Bad', type: 'link', url: 'https://user:pw@example.com' },
      admin,
    );
    expect(unsafe.envelope).toMatchObject({ code: 400, data: { field: 'url' } });
    const { id: contact } = await consoleCall(
      server,
      'settings/contact-save',
      { name: 'Signal desk', type: 'link', url: 'https://example.com/help' },
      admin,
    );
    const contacts = async () => (await call(server, 'team/kefu-list', {}, customer.token)).list.map((row) => row.name);
    expect(await contacts()).toContain('Signal desk');
    await consoleCall(server, 'settings/contact-delete', { id: String(contact) }, admin);
    expect(await contacts()).not.toContain('Signal desk');

    await consoleCall(
      server,
      'settings/address-save',
      { type: 'trc20', address: 'TNEWxADDRESSxFROMxTHExCONSOLE', min_amount: '15' },
      admin,
    );
    const address = await call(server, 'recharge/shoukuan-address', { type: 'TRC20' }, customer.token);
    expect(address).toMatchObject({ address: 'TNEWxADDRESSxFROMxTHExCONSOLE', min_amount: '15.00' });
    const audit = await consoleCall(server, 'audit/list', { kind: 'address set' }, admin);
    expect(audit.items[0]).toMatchObject({
      before: 'TDEMOxNOTxAxREALxADDRESSxDONOTPAY (min 10.00)',
      after: 'TNEWxADDRESSxFROMxTHExCONSOLE (min 15.00)',
    });
  });
});
