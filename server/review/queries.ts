import { QUEUE_PAGE_SIZE, type ReviewKind } from '../../contract/console';
import type { ReviewState, SaleOrderState } from '../../contract/rules';
import type { SqlRunner } from '../platform/database/sql';
import { WAITING_STRIPES } from '../platform/database/running-totals';

/** The orders that may need two operators' approvals. */
export type TwoApprovalKind = Extract<ReviewKind, 'recharge' | 'withdraw'>;

export interface PendingItem {
  kind: ReviewKind;
  id: number;
  user_id: number;
  account: string;
  amount: number;
  detail: string;
  created_at: string;
}

/** An order of any kind as a customer's page lists it. */
export interface CustomerOrderRow {
  kind: ReviewKind;
  id: number;
  amount: number;
  state: ReviewState | SaleOrderState;
  remark: string;
  created_at: string;
}

/**
 * A customer's latest orders of every kind, newest first, in one statement: the columns the list
 * shows, nothing more. Each kind gives its own newest `@limit`, read in order from an index (the
 * (user_id, created_at, id) indexes of recharges and withdrawals, the customer's sale numbers),
 * and the three short lists are merged: only the rows that can be shown are read, however many
 * orders the customer has. Sales come through the customer's sale numbers, as their own list
 * reads them: read by id, PostgreSQL walked every newer sale of anyone's for a customer holding a
 * tenth of them (96 ms a page). Recharges and withdrawals left unlimited, SQLite still stopped at
 * `@limit`, but PostgreSQL read all of them and sorted them (16-43 ms for the scale set's heaviest
 * customer against 0.2 ms now).
 */
const LATEST_ORDERS = `
  SELECT * FROM (SELECT 'recharge' AS kind, id, amount, state, remark, created_at FROM recharges
                 WHERE user_id = @user_id ORDER BY created_at DESC, id DESC LIMIT @limit) AS latest_recharges
  UNION ALL
  SELECT * FROM (SELECT 'withdraw' AS kind, id, amount, state, remark, created_at FROM withdrawals
                 WHERE user_id = @user_id ORDER BY created_at DESC, id DESC LIMIT @limit) AS latest_withdrawals
  UNION ALL
  SELECT * FROM (SELECT 'sale' AS kind, sale_orders.id, sale_orders.number AS amount, sale_orders.state,
                        sale_orders.remark, sale_orders.created_at
                 FROM sale_numbers JOIN sale_orders ON sale_orders.id = sale_numbers.sale_id
                 WHERE sale_numbers.user_id = @user_id ORDER BY sale_numbers.seq DESC LIMIT @limit) AS latest_sales
  ORDER BY created_at DESC, id DESC LIMIT @limit`;

/** The queue's order is (created_at, kind, id); a page starts after the item it names. */
export interface QueuePosition {
  created_at: string;
  kind: ReviewKind;
  id: number;
}

/**
 * What waits of one kind after a position in that kind's own order (created_at, id), read in
 * order from the kind's partial index of waiting orders; `afterId` names the parameter holding
 * the position's id.
 */
function waitingOf(kind: ReviewKind, afterId: string): string {
  const { table, amount, detail } = {
    recharge: {
      table: 'recharges',
      amount: 'recharges.amount',
      detail: "recharges.type || ' ' || recharges.credentials",
    },
    withdraw: {
      table: 'withdrawals',
      amount: 'withdrawals.amount',
      detail: "withdrawals.type || ' ' || withdrawals.order_no",
    },
    sale: {
      table: 'sale_orders',
      amount: 'sale_orders.number',
      detail: "sale_orders.order_no || ' @ ' || sale_orders.unit_price || ' ' || sale_orders.currency",
    },
  }[kind];
  return `
    SELECT '${kind}' AS kind, ${table}.id AS id, ${table}.user_id AS user_id, users.account AS account,
           ${amount} AS amount, ${detail} AS detail, ${table}.created_at AS created_at
    FROM ${table} JOIN users ON users.id = ${table}.user_id
    WHERE ${table}.state = 'audit' AND (${table}.created_at, ${table}.id) > (@after_at, @${afterId})`;
}

const KINDS: readonly ReviewKind[] = ['recharge', 'withdraw', 'sale'];

