import { formatMoney, type Cents } from '../../../contract/money';
import type { ChainKind } from '../../../contract/rules';
import { inTransaction } from '../../ledger/transactions';
import { isoNow, type Domain } from '../../platform/domain';
import type { ChainNetworkRow } from './queries';
import { audited } from '../../settings/service-settings';
import { AccountKey, addressBody, ExtendedKeyError, formatAddress } from './addresses';
import { chainOfEveryNode, NodesOnOtherChains } from './reading';
import { chainReader, nodeUrlProblem, shownUrl, type ChainReader } from './rpc';
import { chainEdges } from './watcher';

/** Why a network could not be watched or changed; `message` is for the admin who tried. */
export type NetworkRefusal =
  | 'exists'
  | 'not_found'
  | 'no_shared_address'
  | 'bad_key'
  | 'key_kind'
  | 'bad_contract'
  | 'bad_url'
  | 'decimals'
  | 'chain'
  | 'unreachable';

export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(
    message: string,
    readonly reason: NetworkRefusal,
  ) {
    super(message);
  }
}

/** Where a network's transfers are read: what watching it and checking its proofs both need. */
export interface ChainSource {
  kind: ChainKind;
  rpcUrls: readonly string[];
  /** The USDT contract, in the kind's own address format. */
  contract: string;
  decimals: number;
  /** How deep a block must be to count as final (and shown to customers as N). */
  confirmations: number;
  /** Whether a block must also be at or below the node's `finalized` block. */
  finalizedTag: boolean;
}

/** What an admin gives to watch a network. */
export interface WatchedNetworkInput extends ChainSource {
  /** The recharge type customers choose, such as TRC20. */
  type: string;
  minAmount: Cents;
  /** The account-level extended public key customers' addresses are derived from. */
  xpub: string;
  /** The first block to read; by default the final edge at the time the network is added. */
  fromBlock?: number;
}

const keys = new Map<string, AccountKey>();

/** A key parsed once per process: parsing and the first derivation cost a few milliseconds. */
export function accountKey(xpub: string): AccountKey {
  let key = keys.get(xpub);
  if (!key) {
    key = AccountKey.parse(xpub);
    keys.set(xpub, key);
  }
  return key;
}

function checkedUrls(urls: readonly string[]): string[] {
  if (urls.length === 0 || urls.length > 5) throw new NetworkError('give one to five node URLs', 'bad_url');
  return urls.map((url) => {
    const problem = nodeUrlProblem(url);
    if (problem !== undefined) throw new NetworkError(problem, 'bad_url');
    return new URL(url).toString();
  });
}

/** The node URLs of a network as stored. */
export function urlsOf(network: Pick<ChainNetworkRow, 'rpc_urls'>): string[] {
  return JSON.parse(network.rpc_urls) as string[];
}

/** How a network is described in the audit log and the CLI: never its URLs' secrets. */
export function describeNetwork(network: ChainNetworkRow): string {
  return describeSource(network, `min ${formatMoney(network.min_amount as Cents)}`);
}

/**
 * Where a watched network's or a checked address's transfers are read, as the audit log and the
 * CLI show it (`extra` after the contract): never its URLs' secrets.
 */
export function describeSource(
  source: Pick<
    ChainNetworkRow,
    'type' | 'kind' | 'contract' | 'decimals' | 'confirmations' | 'finalized_tag' | 'rpc_urls'
  >,
  ...extra: string[]
): string {
  const finality = `${source.confirmations} confirmations${source.finalized_tag === 1 ? ' and finalized' : ''}`;
  return [
    `${source.type} (${source.kind})`,
    `USDT ${formatAddress(source.kind, source.contract)} (${source.decimals} decimals)`,
    ...extra,
    finality,
    `nodes ${urlsOf(source).map(shownUrl).join(', ')}`,
  ].join(', ');
}

/**
 * A network's source checked and read: the contract's address in the kind's format, the node
 * URLs, and through them the chain's id, its final edge, and the contract's decimals, which must
 * be what the admin said (USDT has 18 on BNB Smart Chain).
 */
