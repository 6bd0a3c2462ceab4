import type { BankType, ReviewState } from '../../contract/rules';
import type { Db } from './database';

export interface WithdrawalRow {
  id: number;
  order_no: string;
  user_id: number;
  type: BankType;
  bank_account_id: number;
  amount: number;
  fee: number;
  state: ReviewState;
  remark: string;
  created_at: string;
  updated_at: string;
}

export interface WithdrawalListRow extends WithdrawalRow {
  details: string;
}

export type NewWithdrawal = Pick<
  WithdrawalRow,
  'order_no' | 'user_id' | 'type' | 'bank_account_id' | 'amount' | 'fee' | 'created_at'
>;

export function withdrawQueries(db: Db) {
  const insert = db.prepare<NewWithdrawal>(`
    INSERT INTO withdrawals (order_no, user_id, type, bank_account_id, amount, fee, created_at, updated_at)
    VALUES (@order_no, @user_id, @type, @bank_account_id, @amount, @fee, @created_at, @created_at)
  `);
  const byId = db.prepare<[number], WithdrawalRow>('SELECT * FROM withdrawals WHERE id = ?');
  const page = db.prepare<[number, number, number], WithdrawalListRow>(`
    SELECT withdrawals.*, bank_accounts.details FROM withdrawals
    JOIN bank_accounts ON bank_accounts.id = withdrawals.bank_account_id
    WHERE withdrawals.user_id = ? ORDER BY withdrawals.id DESC LIMIT ? OFFSET ?
  `);
  const count = db.prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM withdrawals WHERE user_id = ?');
  const review = db.prepare<{ id: number; state: ReviewState; remark: string; at: string }>(`
    UPDATE withdrawals SET state = @state, remark = @remark, updated_at = @at WHERE id = @id AND state = 'audit'
  `);
  return {
    insert: (row: NewWithdrawal) => Number(insert.run(row).lastInsertRowid),
    byId: (id: number) => byId.get(id),
    page: (userId: number, limit: number, offset: number) => page.all(userId, limit, offset),
    count: (userId: number) => count.get(userId)?.n ?? 0,
    review: (id: number, state: Exclude<ReviewState, 'audit'>, remark: string, at: string) =>
      review.run({ id, state, remark, at }).changes === 1,
  };
}
