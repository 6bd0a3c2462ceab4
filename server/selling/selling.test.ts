import { describe, expect, it } from 'vitest';
import { cents, parseMoney, ZERO } from '../../contract/money';
import type { Offer, Page, SaleOrder } from '../../contract/responses';
import { openDatabase } from '../platform/database/database';
import { OPEN_OFFERS, type OfferRow } from './queries';
import { saveOffer } from '../settings/service-settings';
import { money } from '../platform/http/wire';
import { cliUser, decide } from '../review/review';
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

async function ops(...argv: string[]): Promise<string> {
  return (await opsOutput(server.db, ...argv)).at(-1) ?? '';
}

/** A fresh merchant with one offer, so tests do not share the demo offers. */
async function offer(price = '0.93', quantity = '1000', min = '10', max = '500', currency = 'EUR'): Promise<number> {
  const merchant = await ops('merchant', 'add', '--name', `Merchant ${Math.random()}`, '--completion-rate', '97.5');
  return Number(
    await ops(
      'offer',
      'add',
      '--merchant',
      merchant,
      '--price',
      price,
      '--currency',
      currency,
      '--quantity',
      quantity,
      '--min',
      min,
      '--max',
      max,
    ),
  );
}

async function seller(amount = '200.00'): Promise<TestUser> {
  const user = await signUp(server);
  await fund(server, user, amount);
  return user;
}

/** The offer's terms as the hall shows them now. */
async function termsOf(offerId: number) {
  return (await server.db.get<OfferRow>('SELECT * FROM offers WHERE id = ?', [offerId])) as OfferRow;
}

/** A sale at the price and currency the offer has now, unless `extra` says otherwise. */
async function sell(user: TestUser, offerId: number, number: string, extra: Record<string, string> = {}) {
  const shown = await termsOf(offerId);
  return post<SaleOrder>(
    server,
    'saleu/create-order',
    { saleu_id: offerId, number, unit_price: money(shown.unit_price), currency: shown.currency, ...extra },
    { token: user.token },
  );
}

/** An administrator's new price (and currency) for an offer, through the console's own function. */
async function reprice(offerId: number, price: string, currency?: string): Promise<void> {
  const offer = await termsOf(offerId);
  await saveOffer(
    server.app.wallet,
    {
      id: offerId,
      merchantId: offer.merchant_id,
      unitPrice: parseMoney(price) ?? ZERO,
      currency: currency ?? offer.currency,
      quantity: cents(offer.quantity),
      minNumber: cents(offer.min_number),
      maxNumber: cents(offer.max_number),
    },
    'test',
  );
}

async function remainingOf(offerId: number): Promise<string> {
  return (
    (await server.db.get('SELECT remaining FROM offers WHERE id = ?', [offerId])) as { remaining: number }
  ).remaining
    .toString()
    .replace(/(\d\d)$/, '.$1');
}

async function merchantOf(offerId: number): Promise<number> {
  return ((await server.db.get('SELECT merchant_id FROM offers WHERE id = ?', [offerId])) as { merchant_id: number })
    .merchant_id;
}

async function balanceOf(user: TestUser): Promise<string> {
  return (await call(server, 'userinfo/get-money-info', {}, user.token)).balance;
}

