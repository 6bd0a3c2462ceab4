import { describe, expect, it } from 'vitest';
import { addMoney, formatMoney, parseMoney, simpleInterest, subtractMoney } from '../../contract/money';
import type { InterestOrder } from '../../contract/responses';
import { payMaturedOrders } from './maturity';
import {
  call,
  fund,
  opsOutput,
  post,
  signUp,
  freshServerPerTest,
  type TestServer,
  type TestUser,
} from '../testing/test-support';

let server: TestServer;
freshServerPerTest((started) => (server = started), { demo: true, checkLedger: true });

async function product(rate: string, days: string, min = '10', max = '100000'): Promise<number> {
  const name = `P ${rate}% ${days}d`;
  const lines = await opsOutput(
    server.db,
    'product',
    'add',
    '--name',
    name,
    '--rate',
    rate,
    '--days',
    days,
    '--min',
    min,
    '--max',
    max,
  );
  return Number(lines.at(-1));
}

function buy(user: TestUser, productId: number, number: string, extra: Record<string, string> = {}) {
  return post<InterestOrder>(
    server,
    'lixibao/create-order',
    { lixibao_id: productId, number, ...extra },
    { token: user.token },
  );
}

async function money(user: TestUser) {
  // Terms outlast a 30-day session, so sign in again to look.
  const { token } = await call(server, 'user/login', { account: user.user.account, password: user.password });
  return call(server, 'userinfo/get-money-info', {}, token);
}

async function holdingsOf(user: TestUser) {
  const { token } = await call(server, 'user/login', { account: user.user.account, password: user.password });
  return call(server, 'lixibao/list-order', {}, token);
}

async function logOf(user: TestUser) {
  const { token } = await call(server, 'user/login', { account: user.user.account, password: user.password });
  return call(server, 'asset-log/list', { page_size: '3' }, token);
}

describe('lixibao/list', () => {
  it('lists the products with APR, term and limits', async () => {
    const user = await signUp(server);
    const list = await call(server, 'lixibao/list', { page: '1', page_size: '10' }, user.token);
    expect(list.list).toEqual([
      {
        id: expect.any(Number),
        name: 'Flexible 7 days',
        rate: '3.65',
        days: 7,
        min_amount: '10.00',
        max_amount: '5000.00',
      },
      {
        id: expect.any(Number),
        name: 'Steady 30 days',
        rate: '6.00',
        days: 30,
        min_amount: '100.00',
        max_amount: '20000.00',
      },
      {
        id: expect.any(Number),
        name: 'Growth 90 days',
        rate: '9.00',
        days: 90,
        min_amount: '500.00',
        max_amount: '50000.00',
      },
    ]);
    expect((await post(server, 'lixibao/list', {})).code).toBe(-1);
  });
});

describe('lixibao/create-order', () => {
  it('moves the principal into the wallet and promises simple interest, rounded down', async () => {
    const user = await signUp(server);
    await fund(server, user, '1000.00');
    const productId = await product('6.00', '30');
    const reply = await buy(user, productId, '1000');
    expect(reply.code).toBe(200);
    expect(reply.data).toMatchObject({
      lixibao_id: productId,
      number: '1000.00',
      interest: '4.93',
      money: '1004.93',
      rate: '6.00',
      days: 30,
      state: 'holding',
    });
    expect(Date.parse(reply.data.expiration) - Date.parse(reply.data.time)).toBe(30 * 24 * 3600 * 1000);
    expect(await money(user)).toEqual({ balance: '0.00', frozen: '0.00', wallet: '1000.00', total: '1000.00' });
    const holdings = await call(server, 'lixibao/list-order', {}, user.token);
    expect(holdings.list).toEqual([reply.data]);
  });

  it.each([
    [{ number: '9.99' }, 400, 'number'],
    [{ number: '100000.01' }, 400, 'number'],
    [{ number: '' }, 400, 'number'],
    [{ number: '1e3' }, 400, 'number'],
    [{ number: '-100' }, 400, 'number'],
    [{ lixibao_id: '' }, 400, 'lixibao_id'],
    [{ lixibao_id: '99999' }, 404, undefined],
  ])('refuses %j', async (overrides, code, field) => {
    const user = await signUp(server);
    await fund(server, user, '100.00');
    const productId = await product('5', '7');
    const reply = await post(
      server,
      'lixibao/create-order',
      { lixibao_id: productId, number: '50', ...overrides },
      { token: user.token },
    );
    expect(reply.code).toBe(code);
    if (field) expect(reply.data).toEqual({ field });
    expect((await money(user)).balance).toBe('100.00');
  });

  it('says the product’s own range when a deposit is outside it, in the caller’s language', async () => {
    const user = await signUp(server);
    await fund(server, user, '100.00');
    const productId = await product('5', '7', '10', '50');
    const english = await post(
      server,
      'lixibao/create-order',
      { lixibao_id: productId, number: '60' },
      { token: user.token },
    );
    expect(english).toMatchObject({
      code: 400,
      msg: 'You can deposit between 10.00 and 50.00 USDT in this product',
      data: { field: 'number' },
    });
    const german = await post(
      server,
      'lixibao/create-order',
      { lixibao_id: productId, number: '5', lang: 'de' },
      { token: user.token },
    );
    expect(german.msg).toBe('In dieses Produkt können Sie zwischen 10.00 und 50.00 USDT einzahlen');
  });

  it('refuses more than the balance', async () => {
    const user = await signUp(server);
    await fund(server, user, '40.00');
    expect(await buy(user, await product('5', '7'), '40.01')).toMatchObject({ code: 409, msg: 'Insufficient balance' });
  });

  it('acts once per request_id', async () => {
    const user = await signUp(server);
    await fund(server, user, '100.00');
    const productId = await product('5', '7');
    const [first, second] = await Promise.all([
      buy(user, productId, '30', { request_id: 'wallet-1' }),
      buy(user, productId, '30', { request_id: 'wallet-1' }),
    ]);
    expect(second).toEqual(first);
    expect((await money(user)).wallet).toBe('30.00');
  });
});

