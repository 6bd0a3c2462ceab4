import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cents } from '../../../contract/money';
import { checkIntegrity } from '../../ledger/integrity';
import type { LiveEvent } from '../../../contract/live';
import { noticeFor, outcomeOf } from '../../push/notices';
import {
  TEST_OPERATOR_PASSWORD,
  call,
  consoleCall,
  consolePost,
  enrolWithToken,
  enrolmentTokenMailedTo,
  freshServerPerTest,
  opsOutput,
  signInOperator,
  signInOperatorAs,
  signUp,
  type TestServer,
} from '../../testing/test-support';
import { addressBody } from './addresses';
import { unitsText, watchNetwork } from './networks';
import { chainReader, shownUrl, type ChainReader } from './rpc';
import { localChainPerFile } from '../../testing/chain/chain-per-file';
import { units, type LocalChain } from '../../testing/chain/local-chain';
import { CONFIRMATIONS, EVM_XPUB, HOLDER, watchedNetworks } from '../../testing/chain/watched-networks';
import { toCents, watchOnce } from './watcher';

let chain: LocalChain;
let server: TestServer;
freshServerPerTest((started) => (server = started), { checkLedger: true });

localChainPerFile((started) => (chain = started));

/** A second URL of the same node, with a key in its query: as a paid provider's backup would be. */
const backupOf = (local: LocalChain) => `${local.url.replace('127.0.0.1', 'localhost')}/rpc?key=s3cret`;

const { watched, leased, pass, addressOf, balanceOf, depositsOf } = watchedNetworks(
  () => server,
  () => chain,
);

/** A node that answers as `honest` does, but for the calls `changes` answers itself. */
function nodeLike(honest: ChainReader, changes: Partial<Omit<ChainReader, 'inUse' | 'nodes'>>): ChainReader {
  const node: ChainReader = {
    get inUse() {
      return honest.inUse;
    },
    get nodes() {
      return [node];
    },
    others: () => [],
    head: () => honest.head(),
    block: (at) => honest.block(at),
    blockByHash: (hash) => honest.blockByHash(hash),
    header: (at) => honest.header(at),
    decimals: (contract) => honest.decimals(contract),
    balanceOf: (contract, holder, at) => honest.balanceOf(contract, holder, at),
    chainId: () => honest.chainId(),
    transfers: (contract, from, to) => honest.transfers(contract, from, to),
    blockLogs: (hash, contract) => honest.blockLogs(hash, contract),
    receipt: (txHash) => honest.receipt(txHash),
    blockTime: (at) => honest.blockTime(at),
    ...changes,
  };
  return node;
}

