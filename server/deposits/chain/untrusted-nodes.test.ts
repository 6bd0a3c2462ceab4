import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { cents } from '../../../contract/money';
import { saveReceivingAddress } from '../../settings/service-settings';
import {
  call,
  consoleCall,
  freshServerPerTest,
  signInOperator,
  signUp,
  uniquePng,
  upload,
  type TestServer,
} from '../../testing/test-support';
import { addressBody, formatAddress } from './addresses';
import { auditChain } from './audit';
import { NetworkError, unitsText } from './networks';
import { checkProofs } from './proofs';
import { chainReader, TRANSFER_TOPIC } from './rpc';
import { localChainPerFile } from '../../testing/chain/chain-per-file';
import { units, type LocalChain } from '../../testing/chain/local-chain';
import { startNodeProxy, type NodeProxy } from '../../testing/chain/node-proxy';
import { CONFIRMATIONS, watchedNetworks } from '../../testing/chain/watched-networks';

/**
 * The red team's nodes: proxies in front of the real local chain that make up transfers, answer
 * for another chain, leave logs out, or answer without end. What a node says is believed only as
 * far as the chain itself, and the other nodes, bear it out.
 */

let chain: LocalChain;
/** Another chain (id 1337, 0x539) with the same accounts: what a node of another network answers. */
let otherChain: LocalChain;
let server: TestServer;
const proxies: NodeProxy[] = [];
freshServerPerTest((started) => (server = started), { checkLedger: true });
localChainPerFile((started) => (chain = started));

localChainPerFile((started) => (otherChain = started), { chainId: 1337 });
afterAll(async () => {
  await Promise.all(proxies.map((proxy) => proxy.close()));
});

const { watched, pass, addressOf, balanceOf, depositsOf } = watchedNetworks(
  () => server,
  () => chain,
);

async function proxyOf(target: string): Promise<NodeProxy> {
  const proxy = await startNodeProxy(target);
  proxies.push(proxy);
  return proxy;
}

const word = (value: bigint) => `0x${value.toString(16).padStart(64, '0')}`;
const topicOf = (address: string) => `0x${addressBody(address)?.padStart(64, '0') ?? ''}`;

/** A Transfer log of the token as a node would answer it, in a real block, in a transaction that never was. */
function forgedTransfer(token: string, to: string, amount: bigint, block: { number: string; hash: string }) {
  return {
    address: token,
    blockHash: block.hash,
    blockNumber: block.number,
    transactionHash: `0x${randomBytes(32).toString('hex')}`,
    transactionIndex: '0x0',
    logIndex: '0x63',
    removed: false,
    topics: [TRANSFER_TOPIC, topicOf(chain.sender), topicOf(to)],
    data: word(amount),
  };
}

type Log = { blockNumber: string };

/** Whether an eth_getLogs query of a range covers the block. */
function covers(params: unknown[], blockNumber: string): boolean {
  const filter = params[0] as { fromBlock?: string; toBlock?: string };
  if (filter.fromBlock === undefined || filter.toBlock === undefined) return false;
  const at = BigInt(blockNumber);
  return BigInt(filter.fromBlock) <= at && at <= BigInt(filter.toBlock);
}

async function latestBlock(on: LocalChain = chain) {
  return on.request<{ number: string; hash: string; timestamp: string }>('eth_getBlockByNumber', ['latest', false]);
}

/**
 * Moves the server's clock up to the chain's: a test server's clock starts on a fixed day, while
 * the local chain's blocks bear the time they were made, and a reserved amount holds for an hour of both.
 */
async function clockToChain(): Promise<void> {
  const latest = await latestBlock();
  const behind = Number(BigInt(latest.timestamp)) * 1000 - server.clock.now().getTime();
  if (behind > 0) server.clock.advance(Math.ceil(behind / 1000));
}

async function scannedBlock(type: string): Promise<number> {
  return (await server.app.wallet.queries.chain.network(type))?.scanned_block ?? -1;
}

