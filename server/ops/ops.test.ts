import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../demo/demo-data';
import {
  bindPayout,
  TINY_PNG,
  call,
  expectLedgerBalanced,
  opsOutput,
  signUp,
  freshServerPerTest,
  upload,
  type TestServer,
} from '../testing/test-support';
import { OpsError } from './ops';

let server: TestServer;
freshServerPerTest((started) => (server = started), { demo: true });

function ops(...argv: string[]): Promise<string[]> {
  return opsOutput(server.db, ...argv);
}

describe('operator commands', () => {
  it('prints the root invitation code alone', async () => {
    expect(await ops('invite-code')).toEqual([server.rootInviteCode]);
  });

  it('shows a user with balance and ledger total, as text or JSON', async () => {
    const [json] = await ops('user', DEMO_ACCOUNT.account, '--json');
    expect(JSON.parse(json ?? '')).toMatchObject({
      account: 'demo',
      balance: '1000.00',
      ledger_total: '1000.00',
      balanced: true,
    });
    expect(await ops('user', 'demo')).toContain('balance       1000.00');
  });

  it('lists what waits for review, oldest first', async () => {
    // The demo's recharge waits from the start, so the console has a proof to show.
    await ops('reject', 'recharge', '1', '--remark', 'cleared for this test');
    expect(await ops('pending')).toEqual(['nothing waits for review']);
    const at = '2026-11-22T08:00:00.000Z';
    await server.db.exec(`
      INSERT INTO recharges (user_id, type, category, address, amount, credentials, created_at, updated_at)
      VALUES (1, 'TRC20', 'USDT', 'addr', 2550, '/uploads/x.png', '${at}', '${at}');
    `);
    const [json] = await ops('pending', '--json');
    expect(JSON.parse(json ?? '')).toEqual([
      expect.objectContaining({ kind: 'recharge', account: 'demo', amount: '25.50' }),
    ]);
  });

  it('sets a VIP level, audited, and the customer’s next read carries it', async () => {
    const user = await signUp(server);
    expect(await ops('user', user.user.account, '--vip', '3')).toEqual([`${user.user.account} VIP 3`]);
    expect(await server.app.wallet.queries.audit.forTarget('user', user.user.id)).toEqual([
      expect.objectContaining({ action: 'vip set', detail: '0 → 3' }),
    ]);
    server.clock.advance(6);
    expect((await call(server, 'userinfo/get-info', {}, user.token)).vip).toBe(3);
    await expect(ops('user', user.user.account, '--vip', '100')).rejects.toThrow('0 to 99');
    await expect(ops('user', user.user.account, '--vip', '-1')).rejects.toThrow();
    await expect(ops('user', 'nobody', '--vip', '1')).rejects.toThrow('no user');
  });

  it('fails with a one-line reason on bad input', async () => {
    await expect(ops('user', 'nobody')).rejects.toThrow(OpsError);
    await expect(ops('user')).rejects.toThrow('user needs an account name');
    await expect(ops('frobnicate')).rejects.toThrow('unknown command');
    await expect(ops()).rejects.toThrow('usage');
    await expect(ops('user', 'demo', '--frobnicate')).rejects.toThrow("Unknown option '--frobnicate'");
    await expect(ops('merchant', 'add', '--name')).rejects.toThrow('--name');
  });
});

/** What a terminal would act on or hide: C0 and C1 controls, DEL, format and bidi characters, separators. */
const TERMINAL_CONTROL = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

