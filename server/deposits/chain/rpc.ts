/**
 * An Ethereum-style JSON-RPC reader over several node URLs: one serves both kinds of network,
 * since java-tron answers the same calls (TronGrid's /jsonrpc). A node that fails, times out or
 * answers something that is not JSON-RPC is retried after a pause, then left for the next URL;
 * the first URL is preferred again once it has rested. Each URL is asked its chain id before it
 * is used, and one on another chain is never used again. No answer is read past a size cap.
 */
import net from 'node:net';
import { isLoopbackOrPrivate } from '../../platform/security/ip-addresses';

/** keccak-256 of "Transfer(address,address,uint256)": the first topic of every ERC-20/TRC-20 transfer log. */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
/** The selector of decimals(). */
const DECIMALS_SELECTOR = '0x313ce567';
/** The selector of balanceOf(address). */
const BALANCE_OF_SELECTOR = '0x70a08231';

const TIMEOUT_MS = 10_000;
/** Attempts on one URL before the next is tried. */
const ATTEMPTS_PER_URL = 2;
const RETRY_PAUSE_MS = 250;
/**
 * The most one answer may hold. A node's longer answer is cut off there, unread, and a log query
 * is split in two: an answer of 150 MB once took a server from 384 MB to 1.2 GB and held its event
 * loop for seconds while it was parsed.
 */
export const MAX_ANSWER_BYTES = 8 * 1024 * 1024;
/** A URL that failed is passed over for this long; then it is tried in its turn again, the first URL first. */
const FAILED_URL_REST_MS = 30_000;

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

/** A node's answer was longer than the reader reads (MAX_ANSWER_BYTES). */
export class AnswerTooLarge extends Error {
  override readonly name = 'AnswerTooLarge';
  constructor(limit: number) {
    super(`the node's answer was longer than ${limit} bytes; it was not read`);
  }
}

/** A URL's node answered another chain's id: it is never used by this reader again. */
export class WrongChain extends Error {
  override readonly name = 'WrongChain';
}

/** A URL's host as it is meant: no brackets around IPv6, lower case, no trailing dot. */
function hostOf(url: URL): string {
  return url.hostname
    .replace(/^\[|\]$/g, '')
    .toLowerCase()
    .replace(/\.+$/, '');
}

/**
 * Why a node URL may not be used, or undefined when it may: it must be http(s), and plain http
 * only to this machine or an address on a private network. Anyone on the way of a plain http
 * request can change its answer, and an answer with a forged transfer would be credited.
 */
export function nodeUrlProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `not a URL: ${shownUrl(url)}`;
  }
  if (parsed.protocol === 'https:') return undefined;
  if (parsed.protocol !== 'http:') return `a node URL is https (or http on a private network): ${shownUrl(url)}`;
  const host = hostOf(parsed);
  if (host === 'localhost' || host.endsWith('.localhost')) return undefined;
  if (net.isIP(host) !== 0 && isLoopbackOrPrivate(host)) return undefined;
  return `${shownUrl(url)} is plain http to a host that is not this machine or a private address (10/8, 172.16/12, 192.168/16, fc00::/7): anyone on the way could change its answers and have a forged transfer credited. Use https, or the node's private IP address`;
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