describe('a node that makes up a transfer', () => {
  it('credits nothing whose transaction has no receipt on the chain, and settles nothing past it', async () => {
    const liar = await proxyOf(chain.url);
    const { type, token } = await watched({ rpcUrls: [liar.url] });
    const user = await signUp(server);
    const address = await addressOf(user, type);
    await chain.mine(1);
    const block = await latestBlock();
    const forged = forgedTransfer(token, address, units('500', 6), block);
    liar.change = (method, params, result) =>
      method === 'eth_getLogs' && covers(params, block.number) ? [...(result as Log[]), forged] : result;
    await chain.mine(CONFIRMATIONS);
    await expect(pass(type)).rejects.toThrow(
      `a transfer was confirmed by 0 of the 1 nodes that must agree (${liar.url}: it knows no transaction ${forged.transactionHash})`,
    );
    expect(await balanceOf(user)).toBe('0.00');
    expect(await depositsOf(user)).toEqual([]);
    expect(await scannedBlock(type)).toBeLessThan(Number(block.number));
    // The node mends its ways: the range settles, with nothing in it.
    liar.change = undefined;
    await pass(type);
    expect(await scannedBlock(type)).toBeGreaterThanOrEqual(Number(block.number));
    expect(await balanceOf(user)).toBe('0.00');
  });

  it('needs two nodes to confirm a transfer when the network has two, even when one makes up the receipt too', async () => {
    const [liar, honest] = [await proxyOf(chain.url), await proxyOf(chain.url)];
    const { type, token } = await watched({ rpcUrls: [liar.url, honest.url] });
    const user = await signUp(server);
    const address = await addressOf(user, type);
    await chain.mine(1);
    const block = await latestBlock();
    const forged = forgedTransfer(token, address, units('500', 6), block);
    liar.change = (method, params, result) =>
      method === 'eth_getLogs' && covers(params, block.number) ? [...(result as Log[]), forged] : result;
    liar.answer = async (method, params) =>
      method === 'eth_getTransactionReceipt' && params[0] === forged.transactionHash
        ? { status: '0x1', blockNumber: block.number, blockHash: block.hash, logs: [forged] }
        : undefined;
    await chain.mine(CONFIRMATIONS);
    await expect(pass(type)).rejects.toThrow(
      `confirmed by 1 of the 2 nodes that must agree (${honest.url}: it knows no transaction ${forged.transactionHash})`,
    );
    expect(await balanceOf(user)).toBe('0.00');
    // Shown as confirming to nobody either: the made-up transfer never reached the customer's list.
    expect(await depositsOf(user)).toEqual([]);
  });

  it('credits a real transfer once two nodes confirm it, or one when the setting says one', async () => {
    const [first, second] = [await proxyOf(chain.url), await proxyOf(chain.url)];
    const { type, token } = await watched({ rpcUrls: [first.url, second.url] });
    const user = await signUp(server);
    await chain.transfer(token, await addressOf(user, type), units('42', 6));
    await chain.mine(CONFIRMATIONS);
    second.down = true;
    await expect(pass(type)).rejects.toThrow(/confirmed by 1 of the 2 nodes that must agree/);
    expect(await balanceOf(user)).toBe('0.00');
    await pass(type, { nodesToAgree: 1 });
    expect(await balanceOf(user)).toBe('42.00');
  });
});