describe('what the CLI prints', () => {
  // Older rows, from before the API refused such text, still hold it.
  const nickname = 'Eve\u001b[2J\u009b31m\u202eexe.txt\u2028\u200b\u0007\u007f';
  const email = 'eve\u001b]0;owned\u0007@example.com';

  it('escapes control, format and bidi characters a customer stored, as text and as JSON', async () => {
    await server.db.run('UPDATE users SET nickname = ?, email = ? WHERE account = ?', [nickname, email, 'demo']);
    const text = await ops('user', 'demo');
    const [json = ''] = await ops('user', 'demo', '--json');
    for (const line of [...text, json]) expect(line).not.toMatch(TERMINAL_CONTROL);
    expect(text).toContain('nickname      Eve\\u001b[2J\\u009b31m\\u202eexe.txt\\u2028\\u200b\\u0007\\u007f');
    expect(JSON.parse(json)).toMatchObject({ nickname, email });
  });

  it('escapes an account name in the list of what waits for review', async () => {
    const account = 'old\u009b2J\u001b[1A\u2029name';
    await server.db.run('UPDATE users SET account = ? WHERE id = 1', [account]);
    await ops('reject', 'recharge', '1', '--remark', 'cleared for this test');
    const at = '2026-11-22T08:00:00.000Z';
    await server.db.run(
      `INSERT INTO recharges (user_id, type, category, address, amount, credentials, created_at, updated_at)
       VALUES (1, 'TRC20', 'USDT', 'addr', 2550, ?, ?, ?)`,
      ['/uploads/\u202ex.png', at, at],
    );
    const text = await ops('pending');
    const [json = ''] = await ops('pending', '--json');
    for (const line of [...text, json]) expect(line).not.toMatch(TERMINAL_CONTROL);
    expect(text[0]).toContain('old\\u009b2J\\u001b[1A\\u2029name');
    expect(JSON.parse(json)).toEqual([expect.objectContaining({ account, detail: 'TRC20 /uploads/\u202ex.png' })]);
  });
});

