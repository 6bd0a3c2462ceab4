/**
 * An Ethereum-style JSON-RPC reader over several node URLs: one serves both kinds of network,
 * since java-tron answers the same calls (TronGrid's /jsonrpc). A node that fails, times out or
 * answers something that is not JSON-RPC is retried after a pause, then left for the next URL.
 */

/** keccak-256 of "Transfer(address,address,uint256)": the first topic of every ERC-20/TRC-20 transfer log. */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
/** The selector of decimals(). */
const DECIMALS_SELECTOR = '0x313ce567';

const TIMEOUT_MS = 10_000;
/** Attempts on one URL before the next is tried. */
const ATTEMPTS_PER_URL = 2;
const RETRY_PAUSE_MS = 250;

export interface ChainBlock {
  number: number;
  hash: string;
  parent_hash: string;
}

/** A Transfer log as the watcher needs it; hashes and addresses in lower-case hex without 0x. */
export interface TransferLog {
  block_number: number;
  block_hash: string;
  tx_hash: string;
  log_index: number;
  contract: string;
  from: string;
  to: string;
  /** The token's integer amount. */
  units: bigint;
}

/** A node's answer that was an error object (not a transport failure). */
export class RpcError extends Error {
  override readonly name = 'RpcError';
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** Every URL failed; `message` names them only as `shownUrl` does. */
export class ChainUnreachable extends Error {
  override readonly name = 'ChainUnreachable';
}

/**
 * A node URL as it may be shown or logged: scheme and host only. Keys hide in user info, paths
 * (`/v3/<key>`) and query strings, so none of those is ever shown.
 */
export function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const hidden = parsed.username || parsed.password || parsed.pathname.length > 1 || parsed.search;
    return `${parsed.protocol}//${parsed.host}${hidden ? '/…' : ''}`;
  } catch {
    return '(not a URL)';
  }
}

/** Whether a node refused a log query for its size (too many blocks or too many results). */
export function isRangeTooLarge(error: unknown): boolean {
  if (!(error instanceof RpcError)) return false;
  if (error.code === -32005) return true;
  return /exceed|too (many|large|wide|big)|more than \d+|response size/i.test(error.message);
}

function quantity(value: number | bigint): string {
  return `0x${value.toString(16)}`;
}

function hexBody(value: unknown, bytes: number, what: string): string {
  if (typeof value !== 'string' || !new RegExp(`^0x[0-9a-fA-F]{${bytes * 2}}$`).test(value)) {
    throw new Error(`the node answered a malformed ${what}`);
  }
  return value.slice(2).toLowerCase();
}

function numberOf(value: unknown, what: string): number {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,13}$/.test(value)) {
    throw new Error(`the node answered a malformed ${what}`);
  }
  return Number.parseInt(value.slice(2), 16);
}

/** The 20 bytes of a 32-byte topic holding an address. */
function topicAddress(topic: unknown): string {
  const body = hexBody(topic, 32, 'topic');
  if (!body.startsWith('000000000000000000000000')) throw new Error('the node answered a topic that is not an address');
  return body.slice(24);
}

function blockOf(raw: unknown): ChainBlock | null {
  if (raw === null) return null;
  if (typeof raw !== 'object') throw new Error('the node answered a malformed block');
  const block = raw as Record<string, unknown>;
  return {
    number: numberOf(block.number, 'block number'),
    hash: hexBody(block.hash, 32, 'block hash'),
    parent_hash: hexBody(block.parentHash, 32, 'parent hash'),
  };
}