/** One kind's page, oldest first. */
const WAITING: Record<ReviewKind, string> = {
  recharge: `${waitingOf('recharge', 'after_id')} ORDER BY created_at, id LIMIT @limit`,
  withdraw: `${waitingOf('withdraw', 'after_id')} ORDER BY created_at, id LIMIT @limit`,
  sale: `${waitingOf('sale', 'after_id')} ORDER BY created_at, id LIMIT @limit`,
};

/**
 * A page of every kind: each kind's page read in order from its index, the three merged in the
 * queue's order (created_at, kind, id). The sort is of those pages alone, at most three of them.
 */
const WAITING_ALL = `${KINDS.map(
  (kind) =>
    `SELECT * FROM (${waitingOf(kind, `${kind}_after_id`)} ORDER BY created_at, id LIMIT @limit) AS ${kind}_page`,
).join(' UNION ALL ')}
  ORDER BY created_at, kind, id LIMIT @limit`;

/**
 * Statements about a page of orders name a fixed number of them, so each is one text, prepared
 * once, whatever the page's length; the places left over name order 0, which does not exist. One
 * order (its own review page, a decision) has a text of its own, which names only it: padded to a
 * page, it read the table once for each empty place.
 */
export const ORDERS_PER_STATEMENT = QUEUE_PAGE_SIZE;
type StatementSize = 1 | typeof ORDERS_PER_STATEMENT;

function sizeFor(count: number): StatementSize {
  if (count > ORDERS_PER_STATEMENT) {
    throw new Error(`at most ${ORDERS_PER_STATEMENT} orders per statement, not ${count}`);
  }
  return count <= 1 ? 1 : ORDERS_PER_STATEMENT;
}

function padded<T>(values: readonly T[], filler: T): T[] {
  return [...values, ...Array<T>(sizeFor(values.length) - values.length).fill(filler)];
}

/** One text per statement size. */
function bySize(text: (size: StatementSize) => string): Record<StatementSize, string> {
  return { 1: text(1), [ORDERS_PER_STATEMENT]: text(ORDERS_PER_STATEMENT) };
}

/**
 * Each order's earlier total, from the rolling-sum index (user_id, created_at) of its kind: the
 * range read is the window before the order, bounded on both sides, so an old order of a customer
 * who went on making orders does not read every one made since.
 */
const EARLIER_TOTALS: Record<TwoApprovalKind, Record<StatementSize, string>> = {
  recharge: bySize((size) => earlierTotalsOf('recharges', size)),
  withdraw: bySize((size) => earlierTotalsOf('withdrawals', size)),
};

function earlierTotalsOf(table: 'recharges' | 'withdrawals', size: StatementSize): string {
  const places = Array<string>(size).fill('(CAST(? AS BIGINT), CAST(? AS TEXT))');
  return `
    WITH page(id, since) AS (VALUES ${places.join(', ')})
    SELECT page.id,
           (SELECT COALESCE(SUM(earlier.amount), 0) FROM ${table} AS earlier
            WHERE earlier.user_id = waiting.user_id AND earlier.id < waiting.id
              AND earlier.created_at >= page.since AND earlier.created_at <= waiting.created_at
              AND earlier.state <> 'failure') AS total
    FROM page JOIN ${table} AS waiting ON waiting.id = page.id`;
}

const APPROVALS_OF = bySize(
  (size) => `
  SELECT order_id, actor, created_at FROM review_approvals
  WHERE kind = ? AND order_id IN (${Array<string>(size).fill('?').join(', ')})`,
);

/**
 * Where a kind's own order resumes after a position in the queue's: past the position's id in
 * its own kind, from the position's time in a kind sorted after it, past its time in one before.
 */
function resumeAt(kind: ReviewKind, after: QueuePosition | null): { after_at: string; after_id: number } {
  if (!after) return { after_at: '', after_id: 0 };
  const afterId = kind === after.kind ? after.id : kind > after.kind ? 0 : Number.MAX_SAFE_INTEGER;
  return { after_at: after.created_at, after_id: afterId };
}