/** Whether a node refused a log query for its size (too many blocks or too many results), or answered too much. */
export function isRangeTooLarge(error: unknown): boolean {
  if (error instanceof AnswerTooLarge) return true;
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

/** A block's header as far as the watcher checks it: its logs bloom, hex without 0x, or null when the node gives none. */
export interface BlockHeader extends ChainBlock {
  logs_bloom: string | null;
}

function headerOf(raw: unknown): BlockHeader | null {
  const block = blockOf(raw);
  if (!block) return null;
  const bloom = (raw as Record<string, unknown>).logsBloom;
  return { ...block, logs_bloom: bloom === undefined || bloom === null ? null : hexBody(bloom, 256, 'logs bloom') };
}

/** Any log, as a block's logs bloom is made of: its contract and topics, hex without 0x. */
export interface AnyLog {
  block_hash: string;
  address: string;
  topics: string[];
}

function anyLogOf(raw: unknown): AnyLog {
  if (typeof raw !== 'object' || raw === null) throw new Error('the node answered a malformed log');
  const log = raw as Record<string, unknown>;
  if (!Array.isArray(log.topics) || log.topics.length > 4) throw new Error('the node answered a malformed log');
  return {
    block_hash: hexBody(log.blockHash, 32, 'block hash'),
    address: hexBody(log.address, 20, 'contract address'),
    topics: log.topics.map((topic) => hexBody(topic, 32, 'topic')),
  };
}

/** Every log of one block, and the contract's transfers among them. */
export interface BlockLogs {
  logs: AnyLog[];
  transfers: TransferLog[];
}

export interface ChainReader {
  /** The URL last answered from, as shownUrl gives it. */
  readonly inUse: string;
  /**
   * A reader of each URL alone, in the order given (this reader itself when it has one URL):
   * for answers that must come from more than one node.
   */
  readonly nodes: readonly ChainReader[];
  /** The readers of every URL but the one last answered from and those refused: where a second opinion is asked. */
  others(): readonly ChainReader[];
  head(): Promise<number>;
  /** The block at a number or tag; null when the node has none there (yet). */
  block(at: number | 'finalized' | 'latest'): Promise<ChainBlock | null>;
  blockByHash(hash: string): Promise<ChainBlock | null>;
  /** A block with its logs bloom; null when the node has none there. */
  header(at: number): Promise<BlockHeader | null>;
  /** The contract's Transfer logs in blocks from..to (inclusive). */
  transfers(contract: string, from: number, to: number): Promise<TransferLog[]>;
  /** Every log of the block with this hash, whatever its contract, and the contract's transfers among them. */
  blockLogs(hash: string, contract: string): Promise<BlockLogs>;
  decimals(contract: string): Promise<number>;
  /** What the contract says an address holds, in the token's units, at a block or the latest. */
  balanceOf(contract: string, holder: string, at: number | 'latest'): Promise<bigint>;
  /** The chain's id (eth_chainId), lower-case hex without 0x. */
  chainId(): Promise<string>;
  /** A transaction's receipt (hash in hex without 0x); null while it is unknown or not mined. */
  receipt(txHash: string): Promise<TransactionReceipt | null>;
  /** When a block was made, in seconds since 1970; null when the node has no such block. */
  blockTime(at: number): Promise<number | null>;
}

export interface ReaderOptions {
  urls: readonly string[];
  /**
   * The chain every URL must be on (eth_chainId, hex without 0x). Each URL is asked before its
   * first use and whenever the reader comes to it from another; one that answers another chain is
   * never used again. Without it (while a network is being set up) nothing is compared.
   */
  chainId?: string;
  /** Told once when a URL answers another chain's id (the URL as shownUrl gives it). */
  onWrongChain?: (node: string, chainId: string) => void;
  fetch?: typeof fetch;
  timeoutMs?: number;
  pause?: (ms: number) => Promise<void>;
  /** MAX_ANSWER_BYTES unless a test needs less. */
  maxAnswerBytes?: number;
  /** Milliseconds since 1970, for how long a failed URL rests. */
  clock?: () => number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function chainIdOf(result: unknown): string {
  if (typeof result !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(result)) {
    throw new Error('the node answered a malformed chain id');
  }
  return BigInt(result).toString(16);
}

/** The body of a response, read as it arrives and given up (the request aborted) past `limit` bytes. */
async function cappedText(response: Response, limit: number, abort: AbortController): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > limit) {
    abort.abort();
    throw new AnswerTooLarge(limit);
  }
  if (!response.body) return '';
  const stream = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await stream.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      abort.abort();
      await stream.cancel().catch(() => undefined);
      throw new AnswerTooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

interface UrlState {
  /** When it last failed to answer; it rests FAILED_URL_REST_MS after that. */
  failedAt: number;
  /** Whether its chain id was checked since the reader came to it. */
  checked: boolean;
  /** Why it is never used: plain http to a public host, or another chain. */
  refused: string | undefined;
}

export function chainReader(options: ReaderOptions): ChainReader {
  const send = options.fetch ?? fetch;
  const pause = options.pause ?? sleep;
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  const maxAnswerBytes = options.maxAnswerBytes ?? MAX_ANSWER_BYTES;
  const clock = options.clock ?? Date.now;
  if (options.urls.length === 0) throw new Error('a watched network needs at least one node URL');
  const states: UrlState[] = options.urls.map((url) => ({
    failedAt: Number.NEGATIVE_INFINITY,
    checked: false,
    refused: nodeUrlProblem(url),
  }));
  let current = Math.max(
    0,
    states.findIndex((state) => state.refused === undefined),
  );
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
    const abort = new AbortController();
    const response = await send(target.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...target.headers },
      body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
      signal: AbortSignal.any([abort.signal, AbortSignal.timeout(timeoutMs)]),
    });
    if (!response.ok) {
      abort.abort();
      throw new Error(`HTTP ${response.status}`);
    }
    const text = await cappedText(response, maxAnswerBytes, abort);
    let body: unknown;
    try {
      body = JSON.parse(text);
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
   * Before a URL answers for the reader: its chain id, when the reader is given one, asked at its
   * first use and whenever the reader comes to it from another URL. A URL on another chain is
   * refused for good, and whoever listens is told.
   */
  async function ready(index: number): Promise<void> {
    const state = states[index] as UrlState;
    if (options.chainId === undefined || (index === current && state.checked)) return;
    const answered = chainIdOf(await once(index, 'eth_chainId', []));
    if (answered !== options.chainId) {
      const node = shownUrl(options.urls[index] ?? '');
      state.refused = `${node} answers chain 0x${answered}, not 0x${options.chainId}: it is not used`;
      options.onWrongChain?.(node, answered);
      throw new WrongChain(state.refused);
    }
    state.checked = true;
  }

  /** The URLs to try, in their order: those resting after a failure last, those refused not at all. */
  function order(): number[] {
    const now = clock();
    const usable = states.flatMap((state, index) => (state.refused === undefined ? [index] : []));
    const resting = (index: number) => now - (states[index] as UrlState).failedAt < FAILED_URL_REST_MS;
    return [...usable.filter((index) => !resting(index)), ...usable.filter(resting)];
  }

  /**
   * One call, retried on a URL and then on the next in turn. A node's refusal of a log query's
   * range as too large, or an answer past the cap, is for the caller to split (`splittable`),
   * thrown at once; any other error object, a failure to connect, a time-out, a malformed answer
   * or another chain moves on to the next node. Every message passed on names the nodes as
   * shownUrl does.
   */
  async function call<T>(
    method: string,
    params: unknown[],
    read: (result: unknown) => T,
    splittable = false,
  ): Promise<T> {
    const failures = states.flatMap((state) => (state.refused === undefined ? [] : [state.refused]));
    let refusal: RpcError | undefined;
    for (const index of order()) {
      const state = states[index] as UrlState;
      const url = options.urls[index] ?? '';
      for (let attempt = 0; attempt < ATTEMPTS_PER_URL; attempt += 1) {
        if (attempt > 0) await pause(RETRY_PAUSE_MS * 2 ** (attempt - 1));
        try {
          await ready(index);
          const result = read(await once(index, method, params));
          current = index;
          state.failedAt = Number.NEGATIVE_INFINITY;
          return result;
        } catch (error) {
          if (error instanceof WrongChain) {
            failures.push(error.message);
            break;
          }
          if (splittable && isRangeTooLarge(error)) {
            current = index;
            throw error instanceof RpcError ? new RpcError(error.code, withoutSecrets(error.message)) : error;
          }
          if (error instanceof RpcError) refusal = new RpcError(error.code, withoutSecrets(error.message));
          const message = error instanceof Error ? error.message : String(error);
          failures.push(`${shownUrl(url)}: ${withoutSecrets(message)}`);
          if (error instanceof RpcError) break;
          if (attempt === ATTEMPTS_PER_URL - 1) state.failedAt = clock();
        }
      }
    }
    if (refusal && options.urls.length === 1) throw refusal;
    throw new ChainUnreachable(`no node answered ${method} (${failures.join('; ')})`);
  }

  const reader: ChainReader = {
    get inUse() {
      return shownUrl(options.urls[current] ?? '');
    },
    get nodes() {
      return nodes();
    },
    others: () =>
      options.urls.length === 1
        ? []
        : nodes().filter((_node, index) => index !== current && states[index]?.refused === undefined),
    head: () => call('eth_blockNumber', [], (result) => numberOf(result, 'block number')),
    block: (at) =>
      call('eth_getBlockByNumber', [typeof at === 'number' ? quantity(at) : at, false], (result) => blockOf(result)),
    blockByHash: (hash) => call('eth_getBlockByHash', [`0x${hash}`, false], (result) => blockOf(result)),
    header: (at) => call('eth_getBlockByNumber', [quantity(at), false], headerOf),
    transfers: (contract, from, to) =>
      call(
        'eth_getLogs',
        [{ fromBlock: quantity(from), toBlock: quantity(to), address: `0x${contract}`, topics: [TRANSFER_TOPIC] }],
        (result) => {
          if (!Array.isArray(result)) throw new Error('the node answered malformed logs');
          return result.map(transferOf).filter((log): log is TransferLog => log !== null);
        },
        true,
      ),
    blockLogs: (hash, contract) =>
      call('eth_getLogs', [{ blockHash: `0x${hash}` }], (result) => {
        if (!Array.isArray(result)) throw new Error('the node answered malformed logs');
        const logs = result.map(anyLogOf);
        const transfers = result
          .filter((_raw, index) => logs[index]?.address === contract)
          .map(transferOf)
          .filter((log): log is TransferLog => log !== null);
        return { logs, transfers };
      }),
    chainId: () => call('eth_chainId', [], chainIdOf),
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
    balanceOf: (contract, holder, at) =>
      call(
        'eth_call',
        [
          { to: `0x${contract}`, data: `${BALANCE_OF_SELECTOR}${holder.padStart(64, '0')}` },
          typeof at === 'number' ? quantity(at) : at,
        ],
        (result) => BigInt(`0x${hexBody(result, 32, 'balance')}`),
      ),
  };

  let single: readonly ChainReader[] | undefined;
  function nodes(): readonly ChainReader[] {
    single ??=
      options.urls.length === 1 ? [reader] : options.urls.map((url) => chainReader({ ...options, urls: [url] }));
    return single;
  }

  return reader;
}
