import type { LedgerKind } from '../../contract/rules';
import type { Db } from './database';

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

/** The SQL behind server/ledger.ts; nothing else writes `users.balance` or `ledger`. */
export function ledgerQueries(db: Db) {
  const moveBalance = db.prepare<{ id: number; amount: number }, { balance: number }>(`
    UPDATE users SET balance = balance + @amount
    WHERE id = @id AND balance + @amount >= 0
    RETURNING balance
  `);
  const insert = db.prepare<NewLedgerRow>(`
    INSERT INTO ledger (user_id, kind, amount, balance_after, ref_type, ref_id, remark, created_at)
    VALUES (@user_id, @kind, @amount, @balance_after, @ref_type, @ref_id, @remark, @created_at)
  `);
  const totalOf = db.prepare<[number], { total: number }>(
    'SELECT COALESCE(SUM(amount), 0) AS total FROM ledger WHERE user_id = ?',
  );
  const mismatches = db.prepare<[], { id: number; account: string; balance: number; ledger_total: number }>(`
    SELECT users.id, users.account, users.balance, COALESCE(SUM(ledger.amount), 0) AS ledger_total
    FROM users LEFT JOIN ledger ON ledger.user_id = users.id
    GROUP BY users.id HAVING users.balance <> COALESCE(SUM(ledger.amount), 0)
  `);

  const page = db.prepare<{ user: number; direction: number; limit: number; offset: number }, LedgerRow>(`
    SELECT * FROM ledger
    WHERE user_id = @user AND (@direction = 0 OR (@direction > 0 AND amount > 0) OR (@direction < 0 AND amount < 0))
    ORDER BY id DESC LIMIT @limit OFFSET @offset
  `);
  const count = db.prepare<{ user: number; direction: number }, { n: number }>(`
    SELECT COUNT(*) AS n FROM ledger
    WHERE user_id = @user AND (@direction = 0 OR (@direction > 0 AND amount > 0) OR (@direction < 0 AND amount < 0))
  `);
  const sums = db.prepare<[number], { income: number; expenses: number; acquired: number }>(`
    SELECT
      COALESCE(SUM(CASE WHEN amount > 0 THEN amount END), 0) AS income,
      COALESCE(SUM(CASE WHEN amount < 0 THEN -amount END), 0) AS expenses,
      COALESCE(SUM(CASE WHEN amount > 0 AND kind IN ('recharge', 'interest', 'adjust') THEN amount END), 0) AS acquired
    FROM ledger WHERE user_id = ?
  `);

  return {
    /** Newest first; `direction` 1 keeps credits, -1 debits, 0 both. */
    page: (userId: number, direction: -1 | 0 | 1, limit: number, offset: number) =>
      page.all({ user: userId, direction, limit, offset }),
    count: (userId: number, direction: -1 | 0 | 1) => count.get({ user: userId, direction })?.n ?? 0,
    /** Credits, debits, and what was acquired (recharges, interest, credits by the operator). */
    sums: (userId: number) => sums.get(userId) ?? { income: 0, expenses: 0, acquired: 0 },
    /** Returns the new balance, or undefined when the movement would take the balance below zero. */
    moveBalance: (userId: number, amount: number) => moveBalance.get({ id: userId, amount })?.balance,
    insert: (row: NewLedgerRow) => Number(insert.run(row).lastInsertRowid),
    totalOf: (userId: number) => totalOf.get(userId)?.total ?? 0,
    /** Users whose balance differs from the sum of their ledger rows (should always be empty). */
    mismatches: () => mismatches.all(),
  };
}
