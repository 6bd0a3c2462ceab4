import type { BankType } from '../../contract/rules';
import type { SqlRunner } from '../platform/database/sql';

export interface BankAccountRow {
  id: number;
  user_id: number;
  type: BankType;
  /** JSON of the type's fields, validated by the contract before it was stored. */
  details: string;
  created_at: string;
  /** When its details were bound or last changed: withdrawals to it wait a while after. */
  changed_at: string;
}

export function bankQueries(db: SqlRunner) {
  return {
    insert: (userId: number, type: BankType, details: string, at: string) =>
      db.insert('INSERT INTO bank_accounts (user_id, type, details, created_at, changed_at) VALUES (?, ?, ?, ?, ?)', [
        userId,
        type,
        details,
        at,
        at,
      ]),
    ofUser: (userId: number, type: BankType) =>
      // At most one: a customer binds one account of each type (unique user_id, type).
      db.all<BankAccountRow>('SELECT * FROM bank_accounts WHERE user_id = ? AND type = ?', [userId, type]),
    allOf: (userId: number) =>
      db.all<BankAccountRow>('SELECT * FROM bank_accounts WHERE user_id = ? ORDER BY id', [userId]),
    byId: (id: number) => db.get<BankAccountRow>('SELECT * FROM bank_accounts WHERE id = ?', [id]),
    /** Only the caller's own binding of that type; anyone else's reads as absent. */
    owned: (id: number, userId: number, type: BankType) =>
      db.get<BankAccountRow>('SELECT * FROM bank_accounts WHERE id = ? AND user_id = ? AND type = ?', [
        id,
        userId,
        type,
      ]),
    typesOf: async (userId: number) =>
      (
        await db.all<{ type: BankType }>('SELECT type FROM bank_accounts WHERE user_id = ? ORDER BY type', [userId])
      ).map((row) => row.type),
  };
}

declare module '../platform/database/queries' {
  interface Queries {
    readonly bank: ReturnType<typeof bankQueries>;
  }
}
