import { cents, type Cents } from '../../../contract/money';
import { call, type TestServer, type TestUser } from '../test-support';
import { urlsOf, watchNetwork } from '../../deposits/chain/networks';
import { chainReader, type ChainReader } from '../../deposits/chain/rpc';
import { watchAndRecord } from '../../deposits/chain/watcher';
import type { LocalChain } from './local-chain';

/** BIP-39's test phrase at m/44'/60'/0': a public key only, as an admin would paste it. */
export const EVM_XPUB =
  'xpub6DCoCpSuQZB2jawqnGMEPS63ePKWkwWPH4TU45Q7LPXWuNd8TMtVxRrgjtEshuqpK3mdhaWHPFsBngh5GFZaM6si3yZdUsT8ddYM3PwnATt';
/** The node name the tests' passes take leases as. */
export const HOLDER = 'test-node';
/** How deep a block must be to be final on the tests' networks. */
export const CONFIRMATIONS = 3;

export interface NetworkOptions {
  decimals?: number;
  min?: number;
  fromBlock?: number;
  /** The nodes, the local chain's own URL by default. */
  rpcUrls?: string[];
}

export interface PassOptions {
  holder?: string;
  /** The reader the pass uses; by default one of the network's URLs, its chain id checked. */
  reader?: ChainReader;
  nodesToAgree?: number;
  dustBelow?: Cents;
}

/**
 * Watched networks on the local chain for the chain tests, each on a fresh token of its own so
 * that no test sees another's transfers, and the customer's side of them.
 */
export function watchedNetworks(server: () => TestServer, chain: () => LocalChain) {
  let counter = 0;

  async function watched(options: NetworkOptions = {}) {
    counter += 1;
    const decimals = options.decimals ?? 6;
    const token = await chain().deployToken(decimals);
    const type = `LOCAL${counter}`;
    const { network, firstAddress } = await watchNetwork(
      server().app.wallet,
      {
        type,
        kind: 'evm',
        rpcUrls: options.rpcUrls ?? [chain().url],
        contract: `0x${token.slice(2)}`,
        decimals,
        minAmount: cents(options.min ?? 1000),
        confirmations: CONFIRMATIONS,
        finalizedTag: true,
        xpub: EVM_XPUB,
        ...(options.fromBlock === undefined ? {} : { fromBlock: options.fromBlock }),
      },
      'admin',
    );
    return { type, token, network, firstAddress, decimals };
  }

  /** The network as it stands once `holder` has taken its lease. */
  async function leased(type: string, holder: string) {
    const domain = server().app.wallet;
    const now = domain.now();
    await domain.queries.chain.takeLease(
      type,
      holder,
      now.toISOString(),
      new Date(now.getTime() + 30_000).toISOString(),
    );
    const network = await domain.queries.chain.network(type);
    if (!network) throw new Error(`no network ${type}`);
    return network;
  }

  /** One watcher pass over a network, as the node holding its lease runs it. */
  async function pass(type: string, options: PassOptions = {}) {
    const holder = options.holder ?? HOLDER;
    const network = await leased(type, holder);
    return watchAndRecord(server().app.wallet, {
      network,
      reader:
        options.reader ??
        chainReader({
          urls: urlsOf(network),
          ...(network.chain_id === '' ? {} : { chainId: network.chain_id }),
          pause: async () => undefined,
        }),
      holder,
      ...(options.nodesToAgree === undefined ? {} : { nodesToAgree: options.nodesToAgree }),
      ...(options.dustBelow === undefined ? {} : { dustBelow: options.dustBelow }),
    });
  }

  async function addressOf(user: TestUser, type: string): Promise<string> {
    return (await call(server(), 'recharge/shoukuan-address', { type }, user.token)).address;
  }

  async function balanceOf(user: TestUser): Promise<string> {
    return (await call(server(), 'userinfo/get-money-info', {}, user.token)).balance;
  }

  async function depositsOf(user: TestUser) {
    return (await call(server(), 'recharge/deposits', {}, user.token)).deposits;
  }

  return { watched, leased, pass, addressOf, balanceOf, depositsOf };
}
