import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { AssetLogEntry, BankInfo, Page, Withdrawal } from '../../contract/responses';
import { cliUser, decide, ReviewError } from '../review/review';
import { MAX_OPEN_RECHARGES } from '../deposits/routes';
import {
  approveOrder,
  bindPayout,
  TINY_PNG,
  uniquePng,
  call,
  fund,
  post,
  signUp,
  freshServerPerTest,
  upload,
  type TestServer,
  type TestUser,
  signInOperator,
} from '../testing/test-support';

let server: TestServer;
// Money races send several password checks at once; the cap on hashes at once has its own tests.
freshServerPerTest((started) => (server = started), { demo: true, checkLedger: true, limits: { hashesAtOnce: 8 } });

const bankCard = {
  type: 'bank',
  full_name: 'Alice Example',
  telephone: '+44 20 7946 0958',
  email: 'alice@example.com',
  iban: 'GB82 WEST 1234 5698 7654 32',
  bank_name: 'Example Bank',
  area: 'London',
  country: 'United Kingdom',
  swift: 'westgb2l',
};

const wise = {
  type: 'wise',
  name: 'Alice',
  surname: 'Example',
  email: 'alice@example.com',
  iban: 'DE89370400440532013000',
  address: '1 Example Street',
  city: 'Berlin',
  state_region: 'Berlin',
  country: 'Germany',
};

async function bind(user: TestUser, fields: Record<string, string> = bankCard): Promise<BankInfo> {
  const reply = await bindPayout(server, user, fields);
  expect(reply.code).toBe(200);
  return reply.data;
}

async function balanceOf(user: TestUser): Promise<string> {
  return (await call(server, 'userinfo/get-money-info', {}, user.token)).balance;
}

async function proofUrl(user: TestUser): Promise<string> {
  const reply = await upload(server, user.token, await uniquePng());
  expect(reply.code).toBe(200);
  return reply.data.url;
}

