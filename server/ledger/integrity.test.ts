import { describe, expect, it } from 'vitest';
import { fillRunningTotals } from '../platform/database/migrations/020-fill-running-totals';
import { fillReviewWaiting } from '../platform/database/migrations/029-review-waiting';
import {
  LEDGER_TOTAL_COLUMNS,
  ORDER_TOTAL_COLUMNS,
  SALE_TOTAL_COLUMNS,
  TEAM_TOTAL_COLUMNS,
  WAITING_STRIPES,
} from '../platform/database/running-totals';
import { checkIntegrity, type IntegrityProblem } from './integrity';
import { payMaturedOrders } from '../interest-wallet/maturity';
import { OpsError, runOps } from '../ops/ops';
import { cliUser, decide } from '../review/review';
import {
  bindPayout,
  uniquePng,
  call,
  freshServerPerTest,
  fund,
  opsOutput,
  signUp,
  upload,
  type TestServer,
  type TestUser,
} from '../testing/test-support';

let server: TestServer;
freshServerPerTest((started) => (server = started), { demo: true });

const DAY_SECONDS = 24 * 3600;

async function rechargeRequest(user: TestUser, amount: string, requestId?: string): Promise<number> {
  const proof = await upload(server, user.token, await uniquePng());
  const address = await call(server, 'recharge/shoukuan-address', { type: '' }, user.token);
  const recharge = await call(
    server,
    'recharge/create',
    {
      type: address.type,
      category: 'USDT',
      address: address.address,
      amount,
      credentials: proof.data.url,
      ...(requestId ? { request_id: requestId } : {}),
    },
    user.token,
  );
  return recharge.id;
}

/**
 * A database in use, built through the API and the operator's decisions: recharges, withdrawals,
 * sales and interest deposits in every state they can be in, some made with a request id.
 */
async function busyDatabase() {
  const alice = await signUp(server);
  const bob = await signUp(server);
  const funded = await fund(server, alice, '500');
  await fund(server, bob, '100');
  const pendingRecharge = await rechargeRequest(alice, '20', 'r-audit');
  const refusedRecharge = await rechargeRequest(alice, '30');
  await decide(server.app.wallet, 'recharge', 'reject', refusedRecharge, cliUser('test'), 'no payment');

  const card = (
    await bindPayout(server, alice, {
      type: 'bank',
      full_name: 'Alice Example',
      telephone: '13800138000',
      email: 'alice@example.com',
      iban: 'DE89370400440532013000',
      bank_name: 'Bank',
      area: 'Area',
      country: 'DE',
      swift: 'COBADEFF',
    })
  ).data;
  const withdraw = async (requestId?: string) =>
    (
      await call(
        server,
        'withdraw/create',
        {
          type: 'bank',
          bk_id: String(card.bk_id),
          amount: '25',
          password: alice.password,
          ...(requestId ? { request_id: requestId } : {}),
        },
        alice.token,
      )
    ).id;
  const pendingWithdrawal = await withdraw('w-audit');
  const paidWithdrawal = await withdraw();
  await decide(server.app.wallet, 'withdraw', 'approve', paidWithdrawal, cliUser('test'));
  const refusedWithdrawal = await withdraw();
  await decide(server.app.wallet, 'withdraw', 'reject', refusedWithdrawal, cliUser('test'), 'closed');

  const hall = await call(server, 'selling/order', { page_size: '50' }, alice.token);
  const shown = hall.list[0];
  const offer = shown?.id ?? 0;
  const sell = async (requestId?: string) =>
    (
      await call(
        server,
        'saleu/create-order',
        {
          saleu_id: String(offer),
          number: '20',
          unit_price: shown?.unit_price ?? '',
          currency: shown?.currency ?? '',
          ...(requestId ? { request_id: requestId } : {}),
        },
        alice.token,
      )
    ).id;
  const pendingSale = await sell('s-audit');
  const completedSale = await sell();
  await decide(server.app.wallet, 'sale', 'approve', completedSale, cliUser('test'));
  const refusedSale = await sell();
  await decide(server.app.wallet, 'sale', 'reject', refusedSale, cliUser('test'), 'no buyer');

  const product = async (rate: string) =>
    (
      await opsOutput(
        server.db,
        'product',
        'add',
        '--name',
        `Day ${rate}`,
        '--rate',
        rate,
        '--days',
        '1',
        '--min',
        '10',
        '--max',
        '1000',
      )
    )[0] ?? '';
  const deposit = async (productId: string, requestId?: string) =>
    (
      await call(
        server,
        'lixibao/create-order',
        { lixibao_id: productId, number: '100', ...(requestId ? { request_id: requestId } : {}) },
        alice.token,
      )
    ).id;
  const earning = await product('10');
  const paidDeposit = await deposit(earning, 'i-done');
  const paidWithoutInterest = await deposit(await product('0'));
  server.clock.advance(DAY_SECONDS + 1);
  expect(await payMaturedOrders(server.app.wallet)).toBe(2);
  const heldDeposit = await deposit(earning, 'i-holding');

  return {
    alice,
    bob,
    offer,
    funded,
    pendingRecharge,
    refusedRecharge,
    pendingWithdrawal,
    paidWithdrawal,
    refusedWithdrawal,
    pendingSale,
    completedSale,
    refusedSale,
    paidDeposit,
    paidWithoutInterest,
    heldDeposit,
  };
}

