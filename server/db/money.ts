import type { SqlRunner } from './database';

export interface MoneyTotals {
  balance: number;
  frozen: number;
  wallet: number;
}

/** Read-only money figures for one user, each a single indexed query. */
export function moneyQueries(db: SqlRunner) {
  return {
    totals: (userId: number) =>
      db.get<MoneyTotals>(
        `SELECT
           users.balance AS balance,
           (SELECT COALESCE(SUM(number), 0) FROM sale_orders WHERE user_id = @id AND state = 'audit')
             + (SELECT COALESCE(SUM(amount), 0) FROM withdrawals WHERE user_id = @id AND state = 'audit') AS frozen,
           (SELECT COALESCE(SUM(number), 0) FROM interest_orders WHERE user_id = @id AND state = 'holding') AS wallet
         FROM users WHERE users.id = @id`,
        { id: userId },
      ),
  };
}
