import type { Db } from './database';

export interface MoneyTotals {
  balance: number;
  frozen: number;
  wallet: number;
}

/** Read-only money figures for one user, each a single indexed query. */
export function moneyQueries(db: Db) {
  const totals = db.prepare<{ id: number }, MoneyTotals>(`
    SELECT
      users.balance AS balance,
      (SELECT COALESCE(SUM(number), 0) FROM sale_orders WHERE user_id = @id AND state = 'audit')
        + (SELECT COALESCE(SUM(amount), 0) FROM withdrawals WHERE user_id = @id AND state = 'audit') AS frozen,
      (SELECT COALESCE(SUM(number), 0) FROM interest_orders WHERE user_id = @id AND state = 'holding') AS wallet
    FROM users WHERE users.id = @id
  `);
  const completedSales = db.prepare<[number], { total: number }>(
    "SELECT COALESCE(SUM(number), 0) AS total FROM sale_orders WHERE user_id = ? AND state = 'completion'",
  );
  return {
    totals: (userId: number) => totals.get({ id: userId }),
    /** USDT sold in completed orders. */
    completedSales: (userId: number) => completedSales.get(userId)?.total ?? 0,
  };
}