describe('deposits read from the chain', () => {
  it('gives each customer an address of their own, the same on every EVM network, never reused', async () => {
    const first = await watched();
    const second = await watched();
    expect(first.firstAddress).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    const [alice, bob] = [await signUp(server), await signUp(server)];
    const [aliceAddress, bobAddress] = await Promise.all([addressOf(alice, first.type), addressOf(bob, first.type)]);
    expect(aliceAddress).not.toBe(bobAddress);
    expect(await addressOf(alice, first.type)).toBe(aliceAddress);
    expect(await addressOf(alice, second.type)).toBe(aliceAddress);
    const reply = await call(server, 'recharge/shoukuan-address', { type: first.type }, alice.token);
    expect(reply).toMatchObject({ type: first.type, min_amount: '10.00', confirmations: CONFIRMATIONS });
    expect(reply.types).toEqual(expect.arrayContaining([first.type, second.type]));
    const indexes = await server.db.all<{ address_index: number }>(
      'SELECT address_index FROM chain_addresses ORDER BY address_index',
    );
    expect(indexes.map((row) => row.address_index)).toEqual([0, 1]);
  });

  it('credits a transfer once, at finality, with its confirmations counted on the way', async () => {
    const { type, token } = await watched();
    const user = await signUp(server);
    const address = await addressOf(user, type);
    const tx = await chain.transfer(token, address, units('25.5', 6));
    await pass(type);
    expect(await depositsOf(user)).toEqual([
      expect.objectContaining({ type, tx_hash: tx, amount: '25.50', state: 'confirming', confirmations: 1, needed: 3 }),
    ]);
    expect(await balanceOf(user)).toBe('0.00');
    await chain.mine(1);
    await pass(type);
    expect((await depositsOf(user))[0]).toMatchObject({ state: 'confirming', confirmations: 2 });
    await chain.mine(1);
    await pass(type);
    expect((await depositsOf(user))[0]).toMatchObject({ state: 'credited', confirmations: 3 });
    expect(await balanceOf(user)).toBe('25.50');
    await chain.mine(5);
    await pass(type);
    await pass(type);
    expect(await balanceOf(user)).toBe('25.50');
    const lines = await server.db.all<{ kind: string; amount: number; ref_type: string }>(
      'SELECT kind, amount, ref_type FROM ledger WHERE user_id = ?',
      [user.user.id],
    );
    expect(lines).toEqual([{ kind: 'recharge', amount: 2550, ref_type: 'deposit' }]);
    const events = await server.db.all<{ payload: string }>(
      'SELECT payload FROM events WHERE user_id = ? ORDER BY id',
      [user.user.id],
    );
    expect(events.map((event) => JSON.parse(event.payload) as { state: string; confirmations: number })).toEqual([
      expect.objectContaining({ type: 'deposit', state: 'confirming', confirmations: 1 }),
      expect.objectContaining({ type: 'deposit', state: 'confirming', confirmations: 2 }),
      expect.objectContaining({ type: 'deposit', state: 'credited', confirmations: 3 }),
    ]);
    // The credit is an outcome: publish() queues a push notice for each subscribed device.
    const deposit = (await depositsOf(user))[0];
    const credited = events.at(-1);
    expect(credited && outcomeOf(JSON.parse(credited.payload) as LiveEvent)).toEqual({
      kind: 'deposit',
      id: deposit?.id,
      state: 'credited',
    });
    expect(
      noticeFor({
        outcome: { kind: 'deposit', id: deposit?.id ?? 0, state: 'credited' },
        amount: 2550,
        lang: 'en',
        hideAmounts: false,
        session: 's',
      }),
    ).toMatchObject({
      title: 'Recharge credited',
      body: 'Your deposit of 25.50 USDT reached its confirmations and was credited to your balance.',
    });
    expect(await checkIntegrity(server.app.wallet)).toEqual([]);
    // The integrity check holds every credited deposit to exactly one ledger line of its amount.
    const { id } = (await server.db.get<{ id: number }>('SELECT id FROM chain_deposits WHERE tx_hash = ?', [tx])) ?? {
      id: 0,
    };
    await server.db.run('UPDATE chain_deposits SET amount = 2551 WHERE id = ?', [id]);
    expect(await checkIntegrity(server.app.wallet)).toEqual([
      {
        table: 'chain_deposits',
        row: String(id),
        problem: `credited needs one recharge ledger row of +25.51 for user ${user.user.id}, but it is of +25.50`,
      },
    ]);
  });

  it('credits two transfers in one transaction, sent through another contract, each once', async () => {
    const { type, token } = await watched();
    const [alice, bob] = [await signUp(server), await signUp(server)];
    const [aliceAddress, bobAddress] = [await addressOf(alice, type), await addressOf(bob, type)];
    await chain.batchTransfer(token, [
      { to: aliceAddress, amount: units('11', 6) },
      { to: bobAddress, amount: units('12', 6) },
      { to: aliceAddress, amount: units('13', 6) },
    ]);
    await chain.mine(CONFIRMATIONS);
    await pass(type);
    expect(await balanceOf(alice)).toBe('24.00');
    expect(await balanceOf(bob)).toBe('12.00');
    const positions = await server.db.all<{ log_position: number }>(
      'SELECT log_position FROM chain_deposits WHERE network = ? ORDER BY log_position',
      [type],
    );
    expect(positions.map((row) => row.log_position)).toEqual([0, 1, 2]);
  });

  it('ignores a look-alike token, an address nobody was given, and records one below the minimum', async () => {
    const { type, token } = await watched({ min: 1000 });
    const user = await signUp(server);
    const address = await addressOf(user, type);
    const lookAlike = await chain.deployToken(6);
    await chain.transfer(lookAlike, address, units('50', 6));
    await chain.transfer(token, '0x000000000000000000000000000000000000dEaD', units('50', 6));
    await chain.transfer(token, address, units('9.99', 6));
    await chain.mine(CONFIRMATIONS);
    await pass(type);
    expect(await balanceOf(user)).toBe('0.00');
    expect(await depositsOf(user)).toEqual([expect.objectContaining({ amount: '9.99', state: 'below_minimum' })]);
    expect(await server.db.all('SELECT id FROM chain_deposits WHERE network = ?', [type])).toHaveLength(1);
  });

  it('converts an 18-decimal token exactly into cents and keeps what lies below a cent', async () => {
    const { type, token } = await watched({ decimals: 18 });
    const user = await signUp(server);
    const amount = units('123.456789012345678901', 18);
    await chain.transfer(token, await addressOf(user, type), amount);
    await chain.mine(CONFIRMATIONS);
    await pass(type);
    expect(await balanceOf(user)).toBe('123.45');
    const row = await server.db.get<{ amount_units: string; remainder_units: string }>(
      'SELECT amount_units, remainder_units FROM chain_deposits WHERE network = ?',
      [type],
    );
    expect(row).toEqual({ amount_units: amount.toString(), remainder_units: '6789012345678901' });
    expect(toCents(amount, 18)).toEqual({ amount: 12345, remainder: 6789012345678901n });
  });

  it('orphans a deposit whose block a reorganisation replaced, and finds it again in its new block', async () => {
    const { type, token } = await watched();
    const user = await signUp(server);
    const address = await addressOf(user, type);
    const before = await chain.snapshot();
    const height = await chain.blockNumber();
    const tx = await chain.transfer(token, address, units('40', 6));
    await pass(type);
    const seen = await server.db.get<{ block_hash: string }>(
      'SELECT block_hash FROM chain_deposits WHERE tx_hash = ?',
      [tx],
    );
    // The same height, other contents: the transfer is gone.
    await chain.revert(before);
    await chain.mine(2);
    expect(await chain.blockNumber()).toBe(height + 2);
    await pass(type);
    expect(await depositsOf(user)).toEqual([expect.objectContaining({ state: 'orphaned' })]);
    // Sent again, it lands in another block; the deposit is the same one, confirming again.
    const again = await chain.transfer(token, address, units('40', 6));
    await pass(type);
    const moved = await server.db.get<{ block_hash: string; state: string }>(
      'SELECT block_hash, state FROM chain_deposits WHERE tx_hash = ?',
      [again],
    );
    expect(moved?.state).toBe('confirming');
    if (again === tx) expect(moved?.block_hash).not.toBe(seen?.block_hash);
    await chain.mine(CONFIRMATIONS);
    await pass(type);
    expect(await balanceOf(user)).toBe('40.00');
    expect((await depositsOf(user)).filter((deposit) => deposit.state === 'credited')).toHaveLength(1);
  });

  it('stops at a reorganisation deeper than finality, debiting no one, until an operator starts the scan again', async () => {
    const { type, token } = await watched();
    const user = await signUp(server);
    const address = await addressOf(user, type);
    const before = await chain.snapshot();
    const height = await chain.blockNumber();
    await chain.transfer(token, address, units('20', 6));
    await chain.mine(CONFIRMATIONS);
    await pass(type);
    expect(await balanceOf(user)).toBe('20.00');
    await chain.revert(before);
    await chain.mine(CONFIRMATIONS + 2);
    await expect(pass(type)).rejects.toThrow(/reorganisation deeper than the finality rule/);
    expect(await balanceOf(user)).toBe('20.00');
    expect((await server.app.wallet.queries.chain.network(type))?.last_error).toMatch(/^the chain no longer has/);
    expect(await opsOutput(server, 'network', 'rescan', type, '--from', String(height + 1))).toEqual([
      `${type} scans again from block ${height + 1}`,
    ]);
    await pass(type);
    expect((await server.app.wallet.queries.chain.network(type))?.last_error).toBe('');
    expect(await balanceOf(user)).toBe('20.00');
  });

  it('catches up without a gap after the node was down, and splits a range the node finds too large', async () => {
    const { type, token } = await watched();
    const user = await signUp(server);
    const address = await addressOf(user, type);
    // Transfers keep coming while the watcher's node is down, then answers nonsense.
    chain.faults.down = true;
    await chain.transfer(token, address, units('10', 6));
    await chain.mine(7);
    await expect(pass(type)).rejects.toThrow(/no node answered/);
    chain.faults.down = false;
    chain.faults.garbage = true;
    await chain.transfer(token, address, units('11', 6));
    await chain.mine(7);
    await expect(pass(type)).rejects.toThrow(/not JSON-RPC/);
    chain.faults.garbage = false;
    await chain.transfer(token, address, units('12', 6));
    await chain.mine(CONFIRMATIONS);
    // Back, it refuses log queries over more than 4 blocks: each range is halved until it passes.
    chain.faults.maxLogRange = 4;
    try {
      await pass(type);
    } finally {
      chain.faults.maxLogRange = Number.POSITIVE_INFINITY;
    }
    expect(await balanceOf(user)).toBe('33.00');
    // A network watched before chain ids were kept takes its nodes' at its next pass.
    await server.db.run("UPDATE chain_networks SET chain_id = '' WHERE type = ?", [type]);
    await pass(type);
    expect((await server.app.wallet.queries.chain.network(type))?.chain_id).toBe('7a69');
  });

  it('refuses a contract whose decimals differ from what the admin said, and a private key', async () => {
    const token = await chain.deployToken(18);
    const input = {
      type: 'WRONG',
      kind: 'evm' as const,
      rpcUrls: [chain.url],
      contract: `0x${token.slice(2)}`,
      decimals: 6,
      minAmount: cents(1000),
      confirmations: 3,
      finalizedTag: true,
      xpub: EVM_XPUB,
    };
    await expect(watchNetwork(server.app.wallet, input, 'admin')).rejects.toThrow(
      'the contract has 18 decimals, not 6',
    );
    // One chain's contract under one type only: a transfer would otherwise be credited once per type.
    await watchNetwork(server.app.wallet, { ...input, type: 'FIRST', decimals: 18 }, 'admin');
    await expect(watchNetwork(server.app.wallet, { ...input, type: 'SECOND', decimals: 18 }, 'admin')).rejects.toThrow(
      'this contract of chain 0x7a69 is watched already, as FIRST',
    );
    await expect(
      watchNetwork(server.app.wallet, { ...input, xpub: `xprv${EVM_XPUB.slice(4)}` }, 'admin'),
    ).rejects.toThrow(/private key/);
    expect((await server.app.wallet.queries.chain.networks()).map((network) => network.type)).toEqual(['FIRST']);
    expect(addressBody(input.contract)).toBe(token.slice(2));
  });

  it('takes the key and node URLs from files on the CLI, out of the process list', async () => {
    const token = await chain.deployToken(6);
    const xpubFile = path.join(server.dir, 'xpub.txt');
    const rpcFile = path.join(server.dir, 'nodes.txt');
    fs.writeFileSync(xpubFile, `${EVM_XPUB}\n`);
    fs.writeFileSync(rpcFile, `${chain.url}/v3/s3cret-key\n${backupOf(chain)}\n`);
    const added = await opsOutput(
      server,
      ...['network', 'add', 'file20', '--kind', 'evm', '--rpc-file', rpcFile, '--xpub-file', xpubFile],
      ...['--contract', `0x${token.slice(2)}`, '--decimals', '6', '--min', '10', '--confirmations', '3'],
      ...['--finalized', 'yes'],
    );
    expect(added.at(-1)).toContain('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    expect(added.join('\n')).toContain('nodes http://127.0.0.1:');
    expect(added.join('\n')).toContain(shownUrl(backupOf(chain)));
    const missing = path.join(server.dir, 'missing.txt');
    await expect(
      opsOutput(server, 'network', 'check', 'XX20', '--kind', 'evm', '--finalized', 'yes', '--rpc-file', missing),
    ).rejects.toThrow(`--rpc-file: cannot read ${missing}`);
  });

  it('is set up from the CLI, which shows address 0 and never a node URL’s secret', async () => {
    const token = await chain.deployToken(6);
    const nodeUrl = `${chain.url}/v3/s3cret-key`;
    const added = await opsOutput(
      server,
      ...['network', 'add', 'cli20', '--kind', 'evm', '--rpc', `${nodeUrl},${backupOf(chain)}`],
      ...['--contract', `0x${token.slice(2)}`, '--decimals', '6', '--min', '10', '--confirmations', '12'],
      ...['--finalized', 'yes', '--xpub', EVM_XPUB],
    );
    expect(added.at(-1)).toBe(
      'address at index 0: 0x9858EfFD232B4033E47d90003D41EC34EcaEda94 (compare it with your wallet’s first receiving address)',
    );
    const listed = await opsOutput(server, 'network', 'list');
    expect(listed[0]).toContain('CLI20 (evm), USDT 0x');
    expect(listed[0]).toContain('min 10.00, 12 confirmations and finalized, nodes http://127.0.0.1:');
    const audit = await server.db.all<{ after_value: string }>(
      "SELECT after_value FROM audit_log WHERE action = 'network watch'",
    );
    for (const text of [...added, ...listed, ...audit.map((row) => row.after_value)])
      expect(text).not.toContain('s3cret');
    await expect(
      opsOutput(
        server,
        'network',
        'add',
        'cli21',
        '--kind',
        'evm',
        '--rpc',
        chain.url,
        '--contract',
        `0x${token.slice(2)}`,
        '--decimals',
        '18',
        '--min',
        '10',
        '--confirmations',
        '12',
        '--finalized',
        'yes',
        '--xpub',
        EVM_XPUB,
      ),
    ).rejects.toThrow('the contract has 6 decimals, not 18');
  });

  it('is set up by an admin in the console and watched from its Deposits screen', async () => {
    const admin = await signInOperator(server, 'chainadmin', 'admin');
    const reviewer = await signInOperator(server, 'chainreviewer');
    const token = await chain.deployToken(6);
    const fields = {
      type: 'con30',
      kind: 'evm',
      rpc_urls: `${chain.url}/v3/s3cret-key\n${backupOf(chain)}`,
      contract: `0x${token.slice(2)}`,
      decimals: '6',
      min_amount: '10',
      confirmations: '3',
      finalized: 'yes',
      xpub: EVM_XPUB,
      from_block: '',
    } as const;
    const refused = await consolePost(server, 'settings/network-add', { ...fields, decimals: '18' }, admin);
    expect(refused.envelope).toMatchObject({ msg: 'The contract has 6 decimals, not 18', data: { field: 'decimals' } });
    const notAdmin = await consolePost(server, 'settings/network-add', fields, reviewer);
    expect(notAdmin.envelope.code).toBe(403);
    expect(await consoleCall(server, 'settings/network-add', fields, admin)).toEqual({
      first_address: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
    });
    const { networks } = await consoleCall(server, 'settings/networks', {}, admin);
    expect(networks).toEqual([
      expect.objectContaining({
        type: 'CON30',
        contract: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
        min_amount: '10.00',
        finalized: true,
        nodes: [expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/…$/), shownUrl(backupOf(chain))],
        first_address: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
      }),
    ]);
    expect(JSON.stringify(networks)).not.toContain('s3cret');

    const user = await signUp(server);
    await chain.transfer(token, await addressOf(user, 'CON30'), units('15', 6));
    await chain.transfer(token, await addressOf(user, 'CON30'), units('5', 6));
    await chain.mine(CONFIRMATIONS);
    await pass('CON30');
    const { watchers } = await consoleCall(server, 'deposits/watchers', {}, reviewer);
    expect(watchers).toEqual([expect.objectContaining({ type: 'CON30', lag_blocks: 0, stalled: false })]);
    const all = await consoleCall(server, 'deposits/list', { state: '' }, reviewer);
    expect(all.deposits.map((deposit) => [deposit.account, deposit.amount, deposit.state])).toEqual([
      [user.user.account, '5.00', 'below_minimum'],
      [user.user.account, '15.00', 'credited'],
    ]);
    const below = await consoleCall(server, 'deposits/list', { state: 'below_minimum' }, reviewer);
    expect(below.deposits.map((deposit) => deposit.amount)).toEqual(['5.00']);
    // The treasury's export: both transfers arrived at the customer's address, 20 USDT in all.
    const { csv } = await consoleCall(server, 'deposits/holdings', { type: 'CON30' }, admin);
    const customerAddress = await addressOf(user, 'CON30');
    expect(csv).toMatch(
      new RegExp(
        `^network,address,transfers,total_arrived,last_arrived_at\\nCON30,${customerAddress},2,20\\.000000,[0-9T:.Z-]+\\n$`,
      ),
    );
    expect((await consolePost(server, 'deposits/holdings', { type: 'CON30' }, reviewer)).envelope.code).toBe(403);
    expect(await opsOutput(server, 'network', 'holdings', 'con30')).toEqual(csv.trimEnd().split('\n'));
    expect(unitsText(123_456_789_012_345_678_901n, 18)).toBe('123.456789012345678901');
    // The 5.00 below the minimum, credited by an administrator with a reason.
    const [small] = below.deposits;
    const id = String(small?.id);
    expect(
      (await consolePost(server, 'deposits/credit', { id, reason: 'Sent by mistake, refund' }, reviewer)).envelope.code,
    ).toBe(403);
    const noReason = await consolePost(server, 'deposits/credit', { id, reason: '  ' }, admin);
    expect(noReason.envelope).toMatchObject({ code: 400, data: { field: 'reason' } });
    expect(
      await consoleCall(server, 'deposits/credit', { id, reason: 'Customer asked; below minimum' }, admin),
    ).toEqual({
      outcome: 'credited',
    });
    expect(await balanceOf(user)).toBe('20.00');
    const again = await consolePost(server, 'deposits/credit', { id, reason: 'twice' }, admin);
    expect(again.envelope).toMatchObject({ code: 409, data: { field: 'id' } });
    const audit = await server.db.get<{ action: string; detail: string }>(
      "SELECT action, detail FROM audit_log WHERE target_type = 'deposit' AND target_id = ?",
      [small?.id ?? 0],
    );
    expect(audit).toEqual({ action: 'credit by hand', detail: '5.00: Customer asked; below minimum' });
    expect(await checkIntegrity(server.app.wallet)).toEqual([]);
    const detail = await consoleCall(server, 'customers/detail', { id: String(user.user.id) }, reviewer);
    expect(detail.deposit_addresses).toEqual([{ type: 'CON30', address: await addressOf(user, 'CON30') }]);
  });

  it('credits a large deposit below the minimum by hand only on two administrators’ approvals', async () => {
    const { type, token } = await watched({ min: 100_000 });
    const user = await signUp(server);
    await chain.transfer(token, await addressOf(user, type), units('600', 6));
    await chain.mine(CONFIRMATIONS);
    await pass(type);
    const [first, second] = [
      await signInOperator(server, 'handa', 'admin'),
      await signInOperator(server, 'handb', 'admin'),
    ];
    await consoleCall(server, 'settings/review-save', { second_approval_above: '500' }, first);
    const { deposits } = await consoleCall(server, 'deposits/list', { state: 'below_minimum' }, first);
    const id = String(deposits.find((deposit) => deposit.account === user.user.account)?.id);
    const credit = (operator: typeof first) =>
      consolePost<{ outcome: string }>(
        server,
        'deposits/credit',
        { id, reason: 'Large, checked on the chain' },
        operator,
      );
    expect((await credit(first)).envelope.data).toEqual({ outcome: 'awaiting_second_approval' });
    expect(await balanceOf(user)).toBe('0.00');
    expect((await credit(first)).envelope).toMatchObject({ code: 409, data: { field: 'id' } });
    expect((await credit(second)).envelope.data).toEqual({ outcome: 'credited' });
    expect(await balanceOf(user)).toBe('600.00');
  });

  it('lets no admin credit a large deposit by hand as a second identity he enrolled himself, until it counts 24 hours on', async () => {
    const { type, token } = await watched({ min: 300_000 });
    const user = await signUp(server);
    await chain.transfer(token, await addressOf(user, type), units('2500', 6));
    await chain.mine(CONFIRMATIONS);
    await pass(type);
    const admin = await signInOperator(server, 'handboss', 'admin');
    // He gives an address of his own for the new account and opens its link himself.
    const email = 'handsock@boss-elsewhere.example';
    await consoleCall(server, 'operators/add', { name: 'handsock', role: 'admin', email }, admin);
    const sock = await enrolWithToken(server, enrolmentTokenMailedTo(server, email));
    const { deposits } = await consoleCall(server, 'deposits/list', { state: 'below_minimum' }, admin);
    const id = String(deposits.find((deposit) => deposit.account === user.user.account)?.id);
    const credit = (operator: { cookie: string; csrf: string }) =>
      consolePost<{ outcome: string }>(server, 'deposits/credit', { id, reason: 'Large, checked' }, operator);
    expect((await credit(admin)).envelope.data).toEqual({ outcome: 'awaiting_second_approval' });
    expect((await credit(sock)).envelope).toMatchObject({ code: 409, data: { field: 'id' } });
    expect(await balanceOf(user)).toBe('0.00');
    server.clock.advance(24 * 3600);
    const counted = await signInOperatorAs(server, {
      name: 'handsock',
      password: TEST_OPERATOR_PASSWORD,
      totpSecret: sock.totpSecret,
    });
    expect((await credit(counted)).envelope.data).toEqual({ outcome: 'credited' });
    expect(await balanceOf(user)).toBe('2500.00');
  });

  it('credits once what a node answers twice, and ignores logs of another contract or outside the range', async () => {
    const { type, token } = await watched();
    const user = await signUp(server);
    await chain.transfer(token, await addressOf(user, type), units('12', 6));
    await chain.mine(CONFIRMATIONS);
    const honest = chainReader({ urls: [chain.url] });
    const lying = nodeLike(honest, {
      transfers: async (contract, from, to) => {
        const logs = await honest.transfers(contract, from, to);
        return [
          ...logs,
          ...logs,
          ...logs.map((log) => ({ ...log, contract: 'ab'.repeat(20), tx_hash: 'cd'.repeat(32) })),
          ...logs.map((log) => ({ ...log, block_number: to + 1, tx_hash: 'ef'.repeat(32) })),
        ];
      },
    });
    const domain = server.app.wallet;
    const network = await leased(type, HOLDER);
    // A node of another chain is not listened to at all.
    const otherChain = nodeLike(honest, { chainId: async () => '38' });
    await expect(watchOnce(domain, { network, reader: otherChain, holder: HOLDER })).rejects.toThrow(
      /the node is on chain 0x38, not the network's 0x7a69/,
    );
    expect(await balanceOf(user)).toBe('0.00');
    await watchOnce(domain, { network, reader: lying, holder: HOLDER });
    expect(await balanceOf(user)).toBe('12.00');
    expect(await depositsOf(user)).toHaveLength(1);
  });

  it('lets one node at a time scan a network, so two nodes credit once', async () => {
    const { type, token } = await watched();
    const user = await signUp(server);
    await chain.transfer(token, await addressOf(user, type), units('30', 6));
    await chain.mine(CONFIRMATIONS);
    // The second node's lease is refused while the first holds it; its pass moves nothing.
    await pass(type, { holder: 'node-a' });
    await pass(type, { holder: 'node-b' });
    const domain = server.app.wallet;
    const network = await domain.queries.chain.network(type);
    expect(network?.lease_holder).toBe('node-a');
    // Even run regardless of the lease, from where it stood, it cannot credit the range again.
    if (!network) throw new Error('no network');
    await watchOnce(domain, {
      network: { ...network, scanned_block: network.scanned_block - 5, scanned_hash: null },
      reader: chainReader({ urls: [chain.url] }),
      holder: 'node-b',
    });
    expect(await balanceOf(user)).toBe('30.00');
  });
});
