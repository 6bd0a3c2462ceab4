import type { Cents } from '../../../contract/money';
import { cents } from '../../../contract/money';
import { inTransaction, type InTransaction } from '../../ledger/transactions';
import { isoNow, type Domain } from '../../platform/domain';
import type { ChainBlockRow, ChainDepositRow, ChainNetworkRow, NewChainDeposit } from './queries';
import { BODIES_PER_STATEMENT } from './queries';
import { publish } from '../../live/events';
import {
  chainOfEveryNode,
  confirmOnNodes,
  DEFAULT_NODES_TO_AGREE,
  transfersIn,
  UnconfirmedTransfers,
  withBloomsChecked,
  withSecondOpinion,
} from './reading';
import type { ChainReader, TransferLog } from './rpc';

/**
 * The chain no longer has the final block the scan stands on: a reorganisation deeper than the
 * network's finality rule. Deposits credited from the blocks it replaced are not debited by
 * anyone's code; the watcher stops here, and the console shows it, until operators look.
 */
export class DeepReorganisation extends Error {
  override readonly name = 'DeepReorganisation';
  constructor(block: number) {
    super(
      `the chain no longer has the final block ${block} the scan stands on: a reorganisation deeper than the finality rule. Nothing was debited; check the deposits credited near it, then start the scan again`,
    );
  }
}

/** Blocks asked for in one log query at most; a node that refuses even that is asked for halves. */
export const BLOCKS_PER_QUERY = 2000;
/** Blocks above the final edge followed per pass; beyond that the pass ends and the next goes on. */
const UNFINAL_BLOCKS_PER_PASS = 200;
/** Final ranges settled per pass, so a long catch-up renews its lease between them. */
const FINAL_QUERIES_PER_PASS = 50;

/**
 * Transfers below this are dust (unless the network's minimum is lower still): counted per address,
 * never listed one by one (CHAIN_DUST_BELOW). Senders of dust push real deposits off a customer's
 * list and fill the operators' page of deposits below the minimum; some mean to plant look-alike
 * addresses in a wallet's history.
 */
export const DEFAULT_DUST_BELOW = cents(100);

