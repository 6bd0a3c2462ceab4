import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cents } from '../../contract/money';
import type { RechargeRow } from '../db/recharge';
import { saveReceivingAddress } from '../service-settings';
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
} from '../test-support';
import { formatAddress } from './addresses';
import { NetworkError } from './networks';
import { CHAIN_ACTOR, checkDueProofs, checkProofs } from './proofs';
import { localChainPerFile } from './testing/chain-per-file';
import { units, type LocalChain } from './testing/local-chain';

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
}

async function create(user: TestUser, { type, address, amount, txid }: Claim) {
  const fields = { category: 'USDT', type, address, amount, txid, credentials: await proof(user) } as const;
  return call(server, 'recharge/create', fields, user.token);
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
  it('credits a recharge whose transaction matches, without an operator, once across all customers', async () => {
    const shared = await checkedAddress();
    const [alice, mallory] = [await signUp(server), await signUp(server)];
    const offer = await call(server, 'recharge/shoukuan-address', { type: shared.type }, alice.token);
    expect(offer).toMatchObject({ type: shared.type, address: shared.address, checked: true });
    const tx = await chain.transfer(shared.token, shared.address, units('125.5', 6));
    await chain.mine(CONFIRMATIONS);
    const created = await create(alice, { ...shared, amount: '125.50', txid: `0x${tx.toUpperCase()}` });
    expect(created.state).toBe('audit');
    const row = await looked(created.id);
    expect(row).toMatchObject({ state: 'success', tx_hash: tx, chain_verdict: 'matched' });
    expect(await balanceOf(alice)).toBe('125.50');
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
        amount: '125.50',
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
    const user = await signUp(server);
    const tx = await chain.transfer(shared.token, shared.address, units('50', 6));
    const { id } = await create(user, { ...shared, amount: '50.00', txid: tx });
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
    expect(await balanceOf(user)).toBe('50.00');
    server.clock.advance(31);
    expect(await checkDueProofs(server.app.wallet, { trust: server.app.wallet.chainTrust })).toBe(0);
  });

  it('leaves to an operator a transfer from a sender credited to someone else, and one made before checks began', async () => {
    const shared = await checkedAddress();
    const [alice, bob] = [await signUp(server), await signUp(server)];
    const first = await chain.transfer(shared.token, shared.address, units('20', 6));
    const second = await chain.transfer(shared.token, shared.address, units('30', 6));
    await chain.mine(CONFIRMATIONS);
    const credited = await create(alice, { ...shared, amount: '20.00', txid: first });
    expect(await looked(credited.id)).toMatchObject({ state: 'success' });
    // Every transfer here comes from the chain's one funded account: the same sender as Alice's.
    const claimed = await create(bob, { ...shared, amount: '30.00', txid: second });
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
