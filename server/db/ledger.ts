import type { LedgerKind } from '../../contract/rules';
import type { SqlRunner } from './database';

export interface LedgerRow {
  id: number;
  user_id: number;
  kind: LedgerKind;
  amount: number;
  balance_after: number;
  ref_type: string;
  ref_id: number | null;
  remark: string;
  created_at: string;
}

export type NewLedgerRow = Omit<LedgerRow, 'id'>;

const DIRECTION = '(@direction = 0 OR (@direction > 0 AND amount > 0) OR (@direction < 0 AND amount < 0))';
const PAGE = `SELECT * FROM ledger WHERE user_id = @user AND ${DIRECTION} ORDER BY id DESC LIMIT @limit OFFSET @offset`;
const COUNT = `SELECT COUNT(*) AS n FROM ledger WHERE user_id = @user AND ${DIRECTION}`;

/** The SQL behind server/ledger.ts; nothing else writes `users.balance` or `ledger`. */
export function ledgerQueries(db: SqlRunner) {
  return {
    /** Newest first; `direction` 1 keeps credits, -1 debits, 0 both. */
    page: (userId: number, direction: -1 | 0 | 1, limit: number, offset: number) =>
      db.all<LedgerRow>(PAGE, { user: userId, direction, limit, offset }),
    /** Newest first, older than the row `beforeId` (0: from the newest): an endless list's next page. */
    before: (userId: number, beforeId: number, limit: number) =>
      db.all<LedgerRow>(
        'SELECT * FROM ledger WHERE user_id = @user AND (@before = 0 OR id < @before) ORDER BY id DESC LIMIT @limit',
        { user: userId, before: beforeId, limit },
      ),
    count: async (userId: number, direction: -1 | 0 | 1) =>
      (await db.get<{ n: number }>(COUNT, { user: userId, direction }))?.n ?? 0,
    /** Credits, debits, and what was acquired (recharges, interest, credits by the operator). */
    sums: async (userId: number) =>
      (await db.get<{ income: number; expenses: number; acquired: number }>(
        `SELECT
           COALESCE(SUM(CASE WHEN amount > 0 THEN amount END), 0) AS income,
           COALESCE(SUM(CASE WHEN amount < 0 THEN -amount END), 0) AS expenses,
           COALESCE(SUM(CASE WHEN amount > 0 AND kind IN ('recharge', 'interest', 'adjust') THEN amount END), 0) AS acquired
         FROM ledger WHERE user_id = ?`,
        [userId],
      )) ?? { income: 0, expenses: 0, acquired: 0 },
    /**
     * Moves a balance in one guarded statement; returns the new balance, or undefined when the
     * movement would take it below zero. A concurrent writer of the same row makes this wait and
     * then re-check the guard against the balance it left.
     */
    moveBalance: async (userId: number, amount: number) =>
      (
        await db.get<{ balance: number }>(
          `UPDATE users SET balance = balance + @amount
           WHERE id = @id AND balance + @amount >= 0
           RETURNING balance`,
          { id: userId, amount },
        )
      )?.balance,
    insert: (row: NewLedgerRow) =>
      db.insert(
        `INSERT INTO ledger (user_id, kind, amount, balance_after, ref_type, ref_id, remark, created_at)
         VALUES (@user_id, @kind, @amount, @balance_after, @ref_type, @ref_id, @remark, @created_at)`,
        { ...row },
      ),
    totalOf: async (userId: number) =>
      (
        await db.get<{ total: number }>('SELECT COALESCE(SUM(amount), 0) AS total FROM ledger WHERE user_id = ?', [
          userId,
        ])
      )?.total ?? 0,
    /** Users whose balance differs from the sum of their ledger rows (should always be empty). */
    mismatches: () =>
      db.all<{ id: number; account: string; balance: number; ledger_total: number }>(`
        SELECT users.id, users.account, users.balance, COALESCE(SUM(ledger.amount), 0) AS ledger_total
        FROM users LEFT JOIN ledger ON ledger.user_id = users.id
        GROUP BY users.id HAVING users.balance <> COALESCE(SUM(ledger.amount), 0)
      `),
  };
}
