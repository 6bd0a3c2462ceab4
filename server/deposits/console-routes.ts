import type {
  ConsoleParsedRequest,
  DepositInfo,
  NetworkInfo,
  ProofCheckInfo,
  WatcherInfo,
} from '../../contract/console';
import { ResultCode } from '../../contract/envelope';
import { formatAddress } from './chain/addresses';
import { creditByHand, HandCreditError, type HandCreditRefusal } from './chain/manual-credits';
import {
  accountKey,
  holdingsCsv,
  NetworkError,
  urlsOf,
  watchNetwork,
  type ChainSource,
  type NetworkRefusal,
} from './chain/networks';
import { checkProofs } from './chain/proofs';
import { shownUrl } from './chain/rpc';
import { isoNow, secondsAgo } from '../platform/domain';
import type { ServerContext } from '../platform/context';
import type { ChainCheckRow, ChainNetworkRow } from './chain/queries';
import { ApiError } from '../platform/http/errors';
import type { MessageKey } from '../platform/i18n';
import { money } from '../platform/http/wire';
import type { ConsoleCallRegistry } from '../staff/calls';
import { fourEyesRefused } from '../staff/four-eyes-refusals';

/** A watcher that has not checked, or not moved while the chain did, for this long shows red. */
const STALLED_SECONDS = 5 * 60;
const DEPOSIT_PAGE = 50;

const HAND_CREDIT_REFUSALS: Record<Exclude<HandCreditRefusal, 'not_found'>, MessageKey> = {
  not_below_minimum: 'console.deposit_not_below_minimum',
  nothing_to_credit: 'console.deposit_nothing_to_credit',
  approved_already: 'console.deposit_approved_already',
};

const REFUSALS: Record<NetworkRefusal, { key: MessageKey; field: string }> = {
  exists: { key: 'console.network_exists', field: 'type' },
  not_found: { key: 'console.network_exists', field: 'type' },
  no_shared_address: { key: 'console.network_no_shared_address', field: 'type' },
  bad_key: { key: 'console.network_key', field: 'xpub' },
  key_kind: { key: 'console.network_key_kind', field: 'xpub' },
  bad_contract: { key: 'console.network_contract', field: 'contract' },
  bad_url: { key: 'console.network_url', field: 'rpc_urls' },
  decimals: { key: 'console.network_decimals', field: 'decimals' },
  chain: { key: 'console.network_chains', field: 'rpc_urls' },
  unreachable: { key: 'console.network_unreachable', field: 'rpc_urls' },
};

/** Where a network's transfers are read, as an admin's form gives it. */
function sourceOf(input: ConsoleParsedRequest<'settings/proof-check-add'>): ChainSource & { type: string } {
  return {
    type: input.type,
    kind: input.kind,
    rpcUrls: input.rpc_urls,
    contract: input.contract,
    decimals: input.decimals,
    confirmations: input.confirmations,
    finalizedTag: input.finalized === 'yes',
  };
}

/** Where a watched network's or a checked address's transfers are read, as Settings lists it: no URL's secret. */
function sourceInfo(source: ChainNetworkRow | ChainCheckRow): ProofCheckInfo {
  return {
    type: source.type,
    kind: source.kind,
    contract: formatAddress(source.kind, source.contract),
    decimals: source.decimals,
    confirmations: source.confirmations,
    finalized: source.finalized_tag === 1,
    nodes: urlsOf(source).map(shownUrl),
    updated_at: source.updated_at,
  };
}

/** A network or check refused, as the admin's form shows it at its field; any other error as it is. */
function refused(error: unknown, decimals: number, exists: MessageKey): unknown {
  if (!(error instanceof NetworkError)) return error;
  const { key, field } = error.reason === 'exists' ? { key: exists, field: 'type' } : REFUSALS[error.reason];
  const found = /has (\d+) decimals/.exec(error.message)?.[1] ?? '';
  return new ApiError(ResultCode.invalid, key, { field }, { found, given: String(decimals) });
}

export function watcherInfo(network: ChainNetworkRow, stalledBefore: string): WatcherInfo {
  const lag = network.final_block === null ? null : Math.max(0, network.final_block - network.scanned_block);
  const lastMove = network.advanced_at ?? network.created_at;
  const stalled =
    (network.checked_at ?? network.created_at) < stalledBefore || (lag !== null && lag > 0 && lastMove < stalledBefore);
  return {
    type: network.type,
    head: network.head_block,
    final: network.final_block,
    scanned: network.scanned_block,
    lag_blocks: lag,
    checked_at: network.checked_at,
    advanced_at: network.advanced_at,
    stalled,
    node: network.rpc_in_use,
    last_error: network.last_error,
  };
}

