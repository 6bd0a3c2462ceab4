import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cents } from '../../../contract/money';
import type { ReviewCreated } from '../../../contract/responses';
import type { RechargeRow } from '../queries';
import { saveReceivingAddress } from '../../settings/service-settings';
import {
  call,
  consoleCall,
  consolePost,
  freshServerPerTest,
  opsOutput,
  post,
  signInOperator,
  signUp,
  uniquePng,
  upload,
  type TestServer,
  type TestUser,
} from '../../testing/test-support';
import { formatAddress } from './addresses';
import { NetworkError } from './networks';
import { CHAIN_ACTOR, checkDueProofs, checkProofs } from './proofs';
import { BLOCK_TIME_SLACK_MS, QUOTE_HOLD_MS, QUOTES_PER_DAY } from './quotes';
import { localChainPerFile } from '../../testing/chain/chain-per-file';
import { units, type LocalChain } from '../../testing/chain/local-chain';

const CONFIRMATIONS = 3;

let chain: LocalChain;
let server: TestServer;
freshServerPerTest((started) => (server = started), { checkLedger: true });

localChainPerFile((started) => (chain = started));

let counter = 0;

/** A shared receiving address on its own fresh token, its proofs checked on the local chain. */
async function checkedAddress(options: { token?: string; address?: string } = {}) {
  counter += 1;
  const decimals = 6;
  const token = options.token ?? (await chain.deployToken(decimals));
  const type = `SHARED${counter}`;
  const address = options.address ?? formatAddress('evm', randomBytes(20).toString('hex'));
  const domain = server.app.wallet;
  await saveReceivingAddress(domain, { type, address, minAmount: cents(1000) }, 'admin');
  await checkProofs(
    domain,
    {
      type,
      kind: 'evm',
      rpcUrls: [chain.url],
      contract: token,
      decimals,
      confirmations: CONFIRMATIONS,
      finalizedTag: true,
    },
    'admin',
  );
  return { type, token, address, decimals };
}

async function proof(user: TestUser): Promise<string> {
  return (await upload(server, user.token, await uniquePng())).data.url;
}

interface Claim {
  type: string;
  address: string;
  amount: string;
  txid: string;
  quote_id?: number;
}

async function claim(user: TestUser, { type, address, amount, txid, quote_id }: Claim) {
  const fields = {
    category: 'USDT',
    type,
    address,
    amount,
    txid,
    credentials: await proof(user),
    ...(quote_id === undefined ? {} : { quote_id: String(quote_id) }),
  } as const;
  return post<ReviewCreated>(server, 'recharge/create', fields, { token: user.token });
}

async function create(user: TestUser, fields: Claim) {
  const reply = await claim(user, fields);
  expect(reply, 'recharge/create should succeed').toMatchObject({ code: 200 });
  return reply.data;
}

/** A unique amount reserved for `user` at a checked address, before paying. */
async function reserve(user: TestUser, { type, address }: { type: string; address: string }, amount: string) {
  return call(server, 'recharge/quote', { type, address, amount }, user.token);
}

/** A recharge of exactly the amount reserved, naming `txid`. */
async function createReserved(
  user: TestUser,
  shared: { type: string; address: string },
  quote: { id: number; exact_amount: string },
  txid: string,
) {
  return create(user, { ...shared, amount: quote.exact_amount, txid, quote_id: quote.id });
}

/**
 * Moves the server's clock up to the chain's: a test server's clock starts on a fixed day, the
 * local chain's blocks bear the time they were made, and a reservation holds for an hour of both.
 */
async function clockToChain(): Promise<void> {
  const latest = await chain.request<{ timestamp: string }>('eth_getBlockByNumber', ['latest', false]);
  const behind = Number(BigInt(latest.timestamp)) * 1000 - server.clock.now().getTime();
  if (behind > 0) server.clock.advance(Math.ceil(behind / 1000));
}

