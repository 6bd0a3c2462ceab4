import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import diagnostics from 'node:diagnostics_channel';
import type { LookupAddress } from 'node:dns';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PushNotice } from '../../contract/push';
import type { SaleOrder } from '../../contract/responses';
import { buildApp } from '../app';
import { openDatabase } from '../platform/database/database';
import { cliUser, decide } from '../review/review';
import { sha256 } from '../platform/security/tokens';
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
} from '../testing/test-support';
import { isGlobalUnicast } from '../platform/security/ip-addresses';
import { NOT_PUBLIC, lookupReachable, publicPushServices, type PushEndpointPolicy } from './endpoints';
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

/** Addresses that names resolve to in these tests, instead of the system's resolver. */
function resolverOf(names: Record<string, readonly string[]>): (hostname: string) => Promise<LookupAddress[]> {
  return async (hostname) => {
    const addresses = names[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: net.isIP(address) }));
  };
}

/**
 * Push services of the test's own, on this machine: the production rule refuses them (http,
 * loopback). `rebound.push.test` passes this rule, and is then refused where its name is
 * resolved: to an address other than the services' own.
 */
const toTestServices: PushEndpointPolicy = {
  accepts: (url) => url.protocol === 'http:' && ['127.0.0.1', 'rebound.push.test'].includes(url.hostname),
  reaches: (address) => address === '127.0.0.1',
  resolve: resolverOf({ 'rebound.push.test': ['127.0.0.1', '10.0.0.7'] }),
};

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

function subscribe(
  user: TestUser,
  on: Device,
  options: { lang?: string; hidden?: boolean } = {},
  target: TestServer = server,
) {
  return post(
    target,
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

async function approveRecharge(user: TestUser, amount: string, target: TestServer = server): Promise<number> {
  const id = await pendingRecharge(target, user, amount);
  await approveOrder(target, 'recharge', id);
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
    const sale = await call(
      server,
      'saleu/create-order',
      { saleu_id: offer ?? '', number: '20', unit_price: '0.93', currency: 'EUR' },
      user.token,
    );
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
    // A name that resolves to an address the policy does not reach (here, one of its two) is
    // refused when the request is made (DNS rebinding).
    await subscribe(user, device(origin.replace('127.0.0.1', 'rebound.push.test')));
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
    await call(server, 'security/end-session', { id: phoneId, password: user.password }, user.token);
    expect(await subscriptionCount(user.user.id)).toBe(3);
    await call(server, 'security/end-other-sessions', { password: user.password }, user.token);
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
      'https://localhost./x',
      'https://LocalHost../x',
      'https://push.localhost/x',
      'https://push.localhost./x',
      'https://printer.local/x',
      'https://router.home.arpa/x',
      'https://metadata.google.internal/x',
      'https://push.test/x',
      'https://intranet/x',
      'https://intranet./x',
      'https://127.0.0.1/x',
      'https://127.1/x',
      'https://0x7f000001/x',
      'https://10.1.2.3/x',
      'https://172.20.0.1/x',
      'https://192.168.1.1/x',
      'https://169.254.169.254/latest',
      'https://100.64.0.1/x',
      'https://198.51.100.7/x',
      'https://[::1]/x',
      'https://[fe80::1]/x',
      'https://[fd00::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      // The red team's: IPv4-compatible, SIIT-translated and NAT64 forms of loopback and
      // private addresses, and deprecated site-local space.
      'https://[::7f00:1]/',
      'https://[::ffff:0:7f00:1]/',
      'https://[64:ff9b:1::a00:1]/',
      'https://[64:ff9b::808:808]/',
      'https://[fec0::1]/',
      'https://[2002:7f00:1::1]/',
      'https://[2001:db8::1]/',
      'https://fcm.googleapis.com:8443/x',
      'https://user:pass@fcm.googleapis.com/x',
    ]) {
      expect(publicPushServices.accepts(new URL(refused)), refused).toBe(false);
    }
    for (const allowed of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://FCM.googleapis.com./fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGx',
      'https://8.8.8.8/x',
      'https://[2a00:1450:4001:80b::200a]/x',
      'https://[::ffff:8.8.8.8]/x',
    ]) {
      expect(publicPushServices.accepts(new URL(allowed)), allowed).toBe(true);
    }

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

