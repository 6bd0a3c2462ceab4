import type { ReviewKind } from '../../contract/console';
import type { SqlRunner } from './database';
import type { TwoApprovalKind } from './operators';

export interface PendingItem {
  kind: ReviewKind;
  id: number;
  user_id: number;
  account: string;
  amount: number;
  detail: string;
  created_at: string;
}

/** The queue's order is (created_at, kind, id); a page starts after the item it names. */
export interface QueuePosition {
  created_at: string;
  kind: ReviewKind;
  id: number;
}

/**
 * What waits of each kind, oldest first, after a position in that kind's own order
 * (created_at, id): each read in order from the kind's partial index of waiting orders.
 */
const WAITING: Record<ReviewKind, string> = {
  recharge: `
    SELECT 'recharge' AS kind, recharges.id, recharges.user_id, users.account, recharges.amount,
           recharges.type || ' ' || recharges.credentials AS detail, recharges.created_at
    FROM recharges JOIN users ON users.id = recharges.user_id
    WHERE recharges.state = 'audit' AND (recharges.created_at, recharges.id) > (@after_at, @after_id)
    ORDER BY recharges.created_at, recharges.id LIMIT @limit`,
  withdraw: `
    SELECT 'withdraw' AS kind, withdrawals.id, withdrawals.user_id, users.account, withdrawals.amount,
           withdrawals.type || ' ' || withdrawals.order_no AS detail, withdrawals.created_at
    FROM withdrawals JOIN users ON users.id = withdrawals.user_id
    WHERE withdrawals.state = 'audit' AND (withdrawals.created_at, withdrawals.id) > (@after_at, @after_id)
    ORDER BY withdrawals.created_at, withdrawals.id LIMIT @limit`,
  sale: `
    SELECT 'sale' AS kind, sale_orders.id, sale_orders.user_id, users.account, sale_orders.number AS amount,
           sale_orders.order_no || ' @ ' || sale_orders.unit_price || ' ' || sale_orders.currency AS detail,
           sale_orders.created_at
    FROM sale_orders JOIN users ON users.id = sale_orders.user_id
    WHERE sale_orders.state = 'audit' AND (sale_orders.created_at, sale_orders.id) > (@after_at, @after_id)
    ORDER BY sale_orders.created_at, sale_orders.id LIMIT @limit`,
};

const KINDS: readonly ReviewKind[] = ['recharge', 'withdraw', 'sale'];

/** The queue's order: oldest first, then by kind, then by id. */
function queueOrder(a: PendingItem, b: PendingItem): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? -1 : 1;
  if (a.kind !== b.kind) return a.kind < b.kind ? -1 : 1;
  return a.id - b.id;
}

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
    const kinds = kind === '' ? KINDS : [kind];
    const found = await Promise.all(
      kinds.map((each) => db.all<PendingItem>(WAITING[each], { ...resumeAt(each, after), limit })),
    );
    return found.flat().sort(queueOrder).slice(0, limit);
  }

  return {
    /** One page of the queue (of one kind, or '' for all), after `after` when given. */
    pendingPage: waiting,

    /** How many orders of each kind wait. */
    pendingCounts: () =>
      db.all<{ kind: ReviewKind; n: number }>(
        `SELECT 'recharge' AS kind, COUNT(*) AS n FROM recharges WHERE state = 'audit'
         UNION ALL SELECT 'withdraw', COUNT(*) FROM withdrawals WHERE state = 'audit'
         UNION ALL SELECT 'sale', COUNT(*) FROM sale_orders WHERE state = 'audit'`,
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
     * What a customer's other recharges (or withdrawals) created since `since` and before this
     * one add up to, refused ones left out: the rest of the amount the second-approval limit is
     * held against, so that splitting one payout into several does not slip under it.
     */
    earlierTotal: async (kind: TwoApprovalKind, userId: number, orderId: number, since: string) => {
      const sql =
        kind === 'recharge'
          ? `SELECT COALESCE(SUM(amount), 0) AS total FROM recharges
             WHERE user_id = ? AND id < ? AND created_at >= ? AND state <> 'failure'`
          : `SELECT COALESCE(SUM(amount), 0) AS total FROM withdrawals
             WHERE user_id = ? AND id < ? AND created_at >= ? AND state <> 'failure'`;
      return (await db.get<{ total: number }>(sql, [userId, orderId, since]))?.total ?? 0;
    },
  };
}
