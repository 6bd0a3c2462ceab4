import { describe, expect, it } from 'vitest';
import type { MoneyInfo, UserInfo } from '../../contract/responses';
import { fillRunningTotals } from '../platform/database/migrations/020-fill-running-totals';
import { DEMO_ACCOUNT } from '../demo/demo-data';
import { TINY_PNG, call, post, signUp, freshServerPerTest, type TestServer } from '../testing/test-support';

let server: TestServer;
freshServerPerTest((started) => (server = started), { demo: true, checkLedger: true });

async function demoToken(): Promise<string> {
  const reply = await call(server, 'user/login', { account: DEMO_ACCOUNT.account, password: DEMO_ACCOUNT.password });
  return reply.token;
}

describe('userinfo/get-info', () => {
  it('returns the signed-in user and nothing secret', async () => {
    const user = await signUp(server);
    const info = await call(server, 'userinfo/get-info', {}, user.token);
    expect(Object.keys(info).sort()).toEqual(
      ['account', 'avatar', 'created_at', 'email', 'id', 'invite_code', 'nickname', 'vip'].sort(),
    );
    expect(info).toMatchObject({ account: user.user.account, nickname: user.user.account, avatar: '', vip: 0 });
  });

  it('answers -1 without a session', async () => {
    expect((await post(server, 'userinfo/get-info')).code).toBe(-1);
  });
});

describe('userinfo/get-money-info', () => {
  it('shows the demo account’s balance as two-decimal strings', async () => {
    const money = await call(server, 'userinfo/get-money-info', {}, await demoToken());
    expect(money).toEqual<MoneyInfo>({ balance: '1000.00', frozen: '0.00', wallet: '0.00', total: '1000.00' });
  });

  it('counts open sales and withdrawals as frozen and holdings as wallet', async () => {
    const token = await demoToken();
    const userId = (await server.app.wallet.queries.users.byAccount(DEMO_ACCOUNT.account))?.id;
    const at = '2026-11-22T08:00:00.000Z';
    await server.db.exec(`
      INSERT INTO sale_orders (order_no, user_id, offer_id, number, unit_price, amount, currency, state, created_at, updated_at)
      VALUES ('T1', ${userId}, 1, 1250, 93, 1163, 'EUR', 'audit', '${at}', '${at}'),
             ('T2', ${userId}, 1, 9999, 93, 9299, 'EUR', 'completion', '${at}', '${at}');
      INSERT INTO bank_accounts (id, user_id, type, details, created_at) VALUES (1, ${userId}, 'bank', '{}', '${at}');
      INSERT INTO withdrawals (order_no, user_id, type, bank_account_id, amount, state, created_at, updated_at)
      VALUES ('W1', ${userId}, 'bank', 1, 2000, 'audit', '${at}', '${at}');
      INSERT INTO interest_orders (user_id, product_id, name, number, rate, days, interest, started_at, expires_at, state)
      VALUES (${userId}, 1, 'p', 5005, 600, 30, 24, '${at}', '${at}', 'holding'),
             (${userId}, 1, 'p', 7000, 600, 30, 34, '${at}', '${at}', 'done');
    `);
    // Written straight into the tables: their running totals filled as the migration fills them.
    await server.db.transaction((tx) => fillRunningTotals(tx));
    const money = await call(server, 'userinfo/get-money-info', {}, token);
    expect(money).toEqual<MoneyInfo>({ balance: '1000.00', frozen: '32.50', wallet: '50.05', total: '1082.55' });
  });

  it('shows a new user zero everywhere', async () => {
    const user = await signUp(server);
    expect(await call(server, 'userinfo/get-money-info', {}, user.token)).toEqual({
      balance: '0.00',
      frozen: '0.00',
      wallet: '0.00',
      total: '0.00',
    });
  });

  it('answers -1 without a session', async () => {
    expect((await post(server, 'userinfo/get-money-info', {}, { token: 'expired' })).code).toBe(-1);
  });
});

describe('userinfo/save', () => {
  it('saves a trimmed nickname', async () => {
    const user = await signUp(server);
    const saved = await call(server, 'userinfo/save', { nickname: '  小明 Ming  ' }, user.token);
    expect(saved.nickname).toBe('小明 Ming');
    const info = await call(server, 'userinfo/get-info', {}, user.token);
    expect(info.nickname).toBe('小明 Ming');
  });

  it.each([
    [{}, 'Please enter a nickname'],
    [{ nickname: '   ' }, 'Please enter a nickname'],
    [{ nickname: 'x'.repeat(21) }, 'A nickname is 1–20 characters'],
    [{ nickname: 'bad\u0007bell' }, 'A nickname is 1–20 characters'],
    [{ nickname: '\u3164' }, 'A nickname is 1–20 characters'],
    [{ nickname: '\u3164\u3164\u3164' }, 'A nickname is 1–20 characters'],
    [{ nickname: '\u2800' }, 'A nickname is 1–20 characters'],
    [{ nickname: `Z${'\u0301'.repeat(19)}` }, 'A nickname is 1–20 characters'],
    [{ nickname: 'name\uffff' }, 'A nickname is 1–20 characters'],
    // A lone surrogate cannot travel in a form body: it arrives as U+FFFD.
    [{ nickname: 'half\ud800' }, 'A nickname is 1–20 characters'],
  ])('refuses %j', async (fields, message) => {
    const user = await signUp(server);
    expect(await post(server, 'userinfo/save', fields, { token: user.token })).toMatchObject({
      code: 400,
      msg: message,
      data: { field: 'nickname' },
    });
  });

  it('refuses an avatar that is not the caller’s own upload', async () => {
    const owner = await signUp(server);
    const other = await signUp(server);
    const name = `${'a'.repeat(32)}.png`;
    await server.app.wallet.queries.uploads.insert({
      user_id: owner.user.id,
      name,
      mime: 'image/png',
      size: TINY_PNG.length,
      content: TINY_PNG,
      content_hash: 'a'.repeat(64),
      created_at: '2026-11-22T08:00:00.000Z',
    });
    const stolen = await post(
      server,
      'userinfo/save',
      { nickname: 'x', avatar: `/uploads/${name}` },
      { token: other.token },
    );
    expect(stolen).toMatchObject({ code: 400, data: { field: 'avatar' } });
    const own = await post<UserInfo>(
      server,
      'userinfo/save',
      { nickname: 'x', avatar: `/uploads/${name}` },
      { token: owner.token },
    );
    expect(own.data.avatar).toBe(`/uploads/${name}`);
    const foreign = await post(
      server,
      'userinfo/save',
      { nickname: 'x', avatar: 'https://evil.example/a.png' },
      { token: owner.token },
    );
    expect(foreign.code).toBe(400);
  });

  it('keeps an avatar set elsewhere when only the nickname is saved', async () => {
    const user = await signUp(server);
    // The session check is cached; another node (or a save in flight) changes the avatar meanwhile.
    await call(server, 'userinfo/get-info', {}, user.token);
    await server.db.run('UPDATE users SET avatar = ? WHERE id = ?', ['/uploads/set-elsewhere.png', user.user.id]);
    const saved = await call(server, 'userinfo/save', { nickname: 'Renamed' }, user.token);
    expect(saved).toMatchObject({ nickname: 'Renamed', avatar: '/uploads/set-elsewhere.png' });
  });

  it('answers -1 without a session', async () => {
    expect((await post(server, 'userinfo/save', { nickname: 'x' })).code).toBe(-1);
  });
});
