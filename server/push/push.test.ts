import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PushNotice } from '../../contract/push';
import type { SaleOrder } from '../../contract/responses';
import { buildApp } from '../app';
import { openDatabase } from '../db/database';
import { cliUser, decide } from '../review';
import { sha256 } from '../security/tokens';
import {
  approveOrder,
  call,
  freshServerPerTest,
  fund,
  opsOutput,
  pendingRecharge,
  post,
  signUp,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../test-support';
import { isNonPublicAddress, publicHttpsOnly } from './endpoints';
import { defaultPushSubject } from './sender';

/**
 * A push service of the test's own on 127.0.0.1: it keeps every request and answers each with
 * the next status queued (201 when none is), or not at all while `holding`.
 */
interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}
const received: Received[] = [];
const answers: number[] = [];
let holding = false;
const service = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
    if (holding) return;
    response.statusCode = answers.shift() ?? 201;
    response.end();
  });
});
let origin = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
});
afterAll(async () => {
  service.closeAllConnections();
  await new Promise((resolve) => service.close(resolve));
});
beforeEach(() => {
  received.length = 0;
  answers.length = 0;
  holding = false;
});

/**
 * Push services of the test's own, on this machine: the production rule refuses them (http,
 * loopback). `localhost` passes this rule, and is then refused where its name is resolved.
 */
const toTestServices = (url: URL) => url.protocol === 'http:' && ['127.0.0.1', 'localhost'].includes(url.hostname);

let server: TestServer;
freshServerPerTest((started) => (server = started), { checkLedger: true, pushEndpoints: toTestServices });
beforeEach(async () => {
  // Recharges need a receiving address; the demo data would bring one and much else.
  await opsOutput(server.db, 'address', 'set', 'TRC20', 'TXYZ1234567890abcdefghijklmnopqrst');
});

/** A browser's subscription: its key pair and auth secret, made as a browser makes them. */
interface Device {
  endpoint: string;
  ecdh: ECDH;
  auth: Buffer;
}

let devices = 0;
function device(base = origin): Device {
  devices += 1;
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { endpoint: `${base}/push/${devices}-${randomBytes(8).toString('hex')}`, ecdh, auth: randomBytes(16) };
}

function subscribe(user: TestUser, on: Device, options: { lang?: string; hidden?: boolean } = {}) {
  return post(
    server,
    'push/subscribe',
    {
      endpoint: on.endpoint,
      p256dh: on.ecdh.getPublicKey().toString('base64url'),
      auth: on.auth.toString('base64url'),
      hide_amounts: options.hidden ? '1' : '0',
      lang: options.lang ?? 'en',
    },
    { token: user.token },
  );
}

/** What a browser holding the device's keys reads from a push (RFC 8291). */
function open(push: Received, on: Device): PushNotice {
  const plain = decrypt(push.body, { version: 'aes128gcm', privateKey: on.ecdh, authSecret: on.auth });
  return JSON.parse(plain.toString('utf8')) as PushNotice;
}

function to(on: Device): Received[] {
  return received.filter((push) => `${origin}${push.path}` === on.endpoint);
}

async function deliveries(): Promise<{ attempts: number; next_attempt_at: string; claim: string | null }[]> {
  return server.db.all('SELECT attempts, next_attempt_at, claim FROM push_deliveries ORDER BY id');
}

