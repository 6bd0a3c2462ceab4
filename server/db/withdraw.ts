import type { BankType, ReviewState } from '../../contract/rules';
import type { SqlRunner } from './database';

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

export function withdrawQueries(db: SqlRunner) {
  return {
    insert: (row: NewWithdrawal) =>
      db.insert(
        `INSERT INTO withdrawals (order_no, user_id, type, bank_account_id, amount, fee, created_at, updated_at)
         VALUES (@order_no, @user_id, @type, @bank_account_id, @amount, @fee, @created_at, @created_at)`,
        { ...row },
      ),
    byId: (id: number) => db.get<WithdrawalRow>('SELECT * FROM withdrawals WHERE id = ?', [id]),
    page: (userId: number, limit: number, offset: number) =>
      db.all<WithdrawalListRow>(
        `SELECT withdrawals.*, bank_accounts.details FROM withdrawals
         JOIN bank_accounts ON bank_accounts.id = withdrawals.bank_account_id
         WHERE withdrawals.user_id = ? ORDER BY withdrawals.id DESC LIMIT ? OFFSET ?`,
        [userId, limit, offset],
      ),
    count: async (userId: number) =>
      (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM withdrawals WHERE user_id = ?', [userId]))?.n ?? 0,
    review: async (id: number, state: Exclude<ReviewState, 'audit'>, remark: string, at: string) =>
      (await db.run(
        "UPDATE withdrawals SET state = @state, remark = @remark, updated_at = @at WHERE id = @id AND state = 'audit'",
        { id, state, remark, at },
      )) === 1,
  };
}