/** `ops check` as the operator runs it: the lines it printed and the failure it ended with. */
async function opsCheck(...flags: string[]): Promise<{ lines: string[]; failure: unknown }> {
  const lines: string[] = [];
  const failure = await runOps(server.db, ['check', ...flags], { out: (line) => lines.push(line) }).catch(
    (error: unknown) => error,
  );
  return { lines, failure };
}

/** Every running total, the team rows and the hall's volume, as they stand. */
async function runningTotals() {
  const columns = [...LEDGER_TOTAL_COLUMNS, ...SALE_TOTAL_COLUMNS, ...ORDER_TOTAL_COLUMNS, ...TEAM_TOTAL_COLUMNS].join(
    ', ',
  );
  return {
    customers: await server.db.all(`SELECT id, ${columns} FROM users ORDER BY id`),
    team: await server.db.all(
      'SELECT ancestor_id, member_id, level, seq FROM team_members ORDER BY ancestor_id, member_id',
    ),
    sales: await server.db.all('SELECT user_id, seq, sale_id FROM sale_numbers ORDER BY sale_id'),
    lines: await server.db.all(
      'SELECT user_id, direction, seq, ledger_id FROM ledger_numbers ORDER BY ledger_id, direction',
    ),
    volume: await server.db.all('SELECT period, number FROM sales_volume ORDER BY period'),
    waiting: await server.db.all(
      'SELECT kind, stripe, waiting FROM review_waiting WHERE waiting <> 0 ORDER BY kind, stripe',
    ),
  };
}

describe('the running totals', () => {
  it('follow every movement, and are what the migration fills in again from the rows alone', async () => {
    const facts = await busyDatabase();
    const inviteOf = async (user: TestUser) => (await call(server, 'invite/detail', {}, user.token)).invite_code;
    const carol = await signUp(server, { inviteCode: await inviteOf(facts.alice) });
    const dave = await signUp(server, { inviteCode: await inviteOf(carol) });
    await fund(server, dave, '40');
    expect(await call(server, 'team/tongji', {}, facts.alice.token)).toEqual({
      team_size: 2,
      direct_count: 1,
      indirect_count: 1,
      team_recharge: '40.00',
    });
    const list = await call(server, 'team/list', { page: '1', page_size: '10' }, facts.alice.token);
    expect(list.list.map((member) => member.level)).toEqual([2, 1]);
    expect(list.total).toBe(2);

    const kept = await runningTotals();
    const zeroes = [...LEDGER_TOTAL_COLUMNS, ...SALE_TOTAL_COLUMNS, ...ORDER_TOTAL_COLUMNS, ...TEAM_TOTAL_COLUMNS].map(
      (c) => `${c} = 0`,
    );
    await server.db.run(`UPDATE users SET ${zeroes.join(', ')}`);
    await server.db.run('DELETE FROM team_members');
    await server.db.run('DELETE FROM ledger_numbers');
    await server.db.run('DELETE FROM sale_numbers');
    await server.db.run('DELETE FROM sales_volume');
    await server.db.run('DELETE FROM review_waiting');
    expect((await checkIntegrity(server.app.wallet)).length).toBeGreaterThan(10);

    await server.db.transaction(async (tx) => {
      await fillRunningTotals(tx);
      await fillReviewWaiting(tx);
    });
    expect(await runningTotals()).toEqual(kept);
    expect(await checkIntegrity(server.app.wallet)).toEqual([]);
  });
});