async function subscriptionCount(userId: number): Promise<number> {
  return (
    (await server.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM push_subscriptions WHERE user_id = ?', [userId]))
      ?.n ?? 0
  );
}

async function approveRecharge(user: TestUser, amount: string): Promise<number> {
  const id = await pendingRecharge(server, user, amount);
  await approveOrder(server, 'recharge', id);
  return id;
}

/** The VAPID token's claims, once its ES256 signature checks out against the key it names. */
function vapidClaims(authorization: string | undefined, publicKey: string): Record<string, unknown> {
  const [, token = '', key = ''] = /^vapid t=([^,]+), k=(.+)$/.exec(authorization ?? '') ?? [];
  expect(key).toBe(publicKey);
  const [header = '', payload = '', signature = ''] = token.split('.');
  const point = Buffer.from(key, 'base64url');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33).toString('base64url'),
  };
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(signed, 'the VAPID token is signed with the server key').toBe(true);
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe('sending', () => {
  it('tells each device of a credited recharge once committed, encrypted to it, in its language', async () => {
    const user = await signUp(server);
    const german = device();
    const hiding = device();
    expect(await subscribe(user, german, { lang: 'de' })).toMatchObject({ code: 200 });
    expect(await subscribe(user, hiding, { lang: 'ja', hidden: true })).toMatchObject({ code: 200 });

    const id = await approveRecharge(user, '1234.5');
    // No explicit send: the decision's own nudge gets it out, well before the 5 s timer would.
    await expect.poll(() => received.length, { timeout: 3000 }).toBe(2);

    const [toGerman] = to(german);
    expect(toGerman?.headers['content-encoding']).toBe('aes128gcm');
    expect(toGerman?.headers.ttl).toBe('86400');
    const { public_key } = await call(server, 'push/key', {}, user.token);
    const claims = vapidClaims(toGerman?.headers.authorization, public_key);
    expect(claims).toMatchObject({ aud: origin, sub: defaultPushSubject(undefined) });
    const session = sha256(user.token);
    expect(open(toGerman as Received, german)).toEqual({
      title: 'Einzahlung gutgeschrieben',
      body: 'Ihre Einzahlung von 1.234,50 USDT wurde genehmigt und Ihrem Guthaben gutgeschrieben.',
      url: '/#/pages/mine/asset-log',
      tag: `recharge-${id}`,
      session,
    });
    // Amounts hidden on that device: none in the text, in its language.
    const hidden = open(to(hiding)[0] as Received, hiding);
    expect(hidden).toMatchObject({ title: '入金完了', body: '入金が承認され、残高に反映されました。', session });
    expect(hidden.body).not.toMatch(/\d/);
    expect(await deliveries()).toEqual([]);
  });

  it('tells of a sale completed (not of the sale entering review), following a new language and choice', async () => {
    const user = await signUp(server);
    await fund(server, user, '100');
    const phone = device();
    await subscribe(user, phone, { lang: 'en' });
    // The app sends the subscription again when the customer changes language or hides amounts.
    await subscribe(user, phone, { lang: 'zh-Hans', hidden: true });
    await server.app.wallet.push.sendDue();
    received.length = 0;

    const merchant = (await opsOutput(server.db, 'merchant', 'add', '--name', 'Push merchant')).at(-1) ?? '';
    const offer = (
      await opsOutput(
        server.db,
        ...['offer', 'add', '--merchant', merchant, '--price', '0.93', '--currency', 'EUR'],
        ...['--quantity', '1000', '--min', '10', '--max', '500'],
      )
    ).at(-1);
    const sale = await call(server, 'saleu/create-order', { saleu_id: offer ?? '', number: '20' }, user.token);
    await server.app.wallet.push.sendDue();
    expect(received).toEqual([]);

    await decide(server.app.wallet, 'sale', 'approve', (sale as SaleOrder).id, cliUser('test'));
    await server.app.wallet.push.sendDue();
    expect(to(phone).map((push) => open(push, phone))).toEqual([
      expect.objectContaining({
        title: '出售已完成',
        body: '您的出售已完成。',
        url: '/#/pages/orders/orders',
        tag: `sale_order-${(sale as SaleOrder).id}`,
      }),
    ]);
  });

  it('deletes a subscription that is gone (404, 410, a private address); tries a failure again after 30 s, 2 min, 10 min and 1 h, then gives up', async () => {
    const user = await signUp(server);
    await subscribe(user, device());
    await subscribe(user, device());
    // A name that resolves to this machine is refused when the request is made (DNS rebinding).
    await subscribe(user, device(origin.replace('127.0.0.1', 'localhost')));
    answers.push(410, 404);
    await approveRecharge(user, '10');
    await server.app.wallet.push.sendDue();
    expect(received).toHaveLength(2);
    expect(await subscriptionCount(user.user.id)).toBe(0);
    expect(await deliveries()).toEqual([]);

    received.length = 0;
    await subscribe(user, device());
    answers.push(500);
    await approveRecharge(user, '10');
    await server.app.wallet.push.sendDue();
    expect(received).toHaveLength(1);
    expect(await deliveries()).toEqual([{ attempts: 1, next_attempt_at: '2026-11-22T08:00:30.000Z', claim: null }]);
    await server.app.wallet.push.sendDue();
    expect(received).toHaveLength(1);
    server.clock.advance(30);
    await server.app.wallet.push.sendDue();
    expect(received).toHaveLength(2);
    expect(await deliveries()).toEqual([]);
    expect(await subscriptionCount(user.user.id)).toBe(1);

    received.length = 0;
    answers.push(503, 429, 502, 500, 503);
    await approveRecharge(user, '20');
    for (const wait of [0, 30, 120, 600, 3600, 7200]) {
      server.clock.advance(wait);
      await server.app.wallet.push.sendDue();
    }
    expect(received).toHaveLength(5);
    expect(await deliveries()).toEqual([]);
    expect(await subscriptionCount(user.user.id)).toBe(1);
  });

  it('commits a decision at once while one push service hangs and another is down', async () => {
    const user = await signUp(server);
    const hanging = device();
    // A port that was just free: nothing listens there.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const down = device(`http://127.0.0.1:${(closed.address() as AddressInfo).port}`);
    await new Promise((resolve) => closed.close(resolve));
    await subscribe(user, hanging);
    await subscribe(user, down);
    holding = true;

    const id = await pendingRecharge(server, user, '50');
    const started = Date.now();
    await decide(server.app.wallet, 'recharge', 'approve', id, cliUser('test'));
    expect(Date.now() - started).toBeLessThan(1000);
    expect((await call(server, 'userinfo/get-money-info', {}, user.token)).balance).toBe('50.00');
    // The sender runs after the commit (not awaited: one request hangs): the hanging service
    // holds its request, the down one waits for its second try.
    void server.app.wallet.push.sendDue();
    await expect.poll(() => received.length, { timeout: 3000 }).toBe(1);
    await expect
      .poll(async () => (await deliveries()).filter((row) => row.claim === null), { timeout: 3000 })
      .toEqual([{ attempts: 1, next_attempt_at: '2026-11-22T08:00:30.000Z', claim: null }]);
  });
});