function transferOf(raw: unknown): TransferLog | null {
  if (typeof raw !== 'object' || raw === null) throw new Error('the node answered a malformed log');
  const log = raw as Record<string, unknown>;
  if (log.removed === true) return null;
  const topics = log.topics;
  if (!Array.isArray(topics) || topics.length !== 3 || String(topics[0]).toLowerCase() !== TRANSFER_TOPIC) return null;
  const data = hexBody(log.data, 32, 'transfer amount');
  return {
    block_number: numberOf(log.blockNumber, 'block number'),
    block_hash: hexBody(log.blockHash, 32, 'block hash'),
    tx_hash: hexBody(log.transactionHash, 32, 'transaction hash'),
    log_index: numberOf(log.logIndex, 'log index'),
    contract: hexBody(log.address, 20, 'contract address'),
    from: topicAddress(topics[1]),
    to: topicAddress(topics[2]),
    units: BigInt(`0x${data}`),
  };
}

/** A mined transaction's outcome and its Transfer logs, as eth_getTransactionReceipt gives them. */
export interface TransactionReceipt {
  succeeded: boolean;
  block_number: number;
  block_hash: string;
  transfers: TransferLog[];
}

function receiptOf(raw: unknown): TransactionReceipt | null {
  if (raw === null) return null;
  if (typeof raw !== 'object') throw new Error('the node answered a malformed receipt');
  const receipt = raw as Record<string, unknown>;
  if (!Array.isArray(receipt.logs)) throw new Error('the node answered a receipt without logs');
  return {
    succeeded: receipt.status === '0x1',
    block_number: numberOf(receipt.blockNumber, 'block number'),
    block_hash: hexBody(receipt.blockHash, 32, 'block hash'),
    transfers: receipt.logs.map(transferOf).filter((log): log is TransferLog => log !== null),
  };
}

export interface ChainReader {
  /** The URL last answered from, as shownUrl gives it. */
  readonly inUse: string;
  head(): Promise<number>;
  /** The block at a number or tag; null when the node has none there (yet). */
  block(at: number | 'finalized' | 'latest'): Promise<ChainBlock | null>;
  blockByHash(hash: string): Promise<ChainBlock | null>;
  /** The contract's Transfer logs in blocks from..to (inclusive). */
  transfers(contract: string, from: number, to: number): Promise<TransferLog[]>;
  decimals(contract: string): Promise<number>;
  /** The chain's id (eth_chainId), lower-case hex without 0x. */
  chainId(): Promise<string>;
  /** A transaction's receipt (hash in hex without 0x); null while it is unknown or not mined. */
  receipt(txHash: string): Promise<TransactionReceipt | null>;
  /** When a block was made, in seconds since 1970; null when the node has no such block. */
  blockTime(at: number): Promise<number | null>;
}

export interface ReaderOptions {
  urls: readonly string[];
  fetch?: typeof fetch;
  timeoutMs?: number;
  pause?: (ms: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function chainReader(options: ReaderOptions): ChainReader {
  const send = options.fetch ?? fetch;
  const pause = options.pause ?? sleep;
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  if (options.urls.length === 0) throw new Error('a watched network needs at least one node URL');
  let current = 0;
  let nextId = 1;

  /**
   * Each URL as fetch can take it: a user name and password in it (which fetch refuses, quoting
   * the whole URL in its error) become a Basic authorization header instead.
   */
  const targets = options.urls.map((url): { url: string; headers: Record<string, string> } => {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return { url, headers: {} };
    }
    if (!parsed.username && !parsed.password) return { url, headers: {} };
    const credentials = `${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`;
    parsed.username = '';
    parsed.password = '';
    return {
      url: parsed.toString(),
      headers: { authorization: `Basic ${Buffer.from(credentials).toString('base64')}` },
    };
  });

  /** An error's words with every configured URL in them shown as shownUrl shows it. */
  function withoutSecrets(text: string): string {
    let out = text;
    options.urls.forEach((url, index) => {
      for (const form of [url, targets[index]?.url ?? url]) out = out.split(form).join(shownUrl(url));
    });
    return out;
  }

  async function once(index: number, method: string, params: unknown[]): Promise<unknown> {
    const target = targets[index] ?? { url: '', headers: {} as Record<string, string> };
    const id = nextId;
    nextId += 1;
    const response = await send(target.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...target.headers },
      body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new Error('the node answered something that is not JSON');
    }
    if (typeof body !== 'object' || body === null || (body as { jsonrpc?: unknown }).jsonrpc !== '2.0') {
      throw new Error('the node answered something that is not JSON-RPC');
    }
    const answer = body as { result?: unknown; error?: { code?: unknown; message?: unknown } };
    if (answer.error) {
      throw new RpcError(Number(answer.error.code ?? 0), String(answer.error.message ?? 'error').slice(0, 200));
    }
    if (!('result' in answer)) throw new Error('the node answered without a result');
    return answer.result;
  }

