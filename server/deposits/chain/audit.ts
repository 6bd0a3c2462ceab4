/**
 * `ops chain audit`: the ledger held to the chain, not only to itself. `ops check` proves every
 * balance is the sum of its lines; it passed with a forged, a reorganised-away and another
 * chain's credit in the database. This re-reads from the chain every deposit the watcher credited
 * and every recharge the chain's proof credited, and compares what each deposit address received
 * with what the token says it holds. It reports; it never changes money.
 */
import { formatMoney, type Cents } from '../../../contract/money';
import type { Domain } from '../../platform/domain';
import type { ChainCheckRow, ChainDepositRow, ChainNetworkRow } from './queries';
import { addressBody, formatAddress } from './addresses';
import { arrivedTotals, unitsText, urlsOf } from './networks';
import { chainReader, type ChainReader, type TransferLog } from './rpc';
import { chainEdges } from './watcher';

/** Rows read per statement while the audit walks the credits. */
const PAGE = 500;

export interface ChainAudit {
  /** One line per difference found, then one per network summing it up. */
  lines: string[];
  /** Credits the chain does not bear out, and addresses holding more than was recorded arriving. */
  differences: number;
}

export interface AuditOptions {
  /**
   * Every address given to a customer on each network, not only those a transfer was recorded
   * arriving at: a transfer no node answered (a lone java-tron node's silence) shows only there.
   * One balanceOf call per address.
   */
  everyAddress?: boolean;
  /** How a network's or check's nodes are read (tests may hand in their own). */
  readerFor?: (source: ChainNetworkRow | ChainCheckRow) => ChainReader;
}

function readerOf(source: ChainNetworkRow | ChainCheckRow, options: AuditOptions): ChainReader {
  return (
    options.readerFor?.(source) ??
    chainReader({ urls: urlsOf(source), ...(source.chain_id === '' ? {} : { chainId: source.chain_id }) })
  );
}

/** The contract's transfers of one transaction in their order: a deposit's position counts among these. */
function transfersOf(logs: readonly TransferLog[], contract: string): TransferLog[] {
  return logs.filter((log) => log.contract === contract).sort((a, b) => a.log_index - b.log_index);
}

function balanceAt(reader: ChainReader, contract: string, holder: string, at: number | 'latest'): Promise<bigint> {
  return reader.balanceOf(contract, holder, at);
}

/** What is wrong with a credited deposit as the chain has it now, or undefined when nothing is. */
async function depositProblem(
  reader: ChainReader,
  network: ChainNetworkRow,
  deposit: ChainDepositRow,
  final: number,
): Promise<string | undefined> {
  const receipt = await reader.receipt(deposit.tx_hash);
  if (!receipt) return `transaction 0x${deposit.tx_hash} is not on the chain`;
  if (!receipt.succeeded) return `transaction 0x${deposit.tx_hash} failed`;
  if (receipt.block_hash !== deposit.block_hash) {
    return `transaction 0x${deposit.tx_hash} is in block ${receipt.block_number} 0x${receipt.block_hash}, not the credited 0x${deposit.block_hash}`;
  }
  const transfer = transfersOf(receipt.transfers, network.contract)[deposit.log_position];
  if (transfer?.to !== deposit.to_body || transfer.units.toString() !== deposit.amount_units) {
    return `transaction 0x${deposit.tx_hash} holds no transfer of ${unitsText(BigInt(deposit.amount_units), network.decimals)} to ${formatAddress(network.kind, deposit.to_body)} at position ${deposit.log_position}`;
  }
  const block = await reader.block(deposit.block_number);
  if (block?.hash !== deposit.block_hash) return `block ${deposit.block_number} is no longer the credited one`;
  if (deposit.block_number > final) return `block ${deposit.block_number} is not final (final: ${final})`;
  return undefined;
}

/** Every address given under the network's key, each with what was recorded arriving there (nothing for most). */
async function everyAddress<T>(
  domain: Domain,
  network: ChainNetworkRow,
  totals: Map<string, T>,
  nothing: T,
): Promise<Map<string, T>> {
  const all = new Map<string, T>();
  for (let after = -1; ;) {
    const page = await domain.queries.chain.addressesAfter(network.key_id, after, PAGE);
    for (const { body } of page) all.set(body, totals.get(body) ?? nothing);
    const last = page.at(-1);
    if (!last || page.length < PAGE) break;
    after = last.address_index;
  }
  for (const [body, total] of totals) if (!all.has(body)) all.set(body, total);
  return all;
}