export async function readSource(
  input: ChainSource,
  reader: ChainReader,
): Promise<{ contract: string; urls: string[]; decimals: number; chainId: string; final: number }> {
  const contract = addressBody(input.contract);
  const format = input.kind === 'tron' ? /^T/ : /^0x/;
  if (!contract || !format.test(input.contract.trim())) {
    throw new NetworkError(
      `not a ${input.kind === 'tron' ? 'TRON (T…)' : 'EVM (0x…)'} contract address`,
      'bad_contract',
    );
  }
  const urls = checkedUrls(input.rpcUrls);
  let decimals: number;
  let chainId: string;
  let final: number;
  try {
    chainId = await chainOfEveryNode(reader);
    decimals = await reader.decimals(contract);
    ({ final } = await chainEdges(
      { confirmations: input.confirmations, finalized_tag: input.finalizedTag ? 1 : 0 },
      reader,
    ));
  } catch (error) {
    if (error instanceof NodesOnOtherChains) throw new NetworkError(error.message, 'chain');
    throw new NetworkError(
      `could not read the contract through the nodes: ${error instanceof Error ? error.message : String(error)}`,
      'unreachable',
    );
  }
  if (decimals !== input.decimals) {
    throw new NetworkError(`the contract has ${decimals} decimals, not ${input.decimals}`, 'decimals');
  }
  return { contract, urls, decimals, chainId, final };
}

/**
 * Starts watching a network: the key and contract checked, the contract's decimals read from the
 * chain and compared with what the admin said (USDT has 18 on BNB Smart Chain), the scan begun at
 * the chain's final edge (or `fromBlock`). Returns the address at index 0, for the admin to
 * compare with their wallet before any customer is given one.
 */
export async function watchNetwork(
  domain: Domain,
  input: WatchedNetworkInput,
  actor: string,
  reader: ChainReader = chainReader({ urls: input.rpcUrls }),
): Promise<{ network: ChainNetworkRow; firstAddress: string }> {
  let key: AccountKey;
  try {
    key = accountKey(input.xpub);
  } catch (error) {
    throw new NetworkError(
      error instanceof ExtendedKeyError ? error.message : 'not a valid extended public key',
      'bad_key',
    );
  }
  const { contract, urls, decimals, chainId, final } = await readSource(input, reader);
  const start = input.fromBlock === undefined ? Math.max(0, final) : Math.max(0, input.fromBlock - 1);
  await audited(domain, actor, 'chain networks', async (tx, at) => {
    if ((await tx.queries.chain.network(input.type)) !== undefined) {
      throw new NetworkError(`${input.type} is watched already`, 'exists');
    }
    const watchedAs = await tx.queries.chain.watchedAs(chainId, contract);
    if (watchedAs !== undefined) {
      throw new NetworkError(`this contract of chain 0x${chainId} is watched already, as ${watchedAs}`, 'exists');
    }
    if ((await tx.queries.recharge.addresses()).some((address) => address.type === input.type)) {
      throw new NetworkError(`${input.type} has a shared receiving address; watch it under another type`, 'exists');
    }
    const xpub = input.xpub.trim();
    let stored = await tx.queries.chain.keyByXpub(xpub);
    if (stored && stored.kind !== input.kind) {
      throw new NetworkError(`this key gives ${stored.kind} addresses already`, 'key_kind');
    }
    const keyId = stored?.id ?? (await tx.queries.chain.insertKey(input.kind, xpub, at));
    stored = await tx.queries.chain.keyById(keyId);
    await tx.queries.chain.insertNetwork(
      {
        type: input.type,
        kind: input.kind,
        key_id: keyId,
        rpc_urls: JSON.stringify(urls),
        contract,
        decimals,
        min_amount: input.minAmount,
        confirmations: input.confirmations,
        finalized_tag: input.finalizedTag ? 1 : 0,
        scanned_block: start,
        chain_id: chainId,
      },
      at,
    );
    const network = await tx.queries.chain.network(input.type);
    if (!network) throw new Error(`network ${input.type} vanished`);
    return {
      id: null,
      entry: {
        action: 'network watch',
        target_type: 'network',
        after_value: describeNetwork(network),
        detail: input.type,
      },
    };
  });
  const network = await domain.queries.chain.network(input.type);
  if (!network) throw new Error(`network ${input.type} vanished`);
  return { network, firstAddress: key.address(input.kind, 0) };
}

