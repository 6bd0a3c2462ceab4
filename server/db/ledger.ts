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

/**
 * A page of one customer's lines, newest first: all of them, credits only or debits only, each
 * read in order from its own index (the credits' and debits' are partial on the amount's sign).
 */
const PAGE = {
  0: 'SELECT * FROM ledger WHERE user_id = @user ORDER BY id DESC LIMIT @limit OFFSET @offset',
  1: 'SELECT * FROM ledger WHERE user_id = @user AND amount > 0 ORDER BY id DESC LIMIT @limit OFFSET @offset',
  [-1]: 'SELECT * FROM ledger WHERE user_id = @user AND amount < 0 ORDER BY id DESC LIMIT @limit OFFSET @offset',
} as const;
/** How many lines a page of each direction is out of: the running counts. */
const COUNT = {
  0: 'SELECT ledger_lines AS n FROM users WHERE id = ?',
  1: 'SELECT credit_lines AS n FROM users WHERE id = ?',
  [-1]: 'SELECT debit_lines AS n FROM users WHERE id = ?',
} as const;

/** The SQL behind server/ledger.ts; nothing else writes `users.balance` or `ledger`. */
export function ledgerQueries(db: SqlRunner) {
  return {
    /** Newest first; `direction` 1 keeps credits, -1 debits, 0 both. */
    page: (userId: number, direction: -1 | 0 | 1, limit: number, offset: number) =>
      db.all<LedgerRow>(PAGE[direction], { user: userId, limit, offset }),
    /** Newest first, older than the row `beforeId` (0: from the newest): an endless list's next page. */
    before: (userId: number, beforeId: number, limit: number) =>
      beforeId === 0
        ? db.all<LedgerRow>('SELECT * FROM ledger WHERE user_id = ? ORDER BY id DESC LIMIT ?', [userId, limit])
        : db.all<LedgerRow>('SELECT * FROM ledger WHERE user_id = ? AND id < ? ORDER BY id DESC LIMIT ?', [
            userId,
            beforeId,
            limit,
          ]),
    count: async (userId: number, direction: -1 | 0 | 1) =>
      (await db.get<{ n: number }>(COUNT[direction], [userId]))?.n ?? 0,
    /** Credits, debits, what was acquired (recharges, interest, credits by the operator) and recharged. */
    sums: async (userId: number) =>
      (await db.get<{ income: number; expenses: number; acquired: number; recharged: number }>(
        'SELECT income, expenses, acquired, recharged FROM users WHERE id = ?',
        [userId],
      )) ?? { income: 0, expenses: 0, acquired: 0, recharged: 0 },
    /**
     * Moves a balance in one guarded statement, and with it the customer's running totals of
     * their ledger (server/db/running-totals.ts); returns the new balance, or undefined when the
     * movement would take it below zero. A concurrent writer of the same row makes this wait and
     * then re-check the guard against the balance it left.
     */
    moveBalance: async (userId: number, kind: LedgerKind, amount: number) =>
      (
        await db.get<{ balance: number }>(
          `UPDATE users SET balance = balance + @amount,
             ledger_lines = ledger_lines + 1,
             credit_lines = credit_lines + CASE WHEN @amount > 0 THEN 1 ELSE 0 END,
             debit_lines = debit_lines + CASE WHEN @amount < 0 THEN 1 ELSE 0 END,
             income = income + CASE WHEN @amount > 0 THEN @amount ELSE 0 END,
             expenses = expenses + CASE WHEN @amount < 0 THEN -@amount ELSE 0 END,
             acquired = acquired + CASE WHEN @amount > 0 AND @kind IN ('recharge', 'interest', 'adjust') THEN @amount ELSE 0 END,
             recharged = recharged + CASE WHEN @kind = 'recharge' THEN @amount ELSE 0 END
           WHERE id = @id AND balance + @amount >= 0
           RETURNING balance`,
          { id: userId, kind, amount },
        )
      )?.balance,
    /** Adds a member's approved recharge to the team totals of the two customers above them. */
    addToTeams: (memberId: number, amount: number) =>
      db.run(
        `UPDATE users SET team_recharged = team_recharged + @amount
         WHERE id IN (SELECT ancestor_id FROM team_members WHERE member_id = @member)`,
        { member: memberId, amount },
      ),
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