describe('the integrity check', () => {
  it('passes a busy database with orders in every state', async () => {
    const facts = await busyDatabase();
    const states = await server.db.all<{ kind: string; state: string }>(`
      SELECT 'recharge' AS kind, state FROM recharges UNION SELECT 'withdraw', state FROM withdrawals
      UNION SELECT 'sale', state FROM sale_orders UNION SELECT 'lixibao', state FROM interest_orders`);
    expect(states).toHaveLength(3 + 3 + 3 + 2);
    const interest = await server.db.all('SELECT ref_id FROM ledger WHERE kind = ? ORDER BY id', ['interest']);
    expect(interest).toEqual([{ ref_id: facts.paidDeposit }]);

    expect(await checkIntegrity(server.app.wallet)).toEqual([]);
    const text = await opsCheck();
    expect(text.failure).toBeUndefined();
    expect(text.lines).toEqual([
      expect.stringMatching(/^ok: 4 balances, \d+ ledger rows, 14 orders, 5 offers and 5 stored answers agree$/),
    ]);
    const json = await opsCheck('--json');
    expect(json.lines).toHaveLength(1);
    expect(JSON.parse(json.lines[0] ?? '')).toMatchObject({
      ok: true,
      checked: { users: 4, orders: 14, offers: 5, idempotency: 5 },
      problems: [],
    });
  });

  type Facts = Awaited<ReturnType<typeof busyDatabase>>;
  const corruptions: [string, (facts: Facts) => Promise<unknown>, (facts: Facts) => Partial<IntegrityProblem>][] = [
    [
      'a balance off by one cent',
      (facts) => server.db.run('UPDATE users SET balance = balance + 1 WHERE id = ?', [facts.alice.user.id]),
      (facts) => ({
        table: 'users',
        row: String(facts.alice.user.id),
        problem: expect.stringContaining('ledger rows add up'),
      }),
    ],
    [
      "a ledger row's balance_after",
      (facts) =>
        server.db.run("UPDATE ledger SET balance_after = balance_after + 100 WHERE kind = 'sale' AND ref_id = ?", [
          facts.completedSale,
        ]),
      () => ({ table: 'ledger', problem: expect.stringContaining('row before leaves') }),
    ],
    [
      "an approved recharge's ledger row deleted",
      (facts) => server.db.run("DELETE FROM ledger WHERE kind = 'recharge' AND ref_id = ?", [facts.funded]),
      (facts) => ({
        table: 'recharges',
        row: String(facts.funded),
        problem: `success needs one recharge ledger row of +500.00 for user ${facts.alice.user.id}, but there is none`,
      }),
    ],
    [
      'a rejected withdrawal without its refund',
      (facts) =>
        server.db.run("DELETE FROM ledger WHERE kind = 'withdraw_refund' AND ref_id = ?", [facts.refusedWithdrawal]),
      (facts) => ({
        table: 'withdrawals',
        row: String(facts.refusedWithdrawal),
        problem: expect.stringContaining('failure needs one withdraw_refund ledger row of +25.00'),
      }),
    ],
    [
      'a refund on an approved withdrawal',
      (facts) => server.db.run("UPDATE withdrawals SET state = 'success' WHERE id = ?", [facts.refusedWithdrawal]),
      (facts) => ({
        table: 'ledger',
        problem: `withdraw_refund row of +25.00 for user ${facts.alice.user.id} refers to withdraw ${facts.refusedWithdrawal}, which in state success needs no such row`,
      }),
    ],
    [
      "a sale's debit moved to another user",
      (facts) =>
        server.db.run("UPDATE ledger SET user_id = ? WHERE kind = 'sale' AND ref_id = ?", [
          facts.bob.user.id,
          facts.pendingSale,
        ]),
      (facts) => ({
        table: 'sale_orders',
        row: String(facts.pendingSale),
        problem: expect.stringContaining(`but it belongs to user ${facts.bob.user.id}`),
      }),
    ],
    [
      'an interest payment twice',
      (facts) =>
        server.db.run(
          `INSERT INTO ledger (user_id, kind, amount, balance_after, ref_type, ref_id, remark, created_at)
           SELECT user_id, kind, amount, balance_after, ref_type, ref_id, remark, created_at FROM ledger
           WHERE kind = 'interest' AND ref_id = ?`,
          [facts.paidDeposit],
        ),
      (facts) => ({
        table: 'interest_orders',
        row: String(facts.paidDeposit),
        problem: expect.stringContaining('but there are 2'),
      }),
    ],
    [
      'a sale order gone',
      (facts) => server.db.run('DELETE FROM sale_orders WHERE id = ?', [facts.completedSale]),
      (facts) => ({
        table: 'ledger',
        problem: `sale row of -20.00 for user ${facts.alice.user.id} refers to sale ${facts.completedSale}, which does not exist`,
      }),
    ],
    [
      "an offer's remaining quantity off",
      (facts) => server.db.run('UPDATE offers SET remaining = remaining - 1 WHERE id = ?', [facts.offer]),
      (facts) => ({ table: 'offers', row: String(facts.offer), problem: expect.stringContaining('sold leaves') }),
    ],
    [
      'a stored answer naming a missing order',
      (facts) => server.db.run('DELETE FROM recharges WHERE id = ?', [facts.pendingRecharge]),
      (facts) => ({
        table: 'idempotency',
        row: `${facts.alice.user.id}/recharge/create/r-audit`,
        problem: expect.stringContaining(`names order ${facts.pendingRecharge}, which is not an order of user`),
      }),
    ],
    [
      'a stored answer moved to another user',
      (facts) =>
        server.db.run("UPDATE idempotency SET user_id = ? WHERE request_id = 'i-holding'", [facts.bob.user.id]),
      (facts) => ({
        table: 'idempotency',
        row: `${facts.bob.user.id}/lixibao/create-order/i-holding`,
        problem: `the stored answer names order ${facts.heldDeposit}, which is not an order of user ${facts.bob.user.id} made by lixibao/create-order`,
      }),
    ],
    [
      "a customer's running income off by one cent",
      (facts) => server.db.run('UPDATE users SET income = income + 1 WHERE id = ?', [facts.alice.user.id]),
      (facts) => ({
        table: 'users',
        row: String(facts.alice.user.id),
        problem: expect.stringMatching(/^running total income is \d+, but its rows add up to \d+$/),
      }),
    ],
    [
      "a customer's count of completed sales",
      (facts) =>
        server.db.run('UPDATE users SET sales_completed = sales_completed + 1 WHERE id = ?', [facts.bob.user.id]),
      (facts) => ({
        table: 'users',
        row: String(facts.bob.user.id),
        problem: expect.stringMatching(/^running total sales_completed is (\d+), but its rows add up to (?!\1$)\d+$/),
      }),
    ],
    [
      "a ledger line's number",
      (facts) =>
        server.db.run(
          "UPDATE ledger_numbers SET seq = seq + 1000 WHERE ledger_id = (SELECT id FROM ledger WHERE kind = 'sale' AND ref_id = ?)",
          [facts.completedSale],
        ),
      () => ({ table: 'ledger', problem: expect.stringContaining('ledger line numbering: line') }),
    ],
    [
      "the hall's volume of all time",
      () => server.db.run("UPDATE sales_volume SET number = number + 100 WHERE period = 'all'"),
      () => ({
        table: 'sales_volume',
        row: 'all',
        problem: expect.stringContaining('the completed sales of that period'),
      }),
    ],
    [
      'a stripe of the count of sales waiting for review',
      (facts) =>
        server.db.run("UPDATE review_waiting SET waiting = waiting + 1 WHERE kind = 'sale' AND stripe = ?", [
          facts.alice.user.id % WAITING_STRIPES,
        ]),
      (facts) => ({
        table: 'review_waiting',
        row: `sale/${facts.alice.user.id % WAITING_STRIPES}`,
        problem: expect.stringMatching(/^(\d+) sale orders counted as waiting for review, but (?!\1 )\d+ wait$/),
      }),
    ],
  ];

  it.each(corruptions)('names %s, and ops check fails', async (_, corrupt, expected) => {
    const facts = await busyDatabase();
    await corrupt(facts);
    const problem = expected(facts);
    expect(await checkIntegrity(server.app.wallet)).toContainEqual(expect.objectContaining(problem));
    const text = await opsCheck();
    expect(text.failure).toBeInstanceOf(OpsError);
    expect(text.failure).toMatchObject({ message: expect.stringMatching(/^check found \d+ problems?$/) });
    expect(text.lines).toContainEqual(expect.stringContaining(`${problem.table} ${problem.row ?? ''}`));
    const json = await opsCheck('--json');
    expect(JSON.parse(json.lines[0] ?? '')).toMatchObject({
      ok: false,
      problems: expect.arrayContaining([expect.objectContaining(problem)]),
    });
  });
});