describe('maturity', () => {
  it.each([
    ['1000.00', '6.00', 30, '4.93'],
    ['100.00', '3.65', 7, '0.07'],
    ['0.50', '3.65', 7, '0.00'],
    ['12345.67', '9.00', 90, '273.97'],
    ['99999.99', '12.50', 365, '12499.99'],
  ])('pays %s at %s APR over %d days: principal and %s interest, once', async (principal, rate, days, interest) => {
    const user = await signUp(server);
    await fund(server, user, parseMoney(principal)! < 1000 ? '10.00' : principal);
    const productId = await product(rate, String(days), '0.01', '100000');
    const order = (await buy(user, productId, principal)).data;
    expect(order.interest).toBe(interest);
    expect(simpleInterest(parseMoney(principal)!, parseMoney(rate)!, days)).toBe(parseMoney(interest));

    server.clock.advance(days * 24 * 3600 - 1);
    expect(await payMaturedOrders(server.app.wallet)).toBe(0);
    server.clock.advance(1);
    expect(await payMaturedOrders(server.app.wallet)).toBe(1);
    expect(await payMaturedOrders(server.app.wallet)).toBe(0);

    const expected = formatMoney(addMoney(parseMoney(principal)!, parseMoney(interest)!));
    const after = await money(user);
    const funded = parseMoney(principal)! < 1000 ? parseMoney('10.00')! : parseMoney(principal)!;
    expect(after.balance).toBe(
      formatMoney(addMoney(subtractMoney(funded, parseMoney(principal)!), parseMoney(expected)!)),
    );
    expect(after.wallet).toBe('0.00');
    const [holding] = (await holdingsOf(user)).list;
    expect(holding?.state).toBe('done');
    const log = await logOf(user);
    const kinds = log.list.map((entry) => `${entry.kind} ${entry.amount}`);
    expect(kinds).toContain(`lixibao_return ${principal}`);
    if (interest !== '0.00') expect(kinds).toContain(`interest ${interest}`);
    else expect(kinds.some((entry) => entry.startsWith('interest'))).toBe(false);
  });

  it('pays once when two jobs run at the same moment and again after a restart', async () => {
    const user = await signUp(server);
    await fund(server, user, '500.00');
    const productId = await product('10', '10');
    await buy(user, productId, '200');
    await buy(user, productId, '300');
    server.clock.advance(10 * 24 * 3600);
    const [first, second] = await Promise.all([
      payMaturedOrders(server.app.wallet),
      payMaturedOrders(server.app.wallet),
    ]);
    expect(first + second).toBe(2);

    // A restart runs the job at start; nothing is due any more, so nothing moves.
    const before = (await money(user)).balance;
    await server.app.close();
    const { buildApp } = await import('../app');
    const restarted = await buildApp({ db: server.db, dataDir: server.dir, logLevel: 'silent', now: server.clock.now });
    expect(await payMaturedOrders(restarted.wallet)).toBe(0);
    server.app = restarted;
    expect((await money(user)).balance).toBe(before);
    expect(before).toBe('501.36');
  });

  it('a restart pays what fell due while the server was down', async () => {
    const user = await signUp(server);
    await fund(server, user, '100.00');
    await buy(user, await product('3.65', '7'), '100');
    await server.app.close();
    server.clock.advance(8 * 24 * 3600);
    const { buildApp } = await import('../app');
    server.app = await buildApp({ db: server.db, dataDir: server.dir, logLevel: 'silent', now: server.clock.now });
    expect((await money(user)).balance).toBe('100.07');
  });
});
