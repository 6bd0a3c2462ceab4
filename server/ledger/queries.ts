import type { LedgerKind } from '../../contract/rules';
import type { SqlRunner } from '../platform/database/sql';

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

/** A customer's balance and line counts after a movement: the new line's numbers follow from them. */
export interface MovedBalance {
  balance: number;
  ledger_lines: number;
  credit_lines: number;
  debit_lines: number;
}

/**
 * A page of one customer's lines, newest first: all of them (direction 0), credits only (1) or
 * debits only (-1). Lines are numbered as they are written, all and within their direction
 * (`ledger_numbers`), so the page `offset` lines below the newest is the range of numbers below
 * the customer's count less `offset`, read from the key however deep the page.
 */
const PAGE = `
  SELECT ledger.* FROM ledger_numbers JOIN ledger ON ledger.id = ledger_numbers.ledger_id
  WHERE ledger_numbers.user_id = @user AND ledger_numbers.direction = @direction
    AND ledger_numbers.seq <= (
      SELECT CASE @direction WHEN 0 THEN ledger_lines WHEN 1 THEN credit_lines ELSE debit_lines END
      FROM users WHERE id = @user) - @offset
  ORDER BY ledger_numbers.seq DESC LIMIT @limit`;
/** How many lines a page of each direction is out of: the running counts. */
const COUNT = {
  0: 'SELECT ledger_lines AS n FROM users WHERE id = ?',
  1: 'SELECT credit_lines AS n FROM users WHERE id = ?',
  [-1]: 'SELECT debit_lines AS n FROM users WHERE id = ?',
} as const;

/** The SQL behind server/ledger/ledger.ts; nothing else writes `users.balance` or `ledger`. */
export function ledgerQueries(db: SqlRunner) {
  return {
    /** Newest first; `direction` 1 keeps credits, -1 debits, 0 both. */
    page: (userId: number, direction: -1 | 0 | 1, limit: number, offset: number) =>
      db.all<LedgerRow>(PAGE, { user: userId, direction, limit, offset }),
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
     * their ledger (server/platform/database/running-totals.ts); returns the new balance and line counts, or
     * undefined when the movement would take it below zero. A concurrent writer of the same row makes this wait and
     * then re-check the guard against the balance it left.
     */
    moveBalance: (userId: number, kind: LedgerKind, amount: number) =>
      db.get<MovedBalance>(
        `UPDATE users SET balance = balance + @amount,
             ledger_lines = ledger_lines + 1,
             credit_lines = credit_lines + CASE WHEN @amount > 0 THEN 1 ELSE 0 END,
             debit_lines = debit_lines + CASE WHEN @amount < 0 THEN 1 ELSE 0 END,
             income = income + CASE WHEN @amount > 0 THEN @amount ELSE 0 END,
             expenses = expenses + CASE WHEN @amount < 0 THEN -@amount ELSE 0 END,
             acquired = acquired + CASE WHEN @amount > 0 AND @kind IN ('recharge', 'interest', 'adjust') THEN @amount ELSE 0 END,
             recharged = recharged + CASE WHEN @kind = 'recharge' THEN @amount ELSE 0 END
           WHERE id = @id AND balance + @amount >= 0
           RETURNING balance, ledger_lines, credit_lines, debit_lines`,
        { id: userId, kind, amount },
      ),
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
    /** A new line's numbers: among all its customer's lines, and among those of its direction. */
    number: (line: { userId: number; ledgerId: number; direction: 1 | -1; seq: number; directionSeq: number }) =>
      db.run(
        `INSERT INTO ledger_numbers (user_id, direction, seq, ledger_id)
         VALUES (@user, 0, @seq, @ledger), (@user, @direction, @direction_seq, @ledger)`,
        {
          user: line.userId,
          direction: line.direction,
          seq: line.seq,
          direction_seq: line.directionSeq,
          ledger: line.ledgerId,
        },
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

declare module '../platform/database/queries' {
  interface Queries {
    readonly ledger: ReturnType<typeof ledgerQueries>;
  }
}