/** Addresses that are never a push service's: IANA's special-purpose blocks and their edges. */
const REFUSED_ADDRESSES = [
  // The red team's.
  '::7f00:1',
  '::ffff:0:7f00:1',
  '64:ff9b:1::a00:1',
  'fec0::1',
  // IPv4's special-purpose blocks.
  '0.0.0.0',
  '0.255.255.255',
  '10.0.0.1',
  '10.255.255.255',
  '100.64.0.1',
  '100.127.255.255',
  '127.0.0.1',
  '127.255.255.254',
  '169.254.169.254',
  '172.16.0.1',
  '172.31.255.255',
  '192.0.0.9',
  '192.0.0.170',
  '192.0.2.1',
  '192.31.196.1',
  '192.52.193.1',
  '192.88.99.1',
  '192.168.1.1',
  '192.175.48.1',
  '198.18.0.1',
  '198.19.255.255',
  '198.51.100.7',
  '203.0.113.9',
  '224.0.0.1',
  '239.255.255.250',
  '240.0.0.1',
  '255.255.255.255',
  // IPv6 outside 2000::/3, and the forms that carry IPv4 (judged by it when mapped).
  '::',
  '::1',
  '::127.0.0.1',
  '::8.8.8.8',
  '::ffff:127.0.0.1',
  '::ffff:10.0.0.1',
  '::ffff:169.254.169.254',
  '::ffff:0:8.8.8.8',
  '64:ff9b::a00:1',
  '64:ff9b::808:808',
  '100::1',
  'fc00::1',
  'fd12:3456::1',
  'fe80::1',
  'ff02::1',
  '1fff:ffff:ffff::1',
  '4000::1',
  // Special-purpose blocks inside 2000::/3: Teredo and the rest of 2001::/23, documentation,
  // 6to4, AS112, the newer documentation block.
  '2001::1',
  '2001:0:4136:e378:8000:63bf:3fff:fdd2',
  '2001:2::1',
  '2001:20::1',
  '2001:1ff:ffff::1',
  '2001:db8::1',
  '2002:7f00:1::1',
  '2002:808:808::1',
  '2620:4f:8000::1',
  '3fff::1',
  // Not a plain address.
  'fe80::1%eth0',
  '2a00:1450:4001:80b::200a%eth0',
  'localhost',
  '',
];

const GLOBAL_ADDRESSES = [
  '8.8.8.8',
  '1.1.1.1',
  '11.0.0.1',
  '100.63.255.255',
  '100.128.0.0',
  '126.255.255.255',
  '128.0.0.1',
  '169.253.255.255',
  '172.15.255.255',
  '172.32.0.0',
  '192.0.1.1',
  '192.167.255.255',
  '192.169.0.0',
  '198.17.255.255',
  '198.20.0.0',
  '223.255.255.255',
  '::ffff:8.8.8.8',
  '::ffff:808:808',
  '2000::1',
  '2001:200::1',
  '2001:4860:4860::8888',
  '2001:db9::1',
  '2003::1',
  '2606:4700:4700::1111',
  '2620:fe::fe',
  '2a00:1450:4001:80b::200a',
  '3ffe::1',
  '3fff:1000::1',
];

