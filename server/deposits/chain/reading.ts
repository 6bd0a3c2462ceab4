/**
 * What the chain says, checked before anything is booked from it: a final range's transfers
 * (split while a node finds the range too large), the blocks a node answered no logs for held
 * against their logs blooms, and each transfer to be recorded confirmed, receipt and block, by as
 * many nodes as must agree. The watcher (watcher.ts) books what this returns; it never decides
 * on one node's word what several can tell.
 */
import { bloomMayHold, bloomOf } from './bloom';
import { isRangeTooLarge, TRANSFER_TOPIC, type BlockHeader, type ChainReader, type TransferLog } from './rpc';

/** Why a node's answer was not believed, as /metrics counts it. */
export type RefusedAnswer = 'other_chain' | 'unconfirmed' | 'withheld';

/** How far one node is trusted, and who hears when a node's answer is not believed. */
export interface ChainTrust {
  /** How many of a network's node URLs must each confirm a transfer (CHAIN_NODES_TO_AGREE). */
  nodesToAgree: number;
  /** Told of each answer not believed: the network or checked type, why, and what was said. */
  untrusted(where: string, reason: RefusedAnswer, detail: string): void;
}

/** How many of a network's node URLs must each confirm a transfer before it is credited, by default (CHAIN_NODES_TO_AGREE). */
export const DEFAULT_NODES_TO_AGREE = 2;
/** Calls to one node at once while a range's empty blocks, or its transfers, are checked. */
const CALLS_AT_ONCE = 8;

/**
 * The contract's transfers in from..to, the range halved for as long as the node finds it too
 * large (or answers more than the reader reads). What a node answers is not trusted to match what
 * it was asked: logs of another contract or outside the range are dropped, and a log answered
 * twice counts once.
 */
export async function transfersIn(
  reader: ChainReader,
  contract: string,
  from: number,
  to: number,
): Promise<TransferLog[]> {
  return inRange(await transfersAnswered(reader, contract, from, to), contract, from, to);
}