describe('nodes of another chain', () => {
  /** A token at the same address on both chains: the deployer's nonce brought level first. */
  async function twinTokens(): Promise<string> {
    const nonceOf = async (on: LocalChain) =>
      Number(BigInt(await on.request<string>('eth_getTransactionCount', [on.sender, 'latest'])));
    const [here, there] = [await nonceOf(chain), await nonceOf(otherChain)];
    const behind = here < there ? chain : otherChain;
    for (let step = Math.min(here, there); step < Math.max(here, there); step += 1) {
      await behind.request('eth_sendTransaction', [{ from: behind.sender, to: behind.sender, value: '0x0' }]);
    }
    const [token, twin] = [await chain.deployToken(6), await otherChain.deployToken(6)];
    expect(twin).toBe(token);
    return token;
  }

  it('refuses at setup a backup URL of another chain', async () => {
    const other = await proxyOf(otherChain.url);
    const token = await chain.deployToken(6);
    const added = watched({ rpcUrls: [chain.url, other.url] }).catch((error: unknown) => error);
    await expect(added).resolves.toBeInstanceOf(NetworkError);
    await expect(added).resolves.toMatchObject({
      reason: 'chain',
      message: `the nodes are on different chains: ${chain.url} answers chain 0x7a69, ${other.url} answers 0x539`,
    });
    const checked = await saveReceivingAddress(
      server.app.wallet,
      { type: 'OTHER1', address: formatAddress('evm', randomBytes(20).toString('hex')), minAmount: cents(1000) },
      'admin',
    ).then(() =>
      checkProofs(
        server.app.wallet,
        {
          type: 'OTHER1',
          kind: 'evm',
          rpcUrls: [chain.url, other.url],
          contract: token,
          decimals: 6,
          confirmations: CONFIRMATIONS,
          finalizedTag: true,
        },
        'admin',
      ).catch((error: unknown) => error),
    );
    expect(checked).toMatchObject({ reason: 'chain' });
  });

  it('never uses a node that turns to another chain, and goes back to the first URL once it answers again', async () => {
    const [first, backup] = [await proxyOf(chain.url), await proxyOf(chain.url)];
    const { type, token, network } = await watched({ rpcUrls: [first.url, backup.url] });
    let now = Date.now();
    const refusedChains: string[] = [];
    const reader = chainReader({
      urls: [first.url, backup.url],
      chainId: network.chain_id,
      pause: async () => undefined,
      clock: () => now,
      onWrongChain: (node, chainId) => refusedChains.push(`${node} ${chainId}`),
    });
    const user = await signUp(server);
    const address = await addressOf(user, type);
    // The first node goes down and the backup turns out to be another chain's node.
    first.down = true;
    backup.target = otherChain.url;
    await otherChain.mine(20);
    await expect(pass(type, { reader, nodesToAgree: 1 })).rejects.toThrow(
      `${backup.url} answers chain 0x539, not 0x7a69: it is not used`,
    );
    expect(refusedChains).toEqual([`${backup.url} 539`]);
    // Back: the first URL rests a while after failing, then is used again; the backup never is.
    first.down = false;
    backup.target = chain.url;
    now += 31_000;
    await chain.transfer(token, address, units('15', 6));
    await chain.mine(CONFIRMATIONS);
    const askedBefore = backup.calls.length;
    await pass(type, { reader, nodesToAgree: 1 });
    expect(reader.inUse).toBe(first.url);
    expect(backup.calls.length).toBe(askedBefore);
    expect(await balanceOf(user)).toBe('15.00');
  });

  it('credits no proof from another chain’s node after a failover, and reads the real chain again', async () => {
    const token = await twinTokens();
    const [first, backup] = [await proxyOf(chain.url), await proxyOf(chain.url)];
    const address = formatAddress('evm', randomBytes(20).toString('hex'));
    await saveReceivingAddress(server.app.wallet, { type: 'TWIN', address, minAmount: cents(1000) }, 'admin');
    await checkProofs(
      server.app.wallet,
      {
        type: 'TWIN',
        kind: 'evm',
        rpcUrls: [first.url, backup.url],
        contract: token,
        decimals: 6,
        confirmations: CONFIRMATIONS,
        finalizedTag: true,
      },
      'admin',
    );
    const [mallory, alice] = [await signUp(server), await signUp(server)];
    // A transfer on the other chain, named as a proof while the first node is down and the
    // backup follows the other chain.
    const elsewhere = await otherChain.transfer(token, address, units('70', 6));
    await otherChain.mine(CONFIRMATIONS);
    first.down = true;
    backup.target = otherChain.url;
    const recharge = async (user: typeof alice, amount: string, txid: string, quote?: { id: number }) => {
      const credentials = (await upload(server, user.token, await uniquePng())).data.url;
      const fields = {
        category: 'USDT',
        type: 'TWIN',
        address,
        amount,
        txid,
        credentials,
        ...(quote ? { quote_id: String(quote.id) } : {}),
      } as const;
      const { id } = await call(server, 'recharge/create', fields, user.token);
      const deadline = Date.now() + 10_000;
      for (;;) {
        const row = await server.app.wallet.queries.recharge.byId(id);
        if (row?.chain_verdict !== 'pending' || Date.now() > deadline) return row;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    expect(await recharge(mallory, '70.00', elsewhere)).toMatchObject({ state: 'audit', chain_verdict: 'unreachable' });
    expect(await balanceOf(mallory)).toBe('0.00');
    // The first node is back: a real transfer of the amount reserved, on the watched chain, is
    // found and credited.
    first.down = false;
    backup.target = chain.url;
    await clockToChain();
    const quote = await call(server, 'recharge/quote', { type: 'TWIN', address, amount: '80.00' }, alice.token);
    const real = await chain.transfer(token, address, units(quote.exact_amount, 6));
    await chain.mine(CONFIRMATIONS);
    expect(await recharge(alice, quote.exact_amount, real, quote)).toMatchObject({
      state: 'success',
      chain_verdict: 'matched',
    });
    expect(await balanceOf(alice)).toBe(quote.exact_amount);
  });
});

describe('a node that leaves logs out', () => {
  it('takes from the block’s own logs a transfer its log query left out, where the bloom shows one', async () => {
    const forgetful = await proxyOf(chain.url);
    const { type, token } = await watched({ rpcUrls: [forgetful.url] });
    // Log queries by contract answer nothing; the block's logs in full still come.
    forgetful.change = (method, params, result) =>
      method === 'eth_getLogs' && (params[0] as { address?: string }).address !== undefined ? [] : result;
    const user = await signUp(server);
    await chain.transfer(token, await addressOf(user, type), units('7', 6));
    await chain.mine(CONFIRMATIONS);
    await pass(type, { dustBelow: cents(1) });
    expect(await depositsOf(user)).toEqual([expect.objectContaining({ amount: '7.00', state: 'below_minimum' })]);
  });

  it('settles no block whose bloom shows transfers no node answered, and takes them from another node', async () => {
    const [silent, honest] = [await proxyOf(chain.url), await proxyOf(chain.url)];
    silent.change = (method, _params, result) => (method === 'eth_getLogs' ? [] : result);
    const alone = await watched({ rpcUrls: [silent.url] });
    const paired = await watched({ rpcUrls: [silent.url, honest.url] });
    const user = await signUp(server);
    await chain.transfer(alone.token, await addressOf(user, alone.type), units('30', 6));
    await chain.transfer(paired.token, await addressOf(user, paired.type), units('31', 6));
    const block = await latestBlock();
    await chain.mine(CONFIRMATIONS);
    await expect(pass(alone.type)).rejects.toThrow(/logs bloom says it may hold transfers of the contract/);
    expect(await scannedBlock(alone.type)).toBeLessThan(Number(block.number));
    await pass(paired.type);
    expect(await balanceOf(user)).toBe('31.00');
    silent.change = undefined;
    await pass(alone.type);
    expect(await balanceOf(user)).toBe('61.00');
  });
});

describe('a node that gives no logs bloom, as java-tron does', () => {
  it('takes from another node the transfers it left out, and the audit shows them where it is alone', async () => {
    const [silent, honest] = [await proxyOf(chain.url), await proxyOf(chain.url)];
    const noBloom = `0x${'00'.repeat(256)}`;
    silent.change = (method, _params, result) => {
      if (method === 'eth_getLogs') return [];
      if (method === 'eth_getBlockByNumber' && result !== null) return { ...(result as object), logsBloom: noBloom };
      return result;
    };
    const alone = await watched({ rpcUrls: [silent.url] });
    const paired = await watched({ rpcUrls: [silent.url, honest.url] });
    const user = await signUp(server);
    const aloneAddress = await addressOf(user, alone.type);
    await chain.transfer(alone.token, aloneAddress, units('12', 6));
    await chain.transfer(paired.token, await addressOf(user, paired.type), units('13', 6));
    await chain.mine(CONFIRMATIONS);
    await pass(alone.type);
    await pass(paired.type);
    expect(await balanceOf(user)).toBe('13.00');
    // Alone, the node's silence cannot be told from an empty block; the audit finds the 12.00.
    const { lines } = await auditChain(server.app.wallet, {
      everyAddress: true,
      readerFor: (source) => chainReader({ urls: [chain.url], chainId: source.chain_id }),
    });
    expect(lines).toContain(
      `${alone.type} ${aloneAddress} holds 12.000000 more than the transfers recorded arriving: a transfer the watcher did not record, or one from before the network was watched`,
    );
  });
});

describe('a node that answers without end', () => {
  it('reads no answer past its cap, and splits the range until the answers fit', async () => {
    const endless = await proxyOf(chain.url);
    const { type, token, network } = await watched({ rpcUrls: [endless.url] });
    // Any log query over more than one block is padded to 64 MB.
    endless.bloat = (method, params) => {
      const filter = params[0] as { fromBlock?: string; toBlock?: string };
      return method === 'eth_getLogs' && filter.fromBlock !== filter.toBlock ? 64 * 1024 * 1024 : undefined;
    };
    const user = await signUp(server);
    await chain.transfer(token, await addressOf(user, type), units('25', 6));
    await chain.mine(CONFIRMATIONS + 2);
    const cap = 1024 * 1024;
    const reader = chainReader({ urls: [endless.url], chainId: network.chain_id, maxAnswerBytes: cap });
    await pass(type, { reader });
    expect(await balanceOf(user)).toBe('25.00');
    expect(endless.padded.length).toBeGreaterThan(0);
    // What the proxy managed to write before the reader hung up: the cap and what the sockets buffer.
    for (const written of endless.padded) expect(written).toBeLessThan(8 * cap);
  });
});

describe('dust', () => {
  it('records no transfer of nothing, counts dust per address, and keeps the real deposit in view', async () => {
    const { type, token } = await watched({ min: 1000 });
    const user = await signUp(server);
    const address = await addressOf(user, type);
    const dust = Array.from({ length: 24 }, (_, index) => ({ to: address, amount: BigInt((index + 1) * 4_000) }));
    await chain.batchTransfer(token, [{ to: address, amount: 0n }, ...dust]);
    await chain.transfer(token, address, units('50', 6));
    await chain.mine(CONFIRMATIONS);
    await pass(type);
    expect(await depositsOf(user)).toEqual([expect.objectContaining({ amount: '50.00', state: 'credited' })]);
    const dustUnits = dust.reduce((sum, transfer) => sum + transfer.amount, 0n);
    expect(await server.app.wallet.queries.chain.dustOf(type)).toEqual([
      expect.objectContaining({ to_body: addressBody(address), transfers: 24, amount_units: dustUnits.toString() }),
    ]);
    const admin = await signInOperator(server, 'dustadmin', 'admin');
    const below = await consoleCall(server, 'deposits/list', { state: 'below_minimum' }, admin);
    expect(below.deposits).toEqual([]);
    // The treasury's export counts what arrived at the address, dust included, and says so.
    const { csv } = await consoleCall(server, 'deposits/holdings', { type }, admin);
    const [header, row] = csv.split('\n');
    expect(header).toBe('network,address,transfers,total_arrived,last_arrived_at');
    expect(row?.split(',').slice(0, 4)).toEqual([type, address, '25', unitsText(units('50', 6) + dustUnits, 6)]);
  });
});