describe('where the server connects', () => {
  it('takes only global unicast addresses for a push service', () => {
    for (const address of REFUSED_ADDRESSES) expect(isGlobalUnicast(address), address).toBe(false);
    for (const address of GLOBAL_ADDRESSES) expect(isGlobalUnicast(address), address).toBe(true);
  });

  it('refuses a name when any address it resolves to is refused, and gives only global ones to the socket', async () => {
    const names: Record<string, string[]> = {
      'mixed.push-names.com': ['8.8.8.8', '10.0.0.1'],
      'global.push-names.com': ['2a00:1450:4001:80b::200a', '8.8.8.8'],
      'v4.push-names.com': ['8.8.8.8'],
    };
    REFUSED_ADDRESSES.forEach((address, index) => (names[`n${index}.push-names.com`] = [address]));
    const lookupWith =
      (policy: PushEndpointPolicy) =>
      (hostname: string, family?: number): Promise<LookupAddress[]> =>
        new Promise((resolved, refused) =>
          lookupReachable(policy)(hostname, { all: true, ...(family ? { family } : {}) }, (error, addresses) =>
            error ? refused(error) : resolved(addresses as LookupAddress[]),
          ),
        );
    // The system's resolver, as in production: this machine's own name is refused by address.
    await expect(lookupWith(publicPushServices)('localhost')).rejects.toMatchObject({ code: NOT_PUBLIC });
    const resolve = lookupWith({ ...publicPushServices, resolve: resolverOf(names) });
    for (const hostname of Object.keys(names).filter((name) => name.startsWith('n') || name.startsWith('mixed'))) {
      await expect(resolve(hostname), hostname).rejects.toMatchObject({ code: NOT_PUBLIC });
    }
    await expect(resolve('nowhere.push-names.com')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    await expect(resolve('global.push-names.com')).resolves.toEqual([
      { address: '2a00:1450:4001:80b::200a', family: 6 },
      { address: '8.8.8.8', family: 4 },
    ]);
    await expect(resolve('global.push-names.com', 4)).resolves.toEqual([{ address: '8.8.8.8', family: 4 }]);
    await expect(resolve('v4.push-names.com', 6)).rejects.toMatchObject({ code: NOT_PUBLIC });
  });

  it('never opens a connection to a refused address, named or literal, even where the URL rule let it through', async () => {
    const refused = ['::7f00:1', '::ffff:0:7f00:1', '64:ff9b:1::a00:1', 'fec0::1', '127.0.0.1', '::ffff:10.0.0.1'];
    const names: Record<string, string[]> = {
      'localhost.': ['127.0.0.1', '::1'],
      'mixed.push-names.com': ['8.8.8.8', '192.168.0.1'],
      'global.push-names.com': ['8.8.8.8'],
    };
    refused.forEach((address, index) => (names[`n${index}.push-names.com`] = [address]));
    const endpoints = [
      ...refused.map((address) => `https://${net.isIPv6(address) ? `[${address}]` : address}`),
      ...Object.keys(names).map((name) => `https://${name}`),
    ];
    // Any https URL passes here: the address check must hold by itself.
    const anyHttps: PushEndpointPolicy = {
      accepts: (url) => url.protocol === 'https:',
      reaches: isGlobalUnicast,
      resolve: resolverOf(names),
    };
    const sender = await startTestServer({ pushEndpoints: anyHttps });
    await opsOutput(sender.db, 'address', 'set', 'TRC20', 'TXYZ1234567890abcdefghijklmnopqrst');

    const attempts: string[] = [];
    const watch = ({ socket }: { socket: net.Socket }) => {
      socket.on('connectionAttempt', (address: string, port: number) => {
        // The database's own connections (PostgreSQL) come through here too.
        if (port !== 443) return;
        attempts.push(address);
        // No push service of ours is there: end the attempt rather than wait for the network.
        setImmediate(() => socket.destroy(new Error('the test cuts this connection')));
      });
    };
    diagnostics.subscribe('net.client.socket', watch as (message: unknown) => void);
    try {
      for (let first = 0; first < endpoints.length; first += 9) {
        const user = await signUp(sender);
        for (const base of endpoints.slice(first, first + 9)) {
          expect(await subscribe(user, device(base), {}, sender), base).toMatchObject({ code: 200 });
        }
        await approveRecharge(user, '10', sender);
      }
      await sender.app.wallet.push.sendDue();
    } finally {
      diagnostics.unsubscribe('net.client.socket', watch as (message: unknown) => void);
    }
    expect(attempts).toEqual(['8.8.8.8']);
    const left = await sender.db.all<{ endpoint: string }>('SELECT endpoint FROM push_subscriptions');
    expect(left.map((row) => new URL(row.endpoint).host)).toEqual(['global.push-names.com']);
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