/** The recharge once the chain's first look at it (run after it was made) is over. */
async function looked(id: number): Promise<RechargeRow> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const row = await server.app.wallet.queries.recharge.byId(id);
    if (!row) throw new Error(`no recharge ${id}`);
    if (row.chain_verdict !== 'pending') return row;
    if (Date.now() > deadline) throw new Error(`recharge ${id} was never looked at`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function balanceOf(user: TestUser): Promise<string> {
  return (await call(server, 'userinfo/get-money-info', {}, user.token)).balance;
}

describe('proofs checked on the chain', () => {
  it('credits a transfer of exactly the unique amount reserved, without an operator, once across all customers', async () => {
    const shared = await checkedAddress();
    await clockToChain();
    const [alice, mallory] = [await signUp(server), await signUp(server)];
    const offer = await call(server, 'recharge/shoukuan-address', { type: shared.type }, alice.token);
    expect(offer).toMatchObject({ type: shared.type, address: shared.address, checked: true });
    const quote = await reserve(alice, shared, '125.5');
    expect(quote).toMatchObject({ amount: '125.50', exact_amount: '125.51' });
    const tx = await chain.transfer(shared.token, shared.address, units('125.51', 6));
    await chain.mine(CONFIRMATIONS);
    const created = await createReserved(alice, shared, quote, `0x${tx.toUpperCase()}`);
    expect(created.state).toBe('audit');
    const row = await looked(created.id);
    expect(row).toMatchObject({ state: 'success', tx_hash: tx, chain_verdict: 'matched', quote_id: quote.id });
    expect(await balanceOf(alice)).toBe('125.51');
    const audit = await server.db.all<{ actor: string; detail: string }>(
      "SELECT actor, detail FROM audit_log WHERE target_type = 'recharge' AND target_id = ?",
      [created.id],
    );
    expect(audit).toEqual([{ actor: CHAIN_ACTOR, detail: expect.stringContaining(tx) as string }]);
    // The hash is public: another customer naming it is refused, whatever the case or prefix.
    const again = await post(
      server,
      'recharge/create',
      {
        category: 'USDT',
        type: shared.type,
        address: shared.address,
        amount: '125.51',
        txid: tx,
        credentials: await proof(mallory),
      },
      { token: mallory.token },
    );
    expect(again).toMatchObject({ code: 409, data: { field: 'txid' } });
    expect(await balanceOf(mallory)).toBe('0.00');
  });

  it('keeps in the queue, with the chain verdict for the reviewer, what does not match', async () => {
    const shared = await checkedAddress();
    const lookAlike = await chain.deployToken(6);
    const user = await signUp(server);
    const short = await chain.transfer(shared.token, shared.address, units('95', 6));
    const elsewhere = await chain.transfer(
      shared.token,
      formatAddress('evm', randomBytes(20).toString('hex')),
      10n ** 8n,
    );
    const fake = await chain.transfer(lookAlike, shared.address, units('100', 6));
    await chain.mine(CONFIRMATIONS);
    const cases = [
      { txid: short, verdict: 'amount', detail: '95.00' },
      { txid: elsewhere, verdict: 'other_address', detail: expect.stringMatching(/^0x/) as string },
      { txid: fake, verdict: 'no_usdt', detail: '' },
      { txid: randomBytes(32).toString('hex'), verdict: 'not_found', detail: '' },
    ];
    for (const expected of cases) {
      const { id } = await create(user, { ...shared, amount: '100.00', txid: expected.txid });
      expect(await looked(id)).toMatchObject({
        state: 'audit',
        chain_verdict: expected.verdict,
        chain_detail: expected.detail,
      });
    }
    expect(await balanceOf(user)).toBe('0.00');
    const { id } = await create(user, { ...shared, amount: '100.00', txid: '' });
    expect(await server.app.wallet.queries.recharge.byId(id)).toMatchObject({ tx_hash: null, chain_verdict: null });

    const operator = await signInOperator(server, 'proofreviewer');
    const first = (await server.db.all<{ id: number }>('SELECT id FROM recharges WHERE tx_hash = ?', [short]))[0];
    const review = await consoleCall(server, 'review/recharge', { id: String(first?.id) }, operator);
    expect(review.chain_check).toMatchObject({ verdict: 'amount', detail: '95.00' });
    expect(review.recharge.tx_hash).toBe(short);
  });

  it('waits for finality, then credits on a later look', async () => {
    const shared = await checkedAddress();
    await clockToChain();
    const user = await signUp(server);
    const quote = await reserve(user, shared, '50');
    const tx = await chain.transfer(shared.token, shared.address, units(quote.exact_amount, 6));
    const { id } = await createReserved(user, shared, quote, tx);
    expect(await looked(id)).toMatchObject({ state: 'audit', chain_verdict: 'not_final', chain_detail: '1/3' });
    await chain.mine(CONFIRMATIONS);
    // Looked at again only once the pause between looks is over.
    expect(await checkDueProofs(server.app.wallet, { trust: server.app.wallet.chainTrust })).toBe(0);
    server.clock.advance(31);
    expect(await checkDueProofs(server.app.wallet, { trust: server.app.wallet.chainTrust })).toBe(1);
    expect(await server.app.wallet.queries.recharge.byId(id)).toMatchObject({
      state: 'success',
      chain_verdict: 'matched',
    });
    expect(await balanceOf(user)).toBe('50.01');
    server.clock.advance(31);
    expect(await checkDueProofs(server.app.wallet, { trust: server.app.wallet.chainTrust })).toBe(0);
  });

  it('leaves to an operator a transfer from a sender credited to someone else, and one made before checks began', async () => {
    const shared = await checkedAddress();
    await clockToChain();
    const [alice, bob] = [await signUp(server), await signUp(server)];
    const [forAlice, forBob] = [await reserve(alice, shared, '20'), await reserve(bob, shared, '30')];
    const first = await chain.transfer(shared.token, shared.address, units(forAlice.exact_amount, 6));
    const second = await chain.transfer(shared.token, shared.address, units(forBob.exact_amount, 6));
    await chain.mine(CONFIRMATIONS);
    const credited = await createReserved(alice, shared, forAlice, first);
    expect(await looked(credited.id)).toMatchObject({ state: 'success' });
    // Every transfer here comes from the chain's one funded account: the same sender as Alice's.
    const claimed = await createReserved(bob, shared, forBob, second);
    expect(await looked(claimed.id)).toMatchObject({
      state: 'audit',
      chain_verdict: 'sender_elsewhere',
      chain_detail: expect.stringMatching(new RegExp(`^${chain.sender}$`, 'i')) as string,
    });

    const old = await chain.transfer(shared.token, shared.address, units('40', 6));
    await chain.mine(CONFIRMATIONS);
    // A check begun after the transfer: it may have been approved on its picture before.
    server.clock.advance(30 * 24 * 3600);
    const later = await checkedAddress({ token: shared.token, address: shared.address });
    const carol = await signUp(server);
    const stale = await create(carol, { type: later.type, address: shared.address, amount: '40.00', txid: old });
    expect(await looked(stale.id)).toMatchObject({ state: 'audit', chain_verdict: 'too_early' });
  });

  it('leaves to staff a recharge naming another customer’s transfer, with or without a reservation of its own', async () => {
    const shared = await checkedAddress();
    await clockToChain();
    const [alice, bob, mallory, eve] = [
      await signUp(server),
      await signUp(server),
      await signUp(server),
      await signUp(server),
    ];
    const forAlice = await reserve(alice, shared, '100');
    const forMallory = await reserve(mallory, shared, '100');
    const forBob = await reserve(bob, shared, '70');
    expect([forAlice.exact_amount, forMallory.exact_amount, forBob.exact_amount]).toEqual([
      '100.01',
      '100.02',
      '70.01',
    ]);
    const alicePaid = await chain.transfer(shared.token, shared.address, units(forAlice.exact_amount, 6));
    const bobPaid = await chain.transfer(shared.token, shared.address, units(forBob.exact_amount, 6));
    await chain.mine(CONFIRMATIONS);

    // Mallory saw Alice's transfer on the chain and names it first, for a reservation of her own.
    const mallorys = await createReserved(mallory, shared, forMallory, alicePaid);
    expect(await looked(mallorys.id)).toMatchObject({
      state: 'audit',
      chain_verdict: 'amount',
      chain_detail: '100.01',
    });
    // Eve names Bob's the way a hash alone was credited before: its very amount, no reservation.
    const eves = await create(eve, { ...shared, amount: forBob.exact_amount, txid: bobPaid });
    expect(await looked(eves.id)).toMatchObject({ state: 'audit', chain_verdict: 'unreserved' });
    expect([await balanceOf(mallory), await balanceOf(eve)]).toEqual(['0.00', '0.00']);

    // The reviewer sees the amount Mallory was to send beside the one the chain shows.
    const operator = await signInOperator(server, 'uniquereviewer');
    const review = await consoleCall(server, 'review/recharge', { id: String(mallorys.id) }, operator);
    expect(review.chain_check).toMatchObject({ verdict: 'amount', detail: '100.01' });
    expect(review.reserved).toMatchObject({ amount: '100.00', exact_amount: '100.02' });
    expect(review.recharge.amount).toBe('100.02');
    const unreserved = await consoleCall(server, 'review/recharge', { id: String(eves.id) }, operator);
    expect(unreserved).toMatchObject({ chain_check: { verdict: 'unreserved' }, reserved: null });
  });

  it('does not credit by itself a transfer sent after its reservation ended', async () => {
    const shared = await checkedAddress();
    await clockToChain();
    const user = await signUp(server);
    const quote = await reserve(user, shared, '60');
    await chain.request('evm_increaseTime', [(QUOTE_HOLD_MS + BLOCK_TIME_SLACK_MS) / 1000 + 60]);
    const tx = await chain.transfer(shared.token, shared.address, units(quote.exact_amount, 6));
    await chain.mine(CONFIRMATIONS);
    // The screen opened again still shows the reservation, ended, for the proof of a transfer sent in time.
    server.clock.advance(QUOTE_HOLD_MS / 1000 + 1);
    expect(await call(server, 'recharge/shoukuan-address', { type: shared.type }, user.token)).toMatchObject({
      quote,
    });
    const { id } = await createReserved(user, shared, quote, tx);
    expect(await looked(id)).toMatchObject({ state: 'audit', chain_verdict: 'expired' });
    expect(await balanceOf(user)).toBe('0.00');
  });

  it('refuses a malformed hash, and a check on a type without a shared address', async () => {
    const shared = await checkedAddress();
    const user = await signUp(server);
    const malformed = await post(
      server,
      'recharge/create',
      {
        category: 'USDT',
        type: shared.type,
        address: shared.address,
        amount: '10.00',
        txid: 'not-a-hash',
        credentials: await proof(user),
      },
      { token: user.token },
    );
    expect(malformed).toMatchObject({ code: 400, data: { field: 'txid' } });
    await expect(
      checkProofs(
        server.app.wallet,
        {
          type: 'NOSUCH',
          kind: 'evm',
          rpcUrls: [chain.url],
          contract: shared.token,
          decimals: 6,
          confirmations: 1,
          finalizedTag: false,
        },
        'admin',
      ),
    ).rejects.toThrow(NetworkError);
  });

  it('is set up from the CLI and the console, audited', async () => {
    const token = await chain.deployToken(6);
    const address = formatAddress('evm', randomBytes(20).toString('hex'));
    await saveReceivingAddress(server.app.wallet, { type: 'CLIUSDT', address, minAmount: null }, 'admin');
    await saveReceivingAddress(server.app.wallet, { type: 'WEBUSDT', address, minAmount: null }, 'admin');
    const printed = await opsOutput(
      server,
      'network',
      'check',
      'CLIUSDT',
      '--kind',
      'evm',
      '--rpc',
      chain.url,
      '--contract',
      token,
      '--decimals',
      '6',
      '--confirmations',
      '2',
      '--finalized',
      'no',
    );
    expect(printed.join('\n')).toContain('CLIUSDT');
    const admin = await signInOperator(server, 'proofadmin', 'admin');
    const fields = {
      type: 'webusdt',
      kind: 'evm',
      rpc_urls: chain.url,
      contract: token,
      decimals: '18',
      confirmations: '2',
      finalized: 'yes',
    } as const;
    const refused = await consolePost(server, 'settings/proof-check-add', fields, admin);
    expect(refused.envelope).toMatchObject({ data: { field: 'decimals' } });
    await consoleCall(server, 'settings/proof-check-add', { ...fields, decimals: '6' }, admin);
    const listed = await consoleCall(server, 'settings/networks', {}, admin);
    expect(listed.checks.map((check) => check.type)).toEqual(['CLIUSDT', 'WEBUSDT']);
    const twice = await consolePost(server, 'settings/proof-check-add', { ...fields, decimals: '6' }, admin);
    expect(twice.envelope).toMatchObject({ msg: 'The proofs of this network are checked on the chain already' });
    const actions = await server.db.all<{ action: string }>(
      "SELECT action FROM audit_log WHERE action = 'proof check'",
    );
    expect(actions).toHaveLength(2);
  });
});

describe('unique amounts reserved before paying', () => {
  it('gives customers who ask at once different amounts, and the same one to whoever asks again', async () => {
    const shared = await checkedAddress();
    const users: TestUser[] = [];
    for (let n = 0; n < 6; n += 1) users.push(await signUp(server));
    // A recharge in review at the address keeps its amount from the reservations.
    const [first] = users;
    if (!first) throw new Error('no customer');
    await create(first, { ...shared, amount: '100.01', txid: '' });

    const quotes = await Promise.all(users.map((user) => reserve(user, shared, '100')));
    expect(quotes.map((quote) => quote.exact_amount).sort()).toEqual([
      '100.02',
      '100.03',
      '100.04',
      '100.05',
      '100.06',
      '100.07',
    ]);
    for (const quote of quotes) {
      expect(quote).toMatchObject({ type: shared.type, address: shared.address, amount: '100.00' });
      expect(Date.parse(quote.expires_at) - Date.parse(quote.created_at)).toBe(QUOTE_HOLD_MS);
    }
    expect(await reserve(first, shared, '100.00')).toEqual(quotes[0]);
    // Each address has its amounts.
    const other = await checkedAddress();
    expect((await reserve(first, other, '100')).exact_amount).toBe('100.01');

    // Once a reservation has ended a customer gets a new one, never an amount given out that day.
    server.clock.advance(QUOTE_HOLD_MS / 1000 + 1);
    expect((await reserve(first, shared, '100')).exact_amount).toBe('100.08');
    // A day later the amounts are free again, but for the recharge still in review.
    server.clock.advance(24 * 3600);
    expect((await reserve(first, shared, '100')).exact_amount).toBe('100.02');
  });

  it('refuses what it cannot reserve, and a recharge that does not match its reservation', async () => {
    const shared = await checkedAddress();
    const [alice, mallory] = [await signUp(server), await signUp(server)];
    const plain = { type: 'PLAIN', address: formatAddress('evm', randomBytes(20).toString('hex')) };
    await saveReceivingAddress(server.app.wallet, { ...plain, minAmount: cents(1000) }, 'admin');
    const refused = (fields: { type: string; address: string; amount: string }, user = alice) =>
      post(server, 'recharge/quote', fields, { token: user.token });
    // Where proofs are not checked nothing is reserved, and recharges are made as before.
    expect(await refused({ ...plain, amount: '20' })).toMatchObject({ code: 409 });
    expect((await call(server, 'recharge/shoukuan-address', plain, alice.token)).quote).toBeUndefined();
    await create(alice, { ...plain, amount: '20.00', txid: '' });
    expect(await refused({ ...shared, amount: '5' })).toMatchObject({ code: 400, data: { field: 'amount' } });
    expect(await refused({ ...shared, address: plain.address, amount: '20' })).toMatchObject({
      code: 409,
      data: { field: 'address' },
    });

    const quote = await reserve(alice, shared, '20');
    const offer = { type: shared.type };
    expect(await call(server, 'recharge/shoukuan-address', offer, alice.token)).toMatchObject({ quote });
    expect((await call(server, 'recharge/shoukuan-address', offer, mallory.token)).quote).toBeUndefined();
    const reserved = { ...shared, txid: '', quote_id: quote.id };
    expect(await claim(mallory, { ...reserved, amount: '20.01' })).toMatchObject({
      code: 400,
      data: { field: 'quote_id' },
    });
    expect(await claim(alice, { ...reserved, amount: '20.00' })).toMatchObject({
      code: 400,
      msg: 'The amount must be exactly the 20.01 USDT reserved for you',
      data: { field: 'amount' },
    });
    expect(await create(alice, { ...reserved, amount: '20.01' })).toMatchObject({ state: 'audit' });
    expect((await call(server, 'recharge/shoukuan-address', offer, alice.token)).quote).toBeUndefined();
    expect(await claim(alice, { ...reserved, amount: '20.01' })).toMatchObject({
      code: 409,
      data: { field: 'quote_id' },
    });

    for (let n = 1; n < QUOTES_PER_DAY; n += 1) await reserve(alice, shared, String(30 + n));
    expect(await refused({ ...shared, amount: '99' })).toMatchObject({
      code: 409,
      msg: `You have reserved ${QUOTES_PER_DAY} amounts in the last 24 hours. Please send one of them, or try again later`,
    });
    // Every cent above 500.00 given out today: another amount, please.
    const at = server.clock.now().toISOString();
    for (let added = 1; added <= 99; added += 1) {
      await server.app.wallet.queries.recharge.insertQuote({
        user_id: alice.user.id,
        type: shared.type,
        address: shared.address,
        amount: 50000,
        exact_amount: 50000 + added,
        created_at: at,
        expires_at: at,
      });
    }
    expect(await refused({ ...shared, amount: '500' }, mallory)).toMatchObject({
      code: 409,
      data: { field: 'amount' },
    });
    expect((await reserve(mallory, shared, '500.5')).exact_amount).toBe('501.00');
  });
});
