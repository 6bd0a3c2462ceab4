import type { SqlRunner } from './database';

export interface PendingItem {
  kind: 'recharge' | 'withdraw' | 'sale';
  id: number;
  account: string;
  amount: number;
  detail: string;
  created_at: string;
}

/** What waits for an operator, oldest first. */
export function reviewQueries(db: SqlRunner) {
  return {
    pending: () =>
      db.all<PendingItem>(`
        SELECT * FROM (
          SELECT 'recharge' AS kind, recharges.id, users.account, recharges.amount,
                 recharges.type || ' ' || recharges.credentials AS detail, recharges.created_at
          FROM recharges JOIN users ON users.id = recharges.user_id WHERE recharges.state = 'audit'
          UNION ALL
          SELECT 'withdraw', withdrawals.id, users.account, withdrawals.amount,
                 withdrawals.type || ' ' || withdrawals.order_no, withdrawals.created_at
          FROM withdrawals JOIN users ON users.id = withdrawals.user_id WHERE withdrawals.state = 'audit'
          UNION ALL
          SELECT 'sale', sale_orders.id, users.account, sale_orders.number,
                 sale_orders.order_no || ' @ ' || sale_orders.unit_price || ' ' || sale_orders.currency,
                 sale_orders.created_at
          FROM sale_orders JOIN users ON users.id = sale_orders.user_id WHERE sale_orders.state = 'audit'
        ) AS pending ORDER BY created_at, kind, id
      `),
  };
}