/**
 * The customer's own address on a network, given on first ask: the key's next index, taken under
 * its lock (on both engines), stored with the customer and never given to anyone else.
 */
export async function customerAddress(domain: Domain, network: ChainNetworkRow, userId: number): Promise<string> {
  const existing = await domain.queries.chain.addressOf(network.key_id, userId);
  if (existing) return formatAddress(network.kind, existing.body);
  return inTransaction(domain, async (tx) => {
    await tx.lock(`chain key ${network.key_id}`);
    const again = await tx.queries.chain.addressOf(network.key_id, userId);
    if (again) return formatAddress(network.kind, again.body);
    const key = await tx.queries.chain.keyById(network.key_id);
    if (!key) throw new Error(`no chain key ${network.key_id}`);
    const index = await tx.queries.chain.takeIndex(key.id);
    const address = accountKey(key.xpub).address(network.kind, index);
    const body = addressBody(address);
    if (!body) throw new Error(`derived an unreadable address at index ${index}`);
    await tx.queries.chain.insertAddress({
      key_id: key.id,
      user_id: userId,
      address_index: index,
      body,
      created_at: isoNow(tx),
    });
    return address;
  });
}

/**
 * Starts a network's scan again after block `scannedBlock`, audited: for a reorganisation deeper
 * than the finality rule (once operators have looked at what it replaced) or a local chain begun
 * anew. Deposits already credited stay credited and are never credited twice (they are keyed by
 * transaction and position).
 */
export async function rescanFrom(
  domain: Domain,
  network: ChainNetworkRow,
  scannedBlock: number,
  actor: string,
): Promise<void> {
  await audited(domain, actor, `chain network ${network.type}`, async (tx) => {
    await tx.queries.chain.rescanFrom(network.type, scannedBlock);
    return {
      id: null,
      entry: {
        action: 'network rescan',
        target_type: 'network',
        before_value: `scanned to ${network.scanned_block}`,
        after_value: `scanned to ${scannedBlock}`,
        detail: network.type,
      },
    };
  });
}

/** A token amount in its smallest units as a decimal with all its places: 25500000 at 6 is "25.500000". */
export function unitsText(units: bigint, decimals: number): string {
  const scale = 10n ** BigInt(decimals);
  return `${units / scale}.${(units % scale).toString().padStart(decimals, '0')}`;
}

/** What arrived at each address of a network that USDT reached: its transfers, their sum in the token's units, the last. */
export async function arrivedTotals(
  domain: Domain,
  network: ChainNetworkRow,
): Promise<Map<string, { transfers: number; units: bigint; last: string }>> {
  const arrived = new Map<string, { transfers: number; units: bigint; last: string }>();
  const add = (body: string, transfers: number, units: bigint, at: string) => {
    const total = arrived.get(body) ?? { transfers: 0, units: 0n, last: '' };
    arrived.set(body, {
      transfers: total.transfers + transfers,
      units: total.units + units,
      last: at > total.last ? at : total.last,
    });
  };
  for (const row of await domain.queries.chain.arrivedAt(network.type)) {
    add(row.to_body, 1, BigInt(row.amount_units), row.seen_at);
  }
  for (const row of await domain.queries.chain.dustOf(network.type)) {
    add(row.to_body, row.transfers, BigInt(row.amount_units), row.last_seen_at);
  }
  return new Map([...arrived].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * The treasury's export: each address of a network that USDT arrived at (credited deposits, those
 * below the minimum, and dust), how many transfers and how much in all, in CSV. `total_arrived` is
 * what reached the address since it was watched, not what it holds: the treasury sweeps with its
 * own keys (the server never holds one), and compares with what it swept before; `ops chain audit`
 * compares it with what the token says each address holds.
 */
export async function holdingsCsv(domain: Domain, network: ChainNetworkRow): Promise<string> {
  const lines = ['network,address,transfers,total_arrived,last_arrived_at'];
  for (const [body, total] of await arrivedTotals(domain, network)) {
    const address = formatAddress(network.kind, body);
    lines.push(
      `${network.type},${address},${total.transfers},${unitsText(total.units, network.decimals)},${total.last}`,
    );
  }
  return `${lines.join('\n')}\n`;
}