function inRange(logs: readonly TransferLog[], contract: string, from: number, to: number): TransferLog[] {
  const seen = new Set<string>();
  return logs.filter((log) => {
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

/**
 * The range's transfers as the node in use answered them, with any another node answers that
 * it left out. java-tron gives no logs bloom, so a TRON node that has a block and answers no logs
 * for it can be caught only by asking another; on EVM chains this also catches a node that leaves
 * out some of a block's transfers while answering others, which the bloom cannot show. The first
 * other node that answers is asked; when none does, the answer stands as it is (the blooms, and
 * `ops chain audit` comparing balances, remain). What is added is confirmed before it is booked,
 * like everything else.
 */
export async function withSecondOpinion(
  reader: ChainReader,
  contract: string,
  logs: readonly TransferLog[],
  from: number,
  to: number,
): Promise<TransferLog[]> {
  for (const other of reader.others()) {
    let answered: TransferLog[];
    try {
      answered = await transfersIn(other, contract, from, to);
    } catch {
      continue;
    }
    return inRange([...logs, ...answered], contract, from, to);
  }
  return [...logs];
}

/** `work` on each item, at most `width` at a time, the results in the items' order. */
async function eachAtMost<T, R>(items: readonly T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const at = next;
      next += 1;
      results[at] = await work(items[at] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
  return results;
}

/**
 * The range's transfers with those a node left out where a block's logs bloom shows them. A node
 * can have a block and answer no logs for it (java-tron indexes logs only of blocks it synced with
 * JSON-RPC on; a faulty or lying node may do the same): each block the answer left empty has its
 * header read, and where its bloom may hold the contract's Transfer, the block's logs are asked
 * for in full, of each node in turn, and taken from the first whose logs make exactly that bloom.
 * When none does, nothing of the range may be settled: this throws, and the range is read again
 * at the next pass.
 */
export async function withBloomsChecked(
  reader: ChainReader,
  contract: string,
  logs: readonly TransferLog[],
  from: number,
  to: number,
): Promise<TransferLog[]> {
  const answered = new Set(logs.map((log) => log.block_number));
  const empty = Array.from({ length: to - from + 1 }, (_, offset) => from + offset).filter(
    (number) => !answered.has(number),
  );
  const headers = await eachAtMost(empty, CALLS_AT_ONCE, async (number) => {
    const header = await reader.header(number);
    if (header?.number !== number) throw new Error(`the node answered no block, or another one, for block ${number}`);
    return header;
  });
  const found: TransferLog[] = [];
  for (const header of headers) {
    if (header.logs_bloom === null || !bloomMayHold(header.logs_bloom, contract, TRANSFER_TOPIC.slice(2))) continue;
    found.push(...(await logsInFull(reader, header, contract, from, to)));
  }
  return found.length === 0 ? [...logs] : inRange([...logs, ...found], contract, from, to);
}

/** A block's logs bloom shows transfers of the contract that no node answered. */
export class LogsWithheld extends Error {
  override readonly name = 'LogsWithheld';
}

async function logsInFull(
  reader: ChainReader,
  header: BlockHeader,
  contract: string,
  from: number,
  to: number,
): Promise<TransferLog[]> {
  const problems: string[] = [];
  for (const node of reader.nodes) {
    try {
      const { logs, transfers } = await node.blockLogs(header.hash, contract);
      if (logs.some((log) => log.block_hash !== header.hash)) problems.push(`${node.inUse}: logs of another block`);
      else if (bloomOf(logs) !== header.logs_bloom) problems.push(`${node.inUse}: logs that do not make its bloom`);
      else return transfers;
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error));
    }
  }
  throw new LogsWithheld(
    `block ${header.number}'s logs bloom says it may hold transfers of the contract, but no node answered them (${problems.join('; ')}); blocks ${from}–${to} are not settled and will be read again`,
  );
}

/**
 * Why the node does not confirm these transfers, or undefined when it does: each one's
 * transaction has a receipt that succeeded, in the same block, holding the same transfer at the
 * same log index, and the node's block at that height is that block.
 */
async function disagreement(node: ChainReader, logs: readonly TransferLog[]): Promise<string | undefined> {
  const byTransaction = [...Map.groupBy(logs, (log) => log.tx_hash)];
  const receipts = await eachAtMost(byTransaction, CALLS_AT_ONCE, async ([hash, sent]) => {
    const receipt = await node.receipt(hash);
    if (!receipt) return `it knows no transaction 0x${hash}`;
    if (!receipt.succeeded) return `transaction 0x${hash} failed`;
    for (const log of sent) {
      if (receipt.block_hash !== log.block_hash || receipt.block_number !== log.block_number) {
        return `transaction 0x${hash} is in another block`;
      }
      const same = receipt.transfers.find((transfer) => transfer.log_index === log.log_index);
      if (
        !same ||
        same.contract !== log.contract ||
        same.from !== log.from ||
        same.to !== log.to ||
        same.units !== log.units
      ) {
        return `transaction 0x${hash} holds no such transfer at log ${log.log_index}`;
      }
    }
    return undefined;
  });
  const refused = receipts.find((problem) => problem !== undefined);
  if (refused !== undefined) return refused;
  const blocks = [...new Map(logs.map((log) => [log.block_number, log.block_hash]))];
  const canonical = await eachAtMost(blocks, CALLS_AT_ONCE, async ([number, hash]) => {
    const block = await node.block(number);
    return block?.hash === hash
      ? undefined
      : `its block ${number} is ${block ? `0x${block.hash}` : 'missing'}, not 0x${hash}`;
  });
  return canonical.find((problem) => problem !== undefined);
}

/** The node URLs of one network answer different chain ids. */
export class NodesOnOtherChains extends Error {
  override readonly name = 'NodesOnOtherChains';
}

/**
 * The chain every node URL is on: each is asked, and all must answer the same, so that a backup
 * URL of another chain is found at once rather than after the first failover.
 */
export async function chainOfEveryNode(reader: ChainReader): Promise<string> {
  const answers = await Promise.all(
    reader.nodes.map(async (node) => ({ node: node.inUse, chainId: await node.chainId() })),
  );
  const first = answers[0];
  if (!first) throw new Error('no node URL');
  const other = answers.find((answer) => answer.chainId !== first.chainId);
  if (other) {
    throw new NodesOnOtherChains(
      `the nodes are on different chains: ${first.node} answers chain 0x${first.chainId}, ${other.node} answers 0x${other.chainId}`,
    );
  }
  return first.chainId;
}

/** Transfers that fewer nodes confirmed than must agree: nothing of them is booked. */
export class UnconfirmedTransfers extends Error {
  override readonly name = 'UnconfirmedTransfers';
}

/**
 * Each transfer confirmed by `needed` of the reader's nodes (all of them when it has fewer), each
 * asked on its own: a node that invents a transfer, with a real block and a made-up transaction,
 * is not believed alone, and one that invents its receipt too is outvoted by another node.
 * Throws UnconfirmedTransfers, naming what each node said, when too few confirm.
 */
export async function confirmOnNodes(reader: ChainReader, needed: number, logs: readonly TransferLog[]): Promise<void> {
  if (logs.length === 0) return;
  const { nodes } = reader;
  const wanted = Math.max(1, Math.min(needed, nodes.length));
  const refusals: string[] = [];
  let confirmed = 0;
  for (const node of nodes) {
    let problem: string | undefined;
    try {
      problem = await disagreement(node, logs);
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error);
    }
    if (problem === undefined) {
      confirmed += 1;
      if (confirmed >= wanted) return;
    } else {
      refusals.push(`${node.inUse}: ${problem}`);
    }
  }
  throw new UnconfirmedTransfers(
    `${logs.length === 1 ? 'a transfer was' : `${logs.length} transfers were`} confirmed by ${confirmed} of the ${wanted} nodes that must agree (${refusals.join('; ')}); nothing of them is credited, and they are read again at the next pass`,
  );
}

declare module '../../platform/context' {
  interface ServerContext {
    /** How many chain nodes must agree before a transfer is credited, and who hears of one not believed. */
    chainTrust: ChainTrust;
  }
}
