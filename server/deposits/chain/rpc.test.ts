import { describe, expect, it } from 'vitest';
import { formatAddress } from './addresses';
import {
  AnswerTooLarge,
  ChainUnreachable,
  chainReader,
  isRangeTooLarge,
  nodeUrlProblem,
  RpcError,
  shownUrl,
  TRANSFER_TOPIC,
} from './rpc';

/**
 * java-tron's JSON-RPC, as its documentation records real answers from the Nile testnet
 * (tronprotocol/documentation-en, docs/api/json-rpc): no TRON node runs here, so the reader is
 * checked against those answers and against a USDT transfer log in the same shape.
 */
const NILE_BLOCK = {
  number: '0x3fe1c00',
  hash: '0x0000000003fe1c00462b498ddae67717e96c785078adb5ccb7279148916e6f97',
  parentHash: '0x0000000003fe1bff062fa008dcd68f6ab2a96a25bc175df22a04baa0cd391573',
  miner: '0xa234e405a2c6fd67cdd4d0ea2f6188f65534c8b1',
  timestamp: '0x69f18a5c',
  stateRoot: '0x',
  transactions: ['0x95aad4dfc3d5d389291c093425d06b2ce5a97b5b4953645316371158ebde3f27'],
  gasLimit: '0x0',
  baseFeePerGas: '0x0',
};

/** A log of another event (not a transfer), as Nile answered it. */
const NILE_OTHER_LOG = {
  address: '0x9ff8fc48fb114ccd5bbdc24a86f0c73082f08825',
  blockHash: '0x0000000003fe1ca05cf728c92ee79f5f2758c3e4e4ea88501826726880e8b81c',
  blockNumber: '0x3fe1ca0',
  blockTimestamp: '0x697999ef',
  transactionHash: '0x01b4cde4197b9d1a1ff09ef5d2b1d939d3ec2401b3f002ebd0802c0f30a6e4ca',
  transactionIndex: '0x0',
  logIndex: '0x0',
  removed: false,
  topics: [
    '0xc66625d03b4a832d8245f0df593e32e0fbbbad96d4aa45440aa1535b80983083',
    '0x000000000000000000000000dd791d6b49e190062d650e6a23c575510d35f2f9',
    '0x0000000000000000000000000000000000000000000000000000000000000007',
  ],
  data: `0x${'00'.repeat(223)}5f`,
};

/** USDT's TRC-20 contract in the 20-byte form logs carry (TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t). */
const USDT = 'a614f803b6fd780986a42c78ec9c7f77e6ded13c';
const TO = 'dd791d6b49e190062d650e6a23c575510d35f2f9';

const USDT_TRANSFER = {
  ...NILE_OTHER_LOG,
  address: `0x${USDT}`,
  logIndex: '0x3',
  topics: [
    TRANSFER_TOPIC,
    '0x000000000000000000000000a234e405a2c6fd67cdd4d0ea2f6188f65534c8b1',
    `0x000000000000000000000000${TO}`,
  ],
  // 25.5 USDT at 6 decimals.
  data: `0x${(25_500_000).toString(16).padStart(64, '0')}`,
};

type Answer = { result: unknown } | { error: { code: number; message: string } } | 'down' | 'garbage';

/** A node that answers each call by its method; what it was asked is kept. */
function node(answers: (method: string, params: unknown[]) => Answer) {
  const asked: { url: string; method: string; params: unknown[] }[] = [];
  const headers: Record<string, string>[] = [];
  const answer: typeof globalThis.fetch = async (url, init) => {
    const { id, method, params } = JSON.parse(String(init?.body)) as { id: number; method: string; params: unknown[] };
    asked.push({ url: String(url), method, params });
    headers.push({ ...(init?.headers as Record<string, string>) });
    const reply = answers(method, params);
    if (reply === 'down') throw new TypeError('fetch failed');
    if (reply === 'garbage') return new Response('<html>502 Bad Gateway</html>', { status: 200 });
    return Response.json({ jsonrpc: '2.0', id, ...reply });
  };
  return { fetch: answer, asked, headers };
}

const noPause = async () => undefined;