/** What waits for an operator, oldest first. */
export function reviewQueries(db: SqlRunner) {
  /** Up to `limit` of what waits (of one kind, or '' for all), after `after` when given. */
  async function waiting(kind: ReviewKind | '', after: QueuePosition | null, limit: number): Promise<PendingItem[]> {
    if (kind !== '') return db.all<PendingItem>(WAITING[kind], { ...resumeAt(kind, after), limit });
    const positions: Record<string, string | number> = { after_at: resumeAt('sale', after).after_at, limit };
    for (const each of KINDS) positions[`${each}_after_id`] = resumeAt(each, after).after_id;
    return db.all<PendingItem>(WAITING_ALL, positions);
  }

  return {
    /** One page of the queue (of one kind, or '' for all), after `after` when given. */
    pendingPage: waiting,

    /** A customer's latest `limit` orders of every kind, newest first. */
    latestOf: (userId: number, limit: number) => db.all<CustomerOrderRow>(LATEST_ORDERS, { user_id: userId, limit }),

    /**
     * How many orders of each kind wait: the running counts, a few dozen rows however long the
     * queue (counting the waiting orders themselves took 5.5-6.5 ms on PostgreSQL with 38,827).
     */
    pendingCounts: async () => {
      const counts: Record<ReviewKind, number> = { recharge: 0, withdraw: 0, sale: 0 };
      const kept = await db.all<{ kind: ReviewKind; n: number }>(
        'SELECT kind, SUM(waiting) AS n FROM review_waiting GROUP BY kind',
      );
      for (const { kind, n } of kept) counts[kind] = n;
      return counts;
    },

    /**
     * Moves the count of orders of `kind` waiting for review by `by` (1: one entered the queue,
     * -1: one left it), in the customer's stripe (inside the transaction that moves the order).
     */
    moveWaiting: (kind: ReviewKind, userId: number, by: 1 | -1) =>
      db.run(
        `INSERT INTO review_waiting (kind, stripe, waiting) VALUES (@kind, @stripe, @by)
         ON CONFLICT (kind, stripe) DO UPDATE SET waiting = review_waiting.waiting + excluded.waiting`,
        { kind, stripe: userId % WAITING_STRIPES, by },
      ),

    /** When an order was created, to start the next page of the queue after it. */
    createdAt: async (kind: ReviewKind, id: number) => {
      const sql = {
        recharge: 'SELECT created_at FROM recharges WHERE id = ?',
        withdraw: 'SELECT created_at FROM withdrawals WHERE id = ?',
        sale: 'SELECT created_at FROM sale_orders WHERE id = ?',
      }[kind];
      return (await db.get<{ created_at: string }>(sql, [id]))?.created_at;
    },

    /**
     * For each order given (up to ORDERS_PER_STATEMENT), what the same customer's other recharges
     * (or withdrawals) created since its `since` and before it add up to, refused ones left out:
     * the rest of the amount the second-approval limit is held against, so that splitting one
     * payout into several does not slip under it. Keyed by the order's id.
     */
    earlierTotals: async (kind: TwoApprovalKind, orders: readonly { id: number; since: string }[]) => {
      const places = padded(
        orders.map((order) => [order.id, order.since]),
        [0, ''],
      );
      const rows = await db.all<{ id: number; total: number }>(
        EARLIER_TOTALS[kind][sizeFor(orders.length)],
        places.flat(),
      );
      return new Map(rows.map((row) => [row.id, row.total]));
    },

    /** Records an operator's approval of an order that needs two; false if they gave one already. */
    addApproval: async (kind: TwoApprovalKind, orderId: number, actor: string, at: string) =>
      (await db.run(
        `INSERT INTO review_approvals (kind, order_id, actor, created_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (kind, order_id, actor) DO NOTHING`,
        [kind, orderId, actor, at],
      )) === 1,

    /** The approvals given to these orders (up to ORDERS_PER_STATEMENT), in no order. */
    approvalsOf: (kind: TwoApprovalKind, orderIds: readonly number[]) =>
      db.all<{ order_id: number; actor: string; created_at: string }>(APPROVALS_OF[sizeFor(orderIds.length)], [
        kind,
        ...padded(orderIds, 0),
      ]),
  };
}

declare module '../platform/database/queries' {
  interface Queries {
    readonly review: ReturnType<typeof reviewQueries>;
  }
}