describe('review commands', () => {
  async function pending(kind: 'recharge' | 'withdraw') {
    const user = await signUp(server);
    const proof = await upload(server, user.token, TINY_PNG);
    const recharge = await call(
      server,
      'recharge/create',
      {
        type: 'TRC20',
        category: 'USDT',
        address: 'TDEMOxNOTxAxREALxADDRESSxDONOTPAY',
        amount: '60',
        credentials: proof.data.url,
      },
      user.token,
    );
    if (kind === 'recharge') return { user, id: recharge.id };
    await ops('approve', 'recharge', String(recharge.id));
    const card = (
      await bindPayout(server, user, {
        type: 'bank',
        full_name: 'A B',
        telephone: '13800138000',
        email: 'a@b.co',
        iban: 'DE89370400440532013000',
        bank_name: 'Bank',
        area: 'Area',
        country: 'DE',
        swift: 'COBADEFF',
      })
    ).data;
    const withdrawal = await call(
      server,
      'withdraw/create',
      { type: 'bank', bk_id: String(card.bk_id), amount: '25', password: user.password },
      user.token,
    );
    return { user, id: withdrawal.id };
  }

  const balance = async (account: string) =>
    JSON.parse((await ops('user', account, '--json'))[0] ?? '{}') as { balance: string; balanced: boolean };

  it('approves a recharge: credited once, audited, and announced', async () => {
    const { user, id } = await pending('recharge');
    expect(JSON.parse((await ops('pending', '--json'))[0] ?? '[]')).toEqual([
      expect.objectContaining({ kind: 'recharge', account: 'demo', amount: '120.00' }),
      expect.objectContaining({ kind: 'recharge', id, amount: '60.00' }),
    ]);
    expect(await ops('approve', 'recharge', String(id))).toEqual([`recharge ${id} approved`]);
    expect(await balance(user.user.account)).toMatchObject({ balance: '60.00', balanced: true });
    await expect(ops('approve', 'recharge', String(id))).rejects.toThrow('already reviewed');
    await expect(ops('reject', 'recharge', String(id))).rejects.toThrow('already reviewed');
    expect((await balance(user.user.account)).balance).toBe('60.00');
    expect(await server.app.wallet.queries.audit.forTarget('recharge', id)).toEqual([
      expect.objectContaining({ action: 'approve', detail: '60.00' }),
    ]);
    const events = await server.db.all('SELECT payload FROM events WHERE user_id = ? ORDER BY id', [user.user.id]);
    expect(events).toEqual([
      { payload: '{"type":"review_queue"}' },
      { payload: JSON.stringify({ type: 'recharge', id, state: 'success' }) },
      { payload: '{"type":"balance"}' },
      { payload: '{"type":"review_queue"}' },
    ]);
  });

  it('rejects a withdrawal with a remark and refunds it', async () => {
    const { user, id } = await pending('withdraw');
    expect((await balance(user.user.account)).balance).toBe('35.00');
    expect(await ops('reject', 'withdraw', String(id), '--remark', 'account closed')).toEqual([
      `withdraw ${id} rejected`,
    ]);
    expect(await balance(user.user.account)).toMatchObject({ balance: '60.00', balanced: true });
    expect((await server.app.wallet.queries.audit.forTarget('withdraw', id))[0]).toMatchObject({
      action: 'reject',
      detail: '25.00 — account closed',
    });
  });

  it('approves a withdrawal without moving the balance again', async () => {
    const { user, id } = await pending('withdraw');
    await ops('approve', 'withdraw', String(id));
    expect(await balance(user.user.account)).toMatchObject({ balance: '35.00', balanced: true });
  });

  it('adds a merchant and an offer, printing each new id alone', async () => {
    const merchant = await ops('merchant', 'add', '--name', 'Acme OTC', '--completion-rate', '96.25');
    expect(merchant).toEqual([expect.stringMatching(/^\d+$/)]);
    const offer = await ops(
      'offer',
      'add',
      '--merchant',
      merchant[0] ?? '',
      '--price',
      '0.95',
      '--currency',
      'eur',
      '--quantity',
      '500',
      '--min',
      '10',
      '--max',
      '100',
    );
    expect(offer).toEqual([expect.stringMatching(/^\d+$/)]);
    const user = await signUp(server);
    const hall = await call(server, 'selling/order', { page_size: '50' }, user.token);
    expect(hall.list.find((item) => String(item.id) === offer[0])).toMatchObject({
      unit_price: '0.95',
      currency: 'EUR',
      remaining: '500.00',
      merchant: expect.objectContaining({ name: 'Acme OTC', completion_rate: '96.25' }),
    });
    const pictured = await ops('merchant', 'add', '--name', 'Pictured', '--avatar', 'https://img.example.com/p.png');
    const merchants = await call(server, 'selling/merchant', { page_size: '50' }, user.token);
    expect(merchants.list.find((item) => String(item.id) === pictured[0])).toMatchObject({
      avatar: 'https://img.example.com/p.png',
    });
    for (const refused of [
      'http://img.example.com/p.png',
      'javascript:alert(1)',
      '//evil.example/p.png',
      'p.png',
      '/',
      'https:img.example.com/p.png',
    ]) {
      await expect(ops('merchant', 'add', '--name', 'X', '--avatar', refused)).rejects.toThrow('--avatar');
    }
    await expect(
      ops(
        'offer',
        'add',
        '--merchant',
        '999',
        '--price',
        '1',
        '--currency',
        'EUR',
        '--quantity',
        '1',
        '--min',
        '1',
        '--max',
        '1',
      ),
    ).rejects.toThrow('no merchant');
    await expect(
      ops(
        'offer',
        'add',
        '--merchant',
        merchant[0] ?? '',
        '--price',
        '-1',
        '--currency',
        'EUR',
        '--quantity',
        '1',
        '--min',
        '1',
        '--max',
        '1',
      ),
    ).rejects.toThrow('--price');
    await expect(
      ops(
        'offer',
        'add',
        '--merchant',
        merchant[0] ?? '',
        '--price',
        '1',
        '--currency',
        'EUR',
        '--quantity',
        '10',
        '--min',
        '5',
        '--max',
        '1',
      ),
    ).rejects.toThrow('--min');
    await expect(ops('merchant', 'add')).rejects.toThrow('--name is required');
    await expect(ops('merchant', 'add', '--name', 'X', '--completion-rate', '101')).rejects.toThrow('percentage');
  });

  it('refuses what it cannot act on', async () => {
    await expect(ops('approve', 'recharge', '999')).rejects.toThrow('no recharge with id 999');
    await expect(ops('approve', 'deposit', '1')).rejects.toThrow('recharge, withdraw or sale');
    await expect(ops('reject', 'sale', '12345')).rejects.toThrow('no sale with id 12345');
    await expect(ops('approve', 'recharge', 'x')).rejects.toThrow('numeric id');
  });

  it('takes ids as plain digits only, as the API does', async () => {
    const { user, id } = await pending('recharge');
    for (const alias of [`${id}.0`, `0${id}`, `+${id}`, `${id}e0`, `0x${id.toString(16)}`, ` ${id}`, `${id} `]) {
      await expect(ops('approve', 'recharge', alias)).rejects.toThrow('plain digits');
    }
    expect((await balance(user.user.account)).balance).toBe('0.00');
    await expect(ops('approve', 'recharge', '0')).rejects.toThrow('plain digits');
    await expect(ops('approve', 'recharge', '1234567890123456')).rejects.toThrow('plain digits');
    const [merchant] = await ops('merchant', 'add', '--name', 'Acme OTC');
    for (const alias of [`${merchant}e0`, `0${merchant}`, `${merchant}.0`]) {
      await expect(
        ops(
          'offer',
          'add',
          '--merchant',
          alias,
          '--price',
          '1',
          '--currency',
          'EUR',
          '--quantity',
          '10',
          '--min',
          '1',
          '--max',
          '2',
        ),
      ).rejects.toThrow('--merchant');
    }
    await expect(
      ops('product', 'add', '--name', 'P', '--rate', '5', '--days', '3e1', '--min', '1', '--max', '2'),
    ).rejects.toThrow('--days');
  });

  it('refuses free text the API would refuse: controls, bidi and invisible characters, overlong', async () => {
    const { id } = await pending('withdraw');
    for (const remark of ['\u001b[31mred', 'a\u202eb', 'line\nbreak', 'x'.repeat(201)]) {
      await expect(ops('reject', 'withdraw', String(id), '--remark', remark)).rejects.toThrow('--remark');
    }
    for (const name of [
      '\u001b[2J',
      'Acme\u202eCTO',
      'Ac\u200bme',
      '\u3164',
      'a\u0301\u0301\u0301\u0301',
      'x'.repeat(81),
    ]) {
      await expect(ops('merchant', 'add', '--name', name)).rejects.toThrow('--name');
      await expect(
        ops('product', 'add', '--name', name, '--rate', '5', '--days', '30', '--min', '1', '--max', '2'),
      ).rejects.toThrow('--name');
      await expect(
        ops('kefu', 'add', '--name', name, '--type', 'link', '--url', 'https://help.example.com'),
      ).rejects.toThrow('--name');
    }
    for (const url of [
      'https://user:pw@help.example.com/',
      'https://user@help.example.com/',
      'https://help.example.com/\tchat',
      'https://help.example.com/\u202echat',
    ]) {
      await expect(ops('kefu', 'add', '--name', 'Help', '--type', 'link', '--url', url)).rejects.toThrow('--url');
    }
    for (const address of ['T\u001bAddr', 'T\u200bAddr', 'T\u3164Addr', 'T\u00a0Addr', 'T'.repeat(129)]) {
      await expect(ops('address', 'set', 'TRC20', address)).rejects.toThrow('address');
    }
    expect(
      await ops('kefu', 'add', '--name', 'Help desk', '--type', 'email', '--url', 'mailto:help@example.com'),
    ).toEqual([expect.stringMatching(/^\d+$/)]);
    expect(await ops('reject', 'withdraw', String(id), '--remark', 'IBAN closed — 请重新绑定')).toEqual([
      `withdraw ${id} rejected`,
    ]);
  });

  it('takes a merchant avatar as an https: address without credentials or a clean path', async () => {
    for (const accepted of ['/merchants/acme.png', '/m/acme-2_x~y.v2.png', 'https://img.example.com/a%20b.png']) {
      expect(await ops('merchant', 'add', '--name', 'Pictured', '--avatar', accepted)).toEqual([
        expect.stringMatching(/^\d+$/),
      ]);
    }
    for (const refused of [
      'https://user:pw@img.example.com/p.png',
      'https://user@img.example.com/p.png',
      'https://img.example.com/\tp.png',
      '/../../api/v1/user/logout',
      '/merchants/../x.png',
      '/merchants/./x.png',
      '/.hidden.png',
      '/merchants/%2e%2e/x.png',
      '/merchants\\x.png',
      '/merchants//x.png',
      '/merchants/x.png/',
      '/merchants/x.png?y=1',
    ]) {
      await expect(ops('merchant', 'add', '--name', 'X', '--avatar', refused)).rejects.toThrow('--avatar');
    }
  });

  it('sets a receiving address, new or changed', async () => {
    const user = await signUp(server);
    expect(await ops('address', 'set', 'trc20', 'TNewAddress123')).toEqual(['TRC20 TNewAddress123']);
    await ops('address', 'set', 'BEP20', '0xabc');
    const address = await call(server, 'recharge/shoukuan-address', { type: 'TRC20' }, user.token);
    expect(address).toMatchObject({ address: 'TNewAddress123', types: ['TRC20', 'ERC20', 'BEP20'] });
    await expect(ops('address', 'set', 'TRC20')).rejects.toThrow('address');
    await expect(ops('address', 'set', 'bad type!', 'x')).rejects.toThrow('network type');
  });

  afterEach(async () => {
    await expectLedgerBalanced(server);
  });
});

