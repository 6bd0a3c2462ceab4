import type { FastifyBaseLogger } from 'fastify';
import { formatMoney } from '../../contract/money';
import type { Queries } from '../platform/database/queries';
import type { Domain } from '../platform/domain';
import { createLedger, type Ledger, type Posted } from './ledger';

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
    const queries = context.queries.boundTo(transaction);
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