/** Settings → Networks (admins) and the Deposits screen (every operator). */
export function depositRoutes(calls: ConsoleCallRegistry, context: ServerContext): void {
  const { queries } = context;
  const admin = { admin: true };

  async function networkInfo(network: ChainNetworkRow): Promise<NetworkInfo> {
    const key = await queries.chain.keyById(network.key_id);
    return {
      ...sourceInfo(network),
      min_amount: money(network.min_amount),
      first_address: key ? accountKey(key.xpub).address(network.kind, 0) : '',
    };
  }

  calls.operator(
    'settings/networks',
    async () => {
      const [networks, checks] = await Promise.all([queries.chain.networks(), queries.chain.checks()]);
      return {
        networks: await Promise.all(networks.map(networkInfo)),
        checks: checks.map(sourceInfo),
      };
    },
    admin,
  );

  calls.operator(
    'settings/proof-check-add',
    async (input, { operator }) => {
      try {
        await checkProofs(context, sourceOf(input), operator.name);
        return {};
      } catch (error) {
        throw refused(error, input.decimals, 'console.check_exists');
      }
    },
    admin,
  );

  calls.operator(
    'settings/network-add',
    async (input, { operator }) => {
      try {
        const { firstAddress } = await watchNetwork(
          context,
          {
            ...sourceOf(input),
            minAmount: input.min_amount,
            xpub: input.xpub,
            ...(input.from_block === null ? {} : { fromBlock: input.from_block }),
          },
          operator.name,
        );
        return { first_address: firstAddress };
      } catch (error) {
        throw refused(error, input.decimals, 'console.network_exists');
      }
    },
    admin,
  );

  calls.operator('deposits/watchers', async () => {
    const stalledBefore = secondsAgo(context, STALLED_SECONDS);
    return { watchers: (await queries.chain.networks()).map((network) => watcherInfo(network, stalledBefore)) };
  });

  calls.operator(
    'deposits/credit',
    async ({ id, reason }, { operator }) => {
      try {
        return { outcome: await creditByHand(context, id, operator.name, reason, context.reviewRules) };
      } catch (error) {
        if (!(error instanceof HandCreditError)) throw fourEyesRefused(error, 'approval', 'id');
        if (error.reason === 'not_found') throw new ApiError(ResultCode.notFound, 'not_found', { field: 'id' });
        throw new ApiError(ResultCode.conflict, HAND_CREDIT_REFUSALS[error.reason], { field: 'id' });
      }
    },
    admin,
  );

  calls.operator(
    'deposits/holdings',
    async ({ type }, { operator }) => {
      const network = await queries.chain.network(type);
      if (!network) throw new ApiError(ResultCode.notFound, 'not_found', { field: 'type' });
      const csv = await holdingsCsv(context, network);
      await queries.audit.record({
        actor: operator.name,
        action: 'holdings export',
        target_type: 'network',
        target_id: null,
        detail: network.type,
        created_at: isoNow(context),
      });
      return { csv };
    },
    admin,
  );

  calls.operator('deposits/list', async ({ state, before }) => {
    const [rows, networks] = await Promise.all([
      queries.chain.depositsPage(state, before === '' ? 0 : before, DEPOSIT_PAGE + 1),
      queries.chain.networks(),
    ]);
    const kinds = new Map(networks.map((network) => [network.type, network.kind]));
    const page = rows.slice(0, DEPOSIT_PAGE);
    const deposits: DepositInfo[] = page.map((row) => ({
      id: row.id,
      type: row.network,
      account: row.account,
      user_id: row.user_id,
      address: formatAddress(kinds.get(row.network) ?? 'evm', row.to_body),
      tx_hash: row.tx_hash,
      block: row.block_number,
      amount: money(row.amount),
      state: row.state,
      confirmations: row.confirmations,
      seen_at: row.seen_at,
      credited_at: row.credited_at,
    }));
    return { deposits, next: rows.length > DEPOSIT_PAGE ? (page.at(-1)?.id ?? null) : null };
  });
}