describe('the ops command line', () => {
  /** The command `npm run ops` runs, without npm around it, on the test server's data folder. */
  const cli = (...argv: string[]) =>
    promisify(execFile)('node_modules/.bin/tsx', ['server/ops/cli.ts', ...argv], {
      env: { ...process.env, DATA_DIR: server.dir, DATABASE_URL: server.database.databaseUrl ?? '' },
    });
  /**
   * Each command is a cold start of tsx on the whole server (3–10 s here, more beside busy
   * processes: four took 41 s in one run): the limit is there to catch a hang, not to time them.
   */
  const CLI_TEST_LIMIT_MS = 120_000;

  it(
    'exits 0 with the code on stdout, and non-zero with a reason',
    async () => {
      const ok = await cli('invite-code');
      expect(ok.stdout.trim()).toBe(server.rootInviteCode);
      await expect(cli('user', 'ghost')).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining('no user'),
      });
      const hostile = await cli('user', 'ghost\u009b2J\u202e\u2028').catch(
        (error: { code: number; stderr: string }) => error,
      );
      expect(hostile).toMatchObject({ code: 1, stderr: expect.stringContaining('ghost\\u009b2J\\u202e\\u2028') });
      expect(hostile.stderr.trimEnd()).not.toMatch(TERMINAL_CONTROL);
      const usage = await cli().catch((error: { stderr: string }) => error);
      expect(usage.stderr.split('\n').length).toBeGreaterThan(5);
    },
    CLI_TEST_LIMIT_MS,
  );

  it(
    'mails a new operator’s enrolment link to the outbox in DATA_DIR, without SMTP, and never prints it',
    async () => {
      const email = 'cli-op@operators.example';
      const added = await cli('operator', 'add', 'cli-op', '--role', 'reviewer', '--email', email);
      const outbox = path.join(server.dir, 'outbox');
      const mail = fs
        .readdirSync(outbox)
        .map((name) => fs.readFileSync(path.join(outbox, name), 'utf8'))
        .find((text) => text.startsWith(`To: ${email}\n`));
      const token = /#\/enrol\?token=([\w-]{43})/.exec(mail ?? '')?.[1] ?? '';
      expect(token).toMatch(/^[\w-]{43}$/);
      expect(`${added.stdout}${added.stderr}`).not.toContain(token);
      expect(added.stdout).toContain(`went to ${email} alone`);
    },
    CLI_TEST_LIMIT_MS,
  );
});
