import type { SqlRunner } from '../platform/database/sql';

export interface MoneyTotals {
  balance: number;
  frozen: number;
  wallet: number;
}

/** A customer's money figures: the balance and the running totals of what is frozen and in the wallet. */
export function moneyQueries(db: SqlRunner) {
  return {
    totals: (userId: number) => db.get<MoneyTotals>('SELECT balance, frozen, wallet FROM users WHERE id = ?', [userId]),
  };
}

declare module '../platform/database/queries' {
  interface Queries {
    readonly money: ReturnType<typeof moneyQueries>;
  }
}
