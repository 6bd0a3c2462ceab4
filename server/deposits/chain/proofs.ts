/**
 * Proofs checked on the chain. On a network with a shared receiving address (whose transfers
 * cannot tell one customer from another) a customer may name the transfer's transaction beside
 * the picture. The server reads it through the network's nodes: the USDT contract, to the
 * address the recharge was made to, the unique amount reserved for it (server/deposits/chain/quotes.ts),
 * final, sent while the reservation held. A recharge that matches is credited without an
 * operator; any other goes on waiting in the queue, the chain's verdict shown beside the picture.
 */
import type { ChainVerdict } from '../../../contract/chain';
import { formatMoney } from '../../../contract/money';
import { inTransaction } from '../../ledger/transactions';
import { isoNow, type Domain } from '../../platform/domain';
import type { ChainCheckRow } from './queries';
import type { RechargeQuoteRow, RechargeRow } from '../queries';
import { publishQueueChange } from '../../live/events';
import { approveWithoutOperator } from '../../review/review';
import { audited } from '../../settings/service-settings';
import { addressBody, formatAddress } from './addresses';
import { describeSource, NetworkError, readSource, unitsText, urlsOf, type ChainSource } from './networks';
import { quoteWindow } from './quotes';
import type { ChainTrust } from './reading';
import { chainReader, ChainUnreachable, RpcError, type ChainReader } from './rpc';
import { chainEdges, toCents } from './watcher';

/** Who credits a recharge the chain proved, as the audit log names it. */
export const CHAIN_ACTOR = 'chain';

/** A verdict that is not final is looked at again after this long, for a day after the recharge. */
const RECHECK_MS = 30_000;
const RECHECK_FOR_MS = 24 * 3600 * 1000;
/** Recharges looked at again per sweep, the longest waiting first. */
const CHECKS_PER_SWEEP = 20;

export interface ProofCheckInput extends ChainSource {
  /** The recharge type whose shared address's proofs are checked, such as TRC20. */
  type: string;
}

/**
 * Starts checking the proofs of a shared receiving address on the chain, audited: the contract
 * and its decimals read through the nodes first, as for a watched network. Recharges made from
 * now on that name their transaction are checked; transfers older than this are not credited
 * without an operator (they may have been approved on a picture before).
 */
export async function checkProofs(
  domain: Domain,
  input: ProofCheckInput,
  actor: string,
  reader: ChainReader = chainReader({ urls: input.rpcUrls }),
): Promise<ChainCheckRow> {
  const { contract, urls, decimals, chainId } = await readSource(input, reader);
  await audited(domain, actor, 'chain checks', async (tx, at) => {
    if (!(await tx.queries.recharge.addresses()).some((address) => address.type === input.type)) {
      throw new NetworkError(`${input.type} has no shared receiving address to check`, 'no_shared_address');
    }
    if ((await tx.queries.chain.check(input.type)) !== undefined) {
      throw new NetworkError(`${input.type}'s proofs are checked already`, 'exists');
    }
    await tx.queries.chain.insertCheck(
      {
        type: input.type,
        kind: input.kind,
        rpc_urls: JSON.stringify(urls),
        contract,
        decimals,
        confirmations: input.confirmations,
        finalized_tag: input.finalizedTag ? 1 : 0,
        chain_id: chainId,
      },
      at,
    );
    const check = await tx.queries.chain.check(input.type);
    if (!check) throw new Error(`check ${input.type} vanished`);
    return {
      id: null,
      entry: { action: 'proof check', target_type: 'network', after_value: describeSource(check), detail: input.type },
    };
  });
  const check = await domain.queries.chain.check(input.type);
  if (!check) throw new Error(`check ${input.type} vanished`);
  return check;
}

/** What the chain said, with its particulars and the sender once the transfer was found. */
export interface Verdict {
  verdict: Exclude<ChainVerdict, 'pending' | 'sender_elsewhere'>;
  detail: string;
  sender: string | null;
  /** The block the transaction is in, once found (hex without 0x). */
  block?: string;
}

/** A token amount as the console shows it: in USDT to the cent when it is whole cents, else every decimal. */
function shownUnits(units: bigint, decimals: number): string {
  const converted = toCents(units, decimals);
  return converted && converted.remainder === 0n ? formatMoney(converted.amount) : unitsText(units, decimals);
}

/** What a recharge's transfer must be for the check to credit it by itself. */
export interface Expected {
  /** The unique amount reserved for the transfer, and its hold; null where none was reserved. */
  quote: Pick<RechargeQuoteRow, 'exact_amount' | 'created_at' | 'expires_at'> | null;
  /** When the customer's account and the check began, whichever is later. */
  notBefore: string;
}

