import type { FastifyBaseLogger } from 'fastify';
import type { ChainTrust } from './chain/reading';
import type { Limits } from './config';
import { createQueries, type Queries } from './db';
import type { Db } from './db/database';
import { formatMoney } from '../contract/money';
import { createLedger, type Ledger, type Posted } from './ledger';
import type { LiveHub } from './live';
import type { Mailer } from './mail/mailer';
import type { Metrics } from './metrics';
import type { PushSender } from './push/sender';
import type { ReviewRules } from './four-eyes';
import type { SessionCache } from './session-cache';

/** What reads and records: shared by the server and the operator CLI. */
export interface Domain {
  db: Db;
  queries: Queries;
  now: () => Date;
}

/** A domain inside one open transaction: its queries run in it, and only here can money move. */
export interface InTransaction {
  queries: Queries;
  ledger: Ledger;
  /** Holds `key` until the transaction ends (see `Transaction.lock`). */
  lock(key: string): Promise<void>;
}

/**
 * Runs `work` in one transaction with `context`'s queries bound to it and the ledger at hand.
 * Called again from inside one, it joins the open transaction.
 */
export async function inTransaction<C extends Domain, T>(
  context: C,
  work: (tx: C & InTransaction) => Promise<T>,
): Promise<T> {
  if (isInTransaction(context)) return work(context);
  const posted: Posted[] = [];
  const result = await context.db.transaction((transaction) => {
    const queries = createQueries(transaction);
    const ledger = createLedger(queries, (movement) => posted.push(movement));
    return work({ ...context, queries, ledger, lock: (key) => transaction.lock(key) });
  });
  // One line per balance moved, once it is committed (a rolled-back movement never happened).
  const log = 'log' in context ? (context.log as FastifyBaseLogger) : undefined;
  for (const movement of posted) {
    log?.info(
      {
        user: movement.userId,
        kind: movement.kind,
        amount: formatMoney(movement.amount),
        ...(movement.ref ? { ref: `${movement.ref.type} ${movement.ref.id}` } : {}),
        ledger: movement.ledgerId,
      },
      movement.amount > 0 ? 'credit' : 'debit',
    );
  }
  return result;
}

function isInTransaction<C extends Domain>(context: C): context is C & InTransaction {
  return 'ledger' in context && 'lock' in context;
}

/** What route modules work with; built once in buildApp. */
export interface ServerContext extends Domain {
  mailer: Mailer;
  limits: Limits;
  log: FastifyBaseLogger;
  sessions: SessionCache;
  /** The open live sockets, by user and session. */
  live: LiveHub;
  /** What /metrics shows of this node. */
  metrics: Metrics;
  /** The app's public address for links we hand out (invite links); else the request's origin. */
  publicUrl: string | undefined;
  /** The console's origin for the links mailed to operators; '' when neither PUBLIC_URL nor CONSOLE_HOST is set. */
  consoleOrigin: string;
  /** Root of the uploads folder. */
  uploadsDir: string;
  /** Which withdrawals need two operators' approvals. */
  reviewRules: ReviewRules;
  /** Hours a new or changed payout account waits before withdrawals to it. */
  withdrawHoldHours: number;
  /** Web Push: the VAPID public key, the endpoint rule and the sender of queued notices. */
  push: PushSender;
  /** How many chain nodes must agree before a transfer is credited, and who hears of one not believed. */
  chainTrust: ChainTrust;
}

export function isoNow(context: Pick<ServerContext, 'now'>): string {
  return context.now().toISOString();
}

export function secondsAgo(context: Pick<ServerContext, 'now'>, seconds: number): string {
  return new Date(context.now().getTime() - seconds * 1000).toISOString();
}

export function secondsUntil(context: Pick<ServerContext, 'now'>, time: string): number {
  return (Date.parse(time) - context.now().getTime()) / 1000;
}