/** A transfer log's amount in cents, and what lies below a cent in the token's own units. */
export function toCents(units: bigint, decimals: number): { amount: Cents; remainder: bigint } | null {
  const scale = 10n ** BigInt(decimals - 2);
  const whole = units / scale;
  if (whole > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  return { amount: cents(Number(whole)), remainder: units % scale };
}

/**
 * Each log's place among the contract's Transfer logs of its own transaction: what a deposit is
 * keyed by, since a reorganisation may move a transaction to another block (and its logs to
 * other indexes there) but never reorders the logs within it.
 */
type Positioned = TransferLog & { position: number };

function withPositions(logs: readonly TransferLog[]): Positioned[] {
  const sorted = [...logs].sort((a, b) => a.block_number - b.block_number || a.log_index - b.log_index);
  const seen = new Map<string, number>();
  return sorted.map((log) => {
    const key = `${log.block_hash}:${log.tx_hash}`;
    const position = seen.get(key) ?? 0;
    seen.set(key, position + 1);
    return { ...log, position };
  });
}

/** The row of a transfer seen at a customer's address, as first recorded. */
function depositOf(
  network: ChainNetworkRow,
  log: Positioned,
  value: { amount: Cents; remainder: bigint },
  seen: Pick<NewChainDeposit, 'user_id' | 'state' | 'confirmations' | 'seen_at'>,
): NewChainDeposit {
  return {
    network: network.type,
    tx_hash: log.tx_hash,
    log_position: log.position,
    block_number: log.block_number,
    block_hash: log.block_hash,
    from_body: log.from,
    to_body: log.to,
    amount_units: log.units.toString(),
    amount: value.amount,
    remainder_units: value.remainder.toString(),
    ...seen,
  };
}

export interface Watching {
  network: ChainNetworkRow;
  reader: ChainReader;
  /** This node's name on the lease. */
  holder: string;
  /** How long the lease lasts from each renewal (DEFAULT_CHAIN_LEASE_MS). */
  leaseMs?: number;
  /** How many of the network's nodes must confirm a transfer before it is booked (DEFAULT_NODES_TO_AGREE). */
  nodesToAgree?: number;
  /** Transfers below this are counted as dust, not recorded one by one (DEFAULT_DUST_BELOW). */
  dustBelow?: Cents;
}

/** How long a node's hold on a network lasts unless renewed: a node that dies frees it after this. */
export const DEFAULT_CHAIN_LEASE_MS = 30_000;

function leaseUntil(domain: Pick<Domain, 'now'>, watching: Watching): string {
  return new Date(domain.now().getTime() + (watching.leaseMs ?? DEFAULT_CHAIN_LEASE_MS)).toISOString();
}

type Tx = Domain & InTransaction;

/** The customers (by address) these logs pay, under the network's key: one indexed lookup per batch. */
async function ownersOf(domain: Domain, network: ChainNetworkRow, logs: readonly TransferLog[]) {
  const wanted = [...new Set(logs.map((log) => log.to))];
  const owners = new Map<string, number>();
  for (let start = 0; start < wanted.length; start += BODIES_PER_STATEMENT) {
    const found = await domain.queries.chain.ownersOf(
      network.key_id,
      wanted.slice(start, start + BODIES_PER_STATEMENT),
    );
    for (const [body, userId] of found) owners.set(body, userId);
  }
  return owners;
}

async function announce(
  tx: Tx,
  deposit: Pick<ChainDepositRow, 'id' | 'user_id' | 'state' | 'confirmations'>,
  needed: number,
) {
  await publish(tx, deposit.user_id, {
    type: 'deposit',
    id: deposit.id,
    state: deposit.state,
    confirmations: Math.min(deposit.confirmations, needed),
    needed,
  });
}

/** A final range's transfers to customers' addresses: those to record one by one, and the dust. */
interface ToCustomers {
  owners: Map<string, number>;
  recorded: Positioned[];
  dust: Positioned[];
}

/**
 * The range's transfers that pay a customer, each placed among its transaction's transfers of the
 * contract (what a deposit is keyed by). A transfer of nothing is not ours to record; one below
 * the dust level (and below the network's minimum) is counted, not recorded.
 */
async function toCustomers(domain: Domain, watching: Watching, logs: readonly TransferLog[]): Promise<ToCustomers> {
  const { network } = watching;
  const owners = await ownersOf(domain, network, logs);
  const dustBelow = Math.min(watching.dustBelow ?? DEFAULT_DUST_BELOW, network.min_amount);
  const recorded: Positioned[] = [];
  const dust: Positioned[] = [];
  for (const log of withPositions(logs)) {
    const value = toCents(log.units, network.decimals);
    if (!owners.has(log.to) || log.units === 0n || !value) continue;
    (value.amount < dustBelow ? dust : recorded).push(log);
  }
  return { owners, recorded, dust };
}

/**
 * Settles the final blocks from..to in one transaction: each transfer to a customer's address
 * is credited (or recorded as below the minimum) once, and dust is counted per address; a deposit
 * seen there earlier that the final chain does not hold is orphaned; the scan's mark moves to
 * `to`. The mark moves only from `from - 1` and only for the lease's holder, so two nodes (or one
 * that lost its lease) never credit one range twice: the second's transaction finds the mark
 * moved and rolls back.
 */
async function settleFinal(
  domain: Domain,
  watching: Watching,
  { owners, recorded, dust }: ToCustomers,
  from: number,
  to: ChainBlockRow,
  head: number,
) {
  const { network, holder } = watching;
  return inTransaction(domain, async (tx) => {
    const at = isoNow(tx);
    if (!(await tx.queries.chain.advance(network.type, holder, from - 1, to, at, leaseUntil(tx, watching))))
      return false;
    const found = new Set<number>();
    for (const log of recorded) {
      const userId = owners.get(log.to) ?? 0;
      const value = toCents(log.units, network.decimals);
      if (!value) continue;
      const confirmations = head - log.block_number + 1;
      const block = { number: log.block_number, hash: log.block_hash };
      const credit = value.amount >= network.min_amount;
      let deposit = await tx.queries.chain.depositAt(network.type, log.tx_hash, log.position);
      if (!deposit) {
        const id = await tx.queries.chain.insertDeposit(
          depositOf(network, log, value, {
            user_id: userId,
            state: credit ? 'confirming' : 'below_minimum',
            confirmations,
            seen_at: at,
          }),
        );
        deposit = await tx.queries.chain.depositById(id);
        if (!deposit) throw new Error(`deposit ${id} vanished`);
        if (!credit) await announce(tx, deposit, network.confirmations);
      }
      found.add(deposit.id);
      const open = deposit.state === 'confirming' || deposit.state === 'orphaned';
      if (!credit && open && (await tx.queries.chain.markBelowMinimum(deposit.id))) {
        await announce(tx, { ...deposit, state: 'below_minimum' }, network.confirmations);
      }
      if (credit && open && (await tx.queries.chain.creditDeposit(deposit.id, block, confirmations, at))) {
        await tx.ledger.post({
          userId: deposit.user_id,
          kind: 'recharge',
          amount: cents(deposit.amount),
          ref: { type: 'deposit', id: deposit.id },
          at,
        });
        await announce(tx, { ...deposit, state: 'credited', confirmations }, network.confirmations);
      }
    }
    for (const log of dust) {
      await tx.queries.chain.countDust(
        { network: network.type, to_body: log.to, user_id: owners.get(log.to) ?? 0, block_number: log.block_number },
        log.units,
        at,
      );
    }
    for (const waiting of await tx.queries.chain.confirming(network.type)) {
      if (waiting.block_number > to.number || found.has(waiting.id)) continue;
      if (await tx.queries.chain.orphan(waiting.id))
        await announce(tx, { ...waiting, state: 'orphaned' }, network.confirmations);
    }
    await tx.queries.chain.forgetBlocksUpTo(network.type, to.number);
    return true;
  });
}

/**
 * The transfers above the final edge a customer may be shown as confirming: those already shown,
 * and new ones the nodes that must agree confirm (a transfer one node made up is not shown to
 * anyone; one a node behind does not know yet is shown at a later pass). Nothing here is
 * credited: the final range is confirmed again before it is.
 */
async function shownOnce(domain: Domain, watching: Watching, logs: readonly Positioned[]): Promise<Positioned[]> {
  const { network, reader } = watching;
  const shown: Positioned[] = [];
  for (const log of logs) {
    const value = toCents(log.units, network.decimals);
    if (!value || value.amount < network.min_amount) continue;
    if (!(await domain.queries.chain.depositAt(network.type, log.tx_hash, log.position))) {
      try {
        await confirmOnNodes(reader, watching.nodesToAgree ?? DEFAULT_NODES_TO_AGREE, [log]);
      } catch (error) {
        if (error instanceof UnconfirmedTransfers) continue;
        throw error;
      }
    }
    shown.push(log);
  }
  return shown;
}

/**
 * Follows the blocks above the final edge: notices a reorganisation by a stored block's hash
 * no longer being the chain's (walking back to the last block both agree on, and orphaning what
 * was seen above it), reads the new blocks' transfers, and keeps each deposit's confirmations.
 */
async function followUnfinal(domain: Domain, watching: Watching, final: number, head: number) {
  const { network, reader } = watching;
  const stored = (await domain.queries.chain.blocks(network.type)).filter((block) => block.number > final);
  const dropped: ChainBlockRow[] = [];
  while (stored.length > 0) {
    const top = stored[stored.length - 1] as ChainBlockRow;
    const now = await reader.block(top.number);
    if (now?.hash === top.hash) break;
    dropped.push(top);
    stored.pop();
  }
  const fresh: ChainBlockRow[] = [];
  let parent = stored.at(-1);
  const start = parent ? parent.number + 1 : final + 1;
  for (let number = start; number <= head && fresh.length < UNFINAL_BLOCKS_PER_PASS; number += 1) {
    const block = await reader.block(number);
    // The chain moved while it was read: the next pass sees where it settled.
    if (!block || (parent && block.parent_hash !== parent.hash)) break;
    fresh.push(block);
    parent = block;
  }
  const lastRead = fresh.at(-1);
  const logs = lastRead ? await transfersIn(reader, network.contract, start, lastRead.number) : [];
  const hashes = new Map([...stored, ...fresh].map((block) => [block.number, block.hash]));
  const current = logs.filter((log) => hashes.get(log.block_number) === log.block_hash);
  const owners = await ownersOf(domain, network, current);
  const ours = await shownOnce(
    domain,
    watching,
    withPositions(current).filter((log) => owners.has(log.to)),
  );

  await inTransaction(domain, async (tx) => {
    // Renewing the lease takes the network's row: another node cannot take it until this commits.
    if (!(await tx.queries.chain.renewLease(network.type, watching.holder, leaseUntil(tx, watching)))) return;
    const at = isoNow(tx);
    if (dropped.length > 0) await tx.queries.chain.forgetBlocksAbove(network.type, stored.at(-1)?.number ?? final);
    for (const block of fresh) await tx.queries.chain.insertBlock(network.type, block);
    const seen = new Set<number>();
    for (const log of ours) {
      const value = toCents(log.units, network.decimals);
      if (!value || value.amount < network.min_amount) continue;
      const confirmations = head - log.block_number + 1;
      const block = { number: log.block_number, hash: log.block_hash };
      const existing = await tx.queries.chain.depositAt(network.type, log.tx_hash, log.position);
      if (existing && existing.state !== 'confirming' && existing.state !== 'orphaned') continue;
      let id: number;
      if (existing) {
        id = existing.id;
        await tx.queries.chain.placeDeposit(id, block, confirmations);
      } else {
        id = await tx.queries.chain.insertDeposit(
          depositOf(network, log, value, {
            user_id: owners.get(log.to) ?? 0,
            state: 'confirming',
            confirmations,
            seen_at: at,
          }),
        );
      }
      seen.add(id);
      if (!existing || existing.state !== 'confirming' || existing.confirmations !== confirmations) {
        await announce(
          tx,
          { id, user_id: owners.get(log.to) ?? 0, state: 'confirming', confirmations },
          network.confirmations,
        );
      }
    }
    for (const waiting of await tx.queries.chain.confirming(network.type)) {
      if (seen.has(waiting.id) || waiting.block_number <= final) continue;
      if (hashes.get(waiting.block_number) !== waiting.block_hash) {
        if (await tx.queries.chain.orphan(waiting.id)) {
          await announce(tx, { ...waiting, state: 'orphaned' }, network.confirmations);
        }
        continue;
      }
      const confirmations = head - waiting.block_number + 1;
      if (confirmations !== waiting.confirmations) {
        await tx.queries.chain.setConfirmations(waiting.id, confirmations);
        await announce(tx, { ...waiting, confirmations }, network.confirmations);
      }
    }
  });
}

/** Where the chain stands for a network: its head, and the highest block that counts as final. */
export async function chainEdges(
  network: Pick<ChainNetworkRow, 'confirmations' | 'finalized_tag'>,
  reader: ChainReader,
): Promise<{ head: number; final: number }> {
  const head = await reader.head();
  let final = head - network.confirmations + 1;
  if (network.finalized_tag === 1) {
    const tagged = await reader.block('finalized');
    final = Math.min(final, tagged?.number ?? -1);
  }
  // A chain younger than its confirmations has no final block yet.
  return { head, final: Math.max(final, -1) };
}

/**
 * One pass over a network, for the node holding its lease: settle what became final since the
 * last pass (a bounded number of ranges), then follow the blocks above. Returns whether the
 * scan's mark is at the final edge (false: more to catch up, run again soon).
 */
export async function watchOnce(
  domain: Domain,
  watching: Watching,
): Promise<{ head: number; final: number; caughtUp: boolean }> {
  const { network, reader } = watching;
  let expected = network.chain_id;
  // A network watched before chain ids were kept takes its nodes' at its first pass, all agreeing.
  if (expected === '') {
    expected = await chainOfEveryNode(reader);
    await domain.queries.chain.adoptChainId(network.type, expected);
  }
  const chainId = await reader.chainId();
  if (chainId !== expected) {
    throw new Error(`the node is on chain 0x${chainId}, not the network's 0x${expected}: its answers are not used`);
  }
  const { head, final } = await chainEdges(network, reader);
  if (network.scanned_hash !== null) {
    const marked = await reader.block(network.scanned_block);
    if (!marked) throw new Error(`the node has no block ${network.scanned_block} (behind, or pruned); trying again`);
    if (marked.hash !== network.scanned_hash) throw new DeepReorganisation(network.scanned_block);
  }
  let scanned = network.scanned_block;
  for (let queries = 0; scanned < final && queries < FINAL_QUERIES_PER_PASS; queries += 1) {
    const from = scanned + 1;
    const end = Math.min(final, scanned + BLOCKS_PER_QUERY);
    const node = reader.inUse;
    const to = await reader.block(end);
    if (to?.number !== end) throw new Error(`the node answered no block, or another one, for block ${end}`);
    const answered = await transfersIn(reader, network.contract, from, end);
    const logs = await withBloomsChecked(reader, network.contract, answered, from, end);
    // The logs must come from a node that has the whole range, as it was: the same node as the
    // range's end, which still has that block after answering. An empty answer from a node
    // behind (or a failover mid-range) would otherwise settle blocks whose transfers it never saw.
    const again = await reader.block(end);
    if (reader.inUse !== node || again?.hash !== to.hash) {
      throw new Error(`the nodes changed or disagreed while blocks ${from}–${end} were read; reading them again`);
    }
    const paying = await toCustomers(
      domain,
      watching,
      await withSecondOpinion(reader, network.contract, logs, from, end),
    );
    await confirmOnNodes(reader, watching.nodesToAgree ?? DEFAULT_NODES_TO_AGREE, paying.recorded);
    if (!(await settleFinal(domain, watching, paying, from, to, head))) return { head, final, caughtUp: true };
    scanned = end;
  }
  if (scanned < final) return { head, final, caughtUp: false };
  await followUnfinal(domain, watching, final, head);
  return { head, final, caughtUp: true };
}

/**
 * watchOnce, and what it saw recorded on the network for the console: the head, the final edge,
 * the node in use, and the error that stopped it (which is thrown on).
 */
export async function watchAndRecord(
  domain: Domain,
  watching: Watching,
): Promise<{ head: number; final: number; caughtUp: boolean }> {
  const { network, reader } = watching;
  try {
    const seen = await watchOnce(domain, watching);
    await domain.queries.chain.recordCheck(
      network.type,
      { head_block: seen.head, final_block: seen.final, rpc_in_use: reader.inUse, last_error: '' },
      isoNow(domain),
    );
    return seen;
  } catch (error) {
    await domain.queries.chain.recordCheck(
      network.type,
      { head_block: null, final_block: null, rpc_in_use: reader.inUse, last_error: errorText(error) },
      isoNow(domain),
    );
    throw error;
  }
}

/** An error as the console shows it: one line, bounded (node URLs inside are shown as shownUrl makes them). */
export function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 500);
}
