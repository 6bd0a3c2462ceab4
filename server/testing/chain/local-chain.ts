import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { createHardhatRuntimeEnvironment } from 'hardhat/hre';
import solc from 'solc';

/**
 * A real EVM chain on loopback for tests and `npm run chain`: Hardhat's in-process network
 * (EDR), reached over HTTP JSON-RPC as a node would be, with USDT-like tokens compiled from
 * Token.sol by solc. Blocks are mined one per transaction, or by hand (mine).
 */

interface Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

/** What a test can make the node do wrong. */
export interface Faults {
  /** Every request is refused at the HTTP level (a node that is down). */
  down: boolean;
  /** Every answer is garbage (not JSON-RPC). */
  garbage: boolean;
  /** Log queries over more blocks than this are refused as "range too large". */
  maxLogRange: number;
}

export interface Compiled {
  token: string;
  batchSender: string;
}

let compiled: Compiled | undefined;

/** Token.sol compiled by solc from npm (Hardhat's own compiler download does not work here). */
export function compileContracts(): Compiled {
  if (compiled) return compiled;
  const here = path.dirname(fileURLToPath(import.meta.url));
  const content = fs.readFileSync(path.join(here, 'Token.sol'), 'utf8');
  const output = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: 'Solidity',
        sources: { 'Token.sol': { content } },
        settings: {
          optimizer: { enabled: true, runs: 200 },
          outputSelection: { '*': { '*': ['evm.bytecode.object'] } },
        },
      }),
    ),
  ) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((error) => error.formattedMessage).join('\n'));
  const contracts = output.contracts['Token.sol'] ?? {};
  compiled = {
    token: contracts.Token?.evm.bytecode.object ?? '',
    batchSender: contracts.BatchSender?.evm.bytecode.object ?? '',
  };
  return compiled;
}

const word = (value: bigint | number) => BigInt(value).toString(16).padStart(64, '0');
const addressWord = (address: string) => address.replace(/^0x/, '').toLowerCase().padStart(64, '0');
const selector = (signature: string) => bytesToHex(keccak_256(new TextEncoder().encode(signature))).slice(0, 8);

/** One token's whole units in its smallest units: "25.5" with 6 decimals is 25500000. */
export function units(amount: string, decimals: number): bigint {
  const [whole = '0', fraction = ''] = amount.split('.');
  if (fraction.length > decimals) throw new Error(`${amount} has more than ${decimals} decimals`);
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
}

export interface LocalChain {
  /** The JSON-RPC URL on loopback. */
  url: string;
  faults: Faults;
  /** The funded account everything is sent from. */
  sender: string;
  request<T>(method: string, params?: unknown[]): Promise<T>;
  /** Deploys a token with this many decimals (a look-alike is simply another one). */
  deployToken(decimals: number): Promise<string>;
  /** Sends token units to an address in one transaction; its hash (lower-case hex, no 0x). */
  transfer(token: string, to: string, amount: bigint): Promise<string>;
  /** Pays several addresses in one transaction through a contract's transferFrom, as a router does. */
  batchTransfer(token: string, payments: readonly { to: string; amount: bigint }[]): Promise<string>;
  /** Lets the batch sender spend this much of the sender's token, for batchSend calls to come. */
  approveBatches(token: string, total: bigint): Promise<void>;
  /** One batchTransfer within what approveBatches allowed: one transaction, one block. */
  batchSend(token: string, payments: readonly { to: string; amount: bigint }[]): Promise<string>;
  blockNumber(): Promise<number>;
  mine(blocks: number): Promise<void>;
  snapshot(): Promise<string>;
  revert(id: string): Promise<void>;
  close(): Promise<void>;
}