describe('the chain reader on TRON’s JSON-RPC', () => {
  it('reads a block and the finalized (solidified) block as java-tron answers them', async () => {
    const tron = node((method, params) =>
      method === 'eth_getBlockByNumber' && (params[0] === 'finalized' || params[0] === '0x3fe1c00')
        ? { result: NILE_BLOCK }
        : { result: null },
    );
    const reader = chainReader({ urls: ['https://nile.trongrid.io/jsonrpc'], fetch: tron.fetch, pause: noPause });
    const expected = {
      number: 0x3fe1c00,
      hash: '0000000003fe1c00462b498ddae67717e96c785078adb5ccb7279148916e6f97',
      parent_hash: '0000000003fe1bff062fa008dcd68f6ab2a96a25bc175df22a04baa0cd391573',
    };
    expect(await reader.block('finalized')).toEqual(expected);
    expect(await reader.block(0x3fe1c00)).toEqual(expected);
    expect(await reader.block(0x3fe1c01)).toBeNull();
    expect(tron.asked.map((call) => call.params[0])).toEqual(['finalized', '0x3fe1c00', '0x3fe1c01']);
  });

  it('reads USDT transfers from logs whose addresses are 20 bytes, and skips other events', async () => {
    const tron = node(() => ({ result: [NILE_OTHER_LOG, USDT_TRANSFER] }));
    const reader = chainReader({ urls: ['https://nile.trongrid.io/jsonrpc'], fetch: tron.fetch, pause: noPause });
    const transfers = await reader.transfers(USDT, 0x3fe1ca0, 0x3fe1ca0);
    expect(transfers).toEqual([
      {
        block_number: 0x3fe1ca0,
        block_hash: '0000000003fe1ca05cf728c92ee79f5f2758c3e4e4ea88501826726880e8b81c',
        tx_hash: '01b4cde4197b9d1a1ff09ef5d2b1d939d3ec2401b3f002ebd0802c0f30a6e4ca',
        log_index: 3,
        contract: USDT,
        from: 'a234e405a2c6fd67cdd4d0ea2f6188f65534c8b1',
        to: TO,
        units: 25_500_000n,
      },
    ]);
    expect(formatAddress('tron', USDT)).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(tron.asked[0]?.params[0]).toEqual({
      fromBlock: '0x3fe1ca0',
      toBlock: '0x3fe1ca0',
      address: `0x${USDT}`,
      topics: [TRANSFER_TOPIC],
    });
  });

  it('knows java-tron’s “range too large” and “too many results” from its other refusals', () => {
    expect(isRangeTooLarge(new RpcError(-32602, 'exceed max block range: 5000'))).toBe(true);
    expect(isRangeTooLarge(new RpcError(-32005, 'query returns more than 10000 results'))).toBe(true);
    expect(isRangeTooLarge(new RpcError(-32602, 'please verify: fromBlock <= toBlock'))).toBe(false);
    expect(isRangeTooLarge(new RpcError(-32602, 'TAG safe not supported'))).toBe(false);
    expect(isRangeTooLarge(new Error('exceed'))).toBe(false);
  });

  it('fails over to the next node after retrying one that is down, and never shows a URL’s key', async () => {
    const primary = 'https://api.trongrid.io/jsonrpc?apikey=s3cret';
    const backup = 'https://user:pa55@backup.example/rpc';
    const nodes = node(() => ({ result: '0x3fe1c00' }));
    const fetch: typeof globalThis.fetch = async (url, init) => {
      if (String(url) === primary) throw new TypeError('fetch failed');
      return nodes.fetch(url, init);
    };
    const reader = chainReader({ urls: [primary, backup], fetch, pause: noPause });
    expect(await reader.head()).toBe(0x3fe1c00);
    expect(reader.inUse).toBe('https://backup.example/…');
    // The backup's user and password travel as a header: fetch refuses them in a URL (and would quote it).
    expect(nodes.asked[0]?.url).toBe('https://backup.example/rpc');
    expect(nodes.headers[0]?.authorization).toBe(`Basic ${Buffer.from('user:pa55').toString('base64')}`);
    expect(shownUrl(primary)).toBe('https://api.trongrid.io/…');
    expect(shownUrl('http://127.0.0.1:8545')).toBe('http://127.0.0.1:8545');
  });

  it('keeps a node’s URL and its password out of every error it passes on', async () => {
    const url = 'https://user:pa55@tron.example/jsonrpc?key=s3cret';
    const fetch: typeof globalThis.fetch = async (target) => {
      throw new TypeError(`connect ECONNREFUSED for ${String(target)} (configured as ${url})`);
    };
    const failure = await chainReader({ urls: [url], fetch, pause: noPause })
      .head()
      .catch((error: unknown) => error);
    expect(String(failure)).toContain('https://tron.example/…');
    expect(String(failure)).not.toMatch(/pa55|s3cret/);
  });

  it('gives up on nodes answering nonsense, naming them without their secrets', async () => {
    const garbage = node(() => 'garbage');
    const reader = chainReader({
      urls: ['https://a.example/v3/s3cret', 'https://b.example/rpc?key=s3cret'],
      fetch: garbage.fetch,
      pause: noPause,
    });
    const failure = await reader.head().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ChainUnreachable);
    expect(String(failure)).not.toContain('s3cret');
    expect(garbage.asked).toHaveLength(4);
  });

  it('speaks plain http only to this machine and private networks, and says why', async () => {
    for (const url of [
      'https://tron.example/jsonrpc',
      'http://127.0.0.1:8545',
      'http://localhost:8545',
      'http://10.1.2.3:8545',
      'http://172.20.0.4:8545',
      'http://192.168.1.9/jsonrpc',
      'http://[::1]:8545',
      'http://[fd12:3456::1]:8545',
      'http://[::ffff:10.0.0.7]:8545',
    ]) {
      expect(nodeUrlProblem(url), url).toBeUndefined();
    }
    for (const url of [
      'http://203.0.113.7:8545',
      'http://8.8.8.8/jsonrpc',
      'http://node.internal:8545',
      'http://[2001:db8::1]:8545',
      'http://[::ffff:8.8.8.8]:8545',
      'http://172.32.0.1:8545',
    ]) {
      expect(nodeUrlProblem(url), url).toMatch(/anyone on the way could change its answers/);
    }
    expect(nodeUrlProblem('ftp://tron.example')).toMatch(/^a node URL is https/);
    // A reader never sends a request to such a URL, even one stored before the rule.
    const asked = node(() => ({ result: '0x1' }));
    const reader = chainReader({ urls: ['http://203.0.113.7:8545'], fetch: asked.fetch, pause: noPause });
    await expect(reader.head()).rejects.toThrow(/plain http to a host that is not this machine/);
    expect(asked.asked).toEqual([]);
  });

  it('asks each URL its chain id before using it, and on coming back to it', async () => {
    const answers: Record<string, string> = { 'https://a.example/': '0x2b6653dc', 'https://b.example/': '0x2b6653dc' };
    const down = new Set<string>();
    const calls: string[] = [];
    const fetch: typeof globalThis.fetch = async (url, init) => {
      const { id, method } = JSON.parse(String(init?.body)) as { id: number; method: string };
      calls.push(`${new URL(String(url)).host} ${method}`);
      if (down.has(String(url))) throw new TypeError('fetch failed');
      return Response.json({ jsonrpc: '2.0', id, result: method === 'eth_chainId' ? answers[String(url)] : '0x10' });
    };
    let now = 0;
    const reader = chainReader({
      urls: ['https://a.example/', 'https://b.example/'],
      chainId: '2b6653dc',
      fetch,
      pause: noPause,
      clock: () => now,
    });
    expect(await reader.head()).toBe(16);
    expect(await reader.head()).toBe(16);
    expect(calls.splice(0)).toEqual([
      'a.example eth_chainId',
      'a.example eth_blockNumber',
      'a.example eth_blockNumber',
    ]);
    down.add('https://a.example/');
    expect(await reader.head()).toBe(16);
    expect(reader.inUse).toBe('https://b.example');
    expect(calls.splice(0)).toEqual([
      'a.example eth_blockNumber',
      'a.example eth_blockNumber',
      'b.example eth_chainId',
      'b.example eth_blockNumber',
    ]);
    // The first URL rests after failing, then is tried first again, and asked its chain anew.
    down.delete('https://a.example/');
    expect(await reader.head()).toBe(16);
    expect(calls.splice(0)).toEqual(['b.example eth_blockNumber']);
    now += 30_000;
    expect(await reader.head()).toBe(16);
    expect(reader.inUse).toBe('https://a.example');
    expect(calls.splice(0)).toEqual(['a.example eth_chainId', 'a.example eth_blockNumber']);
    // A URL that answers another chain is never used again, and whoever listens hears of it once.
    answers['https://a.example/'] = '0x1';
    const refused: string[] = [];
    const other = chainReader({
      urls: ['https://a.example/', 'https://b.example/'],
      chainId: '2b6653dc',
      fetch,
      pause: noPause,
      onWrongChain: (url, chainId) => refused.push(`${url} ${chainId}`),
    });
    expect(await other.head()).toBe(16);
    expect(other.inUse).toBe('https://b.example');
    calls.splice(0);
    expect(await other.head()).toBe(16);
    expect(calls).toEqual(['b.example eth_blockNumber']);
    expect(refused).toEqual(['https://a.example 1']);
  });

  it('stops reading an answer at its cap, and tells a log query to split its range', async () => {
    const big = `{"jsonrpc":"2.0","id":1,"result":[${' '.repeat(2048)}]}`;
    const fetch: typeof globalThis.fetch = async () => new Response(big);
    const reader = chainReader({ urls: ['https://a.example/'], fetch, pause: noPause, maxAnswerBytes: 1024 });
    const refusal = await reader.transfers(USDT, 1, 2).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AnswerTooLarge);
    expect(isRangeTooLarge(refusal)).toBe(true);
    // Any other call moves on, as from a node that failed.
    await expect(reader.head()).rejects.toThrow(/longer than 1024 bytes/);
  });
});
