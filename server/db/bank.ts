import type { BankType } from '../../contract/rules';
import type { Db } from './database';

export interface BankAccountRow {
  id: number;
  user_id: number;
  type: BankType;
  /** JSON of the type's fields, validated by the contract before it was stored. */
  details: string;
  created_at: string;
}

export function bankQueries(db: Db) {
  const insert = db.prepare<[number, BankType, string, string]>(
    'INSERT INTO bank_accounts (user_id, type, details, created_at) VALUES (?, ?, ?, ?)',
  );
  const ofUser = db.prepare<[number, BankType], BankAccountRow>(
    'SELECT * FROM bank_accounts WHERE user_id = ? AND type = ? ORDER BY id',
  );
  const owned = db.prepare<[number, number, BankType], BankAccountRow>(
    'SELECT * FROM bank_accounts WHERE id = ? AND user_id = ? AND type = ?',
  );
  const typesOf = db.prepare<[number], { type: BankType }>(
    'SELECT type FROM bank_accounts WHERE user_id = ? ORDER BY type',
  );
  return {
    insert: (userId: number, type: BankType, details: string, at: string) =>
      Number(insert.run(userId, type, details, at).lastInsertRowid),
    ofUser: (userId: number, type: BankType) => ofUser.all(userId, type),
    /** Only the caller's own binding of that type; anyone else's reads as absent. */
    owned: (id: number, userId: number, type: BankType) => owned.get(id, userId, type),
    typesOf: (userId: number) => typesOf.all(userId).map((row) => row.type),
  };
}