/**
 * Reads the transaction a recharge names and compares it with the recharge: succeeded, a
 * Transfer of the check's contract (a look-alike token's does not count) to the address the
 * recharge was made to, for exactly the unique amount reserved (the amount claimed where none
 * was), final by the network's rule, made after the customer's account and the check began and
 * while the reservation held. A transfer that is all that but for a recharge with no reservation
 * is `unreserved`: anyone who saw it on the chain could have named it.
 */
export async function verdictOf(
  reader: ChainReader,
  check: ChainCheckRow,
  recharge: Pick<RechargeRow, 'tx_hash' | 'address' | 'amount'>,
  { quote, notBefore }: Expected,
): Promise<Verdict> {
  const none = (verdict: Verdict['verdict'], detail = ''): Verdict => ({ verdict, detail, sender: null });
  if (!recharge.tx_hash) return none('not_found');
  const receipt = await reader.receipt(recharge.tx_hash);
  if (!receipt) return none('not_found');
  if (!receipt.succeeded) return none('failed');
  const usdt = receipt.transfers.filter((log) => log.contract === check.contract);
  const first = usdt[0];
  if (!first) return none('no_usdt');
  const paid = usdt.filter((log) => log.to === addressBody(recharge.address));
  const sender = paid[0]?.from ?? null;
  if (!sender) return none('other_address', formatAddress(check.kind, first.to));
  const units = paid.reduce((sum, log) => sum + log.units, 0n);
  const expected = BigInt(quote?.exact_amount ?? recharge.amount) * 10n ** BigInt(check.decimals - 2);
  if (units !== expected) return { verdict: 'amount', detail: shownUnits(units, check.decimals), sender };
  const { head, final } = await chainEdges(check, reader);
  if (receipt.block_number > final) {
    const confirmations = Math.max(0, Math.min(head - receipt.block_number + 1, check.confirmations));
    return { verdict: 'not_final', detail: `${confirmations}/${check.confirmations}`, sender };
  }
  const seconds = await reader.blockTime(receipt.block_number);
  if (seconds === null) return none('not_found');
  const sent = seconds * 1000;
  const held = quote ? quoteWindow(quote) : null;
  if (sent < Date.parse(notBefore) || (held && sent < held.from)) {
    return { verdict: 'too_early', detail: new Date(sent).toISOString(), sender };
  }
  if (held && sent > held.until) return { verdict: 'expired', detail: new Date(sent).toISOString(), sender };
  return {
    verdict: quote ? 'matched' : 'unreserved',
    detail: `block ${receipt.block_number}`,
    sender,
    block: receipt.block_hash,
  };
}

/**
 * The verdict as the nodes that must agree give it: a match only when `needed` of the check's
 * nodes (all of them when it has fewer), each asked on its own, find the same transfer in the
 * same block. A node that invents a transaction and its receipt is outvoted; when the nodes do not
 * agree, the first other verdict stands (not found, not final…) and is looked at again later.
 */
async function agreedVerdict(
  reader: ChainReader,
  trust: ChainTrust,
  check: ChainCheckRow,
  recharge: Pick<RechargeRow, 'tx_hash' | 'address' | 'amount'>,
  expected: Expected,
): Promise<Verdict> {
  const first = await verdictOf(reader, check, recharge, expected);
  const wanted = Math.min(trust.nodesToAgree, reader.nodes.length);
  if (first.verdict !== 'matched' || wanted <= 1) return first;
  let agreeing = 0;
  let other: Verdict | undefined;
  for (const node of reader.nodes) {
    let verdict: Verdict;
    try {
      verdict = await verdictOf(node, check, recharge, expected);
    } catch (error) {
      if (!(error instanceof ChainUnreachable || error instanceof RpcError)) throw error;
      continue;
    }
    if (verdict.verdict === 'matched' && verdict.block === first.block) {
      agreeing += 1;
      if (agreeing >= wanted) return first;
    } else {
      other ??= verdict;
    }
  }
  trust.untrusted(
    check.type,
    'unconfirmed',
    `transaction 0x${recharge.tx_hash ?? ''} matched on ${agreeing} of the ${wanted} nodes that must agree`,
  );
  return other ?? { verdict: 'unreachable', detail: '', sender: null };
}

/** The readers of each server's checks, by their node URLs and chain, kept for the process. */
const readers = new WeakMap<ChainTrust, Map<string, ChainReader>>();

