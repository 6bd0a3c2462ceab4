import type { Cents } from '../../contract/money';
import { cents } from '../../contract/money';
import { inTransaction, isoNow, type Domain, type InTransaction } from '../context';
import type { ChainBlockRow, ChainDepositRow, ChainNetworkRow } from '../db/chain';
import { BODIES_PER_STATEMENT } from '../db/chain';
import { publish } from '../events';
import { isRangeTooLarge, type ChainReader, type TransferLog } from './rpc';

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
function withPositions(logs: readonly TransferLog[]): (TransferLog & { position: number })[] {
  const sorted = [...logs].sort((a, b) => a.block_number - b.block_number || a.log_index - b.log_index);
  const seen = new Map<string, number>();
  return sorted.map((log) => {
    const key = `${log.block_hash}:${log.tx_hash}`;
    const position = seen.get(key) ?? 0;
    seen.set(key, position + 1);
    return { ...log, position };
  });
}

export interface Watching {
  network: ChainNetworkRow;
  reader: ChainReader;
  /** This node's name on the lease. */
  holder: string;
  /** How long the lease lasts from each renewal (DEFAULT_CHAIN_LEASE_MS). */
  leaseMs?: number;
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

/**
 * The contract's transfers in from..to, the range halved for as long as the node finds it too
 * large. What a node answers is not trusted to match what it was asked: logs of another contract
 * or outside the range are dropped, and a log answered twice counts once.
 */
async function transfersIn(reader: ChainReader, contract: string, from: number, to: number): Promise<TransferLog[]> {
  const seen = new Set<string>();
  return (await transfersAnswered(reader, contract, from, to)).filter((log) => {
    const key = `${log.block_hash}:${log.tx_hash}:${log.log_index}`;
    if (log.contract !== contract || log.block_number < from || log.block_number > to || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

async function transfersAnswered(
  reader: ChainReader,
  contract: string,
  from: number,
  to: number,
): Promise<TransferLog[]> {
  try {
    return await reader.transfers(contract, from, to);
  } catch (error) {
    if (!isRangeTooLarge(error) || from === to) throw error;
    const middle = Math.floor((from + to) / 2);
    return [
      ...(await transfersIn(reader, contract, from, middle)),
      ...(await transfersIn(reader, contract, middle + 1, to)),
    ];
  }
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

/**
 * Settles the final blocks from..to in one transaction: each transfer to a customer's address
 * is credited (or recorded as below the minimum) once; a deposit seen there earlier that the
 * final chain does not hold is orphaned; the scan's mark moves to `to`. The mark moves only from
 * `from - 1` and only for the lease's holder, so two nodes (or one that lost its lease) never
 * credit one range twice: the second's transaction finds the mark moved and rolls back.
 */
async function settleFinal(
  domain: Domain,
  watching: Watching,
  logs: readonly TransferLog[],
  from: number,
  to: ChainBlockRow,
  head: number,
) {
  const { network, holder } = watching;
  const owners = await ownersOf(domain, network, logs);
  const ours = withPositions(logs).filter((log) => owners.has(log.to));
  return inTransaction(domain, async (tx) => {
    const at = isoNow(tx);
    if (!(await tx.queries.chain.advance(network.type, holder, from - 1, to, at, leaseUntil(tx, watching))))
      return false;
    const found = new Set<number>();
    for (const log of ours) {
      const userId = owners.get(log.to) ?? 0;
      const value = toCents(log.units, network.decimals);
      if (!value) continue;
      const confirmations = head - log.block_number + 1;
      const block = { number: log.block_number, hash: log.block_hash };
      const credit = value.amount >= network.min_amount;
      let deposit = await tx.queries.chain.depositAt(network.type, log.tx_hash, log.position);
      if (!deposit) {
        const id = await tx.queries.chain.insertDeposit({
          network: network.type,
          tx_hash: log.tx_hash,
          log_position: log.position,
          block_number: log.block_number,
          block_hash: log.block_hash,
          from_body: log.from,
          to_body: log.to,
          user_id: userId,
          amount_units: log.units.toString(),
          amount: value.amount,
          remainder_units: value.remainder.toString(),
          state: credit ? 'confirming' : 'below_minimum',
          confirmations,
          seen_at: at,
        });
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
  const ours = withPositions(current).filter((log) => owners.has(log.to));

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
        id = await tx.queries.chain.insertDeposit({
          network: network.type,
          tx_hash: log.tx_hash,
          log_position: log.position,
          block_number: log.block_number,
          block_hash: log.block_hash,
          from_body: log.from,
          to_body: log.to,
          user_id: owners.get(log.to) ?? 0,
          amount_units: log.units.toString(),
          amount: value.amount,
          remainder_units: value.remainder.toString(),
          state: 'confirming',
          confirmations,
          seen_at: at,
        });
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
  const chainId = await reader.chainId();
  // A network watched before chain ids were kept takes its nodes' at its first pass.
  if (network.chain_id === '') await domain.queries.chain.adoptChainId(network.type, chainId);
  else if (chainId !== network.chain_id) {
    throw new Error(
      `the node is on chain 0x${chainId}, not the network's 0x${network.chain_id}: its answers are not used`,
    );
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
    const logs = await transfersIn(reader, network.contract, from, end);
    // The logs must come from a node that has the whole range, as it was: the same node as the
    // range's end, which still has that block after answering. An empty answer from a node
    // behind (or a failover mid-range) would otherwise settle blocks whose transfers it never saw.
    const again = await reader.block(end);
    if (reader.inUse !== node || again?.hash !== to.hash) {
      throw new Error(`the nodes changed or disagreed while blocks ${from}–${end} were read; reading them again`);
    }
    if (!(await settleFinal(domain, watching, logs, from, to, head))) return { head, final, caughtUp: true };
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
