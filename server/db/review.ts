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

const PENDING = `
  SELECT 'recharge' AS kind, recharges.id, recharges.user_id, users.account, recharges.amount,
         recharges.type || ' ' || recharges.credentials AS detail, recharges.created_at
  FROM recharges JOIN users ON users.id = recharges.user_id WHERE recharges.state = 'audit'
  UNION ALL
  SELECT 'withdraw', withdrawals.id, withdrawals.user_id, users.account, withdrawals.amount,
         withdrawals.type || ' ' || withdrawals.order_no, withdrawals.created_at
  FROM withdrawals JOIN users ON users.id = withdrawals.user_id WHERE withdrawals.state = 'audit'
  UNION ALL
  SELECT 'sale', sale_orders.id, sale_orders.user_id, users.account, sale_orders.number,
         sale_orders.order_no || ' @ ' || sale_orders.unit_price || ' ' || sale_orders.currency,
         sale_orders.created_at
  FROM sale_orders JOIN users ON users.id = sale_orders.user_id WHERE sale_orders.state = 'audit'`;

/** What waits for an operator, oldest first. */
export function reviewQueries(db: SqlRunner) {
  return {
    pending: () => db.all<PendingItem>(`SELECT * FROM (${PENDING}) AS pending ORDER BY created_at, kind, id`),

    /** One page of the queue (of one kind, or '' for all), after `after` when given. */
    pendingPage: (kind: ReviewKind | '', after: QueuePosition | null, limit: number) =>
      db.all<PendingItem>(
        `SELECT * FROM (${PENDING}) AS pending
         WHERE (@kind = '' OR kind = @kind)
           AND (@after_at = '' OR created_at > @after_at
                OR (created_at = @after_at AND (kind > @after_kind OR (kind = @after_kind AND id > @after_id))))
         ORDER BY created_at, kind, id LIMIT @limit`,
        {
          kind,
          after_at: after?.created_at ?? '',
          after_kind: after?.kind ?? '',
          after_id: after?.id ?? 0,
          limit,
        },
      ),

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