function readerOf(check: ChainCheckRow, trust: ChainTrust): ChainReader {
  let ofServer = readers.get(trust);
  if (!ofServer) {
    ofServer = new Map();
    readers.set(trust, ofServer);
  }
  const key = `${check.chain_id} ${check.rpc_urls}`;
  let reader = ofServer.get(key);
  if (!reader) {
    reader = chainReader({
      urls: urlsOf(check),
      chainId: check.chain_id,
      onWrongChain: (node, chainId) =>
        trust.untrusted(check.type, 'other_chain', `${node} answers chain 0x${chainId}, not 0x${check.chain_id}`),
    });
    ofServer.set(key, reader);
  }
  return reader;
}

export interface ProofCheckOptions {
  /** How many nodes must agree on a match, and who hears of an answer not believed. */
  trust: ChainTrust;
  /** How a check's nodes are read (tests may hand in their own). */
  readerFor?: (check: ChainCheckRow) => ChainReader;
}

/**
 * Looks at a recharge's transaction once the caller has claimed the look (see claimCheck), and
 * acts on what the chain says: a match is credited at once, under the recharge's lock, unless a
 * transfer from the same sender was credited to another customer (a transaction's hash is public:
 * whoever names it first would otherwise be credited); anything else is recorded for operators.
 */
async function lookAt(domain: Domain, recharge: RechargeRow, options: ProofCheckOptions): Promise<ChainVerdict | null> {
  const { id } = recharge;
  if (recharge.state !== 'audit' || !recharge.tx_hash) return null;
  const [check, user, quote] = await Promise.all([
    domain.queries.chain.check(recharge.type),
    domain.queries.users.byId(recharge.user_id),
    recharge.quote_id === null ? undefined : domain.queries.recharge.quote(recharge.quote_id),
  ]);
  if (!check || !user) return null;
  let found: Verdict;
  try {
    const reader = options.readerFor?.(check) ?? readerOf(check, options.trust);
    found = await agreedVerdict(reader, options.trust, check, recharge, {
      quote: quote?.user_id === recharge.user_id ? quote : null,
      notBefore: user.created_at > check.created_at ? user.created_at : check.created_at,
    });
  } catch (error) {
    if (!(error instanceof ChainUnreachable || error instanceof RpcError)) throw error;
    found = { verdict: 'unreachable', detail: '', sender: null };
  }
  return inTransaction(domain, async (tx) => {
    await tx.lock(`review recharge ${id}`);
    const at = isoNow(tx);
    const { verdict, detail, sender } = found;
    if (verdict === 'matched' && sender) {
      await tx.lock(`chain sender ${sender}`);
      if (await tx.queries.recharge.isSenderOfAnother(sender, recharge.user_id)) {
        await tx.queries.recharge.recordVerdict(id, 'sender_elsewhere', formatAddress(check.kind, sender), sender, at);
        await publishQueueChange(tx, recharge.user_id);
        return 'sender_elsewhere';
      }
      await tx.queries.recharge.recordVerdict(id, verdict, detail, sender, at);
      const credited = await approveWithoutOperator(
        tx,
        id,
        CHAIN_ACTOR,
        `transaction ${recharge.tx_hash} final on ${check.type} (${detail})`,
        at,
      );
      return credited ? verdict : null;
    }
    await tx.queries.recharge.recordVerdict(id, verdict, detail, sender, at);
    await publishQueueChange(tx, recharge.user_id);
    return verdict;
  });
}

/**
 * Checks a recharge's transaction now, if it waits on the chain and no other node took the look
 * meanwhile. Returns the verdict recorded, or null when nothing was looked at.
 */
export async function checkRechargeProof(
  domain: Domain,
  id: number,
  options: ProofCheckOptions,
): Promise<ChainVerdict | null> {
  const recharge = await domain.queries.recharge.byId(id);
  if (!recharge?.chain_checked_at) return null;
  if (!(await domain.queries.recharge.claimCheck(id, recharge.chain_checked_at, isoNow(domain)))) return null;
  // The claim moved only its mark: the row as read is the one to look at.
  return lookAt(domain, recharge, options);
}

/**
 * Looks again at the recharges whose transaction was not found, not final or not reachable, up
 * to CHECKS_PER_SWEEP of them, for a day after each was made. Every node sweeps; a recharge is
 * looked at by the node that claims it first.
 */
export async function checkDueProofs(domain: Domain, options: ProofCheckOptions): Promise<number> {
  const now = domain.now().getTime();
  const due = await domain.queries.recharge.checksDue(
    new Date(now - RECHECK_MS).toISOString(),
    new Date(now - RECHECK_FOR_MS).toISOString(),
    CHECKS_PER_SWEEP,
  );
  let looked = 0;
  for (const row of due) {
    if (!(await domain.queries.recharge.claimCheck(row.id, row.chain_checked_at, isoNow(domain)))) continue;
    const recharge = await domain.queries.recharge.byId(row.id);
    if (recharge) await lookAt(domain, recharge, options);
    looked += 1;
  }
  return looked;
}