async function auditNetwork(domain: Domain, network: ChainNetworkRow, options: AuditOptions, audit: ChainAudit) {
  const reader = readerOf(network, options);
  const { final } = await chainEdges(network, reader);
  let deposits = 0;
  let wrong = 0;
  for (let after = 0; ;) {
    const page = await domain.queries.chain.creditedDeposits(network.type, after, PAGE);
    for (const deposit of page) {
      deposits += 1;
      const problem = await depositProblem(reader, network, deposit, final);
      if (problem !== undefined) {
        wrong += 1;
        audit.lines.push(
          `${network.type} deposit ${deposit.id} (${formatMoney(deposit.amount as Cents)} to user ${deposit.user_id}): ${problem}`,
        );
      }
    }
    const last = page.at(-1);
    if (!last || page.length < PAGE) break;
    after = last.id;
  }
  let more = 0;
  let less = 0;
  let at: number | 'latest' = network.kind === 'tron' ? 'latest' : network.scanned_block;
  const totals = await arrivedTotals(domain, network);
  const nothing = { transfers: 0, units: 0n, last: '' };
  for (const [body, arrived] of options.everyAddress ? await everyAddress(domain, network, totals, nothing) : totals) {
    const address = formatAddress(network.kind, body);
    let held: bigint;
    try {
      held = await balanceAt(reader, network.contract, body, at);
    } catch (error) {
      // A node that keeps no state of older blocks answers only for the latest.
      try {
        if (at === 'latest') throw error;
        held = await balanceAt(reader, network.contract, body, 'latest');
        at = 'latest';
      } catch (again) {
        more += 1;
        audit.lines.push(
          `${network.type} ${address}: the token's balanceOf could not be read (${again instanceof Error ? again.message : String(again)})`,
        );
        continue;
      }
    }
    if (held === arrived.units) continue;
    const gap = unitsText(held > arrived.units ? held - arrived.units : arrived.units - held, network.decimals);
    if (held > arrived.units) {
      more += 1;
      audit.lines.push(
        `${network.type} ${address} holds ${gap} more than the transfers recorded arriving: a transfer the watcher did not record, or one from before the network was watched`,
      );
    } else {
      less += 1;
      audit.lines.push(
        `${network.type} ${address} holds ${gap} less than arrived: swept or sent on (compare with the treasury's sweeps)`,
      );
    }
  }
  audit.differences += wrong + more;
  audit.lines.push(
    `${network.type}: ${deposits} credited deposits re-read, ${wrong} not borne out; addresses holding more than recorded: ${more}, less: ${less} (balances at ${at === 'latest' ? 'the latest block' : `block ${at}`})`,
  );
}

async function auditChecks(domain: Domain, options: AuditOptions, audit: ChainAudit) {
  const checks = new Map((await domain.queries.chain.checks()).map((check) => [check.type, check]));
  const readers = new Map<string, { reader: ChainReader; final: number }>();
  let recharges = 0;
  let wrong = 0;
  for (let after = 0; ;) {
    const page = await domain.queries.chain.rechargesCreditedByChain(after, PAGE);
    for (const recharge of page) {
      recharges += 1;
      const check = checks.get(recharge.type);
      let problem: string | undefined;
      if (!check) {
        problem = `its type ${recharge.type} is no longer checked on the chain`;
      } else {
        let read = readers.get(check.type);
        if (!read) {
          const reader = readerOf(check, options);
          read = { reader, final: (await chainEdges(check, reader)).final };
          readers.set(check.type, read);
        }
        const receipt = await read.reader.receipt(recharge.tx_hash);
        const paid = receipt?.succeeded
          ? transfersOf(receipt.transfers, check.contract)
              .filter((log) => log.to === addressBody(recharge.address))
              .reduce((sum, log) => sum + log.units, 0n)
          : 0n;
        const claimed = BigInt(recharge.amount) * 10n ** BigInt(check.decimals - 2);
        if (!receipt) problem = `transaction 0x${recharge.tx_hash} is not on the chain`;
        else if (paid !== claimed)
          problem = `transaction 0x${recharge.tx_hash} paid ${unitsText(paid, check.decimals)}`;
        else if ((await read.reader.block(receipt.block_number))?.hash !== receipt.block_hash) {
          problem = `block ${receipt.block_number} is no longer the transaction's`;
        } else if (receipt.block_number > read.final) problem = `block ${receipt.block_number} is not final`;
      }
      if (problem !== undefined) {
        wrong += 1;
        audit.lines.push(
          `recharge ${recharge.id} (${formatMoney(recharge.amount as Cents)} to user ${recharge.user_id}, credited by its proof on the chain): ${problem}`,
        );
      }
    }
    const last = page.at(-1);
    if (!last || page.length < PAGE) break;
    after = last.id;
  }
  audit.differences += wrong;
  audit.lines.push(`proofs: ${recharges} recharges credited on the chain's word re-read, ${wrong} not borne out`);
}

export async function auditChain(domain: Domain, options: AuditOptions = {}): Promise<ChainAudit> {
  const audit: ChainAudit = { lines: [], differences: 0 };
  for (const network of await domain.queries.chain.networks()) await auditNetwork(domain, network, options, audit);
  await auditChecks(domain, options, audit);
  return audit;
}
