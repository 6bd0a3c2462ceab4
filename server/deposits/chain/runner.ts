import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Cents } from '../../../contract/money';
import type { Domain } from '../../platform/domain';
import type { ChainNetworkRow } from './queries';
import { urlsOf } from './networks';
import { checkDueProofs } from './proofs';
import { LogsWithheld, UnconfirmedTransfers, type ChainTrust } from './reading';
import { chainReader, type ChainReader } from './rpc';
import { DEFAULT_CHAIN_LEASE_MS, errorText, watchAndRecord } from './watcher';

/** Between two looks at a network by default: TRON makes a block every 3 s. */
export const DEFAULT_CHAIN_POLL_MS = 3000;

/** This process's name on the leases it takes: host, process and a random part, never reused. */
export function nodeName(): string {
  return `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

/** The longest wait before a network whose nodes keep failing is tried again. */
const MAX_BACKOFF_MS = 60_000;

export interface WatcherOptions {
  /** This node's name on the leases. */
  holder: string;
  /** Between two passes over the networks. */
  pollMs: number;
  /** How long a lease lasts unless renewed (DEFAULT_CHAIN_LEASE_MS). */
  leaseMs?: number;
  /** Transfers below this are counted as dust (DEFAULT_DUST_BELOW). */
  dustBelow?: Cents;
  /** How a network's nodes are read (tests may hand in their own). */
  readerFor?: (network: ChainNetworkRow) => ChainReader;
}

/**
 * Watches every configured network, each on one node at a time: a pass takes (or renews) the
 * network's lease and runs watchOnce, then looks again at the recharges whose transaction the
 * chain did not show final yet (server/deposits/chain/proofs.ts); a pass that did not catch up is
 * followed by the next at once. Returns the stop, which ends the pass under way and frees this node's leases, so another
 * node takes over at once rather than when they run out.
 */
export function startChainWatchers(
  domain: Domain & { log: FastifyBaseLogger; chainTrust: ChainTrust },
  options: WatcherOptions,
): () => Promise<void> {
  const trust = domain.chainTrust;
  const readers = new Map<string, { urls: string; reader: ChainReader }>();
  const lastErrors = new Map<string, string>();
  /** Networks whose nodes failed: how many times in a row, and not before when to try again. */
  const failing = new Map<string, { failures: number; retryAt: number }>();
  const leaseMs = options.leaseMs ?? DEFAULT_CHAIN_LEASE_MS;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> = Promise.resolve();

  function readerOf(network: ChainNetworkRow): ChainReader {
    const cached = readers.get(network.type);
    if (cached && cached.urls === network.rpc_urls) return cached.reader;
    const reader =
      options.readerFor?.(network) ??
      chainReader({
        urls: urlsOf(network),
        ...(network.chain_id === '' ? {} : { chainId: network.chain_id }),
        onWrongChain: (node, chainId) =>
          trust.untrusted(network.type, 'other_chain', `${node} answers chain 0x${chainId}, not 0x${network.chain_id}`),
      });
    readers.set(network.type, { urls: network.rpc_urls, reader });
    return reader;
  }

  async function watch(network: ChainNetworkRow): Promise<boolean> {
    const now = domain.now();
    if ((failing.get(network.type)?.retryAt ?? 0) > now.getTime()) return true;
    const until = new Date(now.getTime() + leaseMs).toISOString();
    if (!(await domain.queries.chain.takeLease(network.type, options.holder, now.toISOString(), until))) return true;
    try {
      const seen = await watchAndRecord(domain, {
        network,
        reader: readerOf(network),
        holder: options.holder,
        leaseMs,
        nodesToAgree: trust.nodesToAgree,
        ...(options.dustBelow === undefined ? {} : { dustBelow: options.dustBelow }),
      });
      failing.delete(network.type);
      if (lastErrors.delete(network.type)) domain.log.info({ network: network.type }, 'chain watcher reading again');
      return seen.caughtUp;
    } catch (error) {
      // Backing off: twice as long after each failure in a row, up to a minute.
      const failures = (failing.get(network.type)?.failures ?? 0) + 1;
      const wait = Math.min(MAX_BACKOFF_MS, options.pollMs * 2 ** (failures - 1));
      failing.set(network.type, { failures, retryAt: domain.now().getTime() + wait });
      const message = errorText(error);
      if (error instanceof UnconfirmedTransfers) trust.untrusted(network.type, 'unconfirmed', message);
      if (error instanceof LogsWithheld) trust.untrusted(network.type, 'withheld', message);
      if (lastErrors.get(network.type) !== message) {
        domain.log.warn({ network: network.type, reason: message }, 'chain watcher could not read');
        lastErrors.set(network.type, message);
      }
      return true;
    }
  }

  async function runPass(): Promise<void> {
    let behind = false;
    try {
      for (const network of await domain.queries.chain.networks()) {
        if (stopped) return;
        if (!(await watch(network))) behind = true;
      }
      if (!stopped) await checkDueProofs(domain, { trust });
    } catch (error) {
      domain.log.error({ err: error }, 'chain watchers stopped a pass');
    }
    if (!stopped) timer = setTimeout(schedule, behind ? 0 : options.pollMs);
  }

  function schedule(): void {
    pass = runPass();
  }

  schedule();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await pass;
    for (const network of await domain.queries.chain.networks()) {
      await domain.queries.chain.releaseLease(network.type, options.holder);
    }
  };
}