describe('attach/upload', () => {
  it('stores an image under a random name and serves it back typed and inert', async () => {
    const user = await signUp(server);
    const reply = await upload(server, user.token, TINY_PNG, { filename: '../../evil.html', contentType: 'text/html' });
    expect(reply.code).toBe(200);
    expect(reply.data.url).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    const served = await server.app.inject({
      method: 'GET',
      url: reply.data.url,
      headers: { 'access-token': user.token },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    // Kept in the database (every node serves it), not in a node's own folder.
    const stored = await server.db.get<{ content: Buffer }>('SELECT content FROM uploads WHERE name = ?', [
      reply.data.url.replace('/uploads/', ''),
    ]);
    expect(stored && served.rawPayload.equals(stored.content)).toBe(true);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('png');
    expect(fs.existsSync(path.join(server.dir, 'uploads'))).toBe(false);
  });

  it('still serves an upload stored in the folder before uploads moved into the database', async () => {
    const user = await signUp(server);
    const name = `${'b'.repeat(32)}.png`;
    fs.mkdirSync(path.join(server.dir, 'uploads'));
    fs.writeFileSync(path.join(server.dir, 'uploads', name), TINY_PNG);
    await server.db.run(
      "INSERT INTO uploads (user_id, name, mime, size, created_at) VALUES (?, ?, 'image/png', ?, '2026-01-01T00:00:00.000Z')",
      [user.user.id, name, TINY_PNG.length],
    );
    const served = await server.app.inject({
      method: 'GET',
      url: `/uploads/${name}`,
      headers: { 'access-token': user.token },
    });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(TINY_PNG)).toBe(true);
  });

  it.each([
    ['an HTML file named .png', Buffer.from('<html><script>alert(1)</script></html>'), 415],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary'), 415],
    ['an empty file', Buffer.alloc(0), 415],
    ['a 6 MB file', Buffer.concat([TINY_PNG, Buffer.alloc(6 * 1024 * 1024)]), 413],
  ])('refuses %s', async (_name, content, code) => {
    const user = await signUp(server);
    const reply = await upload(server, user.token, content, { lang: 'de' });
    expect(reply.code).toBe(code);
    expect(reply.data).toEqual({ field: 'file' });
    expect(reply.msg).toMatch(/Bild/);
  });

  it('needs a session and a file', async () => {
    expect((await upload(server, undefined, TINY_PNG)).code).toBe(-1);
    const user = await signUp(server);
    expect((await post(server, 'attach/upload', {}, { token: user.token })).code).toBe(400);
  });

  it('shows a proof only to its owner and to operators, and an avatar to anyone', async () => {
    const owner = await signUp(server);
    const stranger = await signUp(server);
    const url = (await upload(server, owner.token, TINY_PNG)).data.url;
    const status = async (headers: Record<string, string>) =>
      (await server.app.inject({ method: 'GET', url, headers })).statusCode;
    expect(await status({})).toBe(404);
    expect(await status({ 'access-token': stranger.token })).toBe(404);
    expect(await status({ 'access-token': owner.token })).toBe(200);
    const operator = await signInOperator(server, 'proofs', 'reviewer');
    expect(await status({ cookie: operator.cookie })).toBe(200);
    expect(
      (await server.app.inject({ method: 'GET', url, headers: { cookie: operator.cookie } })).headers['cache-control'],
    ).toBe('no-store');
    await call(server, 'userinfo/save', { nickname: 'owner', avatar: url }, owner.token);
    expect(await status({})).toBe(200);
  });

  it('answers 404 for names it did not give out', async () => {
    for (const url of ['/uploads/../wallet.db', `/uploads/${'a'.repeat(32)}.png`, '/uploads/x.svg']) {
      expect((await server.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});

describe('recharge', () => {
  it('shows the receiving address of each network', async () => {
    const user = await signUp(server);
    const first = await call(server, 'recharge/shoukuan-address', { type: '' }, user.token);
    expect(first).toEqual({
      type: 'TRC20',
      types: ['TRC20', 'ERC20'],
      address: 'TDEMOxNOTxAxREALxADDRESSxDONOTPAY',
      min_amount: '10.00',
    });
    const erc = await call(server, 'recharge/shoukuan-address', { type: 'erc20' }, user.token);
    expect(erc).toMatchObject({ type: 'ERC20', min_amount: '20.00' });
    expect((await post(server, 'recharge/shoukuan-address', { type: 'BEP20' }, { token: user.token })).code).toBe(404);
  });

  it('waits in review, then the operator credits it once', async () => {
    const user = await signUp(server);
    const credentials = await proofUrl(user);
    const created = await call(
      server,
      'recharge/create',
      { type: 'TRC20', category: 'USDT', address: 'TDEMOxNOTxAxREALxADDRESSxDONOTPAY', amount: '125.50', credentials },
      user.token,
    );
    expect(created).toEqual({ id: expect.any(Number), state: 'audit' });
    expect(await balanceOf(user)).toBe('0.00');

    await decide(server.app.wallet, 'recharge', 'approve', created.id, cliUser('test'));
    expect(await balanceOf(user)).toBe('125.50');
    await expect(decide(server.app.wallet, 'recharge', 'approve', created.id, cliUser('test'))).rejects.toThrow(
      ReviewError,
    );
    expect(await balanceOf(user)).toBe('125.50');
    expect(await call(server, 'property/tongji', {}, user.token)).toEqual({
      balance: '125.50',
      recharge_amount: '125.50',
      total_acquisition: '125.50',
      total_sale: '0.00',
    });
  });

  it('credits nothing when the operator rejects it', async () => {
    const user = await signUp(server);
    const credentials = await proofUrl(user);
    const created = await call(
      server,
      'recharge/create',
      { type: 'TRC20', category: 'USDT', address: 'TDEMOxNOTxAxREALxADDRESSxDONOTPAY', amount: '50', credentials },
      user.token,
    );
    await decide(server.app.wallet, 'recharge', 'reject', created.id, cliUser('test'), 'no such transfer');
    expect(await balanceOf(user)).toBe('0.00');
  });

  it.each([
    [{ amount: '' }, 400, 'amount', 'Please enter the amount'],
    [{ amount: '9.99' }, 400, 'amount', 'The minimum amount is 10.00 USDT'],
    [{ amount: '1e3' }, 400, 'amount', 'Enter a positive amount with at most two decimals'],
    [{ amount: '-50' }, 400, 'amount', 'Enter a positive amount with at most two decimals'],
    [{ amount: '10.001' }, 400, 'amount', 'Enter a positive amount with at most two decimals'],
    [{ amount: '0' }, 400, 'amount', 'Enter a positive amount with at most two decimals'],
    [
      { address: 'TSomeoneElse' },
      409,
      'address',
      'The receiving address has changed. Please check the new address before you pay',
    ],
    [{ category: 'BTC' }, 400, 'category', 'Please check the highlighted field'],
    [{ credentials: '' }, 400, 'credentials', 'Please upload the transfer proof'],
    [{ credentials: 'https://evil.example/x.png' }, 400, 'credentials', 'Upload the transfer proof first'],
    [{ type: 'BTC1' }, 400, 'type', 'Please choose a valid type'],
  ])('refuses %j', async (overrides, code, field, message) => {
    const user = await signUp(server);
    const fields = {
      type: 'TRC20',
      category: 'USDT',
      address: 'TDEMOxNOTxAxREALxADDRESSxDONOTPAY',
      amount: '100',
      credentials: await proofUrl(user),
      ...overrides,
    };
    expect(await post(server, 'recharge/create', fields, { token: user.token })).toEqual({
      code,
      msg: message,
      data: { field },
    });
  });

  it('accepts only the caller’s own upload as proof', async () => {
    const owner = await signUp(server);
    const thief = await signUp(server);
    const credentials = await proofUrl(owner);
    const reply = await post(
      server,
      'recharge/create',
      { type: 'TRC20', category: 'USDT', address: 'TDEMOxNOTxAxREALxADDRESSxDONOTPAY', amount: '100', credentials },
      { token: thief.token },
    );
    expect(reply).toMatchObject({ code: 400, data: { field: 'credentials' } });
  });

  it('acts once per request_id and refuses the same id with other details', async () => {
    const user = await signUp(server);
    const fields = {
      type: 'TRC20',
      category: 'USDT' as const,
      address: 'TDEMOxNOTxAxREALxADDRESSxDONOTPAY',
      amount: '100',
      credentials: await proofUrl(user),
      request_id: 'req-1',
    };
    const first = await call(server, 'recharge/create', fields, user.token);
    const again = await call(server, 'recharge/create', fields, user.token);
    expect(again).toEqual(first);
    const changed = await post(server, 'recharge/create', { ...fields, amount: '200' }, { token: user.token });
    expect(changed).toMatchObject({ code: 409, data: { field: 'request_id' } });
    expect(await server.db.get('SELECT COUNT(*) AS n FROM recharges WHERE user_id = ?', [user.user.id])).toEqual({
      n: 1,
    });
    server.clock.advance(24 * 3600 + 1);
    // A day later the id is free again, but the proof still backs the first recharge.
    const later = await post(server, 'recharge/create', fields, { token: user.token });
    expect(later).toMatchObject({ code: 409, data: { field: 'credentials' } });
    const fresh = await call(server, 'recharge/create', { ...fields, credentials: await proofUrl(user) }, user.token);
    expect(fresh.id).not.toBe(first.id);
  });

  describe('one proof, one recharge', () => {
    const rechargeWith = (user: TestUser, credentials: string, amount = '5000') =>
      post(
        server,
        'recharge/create',
        { type: 'TRC20', category: 'USDT', address: 'TDEMOxNOTxAxREALxADDRESSxDONOTPAY', amount, credentials },
        { token: user.token },
      );

    it('refuses the same upload as the proof of a second recharge', async () => {
      const user = await signUp(server);
      const credentials = await proofUrl(user);
      expect((await rechargeWith(user, credentials)).code).toBe(200);
      const again = await rechargeWith(user, credentials, '4000');
      expect(again).toMatchObject({
        code: 409,
        msg: 'This transfer proof already belongs to another recharge. Please upload the proof of this payment',
        data: { field: 'credentials' },
      });
    });

    it('refuses the same picture uploaded again under another name, by anyone', async () => {
      const user = await signUp(server);
      const friend = await signUp(server);
      const picture = await uniquePng();
      const first = await upload(server, user.token, picture);
      const second = await upload(server, user.token, picture);
      const friends = await upload(server, friend.token, picture);
      expect(second.data.url).not.toBe(first.data.url);
      expect((await rechargeWith(user, first.data.url)).code).toBe(200);
      expect((await rechargeWith(user, second.data.url)).code).toBe(409);
      expect((await rechargeWith(friend, friends.data.url)).code).toBe(409);
    });

    it('lets one of five recharges sent at once on one proof through', async () => {
      const user = await signUp(server);
      const credentials = await proofUrl(user);
      const replies = await Promise.all(Array.from({ length: 5 }, () => rechargeWith(user, credentials)));
      expect(replies.map((reply) => reply.code).sort()).toEqual([200, 409, 409, 409, 409]);
      expect(await server.db.get('SELECT COUNT(*) AS n FROM recharges WHERE user_id = ?', [user.user.id])).toEqual({
        n: 1,
      });
    });

    it('frees the proof of a rejected recharge, and only of a rejected one', async () => {
      const user = await signUp(server);
      const credentials = await proofUrl(user);
      const first = await rechargeWith(user, credentials);
      await decide(
        server.app.wallet,
        'recharge',
        'reject',
        (first.data as { id: number }).id,
        cliUser('test'),
        'wrong amount',
      );
      const corrected = await rechargeWith(user, credentials, '4500');
      expect(corrected.code).toBe(200);
      await approveOrder(server, 'recharge', (corrected.data as { id: number }).id);
      expect((await rechargeWith(user, credentials)).code).toBe(409);
    });

    it(`keeps at most ${MAX_OPEN_RECHARGES} recharges of one customer waiting for review`, async () => {
      const user = await signUp(server);
      const proofs = await Promise.all(Array.from({ length: MAX_OPEN_RECHARGES + 2 }, () => proofUrl(user)));
      const replies = await Promise.all(proofs.map((proof) => rechargeWith(user, proof)));
      expect(replies.filter((reply) => reply.code === 200)).toHaveLength(MAX_OPEN_RECHARGES);
      const refused = replies.filter((reply) => reply.code !== 200);
      expect(refused).toHaveLength(2);
      expect(refused[0]?.msg).toBe(
        `You already have ${MAX_OPEN_RECHARGES} recharges waiting for review. Please wait until they are reviewed`,
      );
      const firstId = (replies.find((reply) => reply.code === 200)?.data as { id: number }).id;
      await approveOrder(server, 'recharge', firstId);
      const unused = proofs[replies.findIndex((reply) => reply.code !== 200)] ?? '';
      expect((await rechargeWith(user, unused)).code).toBe(200);
    });
  });

  it('answers -1 without a session', async () => {
    expect((await post(server, 'recharge/shoukuan-address', {})).code).toBe(-1);
    expect((await post(server, 'recharge/create', {})).code).toBe(-1);
  });
});

describe('bankinfo', () => {
  it('binds a bank card, lists it masked and shows it whole', async () => {
    const user = await signUp(server);
    const created = await bind(user);
    expect(created).toMatchObject({
      type: 'bank',
      iban: 'GB82WEST12345698765432',
      swift: 'WESTGB2L',
      full_name: 'Alice Example',
    });
    const list = await call(server, 'bankinfo/list', { type: 'bank' }, user.token);
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({ bk_id: created.bk_id, iban: '**** 5432' });
    expect(JSON.stringify(list)).not.toContain('GB82WEST');
    const detail = await call(server, 'bankinfo/detail', { type: 'bank', bk_id: String(created.bk_id) }, user.token);
    expect(detail.iban).toBe('GB82WEST12345698765432');
    expect(await call(server, 'bankinfo/get-is-add', {}, user.token)).toEqual({ is_add: true, types: ['bank'] });
  });

  it('binds Wise beside a card, once per type', async () => {
    const user = await signUp(server);
    expect(await call(server, 'bankinfo/get-is-add', {}, user.token)).toEqual({ is_add: false, types: [] });
    await bind(user);
    await bind(user, wise);
    expect(await call(server, 'bankinfo/get-is-add', {}, user.token)).toEqual({
      is_add: true,
      types: ['bank', 'wise'],
    });
    const second = await bindPayout(server, user, { ...bankCard, full_name: 'Mallory' });
    expect(second).toMatchObject({ code: 409, msg: expect.stringContaining('customer service') });
  });

  it.each([
    [{ iban: 'SHORT' }, 'iban'],
    [{ iban: '' }, 'iban'],
    [{ swift: 'ABC' }, 'swift'],
    [{ email: 'nope' }, 'email'],
    [{ telephone: 'call me' }, 'telephone'],
    [{ full_name: '   ' }, 'full_name'],
    [{ full_name: 'Alice\u0000Example' }, 'full_name'],
    [{ bank_name: 'Example \u202eknaB' }, 'bank_name'],
    [{ area: 'London\nEvil line' }, 'area'],
    [{ country: 'United\u2028Kingdom' }, 'country'],
    [{ type: 'paypal' }, 'type'],
  ])('refuses a card with %j', async (overrides, field) => {
    const user = await signUp(server);
    const reply = await post(server, 'bankinfo/create', { ...bankCard, ...overrides }, { token: user.token });
    expect(reply).toMatchObject({ code: 400, data: { field } });
  });

  it.each([['name'], ['surname'], ['address'], ['city'], ['state_region'], ['country']])(
    'refuses a Wise %s with a control or format character',
    async (field) => {
      const user = await signUp(server);
      const reply = await post(server, 'bankinfo/create', { ...wise, [field]: 'A\u202eB\r\nC' }, { token: user.token });
      expect(reply).toMatchObject({ code: 400, data: { field } });
    },
  );

  it('accepts a mainland-China mobile number', async () => {
    const user = await signUp(server);
    expect(await bind(user, { ...bankCard, telephone: '13800138000' })).toMatchObject({ telephone: '13800138000' });
  });

  it('hides another user’s binding behind 404', async () => {
    const owner = await signUp(server);
    const other = await signUp(server);
    const card = await bind(owner);
    const reply = await post(server, 'bankinfo/detail', { type: 'bank', bk_id: card.bk_id }, { token: other.token });
    expect(reply.code).toBe(404);
    expect(
      (await post(server, 'bankinfo/detail', { type: 'wise', bk_id: card.bk_id }, { token: owner.token })).code,
    ).toBe(404);
  });

  it('answers -1 without a session', async () => {
    expect((await post(server, 'bankinfo/list', { type: 'bank' })).code).toBe(-1);
  });
});

describe('withdraw', () => {
  async function ready(amount = '100.00') {
    const user = await signUp(server);
    await fund(server, user, amount);
    const card = await bind(user);
    return { user, card };
  }

  function withdrawal(user: TestUser, card: BankInfo, amount: string, extra: Record<string, string> = {}) {
    return post<{ id: number; order_no: string; state: string }>(
      server,
      'withdraw/create',
      { type: 'bank', bk_id: card.bk_id, amount, password: user.password, ...extra },
      { token: user.token },
    );
  }

  it('takes the amount at once, lists it in review, and pays out on approval', async () => {
    const { user, card } = await ready();
    const reply = await withdrawal(user, card, '40.00');
    expect(reply.code).toBe(200);
    expect(reply.data).toMatchObject({ state: 'audit', order_no: expect.stringMatching(/^W\d{8}[A-Z0-9]{8}$/) });
    expect(await call(server, 'userinfo/get-money-info', {}, user.token)).toEqual({
      balance: '60.00',
      frozen: '40.00',
      wallet: '0.00',
      total: '100.00',
    });
    const list = await call(server, 'withdraw/list', {}, user.token);
    expect(list.list[0]).toMatchObject<Partial<Withdrawal>>({
      amount: '40.00',
      fee: '0.00',
      account: '**** 5432',
      state: 'audit',
    });

    await decide(server.app.wallet, 'withdraw', 'approve', reply.data.id, cliUser('test'));
    expect(await balanceOf(user)).toBe('60.00');
    expect((await call(server, 'withdraw/list', {}, user.token)).list[0]?.state).toBe('success');
    expect((await call(server, 'userinfo/get-money-info', {}, user.token)).frozen).toBe('0.00');
  });

  it('lists withdrawals newest first, page by page', async () => {
    const { user, card } = await ready();
    const amounts = ['11.00', '12.00', '13.00'];
    for (const amount of amounts) {
      server.clock.advance(1);
      expect((await withdrawal(user, card, amount)).code).toBe(200);
    }
    const page = async (number: string) => call(server, 'withdraw/list', { page: number, page_size: '2' }, user.token);
    const first = await page('1');
    expect(first.total).toBe(3);
    expect(first.list.map((row) => row.amount)).toEqual(['13.00', '12.00']);
    expect((await page('2')).list.map((row) => row.amount)).toEqual(['11.00']);
    expect((await page('3')).list).toEqual([]);
  });

  it('refunds a rejected withdrawal with its own ledger row', async () => {
    const { user, card } = await ready();
    const reply = await withdrawal(user, card, '40.00');
    await decide(server.app.wallet, 'withdraw', 'reject', reply.data.id, cliUser('test'), 'IBAN closed');
    expect(await balanceOf(user)).toBe('100.00');
    const [latest] = (await call(server, 'withdraw/list', {}, user.token)).list;
    expect(latest).toMatchObject({ state: 'failure', remark: 'IBAN closed' });
    const log = await call(server, 'asset-log/list', {}, user.token);
    expect(log.list.map((entry) => [entry.kind, entry.amount, entry.balance])).toEqual([
      ['withdraw_refund', '40.00', '100.00'],
      ['withdraw', '-40.00', '60.00'],
      ['recharge', '100.00', '100.00'],
    ]);
  });

  it.each([
    [{ amount: '9.99' }, 400, 'amount'],
    [{ amount: '' }, 400, 'amount'],
    [{ amount: '1e2' }, 400, 'amount'],
    [{ amount: '100.001' }, 400, 'amount'],
    [{ amount: '-10' }, 400, 'amount'],
    [{ password: 'Wrong1234' }, 400, 'password'],
    [{ password: '' }, 400, 'password'],
    [{ type: 'wise' }, 404, undefined],
    [{ bk_id: '999999' }, 404, undefined],
    [{ bk_id: 'abc' }, 400, 'bk_id'],
  ])('refuses %j', async (overrides, code, field) => {
    const { user, card } = await ready();
    const reply = await withdrawal(user, card, '20.00', overrides);
    expect(reply.code).toBe(code);
    if (field) expect(reply.data).toEqual({ field });
    expect(await balanceOf(user)).toBe('100.00');
  });

  it('refuses more than the balance with 409 and moves nothing', async () => {
    const { user, card } = await ready('50.00');
    const reply = await withdrawal(user, card, '50.01');
    expect(reply).toMatchObject({ code: 409, msg: 'Insufficient balance' });
    expect(await balanceOf(user)).toBe('50.00');
    expect((await call(server, 'withdraw/list', {}, user.token)).total).toBe(0);
  });

  it('refuses another user’s binding with 404', async () => {
    const { card } = await ready();
    const { user: other } = await ready();
    const reply = await withdrawal(other, card, '20.00');
    expect(reply.code).toBe(404);
  });

  it('lets parallel withdrawals take only what the balance holds', async () => {
    // Five in parallel: each holds one of the account's five password checks while it runs.
    const { user, card } = await ready('100.00');
    const replies = await Promise.all(Array.from({ length: 5 }, () => withdrawal(user, card, '30.00')));
    const codes = replies.map((reply) => reply.code).sort();
    expect(codes.filter((code) => code === 200)).toHaveLength(3);
    expect(codes.filter((code) => code === 409)).toHaveLength(2);
    expect(await balanceOf(user)).toBe('10.00');
  });

  it('lets no more than five of 100 parallel wrong passwords reach the check', async () => {
    const { user, card } = await ready();
    const replies = await Promise.all(
      Array.from({ length: 100 }, () => withdrawal(user, card, '20.00', { password: 'Wrong1234' })),
    );
    expect(replies.filter((reply) => reply.code === 400).length).toBeLessThanOrEqual(5);
    expect(replies.filter((reply) => reply.code === 429).length).toBeGreaterThanOrEqual(95);
    expect(await balanceOf(user)).toBe('100.00');
  });

  it('checks the password before answering a replayed request_id', async () => {
    const { user, card } = await ready();
    const first = await withdrawal(user, card, '20.00', { request_id: 'once' });
    expect(first.code).toBe(200);
    const replay = await withdrawal(user, card, '20.00', { request_id: 'once', password: 'Wrong1234' });
    expect(replay.code).toBe(400);
    expect(replay.data).toEqual({ field: 'password' });
  });

  it('acts once per request_id, even sent twice at the same moment', async () => {
    const { user, card } = await ready();
    const [first, second] = await Promise.all([
      withdrawal(user, card, '25.00', { request_id: 'same' }),
      withdrawal(user, card, '25.00', { request_id: 'same' }),
    ]);
    expect(second).toEqual(first);
    expect(await balanceOf(user)).toBe('75.00');
  });

  it('holds the account after five wrong passwords', async () => {
    const { user, card } = await ready();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await withdrawal(user, card, '20.00', { password: 'Wrong1234' })).code).toBe(400);
    }
    expect((await withdrawal(user, card, '20.00')).code).toBe(429);
  });

  it('answers -1 without a session', async () => {
    expect((await post(server, 'withdraw/create', {})).code).toBe(-1);
    expect((await post(server, 'withdraw/list', {})).code).toBe(-1);
  });
});

describe('asset log and property', () => {
  it('lists every movement newest first, filters by direction and sums them', async () => {
    const user = await signUp(server);
    await fund(server, user, '80.00');
    await fund(server, user, '20.00');
    const card = await bind(user);
    await post(
      server,
      'withdraw/create',
      { type: 'bank', bk_id: card.bk_id, amount: '30.00', password: user.password },
      { token: user.token },
    );

    const all = await call(server, 'asset-log/list', { page: '1', page_size: '2' }, user.token);
    expect(all.total).toBe(3);
    expect(all.list).toHaveLength(2);
    expect(all.list[0]).toMatchObject<Partial<AssetLogEntry>>({
      kind: 'withdraw',
      amount: '-30.00',
      balance: '70.00',
      status: 'PAID',
    });
    const pageTwo = await call(server, 'asset-log/list', { page: '2', page_size: '2' }, user.token);
    expect(pageTwo.list.map((entry) => entry.amount)).toEqual(['80.00']);
    const income: Page<AssetLogEntry> = await call(server, 'asset-log/list', { kind: 'income' }, user.token);
    expect(income.list.map((entry) => entry.amount)).toEqual(['20.00', '80.00']);
    const expense = await call(server, 'asset-log/list', { kind: 'expense' }, user.token);
    expect(expense.list.map((entry) => entry.amount)).toEqual(['-30.00']);

    expect(await call(server, 'asset-log/tongji', {}, user.token)).toEqual({
      balance: '70.00',
      business_usdt: '30.00',
      income: '100.00',
      expenses: '30.00',
    });
    expect(await call(server, 'property/tongji', {}, user.token)).toMatchObject({
      recharge_amount: '100.00',
      total_acquisition: '100.00',
    });
  });

  it.each([{ page: '0' }, { page_size: '51' }, { page_size: '0' }, { kind: 'other' }, { page: '1.5' }])(
    'refuses the paging %j',
    async (fields) => {
      const user = await signUp(server);
      expect((await post(server, 'asset-log/list', fields, { token: user.token })).code).toBe(400);
    },
  );

  it('answers -1 without a session', async () => {
    for (const callPath of ['asset-log/list', 'asset-log/tongji', 'property/tongji'] as const) {
      expect((await post(server, callPath, {})).code).toBe(-1);
    }
  });
});
