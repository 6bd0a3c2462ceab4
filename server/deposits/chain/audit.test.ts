import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cents } from '../../../contract/money';
import { inTransaction } from '../../ledger/transactions';
import { isoNow } from '../../platform/domain';
import { approveWithoutOperator } from '../../review/review';
import { saveReceivingAddress } from '../../settings/service-settings';
import { freshServerPerTest, opsOutput, signUp, type TestServer } from '../../testing/test-support';
import { addressBody, formatAddress } from './addresses';
import { auditChain } from './audit';
import { checkProofs } from './proofs';
import { localChainPerFile } from '../../testing/chain/chain-per-file';
import { units, type LocalChain } from '../../testing/chain/local-chain';
import { CONFIRMATIONS, watchedNetworks } from '../../testing/chain/watched-networks';

let chain: LocalChain;
let otherChain: LocalChain;
let server: TestServer;
freshServerPerTest((started) => (server = started), { checkLedger: true });
localChainPerFile((started) => (chain = started));
localChainPerFile((started) => (otherChain = started), { chainId: 1337 });

const { watched, pass, addressOf, balanceOf } = watchedNetworks(
  () => server,
  () => chain,
);

/** Sends the token out of a customer's address, as the treasury's sweep would with its key. */
async function sweep(token: string, from: string, amount: bigint): Promise<void> {
  await chain.request('hardhat_impersonateAccount', [from]);
  await chain.request('hardhat_setBalance', [from, '0x56bc75e2d63100000']);
  const data = `0xa9059cbb${addressBody(chain.sender)?.padStart(64, '0') ?? ''}${amount.toString(16).padStart(64, '0')}`;
  await chain.request('eth_sendTransaction', [{ from, to: token, data }]);
}

