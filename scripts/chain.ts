/**
 * `npm run chain`: a local EVM chain on loopback for trying deposits read from the chain, with a
 * USDT-like token (6 decimals) and a funded sender; it adds the network "LOCAL" to the demo
 * database (or starts its scan again on a chain begun anew) and mines a block every 2 s, so a
 * deposit's confirmations move. `npm run chain -- send 25 demo` then sends 25 of it to the demo
 * customer's own address, from another terminal, while the chain and `npm start` run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { cents } from '../contract/money';
import { addressBody } from '../server/deposits/chain/addresses';
import { customerAddress, NetworkError, rescanFrom, watchNetwork } from '../server/deposits/chain/networks';
import { databaseConfig, readConfig } from '../server/config';
import { PRIVATE_FILE_MODE, makePrivateFolder } from '../server/platform/data-folder';
import { createQueries } from '../server/query-groups';
import { openDatabase } from '../server/platform/database/database';

const NETWORK = 'LOCAL';
const CONFIRMATIONS = 5;
const BLOCK_EVERY_MS = 2000;
/** BIP-39's published test phrase at m/44'/60'/0': public, so never for real money. */
const DEMO_XPUB =
  'xpub6DCoCpSuQZB2jawqnGMEPS63ePKWkwWPH4TU45Q7LPXWuNd8TMtVxRrgjtEshuqpK3mdhaWHPFsBngh5GFZaM6si3yZdUsT8ddYM3PwnATt';

const config = readConfig();
const port = Number(process.env.CHAIN_PORT ?? 8545);
const stateFile = path.join(config.dataDir, 'local-chain.json');

async function withDatabase<T>(work: (domain: Parameters<typeof watchNetwork>[0]) => Promise<T>): Promise<T> {
  const db = await openDatabase(databaseConfig(config));
  try {
    return await work({ db, queries: createQueries(db), now: () => new Date() });
  } finally {
    await db.close();
  }
}

/** The chain's engine and compiler, loaded only once the command may run (they take seconds to load). */
const localChain = () => import('../server/testing/chain/local-chain');

async function run(): Promise<void> {
  const { startLocalChain } = await localChain();
  const chain = await startLocalChain({ port });
  const token = await chain.deployToken(6);
  await chain.request('evm_setIntervalMining', [BLOCK_EVERY_MS]);
  const contract = `0x${token.replace(/^0x/, '')}`;
  await withDatabase(async (domain) => {
    const existing = await domain.queries.chain.network(NETWORK);
    if (existing) {
      // A chain begun anew: its blocks start again from 0, so the scan does too.
      if (existing.contract !== addressBody(contract)) {
        throw new Error(`${NETWORK} is watched with another contract; use a fresh DATA_DIR`);
      }
      await rescanFrom(domain, existing, 0, 'npm run chain');
      console.log(`${NETWORK}: scanning again from the new chain's first block`);
    } else {
      const { firstAddress } = await watchNetwork(
        domain,
        {
          type: NETWORK,
          kind: 'evm',
          rpcUrls: [chain.url],
          contract,
          decimals: 6,
          minAmount: cents(1000),
          confirmations: CONFIRMATIONS,
          finalizedTag: true,
          xpub: DEMO_XPUB,
          fromBlock: 0,
        },
        'npm run chain',
      );
      console.log(`${NETWORK}: watched; the address at index 0 is ${firstAddress}`);
    }
  });
  makePrivateFolder(config.dataDir);
  fs.writeFileSync(stateFile, JSON.stringify({ url: chain.url, token: contract }), { mode: PRIVATE_FILE_MODE });
  console.log(`local chain at ${chain.url}, USDT at ${contract}, a block every ${BLOCK_EVERY_MS / 1000} s`);
  console.log(`credited after ${CONFIRMATIONS} confirmations; send with: npm run chain -- send 25 demo`);
  const stop = async () => {
    fs.rmSync(stateFile, { force: true });
    await chain.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

async function send(amount: string | undefined, account: string | undefined): Promise<void> {
  if (!amount || !/^\d{1,9}(\.\d{1,6})?$/.test(amount) || !account) {
    throw new Error('usage: npm run chain -- send <AMOUNT> <ACCOUNT>, e.g. send 25 demo');
  }
  if (!fs.existsSync(stateFile)) throw new Error('no local chain is running: start it with npm run chain');
  const { url, token } = JSON.parse(fs.readFileSync(stateFile, 'utf8')) as { url: string; token: string };
  const to = await withDatabase(async (domain) => {
    const user = await domain.queries.users.byAccount(account);
    if (!user) throw new Error(`no customer ${JSON.stringify(account)}`);
    const network = await domain.queries.chain.network(NETWORK);
    if (!network) throw new Error(`${NETWORK} is not watched: start npm run chain first`);
    return customerAddress(domain, network, user.id);
  });
  const rpc = async <T>(method: string, params: unknown[]): Promise<T> => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const body = (await response.json()) as { result?: T; error?: { message: string } };
    if (body.error) throw new Error(body.error.message);
    return body.result as T;
  };
  const [sender] = await rpc<string[]>('eth_accounts', []);
  const { units } = await localChain();
  const data =
    'a9059cbb' + to.slice(2).toLowerCase().padStart(64, '0') + units(amount, 6).toString(16).padStart(64, '0');
  const hash = await rpc<string>('eth_sendTransaction', [{ from: sender, to: token, data: `0x${data}` }]);
  console.log(`sent ${amount} USDT to ${account} at ${to}: ${hash}`);
}

const [command, ...rest] = process.argv.slice(2);
try {
  // Its network's key is a published test phrase: anyone can spend what reaches its addresses.
  if (!config.demo) {
    throw new Error(
      'npm run chain adds a network keyed by a public test phrase, so it runs only where demo data would: a server on a loopback address without NODE_ENV=production, DATABASE_URL, PUBLIC_URL or TRUST_PROXY (or with DEMO=1 on a machine for trying things)',
    );
  }
  if (command === undefined) await run();
  else if (command === 'send') await send(rest[0], rest[1]);
  else throw new Error('usage: npm run chain [-- send <AMOUNT> <ACCOUNT>]');
} catch (error) {
  console.error(error instanceof NetworkError || error instanceof Error ? error.message : String(error));
  process.exit(1);
}