/** `chainId`: another chain than Hardhat's own 31337 (0x7a69), for a node of another chain. */
export async function startLocalChain(
  options: { port?: number; host?: string; chainId?: number } = {},
): Promise<LocalChain> {
  const code = compileContracts();
  const hre = await createHardhatRuntimeEnvironment({});
  const connection = await hre.network.connect(
    options.chainId === undefined ? {} : { override: { chainId: options.chainId } },
  );
  const provider = connection.provider as unknown as Provider;
  const request = <T>(method: string, params: unknown[] = []) => provider.request({ method, params }) as Promise<T>;
  const [sender = ''] = await request<string[]>('eth_accounts');
  const faults: Faults = { down: false, garbage: false, maxLogRange: Number.POSITIVE_INFINITY };

  const server = http.createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      void answer(Buffer.concat(chunks).toString('utf8')).then(([status, body]) => {
        outgoing.writeHead(status, { 'content-type': 'application/json' });
        outgoing.end(body);
      });
    });
  });

  async function answer(text: string): Promise<[number, string]> {
    if (faults.down) return [503, 'down'];
    if (faults.garbage) return [200, '{"hello": "not json-rpc"}'];
    let call: { id?: unknown; method?: string; params?: unknown[] };
    try {
      call = JSON.parse(text) as typeof call;
    } catch {
      return [400, JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } })];
    }
    const reply = (body: object) =>
      [200, JSON.stringify({ jsonrpc: '2.0', id: call.id ?? null, ...body })] as [number, string];
    if (call.method === 'eth_getLogs') {
      const filter = (call.params?.[0] ?? {}) as { fromBlock?: string; toBlock?: string };
      const span = Number(BigInt(filter.toBlock ?? '0x0') - BigInt(filter.fromBlock ?? '0x0')) + 1;
      if (span > faults.maxLogRange) {
        return reply({ error: { code: -32005, message: `exceed max block range: ${faults.maxLogRange}` } });
      }
    }
    try {
      return reply({ result: await provider.request({ method: call.method ?? '', params: call.params ?? [] }) });
    } catch (error) {
      return reply({ error: { code: -32000, message: error instanceof Error ? error.message : String(error) } });
    }
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  async function mined(hash: string): Promise<string> {
    const receipt = await request<{ status: string } | null>('eth_getTransactionReceipt', [hash]);
    if (receipt?.status !== '0x1') throw new Error(`transaction ${hash} failed`);
    return hash.slice(2).toLowerCase();
  }

  async function send(to: string | undefined, data: string): Promise<string> {
    const hash = await request<string>('eth_sendTransaction', [
      { from: sender, ...(to ? { to } : {}), data: `0x${data}` },
    ]);
    return mined(hash);
  }

  async function deploy(bytecode: string, args: string): Promise<string> {
    const hash = await request<string>('eth_sendTransaction', [{ from: sender, data: `0x${bytecode}${args}` }]);
    const receipt = await request<{ contractAddress: string }>('eth_getTransactionReceipt', [hash]);
    return receipt.contractAddress.toLowerCase();
  }

  let batchSender: string | undefined;

  async function approveBatches(token: string, total: bigint): Promise<void> {
    batchSender ??= await deploy(code.batchSender, '');
    await send(token, selector('approve(address,uint256)') + addressWord(batchSender) + word(total));
  }

  async function batchSend(token: string, payments: readonly { to: string; amount: bigint }[]): Promise<string> {
    if (!batchSender) throw new Error('approveBatches first');
    const count = payments.length;
    const data =
      selector('send(address,address[],uint256[])') +
      addressWord(token) +
      word(0x60) +
      word(0x60 + 32 * (count + 1)) +
      word(count) +
      payments.map((payment) => addressWord(payment.to)).join('') +
      word(count) +
      payments.map((payment) => word(payment.amount)).join('');
    return send(batchSender, data);
  }

  return {
    url: `http://127.0.0.1:${port}`,
    faults,
    sender,
    request,
    deployToken: (decimals) => deploy(code.token, word(decimals) + word(10n ** 15n * 10n ** BigInt(decimals))),
    transfer: (token, to, amount) =>
      send(token, selector('transfer(address,uint256)') + addressWord(to) + word(amount)),
    async batchTransfer(token, payments) {
      await approveBatches(
        token,
        payments.reduce((sum, payment) => sum + payment.amount, 0n),
      );
      return batchSend(token, payments);
    },
    approveBatches,
    batchSend,
    blockNumber: async () => Number(BigInt(await request<string>('eth_blockNumber'))),
    mine: async (blocks) => {
      await request('hardhat_mine', [`0x${blocks.toString(16)}`]);
    },
    snapshot: () => request<string>('evm_snapshot'),
    revert: async (id) => {
      if (!(await request<boolean>('evm_revert', [id]))) throw new Error(`could not revert to snapshot ${id}`);
    },
    async close() {
      // A server still watching the chain keeps its keep-alive connection busy: `close` alone waits
      // until that server stops, forever when a request is in flight at the moment (the cluster
      // test's chain, closed while its surviving node polled every 100 ms, timed out on busy runs).
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      await connection.close();
    },
  };
}