  /**
   * One call, retried on the current URL and then on the others in turn. A node's refusal of a
   * range as too large is an answer for the caller to split, thrown at once; any other error
   * object, a failure to connect, a time-out or a malformed answer moves on to the next node.
   * Every message passed on names the nodes as shownUrl does.
   */
  async function call<T>(method: string, params: unknown[], read: (result: unknown) => T): Promise<T> {
    const failures: string[] = [];
    let refusal: RpcError | undefined;
    for (let tried = 0; tried < options.urls.length; tried += 1) {
      const index = (current + tried) % options.urls.length;
      const url = options.urls[index] ?? '';
      for (let attempt = 0; attempt < ATTEMPTS_PER_URL; attempt += 1) {
        if (attempt > 0) await pause(RETRY_PAUSE_MS * 2 ** (attempt - 1));
        try {
          const result = read(await once(index, method, params));
          current = index;
          return result;
        } catch (error) {
          if (error instanceof RpcError) {
            const safe = new RpcError(error.code, withoutSecrets(error.message));
            if (isRangeTooLarge(safe)) {
              current = index;
              throw safe;
            }
            refusal = safe;
          }
          const message = error instanceof Error ? error.message : String(error);
          failures.push(`${shownUrl(url)}: ${withoutSecrets(message)}`);
          if (error instanceof RpcError) break;
        }
      }
    }
    if (refusal && options.urls.length === 1) throw refusal;
    throw new ChainUnreachable(`no node answered ${method} (${failures.join('; ')})`);
  }

  return {
    get inUse() {
      return shownUrl(options.urls[current] ?? '');
    },
    head: () => call('eth_blockNumber', [], (result) => numberOf(result, 'block number')),
    block: (at) =>
      call('eth_getBlockByNumber', [typeof at === 'number' ? quantity(at) : at, false], (result) => blockOf(result)),
    blockByHash: (hash) => call('eth_getBlockByHash', [`0x${hash}`, false], (result) => blockOf(result)),
    transfers: (contract, from, to) =>
      call(
        'eth_getLogs',
        [{ fromBlock: quantity(from), toBlock: quantity(to), address: `0x${contract}`, topics: [TRANSFER_TOPIC] }],
        (result) => {
          if (!Array.isArray(result)) throw new Error('the node answered malformed logs');
          return result.map(transferOf).filter((log): log is TransferLog => log !== null);
        },
      ),
    chainId: () =>
      call('eth_chainId', [], (result) => {
        if (typeof result !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(result)) {
          throw new Error('the node answered a malformed chain id');
        }
        return BigInt(result).toString(16);
      }),
    receipt: (txHash) => call('eth_getTransactionReceipt', [`0x${txHash}`], receiptOf),
    blockTime: (at) =>
      call('eth_getBlockByNumber', [quantity(at), false], (result) => {
        if (result === null) return null;
        if (typeof result !== 'object') throw new Error('the node answered a malformed block');
        return numberOf((result as Record<string, unknown>).timestamp, 'block time');
      }),
    decimals: (contract) =>
      call('eth_call', [{ to: `0x${contract}`, data: DECIMALS_SELECTOR }, 'latest'], (result) => {
        const value = BigInt(`0x${hexBody(result, 32, 'decimals')}`);
        if (value > 255n) throw new Error('the node answered malformed decimals');
        return Number(value);
      }),
  };
}