describe('ops chain audit', () => {
  it('finds credits the chain does not bear out, though `ops check` passes, and changes nothing', async () => {
    const domain = server.app.wallet;
    const [kept, gone] = [await watched(), await watched()];
    // A deposit credited, then reorganised away deeper than finality.
    const before = await chain.snapshot();
    const [alice, bob] = [await signUp(server), await signUp(server)];
    await chain.transfer(gone.token, await addressOf(alice, gone.type), units('30', 6));
    await chain.mine(CONFIRMATIONS);
    await pass(gone.type);
    expect(await balanceOf(alice)).toBe('30.00');
    await chain.revert(before);
    await chain.mine(CONFIRMATIONS + 2);

    // A network whose credits hold: a deposit, dust, and a sweep by the treasury.
    const address = await addressOf(bob, kept.type);
    await chain.transfer(kept.token, address, units('20', 6));
    await chain.batchTransfer(kept.token, [
      { to: address, amount: units('0.3', 6) },
      { to: address, amount: units('0.3', 6) },
    ]);
    await chain.mine(CONFIRMATIONS);
    await pass(kept.type);
    expect(await balanceOf(bob)).toBe('20.00');
    expect(await auditChain(domain)).toMatchObject({ differences: 1 });
    const clean = (await auditChain(domain)).lines.filter((line) => line.startsWith(kept.type));
    expect(clean).toEqual([
      `${kept.type}: 1 credited deposits re-read, 0 not borne out; addresses holding more than recorded: 0, less: 0 (balances at block ${await scanned(kept.type)})`,
    ]);
    // Dust the records lost: the address holds more than they say arrived.
    await server.db.run("UPDATE chain_dust SET amount_units = '0' WHERE network = ?", [kept.type]);
    expect((await auditChain(domain)).lines).toContain(
      `${kept.type} ${address} holds 0.600000 more than the transfers recorded arriving: a transfer the watcher did not record, or one from before the network was watched`,
    );
    await server.db.run("UPDATE chain_dust SET amount_units = '600000' WHERE network = ?", [kept.type]);
    await sweep(kept.token, address, units('5', 6));
    await chain.mine(CONFIRMATIONS);
    await pass(kept.type);

    // A credit a lying node minted: a transaction that never was.
    const forged = `${randomBytes(32).toString('hex')}`;
    await inTransaction(domain, async (tx) => {
      const id = await tx.queries.chain.insertDeposit({
        network: kept.type,
        tx_hash: forged,
        log_position: 0,
        block_number: 1,
        block_hash: randomBytes(32).toString('hex'),
        from_body: addressBody(chain.sender) ?? '',
        to_body: addressBody(address) ?? '',
        user_id: bob.user.id,
        amount_units: units('500', 6).toString(),
        amount: cents(50_000),
        remainder_units: '0',
        state: 'credited',
        confirmations: CONFIRMATIONS,
        seen_at: isoNow(tx),
      });
      await tx.ledger.post({
        userId: bob.user.id,
        kind: 'recharge',
        amount: cents(50_000),
        ref: { type: 'deposit', id },
        at: isoNow(tx),
      });
    });

    // A proof credited on another chain's transfer.
    const shared = formatAddress('evm', randomBytes(20).toString('hex'));
    await saveReceivingAddress(domain, { type: 'PROOFS', address: shared, minAmount: cents(1000) }, 'admin');
    await checkProofs(
      domain,
      {
        type: 'PROOFS',
        kind: 'evm',
        rpcUrls: [chain.url],
        contract: kept.token,
        decimals: 6,
        confirmations: CONFIRMATIONS,
        finalizedTag: true,
      },
      'admin',
    );
    const otherToken = await otherChain.deployToken(6);
    const elsewhere = await otherChain.transfer(otherToken, shared, units('70', 6));
    const recharge = await inTransaction(domain, async (tx) => {
      const at = isoNow(tx);
      const id = await tx.queries.recharge.insert({
        user_id: alice.user.id,
        type: 'PROOFS',
        category: 'USDT',
        address: shared,
        amount: cents(7000),
        credentials: '/uploads/none.png',
        proof_hash: randomBytes(32).toString('hex'),
        tx_hash: elsewhere,
        chain_verdict: 'pending',
        chain_checked_at: at,
        created_at: at,
      });
      await tx.queries.recharge.recordVerdict(id, 'matched', 'block 3', addressBody(otherChain.sender), at);
      await approveWithoutOperator(tx, id, 'chain', `transaction ${elsewhere}`, at);
      return id;
    });

    const balancesBefore = [await balanceOf(alice), await balanceOf(bob)];
    const audit = await auditChain(domain);
    expect(audit.lines).toEqual([
      `${kept.type} deposit ${await forgedId(forged)} (500.00 to user ${bob.user.id}): transaction 0x${forged} is not on the chain`,
      `${kept.type} ${address} holds 505.000000 less than arrived: swept or sent on (compare with the treasury's sweeps)`,
      `${kept.type}: 2 credited deposits re-read, 1 not borne out; addresses holding more than recorded: 0, less: 1 (balances at block ${await scanned(kept.type)})`,
      expect.stringMatching(
        new RegExp(
          `^${gone.type} deposit \\d+ \\(30\\.00 to user ${alice.user.id}\\): transaction 0x[0-9a-f]{64} is not on the chain$`,
        ),
      ),
      `${gone.type} ${await addressOf(alice, gone.type)} holds 30.000000 less than arrived: swept or sent on (compare with the treasury's sweeps)`,
      `${gone.type}: 1 credited deposits re-read, 1 not borne out; addresses holding more than recorded: 0, less: 1 (balances at block ${await scanned(gone.type)})`,
      `recharge ${recharge} (70.00 to user ${alice.user.id}, credited by its proof on the chain): transaction 0x${elsewhere} is not on the chain`,
      "proofs: 1 recharges credited on the chain's word re-read, 1 not borne out",
    ]);
    expect(audit.differences).toBe(3);
    await expect(opsOutput(server, 'chain', 'audit')).rejects.toThrow('chain audit: 3 differences, listed above');
    expect([await balanceOf(alice), await balanceOf(bob)]).toEqual(balancesBefore);
  });
});

async function scanned(type: string): Promise<number> {
  return (await server.app.wallet.queries.chain.network(type))?.scanned_block ?? -1;
}

async function forgedId(tx: string): Promise<number> {
  return (await server.db.get<{ id: number }>('SELECT id FROM chain_deposits WHERE tx_hash = ?', [tx]))?.id ?? 0;
}