describe('who hears', () => {
  it('sends nothing to a device whose session signed out, reset its password or was revoked', async () => {
    const user = await signUp(server);
    await subscribe(user, device());
    await call(server, 'user/logout', {}, user.token);
    expect(await subscriptionCount(user.user.id)).toBe(0);

    const phone = await call(server, 'user/login', { account: user.user.account, password: user.password });
    const tablet = await call(server, 'user/login', { account: user.user.account, password: user.password });
    await subscribe({ ...user, token: phone.token }, device());
    await subscribe({ ...user, token: tablet.token }, device());
    server.clock.advance(61);
    await call(server, 'sms/send-code', { email: user.user.email, scene: 'reset' });
    await call(server, 'user/reset-password', {
      email: user.user.email,
      code: server.mailer.codeFor(user.user.email),
      password: 'Newer12345',
      repassword: 'Newer12345',
    });
    expect(await subscriptionCount(user.user.id)).toBe(0);

    // A session ended some other way, its subscription still stored: the send checks the session.
    const laptop = await call(server, 'user/login', { account: user.user.account, password: 'Newer12345' });
    await subscribe({ ...user, token: laptop.token }, device());
    await server.db.run('UPDATE sessions SET revoked_at = ? WHERE token_hash = ?', [
      server.clock.now().toISOString(),
      sha256(laptop.token),
    ]);
    const desk = await call(server, 'user/login', { account: user.user.account, password: 'Newer12345' });
    await approveRecharge({ ...user, token: desk.token }, '10');
    await server.app.wallet.push.sendDue();
    expect(received).toEqual([]);
    expect(await deliveries()).toEqual([]);
  });

  it('takes the subscriptions of the sessions ended from My → Security with them, and keeps the caller’s', async () => {
    const user = await signUp(server);
    const signIn = async () => ({
      ...user,
      token: (await call(server, 'user/login', { account: user.user.account, password: user.password })).token,
    });
    const [phone, tablet, laptop] = [await signIn(), await signIn(), await signIn()];
    for (const session of [user, phone, tablet, laptop]) await subscribe(session, device());
    const { list } = await call(server, 'security/sessions', {}, user.token);
    const phoneId = list.find((session) => session.id === sha256(phone.token).slice(0, 16))?.id ?? '';
    await call(server, 'security/end-session', { id: phoneId }, user.token);
    expect(await subscriptionCount(user.user.id)).toBe(3);
    await call(server, 'security/end-other-sessions', {}, user.token);
    expect(await subscriptionCount(user.user.id)).toBe(1);
    const kept = await server.db.get<{ token_hash: string }>('SELECT token_hash FROM push_subscriptions');
    expect(kept?.token_hash).toBe(sha256(user.token));
  });

  it('gives an endpoint to the session that subscribed it last, lets only its owner unsubscribe it, keeps ten', async () => {
    const alice = await signUp(server);
    const bob = await signUp(server);
    const shared = device();
    await subscribe(alice, shared);
    // Bob signs in on Alice's device and turns notices on: the endpoint is his now.
    await subscribe(bob, shared);
    expect(await subscriptionCount(alice.user.id)).toBe(0);
    await approveRecharge(alice, '10');
    await server.app.wallet.push.sendDue();
    expect(received).toEqual([]);

    expect(await post(server, 'push/unsubscribe', { endpoint: shared.endpoint }, { token: alice.token })).toMatchObject(
      { code: 200 },
    );
    expect(await subscriptionCount(bob.user.id)).toBe(1);
    await call(server, 'push/unsubscribe', { endpoint: shared.endpoint }, bob.token);
    expect(await subscriptionCount(bob.user.id)).toBe(0);

    // At most ten devices a customer: the oldest goes.
    const first = device();
    await subscribe(bob, first);
    for (let more = 0; more < 10; more += 1) {
      server.clock.advance(1);
      await subscribe(bob, device());
    }
    const endpoints = await server.db.all<{ endpoint: string }>(
      'SELECT endpoint FROM push_subscriptions WHERE user_id = ?',
      [bob.user.id],
    );
    expect(endpoints).toHaveLength(10);
    expect(endpoints.map((row) => row.endpoint)).not.toContain(first.endpoint);
  });

  it('refuses, by default, endpoints that are not public https', async () => {
    for (const refused of [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://localhost/x',
      'https://push.localhost/x',
      'https://intranet/x',
      'https://127.0.0.1/x',
      'https://10.1.2.3/x',
      'https://172.20.0.1/x',
      'https://192.168.1.1/x',
      'https://169.254.169.254/latest',
      'https://100.64.0.1/x',
      'https://[::1]/x',
      'https://[fe80::1]/x',
      'https://[fd00::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://fcm.googleapis.com:8443/x',
      'https://user:pass@fcm.googleapis.com/x',
    ]) {
      expect(publicHttpsOnly(new URL(refused)), refused).toBe(false);
    }
    for (const allowed of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGx',
      'https://8.8.8.8/x',
    ]) {
      expect(publicHttpsOnly(new URL(allowed)), allowed).toBe(true);
    }
    expect(isNonPublicAddress('::ffff:10.0.0.1')).toBe(true);
    expect(isNonPublicAddress('2a00:1450:4001:80b::200a')).toBe(false);

    const production = await startTestServer();
    const user = await signUp(production);
    const local = device();
    const refused = await post(
      production,
      'push/subscribe',
      {
        endpoint: local.endpoint,
        p256dh: local.ecdh.getPublicKey().toString('base64url'),
        auth: local.auth.toString('base64url'),
        hide_amounts: '0',
      },
      { token: user.token },
    );
    expect(refused).toMatchObject({ code: 400, data: { field: 'endpoint' } });
  });
});

describe('several nodes on one database', () => {
  it('share one VAPID key pair and send each notice once when two nodes send at the same moment', async () => {
    const second = await buildApp({
      db: await openDatabase(server.database),
      dataDir: server.dir,
      logLevel: 'silent',
      now: server.clock.now,
      pushEndpoints: toTestServices,
    });
    try {
      expect(second.wallet.push.publicKey).toBe(server.app.wallet.push.publicKey);
      const user = await signUp(server);
      const phones = Array.from({ length: 6 }, () => device());
      for (const phone of phones) await subscribe(user, phone);
      await approveRecharge(user, '10');
      await Promise.all([server.app.wallet.push.sendDue(), second.wallet.push.sendDue()]);
      // Each node's own nudge runs too: on PostgreSQL at once, on SQLite within half a second.
      await new Promise((resolve) => setTimeout(resolve, server.db.dialect === 'postgres' ? 200 : 600));
      expect(received.map((push) => push.path).sort()).toEqual(
        phones.map((phone) => new URL(phone.endpoint).pathname).sort(),
      );
    } finally {
      await second.close();
      await second.wallet.db.close();
    }
  });
});
