import type { ReviewState } from '../../contract/rules';
import type { Db } from './database';

export interface ReceivingAddressRow {
  type: string;
  address: string;
  min_amount: number;
  position: number;
  updated_at: string;
}

export interface RechargeRow {
  id: number;
  user_id: number;
  type: string;
  category: string;
  address: string;
  amount: number;
  credentials: string;
  state: ReviewState;
  remark: string;
  created_at: string;
  updated_at: string;
}

export type NewRecharge = Omit<RechargeRow, 'id' | 'state' | 'remark' | 'updated_at'>;

export function rechargeQueries(db: Db) {
  const upsertAddress = db.prepare<ReceivingAddressRow>(`
    INSERT INTO receiving_addresses (type, address, min_amount, position, updated_at)
    VALUES (@type, @address, @min_amount, @position, @updated_at)
    ON CONFLICT (type) DO UPDATE SET address = excluded.address, updated_at = excluded.updated_at
  `);
  const addresses = db.prepare<[], ReceivingAddressRow>('SELECT * FROM receiving_addresses ORDER BY position, type');
  const nextPosition = db.prepare<[], { n: number }>(
    'SELECT COALESCE(MAX(position), 0) + 1 AS n FROM receiving_addresses',
  );
  const insert = db.prepare<NewRecharge>(`
    INSERT INTO recharges (user_id, type, category, address, amount, credentials, created_at, updated_at)
    VALUES (@user_id, @type, @category, @address, @amount, @credentials, @created_at, @created_at)
  `);
  const byId = db.prepare<[number], RechargeRow>('SELECT * FROM recharges WHERE id = ?');
  const review = db.prepare<{ id: number; state: ReviewState; remark: string; at: string }>(`
    UPDATE recharges SET state = @state, remark = @remark, updated_at = @at WHERE id = @id AND state = 'audit'
  `);
  const approvedTotal = db.prepare<[number], { total: number }>(
    "SELECT COALESCE(SUM(amount), 0) AS total FROM recharges WHERE user_id = ? AND state = 'success'",
  );
  return {
    upsertAddress: (row: ReceivingAddressRow) => upsertAddress.run(row),
    addresses: () => addresses.all(),
    nextPosition: () => nextPosition.get()?.n ?? 1,
    insert: (row: NewRecharge) => Number(insert.run(row).lastInsertRowid),
    byId: (id: number) => byId.get(id),
    /** Moves an order out of review; false when it was not in review any more. */
    review: (id: number, state: Exclude<ReviewState, 'audit'>, remark: string, at: string) =>
      review.run({ id, state, remark, at }).changes === 1,
    approvedTotal: (userId: number) => approvedTotal.get(userId)?.total ?? 0,
  };
}