describe('the hall', () => {
  it('lists open offers best price first, with the merchant’s figures', async () => {
    const user = await signUp(server);
    const hall = await call(server, 'selling/order', {}, user.token);
    expect(hall.total).toBe(5);
    expect(hall.list.map((item) => `${item.unit_price} ${item.currency}`)).toEqual([
      '1.01 USD',
      '1.00 USD',
      '0.93 EUR',
      '0.92 EUR',
      '0.79 GBP',
    ]);
    expect(hall.list[0]).toMatchObject<Partial<Offer>>({
      quantity: '80000.00',
      remaining: '80000.00',
      min_number: '10.00',
      max_number: '10000.00',
      merchant: expect.objectContaining({ name: 'Lumen Traders', completion_rate: '99.10', orders_count: 2310 }),
    });
    const second = await call(server, 'selling/order', { page: '2', page_size: '2' }, user.token);
    expect(second.list.map((item) => item.unit_price)).toEqual(['0.93', '0.92']);
  });

  it('serves a remembered hall page whole, in each caller’s language', async () => {
    const user = await signUp(server);
    const english = await post<Page<Offer>>(server, 'selling/order', { lang: 'en' }, { token: user.token });
    const german = await post<Page<Offer>>(server, 'selling/order', { lang: 'de' }, { token: user.token });
    expect(english).toMatchObject({ code: 200, msg: 'Success' });
    expect(german).toMatchObject({ code: 200, msg: 'Erfolgreich' });
    expect(german.data).toEqual(english.data);
  });

  it('shows an offer the operator adds from another process at once, remembered page or not', async () => {
    const user = await signUp(server);
    expect((await call(server, 'selling/order', {}, user.token)).total).toBe(5);
    const operator = await openDatabase(server.database);
    try {
      const merchant = (await opsOutput(operator, 'merchant', 'add', '--name', 'Late Desk')).at(-1) ?? '';
      await opsOutput(
        operator,
        'offer',
        'add',
        '--merchant',
        merchant,
        '--price',
        '1.02',
        '--currency',
        'USD',
        '--quantity',
        '50',
        '--min',
        '1',
        '--max',
        '50',
      );
    } finally {
      await operator.close();
    }
    // The test clock stands still, so only the other connection's commit can make the page stale.
    const hall = await call(server, 'selling/order', {}, user.token);
    expect(hall.total).toBe(6);
    expect(hall.list[0]?.merchant.name).toBe('Late Desk');
  });

  it('lists only offers a sale can fill, with what is left as the upper limit when it is less', async () => {
    const user = await seller('500.00');
    const unfillable = await offer('1.05', '100', '50', '500', 'USD');
    const partlySold = await offer('1.04', '100', '10', '500', 'USD');
    // A page remembered before the sales: they must take effect on it at once.
    expect((await call(server, 'selling/order', {}, user.token)).total).toBe(7);
    expect((await sell(user, unfillable, '70')).code).toBe(200);
    expect((await sell(user, partlySold, '40')).code).toBe(200);

    const hall = await call(server, 'selling/order', {}, user.token);
    expect(hall.total).toBe(6);
    expect(hall.list.map((item) => item.id)).not.toContain(unfillable);
    expect(hall.list[0]).toMatchObject<Partial<Offer>>({
      id: partlySold,
      remaining: '60.00',
      min_number: '10.00',
      max_number: '60.00',
    });
    const merchants = (await call(server, 'selling/merchant', { page_size: '50' }, user.token)).list;
    const [unfillableMerchant, partlySoldMerchant] = [await merchantOf(unfillable), await merchantOf(partlySold)];
    expect(merchants.find((merchant) => merchant.id === unfillableMerchant)?.best_offer).toBeNull();
    expect(merchants.find((merchant) => merchant.id === partlySoldMerchant)?.best_offer).toMatchObject({
      id: partlySold,
      max_number: '60.00',
    });
    expect(await sell(user, unfillable, '30')).toMatchObject({ code: 409, msg: 'This offer has no USDT left to buy' });
    expect(await sell(user, unfillable, '50')).toMatchObject({ code: 409, msg: 'This offer has no USDT left to buy' });
    expect(await remainingOf(unfillable)).toBe('30.00');
  });

  it('reads a hall page from its partial index, already in order', async () => {
    const plan =
      server.db.dialect === 'sqlite'
        ? (await server.db.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${OPEN_OFFERS}`, [10, 0])).map(
            (row) => row.detail,
          )
        : await server.db.transaction(async (tx) => {
            // A handful of rows is cheapest to read whole: ask for the plan a full hall would get.
            await tx.run('SET LOCAL enable_seqscan = off');
            await tx.run('SET LOCAL enable_sort = off');
            return (await tx.all<{ 'QUERY PLAN': string }>(`EXPLAIN ${OPEN_OFFERS}`, [10, 0])).map(
              (row) => row['QUERY PLAN'],
            );
          });
    expect(plan.join('\n')).toMatch(/offers_open/);
    expect(plan.join('\n')).not.toMatch(/TEMP B-TREE|Sort/);
  });

  it('lists merchants with their best open offer', async () => {
    const user = await signUp(server);
    const merchants = await call(server, 'selling/merchant', {}, user.token);
    expect(merchants.total).toBe(3);
    expect(merchants.list[0]).toMatchObject({
      name: 'Lumen Traders',
      best_offer: expect.objectContaining({ unit_price: '1.01' }),
    });
    const bare = Number(await ops('merchant', 'add', '--name', 'No Offers Yet'));
    const all = await call(server, 'selling/merchant', { page_size: '50' }, user.token);
    expect(all.list.find((merchant) => merchant.id === bare)).toMatchObject({
      best_offer: null,
      completion_rate: '100.00',
    });
  });

  it('answers -1 without a session', async () => {
    for (const callPath of [
      'selling/order',
      'selling/merchant',
      'selling/tongji',
      'selling/history',
      'saleu/list-order',
    ] as const) {
      expect((await post(server, callPath, {})).code).toBe(-1);
    }
    expect((await post(server, 'saleu/create-order', { saleu_id: '1', number: '10' })).code).toBe(-1);
  });
});

describe('saleu/create-order', () => {
  it('takes the USDT now, lowers the offer, and prices the order in integer cents', async () => {
    const user = await seller();
    const offerId = await offer('0.93');
    const reply = await sell(user, offerId, '33.33');
    expect(reply.code).toBe(200);
    expect(reply.data).toMatchObject<Partial<SaleOrder>>({
      saleu_id: offerId,
      number: '33.33',
      unit_price: '0.93',
      amount: '31.00',
      currency: 'EUR',
      state: 'audit',
      order_no: expect.stringMatching(/^S\d{8}[A-Z0-9]{8}$/),
    });
    expect(reply.data.matching_time).toEqual(expect.any(String));
    expect(await remainingOf(offerId)).toBe('966.67');
    expect(await call(server, 'userinfo/get-money-info', {}, user.token)).toEqual({
      balance: '166.67',
      frozen: '33.33',
      wallet: '0.00',
      total: '200.00',
    });
    const log = await call(server, 'asset-log/list', { page_size: '1' }, user.token);
    expect(log.list[0]).toMatchObject({ kind: 'sale', amount: '-33.33', balance: '166.67' });
  });

  it.each([
    [{ number: '9.99' }, 400, 'number', 'On this offer you can sell between 10.00 and 500.00 USDT'],
    [{ number: '500.01' }, 400, 'number', 'On this offer you can sell between 10.00 and 500.00 USDT'],
    [{ number: '' }, 400, 'number', 'Please enter the quantity'],
    [{ number: '1e2' }, 400, 'number', 'Enter a positive quantity with at most two decimals'],
    [{ number: '-10' }, 400, 'number', 'Enter a positive quantity with at most two decimals'],
    [{ number: '10.005' }, 400, 'number', 'Enter a positive quantity with at most two decimals'],
    [{ number: '0x10' }, 400, 'number', 'Enter a positive quantity with at most two decimals'],
    [{ saleu_id: 'abc' }, 400, 'saleu_id', 'Please check the highlighted field'],
    [{ saleu_id: '' }, 400, 'saleu_id', 'Please choose an offer'],
  ])('refuses %j', async (overrides, code, field, message) => {
    const user = await seller();
    const offerId = await offer();
    const reply = await post(
      server,
      'saleu/create-order',
      { saleu_id: offerId, number: '20', unit_price: '0.93', currency: 'EUR', ...overrides },
      { token: user.token },
    );
    expect(reply).toEqual({ code, msg: message, data: { field } });
    expect(await balanceOf(user)).toBe('200.00');
    expect(await remainingOf(offerId)).toBe('1000.00');
  });

  it('answers 404 for an offer that does not exist', async () => {
    const user = await seller();
    const reply = await post(
      server,
      'saleu/create-order',
      { saleu_id: 999_999, number: '20', unit_price: '0.93', currency: 'EUR' },
      { token: user.token },
    );
    expect(reply.code).toBe(404);
  });

  it('refuses more than the balance and leaves the offer untouched', async () => {
    const user = await seller('50.00');
    const offerId = await offer();
    const reply = await sell(user, offerId, '50.01');
    expect(reply).toMatchObject({ code: 409, msg: 'Insufficient balance' });
    expect(await remainingOf(offerId)).toBe('1000.00');
    expect(await balanceOf(user)).toBe('50.00');
  });

  it('refuses more than the offer has left, and an exhausted offer, with 409', async () => {
    const user = await seller('500.00');
    const offerId = await offer('1.00', '100', '10', '500');
    expect((await sell(user, offerId, '80')).code).toBe(200);
    expect(await sell(user, offerId, '30')).toMatchObject({ code: 409, msg: 'Only 20.00 USDT are left on this offer' });
    expect((await sell(user, offerId, '20')).code).toBe(200);
    expect(await sell(user, offerId, '10')).toMatchObject({ code: 409, msg: 'This offer has no USDT left to buy' });
    expect(await balanceOf(user)).toBe('400.00');
  });

  it('lets 40 parallel sells of 10 through exactly as far as the balance covers', async () => {
    const user = await seller('100.00');
    const offerId = await offer('0.93', '1000', '10', '500');
    const replies = await Promise.all(Array.from({ length: 40 }, () => sell(user, offerId, '10')));
    const codes = replies.map((reply) => reply.code);
    expect(codes.filter((code) => code === 200)).toHaveLength(10);
    expect(codes.filter((code) => code === 409)).toHaveLength(30);
    expect(await balanceOf(user)).toBe('0.00');
    expect(await remainingOf(offerId)).toBe('900.00');
    const sales = await server.db.get(
      "SELECT COUNT(*) AS n, SUM(amount) AS total FROM ledger WHERE user_id = ? AND kind = 'sale'",
      [user.user.id],
    );
    expect(sales).toEqual({ n: 10, total: -10_000 });
    expect((await call(server, 'saleu/list-order', {}, user.token)).total).toBe(10);
  });

  it('acts once per request_id', async () => {
    const user = await seller();
    const offerId = await offer();
    const replies = await Promise.all([1, 2, 3].map(() => sell(user, offerId, '25', { request_id: 'sell-once' })));
    expect(new Set(replies.map((reply) => reply.data.id)).size).toBe(1);
    expect(await balanceOf(user)).toBe('175.00');
    expect(await remainingOf(offerId)).toBe('975.00');
    expect((await sell(user, offerId, '26', { request_id: 'sell-once' })).code).toBe(409);
  });
});

describe('the price the customer was shown', () => {
  const PRICE_CHANGED = 'The price of this offer has changed. Please check the new price and confirm again';

  async function ledgerOf(user: TestUser) {
    return server.db.all('SELECT * FROM ledger WHERE user_id = ? ORDER BY id', [user.user.id]);
  }

  it('refuses a sale at a price the offer no longer has, moving nothing, and says what the price is now', async () => {
    const user = await seller();
    const offerId = await offer('0.93', '1000', '10', '500', 'EUR');
    const ledger = await ledgerOf(user);
    await reprice(offerId, '0.01');
    const reply = await sell(user, offerId, '20', { unit_price: '0.93', currency: 'EUR' });
    expect(reply).toEqual({
      code: 409,
      msg: PRICE_CHANGED,
      data: {
        field: 'unit_price',
        offer: expect.objectContaining<Partial<Offer>>({ id: offerId, unit_price: '0.01', currency: 'EUR' }),
      },
    });
    expect(await balanceOf(user)).toBe('200.00');
    expect(await remainingOf(offerId)).toBe('1000.00');
    expect(await ledgerOf(user)).toEqual(ledger);
    expect((await call(server, 'saleu/list-order', {}, user.token)).total).toBe(0);
    const german = await sell(user, offerId, '20', { unit_price: '0.93', currency: 'EUR', lang: 'de' });
    expect(german.msg).toBe(
      'Der Preis dieses Angebots hat sich geändert. Bitte prüfen Sie den neuen Preis und bestätigen Sie erneut',
    );
  });

  it('refuses a sale in a currency the offer no longer has', async () => {
    const user = await seller();
    const offerId = await offer('0.93', '1000', '10', '500', 'EUR');
    await reprice(offerId, '0.93', 'USD');
    expect(await sell(user, offerId, '20', { unit_price: '0.93', currency: 'EUR' })).toMatchObject({
      code: 409,
      msg: PRICE_CHANGED,
      data: { field: 'unit_price', offer: { unit_price: '0.93', currency: 'USD' } },
    });
    expect(await balanceOf(user)).toBe('200.00');
    expect(await remainingOf(offerId)).toBe('1000.00');
  });

  it('sells at the new price once the customer confirms it', async () => {
    const user = await seller();
    const offerId = await offer('0.93', '1000', '10', '500', 'EUR');
    await reprice(offerId, '0.01');
    const reply = await sell(user, offerId, '20', { unit_price: '0.01', currency: 'EUR' });
    expect(reply).toMatchObject({ code: 200, data: { unit_price: '0.01', amount: '0.20', currency: 'EUR' } });
    expect(await balanceOf(user)).toBe('180.00');
  });

  it.each([
    ['without unit_price', { unit_price: undefined }, 'unit_price', 'Please reload the app and open the offer again'],
    ['without currency', { currency: undefined }, 'currency', 'Please reload the app and open the offer again'],
    ['with unit_price 0.9300', { unit_price: '0.9300' }, 'unit_price', 'Please check the highlighted field'],
    ['with unit_price 0', { unit_price: '0' }, 'unit_price', 'Please check the highlighted field'],
    ['with currency eur', { currency: 'eur' }, 'currency', 'Please check the highlighted field'],
  ])('refuses a sale %s as a bad request', async (_case, overrides, field, message) => {
    const user = await seller();
    const offerId = await offer('0.93', '1000', '10', '500', 'EUR');
    const reply = await post(
      server,
      'saleu/create-order',
      { saleu_id: offerId, number: '20', unit_price: '0.93', currency: 'EUR', ...overrides },
      { token: user.token },
    );
    expect(reply).toEqual({ code: 400, msg: message, data: { field } });
    expect(await balanceOf(user)).toBe('200.00');
  });

  it('answers a retry of a sale with its first answer, even after the price changed', async () => {
    const user = await seller();
    const offerId = await offer('0.93', '1000', '10', '500', 'EUR');
    const terms = { unit_price: '0.93', currency: 'EUR', request_id: 'sell-before-reprice' };
    const first = await sell(user, offerId, '25', terms);
    await reprice(offerId, '0.01');
    const retry = await sell(user, offerId, '25', terms);
    expect(retry).toMatchObject({ code: 200, data: { id: first.data.id, unit_price: '0.93', amount: '23.25' } });
    expect(await balanceOf(user)).toBe('175.00');
    expect(await remainingOf(offerId)).toBe('975.00');
  });

  it.runIf(process.env.TEST_ENGINE === 'postgres')(
    'checks the price on the row it sells into, when a change commits while the sale runs',
    async () => {
      const user = await seller();
      const offerId = await offer('0.93', '1000', '10', '500', 'EUR');
      let sale: ReturnType<typeof sell> | undefined;
      // The change holds the offer's row until it commits: the sale reads the old price, then
      // waits on the row to take its quantity, and must find the price changed there.
      await server.db.transaction(async (tx) => {
        await tx.run('UPDATE offers SET unit_price = 1 WHERE id = ?', [offerId]);
        sale = sell(user, offerId, '20', { unit_price: '0.93', currency: 'EUR' });
        await expect
          .poll(
            async () =>
              (
                await server.db.get<{ n: number }>(
                  "SELECT COUNT(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
                )
              )?.n,
          )
          .toBe(1);
      });
      expect(await sale).toMatchObject({ code: 409, data: { field: 'unit_price', offer: { unit_price: '0.01' } } });
      expect(await balanceOf(user)).toBe('200.00');
      expect(await remainingOf(offerId)).toBe('1000.00');
    },
  );
});

describe('review of a sale', () => {
  it('completes: counts for the merchant, the hall figures and the history', async () => {
    const user = await seller();
    const offerId = await offer('0.93');
    const order = (await sell(user, offerId, '40')).data;
    await decide(server.app.wallet, 'sale', 'approve', order.id, cliUser('test'));

    const list = await call(server, 'saleu/list-order', { state: 'completion' }, user.token);
    expect(list.list.map((item) => [item.id, item.state])).toEqual([[order.id, 'completion']]);
    expect((await call(server, 'saleu/list-order', { state: 'audit' }, user.token)).total).toBe(0);
    const figures = await call(server, 'selling/tongji', {}, user.token);
    expect(figures).toEqual({ total_volume: '40.00', today_volume: '40.00', merchants: 4, my_sold: '40.00' });
    const history = await call(server, 'selling/history', {}, user.token);
    expect(history.list[0]).toMatchObject({ number: '40.00', unit_price: '0.93', currency: 'EUR' });
    expect(history.list[0]?.account).toMatch(/^\w{2}\*\*\*\w$/);
    expect(history.list[0]?.account).not.toBe(user.user.account);
    expect(await call(server, 'property/tongji', {}, user.token)).toMatchObject({ total_sale: '40.00' });
    expect((await call(server, 'userinfo/get-money-info', {}, user.token)).frozen).toBe('0.00');
    const merchant = (await call(server, 'selling/order', { page_size: '50' }, user.token)).list.find(
      (item) => item.id === offerId,
    );
    expect(merchant?.merchant.orders_count).toBe(1);
  });

  it('rejects: refunds the seller and gives the quantity back to the offer', async () => {
    const user = await seller();
    const offerId = await offer();
    const order = (await sell(user, offerId, '40')).data;
    await decide(server.app.wallet, 'sale', 'reject', order.id, cliUser('test'), 'merchant cancelled');
    expect(await balanceOf(user)).toBe('200.00');
    expect(await remainingOf(offerId)).toBe('1000.00');
    const log = await call(server, 'asset-log/list', { page_size: '1' }, user.token);
    expect(log.list[0]).toMatchObject({ kind: 'sale_refund', amount: '40.00', remark: 'merchant cancelled' });
    expect((await call(server, 'saleu/list-order', { state: 'reject' }, user.token)).list[0]?.id).toBe(order.id);
    await expect(decide(server.app.wallet, 'sale', 'approve', order.id, cliUser('test'))).rejects.toThrow(
      'already reviewed',
    );
  });

  it('shows each customer only their own orders', async () => {
    const first = await seller();
    const second = await seller();
    const offerId = await offer();
    await sell(first, offerId, '20');
    expect((await call(server, 'saleu/list-order', {}, second.token)).total).toBe(0);
    expect((await post(server, 'saleu/list-order', { state: 'done' }, { token: second.token })).code).toBe(400);
  });
});
